#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Every example script runs into a temporary directory and produces valid
# figures with the expected content.
. "$top_srcdir/tests/tap.sh"
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT
export DISPERSE
E="$top_srcdir/examples"
svg_ok() { # svg_ok DIR
	for f in "$1"/*.svg; do
		if [ -n "$XMLLINT" ] && [ -x "$XMLLINT" ]; then
			"$XMLLINT" --noout "$f" || return 1
		else
			grep -q '</svg>' "$f" || return 1
		fi
	done
}
for s in fig5-map dispersion-vs-n adaptive-vs-plain; do
	sh "$E/$s.sh" "$T/$s" >"$T/$s.list" 2>"$T/$s.err"
	r=$?; [ $r -ne 0 ] && diag "$(cat "$T/$s.err")"
	ok $r "$s.sh runs"
	ok $(test "$(wc -l <"$T/$s.list")" -eq 8 && test "$(ls "$T/$s" | wc -l)" -eq 8; echo $?) "$s.sh writes 8 files"
	svg_ok "$T/$s"
	ok $? "$s.sh SVGs are well-formed"
done
# Figure 5: 161 x 101 cells; entropy between 0 and log 16.
m=$(ls "$T"/fig5-map/*-map.csv)
awk -F, '!/^#/ && $1 != "row" { c++; if ($5 < 0 || $5 > log(16) + 1e-12) bad++ } END { exit !(c == 161 * 101 && bad == 0) }' "$m"
ok $? "fig5: 16261 cells with 0 <= H <= log 16"
# lambda = 1 (top row) is uniform at theta != 0: H = log 16.
awk -F, '!/^#/ && $1 == 100 && $3 == 1 { d = $5 - log(16); exit !(d < 1e-12 && d > -1e-12) }' "$m"
ok $? "fig5: lambda = 1, theta = 1 gives H = log 16"
# Dispersion: 11 sizes 16 .. 16384, max weight inside the tight band, decreasing.
c=$(ls "$T"/dispersion-vs-n/*-curve.csv)
awk -F, '!/^#/ && $1 != "n" { k++; if ($7 > $10 * (1 + 1e-12) || $7 < $9) bad++; if (k > 1 && $7 >= prev) bad++; prev = $7; last = $1 } END { exit !(k == 11 && bad == 0 && last == 16384) }' "$c"
ok $? "dispersion: 11 sizes to 16384, max weight in the Lemma 2.1 band and falling"
# Adaptive vs plain: the plain overlay column exists, adaptive is never flatter.
a=$(ls "$T"/adaptive-vs-plain/*-curve.csv)
ok $(grep -q 'entropy_softmax' "$a"; echo $?) "adaptive: plain softmax overlay column"
awk -F, '!/^#/ && $1 != "n" { if ($2 > $17 + 1e-9) bad++; k++ } END { exit !(k > 30 && bad == 0) }' "$a"
ok $? "adaptive: entropy <= plain entropy at every n"
# The sample logits file works with the file family.
"$DISPERSE" snapshot --input "$E/logits-sample.txt" --out "$T/sample" >/dev/null
ok $? "logits-sample.txt snapshot"
tap_done
