#!/bin/sh
# make bench: run the benchmarks and print the measured ratios (one run).
# Not a test: nothing here fails on timing.
set -u
builddir=${1:-.}
srcdir=${2:-.}
data=${TMPDIR:-/tmp}/disperse-bench-$$.f64
trap 'rm -f "$data"' EXIT INT TERM
"$builddir/bench/bench-map" || exit 1
echo
echo "kernel threads (the 2-thread threshold, src/core/kernel.c), the machine as it is:"
"$builddir/bench/bench-threads" || exit 1
echo "the same with the other core busy (a shell loop):"
sh -c 'while :; do :; done' &
busy=$!
"$builddir/bench/bench-threads"
st=$?
kill "$busy"
[ "$st" -eq 0 ] || exit 1
echo
"$builddir/bench/bench-app" || exit 1
echo
# Write the data file first (bench-kernel creates it), then time scipy on it.
"$builddir/bench/bench-kernel" "$data" >/dev/null || exit 1
py=/usr/bin/python3
scipy_ms=0
if [ -x "$py" ] && "$py" -c 'import numpy, scipy' 2>/dev/null; then
	set -- $("$py" "$srcdir/bench/bench-scipy.py" "$data")
	scipy_ms=$1
	echo "scipy: $1 ms, H = $2, max weight $3"
else
	echo "scipy: /usr/bin/python3 with numpy and scipy not found (apt-get install python3-scipy)"
fi
"$builddir/bench/bench-kernel" "$data" "$scipy_ms"
