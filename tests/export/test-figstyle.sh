#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Figure styles: with every series on (all ten attention functions as
# overlays, the plain twins, eight pins) no two legend items of the curve
# figure share colour, dash and marker, so none reads as the measured
# curve, a bound or the n* line.  Small figures (3.3 x 2.2 in, 8 pt):
# texts do not overlap, the histogram's title keeps to two lines, the
# map's PNG has no white seam between cells.
. "$top_srcdir/tests/tap.sh"
[ -n "$JQ" ] && [ -x "$JQ" ] || skip_all "jq not found"
PY=/usr/bin/python3
[ -x "$PY" ] || skip_all "python3 not found"
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT
export TZ=UTC SOURCE_DATE_EPOCH=1767225600
B=disperse-20260101-000000-000
CHECK="$top_srcdir/tests/export/svg-check.py"
ALL=softmax,ssmax,logn,sigmoid,stickbreak,softmax1,sparsemax,entmax,linear,selective

# styles DIR LABEL [N]: the curve legend's styles are pairwise distinct
# (and it has at least N items).
styles() {
	"$PY" "$CHECK" styles "$T/$1/$B-curve.svg" >"$T/$1.styles"
	r=$?
	[ $r -eq 0 ] || diag "$(cat "$T/$1.styles")"
	ok $r "$2: no two legend items share colour, dash and marker"
	items=$(grep -vc '^# ' "$T/$1.styles")
	ok $(test "$items" -ge "$3"; echo $?) "$2: $items legend items (at least $3)"
}

"$DISPERSE" snapshot --out "$T/a" --curve-points 24 --compare "$ALL" >/dev/null 2>"$T/err"
ok $? "snapshot --compare with all ten functions"
# 3 roles + 9 overlays (softmax is the main curve) + eps, n*, n.
styles a "compare all" 15
# Every overlay away from the main curve's style: not its colour with a
# circle, not solid.
ok $(! grep -v '^# ' "$T/a.styles" | sed 1d | awk '$2 == "solid" || ($1 == "#0072B2" && $3 == "circle")' | grep -q .; echo $?) "no overlay solid or blue with circles like the main curve"

# Adaptive on: all ten functions as plain-theta overlays, and eight pins.
"$JQ" '.view.pins = [range(8) as $i | .params | .theta = (0.25 + $i * 0.25)]
    | .params.adaptive = true' "$T/a/$B.json" >"$T/pins.json"
"$DISPERSE" snapshot --load "$T/pins.json" --out "$T/b" >/dev/null 2>"$T/err"
ok $? "snapshot with adaptive theta, all overlays and eight pins"
styles b "overlays and pins" 24
# Overlays off: the plain twin beside the pins.
"$JQ" '.view.overlays = false' "$T/pins.json" >"$T/twin.json"
"$DISPERSE" snapshot --load "$T/twin.json" --out "$T/c" >/dev/null 2>"$T/err"
ok $? "snapshot with the plain twin and eight pins"
styles c "plain twin and pins" 15

# ---- small figures (3.3 x 2.2 in, 8 pt) ----
SMALL="--figure-size 3.3x2.2in --font-size 8"
# The curve figure in each curve mode: the axis titles (the two panels'
# y titles merged into "max weightH (nats)"), the legend (it overlapped the
# x axis title) and the n* label do not overlap, estimated as
# dsp_svg_text_width does; the n* label is off the drawn lines.
for mode in both entropy max-weight; do
	# shellcheck disable=SC2086
	"$DISPERSE" snapshot --out "$T/s-$mode" $SMALL --curve-mode $mode >/dev/null 2>"$T/err"
	"$PY" "$CHECK" boxes "$T/s-$mode/$B-curve.svg" >"$T/boxes" 2>&1
	r=$?
	[ $r -eq 0 ] || diag "$(cat "$T/boxes")"
	ok $r "small curve figure ($mode): $(tail -1 "$T/boxes"), none overlapping, n* label off the lines"
done
# The upper panel shares the lower's x axis: its ticks carry no labels.
ok $(test "$(grep -c '>number of items n<' "$T/s-both/$B-curve.svg")" -eq 1; echo $?) "one x axis title for both panels"
# The histogram's title keeps to two lines (it took three, squashing the
# plot): the legend names what computed the weights.
lines=$(sed -n '/<rect x="0" y="0"/,/<g/p' "$T/s-both/$B-hist.svg" | grep -c '<text')
ok $(test "$lines" -le 2; echo $?) "small histogram: title in $lines lines"
"$PY" "$CHECK" boxes "$T/s-both/$B-hist.svg" >"$T/boxes" 2>&1
ok $? "small histogram: axis titles and legend do not overlap"
grep -q 'weights (softmax, fixed θ, double)' "$T/s-both/$B-hist.svg"
ok $? "small histogram: the legend names softmax, fixed θ, double"
# At the default size the full titles and long y titles stay.
"$PY" "$CHECK" boxes "$T/a/$B-curve.svg" >"$T/boxes" 2>&1
ok $? "default curve figure with all overlays: no overlap"
grep -q '>maximum weight<' "$T/a/$B-curve.svg" && grep -q '>entropy H (nats)<' "$T/a/$B-curve.svg"
ok $? "default size: y titles 'entropy H (nats)' and 'maximum weight'"

# Map cells tile without seams: no pure white pixel inside the map area
# (the cursor cell's white outline aside), at the small size and at other
# sizes and resolutions where fractional cell edges fall differently.
for args in "$SMALL" "--dpi 300" "--figure-size 85x60mm --dpi 600" "--map-size 40x30 --dpi 97"; do
	d=$T/m$(printf '%s' "$args" | tr -c 'a-z0-9' _)
	# shellcheck disable=SC2086
	"$DISPERSE" snapshot --out "$d" $args --figure-format svg,png >/dev/null 2>"$T/err"
	w=$("$PY" "$top_srcdir/tests/export/png-check.py" "$d/$B-map.png" --size | cut -d' ' -f1)
	box=$("$PY" "$CHECK" mapbox "$d/$B-map.svg" "$w")
	# shellcheck disable=SC2086
	white=$("$PY" "$top_srcdir/tests/export/png-check.py" "$d/$B-map.png" --white $box)
	ok $(test -n "$box" && test "$white" = 0; echo $?) "map ($args): no white pixel between the cells ($white in $box)"
done
tap_done
