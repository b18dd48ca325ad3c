#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Bad input matrix for the CLI: every case either works with finite numbers
# or fails with one clear line and the documented exit status (1 runtime,
# 2 usage), never a crash.  Memory limits (ulimit -v) only without
# sanitizers (ASan reserves terabytes of address space).
. "$top_srcdir/tests/tap.sh"
"$DISPERSE" report --n 2 >/dev/null 2>&1 || skip_all "disperse report not available yet"
tmp=${TMPDIR:-/tmp}/disperse-bad-$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT INT TERM

# expect STATUS DESCRIPTION ARGS...: exit status, and for failures exactly
# one stderr line starting "disperse report:".
expect() {
	want=$1; what=$2; shift 2
	"$DISPERSE" "$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	lines=$(wc -l <"$tmp/err")
	if [ "$want" -eq 0 ]; then
		# The figures computed from the weights must be numbers.  (Bounds
		# may be nan when the spread itself overflows, e.g. +-1e308.)
		! grep -E '^(entropy_nats|entropy_norm|max_weight|min_weight|total) ' "$tmp/out" |
			grep -qi 'nan'
		okv=$?
		[ "$got" -eq 0 ] && [ "$okv" -eq 0 ]
	else
		[ "$got" -eq "$want" ] && [ "$lines" -eq 1 ] && grep -q '^disperse' "$tmp/err"
	fi
	ok $? "$what (exit $got, want $want)"
	[ "$got" -ge 128 ] && diag "crashed with signal $((got - 128))"
	[ "$want" -ne 0 ] && [ "$lines" -ne 1 ] && diag "stderr has $lines lines:" "$(head -3 "$tmp/err")"
	return 0
}

printf 'nan 1 2\n' >"$tmp/nan"
printf '1\n-inf\n' >"$tmp/inf"
printf '1e308 -1e308 0\n' >"$tmp/huge"
printf '4.9e-324 0 -4.9e-324\n' >"$tmp/denormal"
printf '1e309\n' >"$tmp/overflow"
: >"$tmp/empty"
printf '# nothing here\n\n' >"$tmp/comment"
printf '\177ELF\002\001\001\000\000\000\377\376garbage\200\201' >"$tmp/binary"

expect 1 "NaN logit is an error" report --input "$tmp/nan"
expect 1 "-inf logit is an error" report --input "$tmp/inf"
expect 1 "1e309 overflows: error" report --input "$tmp/overflow"
expect 0 "logits +-1e308: finite figures" report --input "$tmp/huge"
grep -q 'entropy_nats  *0 ' "$tmp/out"
ok $? "logits +-1e308: one-hot, H = 0"
expect 0 "subnormal logits 4.9e-324: finite figures" report --input "$tmp/denormal"
grep -q 'entropy_nats  *1.0986122' "$tmp/out"
ok $? "subnormal logits: uniform, H = log 3"
expect 1 "empty file is an error" report --input "$tmp/empty"
expect 1 "comment-only file is an error" report --input "$tmp/comment"
expect 1 "binary garbage is an error" report --input "$tmp/binary"
expect 1 "missing file is an error" report --input "$tmp/does-not-exist"
expect 1 "directory as input is an error" report --input "$tmp"
expect 0 "theta = 0 (argmax limit)" report --theta 0
expect 0 "theta < 0" report --theta -0.5
expect 0 "theta tiny 1e-300" report --theta 1e-300
expect 0 "lambda < 0" report --lambda -0.7
expect 0 "lambda = -1" report --lambda -1 --n 1000
expect 2 "delta < 0 is a usage error" report --delta -1
expect 2 "n = 0 is a usage error" report --n 0
expect 2 "n = abc is a usage error" report --n abc
expect 2 "theta = nan is a usage error" report --theta nan
expect 2 "unknown family is a usage error" report --family nosuch
expect 1 "unwritable output path is an error" report -o "$tmp/no/such/dir/out.txt"

# Write failures and snapshot paths (only once the snapshot command exists).
if [ -w /dev/full ]; then
	expect 1 "output to /dev/full: write error" report -o /dev/full
