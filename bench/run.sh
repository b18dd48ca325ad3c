#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# make bench: run the benchmarks and print the measured ratios (one run).
# Not a test: nothing here fails on timing.
set -u
builddir=${1:-.}
srcdir=${2:-.}
tmp=${TMPDIR:-/tmp}/disperse-bench-$$
data=$tmp.f64
trap 'rm -rf "$data" "$tmp.txt" "$tmp.npy" "$tmp.f32.npy" "$tmp.f64.npy" "$tmp.parse"' EXIT INT TERM

# Wall seconds of a command: min / median of 3 runs.
timeit() {
	for i in 1 2 3; do
		t0=$(date +%s.%N)
		"$@" >/dev/null || return 1
		t1=$(date +%s.%N)
		echo "$t1 - $t0" | bc
	done | sort -n | awk '{ t[NR] = $1 } END { printf "%.3f / %.3f s", t[1], t[2] }'
}
"$builddir/bench/bench-map" || exit 1
echo
echo "kernel threads (the 2-thread threshold, src/core/math/kernel.c), the machine as it is:"
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
sh "$srcdir/bench/settle.sh" "$builddir"
echo
# heatmap of a lambda-independent family (one row computed, reused).
t0=$(date +%s.%N)
"$builddir/disperse" heatmap --family uniform -n 2^20 --cols 161 --rows 101 >/dev/null || exit 1
t1=$(date +%s.%N)
echo "heatmap --family uniform -n 2^20 --cols 161 --rows 101: $(echo "$t1 - $t0" | bc) s (goal < 2 s)"
t0=$(date +%s.%N)
"$builddir/disperse" precision --family uniform -n 2^20 >/dev/null || exit 1
t1=$(date +%s.%N)
echo "precision --family uniform -n 2^20: $(echo "$t1 - $t0" | bc) s (goal < 0.2 s)"
echo
# Write the data file first (bench-kernel creates it), then time the
# Python anchors on it (/usr/bin/python3: numpy; python3-scipy and
# python3-torch from Debian when installed).
"$builddir/bench/bench-kernel" "$data" >/dev/null || exit 1
py=/usr/bin/python3
set -- 0 0 0
if [ -x "$py" ] && "$py" -c 'import numpy' 2>/dev/null; then
	set -- $("$py" "$srcdir/bench/bench-scipy.py" "$data")
	[ "$1" = 0 ] && echo "scipy: not installed (apt-get install python3-scipy)"
	[ "$3" = 0 ] && echo "torch: not installed (apt-get install python3-torch); anchor skipped"
else
	echo "numpy: /usr/bin/python3 with numpy not found"
fi
"$builddir/bench/bench-kernel" "$data" "$1" "$2" "$3"
# The process-start floor of a whole command: disperse --version (the
# binary loaded, its libraries resolved, nothing computed), best of 9,
# child CPU (user + system) and wall.
for i in 1 2 3 4 5 6 7 8 9; do
	"$builddir/bench/bench-rss" -t "$builddir/disperse" --version || exit 1
done | awk '{ if (NR == 1 || $2 < c) c = $2; if (NR == 1 || $3 < w) w = $3 }
	END { printf "floor start: %.2f ms CPU, %.2f ms wall\n", c * 1e3, w * 1e3 }'
echo
"$builddir/bench/bench-parse" "$tmp.txt" "$tmp.npy" >"$tmp.parse" || exit 1
cat "$tmp.parse"
# A whole text report --input against the parser alone on the same bytes
# in memory (CPU, all threads counted; best of 3): what reading the file
# adds -- the mapping, the first touch of the array, the kernel passes.
parse_ms=$(sed -n 's/^in-memory parse 2^24: \([0-9.]*\) ms$/\1/p' "$tmp.parse")
for i in 1 2 3; do
	DISPERSE_MAX_INPUT=1G "$builddir/bench/bench-rss" -t "$builddir/disperse" report \
	    --input "$tmp.txt" || exit 1
done | awk -v p="$parse_ms" '{ if (NR == 1 || $2 < c) c = $2 }
	END { printf "text report 2^24: %.1f ms CPU\ntext report / in-memory parse: %.2f (goal <= 2)\n",
	    c * 1e3, c * 1e3 / p }'
echo "  report --input, 2^24 logits: text $(DISPERSE_MAX_INPUT=1G timeit "$builddir/disperse" \
	report --input "$tmp.txt") (goal < 0.3 s), .npy $(timeit "$builddir/disperse" report \
	--input "$tmp.npy") (goal < 0.1 s)"
# A float32 .npy (what examples/dump-attention.py writes) against a
# float64 one of the same values: report --input, child CPU, the two in
# turn 5 times, min of each (issue 27: goal 0.6, half the bytes).  Both
# files are written alike, by one np.save each: how the page cache holds a
# file (its folio sizes) changes the cost of mapping it up to 2x (a copy by
# cp of the same .npy: 101 against 48 ms), which would swamp the ratio.
if "$py" -c 'import numpy as np, sys
x = np.load(sys.argv[1]).astype(np.float32)
np.save(sys.argv[2], x)
np.save(sys.argv[3], x.astype(np.float64))' "$tmp.npy" "$tmp.f32.npy" "$tmp.f64.npy" 2>/dev/null; then
	for i in 1 2 3 4 5; do
		printf 'f64 '; "$builddir/bench/bench-rss" -t "$builddir/disperse" report \
		    --input "$tmp.f64.npy" || exit 1
		printf 'f32 '; "$builddir/bench/bench-rss" -t "$builddir/disperse" report \
		    --input "$tmp.f32.npy" || exit 1
	done | awk '{ if (!($1 in c) || $3 < c[$1]) c[$1] = $3 }
		END { printf "report --input .npy 2^24, CPU min of 5: float64 %.1f ms, float32 %.1f ms\n",
		    c["f64"] * 1e3, c["f32"] * 1e3
		    printf "float32 / float64: %.2f (goal <= 0.6)\n", c["f32"] / c["f64"] }'
else
	echo "float32 / float64: skipped (no numpy to write the float32 .npy)"
fi
# The large-n route (the typical configuration of the law, O(runs), issue
# 23): whole commands at n = 2^60, process start included.
echo "  n = 2^60 (typical configuration): report gaussian $(timeit "$builddir/disperse" report \
	--family gaussian -n 2^60), report learned $(timeit "$builddir/disperse" report \
	--model "$srcdir/examples/maxret-model.json" -n 2^60) (goal < 0.1 s)"
echo
# snapshot --input of 2^22 logits: peak RSS, and CPU against glibc's
# printf (bench/snapshot.sh; DISPERSE_BASE=OLD-BINARY adds a baseline).
sh "$srcdir/bench/snapshot.sh" "$builddir" || exit 1
