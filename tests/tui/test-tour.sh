#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The TUI's teaching tour (t) and adaptive-temperature refit overlay (R):
# the numbers on screen are the ones `disperse tour` and `disperse fit` print.
. "$top_srcdir/tests/tap.sh"
. "$top_srcdir/tests/tui/tui-lib.sh"

# Field of `disperse tour --step K` (text): "  NAME  VALUE".
# pgdn_until TEXT MAX: PgDn one press at a time, at most MAX, until TEXT shows.
pgdn_until() {
	i=0
	while [ "$i" -lt "$2" ] && ! tui_cap | grep -q "$1"; do
		T send-keys NPage
		tui_settle
		i=$((i + 1))
	done
}
tour_value() { # tour_value STEP NAME
	"$DISPERSE" tour --step "$1" | awk -v f="$2" '$1 == f { print $2 }'
}

tui_start 100 30
tui_wait "H=1.36044"; ok $? "TUI up on the default view"

T send-keys t
tui_wait "Tour 1/8"; ok $? "t opens the tour at step 1 of 8"
title1=$("$DISPERSE" tour --list | awk '$1 == 1 { sub(/^1  /, ""); print }')
tui_cap | grep -qF "$title1"; ok $? "step 1 title '$title1' as disperse tour --list says"
h1=$(tour_value 1 entropy_nats | xargs printf '%.6g')
tui_cap | grep -q "entropy_nats  *$h1 "; ok $? "step 1 live entropy $h1 equals disperse tour --step 1"
m1=$(tour_value 1 max_weight | xargs printf '%.6g')
tui_cap | grep -q "max_weight  *$m1 "; ok $? "step 1 live max_weight $m1 equals disperse tour --step 1"

T send-keys n
tui_wait "Tour 2/8"; ok $? "n: step 2"
# The box takes the parameters' place (never the plots): the status line
# shows the parameters.
tui_cap | grep -q "^ n=4096 δ=4 "; ok $? "step 2 sets n = 4096 (status line)"
m2=$(tour_value 2 max_weight | xargs printf '%.6g')
tui_cap | grep -q "max_weight  *$m2 "; ok $? "step 2 live max_weight $m2 equals disperse tour --step 2"
T send-keys n
tui_wait "Tour 3/8"; ok $? "n again: step 3"
tui_wait "Lemma 2.1 with live numbers"; ok $? "step 3 title"
lo3=$(awk 'BEGIN { printf "%.6g", 1 / (1 + 15 * exp(4)) }')
tui_cap | grep -q "lemma_tight_lo  *$lo3 "; ok $? "step 3 lemma_tight_lo $lo3 = 1/(1+15e^4)"
tui_cap | grep -qF "1/(1+15·e^{4/1}) = 0.00122"; ok $? "Theorem panel shows the Lemma band edge 0.00122"
s=$(tui_cap)
echo "$s" | grep -q "^ n=16 δ=4 θ=1 .* spike softmax "
ok $? "status line shows step 3's family=spike n=16 delta=4 theta=1"
# The figures are live: l doubles n (parameters panel focused, n selected).
T send-keys l
lo32=$(awk 'BEGIN { printf "%.6g", 1 / (1 + 31 * exp(4)) }')
tui_wait "lemma_tight_lo  $lo32 "; ok $? "l sets n = 32 inside the tour: lemma_tight_lo $lo32 = 1/(1+31e^4)"
# The arrows keep adjusting while the tour is open: Right doubles n again,
# Left halves it (parameters panel focused, n selected); the step stays.
T send-keys Right
lo64=$(awk 'BEGIN { printf "%.6g", 1 / (1 + 63 * exp(4)) }')
tui_wait "lemma_tight_lo  $lo64 "; ok $? "Right adjusts n = 64 in the tour: lemma_tight_lo $lo64 = 1/(1+63e^4)"
tui_cap | grep -q "Tour 3/8"; ok $? "Right left the tour at step 3"
T send-keys Left
tui_wait "lemma_tight_lo  $lo32 "; ok $? "Left halves n back to 32"
T send-keys N
tui_wait "Tour 2/8"; ok $? "N: back to step 2"
T send-keys PageUp
tui_wait "Tour 1/8"; ok $? "PgUp (text fits): back to step 1"
# PgDn scrolls a step's text too long for the box (the text column's, 46
# wide here) first, then goes on: a few presses reach step 2.
pgdn_until "Tour 2/8" 8
tui_wait "Tour 2/8"; ok $? "PgDn (scrolls, then) step 2"
T send-keys n
tui_wait "Tour 3/8"; ok $? "n: step 3 again"
tui_wait "lemma_tight_lo  $lo3 "; ok $? "step 3 again re-applies n = 16: lemma_tight_lo $lo3"