fi
if "$DISPERSE" snapshot --help >/dev/null 2>&1; then
	: >"$tmp/plainfile"
	expect 1 "snapshot into an uncreatable directory" snapshot --out /proc/no-such-dir/x
	expect 1 "snapshot --out naming a regular file" snapshot --out "$tmp/plainfile"
	expect 1 "snapshot --load of a missing file" snapshot --load "$tmp/missing.json" --out "$tmp/s"
	expect 1 "snapshot --load of garbage" snapshot --load "$tmp/binary" --out "$tmp/s"
	expect 1 "snapshot --load with n = 0" snapshot \
		--load "$top_srcdir/tests/fuzz/corpus-snapshot/bad-n-0.json" --out "$tmp/s"
	expect 1 "snapshot --load nested 5000 deep" snapshot \
		--load "$top_srcdir/tests/fuzz/corpus-json/deep" --out "$tmp/s"
fi

# n beyond memory: the uniform family switches to its law's typical
# configuration.
expect 0 "uniform n = 2^62: typical configuration" report --family uniform --n 4611686018427387904
grep -q 'typical configuration of the law' "$tmp/out"
ok $? "uniform n = 2^62 reports method 'typical'"

# Weights requested where only the expected limit exists: said so, no allocation.
"$DISPERSE" precision --family uniform --n 2^62 --show weights >"$tmp/out" 2>"$tmp/err"
st=$?
[ "$st" -eq 0 ] && grep -q 'exceeds the explicit limit' "$tmp/out"
ok $? "uniform 2^62 weights (precision --show weights): explicit-limit note, exit $st"

if [ -z "${DSP_SANITIZERS:-}" ]; then
	( ulimit -v 262144 && "$DISPERSE" precision --family uniform --n 2^62 --show weights ) \
		>/dev/null 2>&1
	ok $? "uniform 2^62 weights under ulimit -v 256 MiB"
	# 256 MiB of address space: any attempt to materialise 2^62 items fails.
	( ulimit -v 262144 && "$DISPERSE" report --family uniform --n 2^62 ) >/dev/null 2>&1
	ok $? "uniform n = 2^62 under ulimit -v 256 MiB (no allocation attempt)"
	# Selective at theta < 0: the runs form (softmax and sigmoid sum the
	# series in closed form; stick-breaking, and selective at theta > 0,
	# take its first terms).
	( ulimit -v 262144 && "$DISPERSE" report --attn selective --theta -1 --lambda 0.9999999 --n 2^62 ) \
		>/dev/null 2>"$tmp/err"
	st=$?
	[ "$st" -eq 1 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ]
	ok $? "power lambda 0.9999999 at 2^62 (selective, theta -1) under ulimit: clear error, exit $st"
	( ulimit -v 262144 && "$DISPERSE" report --attn stickbreak --lambda 0.9999999 --n 2^62 ) >/dev/null 2>&1
	ok $? "power lambda 0.9999999 at 2^62 (stick-breaking, its first 2^16 terms) under ulimit: exit 0"
	diag "$(cat "$tmp/err")"
	( ulimit -v 262144 && "$DISPERSE" report --attn sigmoid --lambda 0.9999999 --n 2^62 ) >/dev/null 2>&1
	ok $? "power lambda 0.9999999 at 2^62 (sigmoid, closed form) under ulimit: exit 0"
	( ulimit -v 262144 && "$DISPERSE" report --lambda 0.9999999 --n 2^62 ) >/dev/null 2>&1
	ok $? "power lambda 0.9999999 at 2^62 (softmax, closed form) under ulimit: exit 0"

	# 10^7 lines: parse time and memory bounded (doubles 80 MB + text 90 MB).
	awk 'BEGIN { for (i = 0; i < 10000000; i++) printf "%.6f\n", (i % 1000) / 250.0 }' \
		>"$tmp/big"
	start=$(date +%s)
	( ulimit -v 1048576 && "$DISPERSE" report --input "$tmp/big" ) >"$tmp/out" 2>"$tmp/err"
	st=$?
	end=$(date +%s)
	[ "$st" -eq 0 ] && grep -q '^n  *10000000 ' "$tmp/out"
	ok $? "10^7-line file within 1 GiB of address space (exit $st)"
	# Time is reported, not asserted: timing belongs in bench/.
	diag "10^7-line file parsed in $((end - start)) s"
	[ "$st" -eq 0 ] || diag "$(head -3 "$tmp/err")"
else
	diag "sanitizer build: ulimit -v cases and the 10^7-line file skipped"
fi
tap_done
