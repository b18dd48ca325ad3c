#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# disperse tour: shipped steps, live numbers equal to the closed forms.
. "$top_srcdir/tests/tap.sh"
[ -x "$DISPERSE" ] || skip_all "disperse not built"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
DISPERSE_DATADIR="$top_srcdir/doc:$top_srcdir/examples"; export DISPERSE_DATADIR

"$DISPERSE" tour >"$tmp/all" 2>"$tmp/err"
ok $? "whole tour runs"
grep -q '^Step 7/8: Alternatives to softmax' "$tmp/all" && grep -q '^Step 8/8: A trained head disperses' "$tmp/all"; ok $? "eight steps: 7 alternatives, 8 the trained head"
n=$("$DISPERSE" tour --list | wc -l)
[ "$n" -eq 8 ]; ok $? "--list prints 8 titles (got $n)"

# Step 3: Lemma 2.1 band for the spike n = 16, delta = 4, theta = 1.
"$DISPERSE" tour --step 3 >"$tmp/s3"
ok $? "--step 3"
grep -q '^Step 3/8: Lemma 2.1' "$tmp/s3"; ok $? "step 3 is Lemma 2.1"
awk '$1 == "lemma_tight_lo" { want = 1 / (1 + 15 * exp(4)); d = ($2 - want) / want;
	found = 1; exit (d < 1e-9 && d > -1e-9) ? 0 : 1 } END { if (!found) exit 1 }' "$tmp/s3"
ok $? "printed lower band = 1/(1 + 15 e^4) = 0.0012195534..."
awk '$1 == "lemma_tight_hi" { h = $2 } $1 == "max_weight" { m = $2 }
	END { want = exp(4) / (exp(4) + 15); exit (h == m && (h - want) / want < 1e-9 &&
	(want - h) / want < 1e-9) ? 0 : 1 }' "$tmp/s3"
ok $? "spike max weight = upper band = e^4/(e^4 + 15)"

# CSV figures at full precision.
"$DISPERSE" tour --step 4 --format csv | awk -F, '$3 == "critical_n" {
	want = 1 + 99 * exp(4); d = ($4 - want) / want; exit (d < 1e-13 && d > -1e-13) ? 0 : 1 }'
ok $? "step 4 critical n = 1 + 99 e^4 (CSV)"
"$DISPERSE" tour --step 6 --format csv | awk -F, '$3 == "beta" { exit ($4 > 1 && $4 <= 2.4214) ? 0 : 1 }'
ok $? "step 6 adaptive beta is active and below the 2.42 peak"

# Step 5: the authors' reported Gemma 7B mean spread 5.82 on a spike at
# theta = 1: critical n = 1 + 99 e^5.82 = 33361.2333 (derived), and the text
# names the reported spreads and says which statements are the paper's.
"$DISPERSE" tour --step 5 --format csv | awk -F, '$3 == "critical_n" {
	want = 1 + 99 * exp(5.82); d = ($4 - want) / want; exit (d < 1e-13 && d > -1e-13) ? 0 : 1 }'
ok $? "step 5 critical n = 1 + 99 e^5.82 for the Gemma 7B mean spread (CSV)"
"$DISPERSE" tour --step 5 >"$tmp/s5"
grep -q '\[0.09, 32.74\], mean' "$tmp/s5" && grep -q '\[2.28, 14.78\], mean 5.69' "$tmp/s5"
ok $? "step 5 names the reported Gemma 2B and 7B spreads"
grep -q "as disperse defines them" "$tmp/all"; ok $? "Figure 5's power series: as disperse defines them"
grep -q "Lemma 2.1 (the paper's statement)" "$tmp/all" && grep -q "Derived from the same argument" "$tmp/all"
ok $? "step 3 labels the paper's statement and the derived band"
grep -q "size; derived from the tight band" "$tmp/all"; ok $? "step 4: the critical n is derived"
grep -q "fitted to the best inverse temperature on" "$tmp/all"; [ $? -ne 0 ]
ok $? "no claim that the polynomial was fitted on Max Retrieval"

# Errors.
"$DISPERSE" tour --step 9 2>"$tmp/err"; [ $? -eq 2 ]; ok $? "--step past the end: usage error"
"$DISPERSE" tour --step 0 2>/dev/null; [ $? -eq 2 ]; ok $? "--step 0: usage error"
printf '%%step A\n%%set n=abc\ntext\n' >"$tmp/tour.txt"
# Step 8: the shipped model's head at n = 1024 (family learned, seed 1): the
# same set as report --model (evaluation set 0 of train --seed 1 at 1024).
"$DISPERSE" tour --step 8 --format csv >"$tmp/s8" 2>"$tmp/err"
ok $? "--step 8 opens the shipped model"
want=$("$DISPERSE" report --model "$top_srcdir/examples/maxret-model.json" --n 1024 \
    --seed 1 --format json | jq -r '.rows[] | select(.quantity == "max_weight") | .value')
got=$(awk -F, '$3 == "max_weight" { print $4 }' "$tmp/s8")
awk -v a="$got" -v b="$want" 'BEGIN { d = (a - b) / b; exit !(b > 0 && d < 1e-15 && d > -1e-15) }'
ok $? "step 8 max weight $got equals report --model at n = 1024 ($want)"
awk -v a="$got" 'BEGIN { exit !(a < 0.1) }'
ok $? "step 8: the head trained on 16 items has dispersed at 1024 (max weight $got < 0.1)"
mkdir "$tmp/nomodel" && sed 's/^%model .*/%model nosuch.json/' "$top_srcdir/doc/tour.txt" >"$tmp/nomodel/tour.txt"
DISPERSE_DATADIR="$tmp/nomodel" "$DISPERSE" tour --step 8 >/dev/null 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "cannot find nosuch.json" "$tmp/err"
ok $? "a step whose model is missing: exit 1 naming it ($(cat "$tmp/err"))"

DISPERSE_DATADIR="$tmp" "$DISPERSE" tour 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "tour.txt:2: n: 'abc' is not a size from 1 to 2^63" "$tmp/err"
ok $? "malformed tour via DISPERSE_DATADIR: exit 1 with line ($(cat "$tmp/err"))"
"$DISPERSE" tour --file "$tmp/none.txt" 2>/dev/null; [ $? -eq 1 ]; ok $? "missing --file: exit 1"
# A tour file's text is escaped like every other input (issue 26): an OSC
# title sequence and a cursor move in a title and a body reach stdout as
# \x1b text, never as the bytes that drive the terminal.
printf '%%step Evil \033]0;pwned\007 title\n%%set n=4\nbody \033[2J here\n' >"$tmp/evil.txt"
"$DISPERSE" tour --file "$tmp/evil.txt" >"$tmp/out" 2>"$tmp/err"; st=$?
[ $st -eq 0 ] && ! grep -q "$(printf '\033')" "$tmp/out" && grep -q 'Evil \\x1b\]0;pwned\\x07 title' "$tmp/out" &&
    grep -q 'body \\x1b\[2J here' "$tmp/out"
ok $? "tour text is escaped: no ESC byte on stdout, \\x1b shown ($(head -1 "$tmp/out" | cat -v))"
"$DISPERSE" tour --file "$tmp/evil.txt" --list >"$tmp/out" 2>&1
! grep -q "$(printf '\033')" "$tmp/out"; ok $? "tour --list escapes titles"
tap_done
