#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Snapshots stream (issue 11 item 4): the peak memory of `disperse snapshot`
# of an explicit input is the input plus a bounded amount, not bytes per
# item.  2^20 logits (8 MiB as .npy, the same as text): the peak resident
# size (getrusage of the child, tests/export/peak-rss = bench/bench-rss.c)
# must stay within a 3-logit snapshot's + 8 MiB of input + 16 MiB.  The old
# code held the logits and the weights as runs (16 bytes an item each) and a
# sorted copy: +54 MiB at 2^20; the new one +14 MiB (8 of them the sorted
# figure's chunk of weights).  The exported numbers are checked against
# numpy's softmax of the same float64 logits.
. "$top_srcdir/tests/tap.sh"
[ -x "$DISPERSE" ] || skip_all "no disperse binary"
need_numpy
rss="$top_builddir/tests/export/peak-rss"
[ -x "$rss" ] || skip_all "no peak-rss helper"
[ -n "$JQ" ] && [ -x "$JQ" ] || skip_all "jq not found"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# Logits uniform on [-4, 4) (numpy's rng(7)); numpy's figures at theta 1
# (the default): H = -sum p log p, the paper's -sum p log(p + 1e-9), the
# largest and smallest weight, and the weights of items 0, 12345 and n - 1.
"$py" - "$tmp" >"$tmp/want" <<'PY' || exit 1
import sys
import numpy as np
d = sys.argv[1]
x = np.random.default_rng(7).random(1 << 20) * 8 - 4
np.save(d + "/x.npy", x)
np.savetxt(d + "/x.txt", x, fmt="%.17g")
z = np.exp(x - x.max())
p = z / z.sum()
print(repr(float(-(p * np.log(p)).sum())), repr(float(-(p * np.log(p + 1e-9)).sum())),
      repr(float(p.max())), repr(float(p.min())), repr(float(p[0])),
      repr(float(p[12345])), repr(float(p[-1])))
PY
read -r h hp wmax wmin w0 w1 wl <"$tmp/want"
printf '0.25\n-1.5\n3\n' >"$tmp/tiny.txt"

near() { awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; if (d < 0) d = -d;
	m = b < 0 ? -b : b; exit !(a != "" && d <= t * m) }'; }
# The weight of item $2 in the weights CSV $1 (one run an item: distinct logits).
wat() { awk -F, -v k="$2" '/^#/ || $1 == "first" { next } $1 == k { print $3; exit }' "$1"; }

base=$("$rss" "$DISPERSE" snapshot --input "$tmp/tiny.txt" --out "$tmp/s0")
ok $? "snapshot of 3 logits (peak $base MiB: the program itself)"
for f in npy txt; do
	peak=$("$rss" "$DISPERSE" snapshot --input "$tmp/x.$f" --out "$tmp/s$f")
	ok $? "$f: snapshot of 2^20 logits"
	# (Not under sanitizers: ASan's shadow and quarantine are resident too.)
	if [ -z "${DSP_SANITIZERS:-}" ]; then
		awk -v p="$peak" -v b="$base" 'BEGIN { exit !(p != "" && p <= b + 8 + 16) }'
		ok $? "$f: peak $peak MiB <= $base + 8 (input) + 16 MiB"
	else
		skip "$f: peak $peak MiB not held to the limit under ASan (shadow, quarantine)"
	fi
	j=$(ls "$tmp/s$f"/*.json) && c=${j%.json}-weights.csv
	[ "$(grep -v '^#' "$c" | wc -l)" -eq $((1048576 + 1)) ]
	ok $? "$f: weights CSV has 2^20 rows"
	# One jq for the four figures: the JSON holds the 2^20 logits (27 MB).
	"$JQ" -r '.figures | .entropy_nats, .entropy_paper, .max_weight, .min_weight' "$j" >"$tmp/fig"
	{ read -r jh; read -r jhp; read -r jmax; read -r jmin; } <"$tmp/fig"
	near "$jh" "$h" 1e-12; ok $? "$f: H = $h (numpy)"
	near "$jhp" "$hp" 1e-12; ok $? "$f: paper entropy = $hp (numpy)"
	near "$jmax" "$wmax" 1e-12; ok $? "$f: max weight = $wmax (numpy)"
	near "$jmin" "$wmin" 1e-12; ok $? "$f: min weight = $wmin (numpy)"
	near "$(wat "$c" 0)" "$w0" 1e-12 && near "$(wat "$c" 12345)" "$w1" 1e-12 &&
	    near "$(wat "$c" 1048575)" "$wl" 1e-12
	ok $? "$f: weights of items 0, 12345, n - 1 = numpy's ($w0 $w1 $wl)"
done
# The sorted figure draws every weight largest first: its first bar is the
# largest weight's (the figure's y axis is logarithmic: weights span e^8).
grep -q 'class="bars"' "$(ls "$tmp/snpy"/*-hist.svg)"
ok $? "npy: the sorted-weights figure has its bars"
tap_done
