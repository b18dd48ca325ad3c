#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Settings that persist (issue 14 item 8): the last view, the display
# options and the editor's history in $XDG_CONFIG_HOME/disperse/settings.json
# (~/.config/disperse without it), written atomically on quit, read at
# start; options on the command line win; --no-config neither reads nor
# writes; D restores the defaults; a corrupt or unreadable file is one
# status-line message and the defaults.  Values are checked with jq against
# what was typed.
. "$top_srcdir/tests/tap.sh"
. "$top_srcdir/tests/tui/tui-lib.sh"
command -v jq >/dev/null || skip_all "jq not found"

TUI_CONFIG="$tui_tmp/xdg"
cfg="$TUI_CONFIG/disperse/settings.json"
quit() {
	T send-keys q
	tui_exited; ok $? "quit ($1)"
	tui_kill
}
jqv() { jq -r "$1" "$2" 2>/dev/null; }

[ ! -e "$cfg" ]; ok $? "no settings file before the first start"
tui_start 100 30
tui_wait "H=1.36044"; ok $? "first start: the default view"
T send-keys : "theta 2" Enter
tui_wait "θ=2 "; ok $? ":theta 2"
T send-keys : "lambda 0.25" Enter m g
tui_wait "weights plot: log-binned"; ok $? "map metric and weights mode changed"
T send-keys c
tui_wait "compare on"; ok $? "compare on"
quit "first"
[ -f "$cfg" ]; ok $? "quit writes $cfg"
[ "$(jqv .params.theta "$cfg")" = 2 ] && [ "$(jqv .params.lambda "$cfg")" = 0.25 ]
ok $? "it holds the parameters (theta 2, lambda 0.25)"
[ "$(jqv .view.map.metric "$cfg")" = entropy-norm ] && [ "$(jqv .view.hist_mode "$cfg")" = log-binned ]
ok $? "and the display options (map metric, weights mode)"
[ "$(jqv '.history | join("|")' "$cfg")" = "theta 2|lambda 0.25" ]; ok $? "and the history"
[ -z "$(ls -A "$TUI_CONFIG/disperse" | grep -v '^settings.json$')" ]; ok $? "no temporary file left beside it"
"$DISPERSE" snapshot --load "$cfg" --out "$tui_tmp/snap" >/dev/null 2>&1
ok $? "the settings file is a snapshot JSON: snapshot --load reads it"

# Issue 24 item 3: settings are preferences, not data.  A plain start
# keeps the display choices (weights mode) but not the parameters.
cp "$cfg" "$tui_tmp/theta2.json"
tui_start 100 30
tui_wait "H=1.36044"; ok $? "a plain start: the default parameters, not the last view's"
tui_wait "Weights: log10 distribution"; ok $? "... with the display choices (weights mode)"
tui_status | grep -q resumed; [ $? -ne 0 ]; ok $? "... and nothing said to be resumed"
quit "plain"
cp "$tui_tmp/theta2.json" "$cfg"
tui_start 100 30 --resume
tui_wait "θ=2 λ=0.25 "; ok $? "--resume: the last view (θ=2 λ=0.25)"
tui_wait_status "resumed the last view from $TUI_CONFIG/disperse/settings.json"
ok $? "the status line says what was restored and from where"
tui_wait "Weights: log10 distribution"; ok $? "the weights mode is back"
T send-keys : Up
tui_wait ":lambda 0.25 "; ok $? "the history is back (Up: :lambda 0.25)"
T send-keys Up
tui_wait ":theta 2 "; ok $? "Up again: :theta 2"
T send-keys Escape
quit "second"

tui_start 100 30 --resume --delta 7
tui_wait "δ=7 θ=2 λ=0.25 "; ok $? "an option on the command line wins over the settings (--delta 7)"
quit "with --delta"

cp "$cfg" "$tui_tmp/before.json"
tui_start 100 30 --no-config
tui_wait "H=1.36044"; ok $? "--no-config: the default view"
T send-keys : "theta 3" Enter
tui_wait "θ=3 "; ok $? ":theta 3 under --no-config"
quit "--no-config"
cmp -s "$cfg" "$tui_tmp/before.json"; ok $? "--no-config leaves the settings file as it was"

