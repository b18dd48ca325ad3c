#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The `:` command and the parameter table (issues 9 and 10): every row of
# the table typed as `:name value` (the Unicode name where the panel shows
# one) gives the same snapshot parameters as the same values given as CLI
# options, and that JSON loads back to them; `:δ 7` with θ selected sets δ;
# an unknown name is an error naming the valid ones; `:preset`.
. "$top_srcdir/tests/tap.sh"
. "$top_srcdir/tests/tui/tui-lib.sh"

rows="$tui_tmp/rows"
"$top_builddir/tests/cli/test-ptable" --rows >"$rows" || skip_all "tests/cli/test-ptable not built"
snaps="$tui_tmp/snaps"
params() { sed -n '/^  "params": {/,/^  }/p' "$1"; }

# 32 lines: every parameter row and a full theorem panel.
tui_start 100 32 --snapshot-dir "$snaps"
tui_wait "H=1.36044"; ok $? "TUI up"

# Issue 9: a Greek name means its parameter, whatever row is selected.
T send-keys : "theta 2" Enter
tui_wait "theta = 2"; ok $? ":theta 2 selects theta"
T send-keys : "δ 7" Enter
tui_wait "δ=7 θ=2 "; ok $? ":δ 7 with θ selected sets δ = 7 (θ stays 2)"
T send-keys Up
tui_wait "▶ n "; ok $? "Up from δ: n selected"
T send-keys : "θ 0.5" Enter
tui_wait "δ=7 θ=0.5 "; ok $? ":θ 0.5 with n selected sets θ, not n"
tui_cap | grep -q "n=16 "; ok $? "n stays 16"
T send-keys : "nosuch 3" Enter
tui_wait "unknown parameter 'nosuch' (family n delta theta"; ok $? "unknown name: error listing the valid names"
T send-keys : "ε 0.05" Enter : "epsilon 0.02" Enter : "λ 0.25" Enter
tui_wait "ε=0.02"; ok $? ":ε and :epsilon set eps"
tui_wait "λ=0.25"; ok $? ":λ sets lambda"
T send-keys : "alpha 0" Enter
tui_wait "alpha must be in (1, 1000000] (got 0)"; ok $? ":alpha 0 refused with the domain"
T send-keys : "preset gemma-7b-max" Enter
tui_wait "δ=32.74 "; ok $? ":preset gemma-7b-max sets δ = 32.74"
T send-keys : "preset nosuch" Enter
tui_wait "unknown preset 'nosuch' (gemma-2b-min"; ok $? "unknown preset: error listing the presets"
T send-keys : "map_theta -4:4" Enter
tui_wait "map_theta = -4:4"; ok $? ":map_theta -4:4 sets the map's theta range"
T send-keys : "map_lambda 1:1" Enter
tui_wait "map_lambda must be A:B with A < B"; ok $? ":map_lambda 1:1 refused with the domain"
T send-keys r
tui_wait "H=1.36044"; ok $? "reset"

# Every name the parameters panel shows is a name `:` takes (a name alone
# asks for a value instead of being unknown).
tui_cap | sed -n '3,16p' | sed -n 's/^│[▶ ] \([^ ]*\) .*/\1/p' >"$tui_tmp/shown"
[ "$(wc -l <"$tui_tmp/shown")" -eq "$(wc -l <"$rows")" ]; ok $? "the panel shows one row per table row"
# Panel rows are in table order: the message names the row's ASCII name.
paste -d ' ' "$tui_tmp/shown" "$rows" >"$tui_tmp/pairs"
while read -r shown name rest; do
	T send-keys : "$shown" Enter
	tui_wait "no value typed for $name" 30; ok $? "panel name '$shown' is accepted by ':' ($name)"
done <"$tui_tmp/pairs"
T send-keys : "attention sigmoid" Enter
tui_wait "attn = sigmoid"; ok $? ":attention (the panel's word) sets attn"
T send-keys r
tui_wait "H=1.36044"; ok $? "reset"

# Walk the table: `:name value` for every row.
cli=""
while read -r name uname value opt; do
	key=$name
	[ "$uname" != "-" ] && key=$uname
	T send-keys : "$key $value" Enter
	tui_wait "$name = $value" 30; ok $? ":$key $value"
	cli="$cli $opt"
done <"$rows"
T send-keys s
tui_wait "snapshot in $snaps: disperse-"; ok $? "s writes the snapshot"
tj=$(ls "$snaps"/disperse-*.json 2>/dev/null | head -1)
# shellcheck disable=SC2086
"$DISPERSE" snapshot --out "$tui_tmp/cli" --map-cols 4 --map-rows 3 --curve-points 4 $cli >/dev/null
cj=$(ls "$tui_tmp"/cli/disperse-*.json 2>/dev/null | head -1)
[ -n "$tj" ] && [ -n "$cj" ] && [ "$(params "$tj")" = "$(params "$cj")" ]
r=$?; [ $r -ne 0 ] && diff "$tj" "$cj" | head -30 | while IFS= read -r l; do diag "$l"; done
ok $r "TUI ':name value' for every row = CLI options:$cli (snapshot params)"
"$DISPERSE" snapshot --load "$tj" --out "$tui_tmp/back" --map-cols 4 --map-rows 3 --curve-points 4 >/dev/null
bj=$(ls "$tui_tmp"/back/disperse-*.json 2>/dev/null | head -1)
[ -n "$bj" ] && [ "$(params "$bj")" = "$(params "$cj")" ]; ok $? "the TUI's JSON loads back to the same parameters"
T send-keys q
tui_exited; ok $? "quit"
tui_restored; ok $? "terminal restored"
tui_kill

# A loaded file never lifts the TUI's item-by-item limit (2^18): its
# explicit_max is ignored, so uniform n = 2^20 uses the large-n route (the
# law's typical configuration).
printf '{"format": "disperse-snapshot", "format_version": 1, "params": {"family": "uniform", "n": 1048576, "explicit_max": 1099511627776}}' >"$tui_tmp/crafted.json"
tui_start 100 30 --load "$tui_tmp/crafted.json"
tui_wait "uniform softmax | typical |"; ok $? "crafted explicit_max 2^40: n = 2^20 still past the TUI's limit (typical)"
T send-keys q
tui_exited; ok $? "quit after the crafted file"
tap_done
