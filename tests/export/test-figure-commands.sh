#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The figure options of every figure-writing command (heads --svg, train
# --svg, depth --svg, animate; snapshot is test-figures.sh): each format
# written, the PDF page the --figure-size (pdfinfo) with its fonts
# embedded (pdffonts), the PNG size x dpi pixels and not blank, one number
# of each SVG equal to the command's CSV (and, for heads, to numpy), and
# usage errors in one line with exit 2.
. "$top_srcdir/tests/tap.sh"
. "$top_srcdir/tests/export/figcheck.sh"
[ -n "$XMLLINT" ] && [ -x "$XMLLINT" ] || skip_all "xmllint not found"
need_numpy
PY=$py
# PDF and PNG go through librsvg: its font cache is kept (lsan.supp).
LSAN_OPTIONS="suppressions=$top_srcdir/tests/export/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export LSAN_OPTIONS
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT
x() { "$XMLLINT" --xpath "$2" "$1" 2>/dev/null; }
close() { # close A B RELTOL: |A - B| <= RELTOL |B|
	awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; if (d < 0) d = -d;
	    m = b < 0 ? -b : b; exit !(a != "" && b != "" && d <= t * m) }'
}
# The three files of one figure: listed formats exist and are non-empty.
have() { # have BASE LABEL
	ok $(test -s "$1.svg" && test -s "$1.pdf" && test -s "$1.png"; echo $?) "$2: .svg, .pdf and .png written"
}

# ---- heads --svg PREFIX: 3.3 x 2.2 in (237.6 x 158.4 pt) at 150 dpi =
# 495 x 330 pixels ----
"$PY" -c '
import numpy as np
a = np.array([[[(1 + l + 2 * h) * 0.5 * ((7 * l + 3 * h + k) % 11) - l * h for k in range(40)]
               for h in range(3)] for l in range(2)], dtype=np.float64)
np.save("'"$T"'/a.npy", a)
# Spread of layer 1, head 2: max - min of its row (numpy); closed form
# (1 + 1 + 2 * 2) * 0.5 * (10 - 0) = 30, the k terms covering 0..10 mod 11.
print(repr(float(np.ptp(a[1, 2]))))' >"$T/ptp" || exit 1
"$DISPERSE" heads "$T/a.npy" --svg "$T/h" --figure-format svg,pdf,png \
    --figure-size 3.3x2.2in --dpi 150 --format csv --table heads >"$T/h.csv" 2>"$T/h.list"
ok $? "heads --svg with --figure-format svg,pdf,png"
ok $(test "$(wc -l <"$T/h.list")" -eq 6; echo $?) "heads lists 6 figure files on stderr"
for f in grid hist; do
	have "$T/h-$f" "heads $f"
	fig_pdf "$T/h-$f.pdf" "237.6 x 158.4 pts" "heads $f.pdf 3.3 x 2.2 in"
	fig_png "$T/h-$f.png" 495 330 "heads $f.png at 150 dpi"
	ok $(test "$(x "$T/h-$f.svg" 'string(/*/@width)')" = "237.6pt"; echo $?) "heads $f.svg is 237.6 pt wide"
done
svg=$(x "$T/h-grid.svg" 'string(//*[@data-layer="1" and @data-head="2"]/@data-spread)')
csv=$(awk -F, '$1 == 1 && $2 == 2 { print $4 }' "$T/h.csv")
ok $(close "$svg" "$(cat "$T/ptp")" 1e-15; echo $?) "grid cell 1.2 spread $svg = numpy ptp $(cat "$T/ptp")"
ok $(close "$svg" "$csv" 1e-9; echo $?) "grid cell 1.2 spread = the CSV's ($csv)"
hi=$(x "$T/h-hist.svg" 'string(//*[@class="bins"]/@data-hi)')
csvmax=$(grep -v '^#' "$T/h.csv" | awk -F, 'NR > 1 && (m == "" || $4 > m) { m = $4 } END { print m }')
ok $(close "$hi" "$csvmax" 1e-9; echo $?) "histogram's upper end $hi = the CSV's largest spread ($csvmax)"
"$DISPERSE" heads "$T/a.npy" --svg "$T/f" --font-size 9 -o /dev/null 2>/dev/null
ok $(test "$(x "$T/f-grid.svg" 'string(/*/@font-size)')" = 9 && ! test -e "$T/f-grid.pdf"; echo $?) "heads --font-size 9: base font 9 pt, SVG only by default"

# ---- train --svg FILE (the example model, evaluated briefly): 85 x 60 mm
# = 240.945 x 170.079 pt, at 100 dpi ceil(334.6) x ceil(236.2) pixels ----
"$DISPERSE" train --load "$top_srcdir/examples/maxret-model.json" --quiet \
    --eval-sizes 16,64 --eval-sets 100 --svg "$T/t.svg" --figure-format svg,pdf,png \
    --figure-size 85x60mm --dpi 100 --format csv >"$T/t.csv" 2>"$T/err"