tui_start 100 30 --resume
tui_wait "θ=2 "; ok $? "the settings again (θ=2)"
T send-keys D
tui_wait "defaults restored"; ok $? "D restores the defaults"
tui_wait "H=1.36044"; ok $? "... the default view"
quit "after D"
[ "$(jqv .params.theta "$cfg")" = 1 ] && [ "$(jqv .view.map.metric "$cfg")" = entropy ] &&
    [ "$(jqv .view.compare_mask "$cfg")" = 1 ]
ok $? "the file then holds the defaults"
[ "$(jqv '.history | length' "$cfg")" = 2 ]; ok $? "D keeps the history"

# A corrupt or unreadable file: one message, the defaults, no crash.
printf '{"format": "disperse-snapshot", "format_version": 1, "params": {"theta": 2' >"$cfg"
tui_start 100 30
tui_wait "settings ignored, defaults used: $cfg: malformed JSON"; ok $? "truncated JSON: one status-line message"
tui_wait "H=1.36044"; ok $? "... and the default view"
T send-keys : "theta 5" Enter
tui_wait "θ=5 "; ok $? "the TUI works on"
quit "corrupt file"
[ "$(jqv .params.theta "$cfg")" = 5 ]; ok $? "quit replaces the corrupt file"
printf '{"format": "disperse-snapshot", "format_version": 1, "params": {"theta": 2' |
    cmp -s - "$cfg.bad"; ok $? "... after keeping it as settings.json.bad, byte for byte"
rm -f "$cfg.bad"
printf '{"format": "disperse-snapshot", "format_version": 1, "params": {"theta": 2}, "history": [1]}' >"$cfg"
tui_start 100 30
tui_wait "history[0]:"; ok $? "a bad history: one message"
T send-keys C-l
tui_wait "θ=1 "; ok $? "... and the view is not half applied (θ=1, not 2)"
quit "bad history"
[ "$(jqv '.history[0]' "$cfg.bad")" = 1 ]; ok $? "the file with the bad history is kept as settings.json.bad"
rm -f "$cfg" "$cfg.bad"
mkdir "$cfg"
tui_start 100 30
tui_wait "settings ignored, defaults used: $cfg"; ok $? "a folder in place of the file: one message"
quit "unreadable"
[ -d "$cfg.bad" ] && [ -f "$cfg" ]; ok $? "the folder is kept as settings.json.bad, a new file written"
rmdir "$cfg.bad"

# Review finding 5: a model given by a relative name is saved by its
# absolute name, so a start from another directory reopens it; a model
# that no longer opens drops the learned family only (one message), and the
# file is kept as settings.json.bad before quit writes the new one.
rm -f "$cfg" "$cfg.bad"
mkdir -p "$tui_tmp/mdir"
cp "$top_srcdir/examples/maxret-model.json" "$tui_tmp/mdir/m.json"
mabs=$(cd "$tui_tmp/mdir" && pwd -P)/m.json
TUI_DIR="$tui_tmp/mdir"
tui_start 120 40 --model m.json --theta 2
tui_wait "learned"; ok $? "--model m.json (relative, from its folder)"
T send-keys c
tui_wait "compare on"; ok $? "compare on"
quit "relative model"
[ "$(jqv .params.model "$cfg")" = "$mabs" ]; ok $? "settings hold the absolute model path $mabs"
mask=$(jqv .view.compare_mask "$cfg")
TUI_DIR=/
tui_start 120 40 --resume
tui_wait "$mabs"; ok $? "a start from / reopens the model"
tui_status | grep -q "settings ignored"; [ $? -ne 0 ]; ok $? "... with no settings message"
quit "from /"
[ ! -e "$cfg.bad" ] && [ "$(jqv .params.model "$cfg")" = "$mabs" ]
ok $? "a file read whole is rewritten without a backup"
cp "$cfg" "$tui_tmp/with-model.json"
mv "$tui_tmp/mdir/m.json" "$tui_tmp/mdir/moved.json"
tui_start 120 40 --resume
tui_wait_status "settings: $mabs: cannot open"; ok $? "model gone: one status-line message naming it"
tui_wait_status "family power instead (file kept as settings.json.bad)"; ok $? "... saying what replaced it and where the file goes"
# The message takes both status lines: θ is read off the parameters panel.
params_theta() { tui_cap | grep -E -o "│[ ▶]*θ +[^ ]+" | head -1 | sed 's/.*θ  */θ /'; }
tui_poll params_theta "θ 2"; ok $? "everything else applies (θ=2)"
quit "model gone"
cmp -s "$cfg.bad" "$tui_tmp/with-model.json"; ok $? "quit kept the file as settings.json.bad"
[ "$(jqv .params.family "$cfg")" = power ] && [ "$(jqv .params.theta "$cfg")" = 2 ] &&
    [ "$(jqv .view.compare_mask "$cfg")" = "$mask" ]
