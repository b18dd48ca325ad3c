#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Out of memory in the TUI (issue 30): start the TUI under
# tests/nomem/disperse-nomem with one allocation failed (an even sample of
# those a start, first view and quit make), then quit with q.  Each run
# must either show the view and quit with status 0 (at most one line on
# stderr: settings not saved), or end with status 1 and one line on stderr; the terminal is restored either way, and no run
# hangs or crashes.  (The allocations a start makes run on the worker
# thread too, so k names roughly the same one each time, not exactly.)
. "$top_srcdir/tests/tap.sh"
DISPERSE="$top_builddir/tests/nomem/disperse-nomem"
[ -x "$DISPERSE" ] || skip_all "no disperse-nomem binary"
. "$top_srcdir/tests/tui/tui-lib.sh"

# tui_run K: one start with allocation K failed (0: none); sets rc.
tui_run() {
	rm -f "$tui_tmp/err" "$tui_tmp/count"
	TUI_ENV="OMP_NUM_THREADS=1 DSP_FAIL_ALLOC=$1 DSP_ALLOC_COUNT='$tui_tmp/count'" \
	    tui_start 100 30 "2> '$tui_tmp/err'"
	# Up and showing its figure, or gone: either way, then q.
	i=0
	while [ "$i" -lt 100 ]; do
		[ -s "$tui_tmp/stty" ] && break
		tui_cap | grep -F -q "H=1.36044" && break
		sleep 0.1
		i=$((i + 1))
	done
	T send-keys q >/dev/null 2>&1
	tui_exited
	rc=$(cat "$tui_tmp/rc" 2>/dev/null || echo hang)
	T kill-server >/dev/null 2>&1
}

tui_run 0
n=$(cat "$tui_tmp/count" 2>/dev/null)
ok $(test "$rc" = 0 && test -n "$n" && test "$n" -gt 0; echo $?) "plain start and quit: status $rc, $n allocations"
[ -n "$n" ] && [ "$n" -gt 0 ] || n=1
samples=${DSP_NOMEM_TUI:-12}
[ "$samples" -gt "$n" ] && samples=$n
j=0
while [ "$j" -lt "$samples" ]; do
	k=$((1 + j * (n - 1) / (samples > 1 ? samples - 1 : 1)))
	tui_run "$k"
	lines=$(wc -l <"$tui_tmp/err" 2>/dev/null || echo 0)
	# Status 0 may come with one line: settings that could not be
	# saved at quit are reported, the session itself went well.
	if [ "$rc" = 0 ] && [ "$lines" -le 1 ]; then
		good=0
	elif [ "$rc" = 1 ] && [ "$lines" -eq 1 ]; then
		good=0
	else
		good=1
	fi
	tui_restored || good=1
	ok $good "allocation $k of $n failed: status $rc, $lines stderr line(s), terminal restored ($(head -c 160 "$tui_tmp/err" 2>/dev/null))"
	j=$((j + 1))
done
tap_done
