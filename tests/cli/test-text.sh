#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# What report and bound say is what they evaluated (issue "Right on
# screen"): |theta| for theta < 0, the argmax limit at theta = 0, equality
# on the band edge, rows that underflow to 0, the source of every figure,
# and what replaces Theorem 2.2's critical n when the temperature depends
# on n.  Expected numbers are closed forms evaluated by awk (the CSV
# prints 10 significant digits: relative tolerance 1e-9).
. "$top_srcdir/tests/tap.sh"
[ -x "$DISPERSE" ] || skip_all "no disperse binary"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
row() { awk -F, -v k="$1" '$1 == k { print; exit }' "$2"; }
val() { row "$1" "$2" | cut -d, -f2; }

# theta < 0: the bands use |theta|, and the notes say so.
"$DISPERSE" report --theta -1 --n 2^20 --format csv >"$tmp/neg"
row lemma_tight_lo "$tmp/neg" | grep -q 'e^{delta/|theta|}) \[derived\]'
ok $? "theta < 0: tight band note reads e^{delta/|theta|}, tagged derived"
awk -F, '$1 == "lemma_tight_lo" { w = 1 / (1 + 1048575 * exp(4)); d = ($2 - w) / w;
	exit (d < 1e-9 && d > -1e-9) ? 0 : 1 }' "$tmp/neg"
ok $? "theta = -1: lemma_tight_lo = 1/(1 + 1048575 e^{4/|-1|})"
grep -q 'delta/theta}' "$tmp/neg"; [ $? -ne 0 ]; ok $? "no e^{delta/theta} note at theta < 0"
"$DISPERSE" bound --theta -2 --delta 8 --n 1e6 --format csv >"$tmp/bneg"
row critical_n "$tmp/bneg" | grep -q 'e^{delta/|theta|}'; ok $? "bound theta < 0: critical n note uses |theta|"
awk -F, '$1 == "critical_n" { w = 1 + 99 * exp(4); d = ($2 - w) / w; exit (d < 1e-9 && d > -1e-9) ? 0 : 1 }' "$tmp/bneg"
ok $? "bound theta = -2, delta = 8: critical n = 1 + 99 e^{8/2}"

# theta = 0: the argmax limit, not e^{delta/0}.
"$DISPERSE" bound --theta 0 --format csv >"$tmp/zero"
row lemma_tight_hi "$tmp/zero" | grep -q '^lemma_tight_hi,1,argmax limit'; ok $? "theta = 0: upper band 1, argmax limit"
row critical_n "$tmp/zero" | grep -q '^critical_n,inf,argmax limit'; ok $? "theta = 0: critical n infinite, argmax limit"

# Sources: the paper's proof band, the derived tight band and critical n.
"$DISPERSE" report --format csv >"$tmp/def"
row lemma_loose_hi "$tmp/def" | grep -q '\[paper\]'; ok $? "loose band tagged [paper]"
row lemma_tight_hi "$tmp/def" | grep -q '\[derived\]'; ok $? "tight band tagged [derived]"
row critical_n "$tmp/def" | grep -q 'Theorem 2.2 gives no explicit size.*\[derived\]'; ok $? "critical n: derived, the paper gives no size"
row entropy_floor "$tmp/def" | grep -q '\[derived\]'; ok $? "entropy floor tagged [derived]"
row entropy_nats "$tmp/def" | grep -q '\[measured\]'; ok $? "entropy tagged [measured]"

# The spike attains the upper edge e^4/(e^4 + n - 1): equality, whatever
# the sign of the last-ulp difference.
for n in 2 1000 2^20 2^40 2^60; do
	"$DISPERSE" report --family spike --n "$n" --format csv >"$tmp/sp"
	[ "$(val bound "$tmp/sp")" = "on the bound (equality)" ]
	ok $? "spike n = $n: on the bound (equality) (margin $(val bound_margin "$tmp/sp"))"
done
"$DISPERSE" sweep --family spike --n 1000 --vary theta --from 0.5 --to 1 --points 2 --format csv |
    tail -1 | grep -q ',equality,runs$'
ok $? "sweep: bound column says equality for the spike"

# fp8-e4m3, n = 2^20: every weight underflows (the largest, e^0/(sum) ~
# 1/1048576 ~ 2^-20, is below fp8-e4m3's smallest subnormal 2^-9).
"$DISPERSE" report --precision fp8-e4m3 --n 2^20 --format csv >"$tmp/fp8"
[ "$(val bound "$tmp/fp8")" = "all weights underflow to 0 (row total 0)" ]
ok $? "fp8-e4m3 n = 2^20: all weights underflow to 0 (row total 0)"
row entropy_nats "$tmp/fp8" | grep -q 'all weights underflow to 0 (row total 0)'
ok $? "the entropy row says H = 0 is an underflow, not sharpness"

# Adaptive spike n = 128: the critical n at this n's beta is labelled as
# such; guaranteed 1 + 99 e^{4 beta_max}, beta_max = 2.4213877066315243
# (mpmath); the first n below eps is 5407 = ceil(1 + 99 e^4) (beta = 1 there).
"$DISPERSE" report --family spike --n 128 --adaptive --format csv >"$tmp/ad"
row critical_n "$tmp/ad" | grep -q "at this n's beta"; ok $? "adaptive: critical n labelled 'at this n's beta'"
awk -F, '$1 == "critical_n_guaranteed" { w = 1 + 99 * exp(4 * 2.4213877066315243); d = ($2 - w) / w;
	exit (d < 1e-9 && d > -1e-9) ? 0 : 1 }' "$tmp/ad"
ok $? "adaptive: guaranteed critical n = 1 + 99 e^{4 * 2.42138770663}"
[ "$(val first_n_below_eps "$tmp/ad")" = 5407 ]; ok $? "adaptive: first n below eps = 5407 (search)"

# SSMax: the temperature shrinks with n; no fixed-temperature critical n.
"$DISPERSE" report --family spike --n 2^40 --attn ssmax --format csv >"$tmp/ss"
[ "$(val critical_n "$tmp/ss")" = "n/a" ]; ok $? "SSMax: critical n n/a"
[ "$(val sharp_exponent "$tmp/ss")" = 4 ]; ok $? "SSMax: s delta/theta = 4"
[ "$(val first_n_below_eps "$tmp/ss")" = "none up to 2^63" ]; ok $? "SSMax s delta = 4: never below eps"
"$DISPERSE" report --family spike --attn ssmax --delta 0.5 --format csv >"$tmp/ss2"
[ "$(val first_n_below_eps "$tmp/ss2")" = 9803 ]
ok $? "SSMax s delta = 0.5: first n with n^0.5/(n^0.5 + n - 1) < 0.01 is 9803"
tap_done
