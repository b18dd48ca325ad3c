#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Bad input: exactly one line on stderr, nothing on stdout, exit 2 for a
# usage error and 1 for a runtime failure (unreadable or malformed data).
. "$top_srcdir/tests/tap.sh"
[ -x "$DISPERSE" ] || skip_all "no disperse binary"
data="$top_srcdir/tests/data"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# expect STATUS STDIN-FILE ARGS...
expect() {
	want=$1 in=$2
	shift 2
	"$DISPERSE" "$@" <"$in" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	lines=$(wc -l <"$tmp/err")
	[ "$rc" -eq "$want" ] && [ "$lines" -eq 1 ] && [ ! -s "$tmp/out" ] &&
	    grep -q '^disperse' "$tmp/err"
	ok $? "exit $want, one stderr line: $*"
	[ "$rc" -eq "$want" ] && [ "$lines" -eq 1 ] || diag "rc=$rc lines=$lines: $(cat "$tmp/err")"
}

n=/dev/null
expect 2 $n report --n 0
expect 2 $n report --n -3
expect 2 $n report --n abc
expect 2 $n report --n 2^64
expect 2 $n report --n 9223372036854775809
expect 2 $n report --n 1.5
expect 2 $n report --n ''
expect 2 $n report --delta -1
expect 2 $n report --delta nan
expect 2 $n report --theta inf
expect 2 $n report --theta 1x
expect 2 $n report --eps 0
expect 2 $n report --eps 2
expect 2 $n report --alpha 1
expect 2 $n report --ssmax-s 0
expect 2 $n report --seed -1
expect 2 $n report --family nope
expect 2 $n report --attn nope
expect 2 $n report --precision fp4
expect 2 $n report --format xml
expect 2 $n report --theta
expect 2 $n report -n
expect 2 $n report --bogus
expect 2 $n report -Z
expect 2 $n report --adaptive=1
expect 2 $n report extra
expect 2 $n report --family file
expect 2 $n report --family spike --input "$data/cli-spike5.txt"
expect 2 $n report --n 5 --input "$data/cli-spike5.txt"
expect 2 $n sweep --vary nope
expect 2 $n sweep --points 0
expect 2 $n sweep --from 100 --to 10
expect 2 $n sweep --input "$data/cli-spike5.txt"
expect 2 $n bound --solve nope
expect 2 $n bound --family spike
expect 2 $n bound --log-n -1
expect 2 $n heatmap --metric nope
expect 2 $n heatmap --cols 0
expect 2 $n heatmap --theta-range 1
expect 2 $n heatmap --lambda-range a:b
expect 2 $n nosuchcommand
expect 2 $n help nosuchcommand
expect 1 $n report --input "$data/cli-nan.txt"
expect 1 $n report --input "$data/cli-inf.txt"
expect 1 $n report --input "$data/cli-empty.txt"
expect 1 $n report --input "$data/cli-comment.txt"
expect 1 $n report --input "$data/cli-word.txt"
expect 1 $n report --input "$tmp/does-not-exist"
expect 1 "$data/cli-nan.txt" report --input -
expect 1 "$data/cli-empty.txt" report --input -
expect 1 "$data/cli-word.txt" report --input -
expect 1 $n report -o "$tmp/no/such/dir/out.txt"
"$DISPERSE" report --input "$data/cli-word.txt" 2>&1 | grep -q 'line 2'
ok $? "malformed input names the line"

# Option domains (issue 16 item 9): one line naming the option and its range,
# from the parameter table, instead of an internal message after the fact.
expect_msg() { # expect_msg MESSAGE ARGS...
	msg=$1
	shift
	"$DISPERSE" "$@" </dev/null >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ "$rc" -eq 2 ] && [ "$(cat "$tmp/err")" = "$msg" ] && [ ! -s "$tmp/out" ]
	ok $? "exit 2, '$msg'"
	[ "$rc" -eq 2 ] || diag "rc=$rc: $(cat "$tmp/err")"
}
expect_msg "disperse sweep: --from (theta) must be in [-1e+300, 1e+300] (got -1e+308)" \
	sweep --vary theta --from -1e308 --to 1e308
expect_msg "disperse report: --alpha must be in (1, 1000000] (got 1e+308)" \
	report --attn entmax --alpha 1e308
expect_msg "disperse fit: --beta-max must be in [1, 1e6] (got 1e308)" fit --beta-max 1e308
expect_msg "disperse heatmap: --theta-range must be A:B with A < B in [-1e+300, 1e+300] (got -1e+308:1e+308)" \
	heatmap --theta-range -1e308:1e308
