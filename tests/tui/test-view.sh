#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# One view (issue 10 item 3, issue 12 items 2 and 5): for a set of views,
# what the TUI shows = the snapshot the TUI writes (`s`) = `disperse
# snapshot --load` of that JSON: the same figures, the same series
# (overlays, plain twin, pins), the same curve mode, the CSV numbers bit for
# bit.  Some figures are checked against mpmath values (comments).
. "$top_srcdir/tests/tap.sh"
. "$top_srcdir/tests/tui/tui-lib.sh"
[ -n "$JQ" ] && [ -x "$JQ" ] || skip_all "jq not found"

# |a - b| <= tol * |b|
close() { awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; if (d < 0) d = -d;
	m = b < 0 ? -b : b; exit !(a != "" && d <= t * m) }'; }
# The numbers of a CSV (stamp lines dropped: they name the snapshot).
nums() { grep -v '^#' "$1"; }

# snap_tui NAME KEYS... : in the running TUI press the keys, then s; sets
# J (the JSON) and D (the TUI's set).  snap_view NAME KEYS...: that, then
# re-exports J with the CLI into R.
snap_tui() {
	name=$1
	shift
	for k in "$@"; do T send-keys "$k"; done
	# The curve and the map are drawn when the worker is done.
	tui_settle
	rm -rf "$tui_tmp/$name"
	# The screen as it is before s (the snapshot's message may then take
	# the parameters line).
	SCREEN=$(tui_cap)
	n0=$(ls "$tui_tmp/snaps" | grep -c '\.json$')
	T send-keys s
	i=0
	while [ "$i" -lt "$tui_bound" ] && [ "$(ls "$tui_tmp/snaps" | grep -c '\.json$')" -le "$n0" ]; do
		sleep 0.1
		i=$((i + 1))
	done
	tui_wait "snapshot in $tui_tmp/snaps" >/dev/null
	J=$(ls -t "$tui_tmp/snaps"/disperse-*.json | head -1)
	D=${J%.json}
}
snap_view() {
	snap_tui "$@"
	R="$tui_tmp/$name"
	"$DISPERSE" snapshot --load "$J" --out "$R" >"$tui_tmp/$name.list" 2>"$tui_tmp/$name.err"
	RJ=$(grep '\.json$' "$tui_tmp/$name.list")
	RD=${RJ%.json}
}

# small_map: the view's map at 41 x 21 cells (:map_size), for the views
# whose checks are about the curve, the series and the modes: the map is
# still compared bit for bit, at an eighteenth of the cells the TUI and
# the CLI's re-export each compute (section 1 checks the default 161 x 101).
small_map() {
	T send-keys : "map_size 41x21" Enter
	tui_wait "map_size = 41x21" >/dev/null
}

# same_set NAME: the TUI's set and the CLI's re-export agree.
same_set() {
	for f in -curve.csv -weights.csv -map.csv; do
		nums "$D$f" >"$tui_tmp/a" 2>/dev/null
		nums "$RD$f" >"$tui_tmp/b" 2>/dev/null
		cmp -s "$tui_tmp/a" "$tui_tmp/b" && [ -s "$tui_tmp/a" ]
		ok $? "$1: $f numbers bit for bit (TUI s = snapshot --load)"
	done
	"$JQ" -S '.figures | del(.notes)' "$J" >"$tui_tmp/a"
	"$JQ" -S '.figures | del(.notes)' "$RJ" >"$tui_tmp/b"
	cmp -s "$tui_tmp/a" "$tui_tmp/b"; ok $? "$1: JSON figures and series equal"
	"$JQ" -S '.view | del(.focus)' "$J" >"$tui_tmp/a"
	"$JQ" -S '.view | del(.focus)' "$RJ" >"$tui_tmp/b"
	cmp -s "$tui_tmp/a" "$tui_tmp/b"; ok $? "$1: view (map size, overlays, pins, modes) round-trips"
}

# on_screen NAME: every series the JSON lists is in the curve legend, and
# the entropy and method the screen shows are the JSON's.
on_screen() {
	"$JQ" -r '.figures.series[] | select(.label != null) | .label' "$J" >"$tui_tmp/labels"
	miss=0
	while IFS= read -r l; do
		printf '%s\n' "$SCREEN" | grep -F -q -- "$l" || { miss=1; diag "not on screen: $l"; }
	done <"$tui_tmp/labels"
	ok $miss "$1: the snapshot's series are the legend's"
	h=$("$JQ" -r '.figures.entropy_nats' "$J" | xargs printf '%.6g')
	printf '%s\n' "$SCREEN" | grep -q "H=$h"; ok $? "$1: screen H=$h is the snapshot's"
	m=$("$JQ" -r '.figures.method' "$J")
	printf '%s\n' "$SCREEN" | grep -q "| $m |"; ok $? "$1: screen method $m is the snapshot's"
}

