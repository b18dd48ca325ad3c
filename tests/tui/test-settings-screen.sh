#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The settings screen (issue 24 item 3, htop's F2): F2 or O lists every
# display choice the settings file keeps, with its value and where it came
# from; Left/Right change one; Esc/q close.  At 80x24 and 120x40, each in
# an empty settings folder: the defaults are listed (the values the man page
# gives), the theme is changed on the screen, quit writes it (read back
# with jq), and the next start applies it (the title's colours, read from
# tmux with capture-pane -e: high-contrast is black on bright white) and
# says "settings file" beside it.  The names the screen lists are checked
# against the members of the file's "display", so a choice the file keeps
# and the screen omits (or the reverse) fails.
. "$top_srcdir/tests/tap.sh"
. "$top_srcdir/tests/tui/tui-lib.sh"
command -v jq >/dev/null || skip_all "jq not found"

esc=$(printf '\033')
title() { T capture-pane -e -p | head -1; }
quit() {
	T send-keys q
	tui_exited; ok $? "quit ($1)"
	tui_kill
}
# row NAME VALUE SOURCE: the screen's row of that choice shows them.
row() { tui_cap | grep -q -E "[> ] $1 +$2 +$3 "; }
# The defaults (doc/disperse.1, Settings).
defaults="theme default
weights sorted
curve both
compare off
compare_functions softmax
map_metric entropy
figure_size auto
font_size auto
figure_format svg
dpi 300
snapshot_dir ./disperse-snapshots"

for size in "80 24" "120 40"; do
	set -- $size
	w=$1 h=$2
	TUI_CONFIG="$tui_tmp/xdg-$w"
	cfg="$TUI_CONFIG/disperse/settings.json"
	tui_start "$w" "$h"
	tui_wait "F2Setup"; ok $? "$w x $h: the key bar shows F2 Setup"
	T send-keys F2
	tui_wait "Settings: display choices"; ok $? "$w x $h: F2 opens the settings screen"
	tui_wait "saved on quit in $cfg"; ok $? "... which says where they are saved"
	bad=
	while read -r name value; do
		row "$name" "$value" default || bad="$bad $name"
	done <<EOF
$defaults
EOF
	[ -z "$bad" ]; ok $? "... and lists every choice with its default value, from 'default'${bad:+ (not:$bad)}"
	tui_wait "D resets every choice above"; ok $? "... and says what D resets"
	T send-keys Right
	tui_wait_status "theme = high-contrast"; ok $? "Right on theme: high-contrast"
	tui_until row theme high-contrast "changed"; ok $? "... shown as changed"
	tui_poll title "${esc}[30m${esc}[107m"; ok $? "... and applied at once (black on bright white title)"
	T send-keys Down Down Down Down Down Enter
	tui_until row map_metric entropy-norm "changed"; ok $? "Down to map_metric, Enter: entropy-norm"
	T send-keys Escape
	tui_gone "Settings: display choices"; ok $? "Esc closes the screen"
	quit "$w x $h, first"
	[ "$(jq -r .display.theme "$cfg")" = high-contrast ]; ok $? "settings.json: display.theme high-contrast"
	[ "$(jq -r .display.map_metric "$cfg")" = entropy-norm ] &&
	    [ "$(jq -r .view.map.metric "$cfg")" = entropy-norm ]
	ok $? "... display.map_metric entropy-norm (and the view's map metric)"
	names=$(jq -r '.display | keys[]' "$cfg" | sort | tr '\n' ' ')
	want=$(printf '%s\n' "$defaults" | cut -d' ' -f1 | sort | tr '\n' ' ')
	[ "$names" = "$want" ]; ok $? "the file's display members are the choices the screen lists"

	tui_start "$w" "$h"
	tui_poll title "${esc}[30m${esc}[107m"; ok $? "$w x $h, next start: the theme is applied"
	tui_wait_status "display choices from settings.json: theme, map_metric (F2 lists them)"
	ok $? "... and the status line says which choices came from where"
	T send-keys O
	tui_wait "Settings: display choices"; ok $? "O opens the screen too"
	bad=
	jq -r '.display | to_entries[] | "\(.key) \(.value)"' "$cfg" >"$tui_tmp/display"
	while read -r name value; do
		row "$name" "$value" "settings file" || bad="$bad $name"
	done <"$tui_tmp/display"
	[ -z "$bad" ]; ok $? "every choice shows the file's value, from 'settings file'${bad:+ (not:$bad)}"
	T send-keys D
	tui_wait_status "defaults restored: the view (parameters, map, pins, focus) and all 11 display choices"
	ok $? "D (on the screen) says what it reset"
	tui_until row theme default default; ok $? "... the theme back to default, from 'default'"
	tui_poll title "${esc}[37m${esc}[44m"; ok $? "... applied (white on blue title)"
	T send-keys q
	tui_gone "Settings: display choices"; ok $? "q closes the screen (a second q quits)"
	quit "$w x $h, second"
	[ "$(jq -r .display.theme "$cfg")" = default ]; ok $? "settings.json: the default theme after D"
