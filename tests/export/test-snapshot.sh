#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# disperse snapshot: golden files, SVG structure, JSON validity, round trips,
# name collisions and write failures that must lose nothing.
. "$top_srcdir/tests/tap.sh"
# Byte-exact goldens: the baseline kernel every x86-64 has (src/core/math/kernel.c).
DISPERSE_KERNEL=generic; export DISPERSE_KERNEL
. "$top_srcdir/tests/export/normalise.sh"
G="$top_srcdir/tests/export/golden"
T=$(mktemp -d) || exit 1
trap 'chmod -R u+w "$T" 2>/dev/null; rm -rf "$T"' EXIT
export TZ=UTC SOURCE_DATE_EPOCH=1767225600	# 2026-01-01 00:00:00 UTC
B=disperse-20260101-000000
SMALL="--map-cols 8 --map-rows 4 --curve-from 1 --curve-to 4096 --curve-points 9"
CURVE="--curve-from 1 --curve-to 4096 --curve-points 9"

"$DISPERSE" snapshot --out "$T/a" $SMALL --cursor 2,5 >"$T/a.list" 2>"$T/a.err"
ok $? "snapshot exits 0"
ok $(test "$(wc -l <"$T/a.list")" -eq 8; echo $?) "prints 8 paths"
ok $(grep -qx "$T/a/$B-000.json" "$T/a.list"; echo $?) "JSON named $B-000.json"
ok $(ls -a "$T/a" | grep -q '^\.disperse-'; test $? -ne 0; echo $?) "no temporary files left"
for f in .txt .json -weights.csv -curve.csv -map.csv; do
	snap_normalise "$T/a/$B-000$f" >"$T/norm"
	diff -u "$G/default$f" "$T/norm" >"$T/diff" 2>&1
	r=$?; [ $r -ne 0 ] && diag "$(head -20 "$T/diff")"
	ok $r "golden default$f (change detector: made by disperse; H(16) against mpmath in test-view.sh)"
done

# SVG: well-formed XML with the expected elements.
if [ -n "$XMLLINT" ] && [ -x "$XMLLINT" ]; then
	for f in hist curve map; do
		"$XMLLINT" --noout "$T/a/$B-000-$f.svg"
		ok $? "$f.svg is well-formed XML"
	done
	cnt() { "$XMLLINT" --xpath "count($2)" "$T/a/$B-000-$1.svg" 2>/dev/null; }
	ok $(test "$(cnt hist '//*[local-name()="rect"]')" -ge 16; echo $?) "hist.svg has >= 16 rects (one bar per item)"
	ok $(test "$(cnt hist '//*[local-name()="text"][contains(.,"attention weight")]')" -ge 1; echo $?) "hist.svg y axis title"
	ok $(test "$(cnt hist '//*[local-name()="text"][contains(.,"Lemma 2.1")]')" -ge 1; echo $?) "hist.svg legend names the Lemma 2.1 band"
	ok $(test "$(cnt hist '//*[local-name()="text"][contains(.,"tight band (derived)")]')" -ge 1; echo $?) "hist.svg legend: the tight band is derived"
	ok $(test "$(cnt curve '//*[local-name()="text"][contains(.,"(derived)")]')" -ge 3; echo $?) "curve.svg legend: floor and tight bounds labelled derived"
	ok $(test "$(cnt map '//*[local-name()="text"][contains(.,"as disperse defines it")]')" -ge 1; echo $?) "map.svg: Figure 5's power series as disperse defines it"
	ok $(test "$(cnt curve '//*[local-name()="polyline"]')" -ge 6; echo $?) "curve.svg has >= 6 polylines (2 panels x 3 curves)"
	ok $(test "$(cnt curve '//*[local-name()="text"][contains(.,"number of items n")]')" -eq 1; echo $?) "curve.svg: one x axis title (the panels share the axis)"
	ok $(test "$(cnt curve '//*[local-name()="tspan"]')" -ge 3; echo $?) "curve.svg log ticks as powers"
	ok $(test "$(cnt map '//*[local-name()="linearGradient"]/*[local-name()="stop"]')" -eq 17; echo $?) "map.svg colour bar has 17 stops"
	ok $(test "$(cnt map '//*[local-name()="g"][@class="cells"]/*[local-name()="rect"]')" -ge 8; echo $?) "map.svg draws cells"
	ok $(test "$(cnt map '//*[local-name()="rect"][@class="cursor"]')" -eq 1; echo $?) "map.svg marks the cursor"
	ok $(grep -q 'href\|@import\|url(http' "$T/a/$B-000-map.svg"; test $? -ne 0; echo $?) "no external resources"
	ok $(grep -q 'fill="#440154"' "$T/a/$B-000-map.svg"; echo $?) "viridis minimum colour #440154 used"
