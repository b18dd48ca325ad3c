#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# doc/lecture.md typed as written, at 120x40 and in --present: every key
# sequence does what the lecture says, every number it quotes (a `code`
# span with a digit) is on the screen exactly (runs of blanks as one), and
# each is backed by a closed form or, labelled "cross-check", by `disperse
# report` for the same parameters (the same core: it detects a screen that
# shows another view's figure, not a wrong formula).  A quoted number this
# walk never finds on the screen fails the last check.
. "$top_srcdir/tests/tap.sh"
. "$top_srcdir/tests/tui/tui-lib.sh"

lecture="$top_srcdir/doc/lecture.md"
seen="$tui_tmp/seen"
: > "$seen"

# The screen with runs of blanks as one and a blank after every line, so
# that "max_weight 1 " does not match "max_weight 1.36".
flat() { tui_cap | tr -s ' ' | sed 's/$/ /'; }
# see FRAGMENT: the lecture quotes `FRAGMENT` and the screen shows it.
see() {
	printf '%s\n' "$1" >> "$seen"
	if ! grep -qF "\`$1\`" "$lecture"; then
		ok 1 "the lecture quotes \`$1\`"
		return
	fi
	tui_poll flat "$1 "
	ok $? "screen shows '$1'"
}
# near VALUE REFERENCE RELTOL WHAT: |VALUE - REFERENCE| <= RELTOL |REFERENCE|.
near() {
	awk -v v="$1" -v r="$2" -v t="$3" 'BEGIN {
		d = v - r; if (d < 0) d = -d; m = r < 0 ? -r : r
		exit !(r != "" && d <= t * m) }'
	ok $? "$4: $1 = $2"
}
cf() { awk "BEGIN { printf \"%.17g\", $1 }"; }	# a closed form
# The quoted numbers have 6 significant digits (the tour's figures) or 3
# to 5 (the Theorem panel's formulas).
six=6e-6
# key KEYS...: send.  Every check after it polls for a fragment the keys
# make new (a value, a step, a frame), so none can pass on the screen from
# before them; a play keeps the screen changing, so nothing waits for it
# to settle.
key() { T send-keys "$@"; }
# cmd TEXT: type a command on the status line (':' TEXT Enter).
cmd() { key : "$1" Enter; }
# panels K: step K's box, the Theorem, curve and weights panels are all on screen.
panels() {
	tui_wait "Tour $1/8" >/dev/null
	s=$(tui_cap)
	printf '%s' "$s" | grep -q "Tour $1/8" &&
	    printf '%s' "$s" | grep -q "┌─ Theorem" &&
	    printf '%s' "$s" | grep -q "┌─ Entropy and max weight vs n" &&
	    printf '%s' "$s" | grep -q "┌─ Weights"
	ok $? "$2: step $1 leaves the Theorem, curve and weights panels on screen"
}
tui_header() { tui_cap | head -1; }
no_play() {
	tui_gone "play " tui_header
	ok $? "$1"
}

dflt_h=$(report_value entropy_nats | xargs printf '%.6g')
tui_start 120 40
tui_wait "H=$dflt_h"; ok $? "120x40: the default view (H = $dflt_h, disperse report)"

# ---- step 1: softmax and temperature ----
key t
see 'Tour 1/8'
panels 1 "120x40"
see 'max_weight 0.692001'
near 0.692001 "$(report_value max_weight)" $six "cross-check: disperse report, default view, max_weight"
see 'entropy_nats 1.36044'
near 1.36044 "$(report_value entropy_nats)" $six "cross-check: disperse report, entropy_nats"
see 'entropy_norm 0.490676'
near 0.490676 "$(report_value entropy_norm)" $six "cross-check: disperse report, entropy_norm"
key b
cmd 'theta 0.5'
see 'max_weight 0.974533'
near 0.974533 "$(report_value max_weight --theta 0.5)" $six "cross-check: disperse report --theta 0.5, max_weight"
see 'entropy_nats 0.15195'
near 0.15195 "$(report_value entropy_nats --theta 0.5)" $six "cross-check: disperse report --theta 0.5, entropy_nats"
see 'pin 1: θ = 1 → 0.5'
cmd 'theta 0'
see 'max_weight 1'
see 'entropy_nats 0'	# the argmax of distinct logits: exactly 1 and 0
see 'θ=0 argmax limit: 0 ≤ α_k ≤ 1'
cmd 'theta 1'
cmd 'delta 0'
see 'max_weight 0.0625'
near 0.0625 "$(cf '1 / 16')" 0 "equal logits: max weight = 1/n"
see 'entropy_nats 2.77259'
near 2.77259 "$(cf 'log(16)')" $six "equal logits: H = log n"
see 'entropy_norm 1'

