#!/bin/sh
# Issue 24 item 4: the theorem is always on screen.  From 80x24 up, in
# every mode (plain, --present, the tour open), the Lemma 2.1 band and the
# Theorem 2.2 critical n (or the reason there is none) are visible; other
# lines give way.  The critical n is `disperse report`'s (5405.557 for the
# defaults, shown 5405.6; a file at theta 0.8 its own); theta = 0 says why
# there is none instead of "for n > n/a".
. "$top_srcdir/tests/tap.sh"
. "$top_srcdir/tests/tui/tui-lib.sh"

crit=$(report_value critical_n)
[ "$(printf '%.1f' "$crit")" = 5405.6 ]; ok $? "report: critical n $crit"
# theorem_shown NAME: the band (both ends) and n* on the pane.
theorem_shown() {
	tui_wait "for n > 5405.6 (derived)" 50; ok $? "$1: Theorem 2.2 critical n 5405.6"
	tui_cap | grep -q "0.00122" && tui_cap | grep -q "0.784 = 1/(1+15"
	ok $? "$1: the Lemma 2.1 band [0.00122, 0.784] written out"
}
for sz in 80x24 100x30 120x40; do
	tui_start "${sz%x*}" "${sz#*x}"
	theorem_shown "$sz"
	T send-keys t
	tui_wait "Tour 1/" 50 || tui_wait_status "tour step 1/"
	theorem_shown "$sz, tour open"
	T send-keys q q
	tui_exited
	T kill-server >/dev/null 2>&1
	sleep 0.2
	tui_start "${sz%x*}" "${sz#*x}" --present
	theorem_shown "$sz --present"
	T send-keys t
	tui_wait_status "tour step 1/"
	theorem_shown "$sz --present, tour open"
	T send-keys q q
	tui_exited
	T kill-server >/dev/null 2>&1
	sleep 0.2
done

# A file at theta 0.8 (the issue's blank row): n* is report's.
printf '0.5 1.5 -2 3 0.25 1 2.5 -1\n' >"$tui_tmp/eight.txt"
fc=$(report_value critical_n --input "$tui_tmp/eight.txt" --theta 0.8)
tui_start 120 40 --input "$tui_tmp/eight.txt" --theta 0.8
tui_wait "Thm 2.2"; ok $? "file at theta 0.8: Theorem 2.2 shown"
shown=$(tui_cap | sed -n 's/.*for n > \([0-9.e+]*\) .*/\1/p' | head -1)
awk -v a="$shown" -v b="$fc" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(a != "" && d <= 1e-3 * b) }'
ok $? "... its critical n $shown is report's $fc (to the 4 digits shown)"
T send-keys q
tui_exited
T kill-server >/dev/null 2>&1
sleep 0.2

tui_start 80 24 --theta 0
tui_wait "is the argmax: no"; ok $? "theta = 0: the reason there is no critical n"
! tui_cap | grep -q "n > n/a"; ok $? "... never 'for n > n/a'"
T send-keys q
tui_exited
tap_done