else
	ok 0 "# SKIP xmllint not found"
fi

# JSON: valid, with the view and figures.
if [ -n "$JQ" ] && [ -x "$JQ" ]; then
	J="$T/a/$B-000.json"
	ok $("$JQ" -e '.format == "disperse-snapshot" and .params.n == 16 and .view.cursor.col == 5' "$J" >/dev/null; echo $?) "jq: format, n, cursor"
	ok $("$JQ" -e '(.figures.max_weight <= .figures.lemma_tight_hi) and (.figures.min_weight >= .figures.lemma_tight_lo)' "$J" >/dev/null; echo $?) "jq: weights inside the Lemma 2.1 band"
	ok $("$JQ" -e '.figures.entropy_floor <= .figures.entropy_nats and .figures.entropy_nats <= .figures.entropy_ceiling' "$J" >/dev/null; echo $?) "jq: floor <= H <= log n"
else
	ok 0 "# SKIP jq not found"
fi
# Weights CSV sums to 1 and has 16 items.
awk -F, '!/^#/ && NR > 1 && $1 != "first" { n += $2; s += $2 * $3 } END { exit !(n == 16 && s > 0.999999999 && s < 1.000000001) }' "$T/a/$B-000-weights.csv"
ok $? "weights CSV: 16 items summing to 1"

# Round trip: write -> load -> write; the JSON files differ only in the name.
"$DISPERSE" snapshot --load "$T/a/$B-000.json" --out "$T/b" >"$T/b.list"
ok $? "snapshot --load re-exports"
sed 's/-00[0-9]"/-NNN"/' "$T/a/$B-000.json" >"$T/j1"
sed 's/-00[0-9]"/-NNN"/' "$T/b/$B-000.json" >"$T/j2"
cmp -s "$T/j1" "$T/j2"
ok $? "round trip: JSON identical"
cmp -s "$T/a/$B-000-map.csv" "$T/b/$B-000-map.csv"
ok $? "round trip: map CSV identical"

# Bit-exact doubles survive a round trip.
"$DISPERSE" snapshot --out "$T/c" --theta 0.1 --delta 3.3333333333333335 --lambda 0.7000000000000001 --map-cols 4 --map-rows 2 --curve-points 4 >/dev/null &&
"$DISPERSE" snapshot --load "$T/c/$B-000.json" --out "$T/c2" --map-cols 4 >/dev/null
ok $? "doubles: write and reload"
ok $(grep -q '"delta": 3.3333333333333335' "$T/c2/$B-000.json" && grep -q '"lambda": 0.7000000000000001' "$T/c2/$B-000.json" && grep -q '"theta": 0.1,' "$T/c2/$B-000.json"; echo $?) "doubles round-trip bit-exactly"

# File family: logits embedded and restored.
printf '1.5 -2 0.25\n3 3 0.125\n' >"$T/logits.txt"
"$DISPERSE" snapshot --input "$T/logits.txt" --out "$T/f" --map-cols 4 --map-rows 2 >/dev/null
ok $? "file family snapshot"
ok $(grep -q '"logits": \[1.5, *-2, *0.25, *3, *3, *0.125\]' "$T/f/$B-000.json" || tr -d ' \n' <"$T/f/$B-000.json" | grep -q '"logits":\[1.5,-2,0.25,3,3,0.125\]'; echo $?) "logits embedded in JSON"
ok $(grep -q 'one fixed n' "$T/f/$B-000-curve.csv"; echo $?) "curve CSV says a file has no curve"
rm "$T/logits.txt"
"$DISPERSE" snapshot --load "$T/f/$B-000.json" --out "$T/f2" >/dev/null
ok $? "file family reloads without the logits file"
sed 's/-00[0-9]"/-NNN"/' "$T/f/$B-000.json" >"$T/j1"
sed 's/-00[0-9]"/-NNN"/' "$T/f2/$B-000.json" >"$T/j2"
cmp -s "$T/j1" "$T/j2"
ok $? "file family round trip identical"

