#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# disperse paper on its reduced grid (--quick --grid small, a hidden option
# for tests): the report and its files exist; its numbers match
# independent references -- the spike's max weight and the Lemma 2.1 band
# in closed form, Theorem 2.2's critical n in closed form (and at the
# adaptive ceiling beta_max = 2.4213877066315243, mpmath, as in
# tests/core/test-figures.c), the published polynomial evaluated here by
# hand, the map's uniform row lambda = 1 (H = log n), sparsemax's exact 1
# on a spike ahead by >= theta; Max Retrieval in train's CSV columns; two
# runs give the same files bit for bit; bad options are usage errors.
. "$top_srcdir/tests/tap.sh"
[ -x "$DISPERSE" ] || skip_all "no disperse binary"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# column NAME FILE: the values of a CSV column (comment lines skipped).
column() {
	awk -F, -v c="$1" '/^#/ { next } !h { for (i = 1; i <= NF; i++) if ($i == c) k = i; h = 1; next } { print $k }' "$2"
}
# rows FILE AWK: the data rows of a CSV (header and comments skipped) to awk.
rows() {
	f=$1; shift
	grep -v '^#' "$f" | sed 1d | awk -F, "$@"
}

"$DISPERSE" paper --quick --grid small --out "$tmp/a" 2>"$tmp/err"
ok $? "paper --quick --grid small runs"
grep -q 'Max Retrieval: training 2 seeds' "$tmp/err"
ok $? "progress on stderr"
for f in README.md numbers.json lemma.csv critical.csv dispersion.csv \
    adaptive-poly.csv adaptive-beta.csv adaptive-entropy.csv maxret.csv \
    maxret-seeds.csv alternatives.csv map.csv lemma-curve.svg \
    dispersion-curve.svg adaptive-curve.svg alternatives-curve.svg \
    map-map.svg maxret.svg maxret-model.json maxret-weights-n16-hist.svg \
    maxret-weights-n256-hist.svg; do
	[ -s "$tmp/a/$f" ] || { diag "missing $f"; false; }
done
ok $? "every file of the report written"
ls -a "$tmp/a" | grep -q '^\.disperse-'
[ $? -ne 0 ]
ok $? "no temporary file left"
grep -q '^- seed: 1$' "$tmp/a/README.md" && grep -q '^- command: `disperse paper --quick --grid small' "$tmp/a/README.md" &&
    grep -q "^- program: disperse " "$tmp/a/README.md"
ok $? "report records command, version and seed"

# numbers.json holds every table (jq when configure found it, else python3).
if [ -n "$JQ" ] && command -v "$JQ" >/dev/null 2>&1; then
	[ "$("$JQ" '.tables | keys | length' "$tmp/a/numbers.json")" -eq 10 ] &&
	    [ "$("$JQ" '.seed' "$tmp/a/numbers.json")" -eq 1 ]
	ok $? "numbers.json: valid JSON, 10 tables, seed 1"
elif command -v "$py3" >/dev/null 2>&1; then
	"$py3" -c 'import json, sys; d = json.load(open(sys.argv[1])); sys.exit(not (len(d["tables"]) == 10 and d["seed"] == 1))' "$tmp/a/numbers.json"
	ok $? "numbers.json: valid JSON, 10 tables, seed 1"
fi

# Lemma 2.1: no check outside the band on the small grid; the spike's max
# weight is 1/(1 + (n-1) e^{-delta}), the band's upper edge exactly.
rows "$tmp/a/lemma.csv" '$9 == "violated" { bad++ } END { exit bad > 0 || NR < 30 }'
ok $? "Lemma 2.1: zero violations ($(grep -vc '^#' "$tmp/a/lemma.csv") rows)"
rows "$tmp/a/lemma.csv" '$1 == "spike" { n = 2 ^ $3; w = 1 / (1 + (n - 1) * exp(-$2));
    if (($5 - w) / w > 1e-12 || (w - $5) / w > 1e-12) bad = 1; c++ } END { exit bad || c < 5 }'
ok $? "spike max weight = 1/(1 + (n-1) e^{-delta}) to 1e-12"
grep -q '| 40 | \*\*0\*\* |' "$tmp/a/README.md"
ok $? "report states the count and zero violations"

# Theorem 2.2 in closed form.
rows "$tmp/a/critical.csv" '{ w = log(1 + (1 / $4 - 1) * exp($2 / $3)); d = ($5 - w) / w;
    if (d > 1e-12 || d < -1e-12) bad = 1;
    w = log(1 + (1 / $4 - 1) * exp($2 * 2.4213877066315243 / $3)); d = ($7 - w) / w;
    if (d > 1e-12 || d < -1e-12) bad = 1; c++ } END { exit bad || c != 72 }'
ok $? "critical n = 1 + (1/eps - 1) e^{delta/theta}, also at theta / beta_max (72 rows)"
rows "$tmp/a/critical.csv" '$1 == "Gemma 2B spread mean" && $4 == 0.01 { w = 1 + 99 * exp(5.69); d = (exp($5) - w) / w; ok = d < 1e-12 && d > -1e-12 } END { exit !ok }'
ok $? "Gemma 2B mean spread 5.69 at theta = 1, eps = 0.01: n* = 1 + 99 e^5.69"

