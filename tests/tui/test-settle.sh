#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Issue 24 item 1: a screen that settles at every size.  The summary job's
# key held the Weights panel's width: the finished summary made the Theorem
# panel taller, which moved the Weights panel (37 <-> 38 columns), which
# posted a new job, which hid the summary again -- "computing" for minutes
# and hundreds of stale jobs cancelled while nothing changed.
#
# The random families at n = 2^10, 2^16 and 2^20, the others at 2^16, a
# 2^20-logit file and its resample (empirical), each started once and resized through 80x24,
# 100x30, 120x40, 140x45 and 200x60 (a resize is a layout change, never a
# new job): at each size every panel settles (no "computing" anywhere, within
# a generous bound; the time it took is printed, not asserted) and, once
# settled, the stale-job count (status line with T) stays where it is while
# nothing changes.  The panels keep their place while the figures arrive:
# the Weights panel's corner is the same before and after the summary.
. "$top_srcdir/tests/tap.sh"
. "$top_srcdir/tests/tui/tui-lib.sh"

f="$tui_tmp/l20.txt"
awk 'BEGIN { for (i = 0; i < 1048576; i++) printf "%.17g\n", 4 * sin(0.618 * i) }' >"$f"

sizes="80x24 100x30 120x40 140x45 200x60"
# The stale-job count on the status line with the timings (T) on: it fits
# at 200 columns.
cancelled() {
	tui_status | sed -n 's/.* \([0-9][0-9]*\) stale cancelled.*/\1/p' | grep . || echo 0
}
# settled: no panel says computing on two captures in a row (a resize
# redraws after the pane has changed); polls up to 15 s.  Sets $tenths.
settled() {
	tenths=0 clean=0
	while [ "$tenths" -lt 150 ]; do
		s=$(tui_cap)
		if echo "$s" | grep -q "Parameters" && ! echo "$s" | grep -q computing; then
			clean=$((clean + 1))
			[ "$clean" -ge 2 ] && return 0
		else
			clean=0
		fi
		sleep 0.1
		tenths=$((tenths + 1))
	done
	echo "$s" | sed 's/^/| /' | head -60 | while IFS= read -r l; do diag "$l"; done
	return 1
}
# run_case NAME OPTIONS...: one start at 200x60, settled, then resized
# through every size; the count of cancelled jobs is the same at the end:
# no layout change cancelled anything.
run_case() {
	name=$1
	shift
	tui_start 200 60 "$@"
	tui_wait "Parameters" || { ok 1 "$name: starts"; return; }
	T send-keys T
	settled
	tui_wait_status "bg "
	c0=$(cancelled)
	for sz in $sizes; do
		T resize-window -x "${sz%x*}" -y "${sz#*x}"
		settled
		ok $? "$name at $sz: every panel settles (in $tenths/10 s)"
	done
	tui_wait_status "bg "
	c1=$(cancelled)
	[ "$c0" = "$c1" ]
	ok $? "$name: no job cancelled by the five layouts ($c0 before, $c1 after)"
	T send-keys q
	tui_exited
	[ "$(cat "$tui_tmp/rc" 2>/dev/null)" = 0 ]; ok $? "$name: q quits, status 0"
	tui_kill
}

# The plain build: the random families that live-locked (uniform,
# gaussian) at 2^10, 2^16 and 2^20, the others at 2^16 (where the routes
# switch); under sanitizers, where a start costs several times as much,
# uniform and gaussian at 2^16 and 2^20.  Both: the file and its resample.
cases="uniform:1024 uniform:65536 uniform:1048576 gaussian:1024 gaussian:65536
gaussian:1048576 power:65536 spike:65536 ramp:65536"
if [ -n "${DSP_SANITIZERS:-}" ]; then
	cases="uniform:65536 uniform:1048576 gaussian:65536 gaussian:1048576"
	diag "sanitizer build: $cases (the larger set runs in the plain build)"
fi
for c in ${SETTLE_CASES:-$cases}; do
	run_case "${c%%:*} n=${c#*:}" --family "${c%%:*}" -n "${c#*:}"
done
run_case "file 2^20" --input "$f"
run_case "empirical of the file, n=2^20" --input "$f" --family empirical -n 1048576

# The Weights panel keeps its place while its figures arrive: entmax over
# the file is a job of seconds; the panel's top-left corner (its title) is
# where it was while computing.
tui_start 120 40 --input "$f" --attn entmax --alpha 1.001
tui_wait "computing" 300
pos0=$(tui_cap | grep -n "Weights" | head -1 | awk -F: '{ print $1 }')
col0=$(tui_cap | grep "Weights" | head -1 | sed 's/Weights.*//' | wc -m)
tui_wait "runs:" 300
ok $? "entmax over the file at 120x40: the summary arrives"
pos1=$(tui_cap | grep -n "Weights" | head -1 | awk -F: '{ print $1 }')
col1=$(tui_cap | grep "Weights" | head -1 | sed 's/Weights.*//' | wc -m)
[ "$pos0" = "$pos1" ] && [ "$col0" = "$col1" ]
ok $? "the Weights panel kept its place (row $pos0 col $col0, then row $pos1 col $col1)"
T send-keys q
tui_exited
tui_kill

# The model is part of every key: `:model B.json` shows B's weights, not
# A's (the cache key left the model out).  B is A with its query vector's
# first weight changed; each max weight is `disperse report`'s.
a="$top_srcdir/examples/maxret-model.json"
b="$tui_tmp/b.json"
sed 's/"q": {"shape": \[16, 1\], "data": \[-1.025821147229646/"q": {"shape": [16, 1], "data": [-4.5/' "$a" >"$b"
ma=$(report_value max_weight --model "$a")
mb=$(report_value max_weight --model "$b")
[ -n "$ma" ] && [ -n "$mb" ] && [ "$(printf '%.3g' "$ma")" != "$(printf '%.3g' "$mb")" ]
ok $? "two models with different max weights ($ma, $mb: report)"
tui_start 120 40 --model "$a"
tui_wait "max $(printf '%.3g' "$ma") "; ok $? "model A: the Weights panel's max $(printf '%.3g' "$ma")"
T send-keys : "model $b" Enter
tui_wait "max $(printf '%.3g' "$mb") "; ok $? ":model B.json: B's max $(printf '%.3g' "$mb"), not A's"
T send-keys q
tui_exited
tap_done