mkdir -p "$tui_tmp/snaps"

# 1. The default view: power series n = 16, delta = 4, theta = 1, lambda = 0.5.
tui_start 200 60 --snapshot-dir "$tui_tmp/snaps"
tui_wait "H=1.36044"; ok $? "TUI up"
snap_view power
same_set power
on_screen power
# mpmath: e_k = 4 * 0.5^k, k = 0..15, softmax at theta = 1:
# H = 1.3604424179858944976, max weight 0.69200130119935562683.
close "$("$JQ" -r '.figures.entropy_nats' "$J")" 1.3604424179858944976 1e-13
ok $? "power: H = 1.36044241798589 (mpmath)"
# The map is the view's figure, 161 x 101 cells, axes exactly on -2..2, 0..1.
[ "$(nums "$D-map.csv" | tail -n +2 | wc -l)" -eq 16261 ]; ok $? "power: map CSV has 161 x 101 cells"
ticks=$(sed -n 's/.*<text[^>]*>\([^<]*\)<\/text>.*/\1/p' "$D-map.svg" | tr '\n' ' ')
case "$ticks" in
*"−2 −1 0 1 2 0.0 0.2 0.4 0.6 0.8 1.0 "*) r=0 ;;
*) r=1; diag "map ticks: $ticks" ;;
esac
case "$ticks" in *"1.2 "*|*"−0.2 "*|*"−3 "*|*" 3 "*) r=1 ;; esac
ok $r "power: map SVG axes exactly on theta -2..2 and lambda 0..1 (no tick past them)"
c=$("$JQ" -r '.figures.map_cursor.entropy' "$J" | xargs printf '%.4g')
printf '%s\n' "$SCREEN" | grep -q "cursor θ=-2 λ=0  entropy = $c"
ok $? "power: map cursor value $c on screen = snapshot's"

# :map_size sets the figure resolution: the snapshot's map has those cells,
# the panel an exact subsample (80 = 4 * 20 and 50 = 2 * 25 divide evenly).
T send-keys : "map_size 81x51" Enter
tui_wait "map_size = 81x51"; ok $? ":map_size 81x51 accepted"
snap_view msize
"$JQ" -e '.view.map.cols == 81 and .view.map.rows == 51' "$J" >/dev/null; ok $? ":map_size: JSON view.map 81 x 51"
[ "$(nums "$D-map.csv" | tail -n +2 | wc -l)" -eq 4131 ]; ok $? ":map_size: map CSV has 81 x 51 cells"
same_set msize
T send-keys : "map_size 1x9" Enter
tui_wait "map_size must be COLSxROWS"; ok $? ":map_size 1x9 refused on the status line"

# 2. Pins: b pins, theta changes, the ghost keeps its label; the pin is in
# the JSON, the curve CSV (entropy_pin1), the SVG and survives --load.
T send-keys b
tui_wait "pin 1: same parameters"; ok $? "b pins the curves (legend: pin 1)"
T send-keys : "theta 0.5" Enter
tui_wait "pin 1: θ = 1 → 0.5"; ok $? "pin label names what differs: θ = 1 → 0.5"
snap_view pins
"$JQ" -e '.view.pins | length == 1 and .[0].theta == 1' "$J" >/dev/null; ok $? "pins: JSON view.pins holds the pinned theta = 1"
nums "$D-curve.csv" | head -1 | grep -q 'entropy_pin1,max_weight_pin1'; ok $? "pins: curve CSV has the pin's columns"
grep -q "pin 1: θ = 1 → 0.5" "$D-curve.svg"; ok $? "pins: curve SVG draws and labels the pin"
same_set pins
on_screen pins
# The pin keeps theta = 1: at the curve's size n = 17 (2^(40*26/255)
# rounded) mpmath gives, for e_k = 4 * 0.5^k, k = 0..16, softmax at
# theta = 1: H = 1.4106836140912788736.
p17=$(nums "$D-curve.csv" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "entropy_pin1") c = i }
	$1 == 17 { print $c }')
if [ -n "$p17" ]; then close "$p17" 1.4106836140912788736 1e-13; else false; fi
ok $? "pins: pinned curve at n = 17 is H(theta = 1) = 1.4106836140912788736 (mpmath)"
T send-keys B
tui_gone "pin 1:"; ok $? "B clears the pins"
T send-keys q
tui_exited; ok $? "quit"
# The pin survives the round trip into the TUI too.
tui_fresh 200 60 --load "$tui_tmp/pins/$(basename "$RJ")" --snapshot-dir "$tui_tmp/snaps"
tui_wait "pin 1: θ = 1 → 0.5"; ok $? "pins: --load draws the pin with its label"
T send-keys q
tui_exited