expect_msg "disperse report: --topk: a size is at least 1 (got 0)" report --topk 0
expect_msg "disperse report: --ssmax-s must be in (0, 1000000] (got 0)" report --ssmax-s 0
# logit / theta past a double: the function named, and the cause (it
# used to be "entmax threshold has no bracket", for sparsemax too).
for a in sparsemax entmax; do
	"$DISPERSE" report --attn $a --delta 1e300 --theta 1e-300 >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ "$rc" -eq 1 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
	    grep -q "^disperse report: $a: .*logit / theta = [0-9.e+]* / 1e-300 overflows a double (give a --theta further from 0)\$" "$tmp/err"
	ok $? "$a, logit / theta past a double: exit $rc, '$(cat "$tmp/err")'"
done
# ... and a logit past an emulated format's range is named as such (the
# function saw it as infinite, and no --theta helps).
"$DISPERSE" report --attn entmax --precision float16 --delta 1e6 --theta 1e9 >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" -eq 1 ] && [ ! -s "$tmp/out" ] &&
    [ "$(cat "$tmp/err")" = "disperse report: entmax: logit 1e+06 is past the largest float16 (rounds to inf)" ]
ok $? "entmax in float16, logit 1e6: exit $rc, '$(cat "$tmp/err")'"
# A scaled temperature no double holds: exit 1 (the values are each in
# range), naming the scaling, its parts and the way out.
"$DISPERSE" report --attn ssmax --ssmax-s 1e-320 --n 2^63 </dev/null >"$tmp/out" 2>"$tmp/err"
rc=$?
ok $(test $rc -eq 1 && test ! -s "$tmp/out" && test "$(cat "$tmp/err")" = \
    "disperse report: ssmax at n = 9223372036854775808: the temperature theta / (s log n) = 1 / (9.99989e-321 x 43.6683) overflows a double (give a larger --ssmax-s or a smaller --theta)"
    echo $?) "exit 1: --ssmax-s 1e-320 at n = 2^63 names the overflowing temperature ($(cat "$tmp/err"))"
# Long spellings of numbers (>= 128 characters) are read, not refused.
z=$(printf '%0130d' 0)
"$DISPERSE" report --format csv --n "${z}16" 2>"$tmp/err" | grep -qx '# n: 16'
ok $? "a 132-character --n reads as 16"
"$DISPERSE" heatmap --format csv --cols 2 --rows 2 --theta-range "0.${z}1:2" 2>"$tmp/err" |
    grep -q '^# theta_range: 9.9999999999999999e-132:2'
ok $? "a 133-character --theta-range end is read"
printf '%s1.5\n2\n' "$z" >"$tmp/long.txt"
"$DISPERSE" report --input "$tmp/long.txt" >/dev/null 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "line 1: a number of 133 characters (at most 127)" "$tmp/err"
ok $? "--input: a 133-character number is refused with its length and the cap"
# Presets: the authors' reported Gemma spreads set delta.
"$DISPERSE" report --format csv --preset gemma-7b-max | grep -qx '# delta: 32.74'
ok $? "--preset gemma-7b-max: delta 32.74"
"$DISPERSE" report --format csv --preset gemma-2b-min --delta 3 | grep -qx '# delta: 3'
ok $? "a later --delta wins over --preset"
expect 2 $n report --preset gemma-9b

# --help and --version: stdout, exit 0, every command of cmd.h listed.
"$DISPERSE" --help >"$tmp/help" 2>"$tmp/err"
ok $? "disperse --help exits 0"
for c in report sweep bound heatmap snapshot compare precision fit tour; do
	grep -q "^  $c  " "$tmp/help"
	ok $? "--help lists $c"
done
for c in report sweep bound heatmap; do
	"$DISPERSE" $c --help >"$tmp/h" 2>&1 && grep -q "^Usage: disperse $c" "$tmp/h" &&
	    grep -q -- '--format' "$tmp/h"
	ok $? "disperse $c --help"
done
"$DISPERSE" help bound | grep -q -- '--solve'
ok $? "disperse help bound"
[ "$("$DISPERSE" --version)" = "disperse 0.1.0" ]
ok $? "disperse --version"
[ "$("$DISPERSE" -V)" = "disperse 0.1.0" ]
ok $? "disperse -V"
tap_done
