#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# disperse compare: attention functions side by side, against hand values.
. "$top_srcdir/tests/tap.sh"
[ -x "$DISPERSE" ] || skip_all "disperse not built"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# Column NAME of the data row whose n is N, from a CSV table on stdin.
cell() { grep -v '^#' | awk -F, -v col="$1" -v n="$2" '
	NR == 1 { for (i = 1; i <= NF; i++) if ($i == col) c = i; next }
	$1 == n { print $c }'; }
# near GOT WANT TOL: |got - want| <= tol.
near() { awk -v g="$1" -v w="$2" -v t="$3" 'BEGIN { d = g - w; if (d < 0) d = -d; exit !(g != "" && d <= t) }'; }

# Spike delta = 3 at n = 2 and n = 2^60, every function.
"$DISPERSE" compare --family spike --delta 3 --from 2 --to 2^60 --points 2 \
	--metrics max_weight,entropy,total --format csv >"$tmp/c.csv" 2>"$tmp/err"
ok $? "compare spike 2 .. 2^60 runs"
v=$(cell softmax_max_weight 2 <"$tmp/c.csv")
near "$v" 0.95257412682243 1e-9; ok $? "softmax n=2: e^3/(e^3+1) (got $v)"
v=$(cell ssmax_max_weight 2 <"$tmp/c.csv")
near "$v" 0.88888888888889 1e-9; ok $? "ssmax n=2: 2^3/(2^3+1) = 8/9, logits multiplied by log n (got $v)"
v=$(cell sigmoid_max_weight 2 <"$tmp/c.csv")
near "$v" 0.90944299847 1e-9; ok $? "sigmoid n=2: sigma(3 - log 2) (got $v)"
v=$(cell sigmoid_total 2 <"$tmp/c.csv")
near "$v" 1.24277633180 1e-9; ok $? "sigmoid n=2 total: sigma(3 - log 2) + 1/3 (got $v)"
v=$(cell stickbreak_max_weight 1152921504606846976 <"$tmp/c.csv")
near "$v" 0.95257412682243 1e-9; ok $? "stick-breaking 2^60: sigma(3) (got $v)"
v=$(cell softmax1_total 2 <"$tmp/c.csv")
near "$v" 0.95472150 1e-7; ok $? "softmax1 n=2 total: (e^3+1)/(e^3+2) (got $v)"
v=$(cell sparsemax_entropy 1152921504606846976 <"$tmp/c.csv")
near "$v" 0 0; ok $? "sparsemax 2^60, delta 3 > 1: one-hot, entropy 0 (got $v)"
v=$(cell softmax_max_weight 1152921504606846976 <"$tmp/c.csv")
near "$v" 1.742142621e-17 1e-25; ok $? "softmax 2^60: e^3/(e^3 + 2^60 - 1) (got $v)"

# Sparsemax keeps the tail when delta < 1: (1 - d)/n each.
"$DISPERSE" compare --family spike --delta 0.5 --from 1024 --to 1024 --points 1 \
	--attn-list sparsemax --metrics min_weight --format csv >"$tmp/s.csv"
v=$(cell sparsemax_min_weight 1024 <"$tmp/s.csv")
near "$v" 0.00048828125 1e-15; ok $? "sparsemax spike d=0.5 n=1024: tail (1-d)/n (got $v)"

# JSON: one row per size, columns per function and metric.
"$DISPERSE" compare --attn-list softmax,entmax --from 2 --to 1024 --points 3 --format json \
	>"$tmp/c.json"
ok $? "compare --format json"
if [ -n "$JQ" ]; then
	r=$("$JQ" '.rows | length' <"$tmp/c.json")
	c=$("$JQ" '.columns | length' <"$tmp/c.json")
	[ "$r" = 3 ] && [ "$c" = 5 ]; ok $? "JSON: 3 rows, 5 columns (got $r, $c)"
else
	grep -q '"entmax_entropy"' "$tmp/c.json"; ok $? "JSON names entmax_entropy"
fi

# Functions without a route at some n: NaN cells and a note, exit 0.
# (stick-breaking depends on the items' order, which the typical
# configuration of a random family does not have).
"$DISPERSE" compare --family uniform --attn-list stickbreak,sigmoid --from 2^28 --to 2^28 \
	--points 1 --metrics max_weight --format csv >"$tmp/u.csv"
ok $? "stick-breaking on uniform past 2^27: still exit 0"
grep -q '^# note_stickbreak:' "$tmp/u.csv"; ok $? "... with a note line"
v=$(cell stickbreak_max_weight 268435456 <"$tmp/u.csv")
[ "$v" = nan ]; ok $? "... and a nan cell (got $v)"
# Sigmoid has an expected limit there: max weight sigma(delta - log n), delta 4.
v=$(cell sigmoid_max_weight 268435456 <"$tmp/u.csv")
near "$v" 2.0339392e-07 1e-13; ok $? "sigmoid uniform 2^28 (expected): sigma(4 - log 2^28) (got $v)"

# Usage errors: exit 2 with one line on stderr.
for args in "--attn-list softmax,bogus" "--attn-list ," "--metrics nope" \
	"--from 100 --to 10" "--points 0x" "extra"; do
	# shellcheck disable=SC2086
	"$DISPERSE" compare $args >/dev/null 2>"$tmp/err"
	rc=$?
	[ "$rc" -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ]
	ok $? "compare $args: exit 2, one line (got $rc)"
done
"$DISPERSE" compare --attn-list softmax,bogus 2>&1 >/dev/null | grep -q "unknown name 'bogus'"
ok $? "the message names the bad function"
tap_done
