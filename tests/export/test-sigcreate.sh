#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# SIGTERM the moment a temporary exists, before the writer has told the
# handler of it (tests/export/sigcreate.c sends it from inside mkstemp), at
# each file of a snapshot, of a -o set and of an animation: the process
# dies of the signal and no ".disperse-*" temporary is left.  With OpenMP
# pool threads alive the signal may reach one of them (before, its handler
# killed the process beside the writer, leaving the file it was creating:
# a "SIGTERM during snapshots leaves no temporary" that failed under load).
. "$top_srcdir/tests/tap.sh"
SIG=$top_builddir/tests/export/disperse-sigcreate
tmp=${TMPDIR:-/tmp}/disperse-sigcreate-$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT INT TERM
export OMP_NUM_THREADS=2

# at NAME K CMD...: CMD with the signal at the K-th temporary, in a fresh
# directory $tmp/d; exit status 143 and nothing left there.
at() {
	name=$1 k=$2
	shift 2
	rm -rf "$tmp/d"
	mkdir "$tmp/d"
	# The shell's own "Terminated" goes to the discarded stderr too.
	(cd "$tmp/d" && DSP_SIGNAL_AT_CREATE=$k "$SIG" "$@" >/dev/null 2>"$tmp/err") 2>/dev/null
	st=$?
	left=$(ls -A "$tmp/d" | grep -c '^\.disperse-')
	[ "$st" -eq 143 ] && [ "$left" -eq 0 ]
	ok $? "$name: signal at temporary $k: killed (exit $st), $left left"
}

# Without the signal the same commands write their files: the count of
# temporaries each makes bounds the sweep.
(cd "$tmp" && "$SIG" snapshot --n 4096 --out s >/dev/null 2>&1)
nsnap=$(ls "$tmp/s" | wc -l)
[ "$nsnap" -ge 4 ]; ok $? "snapshot writes $nsnap files without the signal"
for k in $(seq 1 "$nsnap"); do
	at snapshot "$k" snapshot --n 4096 --out .
done
for k in 1 2; do
	at "depth -o --svg (one set)" "$k" depth --sizes 16,64 --layers 2 --format csv -o d.csv --svg d.svg
done
for k in 1 3; do
	at animate "$k" animate --n 256 --vary theta --frames 3 --out .
done
tap_done
