# SPDX-License-Identifier: GPL-3.0-or-later
# Helpers for the tmux-driven TUI tests: source after tests/tap.sh.
# shellcheck shell=sh
[ -n "$TMUX_BIN" ] && [ -x "$TMUX_BIN" ] || skip_all "tmux not found"
unset TMUX
TERM=xterm-256color
LANG=C.UTF-8
ASAN_OPTIONS=detect_leaks=0
export TERM LANG ASAN_OPTIONS
tui_tmp=$(mktemp -d "${TMPDIR:-/tmp}/dsp-tui.XXXXXX")
tui_sock="dsp-tui-$$-$(basename "$0" .sh)"
T() { "$TMUX_BIN" -L "$tui_sock" -f /dev/null "$@"; }
# Every wait is a poll for a condition, bounded: 10 s on a plain build, 4x
# under sanitizers, times DSP_WAIT_SCALE (./bootstrap deep runs the TUI
# under valgrind with 30).  A passing check waits only as long as the
# program takes; the bound only decides when a failing one gives up.
tui_scale=${DSP_WAIT_SCALE:-1}
[ -n "${DSP_SANITIZERS:-}" ] && tui_scale=$((tui_scale * 4))
tui_bound=$((100 * tui_scale))
tui_cleanup() { T kill-server >/dev/null 2>&1; rm -rf "$tui_tmp"; }
trap tui_cleanup EXIT

# tui_start COLS LINES [disperse options]: the TUI in a detached session; the
# wrapper shell records the exit status and the tty modes after it returns.
# Every start reads and writes the settings in a fresh XDG_CONFIG_HOME (never
# the user's, and no test sees what an earlier start saved) unless the test
# sets TUI_CONFIG to a folder of its own; TUI_ENV adds assignments; TUI_DIR
# is the working directory (default: the test's).
tui_nstart=0
tui_start() {
	w=$1 h=$2
	shift 2
	tui_nstart=$((tui_nstart + 1))
	rm -f "$tui_tmp/rc" "$tui_tmp/stty"
	# A server still shutting down after a kill-server (on a busy machine
	# for a while) closes the new client ("server exited unexpectedly"):
	# the session was never made, and every wait after it ran out.  Try
	# again until a server takes it.
	i=0
	until T new-session -d -x "$w" -y "$h" -c "${TUI_DIR:-$PWD}" \
	    "trap '' INT; TERM=$TERM LANG=$LANG ASAN_OPTIONS=$ASAN_OPTIONS NO_COLOR=$NO_COLOR XDG_CONFIG_HOME='${TUI_CONFIG:-$tui_tmp/config-$tui_nstart}' $TUI_ENV ${DSP_TUI_WRAP:-} '$DISPERSE' $*; echo \$? > '$tui_tmp/rc'; stty -a > '$tui_tmp/stty'; sleep 30" \
	    2>"$tui_tmp/start.err"; do
		i=$((i + 1))
		if [ "$i" -ge "$tui_bound" ]; then
			tui_late "tmux new-session failed: $(cat "$tui_tmp/start.err")"
			return 1
		fi
		sleep 0.05
	done
}
# tui_kill: end any TUI of this test and wait until its tmux server is gone
# (a new one on the same socket could meet the old); tui_fresh W H
# [options]: that, then a new start.
tui_kill() {
	T kill-server >/dev/null 2>&1
	i=0
	while [ "$i" -lt "$tui_bound" ] && T list-sessions >/dev/null 2>&1; do
		sleep 0.05
		i=$((i + 1))
	done
}
tui_fresh() {
	tui_kill
	tui_start "$@"
}
# tui_until CMD...: poll until CMD (a command or a shell function) succeeds.
tui_until() {
	i=0
	while [ "$i" -lt "$tui_bound" ]; do
		"$@" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	tui_late "timed out waiting until: $*"
	return 1
}
tui_cap() { T capture-pane -p 2>/dev/null; }
# tui_has TEXT FRAGMENT: TEXT holds FRAGMENT, as grep -F would find it, in
# the shell (a poll runs thousands of times a suite: a process fewer each).
tui_has() { case $1 in *"$2"*) return 0 ;; esac; return 1; }
# tui_late MESSAGE...: a wait ran out.  Said on stderr, which the caller's
# redirection of stdout does not hide: a wait that runs out while its check
# still passes costs its whole bound (40 s under sanitizers) on every run.
tui_late() { diag "$@" >&2; }
# tui_settle [tenths]: poll until the pane stops changing (four equal
# captures, a tenth of a second apart) and no panel says "computing"; the
# screen is then the program's answer to everything sent so far.
tui_settle() {
	i=0 same=0 prev=
	while [ "$i" -lt "$(( ${1:-100} * tui_scale ))" ]; do
		cur=$(tui_cap)
		if [ "$cur" = "$prev" ] && ! tui_has "$cur" computing; then
			same=$((same + 1))
			[ "$same" -ge 3 ] && return 0
		else
			same=0
		fi
		prev=$cur
		sleep 0.1
		i=$((i + 1))
	done
	tui_late "the screen did not settle"
	return 1
}
# tui_wait TEXT [tenths]: poll the pane until it shows TEXT (default 10 s,
# scaled as above).
tui_wait() {
	i=0
	while [ "$i" -lt "$(( ${2:-100} * tui_scale ))" ]; do
		tui_has "$(tui_cap)" "$1" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	tui_late "timed out waiting for: $1"
	tui_cap | sed 's/^/| /' | head -40 | while IFS= read -r l; do diag "$l"; done >&2
	return 1
}
# tui_poll FUNC TEXT: poll what FUNC prints until it shows TEXT.
tui_poll() {
	i=0
	while [ "$i" -lt "$tui_bound" ]; do
		tui_has "$("$1")" "$2" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	tui_late "timed out waiting for: $2" "saw: $("$1" | cat -v | cut -c1-240)"
	return 1
}
# tui_wait_status TEXT: the two status lines, joined by a blank (a long
# message is broken over both), show TEXT.
tui_status() { tui_cap | tail -2 | tr '\n' ' '; }
tui_wait_status() { tui_poll tui_status "$1"; }
# tui_gone TEXT [FUNC]: poll until TEXT is no longer shown (in what FUNC
# prints; the whole pane by default).
tui_gone() {
	i=0
	while [ "$i" -lt "$tui_bound" ]; do
		tui_has "$("${2:-tui_cap}")" "$1" || return 0
		sleep 0.1
		i=$((i + 1))
	done
	tui_late "still shown: $1"
	return 1
}
# tui_exited: wait for the wrapper to record the exit status.
tui_exited() {
	i=0
	while [ "$i" -lt "$tui_bound" ]; do
		[ -s "$tui_tmp/stty" ] && return 0
		sleep 0.1
		i=$((i + 1))
	done
	tui_late "the program did not exit"
	return 1
}
# Terminal restored: canonical mode and echo back on.
tui_restored() {
	grep -q -- '[^-]icanon' "$tui_tmp/stty" && grep -q -- '[^-]echo ' "$tui_tmp/stty"
}
tui_pid() {
	sh_pid=$(T list-panes -F '#{pane_pid}' | head -1)
	pgrep -P "$sh_pid" | head -1
}
# Field of `disperse report --format csv`.
report_value() { # report_value FIELD OPTIONS...
	f=$1
	shift
	"$DISPERSE" report --format csv "$@" | awk -F, -v f="$f" '$1 == f { print $2 }'
}
