#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Issue 9: a curve an alternative can only compute item by item (stick-breaking
# on a random family: its weights depend on the items' order, which the
# typical configuration has not) keeps its computed points, says where
# and why it ends, and never shows the file-family caption or H = 0 points.
. "$top_srcdir/tests/tap.sh"
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT

"$DISPERSE" snapshot --out "$T/g" --family gaussian --attn stickbreak -n 4096 \
    --curve-from 1 --curve-to 2^40 --curve-points 16 >"$T/list" 2>"$T/err"
ok $? "snapshot of gaussian + stick-breaking exits 0"
csv=$(grep -- '-curve.csv$' "$T/list")
svg=$(grep -- '-curve.svg$' "$T/list")
txt=$(grep -- '\.txt$' "$T/list")
# The 16 log-spaced sizes from 1 to 2^40 up to the view's explicit limit
# 2^16 (DSP_VIEW_EXPLICIT_MAX, the one route policy) are 1, 6, 40, 256,
# 1625, 10321, 65536 (7 rows).
rows=$(grep -v '^#' "$csv" | tail -n +2 | wc -l)
ok $(test "$rows" -eq 7; echo $?) "curve keeps the 7 points up to 2^16 (got $rows)"
last=$(grep -v '^#' "$csv" | tail -1 | cut -d, -f1)
ok $(test "$last" = 65536; echo $?) "last point n = 65536 (got $last)"
# Each point is the same as the report at that n with the curve's limit.
h=$(grep -v '^#' "$csv" | awk -F, '$1 == 1625 { print $2 }')
r=$("$DISPERSE" report --family gaussian --attn stickbreak -n 1625 --format csv |
    awk -F, '$1 == "entropy_nats" { print $2 }')
ok $(awk -v a="$h" -v b="$r" 'BEGIN { d = a - b; exit !(a > 0 && d * d < 1e-18 * b * b) }'; echo $?) \
    "n = 1625: curve H $h = report H $r (> 0)"
grep -q '^# note: stickbreak has no large-n limit for gaussian: item by item only, up to n = 65536' "$csv"
ok $? "curve CSV note says why and where the curve ends"
grep -q "logits have one fixed n" "$csv" "$svg" "$txt"
ok $(test $? -ne 0; echo $?) "no file-family caption for a family that is not a file"
grep -q 'stickbreak has no large-n limit for gaussian' "$svg"
ok $? "curve SVG carries the caption"
grep -q 'the curve ends at n = 65536' "$txt"
ok $? "screen text says where the curve ends"

# A file still has no curve, with its own caption.
printf '1\n2\n3\n' >"$T/l.txt"
"$DISPERSE" snapshot --out "$T/f" --input "$T/l.txt" >"$T/list2" 2>&1
svg=$(grep -- '-curve.svg$' "$T/list2")
grep -q "logits have one fixed n, so there is no curve" "$svg"
ok $? "file family: the fixed-n caption"
tap_done
