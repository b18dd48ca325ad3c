#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Every CLI command runs inside the memory budget (--mem-budget, 1 GiB by
# default) and either finishes at once or refuses at once with one line
# saying why and what it would need -- the reproductions of issue 10 ("One
# view", item 4) and issue 16 that ran 43-76 s at 4.2 GB with no output.
# No timing is asserted: a regression shows as a hang (test timeout) or as
# an allocation failure under the ulimit -v below.
. "$top_srcdir/tests/tap.sh"
[ -x "$DISPERSE" ] || skip_all "no disperse binary"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# refuse STATUS PATTERN ARGS...: exit STATUS, nothing on stdout, exactly one
# stderr line that starts with "disperse CMD:" and matches PATTERN.
refuse() {
	want=$1 pat=$2
	shift 2
	"$DISPERSE" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	rc=$?
	lines=$(wc -l <"$tmp/err")
	[ "$rc" -eq "$want" ] && [ "$lines" -eq 1 ] && [ ! -s "$tmp/out" ] &&
	    grep -q "^disperse $1: .*$pat" "$tmp/err"
	ok $? "refused with exit $want, one line /$pat/: $*"
	[ "$rc" -eq "$want" ] && [ "$lines" -eq 1 ] || diag "rc=$rc lines=$lines: $(cat "$tmp/err")"
}

# Reduced precision past the item-by-item limit: refused at once (it used to
# rebuild every curve point item by item up to 2^27: 43 s, 4.2 GB, exit 1
# and nothing printed).
refuse 1 "float16 rounds item by item: n = 1099511627776 exceeds the explicit limit 65536 (uniform" \
    sweep --family uniform --precision float16
refuse 1 "float16 rounds item by item: .*(gaussian has only its double large-n route there)" \
    sweep --family gaussian --precision float16
# ... and within the limit the same sweep finishes.
"$DISPERSE" sweep --family uniform --precision float16 --to 2^16 --points 5 \
    --format csv >"$tmp/out" 2>"$tmp/err"
[ $? -eq 0 ] && [ "$(grep -c '^[0-9]' "$tmp/out")" -eq 5 ]
ok $? "float16 sweep up to 2^16 (the route policy's size): 5 rows, exit 0"

# The budget names what a computation would need.  Power series with
# lambda = 0.9999999: the terms fall below 2^-60 only after
# ln(2^-60 / 4) / ln(0.9999999) = 4.3e8 > 2^26 terms, so n = 2^26 keeps all
# 2^26 as runs of logits and of weights, 2^26 * 2 * 16 B, and selective
# attention's scratch, 48 B a term: 5 GiB.  Selective with theta < 0: the
# far items weigh most, so no head stands for the row (tests/cli/
# test-ordered.sh; stick-breaking at lambda = -0.9999999 asked 2 GiB here
# and now takes its first 2^16 terms).  The softmax-type functions,
# softmax_1 and sigmoid sum such a series in closed form (issue 26,
# tests/core/test-powerclosed), with no runs to count.
refuse 1 "the power series to n = 67108864 needs 5 GiB, over the memory budget of 1 GiB" \
    report --attn selective --theta -1 --lambda 0.9999999 --n 2^26
"$DISPERSE" report --lambda -0.9999999 --n 2^63 --mem-budget 16Mi --format csv >"$tmp/out" 2>"$tmp/err"
[ $? -eq 0 ] && grep -q '^method,analytic' "$tmp/out"
ok $? "softmax: report --lambda -0.9999999 --n 2^63 in closed form within --mem-budget 16Mi"
# 2^27 power-series logits with lambda > 1 (no runs, no limit) item by
# item: 2^27 * 8 B = 1 GiB.  (Uniform at 2^27 is the expected limit under
# the one route policy: nothing to refuse.  Softmax refuses at once: 1.5^(2^27)
# overflows a double.)
refuse 1 "power at n = 134217728 item by item needs 1 GiB, over the memory budget of 512 MiB" \
    report --attn sigmoid --lambda 1.5 --n 2^27 --mem-budget 512Mi
