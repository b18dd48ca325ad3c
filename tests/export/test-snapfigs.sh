#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Issue 23 item 4: a snapshot's JSON figures are report's, row by row: the
# test walks every row `report --format json` prints and finds it in the
# snapshot's figures under the same name with the same value (numbers bit
# for bit, texts such as "n/a" equal, and the reason of a text value under
# NAME_note), for every attention function's critical-n rows (SSMax, log-n:
# critical_n n/a and sharp_exponent; adaptive: critical_n_guaranteed) and
# the large-n route.
. "$top_srcdir/tests/tap.sh"
[ -x "$DISPERSE" ] || skip_all "no disperse binary"
command -v jq >/dev/null 2>&1 || skip_all "no jq"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# Rows that are not figures of the summary or that a snapshot words
# differently by design: method (report's sentence, the snapshot's route
# name), bound (a sentence in report, a table word in the snapshot).
skip='^(quantity|method|bound)$'
# The map and the curve are not among the figures compared: at their
# smallest they cost nothing (at the defaults, 161 x 101 cells and 256
# points, they were most of the test's time).
small="--map-size 2x2 --curve-points 2"
i=0
for v in "--attn ssmax" "--attn logn" "--adaptive" "" "--attn sparsemax" "--attn sigmoid" \
    "-n 2^20 --attn ssmax" "-n 100000 --adaptive"; do
	i=$((i + 1))
	a="--family gaussian -n 4096 --delta 6 --theta 0.7 --seed 3 $v"
	"$DISPERSE" report $a --format json >"$tmp/r.json" &&
	    "$DISPERSE" snapshot $a $small --out "$tmp/s$i" >"$tmp/files" &&
	    j=$(grep '\.json$' "$tmp/files")
	ok $? "report and snapshot: $v"
	# One jq over both documents: a line a report row, ROW when the
	# snapshot has it with the same value (and, for a text value, a
	# NAME_note the report's note contains), MISS with what differs.
	jq -r --slurpfile s "$j" --arg skip "$skip" '
	    $s[0].figures as $f | .rows[] | select(.quantity | test($skip) | not) |
	    .quantity as $q | (.value | tojson) as $rv | ($f[$q] | tojson) as $sv |
	    if $rv != $sv then "MISS \($q) (\($rv) / \($sv))"
	    elif (.value == "n/a" or .value == "none up to 2^63") and
		((.note // "") | contains($f[$q + "_note"] // "\u0000") | not)
	    then "MISS \($q)_note"
	    else "ROW" end' "$tmp/r.json" >"$tmp/cmp"
	rows=$(wc -l <"$tmp/cmp")
	miss=$(sed -n 's/^MISS//p' "$tmp/cmp" | tr '\n' ' ')
	[ -z "$miss" ] && [ "$rows" -gt 20 ]
	ok $? "$v: every one of report's $rows rows is in the snapshot's figures${miss:+, missing:$miss}"
done
# No item drawn (the large-n route): the hist SVG bins the law's n weights,
# as the TUI's Weights panel does, instead of "no per-item weights".  The
# row {0, log 2, log 2, -1} at n = 2^20 has three distinct weights, each
# n/4, n/2, n/4 items: three bars (closed form, test-exphist).
bars() { awk '/<g class="bars"/ { on = 1; next } on && /<\/g>/ { on = 0 } on && /<rect/ { k++ } END { print k + 0 }' "$1"; }
printf '0\n0.69314718055994531\n0.69314718055994531\n-1\n' >"$tmp/row.txt"
"$DISPERSE" snapshot --family empirical --input "$tmp/row.txt" -n 2^20 $small --out "$tmp/h1" >"$tmp/files"
h=$(grep 'hist\.svg$' "$tmp/files")
[ "$(bars "$h")" -eq 3 ] && ! grep -q 'no per-item weights' "$h"
ok $? "empirical 4-value row at 2^20: the hist SVG has the law's 3 bars ($(bars "$h"))"
"$DISPERSE" snapshot --family gaussian -n 2^20 $small --out "$tmp/h2" >"$tmp/files"
h=$(grep 'hist\.svg$' "$tmp/files")
[ "$(bars "$h")" -ge 5 ] && grep -q "items per bin, the law" "$h"
ok $? "gaussian at 2^20: the hist SVG bins the law's n weights ($(bars "$h") bars)"
tap_done
