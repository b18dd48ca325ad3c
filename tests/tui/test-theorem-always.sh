#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Issue 24 item 4: the theorem is always on screen.  From 80x24 up, in
# every mode (plain, --present, the tour open), the Lemma 2.1 band and the
# Theorem 2.2 critical n (or the reason there is none) are visible; other
# lines give way.  The critical n is `disperse report`'s (5405.557 for the
# defaults, shown 5405.6; a file at theta 0.8 its own); theta = 0 says why
# there is none instead of "for n > n/a".  No row inside the panel is left
# empty between two written ones (SSMax's reason wraps; --present's entropy
# line takes a shorter form).
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
	tui_kill
	tui_start "${sz%x*}" "${sz#*x}" --present
	theorem_shown "$sz --present"
	T send-keys t
	tui_wait_status "tour step 1/"
	theorem_shown "$sz --present, tour open"
	T send-keys q q
	tui_exited
	tui_kill
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
tui_kill
sleep 0.2

# theorem_gap: the Theorem panel's rows on the pane (read once the screen
# has settled: a capture taken while a frame is written can hold half of
# it), and whether a blank row stands between two written ones (a
# statement that did not fit left its row empty: it must give way to one
# that fits, or to a shorter form).
theorem_gap() {
	tui_cap | "$py3" -c '
import sys
rows = sys.stdin.read().split("\n")
top = next(i for i, r in enumerate(rows) if "\u250c\u2500 Theorem" in r)
x0 = rows[top].index("\u250c\u2500 Theorem")
x1 = rows[top].index("\u2510", x0)
body = []
for r in rows[top + 1:]:
    if r[x0:x0 + 1] == "\u2514":
        break
    body.append(r[x0 + 1:x1].rstrip())
if len(sys.argv) > 1:
    print(" ".join(b.strip() for b in body if b.strip()))
    sys.exit(0)
text = [b != "" for b in body]
gap = any(text[i] and not text[i + 1] and any(text[i + 2:]) for i in range(len(text) - 1))
print("gap" if gap else "none")
' "$@"
}
# theorem_text: the Theorem panel's written rows, joined by blanks.
theorem_text() { theorem_gap text; }
# 80x24: SSMax's reason takes three rows (the sharp exponent s delta /
# theta = 1 * 4 / 1 = 4 wraps), kept like the critical n; in --present the
# entropy line gives way to a shorter form (H and log n, report's figures)
# rather than leave its row empty.
tui_start 80 24 --attn ssmax
tui_wait "may stay sharp" 50; ok $? "80x24 ssmax: the sharp exponent line shown"
tui_cap | grep -q "sδ/θ=4 >= 1"; ok $? "... s delta / theta = 4"
tui_cap | grep -q "holds"; ok $? "... the band's verdict kept"
tui_settle >/dev/null
[ "$(theorem_gap)" = none ]; ok $? "... no empty row inside the Theorem panel"
T send-keys q
tui_exited
tui_kill
# 100x30: the search for SSMax's first n below eps wraps to two rows with
# one left; it gives way and the line after it is drawn, no row empty.
tui_start 100 30 --attn ssmax
tui_wait "may stay sharp" 50; ok $? "100x30 ssmax: the sharp exponent line shown"
tui_wait "bits, H/log n" 50; ok $? "... the bits line drawn"
tui_settle >/dev/null
[ "$(theorem_gap)" = none ]; ok $? "... no empty row inside the Theorem panel"
T send-keys q
tui_exited
tui_kill
H=$(report_value entropy_nats)
H6=$(printf '%.6g' "$H")
tui_start 80 24 --present
tui_wait "for n > 5405.6" 50
tui_cap | grep -q "H=$H6 ≤ log n=2.77259"; ok $? "80x24 --present: H=$H6 (report's $H) and log n on a row"
tui_settle >/dev/null
[ "$(theorem_gap)" = none ]; ok $? "... no empty row inside the Theorem panel"
T send-keys q
tui_exited
tui_kill

# A summary that fails says why, wrapped whole (it was cut at the panel's
# width): SSMax at theta = 0, report's one line, its last words shown.
msg=$("$DISPERSE" report --attn ssmax --theta 0 2>&1 >/dev/null | tail -1)
case $msg in *"larger --theta)") r=0 ;; *) r=1 ;; esac
ok $r "report --attn ssmax --theta 0: $msg"
tui_start 80 24 --attn ssmax --theta 0
tui_wait "larger --theta)" 50
tui_settle >/dev/null
case $(theorem_text) in *"larger --theta)") r=0 ;; *) r=1 ;; esac
ok $r "80x24 ssmax theta 0: the Theorem panel's message whole, to its last words ($(theorem_text | cut -c1-60)...)"
T send-keys q
tui_exited
tui_kill

tui_start 80 24 --theta 0
tui_wait "is the argmax: no"; ok $? "theta = 0: the reason there is no critical n"
! tui_cap | grep -q "n > n/a"; ok $? "... never 'for n > n/a'"
T send-keys q
tui_exited
tap_done
