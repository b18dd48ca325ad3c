#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# disperse depth (core/train/depth.c): the stack over given embeddings equals an
# independent numpy forward pass (tests/cli/depth-numpy.py); the large-n
# limit r_l (von Mises-Fisher recursion) equals mpmath's Bessel ratios;
# without residuals the first layer's spread approaches its limit as n
# grows and the deeper layers collapse to one point whose distance to the
# mean embedding shrinks with n; with residuals the spread across items
# never falls below the embeddings'; errors follow the one-line rule.
. "$top_srcdir/tests/tap.sh"
[ -x "$DISPERSE" ] || skip_all "no disperse binary"
py=/usr/bin/python3
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
# rows FILE.json: "n layer residual spread spread_rel spread_items offset
# max_weight limit" a line, every digit (null: nan).
rows() {
	jq -r '.rows[] | [.n, .layer, .residual, .spread, .spread_rel, .spread_items,
	    .offset, .max_weight, .limit] | map(if . == null then "nan" else tostring end) | join(" ")' "$1"
}

# 1. Given embeddings: numpy draws 48 points on the sphere of radius 3 in
# R^8; disperse and numpy run 4 layers at theta 0.7, both modes.
if $py -c 'import numpy' 2>/dev/null; then
	$py -c '
import numpy as np
g = np.random.default_rng(5); x = g.standard_normal((48, 8))
x = 3 * x / np.linalg.norm(x, axis=1, keepdims=True)
np.savetxt("'"$tmp"'/emb.txt", x, fmt="%.17g")'
	"$DISPERSE" depth --embeddings "$tmp/emb.txt" --dim 8 --layers 4 --theta 0.7 \
	    --format json >"$tmp/d.json"
	ok $? "depth --embeddings (48 x 8)"
	$py "$top_srcdir/tests/cli/depth-numpy.py" "$tmp/emb.txt" 8 4 0.7 >"$tmp/np.txt"
	# n,layer,residual,spread,spread_rel,spread_items,offset,max_weight,limit
	rows "$tmp/d.json" | awk '{ print $3, $2, $4, $6, $7, $8 }' >"$tmp/c.txt"
	awk 'NR == FNR { a[FNR] = $0; next }
	function bad(x, y) { return x == "nan" ? y != "nan" : (y - x > 1e-10 * (x < 0 ? -x : x) + 1e-14 || x - y > 1e-10 * (x < 0 ? -x : x) + 1e-14) }
	{ split(a[FNR], p, " "); if (p[1] != $1 || p[2] != $2) e++;
	  for (i = 3; i <= 6; i++) if (bad(p[i], $i)) { e++; print "mismatch: " a[FNR] " vs " $0 } }
	END { exit e || FNR != 10 }' "$tmp/np.txt" "$tmp/c.txt"
	ok $? "10 layers (2 modes x 5) equal numpy to 1e-10: spread, spread_items, offset, max weight"
	# 2. The limit against mpmath: r_{l+1} = r_l I_{d/2}(k)/I_{d/2-1}(k),
	# k = r_l^2/(theta sqrt d), defaults r = 4, d = 16, theta = 1.
	if ! $py -c 'import mpmath' 2>/dev/null; then
		ok 0 "# SKIP no mpmath"
	else
	"$DISPERSE" depth --sizes 16 --layers 3 --residual off --format json >"$tmp/l.json"
	want=$($py -c '
import mpmath as mp
mp.mp.dps = 30; r = mp.mpf(4); out = []
for l in range(4):
    out.append(mp.nstr(r, 20)); k = r * r / mp.sqrt(16); r = r * mp.besseli(8, k) / mp.besseli(7, k)
print(" ".join(out))')
	got=$(rows "$tmp/l.json" | cut -d' ' -f9 | tr '\n' ' ')
	echo "$want" "$got" | awk '{ for (i = 1; i <= 4; i++) { d = ($i - $(i + 4)) / $i; if (d > 1e-12 || d < -1e-12) e++ } exit e }'
	ok $? "large-n limits $got equal mpmath $want"
	fi
else
	ok 0 "# SKIP no numpy"
fi

# 3. Convergence in n without residuals (layer 1 to its limit 0.949...),
# collapse of layers 3+ to one point, nearer the mean embedding as n grows.
"$DISPERSE" depth --sizes 64,1024,4096 --layers 5 --residual off --format json >"$tmp/n.json"
rows "$tmp/n.json" >"$tmp/n.txt"
awk '$2 == 1 { d = ($4 - $9) / $9; print d }' "$tmp/n.txt" >"$tmp/gap"
awk 'NR > 1 && !($1 < p) { e++ } { p = $1 } END { exit e || NR != 3 || !(p < 0.05 && p > 0) }' "$tmp/gap"
ok $? "layer 1 spread approaches r A_d(kappa) from above: gaps $(tr '\n' ' ' <"$tmp/gap")"
awk '$2 == 5 && !($6 < 1e-9) { e++ } END { exit e }' "$tmp/n.txt"
ok $? "layer 5: every output is the same point (spread across items < 1e-9)"
awk '$2 == 5 { print $7 }' "$tmp/n.txt" >"$tmp/off"
# Its distance to the mean embedding falls about like 1/sqrt(n).
awk 'NR > 1 && !($1 < p / 1.5) { e++ } { p = $1 } END { exit e || NR != 3 }' "$tmp/off"
ok $? "that point nears the mean embedding as n grows: $(tr '\n' ' ' <"$tmp/off")"
# 4. Residuals keep the embedding: spread across items never below layer 0's.
"$DISPERSE" depth --sizes 64,1024 --layers 8 --residual on --format json >"$tmp/r.json"
rows "$tmp/r.json" | awk '{ if ($2 == 0) s0 = $6; else if ($6 < s0) e++; k++ } END { exit e || k != 18 }'
ok $? "with residuals every layer's spread across items >= the embeddings'"

# 5. SVG and errors.
"$DISPERSE" depth --sizes 16,64 --layers 2 --svg "$tmp/d.svg" >/dev/null &&
    grep -q '</svg>' "$tmp/d.svg" && grep -q 'spread, no residual' "$tmp/d.svg"
ok $? "--svg writes both panels"
"$DISPERSE" depth --residual maybe >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q '^disperse depth: --residual' "$tmp/err"
ok $? "--residual maybe: usage error"
printf '1 2 3\n' >"$tmp/bad.txt"
"$DISPERSE" depth --embeddings "$tmp/bad.txt" --dim 2 >/dev/null 2>"$tmp/err"
[ $? -eq 1 ] && grep -q 'not rows of --dim 2' "$tmp/err"
ok $? "embeddings not a whole number of rows: runtime error"
"$DISPERSE" depth --sizes 100000 >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q -- '--sizes' "$tmp/err"
ok $? "a size past 16384: usage error"
tap_done
