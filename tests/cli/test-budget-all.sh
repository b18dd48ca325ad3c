#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Every command inside --mem-budget (issue 26): at 64 MiB, 256 MiB and the
# default (1 GiB), each command of --list-commands, given work that grows
# with its input (2^19 text logits, a 2^19-key float32 .npy, a 2^20-item
# view, PNG figures of millions of pixels, training buffers), either exits 0
# with its peak resident memory under the budget plus README's constant, or
# is refused at once in one line naming the budget.  A command missing from
# the table below is a failure: a new command is measured from the start.
# (tests/heads/test-budget.sh pins the readers' refusals to the byte.)
. "$top_srcdir/tests/tap.sh"
[ -x "$DISPERSE" ] || skip_all "no disperse binary"
# Under ASan the resident peak holds the shadow memory: nothing to compare
# (test-budget.sh checks the refusals there).
[ -z "${DSP_SANITIZERS:-}" ] || skip_all "peak RSS is not comparable under ASan"
command -v /usr/bin/time >/dev/null 2>&1 && /usr/bin/time -f %M true >/dev/null 2>&1 ||
    skip_all "no /usr/bin/time to measure the peak"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. "$top_srcdir/tests/rss.sh"
cd "$tmp" || exit 1

# 2^19 text logits (4 MiB as doubles; the top-k sort of their runs asks
# 36 MiB) and 2^19 float32 keys in four rows (2 MiB mapped).
awk 'BEGIN { srand(5); for (i = 0; i < 524288; i++) printf "%.4f\n", (rand() - 0.5) * 6 }' >t.txt
"$py3" - <<'PY' || exit 1
import random, struct
n = 1 << 19
h = "{'descr': '<f4', 'fortran_order': False, 'shape': (4, %d), }" % (n // 4)
h += " " * (63 - (10 + len(h)) % 64) + "\n"
random.seed(1)
with open("a.npy", "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(h)) + h.encode())
    f.write(struct.pack("<%df" % n, *[random.random() * 6 for _ in range(n)]))
PY

# One row a command: its name, then its arguments.
cat >table <<'EOF2'
report --input t.txt --topk 2^62
sweep --input t.txt --vary theta --points 5
bound --n 2^40 --solve theta
heatmap --cols 256 --rows 128 --n 2^20
snapshot --input t.txt --out snap --figure-format png --figure-size 8x8in --dpi 300
compare --input t.txt
precision --input t.txt
fit --sizes 4:4096
tour
train --train-n 2^13 --width 256 --batch 1 --steps 1 --eval-sizes 16 --eval-sets 1
heads a.npy --svg h.svg --figure-format png --dpi 300
animate --n 2^20 --frames 3 --out anim --figure-format png --figure-size 10x10in --dpi 100
depth --sizes 16,4096 --layers 1
paper --grid small --quiet --out paper
EOF2
missing=
for c in $("$DISPERSE" --list-commands); do
	grep -q "^$c " table || grep -qx "$c" table || missing="$missing $c"
done
[ -z "$missing" ]; ok $? "every command of --list-commands has a row${missing:+ (missing:$missing)}"

while read -r row; do
	for b in 64 256 default; do
		rm -rf snap anim paper
		# shellcheck disable=SC2086
		within $b $row
	done
done <table
tap_done
