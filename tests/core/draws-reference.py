#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reference figures of softmax over iid random logits, from numpy draws.

Made once, committed as tests/data/draws-reference.tsv, and checked by
tests/core/test-draws (the large-n route's typical configuration, issue 23).
Regenerate with:

    python3 tests/core/draws-reference.py > tests/data/draws-reference.tsv

For each family (gaussian N(0, sigma), uniform U[0, delta], empirical: n
draws with replacement from the row r * i / (M - 1), i = 0 .. M - 1,
M = EMPIRICAL_M, the values tests/core/test-draws builds in C with the same
double operations), size n and ratio r = scale/theta (theta = 1: logits
scaled by r), SEEDS independent draws (numpy PCG64, seed = 1000 * seed + index, so independent of disperse's
own GSL stream); each row gives one figure's mean, sample standard
deviation, and 5 % and 95 % quantiles over the draws.  Figures: H (nats),
paper entropy -sum p log(p + 1e-9), max weight, log10 of the min weight,
and the top-k mass for k = 1, 2, 10, 1000 and n - 10.

Weights in float64 with the max shift; H from log-weights (no 0 log 0).
"""
import sys

import numpy as np

SEEDS = 40
SIZES = (2**16 + 1, 2**18, 2**20)
RATIOS = {
    # sigma/theta: freezing near sqrt(2 ln n) ~ 4.7-5.3 for these n
    "gaussian": (0.25, 1, 3, 4, 6, 10, 30),
    # delta/theta: the top items dominate once delta/theta ~ n
    "uniform": (0.25, 4, 30, 1000, 100000, 1400000),
    # a row of M distinct values, M comparable to n: the top few draws
    # dominate once r/theta ~ M (the expected limit left the simplex there)
    "empirical": (4, 1000, 100000, 1400000),
}
EMPIRICAL_M = 2**18
KS = (1, 2, 10, 1000)


def figures(x, n):
    m = x.max()
    lw = x - m
    lz = np.log(np.exp(lw).sum())
    lp = lw - lz
    p = np.exp(lp)
    out = {
        "entropy": float(-(p * lp).sum()),
        "entropy_paper": float(-(p * np.log(p + 1e-9)).sum()),
        "max_weight": float(p.max()),
        "log10_min_weight": float(lp.min() / np.log(10)),
    }
    srt = np.sort(p)[::-1]
    cum = np.cumsum(srt)
    for k in KS + (n - 10,):
        out["topk_%d" % k] = float(min(cum[k - 1], 1.0))
    return out


def main():
    w = sys.stdout.write
    w("# numpy %s draws, %d seeds: tests/core/draws-reference.py\n" % (np.__version__, SEEDS))
    w("family\tn\tratio\tfigure\tk\tmean\tsd\tp05\tp95\n")
    for fam, ratios in RATIOS.items():
        for n in SIZES:
            for r in ratios:
                rows = {}
                for s in range(SEEDS):
                    g = np.random.Generator(np.random.PCG64(1000 * s + 17))
                    if fam == "gaussian":
                        x = g.standard_normal(n) * r
                    elif fam == "uniform":
                        x = g.random(n) * r
                    else:
                        row = r * np.arange(EMPIRICAL_M, dtype=float) / (EMPIRICAL_M - 1)
                        x = row[g.integers(0, EMPIRICAL_M, n)]
                    for key, v in figures(x, n).items():
                        rows.setdefault(key, []).append(v)
                for key, vs in rows.items():
                    a = np.array(vs)
                    k = key[5:] if key.startswith("topk_") else "0"
                    fig = "topk_mass" if key.startswith("topk_") else key
                    w("%s\t%d\t%.17g\t%s\t%s\t%.17g\t%.17g\t%.17g\t%.17g\n" % (
                        fam, n, r, fig, k, a.mean(), a.std(ddof=1),
                        np.quantile(a, 0.05), np.quantile(a, 0.95)))


if __name__ == "__main__":
    main()