ok $? "the new file: the default family, θ and compare mask kept"
TUI_DIR=""
rm -f "$cfg.bad"

# XDG_CONFIG_HOME unset, empty or relative: ~/.config/disperse.
mkdir -p "$tui_tmp/home"
TUI_ENV="XDG_CONFIG_HOME=relative HOME='$tui_tmp/home'"
tui_start 100 30
tui_wait "H=1.36044"; ok $? "relative XDG_CONFIG_HOME"
T send-keys : "theta 4" Enter
tui_wait "θ=4 "
quit "HOME"
[ "$(jqv .params.theta "$tui_tmp/home/.config/disperse/settings.json")" = 4 ]
ok $? "a relative XDG_CONFIG_HOME is ignored: ~/.config/disperse/settings.json"
[ ! -e relative ]; ok $? "nothing written under the relative name"
TUI_ENV=""

# The file family is not remembered (its logits come from --input).
printf '1 2 3 4\n' >"$tui_tmp/l.txt"
tui_start 100 30 --input "$tui_tmp/l.txt"
tui_wait "file softmax"; ok $? "--input: the file family"
quit "file family"
[ "$(jqv .params.family "$cfg")" = power ] && [ "$(jqv '.params.logits // "none"' "$cfg")" = none ]
ok $? "saved as the default family, without logits"
# Issue 24 item 3: a file's logits are never settings.  Explore a file at
# theta -1.4 on its resample (empirical), quit: settings.json holds no
# logits and no file family; a new --input (with --resume, even) opens at
# theta 1 on its own logits, the status line saying why; a plain start
# after it is not on the previous file.
unset TUI_DIR
rm -f "$cfg" "$cfg.bad"
printf '0.5 1.5 -2 3 0.25 1\n' >"$tui_tmp/six.txt"
tui_start 100 30 --input "$tui_tmp/six.txt"
tui_wait "family     file"; ok $? "--input: the file's own logits"
T send-keys : "theta -1.4" Enter
tui_wait "θ=-1.4 "; ok $? ":theta -1.4"
T send-keys : "family empirical" Enter
tui_wait "empirical"; ok $? ":family empirical"
quit "file explored"
! grep -q '"logits"' "$cfg"; ok $? "settings.json holds no logits"
[ "$(jqv .params.family "$cfg")" = power ]; ok $? "... and the default family, not the file's"
tui_start 100 30 --resume --input "$tui_tmp/six.txt"
tui_wait "family     file"; ok $? "a new --input opens on its logits"
tui_wait "θ=1 "; ok $? "... at theta 1: the settings' theta is not applied onto it"
tui_wait_status "--resume: not onto a new --input"; ok $? "... and the status line says so"
quit "new input"
tui_start 100 30 --resume
tui_wait "family     power"; ok $? "a later --resume is not on the previous file"
! tui_cap | grep -q "six.txt"; ok $? "... the file is named nowhere"
quit "after the file"
tap_done
