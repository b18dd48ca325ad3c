#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The head picker (issue 13): `disperse --input FILE.npy` with several rows
# opens the heads panel; `>` / `<` step heads, `:head L.H` picks one, `o`
# re-sorts; each head's numbers are the ones numpy computes for that row:
# the panel's max weight (softmax of the row itself) and, at n = 2^20 on
# the empirical family, the expected large-n limit's entropy
# H = log n + log A - B/A, A = mean e^{x-M}, B = mean (x-M) e^{x-M} over the
# row (doc/theory.md §13), on the theorem panel.
. "$top_srcdir/tests/tap.sh"
. "$top_srcdir/tests/tui/tui-lib.sh"
need_numpy

# A (2, 3, 40) float64 array written here, and numpy's figures of each row:
# "L.H maxweight(%.4g) H_limit(n = 2^20, %.6g) maxweight at theta 0.5
# log n_eps_empirical at eps 1e-308, n_eps_empirical at eps 1e-300 (%.2g)".
OUT="$tui_tmp" "$py" - >"$tui_tmp/want" <<'PY'
import os
import numpy as np
rng = np.random.default_rng(11)
a = rng.normal(size=(2, 3, 40)) * np.array([1.0, 2.5, 4.0])[None, :, None]
np.save(os.environ["OUT"] + "/heads.npy", a)
n = 2.0 ** 20
for l in range(2):
    for h in range(3):
        x = a[l, h]
        p = np.exp(x - x.max()); p /= p.sum()
        d = x - x.max(); g = np.exp(d); A = g.mean(); B = (d * g).mean()
        q = np.exp(2 * (x - x.max())); q /= q.sum()
        # n_eps_empirical at eps = 1e-308: n max_weight / eps, past 1.8e308.
        print(f"{l}.{h} {p.max():.4g} {np.log(n) + np.log(A) - B / A:.6g} {q.max():.4g} "
              f"{np.log(40 * p.max()) - np.log(1e-308):.4g} {40 * p.max() / 1e-300:.2g}")
PY
want() { awk -v k="$1" -v f="$2" '$1 == k { print $f }' "$tui_tmp/want"; }
snaps="$tui_tmp/snaps"

tui_start 120 44 --input "$tui_tmp/heads.npy" --snapshot-dir "$snaps"
tui_wait "Heads: 2 x 3, by max weight"; ok $? "an array of 6 rows opens the heads panel"
tui_wait "head       0.0 of 2x3"; ok $? "the view is on head 0.0 (parameters panel)"
# Issue 24 item 2: the file opened is what is shown -- the head's own
# logits (family file), its max weight numpy's softmax of the row; the
# resample is a second view, labelled "resampled" on its panels.
tui_wait "family     file"; ok $? "--input opens on the head's own logits (family file)"
mw=$(printf '%.3g' "$(want 0.0 2)")
tui_wait "max $mw "; ok $? "file: head 0.0's own max weight $mw (numpy)"
! tui_cap | grep -q "resampled"; ok $? "no panel says resampled on the file's own logits"
tui_wait "Entropy and max weight vs θ (n = 40)"; ok $? "the curve panel of a file view: H and max weight against theta"
tui_cap | grep -q "> 1  *[0-9.]*  *$mw"; ok $? "its row at the view's theta 1 has the max weight $mw (numpy)"
T send-keys : "family empirical" Enter
tui_wait "resampled"; ok $? ":family empirical: the resample, labelled resampled"
# The other 5 heads resampled the same way, faint under the head's curves
# over n (their values: tests/tui/test-resample).
tui_wait ". the other heads  "; ok $? "the resample's curve panel draws the 5 other heads faint (legend)"
good=0
for k in 0.0 0.1 0.2 1.0 1.1 1.2; do
	tui_cap | grep -q -- " $k .* 40 .* $(want "$k" 2)" || { good=1; diag "head $k: max weight $(want "$k" 2) not listed"; }
