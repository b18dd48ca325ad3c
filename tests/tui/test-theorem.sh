#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The Theorem panel says what was evaluated: |theta| for theta < 0, the
# argmax limit at theta = 0, equality on the band edge, rows that underflow
# to 0, which lines are the paper's and which derived, and what replaces
# Theorem 2.2's critical n for SSMax and adaptive theta.  Expected numbers
# are closed forms (awk), not the program's own output.
. "$top_srcdir/tests/tap.sh"
. "$top_srcdir/tests/tui/tui-lib.sh"

restart() {
	tui_kill
	tui_start 140 40 "$@"
}

# theta = -1, power n = 2^20 (spread 4 exactly in double): the bands use
# |theta|: 1/(1 + 1048575 e^4) = 1.75e-08.
restart --theta -1 --n 2^20
lo=$(awk 'BEGIN { printf "%.3g", 1 / (1 + 1048575 * exp(4)) }')
tui_wait "1/(1+1048575·e^{4/|−1|}) = $lo"; ok $? "theta < 0: e^{4/|-1|} = $lo, the formula evaluated"
tui_cap | grep -q "e^{4/-1}"; [ $? -ne 0 ]; ok $? "no e^{4/-1} on screen"
tui_cap | grep -q "Lemma 2.1 (paper): α_k = Θ(1/n)"; ok $? "the paper's statement is labelled"
tui_cap | grep -q "derived: band, H floor, n\*"; ok $? "the band, floor and n* are labelled derived"
tui_cap | grep -q "paper.s proof e^{±spread/θ}/n"; ok $? "the loose band is the paper's proof"

# theta = 0: the argmax limit, not e^{4/0}.
restart --theta 0
tui_wait "θ=0 argmax limit: 0 ≤ α_k ≤ 1"; ok $? "theta = 0: argmax limit band [0, 1]"
tui_cap | grep -q "/0}"; [ $? -ne 0 ]; ok $? "no e^{4/0} on screen"

# The spike attains the upper edge e^4/(e^4 + n - 1) exactly.
restart --family spike --n 1000
tui_wait "on the bound (equality)"; ok $? "spike: on the bound (equality), not a margin of 1e-14 %"

# Every weight underflows in fp8-e4m3 at n = 2^20 (e^{e-4}/Z < 2^-9 / 8).
restart --precision fp8-e4m3 --n 2^20
tui_wait "all weights underflow to 0 (row total 0)"; ok $? "fp8 underflow said, not H = 0"
tui_cap | grep -q "H=0 "; [ $? -ne 0 ]; ok $? "no H=0 reading as perfectly sharp"
# (The weights panel may wrap the line at a blank: "in" then "fp8-e4m3".)
tui_cap | grep -A1 "underflow to 0 (row total 0) in" | grep -q "fp8-e4m3"
ok $? "weights panel says so too"

# A band edge outside the double range is exp(x) on screen, as in report
# (issue 23): spike delta 800, n 1000: lower edge 1/(1 + 999 e^800),
# log -(800 + log 999) (log1p(e^-800/999) is below rounding), paper's
# e^{+-800}/1000.
restart --family spike --delta 800 --n 1000
lo=$(awk 'BEGIN { printf "%.6g", -(800 + log(999)) }')
hi=$(awk 'BEGIN { printf "%.6g", 800 - log(1000) }')
tui_wait "exp($lo)"; ok $? "tight lower edge exp($lo), not 0"
tui_cap | grep -q "exp($hi)"; ok $? "the paper's upper edge exp($hi), not inf"

# The status line never rounds lambda = 0.99999 onto the uniform 1.
restart --lambda 0.99999
tui_wait "λ=0.99999"; ok $? "status line: lambda=0.99999, not 1"

# SSMax: the temperature shrinks with n; s delta / theta = 4 >= 1.
restart --attn ssmax --family spike --n 2^40
tui_wait "sδ/θ=4 >= 1: may stay sharp"; ok $? "SSMax: may stay sharp (the envelope allows it), s delta/theta = 4 (derived)"
tui_cap | grep -q "Thm 2.2 n\* n/a"; ok $? "SSMax: no fixed-temperature critical n"
tui_cap | grep -q "n\*=n/a, θ shrinks with n"; ok $? "SSMax: the curve legend draws no n* either"

# Adaptive spike n = 128: guaranteed 1 + 99 e^{4 * 2.4213877066315243}
# (the polynomial's ceiling, mpmath) and the first n below eps, 5407 =
# ceil(1 + 99 e^4) (beta = 1 there: H = 8.57 nats > 5.94).
restart --adaptive --family spike --n 128
g=$(awk 'BEGIN { printf "%.4g", 1 + 99 * exp(4 * 2.4213877066315243) }')
tui_wait "any n > $g (beta≤2.421, derived)"; ok $? "adaptive: guaranteed critical n $g"
tui_wait "first n with max < 0.01: 5407 (search)"; ok $? "adaptive: first n below eps 5407"
tui_cap | grep -q "this n's beta"; ok $? "adaptive: current-beta critical n labelled as such"
tap_done
