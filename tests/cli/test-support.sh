#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Sparsemax and entmax over the alternating power series near lambda = -1
# (issue 26): the support is among the first terms, so the head in
# position order and the rest as runs of weight 0 (src/core/math/
# eval_support.c, support_alternating), in milliseconds where more than
# 2^22 distinct terms were refused.  Each figure against mpmath's exact
# thresholds (tests/data/support-reference.tsv, made once by
# tests/cli/support-reference.py); where the support is not among the
# first terms (lambda > 0 with delta / theta < 0: the far terms are the
# largest), still refused at once; and a support wider than 2^22 terms,
# refused without solving for it.
. "$top_srcdir/tests/tap.sh"
[ -x "$DISPERSE" ] || skip_all "no disperse binary"
command -v jq >/dev/null 2>&1 || skip_all "jq not found"
ref="$top_srcdir/tests/data/support-reference.tsv"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

. "$top_srcdir/tests/cli/near-one-lib.sh"

# The tolerance, 1e-11: the program's terms are delta lambda^k by repeated
# multiplication (src/core/schema/family.h), k roundings by term k (up to
# 2^18 terms in these supports), and a weight is a difference x - tau a
# thousandth of x, so the max weight carries that rounding a thousandfold:
# 0.7e-12 .. 2.4e-12 from mpmath's exact lambda^k here, the entropies
# 1e-13.  The support's size is exact up to the items whose x lies within
# that error of the edge (+-2).
tail -n +2 "$ref" >"$tmp/rows"
while IFS="$(printf '\t')" read -r attn alpha delta theta lambda n h mx hp support; do
	what="$attn (alpha $alpha), delta $delta, theta $theta, lambda $lambda, n $n"
	"$DISPERSE" report --attn "$attn" --alpha "$alpha" --delta "$delta" --theta "$theta" \
	    --lambda "$lambda" --n "$n" --mem-budget 256Mi --format json >"$tmp/r.json" 2>"$tmp/err"
	ok $? "$what: exit 0 within --mem-budget 256Mi$(test -s "$tmp/err" && printf ' (%s)' "$(cat "$tmp/err")")"
	got=$("$DISPERSE" compare --attn-list "$attn" --alpha "$alpha" --delta "$delta" \
	    --theta "$theta" --lambda "$lambda" --from "$n" --to "$n" --points 1 \
	    --metrics zero_weights --format json | jq -r '.rows[0] | to_entries[1].value')
	tol=1e-11
	close "$(field "$tmp/r.json" entropy_nats)" "$h" "$tol" &&
	    close "$(field "$tmp/r.json" max_weight)" "$mx" "$tol" &&
	    close "$(field "$tmp/r.json" entropy_paper)" "$hp" "$tol" &&
	    close "$(field "$tmp/r.json" total)" 1 1e-12 &&
	    [ "$(field "$tmp/r.json" min_weight)" = 0 ] &&
	    awk -v a="$got" -v n="$n" -v s="$support" 'BEGIN { d = a - (n - s); if (d < 0) d = -d; exit !(d <= 2 || d <= n * 2^-52) }'
	ok $? "$what: H $h, max $mx, paper H $hp, $support items of weight > 0 (mpmath; got $(field "$tmp/r.json" entropy_nats), $(field "$tmp/r.json" max_weight), $(field "$tmp/r.json" entropy_paper), $got zeros)"
done <"$tmp/rows"
[ "$(wc -l <"$tmp/rows")" -ge 8 ]; ok $? "the reference holds its cases ($(wc -l <"$tmp/rows"))"

# The TUI's summary asks for the weights in position order (the histogram):
# the same route, the same figures (snapshot's JSON is that summary).
"$DISPERSE" snapshot --attn sparsemax --lambda -0.9999999 --n 2^40 --out "$tmp/snap" \
    --mem-budget 256Mi >/dev/null 2>"$tmp/err"
ok $? "snapshot of sparsemax at lambda -0.9999999, n 2^40: written ($(cat "$tmp/err"))"

# The support far from the first terms: lambda > 0 and delta / theta < 0
# (the far terms, near 0, are the largest x): refused at once, as before.
refused "sparsemax, theta -1, lambda 0.9999999" "more than 2^22 distinct terms" \
    --attn sparsemax --delta 1 --theta -1 --lambda 0.9999999 --n 2^40
# A support wider than 2^22 terms (1.01-entmax near lambda = +-1): the head
# of each K proves term K weighs more than 0 without its solve (seconds of
# Brent steps over 2^20 and 2^22 terms each, eval_support.c support_open),
# so the refusal comes within a budget that the solves (236 MB) broke.
for l in 0.9999999 -0.9999999; do
	refused "1.01-entmax, lambda $l, n 2^40, --mem-budget 160Mi" \
	    "lambda = $l: more than 2^22 distinct terms" \
	    --attn entmax --alpha 1.01 --lambda $l --n 2^40 --mem-budget 160Mi
done
tap_done
