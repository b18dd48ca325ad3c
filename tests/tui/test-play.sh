#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Play mode (p): n runs from 1 to 2^40 on log-spaced frames, the curve's
# "you are here" marker moves right with it, the weights flatten; Space
# pauses, . and , step, + and - change the speed, a second p plays theta.
# No wall-clock asserts: captures are polled until n changes, with a
# generous overall limit.
. "$top_srcdir/tests/tap.sh"
. "$top_srcdir/tests/tui/tui-lib.sh"

# The curve panel's legend "│ n=N  : n*=..." gives the n the marker is at.
legend_n() { tui_cap | sed -n 's/.*[│|] n=\([0-9]*\)  : n\*=.*/\1/p' | head -1; }
# Columns (characters from the left) holding a vertical bar on at least
# half the rows of the curve's entropy plot: frames, the y axis and the
# marker (python3: the pane is UTF-8, awk's columns would be bytes).
bar_cols() {
	tui_cap | "$py3" -c '
import sys
rows = sys.stdin.read().split("\n")
top = next((i for i, r in enumerate(rows) if " n=" in r and "n*=" in r), None)
bot = None if top is None else next((i for i in range(top, len(rows)) if "2^40" in rows[i]), None)
if bot is None or bot <= top + 1:
    sys.exit(0)  # a capture mid-draw: no line (an empty one would hide every column)
plot = rows[top + 1:bot]
w = min(len(r) for r in plot)
print(" ".join(str(c) for c in range(w)
    if 2 * sum(r[c] == "\u2502" for r in plot) >= len(plot)))'
}

tui_start 120 40
tui_wait "H=1.36044"; ok $? "TUI up on the default view"
bar_cols > "$tui_tmp/bars"
[ -s "$tui_tmp/bars" ]; ok $? "curve plot found (bars at columns $(cat "$tui_tmp/bars"))"

# Fastest speed first, so the whole run takes a few seconds.
T send-keys + +
tui_wait "play speed: 25 ms a frame"; ok $? "+ + : 25 ms a frame"
T send-keys p
tui_wait "play n 1"; ok $? "p starts playing n (header says so)"
tui_wait "play n from 1 to 1099511627776 in 161 frames"; ok $? "status: n from 1 to 2^40, 161 frames (4 an octave)"

# Poll until n reaches 2^40 (at most 120 s): every n seen must be a frame
# value round(2^(k/4)), the values must grow, and the marker column must
# move right with them.
seen="" last=0 i=0 mono=0 onframe=0
while [ "$i" -lt 600 ]; do
	n=$(legend_n)
	if [ -n "$n" ] && [ "$n" != "$last" ]; then
		[ "$n" -ge "$last" ] || mono=1
		awk -v n="$n" 'BEGIN { for (k = 0; k <= 160; k++) { v = int(2^(k / 4) + 0.5); if (v == n) exit 0 } exit 1 }' ||
		    { onframe=1; diag "n = $n is not a frame value"; }
		bar_cols >> "$tui_tmp/bars"
		seen="$seen $n"
		last=$n
	fi
	[ "$last" = 1099511627776 ] && break
	sleep 0.2
	i=$((i + 1))
done
diag "n seen:$seen"
[ "$last" = 1099511627776 ]; ok $? "n reached 2^40 = 1099511627776"
[ "$(echo "$seen" | wc -w)" -ge 4 ]; ok $? "at least 4 distinct n seen on the way"
[ "$mono" = 0 ]; ok $? "n only grew"
[ "$onframe" = 0 ]; ok $? "every n seen is a frame value round(2^(k/4))"
# The marker: the bar column of each capture that is not in every capture
# (frames and the y axis are).
"$py3" - "$tui_tmp/bars" > "$tui_tmp/marker" <<'EOF'
import sys
sets = [set(map(int, l.split())) for l in open(sys.argv[1])]
static = set.intersection(*sets)
# The first line is the view before the play (n = 16): static only.
print(" ".join(str(min(s - static)) if s - static else "none" for s in sets[1:]))
EOF
diag "marker columns: $(cat "$tui_tmp/marker")"
tr ' ' '\n' < "$tui_tmp/marker" | awk '
	$1 == "none" { next }
	{ if (seen && $1 + 0 < prev) bad = 1; if (!($1 in s)) { s[$1]; d++ } prev = $1 + 0; seen = 1 }
	END { exit (bad || d < 3) }'
