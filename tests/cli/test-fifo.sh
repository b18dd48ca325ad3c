#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Issue 26: a whole document given as a FIFO (or a device) is refused in one
# line, exit 1, at once -- opening it would wait for a writer for ever.  The
# readers of documents: --model, snapshot --load, fit --pairs, tour --file
# and the TUI's settings file (tests/tui/test-settings.sh starts the TUI).
# Logits (--input) still stream from a pipe: the last check.
. "$top_srcdir/tests/tap.sh"
[ -x "$DISPERSE" ] || skip_all "no disperse binary"
command -v mkfifo >/dev/null 2>&1 || skip_all "no mkfifo"
command -v timeout >/dev/null 2>&1 || skip_all "no timeout"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
mkfifo "$tmp/ff" || skip_all "mkfifo failed"

refused() { # refused WHAT CMD...: exit 1 within the bound, one line naming FIFO
	what=$1
	shift
	timeout 20 "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ "$rc" -eq 1 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
	    grep -q "not a regular file (a FIFO" "$tmp/err"
	ok $? "$what: refused at once, exit 1, one line (exit $rc: $(head -c 160 "$tmp/err"))"
}
refused "report --model FIFO" "$DISPERSE" report --model "$tmp/ff"
refused "snapshot --load FIFO" "$DISPERSE" snapshot --load "$tmp/ff" --out "$tmp/s"
refused "fit --pairs FIFO" "$DISPERSE" fit --pairs "$tmp/ff"
refused "tour --file FIFO" "$DISPERSE" tour --file "$tmp/ff"
refused "tour --file /dev/zero (a device)" "$DISPERSE" tour --file /dev/zero
[ ! -e "$tmp/s" ]; ok $? "nothing written by the refused snapshot"
printf '1 2 3 4\n' | timeout 20 "$DISPERSE" report --input - --format csv >"$tmp/r" 2>&1
grep -q '^n,4,' "$tmp/r"; ok $? "logits still stream from a pipe (--input -)"
tap_done
