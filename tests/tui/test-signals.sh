#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The terminal is restored on SIGTERM, SIGINT (Ctrl-C), SIGHUP, SIGQUIT
# (Ctrl-\), SIGUSR1/2, SIGALRM and SIGPIPE, and the
# TUI refuses to start without a terminal.
. "$top_srcdir/tests/tap.sh"
. "$top_srcdir/tests/tui/tui-lib.sh"

msg=$("$DISPERSE" </dev/null 2>&1 >/dev/null); rc=$?
[ "$rc" -eq 2 ]; ok $? "not a terminal: exit status 2"
[ "$msg" = "disperse: not a terminal (try 'disperse report')" ]; ok $? "not a terminal: one-line message"

# An unknown terminal type: one line, status 1, no curses exit().
T new-session -d -x 80 -y 24 "TERM=nosuchterm-dsp '$DISPERSE' 2> '$tui_tmp/err'; echo \$? > '$tui_tmp/rc'; stty -a > '$tui_tmp/stty'; sleep 30"
tui_exited; ok $? "unknown TERM: exits"
[ "$(cat "$tui_tmp/rc")" = 1 ]; ok $? "unknown TERM: exit status 1"
[ "$(cat "$tui_tmp/err")" = "disperse: cannot use terminal type 'nosuchterm-dsp'" ]
ok $? "unknown TERM: one-line message"
tui_kill

# QUIT USR1 ALRM PIPE left the terminal in the alternate screen (issue 16).
for sig in TERM HUP QUIT USR1 USR2 ALRM PIPE; do
	tui_start 90 26
	tui_wait "H=1.36044"; ok $? "SIG$sig run: TUI up"
	pid=$(tui_pid)
	[ -n "$pid" ] && kill -s "$sig" "$pid"
	tui_exited; ok $? "SIG$sig ends the TUI"
	tui_restored; ok $? "SIG$sig: terminal restored"
	tui_kill
done

tui_start 90 26
tui_wait "H=1.36044"; ok $? "Ctrl-\\ run: TUI up"
T send-keys 'C-\'
tui_exited; ok $? "Ctrl-\\ (SIGQUIT) ends the TUI"
[ "$(cat "$tui_tmp/rc" 2>/dev/null)" = 131 ]; ok $? "Ctrl-\\: exit status 131"
tui_restored; ok $? "Ctrl-\\: terminal restored"

tui_fresh 90 26
tui_wait "H=1.36044"; ok $? "Ctrl-C run: TUI up"
T send-keys C-c
tui_exited; ok $? "Ctrl-C ends the TUI"
[ "$(cat "$tui_tmp/rc" 2>/dev/null)" = 130 ]; ok $? "Ctrl-C: exit status 130"
tui_restored; ok $? "Ctrl-C: terminal restored"
tui_kill

# A .npy is used in place from its mapping: truncated by another process,
# the next read faults (SIGBUS) in a worker thread.  The terminal is
# restored and one line says why (before, the worker blocked the signal,
# so the kernel killed the process with the terminal left raw).
"$py3" - "$tui_tmp/bus.npy" <<'EOF2'
import struct, sys
n = 65536
head = "{'descr': '<f8', 'fortran_order': False, 'shape': (%d,), }" % n
head += " " * (63 - (10 + len(head)) % 64) + "\n"
with open(sys.argv[1], "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(head)) + head.encode())
    f.write(struct.pack("<%dd" % n, *[(i % 977) * 1e-3 for i in range(n)]))
EOF2
tui_start 120 40 --input "$tui_tmp/bus.npy"
tui_wait "n=65536"; ok $? "truncated .npy run: TUI up"
truncate -s 4096 "$tui_tmp/bus.npy"
T send-keys ':theta 0.5' Enter
tui_exited; ok $? "a truncated mapped .npy ends the TUI"
[ "$(cat "$tui_tmp/rc" 2>/dev/null)" = 135 ]; ok $? "truncated .npy: exit status 135 (SIGBUS)"
tui_restored; ok $? "truncated .npy: terminal restored"
# Polled: the line is the process's last output, and tmux may read it from
# the pty after the wrapper has already recorded the exit status.
tui_wait "disperse: an input file shrank while it was mapped (SIGBUS)" 50
ok $? "truncated .npy: one line says why"
tui_kill

# No colours and ASCII glyphs still show the numbers.
NO_COLOR=1
tui_start 80 24 --ascii --no-mouse
tui_wait "H=1.36044"; ok $? "--ascii --no-mouse NO_COLOR: view up at 80x24"
# spread 4(1 - 2^-15) = 3.99988, shown 3.9999 (never rounded onto 4)
tui_cap | grep -q "1/(1+15\*e^{3.9999/1}) = 0.00122" && tui_cap | grep -q "<= a_k <="
ok $? "--ascii: ASCII lemma text"
! tui_cap | grep -q "│"; ok $? "--ascii: no box-drawing characters"
T send-keys q
tui_exited; ok $? "q quits the ASCII view"
tap_done
