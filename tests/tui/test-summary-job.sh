#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The summary of a large explicit input is a worker job (issue 10, speed):
# while entmax (alpha = 1.001) over a file's 2^20 logits runs (seconds of
# work), the weights and theorem panels say "computing" and draw nothing
# stale; a key pressed meanwhile (back to softmax) gets its own figures,
# checked against an independent sum, and the stale job is cancelled (the
# status line counts it).  Only generous poll bounds, no timing.
. "$top_srcdir/tests/tap.sh"
. "$top_srcdir/tests/tui/tui-lib.sh"

# x_i = 4 sin(0.618 i), i = 0 .. 2^20 - 1, written exactly (%.17g).
f="$tui_tmp/l20.txt"
awk 'BEGIN { for (i = 0; i < 1048576; i++) printf "%.17g\n", 4 * sin(0.618 * i) }' >"$f"
# Softmax at theta = 1: H = log Z - sum e^x x / Z with Z = sum e^x (awk
# doubles over the file's own numbers, not the program).
want=$(awk '{ x[NR] = $1; if (NR == 1 || $1 + 0 > m) m = $1 + 0 }
    END { for (i = 1; i <= NR; i++) { e = exp(x[i] - m); z += e; s += e * (x[i] - m) }
    printf "%.6g", log(z) - s / z }' "$f")

tui_start 140 60 --input "$f" --attn entmax --alpha 1.001
tui_wait "computing" 300; ok $? "entmax over 2^20 logits: a summary job, its panels say computing"
tui_cap | grep -q "Theorem" && ! tui_cap | grep -q "H="
ok $? "nothing stale drawn: no H while the summary computes"
T send-keys : "attn softmax" Enter
i=0
while [ "$i" -lt 300 ] && ! tui_cap | grep -q "H=$want"; do
	sleep 0.1
	i=$((i + 1))
done
tui_cap | grep -q "H=$want"; ok $? "the key's figures arrive: softmax H = $want (awk sum)"
tui_cap | grep -q "H=$want" || tui_cap | sed 's/^/| /' | head -60 | while IFS= read -r l; do diag "$l"; done
T send-keys T
tui_wait_status "stale cancelled"; ok $? "the stale entmax job was cancelled (status line, with the timings: T)"
tui_gone "computing"; ok $? "no panel left computing"
T send-keys q
tui_exited; ok $? "q quits"
[ "$(cat "$tui_tmp/rc" 2>/dev/null)" = 0 ]; ok $? "exit status 0"
tap_done