# The published polynomial, by hand (descending powers).
rows "$tmp/a/adaptive-poly.csv" 'BEGIN { split("-0.037 0.481 -2.3 4.917 -1.791", c, " ") } { if ($2 != c[NR]) bad = 1 } END { exit bad || NR != 5 }'
ok $? "paper coefficients as published"
rows "$tmp/a/adaptive-beta.csv" '{ h = $1; b = h > 0.5 ? -0.037*h^4 + 0.481*h^3 - 2.3*h^2 + 4.917*h - 1.791 : 1; if (b < 1) b = 1;
    d = $2 - b; if (d > 1e-12 || d < -1e-12 || $2 > 2.4213877066315243) bad = 1 } END { exit bad || NR != 41 }'
ok $? "beta(H) of the paper's polynomial, <= beta_max"

# The map: lambda = 1 is uniform, H = log 16 at every theta.
rows "$tmp/a/map.csv" '$2 == 1 { d = $3 - log(16); if (d > 1e-12 || d < -1e-12) bad = 1; c++ } END { exit bad || c != 9 }'
ok $? "map row lambda = 1: H = log 16"

# Alternatives: sparsemax keeps 1 on the spike; softmax = the dispersion rows.
rows "$tmp/a/alternatives.csv" '$1 == "sparsemax" && $4 != 1 { bad = 1 } $1 == "softmax" { n = 2 ^ $2; w = 1 / (1 + (n - 1) * exp(-4)); d = ($4 - w) / w; if (d > 1e-12 || d < -1e-12) bad = 1 } END { exit bad }'
ok $? "alternatives: sparsemax 1, softmax 1/(1 + (n-1) e^{-4})"

# Max Retrieval in train's columns, seeds pooled.
"$DISPERSE" train --steps 1 --width 2 --eval-sizes 16 --eval-sets 1 --quiet \
    --format csv 2>/dev/null | grep -v '^#' | head -1 >"$tmp/train-head"
grep -v '^#' "$tmp/a/maxret.csv" | head -1 | cmp -s - "$tmp/train-head"
ok $? "maxret.csv has train's CSV columns"
rows "$tmp/a/maxret.csv" '{ if ($2 != 80 || $3 < $4 || $3 > $5 || $6 < $7 || $6 > $8) bad = 1 } END { exit bad || NR != 3 }'
ok $? "two seeds pooled: 80 sets a size, accuracy inside its interval"
"$DISPERSE" train --load "$tmp/a/maxret-model.json" --eval-sizes 16,64,256 --eval-sets 40 \
    --seed 1 --quiet --format csv 2>/dev/null | grep -v '^#' | sed 1d >"$tmp/re.csv"
# train prints 6 significant digits, the report 17: compare at train's.
g6='{ for (i = 1; i <= 8; i++) printf "%s%.6g", i > 1 ? "," : "", $i; print "" }'
awk -F, '$21 == 1' "$tmp/a/maxret-seeds.csv" | awk -F, "$g6" >"$tmp/seed1.csv"
awk -F, "$g6" "$tmp/re.csv" | cmp -s - "$tmp/seed1.csv"
ok $? "the saved model re-evaluated by train gives seed 1's rows"

# Bit for bit from the seed.
"$DISPERSE" paper --quick --grid small --out "$tmp/b" 2>/dev/null
sed -i 's|--out [^ `]*||' "$tmp/a/README.md" "$tmp/b/README.md"
diff -r "$tmp/a" "$tmp/b" >/dev/null
ok $? "a second run gives the same files bit for bit"

# train --preset: the paper preset's settings, an option given wins.
"$DISPERSE" train --preset paper --steps 2 --eval-sizes 16 --eval-sets 2 --quiet \
    --format csv >"$tmp/p.csv" 2>/dev/null &&
    grep -q '^# width: 64$' "$tmp/p.csv" && grep -q '^# batch: 128$' "$tmp/p.csv" &&
    grep -q '^# lr: 0.001$' "$tmp/p.csv" && grep -q '^# steps: 2$' "$tmp/p.csv"
ok $? "train --preset paper: width 64, batch 128, lr 0.001; --steps overrides"
"$DISPERSE" train --preset nope 2>"$tmp/err"
[ $? -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ]
ok $? "train --preset nope: one line, status 2"
"$DISPERSE" train --preset paper --load "$top_srcdir/examples/maxret-model.json" 2>/dev/null
[ $? -eq 2 ]
ok $? "train --preset with --load: usage error"

"$DISPERSE" paper --grid huge --out "$tmp/c" 2>"$tmp/err"
[ $? -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ]
ok $? "unknown --grid: one line, status 2"
"$DISPERSE" paper --delta 3 --out "$tmp/c" 2>/dev/null
[ $? -eq 2 ] && [ ! -e "$tmp/c" ]
ok $? "a view option is a usage error, nothing written"
tap_done
