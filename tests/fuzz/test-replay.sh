#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Replay the seed corpora through the fuzz targets, built with the project
# compiler (so under --enable-sanitizers they run with ASan + UBSan).
. "$top_srcdir/tests/tap.sh"
bin=$top_builddir/tests/fuzz
for target in parse json snapshot npy tour opts reader; do
	case $target in parse) dir=corpus-logits ;; json) dir=corpus-json ;; snapshot) dir=corpus-snapshot ;;
	npy) dir=corpus-npy ;; tour) dir=corpus-tour ;; opts) dir=corpus-opts ;;
	reader) dir=corpus-reader ;; esac
	count=0
	for f in "$top_srcdir/tests/fuzz/$dir"/*; do
		out=$("$bin/fuzz-replay-$target" "$f" 2>&1)
		ok $? "$target: $(basename "$f")"
		[ -n "$out" ] && echo "$out" | grep -v '^ok\|^1\.\.' | sed 's/^/# /'
		count=$((count + 1))
	done
	[ "$count" -gt 5 ]
	ok $? "$target corpus has $count seeds"
done
tap_done
