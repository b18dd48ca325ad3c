#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Sparsemax and 1.5-entmax over the alternating power series near
lambda = -1 at large n, by mpmath (30 digits), from the exact thresholds.

Made once, committed as tests/data/support-reference.tsv, and checked by
tests/cli/test-support.sh (issue 26: the support among the series' first
terms, src/core/math/eval_support.c).  Regenerate with:

    python3 tests/cli/support-reference.py > tests/data/support-reference.tsv

(about half a minute on one core).  The logits are e_k = delta lambda^k,
k = 0 .. n-1, lambda the double nearest the decimal (mpf(float): the
program's lambda), x = e / theta.  |e| falls along each parity, so the
largest x are among the first terms whatever the signs: the first COUNT
terms are sorted, and the support found in them is checked to end before
the smallest x of the first COUNT (every later term lies between the
terms COUNT - 2 and COUNT - 1, so below the threshold too).

Sparsemax: tau = (sum_{i<=k} x_(i) - 1) / k for the largest k with
1 + k x_(k) > sum_{i<=k} x_(i); p = max(x - tau, 0).
1.5-entmax (Peters, Niculae and Martins 2019, the exact sort-based form):
a = x / 2, tau solves sum (a_i - tau)^2 = 1 over its support, the largest
k with a real root below a_(k); p = max(a - tau, 0)^2.

Columns: attn, alpha, delta, theta, lambda (repr of the double), n, then
entropy (nats), max_weight, entropy_paper (-sum p log(p + 1e-9)), support
(items of weight > 0; the program's zero count is n minus it).
"""
import mpmath as mp

mp.mp.dps = 30
EPS_PAPER = mp.mpf("1e-9")

CASES = []
for lam in (-0.9999999, -0.99999995):
    for n in (2 ** 28, 2 ** 63):
        CASES.append(("sparsemax", 2, 1, 1, lam, n))
        CASES.append(("entmax", 1.5, 1, 1, lam, n))
CASES.append(("sparsemax", 2, 4, 0.5, -0.9999999, 2 ** 40))
CASES.append(("entmax", 1.5, 1, -1, -0.9999999, 2 ** 40))
CASES.append(("sparsemax", 2, 1, -1, -0.9999999, 2 ** 40))
CASES.append(("entmax", 1.5, 2, 1, -0.9999999, 2 ** 50))


def head(delta, theta, lam, count):
    x, out = mp.mpf(delta) / theta, []
    lam = mp.mpf(lam)
    for _ in range(count):
        out.append(x)
        x *= lam
    return out


def sparsemax(xs):
    s = sorted(xs, reverse=True)
    total, k, tau = mp.mpf(0), 0, None
    for i, v in enumerate(s, 1):
        total += v
        if 1 + i * v > total:
            k, tau = i, (total - 1) / i
    return [max(v - tau, 0) for v in xs], tau, k


def entmax15(xs):
    a = sorted((v / 2 for v in xs), reverse=True)
    s1 = s2 = mp.mpf(0)
    tau = None
    for i, v in enumerate(a, 1):
        s1 += v
        s2 += v * v
        disc = s1 * s1 - i * (s2 - 1)
        if disc < 0:
            break
        t = (s1 - mp.sqrt(disc)) / i
        if t < v:
            tau = t
    return [max(v / 2 - tau, 0) ** 2 for v in xs], tau, None


def case(attn, delta, theta, lam, n):
    count = 1 << 12
    while True:
        xs = head(delta, theta, lam, min(count, n))
        p, tau, _ = (sparsemax if attn == "sparsemax" else entmax15)(xs)
        edge = tau if attn == "sparsemax" else 2 * tau
        # The last two terms bound every later one: both below the edge.
        if count >= n or (xs[-1] <= edge and xs[-2] <= edge):
            return p
        count *= 4


def main():
    print("attn\talpha\tdelta\ttheta\tlambda\tn\tentropy\tmax_weight\tentropy_paper\tsupport")
    for attn, alpha, delta, theta, lam, n in CASES:
        p = case(attn, delta, theta, lam, n)
        total = mp.fsum(p)
        assert abs(total - 1) < mp.mpf(10) ** -20, total
        h = -mp.fsum(v * mp.log(v) for v in p if v > 0)
        paper = -mp.fsum(v * mp.log(v + EPS_PAPER) for v in p)
        support = sum(1 for v in p if v > 0)
        print("\t".join([attn, str(alpha), str(delta), str(theta), repr(lam), str(n)] +
                        [mp.nstr(v, 17, min_fixed=-1, max_fixed=1) for v in (h, max(p), paper)] +
                        [str(support)]))


main()
