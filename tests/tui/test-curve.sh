#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Issue 9: stick-breaking on a random family has no large-n route (its
# weights depend on the items' order, which the law's typical configuration
# has not; entmax has one since issue 23).  The curve is
# drawn only where it was computed (item by item up to the view's route
# policy size 2^16, DSP_VIEW_EXPLICIT_MAX) with a caption saying so, not as
# a flat line at H = 0 to 2^40; past it the refusal names the route
# policy's size, which the CLI commands share (review finding 4), and the
# legend shows the real n, not n=0 : n*=1.
. "$top_srcdir/tests/tap.sh"
. "$top_srcdir/tests/tui/tui-lib.sh"

tui_start 160 50 --family gaussian --attn stickbreak -n 4096
tui_wait "item by item only, up to n = 65536"; ok $? "curve caption: stick-breaking has no large-n limit, item by item up to 2^16"
# Both plots span 1 .. 2^40 over ~100 columns of braille cells: points up
# to 2^16 cover about 16/40 of them; the same view with softmax, whose
# curve goes on to 2^40, fills ~460 cells.  The y axis tops at
# log 65536 = 11.09, the largest n computed.
braille=$(printf '\342[\240\241\242\243]')
dots=$(tui_cap | LC_ALL=C grep -o "$braille" | wc -l)
ok $(test "$dots" -gt 20 && test "$dots" -lt 300; echo $?) "curve stops at 2^16 ($dots braille cells, not ~460)"
tui_cap | grep -q ' 11.1 '; ok $? "entropy axis tops at log 65536 = 11.09"
tui_cap | grep -q 'H = 1.36658 nats'; ok $? "panel H = 1.36658 at n = 4096 (report: 1.366576465)"
T send-keys q
tui_exited; ok $? "quit"

tui_fresh 160 50 --family gaussian --attn stickbreak -n 2^18
tui_wait "up to n = 65536 (the route policy)"; ok $? "n = 2^18: refusal names the route policy's size"
tui_cap | grep -q "use n <= 2^27"; ok $(test $? -ne 0; echo $?) "no self-contradicting 'use n <= 2^27'"
tui_cap | grep -q "n=262144  : n\*=n/a"; ok $? "legend: n=262144, n*=n/a (not n=0 : n*=1)"
"$DISPERSE" report --family gaussian --attn stickbreak -n 2^18 >/dev/null 2>"$tui_tmp/err"
[ $? -eq 1 ] && grep -q "up to n = 65536 (the route policy)" "$tui_tmp/err"
ok $? "the CLI refuses gaussian + stick-breaking at n = 2^18 the same way"
T send-keys q
tui_exited; ok $? "quit"
tap_done
