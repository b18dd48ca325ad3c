#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# theta = 0 over the power series near |lambda| = 1 past 2^27 items
# (issue 26): for the functions whose theta -> 0 limit sees only the argmax
# and the logits' signs (attn.c's DSP_ATTN_F_SIGN_LIMIT), the tail merges
# by sign at any length (src/core/schema/family.c, power_runs_argmax), in
# milliseconds where more than 2^22 distinct terms were refused.  Checked
# against the same function at lambda = +-0.999, where the runs form keeps
# every term above its cut: at theta = 0 the weights do not depend on
# lambda in (0, 1) (or (-1, 0)), so every weight figure must agree; the
# logit range against its closed form delta (1 - lambda^(n-1)) (lambda > 0)
# or delta (1 - lambda) (lambda < 0).  Linear attention (its limit is
# proportional to the logit) and selective stay refused in one line.
. "$top_srcdir/tests/tap.sh"
[ -x "$DISPERSE" ] || skip_all "no disperse binary"
command -v jq >/dev/null 2>&1 || skip_all "jq not found"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. "$top_srcdir/tests/cli/near-one-lib.sh"

# figs ATTN LAMBDA N: the weight figures of report's JSON, one line.
figs() {
	"$DISPERSE" report --attn "$1" --theta 0 --delta 4 --lambda "$2" --n "$3" \
	    --mem-budget 64Mi --format json 2>"$tmp/err" |
	    jq -r '[.rows[] | select(.quantity == "entropy_nats" or .quantity == "entropy_paper" or
		.quantity == "max_weight" or .quantity == "min_weight" or .quantity == "total" or
		.quantity == "topk_mass") | .value] | join(" ")'
}
# same A B: two lines of figures equal to 1e-13 each.
same() {
	printf '%s\n%s\n' "$1" "$2" | awk 'NR == 1 { n = split($0, a, " ") } NR == 2 { m = split($0, b, " ") }
	    END { if (n != m || n < 6) exit 1
		for (i = 1; i <= n; i++) { d = a[i] - b[i]; if (d < 0) d = -d
		    s = b[i] < 0 ? -b[i] : b[i]; if (d > 1e-13 * s) exit 1 } }'
}

for attn in softmax sparsemax entmax sigmoid softmax1; do
	for sign in "" -; do
		for n in 2^28 2^40 2^63; do
			ref=$(figs "$attn" "${sign}0.999" "$n")
			got=$(figs "$attn" "${sign}0.9999999" "$n")
			ok $? "$attn, theta 0, lambda ${sign}0.9999999, n $n: answered ($(cat "$tmp/err"))"
			same "$got" "$ref"
			ok $? "$attn, lambda ${sign}0.9999999, n $n: the weight figures of lambda ${sign}0.999 ($got | $ref)"
		done
	done
done

# The logit range, exact: lambda > 0 its last term from exp, lambda < 0 the
# first two terms (closed forms, awk's exp and log).
for case in "0.9999999 268435456" "0.9999999 1099511627776" "-0.9999999 1099511627776"; do
	set -- $case
	got=$("$DISPERSE" report --attn softmax --theta 0 --delta 4 --lambda "$1" --n "$2" \
	    --format json | jq -r '.rows[] | select(.quantity == "spread") | .value')
	awk -v g="$got" -v l="$1" -v n="$2" 'BEGIN {
	    want = l > 0 ? 4 * (1 - exp((n - 1) * log(l))) : 4 * (1 - l)
	    d = g - want; if (d < 0) d = -d; exit !(d <= 1e-14 * want) }'
	ok $? "spread at lambda $1, n $2: $got = delta (1 - lambda^(n-1)) or delta (1 - lambda)"
done

# Value-dependent limits: still refused at once, in one line.
for attn in linear selective; do
	refused "$attn, theta 0, lambda 0.9999999" "more than 2^22 distinct terms" \
	    --attn "$attn" --theta 0 --lambda 0.9999999 --n 2^40
done
tap_done
