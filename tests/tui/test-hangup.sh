#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The TUI must end when its terminal goes away even if SIGHUP never
# arrives (blocked signals survive exec): before the fix it spun on the
# dead pty for as long as the machine stayed up.
. "$top_srcdir/tests/tap.sh"
py=$py3
command -v "$py" >/dev/null 2>&1 || skip_all "python3 not found (needed for a pty)"

"$py" - "$DISPERSE" <<'PY'
import os, pty, signal, sys, time
exe = sys.argv[1]
pid, fd = pty.fork()
if pid == 0:
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGHUP})
    os.environ.update(TERM="xterm-256color", LANG="C.UTF-8",
                      ASAN_OPTIONS="detect_leaks=0")
    os.execv(exe, [exe])
# Wait for the first frame, so the TUI is in its event loop.
buf, t0 = b"", time.time()
while b"Parameters" not in buf and time.time() - t0 < 20:
    try:
        buf += os.read(fd, 65536)
    except OSError:
        break
os.close(fd)
t0 = time.time()
while time.time() - t0 < 20:
    p, st = os.waitpid(pid, os.WNOHANG)
    if p:
        code = os.waitstatus_to_exitcode(st)
        print("exited", code)
        sys.exit(0 if code == 129 else 1)
    time.sleep(0.05)
os.kill(pid, signal.SIGKILL)
os.waitpid(pid, 0)
print("still running 20 s after the hang-up")
sys.exit(1)
PY
ok $? "SIGHUP blocked, terminal closed: the TUI exits with status 129"
tap_done
