#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Stick-breaking and selective attention over the power series near
# |lambda| = 1 past 2^27 items (issue 26): the first terms in position
# order and the tail as one run that weighs 0 (src/core/math/eval.c,
# ordered_head), in milliseconds where 2^22 terms were refused and 2^26
# asked 2 GiB.  Each figure against mpmath's item-by-item sums
# (tests/data/ordered-head-reference.tsv, made once by
# tests/cli/ordered-head-reference.py); where the weights do not vanish
# within 2^22 terms, still refused at once.
. "$top_srcdir/tests/tap.sh"
[ -x "$DISPERSE" ] || skip_all "no disperse binary"
ref="$top_srcdir/tests/data/ordered-head-reference.tsv"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

. "$top_srcdir/tests/cli/near-one-lib.sh"

# One row a case; the relative tolerance 1e-12 is rounding over up to 2^18
# terms (the entropies sum that many; stick-breaking agrees to 1e-14),
# 4e-12 for selective: the program's terms are delta lambda^k by repeated
# multiplication (family.h), k roundings by term k, and item j's masks
# multiply its term's by j (its top weight is 1.5e-12 from mpmath's exact
# lambda^k, 6e-15 from mpmath over the program's own terms); the zero count
# +-1 the items whose weight lies within an ulp of 2^-1075 (or one part in
# 2^52: past 2^53 the count is a double).
tail -n +2 "$ref" >"$tmp/rows"
while IFS="$(printf '\t')" read -r attn delta theta lambda n h mx mn hp tot zeros; do
	what="$attn, delta $delta, theta $theta, lambda $lambda, n $n"
	"$DISPERSE" report --attn "$attn" --delta "$delta" --theta "$theta" --lambda "$lambda" \
	    --n "$n" --mem-budget 64Mi --format json >"$tmp/r.json" 2>"$tmp/err"
	ok $? "$what: exit 0 within --mem-budget 64Mi$(test -s "$tmp/err" && printf ' (%s)' "$(cat "$tmp/err")")"
	# The zero count is compare's figure (and compare used to print NaN
	# past 2^22 terms).
	tol=1e-12
	[ "$attn" = selective ] && tol=4e-12
	got=$("$DISPERSE" compare --attn-list "$attn" --delta "$delta" --theta "$theta" \
	    --lambda "$lambda" --from "$n" --to "$n" --points 1 --metrics zero_weights \
	    --format json | jq -r '.rows[0] | to_entries[1].value')
	close "$(field "$tmp/r.json" entropy_nats)" "$h" "$tol" &&
	    close "$(field "$tmp/r.json" max_weight)" "$mx" "$tol" &&
	    close "$(field "$tmp/r.json" entropy_paper)" "$hp" "$tol" &&
	    close "$(field "$tmp/r.json" total)" "$tot" "$tol" &&
	    close "$(field "$tmp/r.json" min_weight)" "$mn" "$tol" &&
	    awk -v a="$got" -v b="$zeros" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= 1 || d <= b * 2^-52) }'
	ok $? "$what: H $h, max $mx, min $mn, paper H $hp, total $tot, $zeros zero weights (mpmath)"
	[ "$(field "$tmp/r.json" method)" = "runs (exact run-length)" ]
	ok $? "$what: the runs route"
done <"$tmp/rows"
[ "$(wc -l <"$tmp/rows")" -ge 10 ]; ok $? "the reference holds its cases ($(wc -l <"$tmp/rows"))"

# Where the weights do not vanish: stick-breaking at x = -20 (beta =
# sigma(-20) = 2e-9 an item: the stick lasts past 2^22 items) and selective
# with theta < 0 (nothing masks a farther, larger x: the far end carries
# the weight).  Refused at once, naming lambda and n.
for a in "stickbreak --delta 1 --theta -0.05" "selective --theta -1"; do
	# shellcheck disable=SC2086
	refused "$a" "lambda = 0.9999999: more than 2^22 distinct terms in position order at n = 1099511627776" \
	    --attn $a --lambda 0.9999999 --n 2^40
done
tap_done
