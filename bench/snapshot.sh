#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# make bench (its snapshot lines), or alone: sh bench/snapshot.sh BUILDDIR.
# snapshot --input of 2^22 logits (8 U[0,1) - 4, a float64 .npy): peak
# RSS, then its CPU against the naive writer's, glibc's printf("%.17g") for
# 3 x 2^22 numbers (bench/bench-print, one round each time), the two run
# in turn ROUNDS times (default 5) so that both see the same load; min and
# median of each, and the ratios of the mins and of the medians.  With
# DISPERSE_BASE=an older disperse binary, it runs in the same rounds: a
# before/after comparison in one run.  Not a test: nothing fails on timing.
set -u
builddir=${1:-.}
rounds=${ROUNDS:-5}
py=/usr/bin/python3
tmp=${TMPDIR:-/tmp}/disperse-bench-snap-$$
trap 'rm -rf "$tmp.npy" "$tmp.d" "$tmp.t"' EXIT INT TERM

if ! [ -x "$py" ] || ! "$py" -c "import numpy as np; np.save('$tmp.npy', \
    np.random.default_rng(1).random(1 << 22) * 8 - 4)" 2>/dev/null; then
	echo "snapshot: needs /usr/bin/python3 with numpy to write the .npy; skipped"
	exit 0
fi
mkdir -p "$tmp.d" || exit 1
rss=$("$builddir/bench/bench-rss" "$builddir/disperse" snapshot --input "$tmp.npy" \
	--out "$tmp.d") || exit 1
echo "snapshot --input (2^22 logits, .npy): peak RSS $rss MiB," \
	"$(echo "$rss * 1048576 / 4194304" | bc) bytes an item (goal: input 32 MiB + 64 MiB = 96 MiB)"
# Each round: "new S", "base S" (if asked), "printf MS dtoa MS"; the
# snapshots' files are removed as they come (a set is 250 MB).
i=0
while [ "$i" -lt "$rounds" ]; do
	for bin in "$builddir/disperse" ${DISPERSE_BASE:+"$DISPERSE_BASE"}; do
		tag=new
		[ "$bin" = "$builddir/disperse" ] || tag=base
		set -- $("$builddir/bench/bench-rss" -t "$bin" snapshot --input "$tmp.npy" \
			--out "$tmp.d") || exit 1
		echo "$tag $2"
		rm -f "$tmp.d"/*
	done
	echo "printf $("$builddir/bench/bench-print" 1)" || exit 1
	i=$((i + 1))
done >"$tmp.t"
awk -v rounds="$rounds" '
function sorted(a, n,    i, j, t) {
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && a[j - 1] > a[j]; j--) {
			t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
		}
}
function med(a, n) { return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
$1 == "new" { s[++ns] = $2 }
$1 == "base" { b[++nb] = $2 }
$1 == "printf" { p[++np] = $2 / 1000; d[++nd] = $3 / 1000 }
END {
	sorted(s, ns); sorted(b, nb); sorted(p, np); sorted(d, nd)
	printf "snapshot --input 2^22: %.3f / %.3f s CPU (min / median of %d)\n", s[1], med(s, ns), ns
	if (nb)
		printf "  the same, DISPERSE_BASE: %.3f / %.3f s CPU\n", b[1], med(b, nb)
	printf "printf %%.17g 3x2^22: %.3f / %.3f s CPU (dsp_dtoa: %.3f / %.3f s)\n",
		p[1], med(p, np), d[1], med(d, nd)
	printf "snapshot / printf: %.2f min, %.2f median (goal <= 0.5)\n",
		s[1] / p[1], med(s, ns) / med(p, np)
	if (nb)
		printf "  DISPERSE_BASE / printf: %.2f min, %.2f median\n",
			b[1] / p[1], med(b, nb) / med(p, np)
}' "$tmp.t"