# Leaving the tour restores the parameters from before it: the default
# view (power series, n = 16, delta 4), whose entropy is the H=1.36044 the
# start waited for.
T send-keys Escape
tui_gone "Tour 3/8"; ok $? "Esc closes the tour"
tui_wait "tour closed at step 3/8: parameters and pins restored"; ok $? "status line says the tour closed and restored"
s=$(tui_cap)
echo "$s" | grep -q "family  *power " && echo "$s" | grep -q "│▶ n  *16 "
ok $? "the parameters from before the tour are back (power, n = 16)"
tui_wait "H=1.36044"; ok $? "and the figures with them (H = 1.36044)"

# The refit overlay against disperse fit (same defaults).
T send-keys R
tui_wait "paper vs GSL refit"; ok $? "R opens the refit overlay"
tui_cap | grep -q "c0  *-1.791 "; ok $? "paper constant term -1.791"
c0=$("$DISPERSE" fit --format csv --table coef | awk -F, '$1 == "0" { print $2 }' |
    xargs printf '%.7g')
tui_cap | grep -q "c0  *-1.791  *$c0 "; ok $? "refit constant term $c0 equals disperse fit"
c4=$("$DISPERSE" fit --format csv --table coef | awk -F, '$1 == "4" { print $2 }' |
    xargs printf '%.7g')
tui_cap | grep -q "c4  *-0.037  *$c4 "; ok $? "refit H^4 term $c4 equals disperse fit"
r2=$("$DISPERSE" fit --format csv --table summary | awk -F, '$1 == "r2" { print $2 }' |
    xargs printf '%.6g')
tui_cap | grep -q "refit R² = $r2 "; ok $? "refit R² = $r2 as disperse fit says"
p8=$(awk 'BEGIN { h = 8; printf "%.4g", (((-0.037 * h + 0.481) * h - 2.3) * h + 4.917) * h - 1.791 }')
tui_cap | grep -q "│ 8  *$p8 "; ok $? "paper polynomial at H = 8 is $p8"
T send-keys Escape
tui_gone "paper vs GSL refit"; ok $? "Esc closes the refit overlay"
T send-keys R
tui_wait "paper vs GSL refit"; ok $? "R opens it again (cached)"
T send-keys R
tui_gone "paper vs GSL refit"; ok $? "R closes it"

# q closes the top overlay first, then the next one, then quits.
T send-keys t
tui_wait "Tour 3/8"; ok $? "t reopens the tour at step 3"
T send-keys R
tui_wait "paper vs GSL refit"; ok $? "R opens the refit over the tour"
T send-keys q
tui_gone "paper vs GSL refit"; ok $? "q closes the refit first"
tui_cap | grep -q "Tour 3/8"; ok $? "the tour box stays open"
T send-keys q
tui_gone "Tour 3/8"; ok $? "the second q closes the tour box"
T send-keys q
tui_exited; ok $? "q quits"
[ "$(cat "$tui_tmp/rc" 2>/dev/null)" = 0 ]; ok $? "exit status 0"
tui_restored; ok $? "terminal restored"

