#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Snapshot figures: the theorem on the figure (n*, eps, n, bound drawn on
# top, band inside the y range, grid under the data), figure options
# (size, font, formats, dpi) from the CLI and the snapshot JSON, and every
# figure as SVG, PDF (page size, embedded fonts) and PNG (size, not blank).
. "$top_srcdir/tests/tap.sh"
. "$top_srcdir/tests/export/figcheck.sh"
[ -n "$XMLLINT" ] && [ -x "$XMLLINT" ] || skip_all "xmllint not found"
[ -n "$JQ" ] && [ -x "$JQ" ] || skip_all "jq not found"
PY=/usr/bin/python3
[ -x "$PY" ] || skip_all "python3 not found"
# PDF and PNG go through librsvg: its font cache is kept (lsan.supp).
LSAN_OPTIONS="suppressions=$top_srcdir/tests/export/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export LSAN_OPTIONS
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT
export TZ=UTC SOURCE_DATE_EPOCH=1767225600
B=disperse-20260101-000000-000
x() { "$XMLLINT" --xpath "$2" "$T/$1" 2>/dev/null; }
close() { # close A B RELTOL: |A - B| <= RELTOL |B|
	awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; if (d < 0) d = -d;
	    m = b < 0 ? -b : b; exit !(a != "" && d <= t * m) }'
}

