#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs a test driver (the rest of the command line) and appends the test's
# wall time and CPU time (user + system of the test and all it started) in
# seconds, its name, and when it started and ended (seconds since the epoch)
# to $DSP_TEST_TIMES (by default test-times.log in the build tree), so
# ./bootstrap check can print the slowest tests, the totals and when each
# pass ran its tests: growth is seen when it happens, and so is a pass that
# ends long after the other.  On a busy machine the wall time
# measures the neighbours too; the CPU time is the test's own cost (not
# counting what runs under a tmux server the test started: the server is
# not its child).
name=
prev=
for a in "$@"; do
	[ "$prev" = --test-name ] && name=$a
	prev=$a
done
out=${DSP_TEST_TIMES:-${top_builddir:-.}/test-times.log}
if [ -x /usr/bin/time ]; then
	cpu=$(mktemp "${TMPDIR:-/tmp}/dsp-time.XXXXXX") || exit 99
	start=$(date +%s.%N)
	/usr/bin/time -o "$cpu" -f '%U %S' "$@"
	rc=$?
	end=$(date +%s.%N)
	# The driver's exit status is time's; its last line holds the times
	# (a line before it says when the test died of a signal).
	awk -v s="$start" -v e="$end" -v n="$name" \
		'{ c = $1 + $2 } END { printf "%.1f %.1f %s %d %d\n", e - s, c, n, s, e }' \
		"$cpu" >>"$out" 2>/dev/null
	rm -f "$cpu"
else
	start=$(date +%s.%N)
	"$@"
	rc=$?
	end=$(date +%s.%N)
	awk -v s="$start" -v e="$end" -v n="$name" \
		'BEGIN { printf "%.1f - %s %d %d\n", e - s, n, s, e }' >>"$out" 2>/dev/null
fi
exit $rc
