#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# disperse train: the shipped model (examples/maxret-model.json) loads and
# reproduces its recorded accuracy at n = 16, which is high; its accuracy
# and max attention weight fall as the sets grow; results are bitwise equal
# for OMP_NUM_THREADS=1 and 2; a saved model loads back to the same numbers;
# progress goes to stderr; errors follow the one-line rule.
. "$top_srcdir/tests/tap.sh"
[ -x "$DISPERSE" ] || skip_all "no disperse binary"
model="$top_srcdir/examples/maxret-model.json"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# column NAME FILE: the values of a CSV column (comment lines skipped).
column() {
	awk -F, -v c="$1" '/^#/ { next } !h { for (i = 1; i <= NF; i++) if ($i == c) k = i; h = 1; next } { print $k }' "$2"
}

# The shipped model at n = 16 with its recorded sets and seed.
"$DISPERSE" train --load "$model" --eval-only --eval-sizes 16 --format csv \
    >"$tmp/m16.csv" 2>"$tmp/err"
ok $? "shipped model loads and evaluates at n = 16"
rec=$(sed -n 's/.*"accuracy": \[\([0-9.e+-]*\),.*/\1/p' "$model")
got=$(column accuracy "$tmp/m16.csv")
[ -n "$rec" ] && [ "$got" = "$rec" ]
ok $? "recorded accuracy at n = 16 reproduced ($got, recorded $rec)"
awk -v a="$got" 'BEGIN { exit !(a >= 0.9) }'
ok $? "in-distribution accuracy >= 0.9 ($got)"
grep -q '^# recorded_accuracy: n=16 ' "$tmp/m16.csv"
ok $? "recorded accuracy stamped"

# Accuracy and max weight fall with n (300 sets each).
"$DISPERSE" train --load "$model" --eval-sizes 16,256,4096 --eval-sets 300 \
    --format csv >"$tmp/fall.csv" 2>/dev/null
ok $? "evaluate at n = 16, 256, 4096"
column accuracy "$tmp/fall.csv" | awk 'NR > 1 && !($1 < p) { bad = 1 } { p = $1 } END { exit bad || NR != 3 }'
ok $? "accuracy falls with n: $(column accuracy "$tmp/fall.csv" | tr '\n' ' ')"
column max_weight "$tmp/fall.csv" | awk 'NR > 1 && !($1 < p) { bad = 1 } { p = $1 } END { exit bad || NR != 3 }'
ok $? "max weight falls with n: $(column max_weight "$tmp/fall.csv" | tr '\n' ' ')"
column lemma_holds "$tmp/fall.csv" | awk '$1 != 1 { bad = 1 } END { exit bad }'
ok $? "every set's weights lie in the Lemma 2.1 band"
# The head's own output is the mix at u = weight on the maximum, so a set is
# right exactly when that weight clears its margin (the answer being
# monotone in u): the fraction above the margin IS the accuracy, so there is
# no such column (review finding 15), and no size stamps a mismatch.
! grep -v '^#' "$tmp/fall.csv" | head -1 | grep -q above_margin && ! grep -q '^# margin_not_monotone' "$tmp/fall.csv"
ok $? "no above_margin column (it equals accuracy by construction), no monotonicity stamp"
column margin "$tmp/fall.csv" | awk '!($1 > 0 && $1 < 1) { bad = 1 } END { exit bad }'
ok $? "margins lie in (0, 1)"
grep -q '^# corollary_b1_n: 4096 ' "$tmp/fall.csv"
ok $? "Corollary B.1 marker at the first size below the margin"

# Determinism across thread counts: output and saved model bitwise equal.
for t in 1 2; do
	OMP_NUM_THREADS=$t "$DISPERSE" train --steps 60 --eval-sets 40 \
	    --eval-sizes 16,2000 --seed 5 --save "$tmp/t$t.json" --format json \
	    >"$tmp/t$t.out" 2>"$tmp/t$t.err"
	ok $? "train with OMP_NUM_THREADS=$t"
done
cmp -s "$tmp/t1.out" "$tmp/t2.out"
ok $? "output bitwise equal for 1 and 2 threads"
cmp -s "$tmp/t1.json" "$tmp/t2.json"
ok $? "saved model bitwise equal for 1 and 2 threads"

# Progress on stderr: ten reports with loss, accuracy and ETA; --quiet: none.
[ "$(grep -c '^disperse train: step [0-9]*/60  loss .* accuracy .* ETA ' "$tmp/t1.err")" -eq 10 ]
ok $? "ten progress lines on stderr"
"$DISPERSE" train --steps 5 --eval-sets 5 --eval-sizes 16 --quiet >/dev/null 2>"$tmp/q.err"
[ $? -eq 0 ] && [ ! -s "$tmp/q.err" ]
ok $? "--quiet: nothing on stderr"

# Save then load: the same table rows (the stamps name the file).
"$DISPERSE" train --load "$tmp/t1.json" --format json >"$tmp/l.out" 2>/dev/null
ok $? "saved model loads"
sed -n '/"columns"/,$p' "$tmp/t1.out" >"$tmp/a"
sed -n '/"columns"/,$p' "$tmp/l.out" >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b"
ok $? "loaded model repeats the recorded evaluation exactly"
grep -q '"format": "disperse-maxret"' "$tmp/t1.json" &&
    grep -q '"format_version": 1' "$tmp/t1.json"
ok $? "model file is versioned"
ls -a "$tmp" | grep -q '^\.disperse-'
[ $? -ne 0 ]
ok $? "no temporary file left behind"

# SVG figure.
"$DISPERSE" train --load "$tmp/t1.json" --svg "$tmp/f.svg" >/dev/null 2>&1
ok $? "--svg writes a figure"
if [ -n "$XMLLINT" ]; then
	"$XMLLINT" --noout "$tmp/f.svg"
	ok $? "figure is well-formed XML"
fi
grep -q 'Lemma 2.1 band' "$tmp/f.svg" && grep -q 'readout margin' "$tmp/f.svg"
ok $? "figure shows the Lemma 2.1 band and the readout margin"

# Errors: one line on stderr, nothing on stdout.
expect() {
	want=$1
	shift
	"$DISPERSE" train "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ "$rc" -eq "$want" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
	    [ ! -s "$tmp/out" ] && grep -q '^disperse train: ' "$tmp/err"
	ok $? "exit $want, one stderr line: train $*"
}
expect 2 --eval-only
expect 2 --width 0
expect 2 --lr 0
expect 2 --eval-sizes 16,x
expect 2 --eval-sizes 2^25
expect 2 --load "$model" --steps 10
expect 2 --n 5
expect 1 --load "$tmp/none.json"
printf '{"format": "disperse-snapshot"}\n' >"$tmp/bad.json"
expect 1 --load "$tmp/bad.json"
sed 's/"format_version": 1/"format_version": 9/' "$tmp/t1.json" >"$tmp/v9.json"
expect 1 --load "$tmp/v9.json"
expect 1 --steps 5 --eval-sets 5 --eval-sizes 16 --save "$tmp/no/dir/m.json"

"$DISPERSE" --help | grep -q '^  train  '
ok $? "--help lists train"
"$DISPERSE" train --help | grep -q -- '--eval-sizes'
ok $? "disperse train --help"
tap_done
