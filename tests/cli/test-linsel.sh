#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Linear attention (phi = elu + 1) and selective attention (disperse's
# simplified reconstruction: softmax of x_j - sum_{k<j} relu(x_k - x_j),
# x = e/theta, item 0 nearest the query) against numpy on small inputs,
# closed forms on a spike at n = 2^40 (runs), the theta -> 0 limits, and
# the Theorem 2.2 note in report and compare.
. "$top_srcdir/tests/tap.sh"
[ -x "$DISPERSE" ] || skip_all "no disperse binary"
py=/usr/bin/python3
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
val() { jq -r --arg q "$2" '.rows[] | select(.quantity == $q) | .value' "$1"; }
near() { awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; m = b < 0 ? -b : b; exit !(d <= t * m + 1e-300) }'; }

printf '%s\n' 0.3 -1.2 2.5 0.7 2.5 -0.4 1.9 0.0 3.1 -2.2 0.9 1.4 >"$tmp/e.txt"
if $py -c 'import numpy' 2>/dev/null; then
	for th in 1 0.35 -0.8; do
		set -- $($py -c '
import numpy as np
e = np.loadtxt("'"$tmp"'/e.txt"); th = '"$th"'; x = e / th
phi = np.where(x > 0, x + 1, np.exp(x)); lin = phi / phi.sum()
F = np.array([np.maximum(x[:j] - x[j], 0).sum() for j in range(len(x))])
y = x - F; sel = np.exp(y - y.max()); sel /= sel.sum()
H = lambda p: -(p[p > 0] * np.log(p[p > 0])).sum()
print(repr(lin.max()), repr(lin.min()), repr(H(lin)), repr(sel.max()), repr(sel.min()), repr(H(sel)))')
		for a in linear selective; do
			"$DISPERSE" report --input "$tmp/e.txt" --attn $a --theta $th --format json >"$tmp/r.json"
			if [ $a = linear ]; then mx=$1 mn=$2 h=$3; else mx=$4 mn=$5 h=$6; fi
			near "$(val "$tmp/r.json" max_weight)" "$mx" 1e-13 &&
			    near "$(val "$tmp/r.json" min_weight)" "$mn" 1e-12 &&
			    near "$(val "$tmp/r.json" entropy_nats)" "$h" 1e-12
			ok $? "$a, theta $th: max $mx, min $mn, H $h as numpy"
		done
	done
else
	ok 0 "# SKIP no numpy"
fi

# Spike e_0 = delta = 3, n = 2^40, theta = 1 (runs): linear gives item 0
# (delta + 1)/(delta + n); selective masks every other item by relu(3 - 0),
# so item 0 gets e^3/(e^3 + (n - 1) e^-3).
"$DISPERSE" report --family spike --delta 3 --n 2^40 --attn linear --format json >"$tmp/l.json"
near "$(val "$tmp/l.json" max_weight)" "$(awk 'BEGIN { printf "%.17g", 4 / (3 + 2^40) }')" 1e-13
ok $? "linear on a spike at 2^40: 4/(3 + 2^40)"
"$DISPERSE" report --family spike --delta 3 --n 2^40 --attn selective --format json >"$tmp/s.json"
near "$(val "$tmp/s.json" max_weight)" "$(awk 'BEGIN { printf "%.17g", exp(6) / (exp(6) + 2^40 - 1) }')" 1e-13
ok $? "selective on a spike at 2^40: e^6/(e^6 + 2^40 - 1)"
# Uniform logits: the masks grow with the position, so selective keeps far
# more weight on its top item than softmax, by a factor that grows with n
# (measured: 7.6 at 2^10, 51 at 2^16).
for n in 1024 65536; do
	for a in softmax selective; do
		"$DISPERSE" report --family uniform --n $n --attn $a --format json >"$tmp/u.json"
		val "$tmp/u.json" max_weight
	done
done | awk 'NR % 2 { s = $1; next } { r[++k] = $1 / s } END { exit !(k == 2 && r[1] > 4 && r[2] > 20 && r[2] > r[1]) }'
ok $? "selective vs softmax on uniform logits: the top weight's ratio grows with n"
# theta = 0: linear tends to the positive parts normalised, selective to argmax.
"$DISPERSE" report --input "$tmp/e.txt" --attn linear --theta 0 --format json >"$tmp/z.json"
near "$(val "$tmp/z.json" max_weight)" "$(awk 'BEGIN { printf "%.17g", 3.1 / 13.3 }')" 1e-14
ok $? "linear at theta 0: 3.1 / (sum of positive logits 13.3)"
"$DISPERSE" report --input "$tmp/e.txt" --attn selective --theta 0 --format json >"$tmp/z.json"
[ "$(val "$tmp/z.json" max_weight)" = 1 ]
ok $? "selective at theta 0: argmax"

# The Theorem 2.2 notes.
"$DISPERSE" report --attn linear --format csv | grep -q "^bound,.*Theorem 2.2's argument applies"
ok $? "report: linear's note (the argument applies)"
"$DISPERSE" report --attn selective --format csv | grep -q '^bound,.*Theorem 2.2 does not apply: masks accumulate'
ok $? "report: selective's note (does not apply)"
"$DISPERSE" compare --points 2 >"$tmp/c.txt"
# Every row of the attention table, in its order: the names an unknown
# entry is told (one table, core/schema/attn.c).
names=$("$DISPERSE" compare --attn-list '?' 2>&1 | sed -n 's/.*unknown name .?. (\(.*\))$/\1/p' | sed 's/, /,/g')
[ -n "$names" ] && [ "$(grep -c '^# theorem_' "$tmp/c.txt")" -eq "$(echo "$names" | tr ',' '\n' | wc -l)" ] &&
    grep -q "^# attn_list: $names\$" "$tmp/c.txt"
ok $? "compare: every function of the table by default ($names), each with its note"
tap_done