# ---- step 2: play n ----
key n
see 'Tour 2/8'
panels 2 "120x40"
no_play "no play before p"
see 'max_weight 0.0131575'
near 0.0131575 "$(cf 'exp(4) / (exp(4) + 4095)')" $six "spike: e^4/(e^4 + 4095)"
see 'entropy_norm 0.995236'
near 0.995236 "$(report_value entropy_norm --family spike -n 4096)" $six \
    "cross-check: disperse report --family spike -n 4096, entropy_norm"
T send-keys p
tui_wait "play n "; ok $? "p plays n"
T send-keys Space
tui_wait "(Space resumes)"; ok $? "Space pauses"
T send-keys -N 170 ,
tui_wait "play n 1/161"; ok $? ", steps back to the first frame (n = 1)"
key -N 49 .
see 'play n 50/161'
see 'n=4871'
near 4871 "$(cf 'int(2 ^ (49 / 4) + 0.5)')" 0 "frame 50 of 161 is n = 2^(49/4), rounded"
see 'max_weight 0.0110868'
near 0.0110868 "$(cf 'exp(4) / (exp(4) + 4870)')" $six "spike at n = 4871: e^4/(e^4 + 4870) > 0.01"
key .
see 'play n 51/161'
see 'max_weight 0.00933845'
near 0.00933845 "$(cf 'exp(4) / (exp(4) + 5792)')" $six "spike at n = 5793: e^4/(e^4 + 5792) < 0.01"
see 'n=5793 is past n*'
awk 'BEGIN { c = 1 + 99 * exp(4); exit !(4871 < c && c < 5793) }'
ok $? "closed form: 4871 < 1 + 99 e^4 < 5793"
T send-keys -N 109 .
tui_wait "play n 160/161"; ok $? ". steps to frame 160"
T send-keys Space
see 'play n reached 1099511627776'
near 1099511627776 "$(cf '2 ^ 40')" 0 "the play ends at 2^40"
see 'max_weight 4.96567e-11'
near 4.96567e-11 "$(cf 'exp(4) / (exp(4) + 2 ^ 40 - 1)')" $six "spike at 2^40: e^4/(e^4 + 2^40 - 1)"

# ---- step 3: Lemma 2.1 ----
key n
see 'Tour 3/8'
panels 3 "120x40"
no_play "the step change stopped the play"
see '1/(1+15·e^{4/1}) = 0.00122 ≤ α_k'
near 0.00122 "$(cf '1 / (1 + 15 * exp(4))')" 5e-3 "tight band lower edge 1/(1 + 15 e^4)"
see '≤ 0.784 = 1/(1+15·e^{−4/1})'
near 0.784 "$(cf '1 / (1 + 15 * exp(-4))')" 5e-3 "tight band upper edge 1/(1 + 15 e^-4)"
see 'max_weight 0.784477'
see 'lemma_tight_hi 0.784477'
near 0.784477 "$(cf 'exp(4) / (exp(4) + 15)')" $six "the spike is on the upper edge: e^4/(e^4 + 15)"
key BTab
see 'Theorem *'
key Right Right
tui_wait " n=64 δ=4 "; ok $? "Right twice on the Theorem panel: n = 64 (status line)"
see '1/(1+63·e^{4/1}) = 0.000291 ≤ α_k'
near 0.000291 "$(cf '1 / (1 + 63 * exp(4))')" 5e-3 "lower edge 1/(1 + 63 e^4)"
see '≤ 0.464 = 1/(1+63·e^{−4/1})'
near 0.464 "$(cf '1 / (1 + 63 * exp(-4))')" 5e-3 "upper edge 1/(1 + 63 e^-4)"
see 'max_weight 0.464277'
near 0.464277 "$(cf 'exp(4) / (exp(4) + 63)')" $six "the spike at n = 64: e^4/(e^4 + 63)"

