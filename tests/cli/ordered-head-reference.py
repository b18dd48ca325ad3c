#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Stick-breaking and selective attention over the power series near
|lambda| = 1 at large n, by mpmath (40 digits), item by item.

Made once, committed as tests/data/ordered-head-reference.tsv, and checked by
tests/cli/test-ordered.sh (issue 26: the power series' head in position
order, src/core/math/eval.c, ordered_head).  Regenerate with:

    python3 tests/cli/ordered-head-reference.py > tests/data/ordered-head-reference.tsv

(about a minute on one core).  The logits are e_k = delta lambda^k, k = 0 ..
n-1 (item 0 nearest the query), lambda the double nearest the decimal
(mpf(float): the program's lambda), x = e / theta.

Stick-breaking: a_i = beta_i prod_{k<i} (1 - beta_k), beta = sigma(x),
summed until the stick left, prod (1 - beta_k), is below 2^-1080: every
later weight is smaller, and rounds to 0 in double.
Selective (disperse's reconstruction, src/core/math/attn_selective.c): the
softmax of l_j = x_j - sum_{k<j} relu(x_k - x_j).  Here with delta/theta > 0
the nearer items of one sign are the larger (lambda > 0: all of them;
lambda < 0: the even terms are positive and fall, the odd ones negative and
rise towards 0, so an item is masked by exactly the nearer even terms): the
sum is in closed form, checked against the definition on the first 400
items, and each parity's l falls, so the sums stop when both are 760 under
l_0.  Which items the program's cut keeps, and that its tail weighs 0, is
not used here: these are the whole rows.

Columns: attn, delta, theta, lambda (repr of the double), n, then entropy
(nats, of the row normalised by its total), max_weight, min_weight,
entropy_paper (-sum w log(w + 1e-9)), total and zero_weights (items whose
weight is below 2^-1075, which rounds to 0 in double).
"""
import mpmath as mp

mp.mp.dps = 40
EPS_PAPER = mp.mpf("1e-9")
TINY = mp.mpf(2) ** -1075
LOG_TINY = mp.log(TINY)

CASES = []
for lam in (0.9999999, -0.9999999, 0.99999):
    for n in (2 ** 28, 2 ** 40, 2 ** 63):
        CASES.append(("stickbreak", 4, 1, lam, n))
CASES.append(("stickbreak", 4, -1, 0.9999999, 2 ** 40))
CASES.append(("stickbreak", 0.5, 1, 0.9999999, 2 ** 50))
for lam in (0.9999999, -0.9999999, 0.99999):
    for n in (2 ** 28, 2 ** 63):
        CASES.append(("selective", 4, 1, lam, n))
CASES.append(("selective", 2, 1, 0.9999999, 2 ** 40))


def softplus(x):
    return mp.log1p(mp.exp(x)) if x < 0 else x + mp.log1p(mp.exp(-x))


def stickbreak(delta, theta, lam, n):
    """Weights a_0, a_1, ... until the stick left is below 2^-1080."""
    lam = mp.mpf(lam)
    x = mp.mpf(delta) / theta
    left = mp.mpf(0)		# log of the stick left
    out = []
    while len(out) < n and left > LOG_TINY - 4:
        out.append(mp.exp(left - softplus(-x)))
        left -= softplus(x)
        x *= lam
    return out


def selective_logs(delta, theta, lam, n, count):
    lam = mp.mpf(lam)
    xs = []
    x = mp.mpf(delta) / theta
    for _ in range(count):
        xs.append(x)
        x *= lam
    # msum, mcount: the nearer items that mask the ones after them (all of
    # them for lambda > 0; the even terms for lambda < 0).
    ls = []
    msum, mcount = mp.mpf(0), 0
    for j, xj in enumerate(xs):
        ls.append(xj - (msum - mcount * xj))
        if lam > 0 or j % 2 == 0:
            msum += xj
            mcount += 1
    return xs, ls


def selective(delta, theta, lam, n):
    count = 64
    while True:
        count = min(count * 2, n)
        xs, ls = selective_logs(delta, theta, lam, n, count)
        low = [ls[j] - ls[0] < -760 for j in (count - 2, count - 1)]
        if all(low) or count == n:
            break
    # The closed form of the masks against the definition.
    for j in range(min(400, count)):
        f = sum(max(xs[k] - xs[j], 0) for k in range(j))
        assert abs((xs[j] - f) - ls[j]) < mp.mpf(10) ** -25 * (1 + abs(ls[j])), j
    for j in range(2, count):
        assert ls[j] < ls[j - 2], j	# each parity falls: the rest is lower
    top = max(ls)
    z = mp.fsum(mp.exp(l - top) for l in ls)
    return [mp.exp(l - top) / z for l in ls]


def figures(w, n):
    total = mp.fsum(w)
    h = -mp.fsum(a / total * mp.log(a / total) for a in w if a > 0)
    paper = -mp.fsum(a * mp.log(a + EPS_PAPER) for a in w)
    kept = sum(1 for a in w if a >= TINY)
    zeros = n - kept
    small = min(w) if zeros == 0 else mp.mpf(0)
    return h, max(w), small, paper, total, zeros


def main():
    print("attn\tdelta\ttheta\tlambda\tn\tentropy\tmax_weight\tmin_weight"
          "\tentropy_paper\ttotal\tzero_weights")
    for attn, delta, theta, lam, n in CASES:
        w = (stickbreak if attn == "stickbreak" else selective)(delta, theta, lam, n)
        h, mx, mn, paper, total, zeros = figures(w, n)
        print("\t".join([attn, str(delta), str(theta), repr(lam), str(n)] +
                        [mp.nstr(v, 17, min_fixed=-1, max_fixed=1) for v in (h, mx, mn, paper, total)] +
                        [str(zeros)]))


main()