done

# The man page's Settings section lists every choice the file keeps, each
# with the default the screen showed.
sed -n '/^\.SS Settings/,/^\.SS Panels/p' "$top_srcdir/doc/disperse.1" | sed 's/\\-/-/g' >"$tui_tmp/man"
bad=
while read -r name value; do
	grep -q -E "^\.BR? (.* )?\"?$name\"?( |\$)" "$tui_tmp/man" || bad="$bad $name"
	grep -q -E "^\.BR? (.* )?$value( |\$)" "$tui_tmp/man" || bad="$bad $name=$value"
done <<EOF
$defaults
EOF
[ -z "$bad" ]; ok $? "doc/disperse.1 (Settings) names every choice and its default${bad:+ (not:$bad)}"

# A choice given on the command line says so; F1's help lists the key.
TUI_CONFIG="$tui_tmp/xdg-cmd"
tui_start 100 30 --theme colorblind --snapshot-dir "$tui_tmp/snaps"
tui_wait "F2Setup"
T send-keys F1
tui_wait "F2 or O"; ok $? "the help lists F2 or O"
T send-keys Escape F2
tui_until row theme colorblind "command line"; ok $? "--theme colorblind: from 'command line'"
tui_until row snapshot_dir "$tui_tmp/snaps" "command line"; ok $? "--snapshot-dir: from 'command line'"
T send-keys Up Enter
tui_wait ":snapshot_dir "; ok $? "Enter on snapshot_dir: the line editor, its name typed"
T send-keys C-u "snapshot_dir $tui_tmp/other" Enter
tui_until row snapshot_dir "$tui_tmp/other" changed; ok $? ":snapshot_dir sets it"
T send-keys Escape : "figure_format " Tab
tui_wait "Tab: svg pdf png svg,pdf svg,png svg,pdf,png"; ok $? ":figure_format Tab lists the values the screen steps through"
T send-keys C-u "weights log-binned" Enter
tui_wait "Weights: log10 distribution"; ok $? ":weights log-binned, a choice as a : command"
T send-keys Escape s
tui_wait_status "$tui_tmp/other"; ok $? "s writes there"
quit "command line"
[ "$(jq -r .display.snapshot_dir "$TUI_CONFIG/disperse/settings.json")" = "$tui_tmp/other" ]
ok $? "settings.json: display.snapshot_dir"

# A choice the file holds that the table refuses: one message, and none of
# the file's choices applied (the good theme neither).
TUI_CONFIG="$tui_tmp/xdg-bad"
mkdir -p "$TUI_CONFIG/disperse"
jq '.display.theme = "colorblind" | .display.dpi = "0"' "$tui_tmp/xdg-120/disperse/settings.json" \
    >"$TUI_CONFIG/disperse/settings.json"
tui_start 100 30
tui_wait_status "settings ignored, defaults used: $TUI_CONFIG/disperse/settings.json: display.dpi:"
ok $? "a bad display.dpi: one status-line message naming it"
T send-keys F2
tui_until row theme default default; ok $? "... and the good theme of the same file not applied"
T send-keys Escape
quit "bad display"
tap_done
