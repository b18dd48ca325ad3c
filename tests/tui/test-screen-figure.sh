#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# S writes the screen as a figure with its colours (NAME-screen.svg, and
# .png per :figure_format); :figure_size etc. set the figure options; the
# snapshot JSON keeps them.
. "$top_srcdir/tests/tap.sh"
. "$top_srcdir/tests/tui/tui-lib.sh"
[ -n "$XMLLINT" ] && [ -x "$XMLLINT" ] || skip_all "xmllint not found"

snaps="$tui_tmp/snaps"
tui_start 100 30 --snapshot-dir "$snaps"
tui_wait "H=1.36044"; ok $? "TUI up"
T send-keys : 'figure_format svg,png' Enter
tui_wait "figure_format = svg,png"; ok $? ":figure_format svg,png"
T send-keys : 'figure_size 85x60mm' Enter
tui_wait "figure_size = 85x60mm"; ok $? ":figure_size 85x60mm"
T send-keys : 'font_size 2' Enter
tui_wait "font_size must be a number in [4, 72] or auto (got '2')"; ok $? ":font_size 2 is refused with the domain"
T send-keys S
tui_wait "snapshot in $snaps: disperse-"; ok $? "S names the files written"
svg=$(ls "$snaps"/disperse-*-screen.svg 2>/dev/null | head -1)
[ -n "$svg" ] && [ -s "${svg%.svg}.png" ]; ok $? "screen.svg and screen.png written"
"$XMLLINT" --noout "$svg"; ok $? "screen.svg is well-formed"
x() { "$XMLLINT" --xpath "$1" "$svg" 2>/dev/null; }
# The title bar: white on COLOR_BLUE (xterm #0000ee), as curses drew it.
ok $(test "$(x 'count(//*[@class="bg"]/*[local-name()="rect"][@fill="#0000ee"])')" -ge 1; echo $?) "title bar background in the terminal's blue"
x '//*[@class="text"]/*[local-name()="text"]' | grep -q "softmax dispersion explorer"; ok $? "screen text drawn as text"
ok $(test "$(x 'count(//*[@class="text"]/*[local-name()="line"])')" -ge 100; echo $?) "box drawing drawn as lines"
ok $(x '//*[@class="text"]/*[local-name()="text"]/@fill' | grep -v 'd0d0d0' | grep -q fill; echo $?) "coloured text (not only the default grey)"
# 85 x 60 mm = 240.945 x 170.079 pt: the screen is scaled to the size.
ok $(test "$(x 'string(/*/@width)')" = "240.945pt"; echo $?) "screen.svg width 85 mm"
json=$(ls "$snaps"/disperse-*.json | head -1)
grep -q '"figure_size": "85x60mm"' "$json"; ok $? "figure options in the snapshot JSON"
n0=$(ls "$snaps"/disperse-*.json | wc -l)
T send-keys s
snapped() { [ "$(ls "$snaps"/disperse-*.json | wc -l)" -gt "$n0" ]; }
tui_until snapped; ok $? "s writes a snapshot"
ok $(test "$(ls "$snaps"/*-screen.svg | wc -l)" -eq 1; echo $?) "s writes no screen figure"
T send-keys q
tui_exited; ok $? "quit"
tap_done
