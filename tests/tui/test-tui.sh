#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The TUI in tmux: default numbers, keys, exact entry, help, map cursor,
# resize below the minimum and back, quit with the terminal restored.
. "$top_srcdir/tests/tap.sh"
. "$top_srcdir/tests/tui/tui-lib.sh"

tui_start 100 30
tui_wait "H=1.36044"; ok $? "default view shows H = 1.36044 nats"
s=$(tui_cap)
echo "$s" | grep -q "max 0.692"; ok $? "max weight 0.692"
echo "$s" | grep -q "band \[0.00122, 0.784\]"; ok $? "Lemma 2.1 band [0.00122, 0.784] over the weights"
# The measured spread of the default power series is 4(1 - 2^-15) = 3.99988:
# shown as 3.9999, never rounded onto delta = 4 (the formula evaluated).
echo "$s" | grep -q "1/(1+15·e^{3.9999/1}) = 0.00122"; ok $? "lemma written out with live numbers"
echo "$s" | grep -q "holds (margin 11.8%)"; ok $? "bound holds with margin 11.8%"
# n* = 1 + 99 e^{3.99987793/1} = 5405.63 (spread 4(1 - 2^-15)): shown
# 5405.6, not rounded onto the whole number 5406 it is not.
echo "$s" | grep -q "n > 5405.6 "; ok $? "Theorem 2.2 critical n 5405.6"
echo "$s" | grep -q "| runs |"; ok $? "status line names the method"

# l doubles n: the numbers must match the batch report and the closed form.
T send-keys l
h32=$(report_value entropy_nats --n 32 | xargs printf '%.6g')
lo32=$(awk 'BEGIN { printf "%.3g", 1 / (1 + 31 * exp(4)) }')
hi32=$(awk 'BEGIN { printf "%.3g", 1 / (1 + 31 * exp(-4)) }')
tui_wait "H=$h32"; ok $? "n = 32: H = $h32 as disperse report says"
tui_cap | grep -q "band \[$lo32, $hi32\]"; ok $? "n = 32: band [$lo32, $hi32] from the closed form"
tui_cap | grep -q "n=32 "; ok $? "status line shows n=32"

# Exact entry on the status line, then a bad value.
T send-keys =
tui_wait "n = "; ok $? "= opens the line editor for n"
T send-keys 1000 Enter
h1000=$(report_value entropy_nats --n 1000 | xargs printf '%.6g')
tui_wait "H=$h1000"; ok $? "typed n = 1000: H = $h1000"
T send-keys : "theta 2" Enter
h2=$(report_value entropy_nats --n 1000 --theta 2 | xargs printf '%.6g')
tui_wait "H=$h2"; ok $? "':theta 2' sets theta: H = $h2"
T send-keys = abc Enter
tui_wait "theta: 'abc' is not a finite number"; ok $? "bad typed value (theta selected by :theta): status-line error"
tui_cap | grep -q "H=$h2"; ok $? "bad value leaves the view unchanged"

# A value longer than the line editor holds is refused whole, not cut and
# applied (issue 16: a pasted tiny theta became theta = 0).
long="0.$(printf '%0130d' 0)1"
T send-keys : "theta $long" Enter
tui_wait "input longer than 127 characters: nothing applied"
ok $? "over-long typed value: refused with a status-line message"
tui_cap | grep -q "H=$h2"; ok $? "over-long value leaves the view unchanged"

# Help overlay on ? and closed by any key.
T send-keys '?'
tui_wait "Global keys"; ok $? "? opens the help overlay"
T send-keys x
tui_gone "Global keys"; ok $? "a key closes the help"
T send-keys F1
tui_wait "Global keys"; ok $? "F1 opens the help overlay"
# At 30 rows the help is longer than its box: PgDn scrolls it ten lines
# (the help panel's own scroll; "map metric" is past the first page), PgUp
# back to the top; closed while scrolled, it reopens at the top.
tui_has "$(tui_cap)" "map metric: entropy"; [ $? -ne 0 ]
ok $? "the first page of the help ends before the map keys"
T send-keys NPage
tui_gone "Global keys"; ok $? "PgDn scrolls the help past its first heading"
tui_wait "map metric: entropy"; ok $? "and shows the lines below the first page"
T send-keys PPage
tui_wait "Global keys"; ok $? "PgUp scrolls it back to the top"
T send-keys NPage
tui_gone "Global keys"; ok $? "PgDn again"
T send-keys Escape
tui_gone "map metric: entropy"; ok $? "Escape closes the scrolled help"
T send-keys F1
tui_wait "Global keys"; ok $? "the help opens again at its top"
T send-keys Escape
tui_gone "Global keys"; ok $? "Escape closes it"