# 3. Uniform n = 65536: the route policy's size, item by item (explicit);
# the curve past 2^16 is the law's typical configuration.
tui_fresh 200 60 --snapshot-dir "$tui_tmp/snaps" --family uniform -n 65536
tui_wait "| explicit |"; ok $? "uniform 65536: explicit on screen"
small_map
snap_view uniform
same_set uniform
on_screen uniform
nums "$D-curve.csv" | awk -F, '$1 == 65536 { print $NF }' | grep -q explicit
ok $? "uniform: curve point n = 65536 is explicit (one policy, 2^16)"
# mpmath: U[0, 4], theta = 1, n = 2^40, the large-n limit
# H = log n + log A - B/A, A = E[e^(x-4)], B = E[(x-4) e^(x-4)]:
# 27.246477972996939006; the typical configuration (core/math/typical.h) is
# within 2e-8 of it there (tests/core/test-eval).
h40=$(nums "$D-curve.csv" | awk -F, '$1 == 1099511627776 { print $2 }')
close "$h40" 27.246477972996939006 1e-7; ok $? "uniform: H(2^40) = 27.2464779729969 (mpmath, large-n limit; typical configuration)"
T send-keys q
tui_exited

# 4. Gaussian with adaptive on: the main curve and its plain twin.
tui_fresh 200 60 --snapshot-dir "$tui_tmp/snaps" --family gaussian --adaptive
tui_wait "softmax plain"; ok $? "gaussian adaptive: plain twin in the legend"
small_map
snap_view gaussian
same_set gaussian
on_screen gaussian
"$JQ" -e '[.figures.series[].role] == ["main", "plain"]' "$J" >/dev/null; ok $? "gaussian: series main + plain"

# 5. Compare mask of 3 functions, overlays switched off with c: nothing of
# them in the snapshot; switched on: all three.
snap_view cmpoff c c
"$JQ" -e '.view.overlays == false and .view.compare_mask == 7 and ([.figures.series[].role] == ["main", "plain"])' "$J" >/dev/null
ok $? "overlays off: mask kept, no overlay series"
grep -q "ssmax (plain" "$D-curve.svg"; ok $(test $? -ne 0; echo $?) "overlays off: the SVG draws no ssmax"
same_set cmpoff
snap_view cmpon c
"$JQ" -e '.view.overlays == true and ([.figures.series[].key] == ["softmax", "softmax", "ssmax", "logn"])' "$J" >/dev/null
ok $? "overlays on: softmax (plain), ssmax, logn overlaid"
grep -q "ssmax (plain" "$D-curve.svg"; ok $? "overlays on: the SVG draws ssmax"
same_set cmpon
on_screen cmpon
# Curve mode: v shows entropy only, and so does the SVG.
# (What is read is the TUI's own set: no re-export.)
snap_tui cmode v
"$JQ" -e '.view.curve_mode == "entropy"' "$J" >/dev/null; ok $? "v: curve mode entropy saved"
grep -q "tight upper bound" "$D-curve.svg"; ok $(test $? -ne 0; echo $?) "curve mode entropy: no max-weight plot in the SVG"
T send-keys q
tui_exited

# 6. A file's logits: no curve, the same weights.
printf '0.25\n-1.5\n3\n' >"$tui_tmp/l.txt"
tui_fresh 200 60 --snapshot-dir "$tui_tmp/snaps" --input "$tui_tmp/l.txt"
tui_wait "H=0.282387"; ok $? "file: TUI up"
snap_view file
nums "$D-weights.csv" >"$tui_tmp/a"; nums "$RD-weights.csv" >"$tui_tmp/b"
cmp -s "$tui_tmp/a" "$tui_tmp/b"; ok $? "file: weights bit for bit"
"$JQ" -e '.figures.series == []' "$J" >/dev/null; ok $? "file: no curve series"
# mpmath: softmax of (0.25, -1.5, 3): H = 0.28238691139272198247.
close "$("$JQ" -r '.figures.entropy_nats' "$J")" 0.28238691139272198247 1e-13
ok $? "file: H = 0.282386911392722 (mpmath)"
T send-keys q
tui_exited

# 7. lambda = -1 (alternating logits): computed at once, every panel done.
tui_fresh 200 60 --snapshot-dir "$tui_tmp/snaps" --lambda -1 -n 16
tui_wait "H="; ok $? "lambda -1: TUI up"
small_map
snap_view lneg
tui_cap | grep -q "computing"; ok $(test $? -ne 0; echo $?) "lambda -1: no panel left computing"
same_set lneg
on_screen lneg
T send-keys q
tui_exited; ok $? "quit"
tap_done
