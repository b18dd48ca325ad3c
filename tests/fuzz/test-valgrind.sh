#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Representative CLI commands under valgrind memcheck: no invalid access, no
# uninitialised use, no definite leak.  Skipped without valgrind and in the
# sanitizer build (ASan and valgrind do not mix).
. "$top_srcdir/tests/tap.sh"
[ -n "${DSP_SANITIZERS:-}" ] && skip_all "sanitizer build (ASan covers these)"
[ -n "${VALGRIND:-}" ] && [ -x "$VALGRIND" ] || skip_all "valgrind not found"
"$DISPERSE" report --n 2 >/dev/null 2>&1 || skip_all "disperse report not available yet"
tmp=${TMPDIR:-/tmp}/disperse-vg-$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT INT TERM
printf '0.5 1 -2 3.25\n# comment\n4, 5; 6\n' >"$tmp/logits"
printf 'nan\n' >"$tmp/bad"

# vg WANT_STATUS DESCRIPTION ARGS...
vg() {
	want=$1; what=$2; shift 2
	OMP_NUM_THREADS=2 OMP_WAIT_POLICY=passive "$VALGRIND" -q --error-exitcode=99 --leak-check=full \
		--errors-for-leak-kinds=definite --log-file="$tmp/vg.log" \
		"$DISPERSE" "$@" >/dev/null 2>"$tmp/err"
	got=$?
	[ "$got" -eq "$want" ]
	ok $? "valgrind clean: $what (exit $got)"
	[ "$got" -eq 99 ] && sed 's/^/# /' "$tmp/vg.log" | head -40
	return 0
}

vg 0 "report (default power series)" report --n 16
vg 0 "report --input FILE" report --input "$tmp/logits"
vg 0 "report uniform 2^18 (threads)" report --family uniform --n 2^18
vg 0 "report spike 2^40 (runs)" report --family spike --n 2^40
vg 0 "report adaptive ramp" report --family ramp --n 100000 --adaptive
vg 0 "sweep over n" sweep --vary n --from 1 --to 1000000 --points 12
vg 0 "compare" compare
vg 0 "precision" precision
if "$DISPERSE" snapshot --help >/dev/null 2>&1; then
	# A 16 x 10 map and 16 curve points (161 x 101 and 256 by default):
	# every cell and point takes the same code, 2 s less under memcheck.
	small="--map-size 16x10 --curve-points 16"
	vg 0 "snapshot (all eight files)" snapshot --out "$tmp/snap" $small
	vg 0 "snapshot --load" snapshot --load "$top_srcdir/tests/fuzz/corpus-snapshot/file-logits.json" \
		--out "$tmp/snap2" $small
	vg 1 "snapshot --load of a bad file" snapshot --load "$tmp/bad" --out "$tmp/snap3"
fi
vg 1 "bad logits file (error path)" report --input "$tmp/bad"
vg 2 "usage error" report --n 0
tap_done
