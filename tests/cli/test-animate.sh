#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# disperse animate: frame count, the GIF read back by an independent
# decoder (tests/cli/gif-read.py), the varied value at the first and last
# frame, and one figure a frame against a closed form.
. "$top_srcdir/tests/tap.sh"
py=/usr/bin/python3
[ -x "$py" ] || py=$(command -v python3)
[ -n "$py" ] || skip_all "python3 not found"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/dsp-animate.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
gifread() { "$py" "$top_srcdir/tests/cli/gif-read.py" "$1"; }
# Column C of frames.csv rows (no stamps, no header).
col() { grep -v '^#' "$2" | awk -F, -v c="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) k = i; next } { print $k }'; }

# n over 1 .. 2^40 in 7 frames with delta = 0: every weight is 1/n, so the
# entropy is log n exactly and the largest weight 1/n (closed form).
"$DISPERSE" animate --frames 7 --delta 0 --delay 5 --out "$tmp/n/" > "$tmp/n.out"
ok $? "animate --vary n (default) exits 0"
[ "$(grep -c 'frame-.*\.svg$' "$tmp/n.out")" -eq 14 ]; ok $? "14 frame SVG paths printed (7 frames x weights, curve)"
grep -qx "$tmp/n/animation.gif" "$tmp/n.out" && grep -qx "$tmp/n/frames.csv" "$tmp/n.out"
ok $? "GIF and CSV paths printed (trailing / of --out dropped)"
[ "$(ls "$tmp/n" | grep -c '^frame-[0-9]\{4\}-weights\.svg$')" -eq 7 ] &&
    [ "$(ls "$tmp/n" | grep -c '^frame-[0-9]\{4\}-curve\.svg$')" -eq 7 ]
ok $? "7 weights and 7 curve SVG files"
[ -f "$tmp/n/frame-0007-curve.svg" ] && [ ! -e "$tmp/n/frame-0008-curve.svg" ]; ok $? "numbered 0001 .. 0007"
bad=0
for f in "$tmp"/n/frame-*.svg; do
	tail -c 16 "$f" | grep -q '</svg>' || bad=1
	if [ -n "$XMLLINT" ]; then "$XMLLINT" --noout "$f" || bad=1; fi
done
[ "$bad" = 0 ]; ok $? "every frame SVG is complete (well-formed XML where xmllint exists)"
[ "$(col frame "$tmp/n/frames.csv" | wc -l)" -eq 7 ]; ok $? "frames.csv: 7 rows"
[ "$(col n "$tmp/n/frames.csv" | head -1)" = 1 ]; ok $? "first frame n = 1"
[ "$(col n "$tmp/n/frames.csv" | tail -1)" = 1099511627776 ]; ok $? "last frame n = 2^40"
# Frame k (0-based) of 7: n = round(2^(40 k / 6)).
want=$(awk 'BEGIN { for (k = 0; k < 7; k++) printf "%.0f\n", int(2^(40 * k / 6) + 0.5) }')
[ "$(col n "$tmp/n/frames.csv")" = "$want" ]; ok $? "n = round(2^(40k/6)) each frame"
grep -v '^#' "$tmp/n/frames.csv" | awk -F, 'NR > 1 {
	h = log($2); m = 1 / $2
	if ($3 - h > 1e-9 * (h + 1) || h - $3 > 1e-9 * (h + 1)) bad = 1
	if ($5 - m > 1e-9 * m || m - $5 > 1e-9 * m) bad = 1 }
	END { exit bad }'