# ---- step 4: Theorem 2.2 ----
key n
see 'Tour 4/8'
panels 4 "120x40"
see 'critical_n 5406.22'
near 5406.22 "$(cf '1 + 99 * exp(4)')" $six "critical n 1 + 99 e^4"
see 'for n > 5406.2 (derived)'
key Up
see 'ε=0.02'
see 'for n > 2676.3 (derived)'
near 2676.3 "$(cf '1 + 49 * exp(4)')" 5e-5 "Up doubles eps: 1 + 49 e^4"
key Down
tui_wait "for n > 5406.2 (derived)"; ok $? "Down: eps back to 0.01"
cmd 'play delta'
tui_wait "play delta "; ok $? ":play delta plays delta"
T send-keys Space
tui_wait "(Space resumes)"; ok $? "Space pauses"
T send-keys -N 90 ,
tui_wait "play delta 1/81"; ok $? ", steps back to the first frame"
tui_wait " n=16 δ=0 θ=1 "; ok $? "the first frame is delta = 0 (status line)"
key -N 40 .
see 'play delta 41/81'
see 'critical_n 295115.8'
near 295115.8 "$(cf '1 + 99 * exp(8)')" 1e-6 "delta = 8: 1 + 99 e^8"
see 'for n > 2.951e+05 (derived)'
key -N 40 .
see 'play delta 81/81'
see 'critical_n 8.79725e+08'
near 8.79725e+08 "$(cf '1 + 99 * exp(16)')" $six "delta = 16: 1 + 99 e^16"
cmd 'play off'
no_play ":play off stops the play"

# ---- step 5: why delta stays bounded ----
key n
see 'Tour 5/8'
panels 5 "120x40"
see 'spread 5.82'
see 'max_weight 0.0760321'
near 0.0760321 "$(cf 'exp(5.82) / (exp(5.82) + 4095)')" $six "delta 5.82, n 4096: e^5.82/(e^5.82 + 4095)"
see 'critical_n 33361.2'
near 33361.2 "$(cf '1 + 99 * exp(5.82)')" $six "1 + 99 e^5.82"
see 'pin 1: δ = 32.74 → 5.82'
cmd 'preset gemma-2b-max'
see 'max_weight 0.998442'
near 0.998442 "$(cf 'exp(14.78) / (exp(14.78) + 4095)')" $six "delta 14.78: e^14.78/(e^14.78 + 4095)"
see 'critical_n 2.59721e+08'
near 2.59721e+08 "$(cf '1 + 99 * exp(14.78)')" $six "1 + 99 e^14.78"
cmd 'preset gemma-7b-min'
see 'critical_n 109.323'
near 109.323 "$(cf '1 + 99 * exp(0.09)')" $six "1 + 99 e^0.09"

# ---- step 6: adaptive temperature ----
key n
see 'Tour 6/8'
panels 6 "120x40"
see 'pin 1: adaptive off'
see 'beta 2.38889'
near 2.38889 "$(report_value beta --family spike -n 128 --adaptive)" $six \
    "cross-check: disperse report --family spike -n 128 --adaptive, beta"
see 'theta_eff 0.418604'
near 0.418604 "$(cf '1 / 2.38889')" 1e-5 "theta_eff = theta/beta"
see 'max_weight 0.991088'
near 0.991088 "$(report_value max_weight --family spike -n 128 --adaptive)" $six \
    "cross-check: disperse report --family spike -n 128 --adaptive, max_weight"
see 'beta_max_paper 2.42139'
# The paper's polynomial's maximum, by a grid over H (step 1e-4, its peak
# near 4.41 is flat to 1e-8 there).
bmax=$(awk 'BEGIN { m = -1e9; for (i = 0; i <= 100000; i++) { h = i * 1e-4
	b = (((-0.037 * h + 0.481) * h - 2.3) * h + 4.917) * h - 1.791; if (b > m) m = b }
	printf "%.17g", m }')
near 2.42139 "$bmax" $six "the maximum of the paper's beta polynomial over H in [0, 10]"
cmd 'n 1024'
see 'beta 1'
see 'max_weight 0.0506665'
near 0.0506665 "$(cf 'exp(4) / (exp(4) + 1023)')" $six "beta = 1 is plain softmax: e^4/(e^4 + 1023)"
key R
see 'paper vs GSL refit'
key R
tui_gone "paper vs GSL refit"; ok $? "R closes the refit"

# ---- step 7: alternatives ----
key n
see 'Tour 7/8'
panels 7 "120x40"
see 'max_weight 0.99999999999'
near 0.99999999999 "$(cf '1 / (1 + 4095 / 4096 ^ 4)')" 1e-11 "SSMax spike at 4096: n^4/(n^4 + n - 1)"
see 'theta_eff 0.120225'
near 0.120225 "$(cf '1 / log(4096)')" $six "SSMax temperature 1/log n"
cmd 'n 2^20'
tui_wait " n=1048576 "; ok $? ":n 2^20"
see 'max_weight 1'
near 1 "$(cf '1 / (1 + (2 ^ 20 - 1) / 2 ^ 80)')" 1e-15 "SSMax spike at 2^20: 1 - 2^-60 to double precision"
see 'theta_eff 0.0721348'
near 0.0721348 "$(cf '1 / log(2 ^ 20)')" $six "SSMax temperature 1/log 2^20"
key X
tui_wait "spike softmax"; ok $? "X: the attention function back to softmax"
see 'max_weight 5.20662e-05'
near 5.20662e-05 "$(cf 'exp(4) / (exp(4) + 2 ^ 20 - 1)')" $six "softmax spike at 2^20: e^4/(e^4 + 2^20 - 1)"
key x
tui_wait "spike ssmax"; ok $? "x: back to SSMax"
key c
see 'compare on'
T send-keys p
tui_wait "play n "; ok $? "p plays n in compare mode"
key c
tui_wait "compare off"; ok $? "c leaves compare mode"

