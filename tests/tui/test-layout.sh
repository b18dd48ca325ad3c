#!/bin/sh
# Issue 14 item 1, issue 12 item 3: the screen at five sizes keeps every
# text whole.  At 80x24, 100x30, 120x40, 160x48 and 200x60: the header
# says "disperse" and no plot tab runs into another text; the key bar keeps
# F1, s and q; every panel's right frame is intact on every row (a cut text
# would overwrite it); the text panels (parameters, theorem) never reach
# their frame; from 40 rows the curve shows both subplots.  The tour box
# leaves the plots visible at 80x24, 120x40 and 200x60; --ascii draws the
# curve with ASCII glyphs (no braille), UTF-8 with braille.
. "$top_srcdir/tests/tap.sh"
. "$top_srcdir/tests/tui/tui-lib.sh"

braille=$(printf '\342[\240\241\242\243]')
for sz in 80x24 100x30 120x40 160x48 200x60; do
	w=${sz%x*} h=${sz#*x}
	T kill-server >/dev/null 2>&1
	sleep 0.2
	tui_start "$w" "$h"
	tui_wait "H=1.36044"; ok $? "$sz: TUI up"
	sleep 0.5
	s=$(tui_cap)
	echo "$s" | head -1 | grep -q "^ disperse 0.1.0"; ok $? "$sz: header names the program"
	echo "$s" | sed -n "${h}p" | grep -q "^F1Help sSnapshot qQuit"; ok $? "$sz: key bar keeps F1 help, s snapshot, q quit"
	# Every body row ends with the right frame (│ ┐ ┘) at the last column.
	bad=$(echo "$s" | sed -n "2,$((h - 2))p" | grep -vc '[│┐┘]$')
	ok $(test "$bad" -eq 0; echo $?) "$sz: right frame intact on every row ($bad broken)"
	# The left (text) column: the cell before its right frame is blank or
	# a plot glyph (bars, band line), never text running into the frame.
	lw=$(echo "$s" | sed -n 2p | sed 's/┐.*//' | wc -m)	# the frame's column
	cut=$(echo "$s" | sed -n "3,$((h - 3))p" | sed -E "s/^(.{$((lw - 1))}).*/\1/; s/.*(.)\$/\1/" |
	    grep -vc '^[ ─┄▁▂▃▄▅▆▇█┐┘┌└]$')
	ok $(test "$cut" -eq 0; echo $?) "$sz: no text reaches the text panels' frame ($cut rows)"
	# Values line up by display width: δ θ λ ε (two bytes, one column)
	# start their values in the column of "family"'s.
	cols=$(echo "$s" | grep -E '^│. (family|δ|θ|λ|ε) ' | sed -E 's/^(│. +[^ ]+ +).*/\1/' |
	    while IFS= read -r l; do printf '%s' "$l" | wc -m; done | sort -u | wc -l)
	ok $(test "$cols" -eq 1; echo $?) "$sz: parameter values aligned ($cols columns)"
	if [ "$h" -ge 40 ]; then
		echo "$s" | grep -q "Entropy and max weight vs n"; ok $? "$sz: both curve subplots"
		n=$(echo "$s" | LC_ALL=C grep -o "$braille" | wc -l)
		ok $(test "$n" -gt 100; echo $?) "$sz: braille curves ($n cells)"
	fi
	case $sz in 80x24|120x40|200x60)
		T send-keys t
		tui_wait "Tour 1/"; ok $? "$sz: tour open"
		s=$(tui_cap)
		echo "$s" | grep -q "─ Weights\|─ Entropy"; ok $? "$sz: a plot stays in view beside the tour"
		echo "$s" | grep "Tour 1/" | grep -q "Parameters"; [ $? -ne 0 ]; ok $? "$sz: the tour box takes the text column"
		T send-keys t
		;;
	esac
	T send-keys q
	tui_exited; ok $? "$sz: quit"
done

# ASCII fallback: no braille, the curve in '*'.
T kill-server >/dev/null 2>&1
sleep 0.2
tui_start 120 40 --ascii
tui_wait "H=1.36044"; ok $? "--ascii: up"
sleep 0.5
n=$(tui_cap | LC_ALL=C grep -o "$braille" | wc -l)
ok $(test "$n" -eq 0; echo $?) "--ascii: no braille cells"
tui_cap | grep -q '\*\*\*\*'; ok $? "--ascii: the curve drawn in ASCII"
T send-keys q
tui_exited

# The smallest terminal: the message is whole.
T kill-server >/dev/null 2>&1
sleep 0.2
tui_start 40 10
tui_wait "too small: 40x10, needs 80x24"; ok $? "40x10: message whole"
T send-keys q
tui_exited

# --present: plots only.
T kill-server >/dev/null 2>&1
sleep 0.2
tui_start 120 40 --present
tui_wait "Entropy and max weight vs n"; ok $? "--present: the curve with both subplots"
tui_cap | grep -q "Parameters"; [ $? -ne 0 ]; ok $? "--present: no parameters panel"
tui_cap | grep -q " ms "; [ $? -ne 0 ]; ok $? "--present: no timings"
T send-keys q
tui_exited
tap_done
