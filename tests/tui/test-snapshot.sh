#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# s writes a snapshot set (screen text, JSON, ...) and --load restores it.
. "$top_srcdir/tests/tap.sh"
. "$top_srcdir/tests/tui/tui-lib.sh"

snaps="$tui_tmp/snaps"
tui_start 100 30 --snapshot-dir "$snaps"
tui_wait "H=1.36044"; ok $? "TUI up"
T send-keys l
tui_wait "H=2.05219"; ok $? "n = 32"
T send-keys s
tui_wait "snapshot in $snaps: disperse-"; ok $? "s names the files written"
txt=$(ls "$snaps"/disperse-*.txt 2>/dev/null | head -1)
json=$(ls "$snaps"/disperse-*.json 2>/dev/null | head -1)
[ -n "$txt" ] && [ -n "$json" ]; ok $? "snapshot text and JSON files exist"
grep -q "H=2.05219" "$txt"; ok $? "snapshot text is the screen (H=2.05219)"
grep -q "holds (margin" "$txt"; ok $? "snapshot text has the theorem panel"
grep -q "┌─ Parameters" "$txt" && ! grep -q "lqq" "$txt"
ok $? "snapshot text has the box drawing as shown, not ACS letters"
T send-keys q
tui_exited; ok $? "quit"

tui_fresh 100 30 --load "$json" --theta 2
i=0
while [ "$i" -lt 50 ] && ! tui_cap | grep -q -e "H=" -e "cannot load"; do
	sleep 0.1
	i=$((i + 1))
done
if tui_cap | grep -q "not implemented"; then
	# The loader is another area's work in progress: say so, do not pass.
	for d in "--load restores n = 32" "--load: command-line --theta wins" "quit after --load"; do
		tap_n=$((tap_n + 1)); echo "ok $tap_n - $d # SKIP dsp_snapshot_load not implemented yet"
	done
else
	h=$(report_value entropy_nats --n 32 --theta 2 | xargs printf '%.6g')
	tui_wait "H=$h"; ok $? "--load restores n = 32 (H=$h with --theta 2)"
	tui_cap | grep -q "n=32 " && tui_cap | grep -q "θ=2 "; ok $? "--load: n=32 from the file, command-line --theta wins"
	T send-keys q
	tui_exited; ok $? "quit after --load"
fi

# An unwritable snapshot directory: a status-line error, no crash.
tui_kill
: > "$tui_tmp/file"
tui_start 100 30 --snapshot-dir "$tui_tmp/file/sub"
tui_wait "H=1.36044"; ok $? "TUI up with a bad snapshot dir"
T send-keys s
tui_wait "snapshot failed: "; ok $? "snapshot error on the status line"
T send-keys q
tui_exited; ok $? "quit after a failed snapshot"

# Review finding 14: the map is drawn by colour alone (blanks and '▀' on
# viridis pairs); the screen text writes each cell as its level on the mono
# map's ramp " .:-=+*#%@" (a '▀' as the mean of its two levels).  The legend
# bar is t = 0 .. 1 in equal steps, so its text must climb the ramp from
# ' ' to '@' without a step down; the map rows must show the ramp, no '▀'.
tui_fresh 120 40 --snapshot-dir "$tui_tmp/map"
tui_wait "entropy = 2.735"; ok $? "120x40: the map is shown"
T send-keys s
tui_wait "snapshot in $tui_tmp/map: disperse-"; ok $? "s at 120x40"
mtxt=$(ls "$tui_tmp"/map/disperse-*.txt 2>/dev/null | head -1)
awk -v ramp=' .:-=+*#%@' '/│min [0-9.e+-]+ .* max / {
	s = $0; sub(/.*│min [0-9.e+-]+ /, "", s); sub(/ max .*/, "", s)
	prev = 0; good = length(s) >= 4; found = 1
	for (i = 1; i <= length(s); i++) { k = index(ramp, substr(s, i, 1)); if (k < prev || k == 0) good = 0; prev = k }
	good = good && substr(s, length(s), 1) == "@" } END { exit !(found && good) }' "$mtxt"
ok $? "the map legend in the text climbs the ramp to '@'"
rows=$(sed -n '/(θ, λ) map/,/ θ /p' "$mtxt" | grep -c '│ *[0-9.]*  [ .:=+*#%@X-]*[.:=+*#%@-]')
! grep -q "▀" "$mtxt" && [ "$rows" -ge 5 ]
ok $? "the map rows in the text are ramp characters ($rows rows), no '▀'"
T send-keys q
tui_exited; ok $? "quit"
tap_done
