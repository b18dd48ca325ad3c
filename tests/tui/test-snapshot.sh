#!/bin/sh
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
T send-keys q
tui_exited; ok $? "quit"
T kill-server >/dev/null 2>&1
sleep 0.2

tui_start 100 30 --load "$json"
tui_wait "H=2.05219"; ok $? "--load restores n = 32 (H=2.05219)"
tui_cap | grep -q "n=32 "; ok $? "--load: status line n=32"
T send-keys q
tui_exited; ok $? "quit after --load"

# An unwritable snapshot directory: a status-line error, no crash.
T kill-server >/dev/null 2>&1
sleep 0.2
: > "$tui_tmp/file"
tui_start 100 30 --snapshot-dir "$tui_tmp/file/sub"
tui_wait "H=1.36044"; ok $? "TUI up with a bad snapshot dir"
T send-keys s
tui_wait "snapshot failed: "; ok $? "snapshot error on the status line"
T send-keys q
tui_exited; ok $? "quit after a failed snapshot"
tap_done