# ---- the theorem on the figure (default view: power series, n = 16,
# delta = 4, theta = 1, lambda = 0.5, eps = 0.01) ----
"$DISPERSE" snapshot --out "$T/a" --curve-points 64 >/dev/null 2>"$T/err"
ok $? "snapshot with the default view"
C=a/$B-curve.svg
svg_n=$(x "$C" 'string(//*[@class="critical-n"]/@data-critical-n)')
json_n=$("$JQ" -r '.figures.critical_n' "$T/a/$B.json")
csv_n=$("$DISPERSE" report --format csv | awk -F, '$1 == "critical_n" { print $2 }')
# Closed form (paper-notes, Theorem 2.2, derived): the spread of
# e_k = 4 * 0.5^k, k = 0..15, is 4 (1 - 2^-15) = 3.9998779296875, and
# n* = 1 + (1/eps - 1) e^spread = 1 + 99 e^3.9998779296875
#    = 5405.55707704123454347... (mpmath, 30 digits).
ok $(close "$svg_n" 5405.557077041235 1e-14; echo $?) "curve.svg n* = $svg_n is the closed form 5405.557077041235"
ok $(close "$svg_n" "$json_n" 1e-15; echo $?) "curve.svg n* equals the JSON's critical_n ($json_n)"
ok $(close "$svg_n" "$csv_n" 1e-9; echo $?) "curve.svg n* equals report's critical_n ($csv_n, 10 digits)"
label=$(x "$C" 'string(//*[@class="critical-n-label"])')
ok $(test "$label" = "n* = 5.4e3 (ε = 0.01)"; echo $?) "n* label reads '$label'"
ok $(test "$(x "$C" 'count(//*[local-name()="line"][@class="critical-n"])')" -eq 2; echo $?) "n* line on both panels"
line_n=$(x "$C" 'string((//*[local-name()="line"][@class="critical-n"])[1]/@data-n)')
ok $(close "$line_n" "$json_n" 1e-15; echo $?) "the n* line sits at n = $line_n"
ok $(test "$(x "$C" 'string(//*[local-name()="line"][@class="eps"]/@data-eps)')" = 0.01; echo $?) "eps line at 0.01 on the max-weight panel"
ok $(test "$(x "$C" 'string(//*[@class="eps-label"])')" = "ε = 0.01"; echo $?) "eps line labelled"
ok $(test "$(x "$C" 'count(//*[local-name()="line"][@class="current-n"][@data-n="16"])')" -eq 2; echo $?) "current n = 16 marked on both panels"
ok $(test "$(x "$C" 'string(//*[@class="current-n-label"])')" = "n = 16"; echo $?) "current n labelled"
# Drawing order in the max-weight panel: the measured line (blue, solid),
# then the tight upper bound (vermillion, dashed) over it.
order=$(x "$C" '//*[local-name()="g"][@class="curves"][2]/*[local-name()="polyline"]/@stroke' | tr -d ' "' | tr '\n' ' ')
case "$order" in
*stroke=#0072B2*stroke=#D55E00*) r=0 ;;
*) r=1; diag "polyline strokes: $order" ;;
esac
ok $r "upper bound drawn after (over) the max-weight line"
ok $(test "$(x "$C" 'string(//*[local-name()="polyline"][@stroke="#D55E00"][1]/@stroke-dasharray)')" != ""; echo $?) "upper bound dashed"
# Grid under the data: each panel's grid group comes before its curves.
g1=$(grep -n 'class="grid"' "$T/$C" | head -1 | cut -d: -f1)
c1=$(grep -n 'class="curves"' "$T/$C" | head -1 | cut -d: -f1)
ok $(test "$g1" -lt "$c1"; echo $?) "grid before the curves (line $g1 < $c1)"
H=a/$B-hist.svg
g1=$(grep -n 'class="grid"' "$T/$H" | head -1 | cut -d: -f1)
c1=$(grep -n 'class="bars"' "$T/$H" | head -1 | cut -d: -f1)
ok $(test "$g1" -lt "$c1"; echo $?) "hist: grid before the bars"
# The weights' y range holds the whole band: both edges inside the frame.
fy=$(x "$H" 'string((//*[local-name()="g"][@class="axes"]/*[local-name()="rect"])[1]/@y)')
fh=$(x "$H" 'string((//*[local-name()="g"][@class="axes"]/*[local-name()="rect"])[1]/@height)')
inside=0
for y in $(x "$H" '//*[local-name()="g"][@class="band-edges"]/*[local-name()="line"]/@y1' | tr -d '"' | sed 's/y1=//g'); do
	awk -v y="$y" -v a="$fy" -v h="$fh" 'BEGIN { exit !(y >= a - 0.01 && y <= a + h + 0.01) }' ||
	    { inside=1; diag "band edge at y = $y outside [$fy, $fy + $fh]"; }
done
ok $inside "hist: both band edges inside the y range"

# ---- readable series ----
ok $(test "$(x "$C" 'count(//*[local-name()="g"][@class="legend"])')" -eq 1; echo $?) "curve.svg: one legend for both panels"
ly=$(x "$C" 'string((//*[local-name()="g"][@class="legend"]//*[local-name()="text"])[1]/@y)')
py=$(x "$C" 'string((//*[local-name()="g"][@class="axes"])[2]/*[local-name()="rect"]/@y)')
ph=$(x "$C" 'string((//*[local-name()="g"][@class="axes"])[2]/*[local-name()="rect"]/@height)')
ok $(awk -v l="$ly" -v y="$py" -v h="$ph" 'BEGIN { exit !(l > y + h) }'; echo $?) "legend below the data area ($ly > $py + $ph)"
ok $(x "$C" '//*[local-name()="title"]' | grep -q 'softmax, fixed θ, double'; echo $?) "title names the attention function, adaptive and precision"
ok $(x "$C" '//*[@class="legend"]' | grep -q 'softmax, fixed θ, double'; echo $?) "legend names them too"
ok $(test "$(x "$C" 'count(//*[local-name()="g"][@class="markers"])')" -ge 6; echo $?) "series carry markers"
ok $(grep -qi '#0072B2' "$T/$C" && grep -qi '#D55E00' "$T/$C" && grep -qi '#009E73' "$T/$C"; echo $?) "Okabe-Ito colours"
# (Its map, not looked at, at the smallest size.)
"$DISPERSE" snapshot --out "$T/ad" --adaptive --precision float16 -n 1024 --curve-to 2^18 --curve-points 8 \
    --map-size 2x2 >/dev/null 2>&1
ok $(x "ad/$B-curve.svg" '//*[local-name()="title"]' | grep -q 'softmax + adaptive θ, float16'; echo $?) "adaptive and float16 named in the title"

# ---- figure options: size, font, formats, dpi ----
"$DISPERSE" snapshot --out "$T/b" --figure-size 3.3x2.2in --font-size 8 \
    --figure-format svg,pdf,png --dpi 150 >"$T/b.list" 2>"$T/err"
ok $? "snapshot --figure-size 3.3x2.2in --font-size 8 --figure-format svg,pdf,png --dpi 150"
ok $(test "$(wc -l <"$T/b.list")" -eq 14; echo $?) "14 files: 5 data + 3 figures x 3 formats"
ok $(test "$(x "b/$B-curve.svg" 'string(/*/@width)')" = 237.6pt; echo $?) "SVG width 3.3 in = 237.6 pt"
ok $(test "$(x "b/$B-curve.svg" 'string(/*/@font-size)')" = 8; echo $?) "SVG base font 8 pt"
ok $(test "$("$JQ" -r '.view.figure | "\(.figure_size) \(.font_size) \(.figure_format) \(.dpi)"' "$T/b/$B.json")" = "3.3x2.2in 8 svg,pdf,png 150"; echo $?) "figure options saved in the JSON view"
"$DISPERSE" snapshot --load "$T/b/$B.json" --out "$T/c" >"$T/c.list" 2>"$T/err"
ok $(test "$(wc -l <"$T/c.list")" -eq 14 && cmp -s "$T/b/$B-map.svg" "$T/c/$B-map.svg"; echo $?) "--load restores them (same map.svg)"
for f in hist curve map; do
	fig_pdf "$T/b/$B-$f.pdf" "237.6 x 158.4 pts" "$f.pdf 3.3 x 2.2 in"
done
# PNG: 3.3 x 2.2 in at 150 dpi = 495 x 330 pixels, and not blank.
for f in hist curve map; do
	fig_png "$T/b/$B-$f.png" 495 330 "$f.png"
done
# Millimetres: 85 x 60 mm at 100 dpi = ceil(334.6) x ceil(236.2) pixels
# (the figure's size: the map's cells, at their fewest here, do not set it).
"$DISPERSE" snapshot --out "$T/m" --figure-size 85x60mm --figure-format png --dpi 100 \
    --map-size 2x2 --curve-points 2 >"$T/m.list" 2>"$T/err"
ok $(test "$(wc -l <"$T/m.list")" -eq 8; echo $?) "--figure-format png: 5 data files + 3 PNGs"
set -- $("$PY" "$top_srcdir/tests/export/png-check.py" "$T/m/$B-hist.png")
ok $(test "$1" -eq 335 && test "$2" -eq 237; echo $?) "85 x 60 mm at 100 dpi: 335 x 237 ($1 x $2)"
# The pixels are asked of the budget before cairo allocates them (4 bytes a
# pixel): 50 x 50 in at 400 dpi is 20000 x 20000 pixels, 1.49 GiB.
"$DISPERSE" snapshot --out "$T/big" --figure-size 50x50in --dpi 400 --figure-format png \
    --mem-budget 64Mi >/dev/null 2>"$T/err"
r=$?
ok $(test $r -eq 1 && test "$(wc -l <"$T/err")" -eq 1 &&
    grep -q 'a PNG of 20000 x 20000 pixels needs 1\.[45][0-9] GiB, over the memory budget of 64 MiB' "$T/err"
    echo $?) "50x50in at 400 dpi, --mem-budget 64Mi: refused in one line ($(cat "$T/err"))"
ok $(test -z "$(ls -A "$T/big" 2>/dev/null)"; echo $?) "the refused snapshot wrote no file"
# Bad values: one line, exit 2, naming the option.
for bad in "--figure-size 3x" "--figure-size 3x2ft" "--figure-size 0.1x0.1in" \
    "--font-size 2" "--figure-format svg,gif" "--dpi 10" "--figure-size 40x40in --dpi 2400" \
    "--dpi 2400"; do
	"$DISPERSE" snapshot --out "$T/x" $bad >/dev/null 2>"$T/err"
	r=$?
	ok $(test $r -eq 2 && test "$(wc -l <"$T/err")" -eq 1 && grep -q "^disperse snapshot: " "$T/err"; echo $?) "$bad: usage error ($(cat "$T/err"))"
done

# ---- the screen as a figure from the CLI: the --screen text, as the .txt
# holds it, in the terminal's default colours ----
printf '┌─ Parameters ─┐\n│ n   16       │\n└──────────────┘\nH=1.36044 █▄\n' >"$T/screen.txt"
"$DISPERSE" snapshot --out "$T/s" --screen "$T/screen.txt" --figure-format svg,pdf \
    --map-size 2x2 --curve-points 2 >"$T/s.list" 2>"$T/err"
ok $? "snapshot --screen FILE --figure-format svg,pdf"
S=s/$B-screen.svg
ok $(grep -q -- "-screen.svg\$" "$T/s.list" && grep -q -- "-screen.pdf\$" "$T/s.list"; echo $?) "screen.svg and screen.pdf listed"
ok $(cmp -s "$T/screen.txt" "$T/s/$B.txt"; echo $?) ".txt holds the screen text"
ok $(x "$S" '//*[@class="text"]/*[local-name()="text"]' | grep -q 'Parameters' && x "$S" '//*[@class="text"]/*[local-name()="text"]' | grep -q 'H=1.36044'; echo $?) "screen.svg draws the same text"
# Box drawing as lines: 4 + 2 + 16 cells of ─│┌┐└┘, 2 arms each.
ok $(test "$(x "$S" 'count(//*[@class="text"]/*[local-name()="line"])')" -eq 44; echo $?) "box drawing: 22 cells as 44 line arms"
ok $(test "$(x "$S" 'count(//*[@class="text"]/*[local-name()="rect"])')" -eq 2; echo $?) "block elements as rectangles"
# 16 columns x 4 rows of 0.602 x 1.2 em at 12 pt.
ok $(test "$(x "$S" 'string(/*/@width)')" = "115.584pt" && test "$(x "$S" 'string(/*/@height)')" = "57.6pt"; echo $?) "screen page 16 x 4 cells of 7.224 x 14.4 pt"
if [ -n "$PDFFONTS" ] && [ -x "$PDFFONTS" ]; then
	"$PDFFONTS" "$T/s/$B-screen.pdf" >"$T/fonts" 2>&1
	grep -q "DejaVuSansMono" "$T/fonts" && ! tail -n +3 "$T/fonts" | grep -q " no "; ok $? "screen.pdf: monospace font embedded"
else
	ok 0 "# SKIP pdffonts not found"
fi
# Options are checked together once all are read: 3 x 2 in at 2400 dpi is
# 7200 x 4800 pixels, fine, though the default size at 2400 dpi is not.
"$DISPERSE" snapshot --out "$T/d" --dpi 2400 --figure-size 3x2in >/dev/null 2>"$T/err"
ok $? "--dpi 2400 with --figure-size 3x2in (given in either order)"
tap_done
