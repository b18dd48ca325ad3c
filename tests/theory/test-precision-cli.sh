#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# disperse precision: format limits, emulated weights, underflow points.
. "$top_srcdir/tests/tap.sh"
[ -x "$DISPERSE" ] || skip_all "disperse not built"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# Column NAME of the row whose format is F.
cell() { grep -v '^#' | awk -F, -v col="$1" -v f="$2" '
	NR == 1 { for (i = 1; i <= NF; i++) if ($i == col) c = i; next }
	$1 == f { print $c }'; }
near() { awk -v g="$1" -v w="$2" -v t="$3" 'BEGIN { d = g - w; if (d < 0) d = -d; exit !(g != "" && d <= t * (w < 0 ? -w : w)) }'; }

"$DISPERSE" precision --show limits --format csv >"$tmp/l.csv" 2>"$tmp/err"
ok $? "precision --show limits"
[ "$(cell max float16 <"$tmp/l.csv")" = 65504 ]; ok $? "float16 max 65504"
near "$(cell min_subnormal float16 <"$tmp/l.csv")" 5.9604644775390625e-08 1e-9
ok $? "float16 min subnormal 2^-24"
[ "$(cell max fp8-e4m3 <"$tmp/l.csv")" = 448 ]; ok $? "E4M3 max 448"
[ "$(cell overflow fp8-e4m3 <"$tmp/l.csv")" = saturate ]; ok $? "E4M3 saturates"
[ "$(cell max fp8-e5m2 <"$tmp/l.csv")" = 57344 ]; ok $? "E5M2 max 57344"
[ "$(cell overflow fp8-e5m2 <"$tmp/l.csv")" = inf ]; ok $? "E5M2 overflows to inf"
near "$(cell epsilon bfloat16 <"$tmp/l.csv")" 0.0078125 1e-12; ok $? "bfloat16 epsilon 2^-7"
[ "$(cell digits float32 <"$tmp/l.csv")" = 24 ]; ok $? "float32 24 digits"

# Spike delta 4, store model: tail 1/(e^4 + n - 1) flushes once <= min_sub/2,
# n* = ceil(2/min_sub + 1 - e^4).
"$DISPERSE" precision --family spike --delta 4 --model store --show underflow \
	--format csv >"$tmp/u.csv"
ok $? "precision --show underflow (store)"
[ "$(cell underflow_n float16 <"$tmp/u.csv")" = 33554379 ]; ok $? "float16: n* = 2^25 + 1 - e^4 -> 33554379"
[ "$(cell underflow_n fp8-e4m3 <"$tmp/u.csv")" = 971 ]; ok $? "E4M3: n* = 1025 - e^4 -> 971"
[ "$(cell underflow_n fp8-e5m2 <"$tmp/u.csv")" = 131019 ]; ok $? "E5M2: n* = 2^17 + 1 - e^4 -> 131019"
[ "$(cell underflow_n double <"$tmp/u.csv")" = none ]; ok $? "double: none up to 2^60"

# Weights at n = 1000 in E4M3 (fp32 accumulation): the tail e^-4/S with
# S = 1 + 999 e^-4 is 9.49e-4 < 2^-10, so 999 weights are exactly 0.
"$DISPERSE" precision --family spike --delta 4 -n 1000 --show weights --format csv >"$tmp/w.csv"
ok $? "precision --show weights"
[ "$(cell zero_weights fp8-e4m3 <"$tmp/w.csv")" = 999 ]; ok $? "E4M3 n=1000: 999 zero weights"
near "$(cell max_weight fp8-e4m3 <"$tmp/w.csv")" 0.05078125 1e-12; ok $? "E4M3 head rounds to 0.05078125 = 13 * 2^-8"
near "$(cell max_weight double <"$tmp/w.csv")" 0.0518206586 1e-9; ok $? "double head e^4/(e^4 + 999)"
[ "$(cell zero_weights float16 <"$tmp/w.csv")" = 0 ]; ok $? "float16 n=1000: no zeros"

"$DISPERSE" precision --format json --formats float16,fp8-e5m2 >"$tmp/p.json"
ok $? "precision --format json"
if [ -n "$JQ" ]; then
	[ "$("$JQ" '.rows | length' <"$tmp/p.json")" = 2 ]; ok $? "JSON: two formats"
else
	grep -q '"underflow_n"' "$tmp/p.json"; ok $? "JSON has underflow_n"
fi

for args in "--formats float8" "--model bogus" "--show nothing" "--n-max 1" "--precision float16"; do
	# shellcheck disable=SC2086
	"$DISPERSE" precision $args >/dev/null 2>"$tmp/err"
	rc=$?
	[ "$rc" -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ]
	ok $? "precision $args: exit 2, one line (got $rc)"
done
tap_done
