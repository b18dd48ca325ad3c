#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The `:` and `=` line editor (issue 14 item 7): cursor keys by UTF-8
# character (Left/Right, Home/End, Ctrl-A/E), Delete and Backspace in the
# middle, Ctrl-W/U/K, the history on Up/Down, Tab completion of parameter
# names, view options and value names, and errors that list the valid
# names even at 80 columns.  The expected name lists are the ones doc/guide.md
# documents for --family, --attn, --precision and --preset.
. "$top_srcdir/tests/tap.sh"
. "$top_srcdir/tests/tui/tui-lib.sh"

esc=$(printf '\033')
tui_start 80 24
tui_wait "H=1.36044"; ok $? "TUI up at 80x24"

# Cursor movement and insertion in the middle.
T send-keys : "heta 2" Home t Enter
tui_wait "theta = 2"; ok $? "Home, then typing inserts at the start (:heta 2 -> :theta 2)"
T send-keys : "lambda 0.3" C-a x
tui_wait ":xlambda 0.3"; ok $? "Ctrl-A moves to the start"
T send-keys C-a C-d C-e BSpace 4 Enter
tui_wait "λ=0.4 "; ok $? "Ctrl-D deletes under the cursor, Ctrl-E to the end, Backspace before it"
T send-keys : "delta 55" Left Left DC Enter
tui_wait "δ=5 "; ok $? "Delete in the middle (:delta 55, Left Left Delete -> 5)"
T send-keys : "delta 16" Left BSpace End 0 Enter
tui_wait "δ=60 "; ok $? "Backspace in the middle, End (:delta 16 -> 6 -> 60)"

# UTF-8: one Left/Right/Backspace is one character, never one byte.
T send-keys : "δ 7" Home Right BSpace "θ" Enter
tui_wait "θ=7 "; ok $? "Right and Backspace step over a whole Greek letter (:δ 7 -> :θ 7)"
T send-keys : "aδc" Left Left
r=1; i=0
while [ $r -ne 0 ] && [ $i -lt 50 ]; do
	T capture-pane -e -p | tail -1 | grep -q "${esc}\[7mδ" && r=0 || sleep 0.1
	i=$((i + 1))
done
[ $r -ne 0 ] && T capture-pane -e -p | tail -1 | cat -v | while IFS= read -r l; do diag "$l"; done
ok $r "the cursor is drawn on the character it is on (reverse video on δ)"
T send-keys Escape
tui_wait "cancelled"; ok $? "Esc cancels"

# Word and line kills.
T send-keys : "theta 3 junk" C-w Enter
tui_wait "theta = 3"; ok $? "Ctrl-W deletes the word before the cursor"
T send-keys : "theta 0.25 junk" Left Left Left Left Left C-k Enter
tui_wait "theta = 0.25"; ok $? "Ctrl-K deletes to the end"
T send-keys : "junk lambda 0.5" Left Left Left Left Left Left Left Left Left Left Left C-u Enter
tui_wait "lambda = 0.5"; ok $? "Ctrl-U deletes to the start"

# History: Up/Down walk the lines entered this session, newest first.
T send-keys : Up
tui_wait ":lambda 0.5 "; ok $? "Up recalls the last line"
T send-keys Up
tui_wait ":theta 0.25 "; ok $? "Up again: the line before"
T send-keys Down Down
typing_empty() { tui_cap | tail -1 | grep -q '^: *(Enter apply'; }
tui_until typing_empty; ok $? "Down past the newest: the line being typed (empty)"
T send-keys "the" Up Down
tui_wait ":the "; ok $? "the line being typed comes back after browsing"
T send-keys C-u Up Up Enter
tui_wait "theta = 0.25"; ok $? "a recalled line applies again"
# `=` recalls only the values of its own parameter ("theta 0.25" -> 0.25).
T send-keys Escape
T send-keys : "n 64" Enter
tui_wait "n = 64"; ok $? ":n 64"
T send-keys Down Down
tui_wait "▶ θ"; ok $? "θ selected"
T send-keys = Up
tui_wait "theta = 0.25 "; ok $? "= on theta: Up recalls theta's last value, not n's line"
T send-keys C-u 1 Enter
tui_wait "theta = 1"; ok $? "= theta 1"
T send-keys : Up
tui_wait ":theta 1 "; ok $? "an = line is in the history as ':theta 1'"
T send-keys Escape