# Collisions: same second, same directory -> distinct names.
"$DISPERSE" snapshot --out "$T/a" $SMALL >"$T/a2.list" && "$DISPERSE" snapshot --out "$T/a" $SMALL >"$T/a3.list"
ok $? "two more snapshots in the same second"
ok $(grep -q "$B-001.json" "$T/a2.list" && grep -q "$B-002.json" "$T/a3.list"; echo $?) "counter bumps to -001 and -002"
ok $(test "$(ls "$T/a" | wc -l)" -eq 24; echo $?) "24 distinct files"
# A foreign file with a set's name also bumps the counter.
mkdir -p "$T/d" && : >"$T/d/$B-000-map.svg"
"$DISPERSE" snapshot --out "$T/d" $SMALL >"$T/d.list"
ok $(grep -q "$B-001.txt" "$T/d.list" && test ! -s "$T/d/$B-000-map.svg"; echo $?) "existing file is never replaced"
# Parallel writers.
for i in 1 2 3 4; do "$DISPERSE" snapshot --out "$T/p" $SMALL >"$T/p$i.list" & done; wait
ok $(test "$(cat "$T"/p?.list | sort -u | wc -l)" -eq 32 && test "$(ls "$T/p" | wc -l)" -eq 32; echo $?) "4 parallel snapshots: 32 distinct files"

# Failures: one line, exit 1, nothing written is lost.
: >"$T/regular"
"$DISPERSE" snapshot --out "$T/regular/sub" >"$T/o" 2>"$T/e"; r=$?
ok $(test $r -eq 1 && test "$(wc -l <"$T/e")" -eq 1 && grep -q 'Not a directory' "$T/e"; echo $?) "directory under a regular file: one-line error, exit 1"
"$DISPERSE" snapshot --out /proc/self/nope >"$T/o" 2>"$T/e"; r=$?
ok $(test $r -eq 1 && test "$(wc -l <"$T/e")" -eq 1; echo $?) "directory in /proc: one-line error, exit 1"
# File size limit: the small files fit, a big one fails (EFBIG).  A set is
# written whole or not at all (issue 30): the files of the set published
# before the failure are removed again, none is listed.
mkdir "$T/q"
: >"$T/q/keep"
(trap '' XFSZ; ulimit -f 64 && exec "$DISPERSE" snapshot --out "$T/q") >"$T/o" 2>"$T/e"; r=$?
diag "$(cat "$T/e")"
ok $(test $r -eq 1 && test "$(wc -l <"$T/e")" -eq 1 && grep -q 'File too large' "$T/e"; echo $?) "file too large: one-line error, exit 1"
ok $(test ! -s "$T/o"; echo $?) "no file listed"
ok $(test "$(ls -a "$T/q" | grep -v '^\.\.\?$')" = keep; echo $?) "no file of the set, no temporary left; the file already there kept"
# Without the shell ignoring SIGXFSZ, the command still fails cleanly.
(ulimit -f 40 && exec "$DISPERSE" snapshot --out "$T/q2") >"$T/o2" 2>"$T/e2"; r=$?
ok $(test $r -eq 1 && grep -q 'File too large' "$T/e2" && ! ls -a "$T/q2" | grep -q '^\.disperse-'; echo $?) "ulimit -f with default SIGXFSZ: exit 1, no temporary left (exit $r)"
if [ -w /dev/full ]; then
	"$DISPERSE" snapshot --out "$T/full" $SMALL >/dev/full 2>"$T/e"; r=$?
	ok $(test $r -eq 1 && grep -q 'standard output' "$T/e"; echo $?) "stdout on /dev/full: exit 1 with a message"
fi

