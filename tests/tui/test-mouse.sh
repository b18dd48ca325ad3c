#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Mouse: clicks and the wheel on the parameters, the curve and the map.
# The events are X10 mouse reports written straight into the pane; that
# encoding is what ncurses expects with TERM=tmux-256color (the
# xterm-256color entry announces SGR reports that ncurses 6.4 does not
# decode in this setup), so this test alone runs under tmux's own TERM.
. "$top_srcdir/tests/tap.sh"
. "$top_srcdir/tests/tui/tui-lib.sh"
infocmp tmux-256color >/dev/null 2>&1 || skip_all "no tmux-256color terminfo"
TERM=tmux-256color

# mouse B X Y: a report for button code B at 0-based column X, row Y.
mouse() {
	T send-keys -H 1b 5b 4d "$(printf '%x' $((32 + $1)))" \
	    "$(printf '%x' $((33 + $2)))" "$(printf '%x' $((33 + $3)))"
}

tui_start 100 30
tui_wait "H=1.36044"; ok $? "TUI up"
# Row 0 of the parameters (family) is screen row 2: theta is row 5.
mouse 0 5 5; mouse 3 5 5
tui_wait "▶ θ"; ok $? "click selects the theta row"
mouse 64 5 5
h=$(report_value entropy_nats --theta 1.1 | xargs printf '%.6g')
tui_wait "H=$h"; ok $? "wheel up on theta: theta = 1.1, H = $h"
mouse 65 5 5
tui_wait "H=1.36044"; ok $? "wheel down: back to theta = 1"
# The curve: a click inside its plot area focuses it and sets n.
# The curve panel is the lower plot (rows 15-27 at 100x30, columns 46-99); its plot
# starts at row 18.
mouse 0 82 20; mouse 3 82 20
tui_wait "(clicked)"; ok $? "click on the curve sets n"
tui_cap | grep -q "vs n.* \*"; ok $? "the click focused the curve"
n=$(tui_cap | sed -n 's/.*n = \([0-9]*\) (clicked).*/\1/p')
# Column 82 is 29 of the 46 plot columns (x from 53) of log2 n in 0..40.
[ -n "$n" ] && [ "$n" -gt $((1 << 25)) ] && [ "$n" -lt $((1 << 26)) ]
ok $? "clicked n = $n is 2^(40*29/45), between 2^25 and 2^26"
# The panel prints H with the digits that tell it from log n (7 here, as
# H/log n = 0.9999998): compare it with the CLI's value to that precision.
h=$(report_value entropy_nats --n "$n")
tui_settle
shown=$(tui_cap | sed -n 's/.*H=\([0-9.]*\) .*/\1/p' | head -1)
awk -v a="$shown" -v b="$h" 'BEGIN { d = a - b; exit !(a != "" && d * d <= (1e-6 * b) ^ 2) }'
ok $? "H at the clicked n = $shown (disperse report $h)"
# The map: Tab to it (it replaces the weights), click a cell, click it again.
T send-keys Tab
tui_wait "map *"; ok $? "map focused and shown"
# At 100x30 the map is the lower plot: room for 46 x 12 cells from column
# 53, row 17 (lambda = 1 on top; two rows a screen row in half blocks),
# showing an exact subsample of the view's 161 x 101 figure: 41 x 11 cells
# (40 divides 160, 10 divides 100), the 41 cells sharing the 46 plot
# columns (cell c from column 53 + floor(46 c / 41)): column 57 is cell 3.
# Screen row 19 holds grid rows 6 and 5 of 0..10: a click picks the upper,
# 6: figure cell (60, 12).
mouse 0 57 19; mouse 3 57 19
tui_wait "cursor θ=-1.7 λ=0.6 "; ok $? "click picks the map cell (theta -2 + 4*3/40, lambda 6/10)"
mouse 0 57 19; mouse 3 57 19
tui_wait "jumped to theta = -1.7, lambda = 0.6"; ok $? "second click jumps theta, lambda there"
# The key bar (row 29 at 100x30): a click on a label is its key.  "F1Help"
# starts at column 0.  Ctrl-L first: any key clears the last message, which
# the key bar's row shows instead.
T send-keys C-l
tui_wait "F1Help sSnapshot"; ok $? "key bar shown"
mouse 0 2 29; mouse 3 2 29
tui_wait "Global keys"; ok $? "click on F1Help in the key bar opens the help"
T send-keys Escape
tui_gone "Global keys"; ok $? "Escape closes it"
# "qQuit" is at column 17 (F1Help sSnapshot qQuit).
mouse 0 18 29; mouse 3 18 29
tui_exited; ok $? "click on qQuit quits"
tui_restored; ok $? "terminal restored"
tap_done