ok $? "the curve marker moved right through at least 3 columns"
tui_wait "play n reached 1099511627776"; ok $? "the play stops at the last frame and says so"
tui_wait "|| play n 161/161"; ok $? "header: paused at frame 161/161"
# The weights flattened: the largest weight at n = 2^40 is
# e^4 / (sum_{k<200} e^{4 * 0.5^k} + 2^40 - 200) = 4.96567e-11 (mpmath, 30 digits).
tui_cap | grep -q "max 4.97e-11 "; ok $? "weights panel: max weight 4.97e-11 = e^4/sum at n = 2^40"

# Space at the end plays again from n = 1; Space again pauses.
T send-keys Space
tui_wait "> play n"; ok $? "Space at the end plays again"
T send-keys Space
tui_wait "|| play n"; ok $? "Space pauses"
f=$(tui_cap | sed -n 's/.*|| play n \([0-9]*\)\/161.*/\1/p' | head -1)
n=$(legend_n)
sleep 0.5
[ "$(legend_n)" = "$n" ]; ok $? "paused: n stays at $n"
T send-keys .
tui_wait "|| play n $((f + 1))/161"; ok $? ". steps one frame forward (frame $((f + 1)))"
want=$(awk -v k="$f" 'BEGIN { printf "%d", int(2^(k / 4) + 0.5) }')
tui_wait " n=$want  :"; ok $? "and n = round(2^($f/4)) = $want"
T send-keys ,
tui_wait "|| play n $f/161"; ok $? ", steps one frame back"
T send-keys -
tui_wait "play speed: 50 ms a frame"; ok $? "- : slower, 50 ms a frame"

# A second p plays theta over -2 .. 2 from its first frame; :play delta.
T send-keys p
tui_wait "play theta from -2 to 2 in 81 frames"; ok $? "second p: theta from -2 to 2"
T send-keys Space
tui_wait "|| play theta"; ok $? "pause theta"
T send-keys : p l a y Space d e l t a Enter
tui_wait "play delta from 0 to 16 in 81 frames"; ok $? ":play delta"
T send-keys Space
tui_wait "|| play delta"; ok $? "pause delta"
f=$(tui_cap | sed -n 's/.*|| play delta \([0-9]*\)\/81.*/\1/p' | head -1)
T send-keys .
tui_wait "|| play delta $((f + 1))/81"; ok $? "step: delta frame $((f + 1))"
# Frame f + 1 (1-based) of 81 over 0 .. 16: delta = 16 f / 80 = 0.2 f.
want=$(awk -v f="$f" 'BEGIN { printf "%g", 0.2 * f }')
tui_wait "│  δ          $want "; ok $? "delta = 0.2 x $f = $want at frame $((f + 1))"
T send-keys : p l a y Space x Enter
tui_wait "cannot play 'x' (n, theta, delta or off)"; ok $? ":play x is an error"
T send-keys p
tui_wait "play stopped"; ok $? "p after delta stops the play"
tui_gone "play delta"; ok $? "header back to the hints"

# Play during the tour stops when the tour closes (issue 24): the tour
# gives back the parameters it replaced, and play must not overwrite them.
T send-keys t
tui_wait "tour"; ok $? "t opens the tour"
T send-keys : p l a y Space t h e t a Enter
tui_wait "play theta from"; ok $? "play theta inside the tour"
T send-keys t
tui_wait "tour closed at step"; ok $? "t closes the tour"
tui_gone "play theta"; ok $? "the tour's close stops the play"
th0=$(tui_cap | sed -n 's/.*│  θ          \([^ ]*\) .*/\1/p' | head -1)
tui_settle
th1=$(tui_cap | sed -n 's/.*│  θ          \([^ ]*\) .*/\1/p' | head -1)
[ -n "$th0" ] && [ "$th0" = "$th1" ]; ok $? "theta stays where the tour left it ($th0, then $th1)"

T send-keys q
tui_exited; ok $? "q quits"
[ "$(cat "$tui_tmp/rc" 2>/dev/null)" = 0 ]; ok $? "exit status 0"
tui_restored; ok $? "terminal restored"
tap_done