# 80x24: step 4's text does not fit; PgDn scrolls it, the figures stay.
tui_fresh 80 24
tui_wait "H=1.36044"; ok $? "TUI up at 80x24"
T send-keys t n n n
tui_wait "Tour 4/8"; ok $? "80x24: step 4"
tui_wait " more: PgDn "; ok $? "80x24: the box says more text is below"
tui_cap | grep -q "stays sharp for every"; [ $? -ne 0 ]; ok $? "last line not shown yet"
# The box is the text column's (at 80x24 all of it): PgDn a page at a time
# until the end shows (a PgDn past the end would go to the next step).
pgdn_until "stays sharp for every" 6
tui_wait "stays sharp for every"; ok $? "PgDn scrolls to the end of the text"
tui_cap | grep -q "Tour 4/8"; ok $? "PgDn scrolled, still step 4"
tui_cap | grep -q " PgUp "; ok $? "PgUp hint once scrolled"
cn=$(tour_value 4 critical_n | xargs printf '%.6g')
tui_cap | grep -q "critical_n  *$cn "; ok $? "step 4 critical_n $cn still shown, as disperse tour says"
# PgUp scrolls back 5 lines a press (the step's parameters wrap over two
# rows here, so the text may be more than one press below the top).
T send-keys PageUp
tui_wait " more: PgDn "; ok $? "PgUp scrolls back up step 4"
i=0
while [ "$i" -lt 4 ] && tui_cap | grep "Tour 4/8" | grep -q " PgUp "; do	# the frame's hint
	T send-keys PageUp
	tui_settle
	i=$((i + 1))
done
tui_cap | grep -q "Tour 4/8"; ok $? "PgUp scrolled to the top, still step 4"
T send-keys PageUp
tui_wait "Tour 3/8"; ok $? "PgUp at the top: step 3"
T send-keys q
tui_gone "Tour 3/8"; ok $? "q closes the open tour box first"
T send-keys q
tui_exited; ok $? "then q quits"

# A step's %pin (issue 12: each step can pin its "before"): step 6 pins
# plain softmax beside adaptive; the view's own pin comes back on closing.
tui_fresh 160 50
tui_wait "H=1.36044"; ok $? "160 x 50 for the pins"
T send-keys b
tui_wait "pin 1: same parameters"; ok $? "the view's own pin"
T send-keys t
tui_wait "Tour 1/8"; ok $? "tour opens"
for k in 1 2 3 4 5; do T send-keys PageDown; tui_wait "Tour $((k + 1))/8" >/dev/null; done
tui_wait "Tour 6/8"; ok $? "step 6, adaptive temperature"
tui_wait "pin 1: adaptive off"; ok $? "step 6 pins its before: plain softmax (adaptive off) as a ghost"
tui_cap | grep -q "same parameters"; [ $? -ne 0 ]; ok $? "the view's own pin is not shown in the tour"
T send-keys PageDown
tui_wait "pin 1: attn = softmax"; ok $? "step 7 pins plain softmax beside SSMax"
T send-keys Escape
tui_gone "Tour 7/8"; ok $? "Esc closes the tour"
tui_wait "pin 1: same parameters"; ok $? "closing brings the view's own pin back"
T send-keys q
tui_exited; ok $? "q quits"

# A broken tour file first on the search path: one status-line message,
# no box, the view unchanged.  (A fresh tmux server inherits the variable.)
tui_kill
mkdir -p "$tui_tmp/data"
printf 'text before any step\n' > "$tui_tmp/data/tour.txt"
DISPERSE_DATADIR="$tui_tmp/data"
export DISPERSE_DATADIR
tui_start 100 30
tui_wait "H=1.36044"; ok $? "TUI up with a broken tour file"
T send-keys t
tui_wait "cannot load the tour: "; ok $? "t with a broken tour: status-line message"
tui_cap | grep -q "tour.txt:1: text before the first %step"; ok $? "the message names file and line"
tui_cap | grep -q "Tour 1/"; [ $? -ne 0 ]; ok $? "no tour box"
tui_cap | grep -q "H=1.36044"; ok $? "view unchanged"
T send-keys q
tui_exited; ok $? "q quits"
tap_done