# Map: focus it, move the cursor, jump theta and lambda there.
T send-keys Tab Tab Tab
tui_wait "cursor θ=-2 λ=0 "; ok $? "map focused, cursor at theta -2, lambda 0"
T send-keys l l k
tui_gone "cursor θ=-2 λ=0 "; ok $? "arrow keys move the map cursor"
T send-keys Enter
tui_wait "jumped to theta = "; ok $? "Enter jumps theta and lambda to the cell"
th=$(tui_cap | sed -n 's/.*jumped to theta = \([^,]*\), lambda = \([^ ]*\).*/\1/p')
la=$(tui_cap | sed -n 's/.*jumped to theta = \([^,]*\), lambda = \([^ ]*\).*/\2/p')
tui_cap | grep -q "θ  *$th  " && tui_cap | grep -q "λ  *$la  "
ok $? "parameters now theta = $th, lambda = $la"
hj=$(report_value entropy_nats --n 1000 --theta "$th" --lambda "$la" | xargs printf '%.6g')
tui_wait "H=$hj"; ok $? "H after the jump = $hj (disperse report)"

# Resize below 80x24 and back.
T resize-window -x 70 -y 20
tui_wait "terminal too small: 70x20"; ok $? "below 80x24: centred message"
T resize-window -x 100 -y 30
tui_wait "H=$hj"; ok $? "back to 100x30: panels again"

# Sizes as exponents, and every attention function (some may be
# unsupported by the core: an error line, never a crash).
T send-keys r
tui_wait "reset to the default view"; ok $? "r resets the view"
tui_wait "H=1.36044"; ok $? "reset: default numbers again"
T send-keys : "n 2^40" Enter
mw=$(report_value max_weight --n 2^40 | xargs printf '%.3g')
tui_wait "max $mw "; ok $? "n = 2^40: max weight $mw as disperse report says"
T send-keys g g
tui_wait "×10995116"; ok $? "n = 2^40: weights shown as runs (value × count), not 2^40 bars"
T send-keys : "n 2^20" Enter
tui_wait "1048576 = 2^20"; ok $? "':n 2^20' sets n = 2^20"
for f in ssmax logn sigmoid stickbreak softmax1 sparsemax entmax softmax; do
	T send-keys x
	tui_wait " $f " ; ok $? "x cycles the attention function to $f"
done
T send-keys g
tui_wait "Weights: log10 distribution"; ok $? "g shows the log-binned distribution"
T send-keys g
tui_wait "Weights: sorted coefficients"; ok $? "g again: sorted coefficients"

# Quit: process gone, tty modes back.
T send-keys q
tui_exited; ok $? "q quits"
[ "$(cat "$tui_tmp/rc" 2>/dev/null)" = 0 ]; ok $? "exit status 0"
tui_restored; ok $? "terminal restored after q (icanon, echo)"

# --load with a missing file: one line, exit status 1, terminal fine.
tui_fresh 100 30 --load "$tui_tmp/missing.json"
tui_exited; ok $? "--load of a missing file exits"
[ "$(cat "$tui_tmp/rc" 2>/dev/null)" = 1 ]; ok $? "--load failure: exit status 1"
tui_wait "disperse: cannot load snapshot: "; ok $? "--load failure: one-line message"
tui_cap | grep -c "missing.json" | grep -qx 1; ok $? "--load failure: the message names the file once"
# The help overlay and the key bar are drawn from one key table
# (src/app/keys.c): t (tour) and R (refit) are in both.
tui_fresh 160 50
tui_wait "H=1.36044"; ok $? "160 x 50: default view"
tui_cap | grep -q "F1Help sSnapshot qQuit tTour RRefit pPlay "
ok $? "key bar lists p play, t tour and R refit"
T send-keys '?'
tui_wait "R            adaptive-temperature refit"; ok $? "help has R (refit) from the key table"
tui_cap | grep -q "t            teaching tour"; ok $? "help has t (tour) from the key table"
T send-keys Escape q
tui_exited; ok $? "Escape closes the help, q quits"
tap_done
