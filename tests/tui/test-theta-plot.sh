#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The curve panel of a file view (issue 24, "open what was asked for"): a
# file has one n, so the panel plots the head's entropy and max weight
# against log theta, the view's theta marked, the table below when the
# panel is tall.  The entropy it quotes at the view's theta is the one
# `disperse report` prints for the same file (a cross-check of the two
# surfaces, not of the maths: test-heads checks those numbers against numpy),
# and the marker's column is where log theta puts it between 0.125 and 16,
# computed here from the panel's frame.
. "$top_srcdir/tests/tap.sh"
. "$top_srcdir/tests/tui/tui-lib.sh"
need_numpy

OUT="$tui_tmp" "$py" - <<'PY'
import os
import numpy as np
np.save(os.environ["OUT"] + "/x.npy", np.random.default_rng(3).normal(size=64) * 2.0)
PY
f="$tui_tmp/x.npy"
# report's entropy at theta, as the panel prints it (5 significant digits).
rep_h() {
	printf '%.5g' "$("$DISPERSE" report --input "$f" --family file --theta "$1" |
	    awk '$1 == "entropy_nats" { print $2 }')"
}
# The marker's column on the plot rows above the x axis, and where log
# theta puts theta $1 on that axis (the axis from 0.125 to 16, the plot
# 7 columns right of the frame): prints "found expected".
marker_cols() {
	tui_cap >"$tui_tmp/cap"
	CAP="$tui_tmp/cap" TH="$1" "$py" - <<'PY'
import math, os
lines = open(os.environ["CAP"], encoding="utf-8").read().split("\n")
ax = next(i for i, l in enumerate(lines) if "log θ" in l)
b = lines[ax].index("log θ") - 1                 # the panel's left frame
r = lines[ax].index("│", b + 1)                 # its right frame
pw = r - b - 1 - 7
f = (math.log(float(os.environ["TH"])) - math.log(0.125)) / (math.log(16) - math.log(0.125))
want = b + 7 + round(f * (pw - 1))
# The curves cover it where they cross: three rows at least, none beside.
def on(c):
    return sum(1 for l in lines[ax - 12:ax] if len(l) > c and l[c] == "│")
print(want if on(want) >= 3 and on(want - 1) == 0 and on(want + 1) == 0 else -1, want)
PY
}

for sz in "100 30 1" "140 45 0.8"; do
	set -- $sz
	w=$1 h=$2 th=$3
	tui_fresh "$w" "$h" --input "$f" --family file --theta "$th"
	tui_wait "Entropy and max weight vs θ (n = 64)"; ok $? "${w}x$h: the file view's curve panel is against θ"
	tui_settle
	s=$(tui_cap)
	for lab in "log θ" "0.125" " 16 " "0 H" "max weight (log10)" "4.16"; do
		printf '%s' "$s" | grep -q -- "$lab"; ok $? "${w}x$h: axis label '$lab'"
	done
	H=$(rep_h "$th")
	tui_wait "at θ = $th (│): H = $H nats"; ok $? "${w}x$h: H at the view's θ = $th is report's $H"
	set -- $(marker_cols "$th")
	[ "$1" = "$2" ]; ok $? "${w}x$h: the θ marker at column $2 (log θ of $th), found $1"
done
# 140x45 is tall: the table is kept below the plot, its row at theta
# 0.8 report's entropy again; at 100x30 only the plot.
tui_cap | grep -q "> 0.8  *$(rep_h 0.8) "; ok $? "140x45: the table below the plot, its θ = 0.8 row H = $(rep_h 0.8)"
tui_fresh 100 30 --input "$f" --family file
tui_wait "at θ = 1 (│)"; ok $? "100x30 at θ = 1: the plot"
tui_settle
! tui_cap | grep -q "H (nats)"; ok $? "100x30: the plot alone (no table)"
T send-keys q
tui_exited; ok $? "quit"

# The other heads of an array, faint on the same plot: a (1, 4, 64) array
# whose head 0.0 is uniform (H = log 64 at every theta: a line along the
# entropy plot's top sub-row, across the whole width), shown on head 0.1
# (x.npy's row, whose own line reaches the top only at the largest theta).
OUT="$tui_tmp" "$py" - <<'PY'
import os
import numpy as np
x = np.load(os.environ["OUT"] + "/x.npy")
rng = np.random.default_rng(5)
a = np.stack([np.zeros(64), x, rng.normal(size=64) * 3.0, rng.normal(size=64) * 4.0])
np.save(os.environ["OUT"] + "/h4.npy", a[None, :, :])
PY
# Cells drawn (braille dots, the head's bullets) on the entropy plot's top
# row (the row labelled log 64 = 4.16), and the plot's width.
top_cells() {
	tui_cap >"$tui_tmp/cap"
	CAP="$tui_tmp/cap" "$py" - <<'PY'
import os
lines = open(os.environ["CAP"], encoding="utf-8").read().split("\n")
ax = next(i for i, l in enumerate(lines) if "log θ" in l)
b = lines[ax].index("log θ") - 1
r = lines[ax].index("│", b + 1)
top = next(i for i in range(ax) if lines[i][b + 1:b + 7].strip() == "4.16")
row = lines[top][b + 7:r]
print(sum(1 for c in row if "\u2800" <= c <= "\u28ff" or c == "●"), r - b - 1 - 7)
PY
}
tui_fresh 120 40 --input "$f" --family file
tui_wait "at θ = 1 (│)" && tui_settle
set -- $(top_cells)
one=$1
[ "$one" -lt $(($2 / 2)) ]; ok $? "one head: its line on the top row in $one of $2 cells"
! tui_cap | grep -q "faint:"; ok $? "one head: no faint lines named"
tui_fresh 120 40 --input "$tui_tmp/h4.npy" --head 0.1
tui_wait "faint: the 3 other heads"; ok $? "4 heads: the label names the 3 other heads' faint lines"
tui_settle
set -- $(top_cells)
[ "$1" -ge $(($2 - 1)) ]; ok $? "4 heads: the uniform head 0.0 on the top row in $1 of $2 cells (log 64 at every θ)"
tui_wait "at θ = 1 (│): H = $(rep_h 1) nats"; ok $? "4 heads: the quoted H is still head 0.1's ($(rep_h 1))"
T send-keys '>'
tui_wait "head 0.2: 64 keys"
tui_settle
set -- $(top_cells)
[ "$1" -ge $(($2 - 1)) ]; ok $? "> to head 0.2: the uniform head still drawn ($1 of $2 cells)"
T send-keys q
tui_exited; ok $? "quit"
tap_done