ok $? "delta = 0: entropy = log n and max weight = 1/n in every frame"
gifread "$tmp/n/animation.gif" > "$tmp/n.gif"
ok $? "the GIF reads back with an independent LZW decoder"
grep -qx "screen 480 270" "$tmp/n.gif"; ok $? "GIF89a, 480 x 270"
grep -qx "loop 0" "$tmp/n.gif"; ok $? "loops forever (NETSCAPE2.0, count 0)"
[ "$(grep -c '^image ' "$tmp/n.gif")" -eq 7 ]; ok $? "7 GIF images"
[ "$(awk '$1 == "image" && $2 != 5' "$tmp/n.gif" | wc -l)" -eq 0 ]; ok $? "each with --delay 5"
awk '$1 == "image" { if ($3 < 0 || (NR > 3 && $3 <= prev)) bad = 1; prev = $3 } END { exit bad }' "$tmp/n.gif"
ok $? "the marker moves right every frame: $(awk '$1 == "image" { printf "%s ", $3 }' "$tmp/n.gif")"
# Text and axes (gif-read.py: image DELAY MARKER_X AXIS_Y TICKS LABEL_CRC
# LABEL_PIXELS): an x axis in every frame; on the last, one tick a decade
# of n in [1, 2^40 = 1.0995e12]: 10^0 .. 10^12, 13 ticks; the frame's value
# ("n = 2^0" .. "n = 2^40") drawn top left, different first and last.
[ "$(awk '$1 == "image" && $4 < 0' "$tmp/n.gif" | wc -l)" -eq 0 ]; ok $? "an x axis in every frame"
last=$(grep '^image ' "$tmp/n.gif" | tail -1)
first=$(grep '^image ' "$tmp/n.gif" | head -1)
[ "$(echo "$last" | cut -d' ' -f5)" -eq 13 ]; ok $? "13 decade ticks on the n axis ($(echo "$last" | cut -d' ' -f5))"
[ "$(echo "$first" | cut -d' ' -f7)" -gt 20 ] && [ "$(echo "$last" | cut -d' ' -f7)" -gt 20 ]
ok $? "the frame's label drawn (text pixels: $(echo "$first" | cut -d' ' -f7), $(echo "$last" | cut -d' ' -f7))"
[ "$(echo "$first" | cut -d' ' -f6)" != "$(echo "$last" | cut -d' ' -f6)" ]; ok $? "the label differs between the first and last frame"

# theta over -2 .. 2 (9 frames: steps of 0.5), at n = 16 with the power
# series e_k = 4 * 0.5^k: max weight = e^{4/theta} / sum_k e^{4 * 0.5^k / theta}
# for theta > 0 (python3's math, independent of the core).
"$DISPERSE" animate --vary theta --frames 9 --out "$tmp/t" > /dev/null
ok $? "animate --vary theta exits 0"
[ "$(col theta "$tmp/t/frames.csv" | head -1)" = -2 ] && [ "$(col theta "$tmp/t/frames.csv" | tail -1)" = 2 ]
ok $? "theta from -2 (first frame) to 2 (last)"
grep -v '^#' "$tmp/t/frames.csv" | "$py" -c '
import csv, math, sys
bad = 0
for r in csv.DictReader(sys.stdin):
    t = float(r["theta"])
    if t <= 0:
        continue
    want = math.exp(4 / t) / sum(math.exp(4 * 0.5 ** k / t) for k in range(16))
    bad |= abs(float(r["max_weight"]) - want) > 1e-9 * want
sys.exit(bad)'
ok $? "theta > 0 frames: max weight = e^{4/theta}/sum e^{4*0.5^k/theta}"
gifread "$tmp/t/animation.gif" > "$tmp/t.gif"
[ "$(grep -c '^image ' "$tmp/t.gif")" -eq 9 ]; ok $? "9 GIF images"
[ "$(awk '$1 == "image" { print $3 }' "$tmp/t.gif" | sort -u | wc -l)" -eq 1 ]; ok $? "n fixed: the marker stays"
[ "$(awk '$1 == "image" { print $6 }' "$tmp/t.gif" | sort -u | wc -l)" -eq 9 ]; ok $? "theta's label differs in each of the 9 frames"

# delta over 0 .. 16.
"$DISPERSE" animate --vary delta --frames 5 -o "$tmp/d" > /dev/null
ok $? "animate --vary delta -o DIR exits 0"
[ "$(col delta "$tmp/d/frames.csv" | tr '\n' ' ')" = "0 4 8 12 16 " ]; ok $? "delta 0 4 8 12 16"
[ "$(col max_weight "$tmp/d/frames.csv" | head -1)" = 0.0625 ]; ok $? "delta = 0, n = 16: max weight 1/16"

# Usage errors: one line, exit 2.
"$DISPERSE" animate --vary lambda --out "$tmp/x" 2> "$tmp/err"; st=$?
[ "$st" -eq 2 ] && [ "$(cat "$tmp/err")" = "disperse animate: --vary: cannot animate 'lambda' (n, theta, delta)" ]
ok $? "--vary lambda: usage error"
"$DISPERSE" animate --frames 1 --out "$tmp/x" 2> "$tmp/err"; st=$?
[ "$st" -eq 2 ] && grep -q "^disperse animate: --frames must be in 2 .. 10000 (got 1)$" "$tmp/err"
ok $? "--frames 1: usage error"
printf '1 2 3\n' > "$tmp/l.txt"
"$DISPERSE" animate --input "$tmp/l.txt" --out "$tmp/x" 2> "$tmp/err"; st=$?
[ "$st" -eq 2 ] && grep -q "^disperse animate: --vary n needs a generated family" "$tmp/err"
ok $? "a logits file cannot vary n"
[ ! -e "$tmp/x" ]; ok $? "no directory made on a usage error"
tap_done
