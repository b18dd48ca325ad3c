#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Resize storm: 150 window sizes (including 1x1 and far below the minimum)
# in quick succession while keys arrive; the TUI must survive, redraw the
# numbers at the final size, and quit with the terminal restored.
. "$top_srcdir/tests/tap.sh"
. "$top_srcdir/tests/tui/tui-lib.sh"
"$DISPERSE" report --n 2 >/dev/null 2>&1 || skip_all "disperse not available yet"

tui_start 90 26
tui_wait "H=1.36044"; ok $? "TUI up at 90x26"
pid=$(tui_pid)
i=0
while [ "$i" -lt 150 ]; do
	w=$(( (i * 37) % 180 + 1 ))
	h=$(( (i * 11) % 60 + 1 ))
	T resize-window -x "$w" -y "$h" >/dev/null 2>&1
	[ $((i % 10)) -eq 0 ] && T send-keys Tab >/dev/null 2>&1
	i=$((i + 1))
done
kill -0 "$pid" 2>/dev/null; ok $? "still running after 150 resizes"
T resize-window -x 100 -y 30
T send-keys Escape >/dev/null 2>&1
tui_wait "H=1.36044"; ok $? "numbers redrawn at 100x30"
T send-keys q
tui_exited; ok $? "q quits after the storm"
[ "$(cat "$tui_tmp/rc" 2>/dev/null)" = 0 ]; ok $? "exit status 0"
tui_restored; ok $? "terminal restored"
tap_done