# Tab completion: names, then values, from the parameter table.
T send-keys : th Tab
tui_wait "Tab: theta theme"; ok $? "Tab on 'th' lists theta and theme"
T send-keys t Tab 2 Enter
tui_wait "theta = 2"; ok $? "Tab completes 'thet' to 'theta '"
T send-keys : "attn s" Tab
tui_wait "Tab: softmax ssmax sigmoid stickbreak softmax1 sparsemax"; ok $? "Tab lists the attention functions starting with s"
T send-keys C-u "attn ent" Tab Enter
tui_wait "attn = entmax"; ok $? "Tab completes 'ent' to entmax"
T send-keys : "attn " Tab
tui_wait "Tab: softmax ssmax logn sigmoid stickbreak softmax1 sparsemax entmax"; ok $? "Tab after :attn lists every attention function"
T send-keys C-u "family " Tab
tui_wait "Tab: power spike uniform gaussian ramp file"; ok $? "Tab after :family lists every family, file included"
T send-keys C-u "precision " Tab
tui_wait "Tab: double float32 float16 bfloat16 fp8-e4m3 fp8-e5m2"; ok $? "Tab after :precision lists every format"
T send-keys C-u "precision bf" Tab Enter
tui_wait "precision = bfloat16"; ok $? "Tab completes 'bf' to bfloat16"
T send-keys : "preset " Tab
tui_wait "Tab: gemma-2b-min gemma-2b-mean gemma-2b-max gemma-7b-min"
ok $? "Tab after :preset lists the presets (as many as 80 columns show)"
tui_wait ":preset gemma- "; ok $? "... and completes what they share (gemma-)"
T send-keys C-u "pres" Tab "gemma-7b-ma" Tab Enter
tui_wait "preset gemma-7b-max: delta = 32.74"; ok $? "Tab completes the keyword and the preset (gemma-7b-max)"
T send-keys : map_ Tab
tui_wait "Tab: map_theta map_lambda"; ok $? "Tab lists the view options"
T send-keys t Tab "-3:3" Enter
tui_wait "map_theta = -3:3"; ok $? "Tab completes map_t to map_theta"
T send-keys : "adaptive o" Tab
tui_wait "Tab: on off"; ok $? "Tab on a boolean: on off"
T send-keys C-u "alpha " Tab
tui_wait "alpha: entmax alpha (2 = sparsemax) (1, 1000000]"; ok $? "Tab on a number shows its domain"
T send-keys C-u "zz" Tab
tui_wait "no name starts with 'zz'"; ok $? "Tab with no candidate says so"
T send-keys Escape

# Errors list the valid names, whole even at 80 columns.
T send-keys : "family nosuch" Enter
tui_wait_status "unknown input family 'nosuch' (power|spike|uniform|gaussian|ramp|file|empirical|learned)"; ok $? ":family error lists every family, file included"
T send-keys : "attn nosuch" Enter
# The list may break after a bar: the two lines read as one without the
# blank that joins them.
status_nb() { tui_cap | tail -2 | tr -d '\n' | sed 's/  *$//'; }
tui_poll status_nb "(softmax|ssmax|logn|sigmoid|stickbreak|softmax1|sparsemax|entmax|linear|selective)"; ok $? ":attn error lists every attention function"
T send-keys : "precision nosuch" Enter
tui_wait_status "(double|float32|float16|bfloat16|fp8-e4m3|fp8-e5m2)"; ok $? ":precision error lists every format"
T send-keys : "nosuch 1" Enter
tui_wait_status "unknown parameter 'nosuch' (family n delta theta lambda"; ok $? "unknown name: the message lists the parameter names (Tab lists the rest at any width)"

T send-keys q
tui_exited; ok $? "quit"
tui_restored; ok $? "terminal restored"
tap_done