done
ok $good "the panel lists every head with numpy's max weight of its row"
T send-keys : "n 2^20" Enter
tui_wait "H=$(want 0.0 3) "; ok $? "n = 2^20, head 0.0: expected-limit entropy H=$(want 0.0 3) (numpy)"
T send-keys ">"
tui_wait "head 0.1: 40 keys"; ok $? "> steps to head 0.1"
tui_wait "H=$(want 0.1 3) "; ok $? "head 0.1: H=$(want 0.1 3) (numpy)"
T send-keys ">" ">"
tui_wait "head 1.0: 40 keys"; ok $? "> > steps across the layer to 1.0"
tui_wait "H=$(want 1.0 3) "; ok $? "head 1.0: H=$(want 1.0 3) (numpy)"
T send-keys "<"
tui_wait "H=$(want 0.2 3) "; ok $? "< steps back to 0.2: H=$(want 0.2 3) (numpy)"
T send-keys : "head 1.2" Enter
tui_wait "head       1.2 of 2x3"; ok $? ":head 1.2 picks head 1.2"
tui_wait "H=$(want 1.2 3) "; ok $? "head 1.2: H=$(want 1.2 3) (numpy)"
tui_cap | grep -q "▶ 1.2 "; ok $? "the heads panel marks 1.2"
T send-keys : "head 5.0" Enter
tui_wait "head 5.0: the array has 2 layer(s), 3 head(s)"; ok $? ":head 5.0 refused, naming the array's shape"
tui_cap | grep -q "head       1.2 of 2x3"; ok $? "the view stays on 1.2"
T send-keys o
tui_wait "Heads: 2 x 3, by critical n"; ok $? "o sorts by the empirical critical n"
T send-keys : "theta 0.5" Enter
good=0
for k in 0.0 0.1 0.2 1.0 1.1 1.2; do
	tui_wait "$(want "$k" 4)" 30 >/dev/null || good=1
	tui_cap | grep -q -- " $k .* 40 .* $(want "$k" 4)" || { good=1; diag "head $k: max weight at theta 0.5 $(want "$k" 4) not listed"; }
done
ok $good "theta 0.5: the panel lists numpy's max weight of every row at that temperature"
T send-keys : "theta 1" Enter
T send-keys s
tui_wait "snapshot in $snaps: disperse-"; ok $? "s writes a snapshot"
json=$(ls "$snaps"/disperse-*.json 2>/dev/null | head -1)
[ -n "$json" ] && jq -e '.params.head == "1.2" and .params.family == "empirical" and
    (.params.logits | length) == 40' "$json" >/dev/null
ok $? "the snapshot JSON names head \"1.2\" and embeds its 40 logits"
T send-keys r
tui_wait "head       0.0 of 2x3"; ok $? "r: back to head 0.0"
tui_cap | grep -q "family     file" && tui_cap | grep -q "n          40 "
ok $? "r: the array's default view, the head's own 40 logits"
# Review finding 14: F from file reaches empirical, f goes back to the row
# itself (its max weight is numpy's softmax of the row).
T send-keys F
tui_wait "family     empirical"; ok $? "F from file: the resample (empirical)"
T send-keys f
tui_wait "family     file"; ok $? "f: back to the file family"
tui_wait "max $mw "; ok $? "file: the row's own max weight $mw (numpy)"
T send-keys q
tui_exited; ok $? "quit"
tui_restored; ok $? "terminal restored"
tui_kill
[ -n "$json" ] && "$DISPERSE" snapshot --load "$json" --out "$tui_tmp/back" --map-cols 4 --map-rows 3 \
    --curve-points 4 >/dev/null 2>&1 && jq -e '.params.head == "1.2"' "$tui_tmp"/back/disperse-*.json >/dev/null
ok $? "the snapshot loads back on head 1.2"
# The TUI on the same array loads the snapshot's head, not the options' 0.0.
tui_start 120 44 --input "$tui_tmp/heads.npy" --load "$json"
tui_wait "head       1.2 of 2x3"; ok $? "--input with --load: the snapshot's head 1.2"
tui_wait "H=$(want 1.2 3) "; ok $? "and its logits: H=$(want 1.2 3) at n = 2^20 (numpy)"
T send-keys q
tui_exited; ok $? "quit"
# Past the double range the panel's n_eps is e^x, the CLI's exp(x), not a word.
tui_start 120 44 --input "$tui_tmp/heads.npy" --eps 1e-308
tui_wait "e^$(want 0.0 5)"; ok $? "n_eps past the double range: e^$(want 0.0 5) (numpy)"
# Inside it, a number with a three-digit exponent still fits the column
# whole (1.2e+300, not 1.235e+300 cut at the frame).
T send-keys : "eps 1e-300" Enter
tui_wait " $(want 0.0 6)"
good=0
for k in 0.0 0.1 0.2 1.0 1.1 1.2; do
	v=$(want "$k" 6 | sed 's/[.+]/\\&/g')
	tui_cap | grep -- " $k " | grep -Eq " $v( |│)" || { good=1; diag "head $k: n_eps $(want "$k" 6) not whole"; }
done
ok $good "eps 1e-300: every head's n_eps whole in its column, numpy's n max_weight / eps to 2 digits"
T send-keys q
tui_exited; ok $? "quit"
# In ASCII the log n ceiling is dots: the other heads' faint curves are
# commas, in the plot and the legend.
tui_start 120 44 --input "$tui_tmp/heads.npy" --ascii --family empirical
tui_wait ", the other heads  "; ok $? "--ascii: the faint curves' legend glyph is not log n's"
tui_cap | grep -q '\. log n'; ok $? "--ascii: log n keeps its dot"
T send-keys q
tui_exited; ok $? "quit"
tap_done