refuse 1 "overflows a double" report --lambda 1.5 --n 2^27 --mem-budget 512Mi
refuse 2 "mem-budget" report --mem-budget lots
# A budget too small for the first run vector: the budget's line, not a
# bare "out of memory" (the vector's NULL became its caller's own failure).
refuse 1 "a run vector needs .*, over the memory budget of 1 B" report -n 16 --mem-budget 1
refuse 2 "mem-budget" report --mem-budget -1
# A larger budget lets the same computation run (n = 2^20: 80 MiB of runs
# and scratch).
"$DISPERSE" report --attn selective --theta -1 --lambda 0.9999999 --n 2^20 --mem-budget 128Mi >/dev/null 2>&1
ok $? "report --attn selective --theta -1 --lambda 0.9999999 --n 2^20 fits in --mem-budget 128Mi"
refuse 1 "over the memory budget of 16 MiB" report --attn selective --theta -1 --lambda 0.9999999 --n 2^20 --mem-budget 16Mi

# lambda = -1 alternates delta, -delta: ceil(n/2) logits 4 and floor(n/2)
# logits -4, so with a = e^4/Z, b = e^-4/Z, Z = n/2 (e^4 + e^-4):
# H = -(n/2)(a ln a + b ln b).  mpmath (30 digits) at n = 2^40:
# H = 27.0357582492544946609, a = 1.81837940521206023167e-12,
# b = 6.09998333796244158072e-16.  It used to build one run per item.
"$DISPERSE" report --lambda -1 --n 2^40 --format csv >"$tmp/out" 2>"$tmp/err"
ok $? "report --lambda -1 --n 2^40: exit 0"
v() { awk -F, -v f="$1" '$1 == f { print $2 }' "$tmp/out"; }
close() { awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= 1e-9 * (b < 0 ? -b : b)) }'; }
close "$(v entropy_nats)" 27.0357582492544946609; ok $? "lambda = -1, n = 2^40: H = 27.03575825 ($(v entropy_nats))"
close "$(v max_weight)" 1.81837940521206023167e-12; ok $? "max weight e^4/Z = 1.8183794e-12"
close "$(v min_weight)" 6.09998333796244158072e-16; ok $? "min weight e^-4/Z = 6.0999833e-16"

# The whole curve to 2^40 (it used to take 76 s at 4.2 GB for the snapshot).
"$DISPERSE" sweep --lambda -1 --format csv >"$tmp/out" 2>"$tmp/err"
ok $? "sweep --lambda -1 to 2^40: exit 0"
tail -1 "$tmp/out" | awk -F, '{ exit !($1 == 1099511627776) }'
ok $? "the sweep reaches n = 2^40"
"$DISPERSE" snapshot --lambda -1 --n 16 -o "$tmp/snap" >"$tmp/paths" 2>"$tmp/err"
ok $? "snapshot --lambda -1 --n 16: exit 0"
last=$(grep '^[0-9]' "$(grep -- '-curve.csv$' "$tmp/paths")" | tail -1)
[ "${last%%,*}" = 1099511627776 ] && close "$(echo "$last" | cut -d, -f2)" 27.0357582492544946609
ok $? "its curve reaches n = 2^40 with H = 27.0357582492545 (closed form above)"

# Under an address-space limit a little above the budget's worth the same
# commands still finish or refuse with their one line (before: killed or
# "out of memory" after tens of seconds).
# (Not under ASan, whose shadow memory needs terabytes of address space.)
if [ -z "${DSP_SANITIZERS:-}" ] && (ulimit -v 1572864) 2>/dev/null; then
	(ulimit -v 1572864; "$DISPERSE" sweep --family gaussian --precision float16 \
	    >"$tmp/out" 2>"$tmp/err")
	[ $? -eq 1 ] && grep -q "has only its double large-n route there" "$tmp/err"
	ok $? "ulimit -v 1.5 GiB: float16 gaussian sweep refuses with its reason"
	(ulimit -v 1572864; "$DISPERSE" snapshot --lambda -1 --n 16 -o "$tmp/snap2" \
	    >/dev/null 2>"$tmp/err")
	ok $? "ulimit -v 1.5 GiB: snapshot --lambda -1 --n 16 finishes"
	(ulimit -v 1572864; "$DISPERSE" report --attn selective --theta -1 --lambda 0.9999999 --n 2^25 \
	    >/dev/null 2>"$tmp/err")
	[ $? -eq 1 ] && grep -q "over the memory budget of 1 GiB" "$tmp/err"
	ok $? "ulimit -v 1.5 GiB: the budget refuses before the address space runs out"
fi
tap_done