ok $? "train --svg with --figure-format svg,pdf,png"
have "$T/t" "train"
fig_pdf "$T/t.pdf" "240.945 x 170.079 pts" "train.pdf 85 x 60 mm"
fig_png "$T/t.png" 335 237 "train.png at 100 dpi"
svg=$(x "$T/t.svg" 'string(//*[@class="acc" and @data-n="64"]/@data-acc)')
csv=$(grep -v '^#' "$T/t.csv" | awk -F, '$1 == 64 { print $3 }')
ok $(close "$svg" "$csv" 1e-5; echo $?) "train.svg accuracy at n = 64 ($svg) = the CSV's ($csv)"
# The fixed layout scaled to 350 x 305 pt is at k = min(350/700, 305/610)
# = 0.5, so 9 pt type on the page is 9 / 0.5 = 18 layout units.
"$DISPERSE" train --load "$top_srcdir/examples/maxret-model.json" --quiet \
    --eval-sizes 16 --eval-sets 10 --svg "$T/k.svg" --figure-size 350x305pt \
    --font-size 9 -o /dev/null 2>"$T/err"
ok $(test "$(x "$T/k.svg" 'string(/*/@width)')" = 350pt && test "$(x "$T/k.svg" 'string(/*/@viewBox)')" = "0 0 700 610" && test "$(x "$T/k.svg" 'string(/*/@font-size)')" = 18; echo $?) "train at 350 x 305 pt, --font-size 9: viewBox 700 x 610, base font 18 units = 9 pt"

# ---- depth --svg FILE: 4 x 3 in = 288 x 216 pt, at 72 dpi 288 x 216 ----
"$DISPERSE" depth --layers 2 --sizes 16,64 --svg "$T/d.svg" --figure-format pdf,png,svg \
    --figure-size 4x3in --dpi 72 --format csv >"$T/d.csv" 2>"$T/err"
ok $? "depth --svg with --figure-format pdf,png,svg"
have "$T/d" "depth"
fig_pdf "$T/d.pdf" "288 x 216 pts" "depth.pdf 4 x 3 in"
fig_png "$T/d.png" 288 216 "depth.png at 72 dpi"
svg=$(x "$T/d.svg" 'string(//*[@class="layer" and @data-residual="off" and @data-layer="2"]/@data-spread)' | awk '{ print $2 }')
csv=$(grep -v '^#' "$T/d.csv" | awk -F, '$1 == 64 && $2 == 2 && $3 == "off" { print $4 }')
ok $(close "$svg" "$csv" 1e-9; echo $?) "depth.svg spread of layer 2 at n = 64 ($svg) = the CSV's ($csv)"
"$DISPERSE" depth --layers 2 --sizes 16,64 --svg "$T/d0.svg" -o /dev/null 2>"$T/err"
ok $(test "$(x "$T/d0.svg" 'string(/*/@width)')" = 700 && ! test -e "$T/d0.pdf"; echo $?) "depth without figure options: the 700-unit SVG alone, as before"

# ---- animate: PNG frames (3 x 2 in at 50 dpi = 150 x 100) ----
"$DISPERSE" animate --frames 2 --out "$T/an" --figure-format svg,png \
    --figure-size 3x2in --dpi 50 >"$T/an.list" 2>"$T/err"
ok $? "animate --figure-format svg,png"
ok $(test "$(grep -c 'frame-000[12]-\(weights\|curve\)\.\(svg\|png\)$' "$T/an.list")" -eq 8; echo $?) "8 frame files listed (2 frames x 2 figures x 2 formats)"
fig_png "$T/an/frame-0002-curve.png" 150 100 "animate frame 2 curve.png"
ok $(test "$(x "$T/an/frame-0001-weights.svg" 'string(/*/@width)')" = "216pt"; echo $?) "frame SVG at --figure-size (216 pt wide)"

# ---- usage errors: one line, exit 2, naming the option ----
usage() { # usage LABEL ARGS...
	_l=$1; shift
	"$DISPERSE" "$@" >/dev/null 2>"$T/err"
	_r=$?
	ok $(test $_r -eq 2 && test "$(wc -l <"$T/err")" -eq 1 && grep -q "^disperse $1: " "$T/err"; echo $?) "$_l: exit 2, one line ($(head -n 1 "$T/err"))"
}
M="$top_srcdir/examples/maxret-model.json"
usage "heads bad size" heads "$T/a.npy" --svg "$T/z" --figure-size 3x2ft
usage "train bad format" train --load "$M" --svg "$T/z.svg" --figure-format svg,gif
usage "depth bad dpi" depth --svg "$T/z.svg" --dpi 10
usage "animate bad font" animate --out "$T/z" --font-size 2
usage "heads options need --svg" heads "$T/a.npy" --figure-format pdf
usage "train options need --svg" train --load "$M" --dpi 100
usage "depth options need --svg" depth --figure-size 3x2in
usage "animate refuses pdf" animate --out "$T/z" --figure-format svg,pdf
tap_done
