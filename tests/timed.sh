#!/bin/sh
# Runs a test driver (the rest of the command line) and appends the test's
# wall time in seconds and its name to $DSP_TEST_TIMES (by default
# test-times.log in the build tree), so ./bootstrap check can print the
# slowest tests and the total: growth is seen when it happens.
name=
prev=
for a in "$@"; do
	[ "$prev" = --test-name ] && name=$a
	prev=$a
done
start=$(date +%s.%N)
"$@"
rc=$?
end=$(date +%s.%N)
out=${DSP_TEST_TIMES:-${top_builddir:-.}/test-times.log}
awk -v s="$start" -v e="$end" -v n="$name" 'BEGIN { printf "%.1f %s\n", e - s, n }' >>"$out" 2>/dev/null
exit $rc