# Malformed and invalid snapshots.
printf '{"format": "disperse-snapshot", "format_version": 1, "params": {' >"$T/bad.json"
"$DISPERSE" snapshot --load "$T/bad.json" --out "$T/x" >"$T/o" 2>"$T/e"; r=$?
ok $(test $r -eq 1 && test "$(wc -l <"$T/e")" -eq 1 && grep -q 'malformed JSON' "$T/e" && test ! -d "$T/x"; echo $?) "malformed JSON: one line, exit 1, nothing written"
chk() { # chk JSON PATTERN DESCRIPTION
	printf '%s' "$1" >"$T/in.json"
	"$DISPERSE" snapshot --load "$T/in.json" --out "$T/x" >"$T/o" 2>"$T/e"; r=$?
	test $r -eq 1 && test "$(wc -l <"$T/e")" -eq 1 && grep -q "$2" "$T/e"
	r=$?; [ $r -ne 0 ] && diag "$(cat "$T/e")"
	ok $r "$3"
}
chk '{"format": "disperse-snapshot", "format_version": 1, "params": {"family": "cauchy"}}' 'params.family: unknown name' "unknown family named"
chk '{"format": "disperse-snapshot", "format_version": 1, "params": {"theta": "hot"}}' 'params.theta: expected a finite number' "wrong type named"
chk '{"format": "disperse-snapshot", "format_version": 1, "params": {"n": -3}}' 'params.n: expected an unsigned integer' "negative n rejected"
chk '{"format": "disperse-snapshot", "format_version": 1, "params": {"family": "file"}}' 'params.logits: missing' "file family without logits"
chk '{"format": "disperse-snapshot", "format_version": 1, "params": {}, "view": {"cursor": {"row": 101}}}' 'cursor' "cursor outside the map"
chk '{"format": "disperse-snapshot", "format_version": 7, "params": {}}' 'version 7' "future format version"
chk '{"format": "other", "params": {}}' 'not a disperse snapshot' "foreign JSON"
chk '[1, 2]' 'not a disperse snapshot' "JSON array"
# Missing fields take the defaults.
printf '{"format": "disperse-snapshot", "format_version": 1, "params": {"n": 32}}' >"$T/min.json"
"$DISPERSE" snapshot --load "$T/min.json" --out "$T/m" $SMALL >/dev/null
ok $? "minimal snapshot loads with defaults"
ok $(grep -q '"n": 32' "$T/m/$B-000.json" && grep -q '"delta": 4' "$T/m/$B-000.json"; echo $?) "given field kept, missing ones default"
"$DISPERSE" snapshot --out "$T/x" --cursor 101,1 >/dev/null 2>"$T/e"
ok $(test $? -eq 2 && grep -q cursor "$T/e"; echo $?) "bad --cursor is a usage error (exit 2)"
# Runs past 2^53: positions and counts are integers, not rounded doubles
# (n = 2^60 power series: items 0..62 alone, then 2^60 - 63 equal weights).
"$DISPERSE" snapshot --out "$T/big" --n 2^60 $SMALL >"$T/big.list"
ok $(tail -n 1 "$T/big/$B-000-weights.csv" | grep -q '^63,1152921504606846913,'; echo $?) "n = 2^60: last run starts at 63 with count 2^60 - 63 exactly"
# The map's axes are exactly the view's ranges (it used to pad half a cell:
# with 5 rows, lambda -0.125 .. 1.125): the first and last cells are centred
# on the range's ends, so the corner cells are half as wide and high as the
# inner ones and touch the outer edges of the cells drawn.
# corner FILE: "ok" when the cursor rect is half an inner cell and on the
# cells' outer edge named by $2 (tr: top-right, bl: bottom-left).
corner() {
	awk -v want="$2" '
	/<rect / && /fill="#/ && !/width="720"/ {
		match($0, /x="[0-9.]+"/); x = substr($0, RSTART + 3, RLENGTH - 4) + 0
		match($0, /y="[0-9.]+"/); y = substr($0, RSTART + 3, RLENGTH - 4) + 0
		match($0, /width="[0-9.]+"/); w = substr($0, RSTART + 7, RLENGTH - 8) + 0
		match($0, /height="[0-9.]+"/); h = substr($0, RSTART + 8, RLENGTH - 9) + 0
		if (n++ == 0 || x < x0) x0 = x; if (x + w > x1) x1 = x + w
		if (n == 1 || y < y0) y0 = y; if (y + h > y1) y1 = y + h
	}
	/class="cursor"/ {
		match($0, /x="[0-9.]+"/); cx = substr($0, RSTART + 3, RLENGTH - 4) + 0
		match($0, /y="[0-9.]+"/); cy = substr($0, RSTART + 3, RLENGTH - 4) + 0
		match($0, /width="[0-9.]+"/); cwd = substr($0, RSTART + 7, RLENGTH - 8) + 0
		match($0, /height="[0-9.]+"/); cht = substr($0, RSTART + 8, RLENGTH - 9) + 0
	}
	function near(a, b) { return a - b < 0.02 && b - a < 0.02 }
	END {
		# 9 x 5 cells over the range: an inner cell is 1/8 of the width
		# and 1/4 of the height.
		iw = (x1 - x0) / 8; ih = (y1 - y0) / 4
		half = near(cwd, iw / 2) && near(cht, ih / 2)
		if (want == "tr") edge = near(cx + cwd, x1) && near(cy, y0)
		else edge = near(cx, x0) && near(cy + cht, y1)
		print (half && edge) ? "ok" : "bad " cx " " cy " " cwd " " cht " " x0 " " x1 " " y0 " " y1
	}' "$1"
}
"$DISPERSE" snapshot --out "$T/ax" --map-size 9x5 --cursor 4,8 $CURVE >/dev/null
r=$(corner "$T/ax/$B-000-map.svg" tr); [ "$r" = ok ] || diag "$r"
ok $(test "$r" = ok; echo $?) "map SVG: the top-right cell ends at theta_hi, lambda_hi (no padding)"
"$DISPERSE" snapshot --out "$T/ax0" --map-size 9x5 --cursor 0,0 $CURVE >/dev/null
r=$(corner "$T/ax0/$B-000-map.svg" bl); [ "$r" = ok ] || diag "$r"
ok $(test "$r" = ok; echo $?) "map SVG: the bottom-left cell starts at theta_lo, lambda_lo"
"$DISPERSE" snapshot --out "$T/ms" --map-size 1x5 >/dev/null 2>"$T/e"
ok $(test $? -eq 2 && grep -q 'map-size must be COLSxROWS' "$T/e"; echo $?) "--map-size 1x5: usage error naming the domain"
# doc/guide.md: CSV files start with their "# key: value" lines, then the header,
# then rows (review finding 14): the weights note of an expected-limit view
# too, and nothing commented after the header in any of the three CSVs.
"$DISPERSE" snapshot --out "$T/note" --family uniform --n 2^30 $SMALL >/dev/null 2>&1
ok $(awk '/^# note: .*no per-item weights/ { note = NR } !/^#/ && !hdr { hdr = NR }
    END { exit !(note > 0 && hdr == note + 1) }' "$T/note/$B-000-weights.csv"; echo $?) \
    "weights CSV at 2^30: the # note: line comes before the header"
bad=0
for f in "$T"/note/*.csv "$T"/a/*.csv; do
	awk '/^#/ && hdr { exit 1 } !/^#/ { hdr = 1 }' "$f" || { bad=1; diag "comment after the header: $f"; }
done
ok $bad "every snapshot CSV: comments first, then the header and rows"
# Usage errors quote what was typed, whole (issue 26): --cursor 0,0,0 said
# got '0,0'; --out "" silently wrote ./disperse-snapshots.
(cd "$T" && "$DISPERSE" snapshot --cursor 0,0,0 --out "$T/c" >/dev/null 2>"$T/err"); st=$?
[ "$st" -eq 2 ] && [ "$(cat "$T/err")" = "disperse snapshot: --cursor: expected ROW,COL (got '0,0,0')" ]
ok $? "--cursor 0,0,0: exit 2, the whole argument quoted ($(cat "$T/err"))"
(cd "$T" && "$DISPERSE" snapshot --out "" --n 4 >/dev/null 2>"$T/err"); st=$?
[ "$st" -eq 2 ] && grep -q 'disperse snapshot: --out: empty folder name' "$T/err" && [ ! -e "$T/disperse-snapshots" ]
ok $? "--out '': exit 2, one line, nothing written ($(head -1 "$T/err"))"
tap_done