# ---- step 8: a trained head ----
model="$top_srcdir/examples/maxret-model.json"
key n
see 'Tour 8/8'
panels 8 "120x40"
no_play "the step change stopped the play"
for f in 'max_weight 0.043755' 'entropy_norm 0.567276' 'spread 55.4693' 'critical_n 1.21801e+26'; do
	see "$f"
	near "${f#* }" "$(report_value "${f% *}" --model "$model" -n 1024 --seed 1)" $six \
	    "cross-check: disperse report --model maxret-model.json -n 1024, ${f% *}"
done
key a
see 'max_weight 0.0863274'
near 0.0863274 "$(report_value max_weight --model "$model" -n 1024 --seed 1 --adaptive)" $six \
    "cross-check: disperse report --model ... --adaptive, max_weight"
key t
see 'tour closed at step 8/8: parameters and pins restored'
see "H=$dflt_h"
tui_cap | grep -q "^ n=16 δ=4 θ=1 .* power softmax"
ok $? "the parameters from before the tour are back (status line)"
no_play "no play after the tour"
T send-keys q
tui_exited; ok $? "q quits"
[ "$(cat "$tui_tmp/rc" 2>/dev/null)" = 0 ]; ok $? "exit status 0"

# ---- --present: the steps that point at panels ----
tui_fresh 120 40 --present
tui_wait "H=$dflt_h"; ok $? "--present 120x40: up"
tui_cap | grep -q "┌─ Parameters"; [ $? -ne 0 ]; ok $? "--present: no parameters panel"
key t
panels 1 "--present"
see 'max_weight 0.692001'
cmd 'theta 0'
see 'θ=0 argmax limit: 0 ≤ α_k ≤ 1'
key n
panels 2 "--present"
see 'max_weight 0.0131575'
key p
tui_wait "play n "; ok $? "--present: p plays n"
key n
panels 3 "--present"
no_play "--present: the step change stopped the play"
see '1/(1+15·e^{4/1}) = 0.00122 ≤ α_k'
key BTab
see 'Theorem *'
key Right Right
see '1/(1+63·e^{4/1}) = 0.000291 ≤ α_k'
see '≤ 0.464 = 1/(1+63·e^{−4/1})'
see 'on the bound (equality)'
key n
panels 4 "--present"
see 'for n > 5406.2 (derived)'
key Up
see 'for n > 2676.3 (derived)'
key Down
key n
panels 5 "--present"
see 'pin 1: δ = 32.74 → 5.82'
key n
panels 6 "--present"
see 'pin 1: adaptive off'
key n
panels 7 "--present"
key c
see 'compare on'
tui_wait "max weight vs n: compare"; ok $? "--present: the curve panel compares"
key p
tui_wait "play n "; ok $? "--present: p plays n in compare mode"
key -
tui_wait "play speed: 200 ms a frame"; ok $? "- slows the play (100 -> 200 ms a frame)"
key +
tui_wait "play speed: 100 ms a frame"; ok $? "+ speeds it up again"
key t
tui_wait 'tour closed at step 7/8: parameters and pins restored'; ok $? "--present: t closes the tour at step 7"
no_play "--present: t closes the tour and stops the play"
tui_wait "H=$dflt_h"; ok $? "--present: the default view is back"
key c
tui_wait "compare off"; ok $? "--present: c leaves compare mode"
key t n
panels 8 "--present"
see 'critical_n 1.21801e+26'
key t
see 'tour closed at step 8/8: parameters and pins restored'
T send-keys q
tui_exited; ok $? "--present: q quits"

# Every number the lecture quotes was found on the screen above (commands,
# `:...` and `disperse ...`, are what was typed, not what was shown).
missing=$(grep -o '`[^`]*`' "$lecture" | sed 's/^`//; s/`$//' | grep '[0-9]' |
    grep -v '^:' | grep -v '^disperse ' | sort -u | while IFS= read -r q; do
	grep -qxF -- "$q" "$seen" || printf '%s; ' "$q"
done)
[ -z "$missing" ]; ok $? "every number doc/lecture.md quotes was checked on the screen${missing:+ (not: $missing)}"
tap_done
