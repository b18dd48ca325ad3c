#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Issue 24 item 5: never cut a number.  The map's cursor line at 120x40
# (a 33-column panel) with the entropy-norm metric at n = 2^16 read
# "entropy-norm = 0.9" for 0.99999996: now the words give way and the value
# is the one a 200-column screen shows whole.  The stale-job count is not on
# the status line unless the timings are (T).
. "$top_srcdir/tests/tap.sh"
. "$top_srcdir/tests/tui/tui-lib.sh"

# value_of: the number after "entropy-norm = " on the cursor line.
value_of() { tui_cap | sed -n 's/.*entropy-norm = \([0-9.e+-]*\).*/\1/p' | tail -1; }
tui_start 200 60 -n 65536
tui_wait "H=" 100
T send-keys m
tui_wait "entropy-norm =" 50; ok $? "200x60: m shows the entropy-norm cursor line"
wide=$(value_of)
T resize-window -x 120 -y 40
tui_wait "λ=0  entropy-norm = " 50
narrow=$(tui_cap | grep -o "entropy-norm = [0-9.e+-]* *│" | tail -1 | sed 's/entropy-norm = //; s/ *│//')
[ -n "$wide" ] && [ "$narrow" = "$wide" ]
ok $? "120x40: the cursor's value whole ($narrow), as at 200x60 ($wide)"
T send-keys : "theta 2" Enter : "theta 1" Enter
tui_wait "θ=1 " 50
! tui_status | grep -q "stale cancelled"; ok $? "no stale-cancel count on the status line"
T send-keys q
tui_exited
tap_done
