#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Colour themes (issue 14 item 8): default, high contrast, colour-blind
# safe, chosen by --theme, `:theme` (Tab completes) and kept in the
# settings; D restores the default; a monochrome terminal (TERM=vt100) and
# NO_COLOR keep working without colour.  The colours are read back from
# tmux (capture-pane -e).  Expected xterm-256 indices of the Okabe-Ito
# palette (Okabe and Ito 2008), nearest by squared RGB distance over the
# 6x6x6 cube (levels 0 95 135 175 215 255) and the 24 greys, computed once
# with python3: orange #E69F00 -> 178, blue #0072B2 -> 25, white -> 231.
. "$top_srcdir/tests/tap.sh"
. "$top_srcdir/tests/tui/tui-lib.sh"
command -v jq >/dev/null || skip_all "jq not found"

TUI_CONFIG="$tui_tmp/xdg"
cfg="$TUI_CONFIG/disperse/settings.json"
esc=$(printf '\033')
title() { T capture-pane -e -p | head -1; }
# tui_wait_title SGR: the title line shows the colour escapes SGR.
tui_wait_title() { tui_poll title "$1"; }
quit() {
	T send-keys q
	tui_exited; ok $? "quit ($1)"
	tui_kill
}
colours() { T capture-pane -e -p | grep -c -E "${esc}\[(3[0-7]|4[0-7]|9[0-7]|10[0-7]|38;|48;)"; }

tui_start 100 30
tui_wait "H=1.36044"; ok $? "TUI up"
tui_wait_title "${esc}[37m${esc}[44m"; ok $? "default theme: white on blue title"
T send-keys : "theme " Tab
tui_wait "Tab: default high-contrast colorblind"; ok $? ":theme Tab lists the themes"
T send-keys "col" Tab Enter
tui_wait "theme colorblind: colour-blind safe"; ok $? ":theme col<Tab> -> colorblind"
tui_wait_title "${esc}[38;5;231m${esc}[48;5;25m"; ok $? "colorblind: white on Okabe-Ito blue (25)"
T capture-pane -e -p | grep -q "${esc}\[38;5;178m█"; ok $? "colorblind: the weight bars in Okabe-Ito orange (178)"
T send-keys : "theme high-contrast" Enter
tui_wait_title "${esc}[30m${esc}[107m"; ok $? "high-contrast: black on bright white title"
T send-keys : "theme nosuch" Enter
tui_wait "unknown theme 'nosuch' (default high-contrast colorblind)"; ok $? "unknown theme: error listing the themes"
quit "high-contrast"
[ "$(jq -r .display.theme "$cfg")" = high-contrast ]; ok $? "the theme is kept in the settings"

tui_start 100 30
tui_wait_title "${esc}[30m${esc}[107m"; ok $? "next start: high-contrast again"
T send-keys D
tui_wait_title "${esc}[37m${esc}[44m"; ok $? "D: the default theme"
quit "after D"
[ "$(jq -r .display.theme "$cfg")" = default ]; ok $? "... saved"

tui_start 100 30 --theme colorblind
tui_wait_title "${esc}[48;5;25m"; ok $? "--theme colorblind"
quit "--theme"

"$DISPERSE" --theme nosuch >"$tui_tmp/out" 2>&1
[ $? -eq 2 ] && [ "$(wc -l <"$tui_tmp/out")" -eq 1 ] &&
    grep -q "^disperse: --theme: unknown theme 'nosuch' (default high-contrast colorblind)" "$tui_tmp/out"
ok $? "--theme nosuch: exit 2, one line listing the themes"

# Monochrome: no colour escapes at all, every theme.
TERM=vt100
tui_start 100 30 --theme colorblind
tui_wait "H=1.36044"; ok $? "TERM=vt100: the TUI draws"
[ "$(colours)" -eq 0 ]; ok $? "TERM=vt100: no colour on screen"
tui_wait_title "${esc}[7m"; ok $? "TERM=vt100: the title in reverse video"
T send-keys : "theme high-contrast" Enter
tui_wait_status "(no colours here: bold and reverse only)"; ok $? ":theme says there are no colours"
quit "vt100"
TERM=xterm-256color
NO_COLOR=1
tui_start 100 30 --theme colorblind
tui_wait "H=1.36044"; ok $? "NO_COLOR: the TUI draws"
[ "$(colours)" -eq 0 ]; ok $? "NO_COLOR: no colour on screen"
quit "NO_COLOR"
NO_COLOR=
tui_restored; ok $? "terminal restored"
tap_done
