#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The TUI in a real terminal (tmux) at the layouts that moved (issue 24's
# live-lock: the summary job's key held a panel width, 120x40 and 140x45
# flipped the Weights panel between 37 and 38 columns, and the screen said
# "computing" for minutes): for each view, the seconds from the start to a
# settled screen (no panel computing, three equal captures 50 ms apart),
# then the window flipped between the two sizes ten times, each flip timed
# to settled, and the stale jobs the flips cancelled (the status line's
# timings, T).  Prints numbers; asserts nothing.  A live-lock reads as a
# time near the 60 s cap and a cancel count that grows with the flips.
#
#   sh bench/settle.sh BUILDDIR
set -u
builddir=${1:-.}
tmux=$(command -v tmux) || { echo "settle: tmux not installed (apt-get install tmux)"; exit 0; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/dsp-settle.XXXXXX")
sock="dsp-bench-settle-$$"
T() { "$tmux" -L "$sock" -f /dev/null "$@"; }
trap 'T kill-server >/dev/null 2>&1; rm -rf "$tmp"' EXIT INT TERM
awk 'BEGIN { for (i = 0; i < 1048576; i++) printf "%.17g\n", 4 * sin(0.618 * i) }' >"$tmp/l20.txt"
now() { date +%s.%N; }

# settled: seconds until the pane is settled (60 s cap: prints "60+").
settled() {
	t0=$(now) same=0 prev=
	while :; do
		cur=$(T capture-pane -p 2>/dev/null)
		if [ "$cur" = "$prev" ] && ! printf '%s' "$cur" | grep -q computing; then
			same=$((same + 1))
			[ "$same" -ge 2 ] && break
		else
			same=0
		fi
		prev=$cur
		if [ "$(echo "$(now) - $t0 > 60" | bc)" = 1 ]; then
			echo "60+"
			return
		fi
		sleep 0.05
	done
	# The two confirming captures are not the program's time.
	echo "$(now) - $t0 - 0.1" | bc | awk '{ printf "%.2f", $1 < 0 ? 0 : $1 }'
}
cancelled() {
	T capture-pane -p | tail -2 | tr '\n' ' ' |
	    sed -n 's/.* \([0-9][0-9]*\) stale cancelled.*/\1/p' | grep . || echo 0
}

echo "TUI settle, 120x40 <-> 140x45 (bench/settle.sh; seconds, cap 60):"
for v in "uniform 2^16|--family uniform -n 65536" "gaussian 2^16|--family gaussian -n 65536" \
    "file 2^20|--input $tmp/l20.txt"; do
	name=${v%%|*} args=${v#*|}
	T new-session -d -x 120 -y 40 "XDG_CONFIG_HOME='$tmp/cfg' TERM=xterm-256color LANG=C.UTF-8 \
	    '$builddir/disperse' $args; sleep 60"
	first=$(settled)
	T send-keys T
	c0=$(cancelled)
	flips=
	for i in 1 2 3 4 5; do
		T resize-window -x 140 -y 45
		flips="$flips $(settled)"
		T resize-window -x 120 -y 40
		flips="$flips $(settled)"
	done
	c1=$(cancelled)
	echo "$flips" | tr ' ' '\n' | grep . | sort -n | awk -v n="$name" -v f="$first" \
	    -v c=$((c1 - c0)) '{ t[NR] = $1 } END {
		printf "  %-13s start %s s; 10 flips: min %s / median %s / max %s s; stale jobs cancelled by the flips: %d\n",
		    n, f, t[1], t[int((NR + 1) / 2)], t[NR], c }'
	T kill-server >/dev/null 2>&1
	while T list-sessions >/dev/null 2>&1; do sleep 0.05; done
done
