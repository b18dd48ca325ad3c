#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reference figures of attention functions other than softmax over iid
random logits, from numpy draws (issue 23: every unordered attention
function on the typical-configuration route).

Made once, committed as tests/data/attn-draws-reference.tsv, and checked by
tests/core/test-draws.  Regenerate with:

    python3 tests/core/attn-draws-reference.py > tests/data/attn-draws-reference.tsv

For gaussian N(0, r) and uniform U[0, r] logits (theta = 1: x = e), sizes
n = 2^16 + 1 and 2^18, SEEDS draws (numpy PCG64, seed 1000 * seed + 29):
  sparsemax  p = [x - tau]_+, sum 1 (sort and cumulative sum);
  entmax     alpha = 1.5: p = [x/2 - tau]_+^2, sum 1 (tau by bisection to
             the double's resolution, then p normalised);
  sigmoid    w = 1 / (1 + e^{-(x - log n)}), not normalised;
  linear     phi(x) = elu(x) + 1, p = phi / sum phi.
Figures: H of the row normalised to sum 1 (nats; 0 log 0 = 0), the largest
weight (sigmoid: unnormalised, as disperse reports it) and the top-10 mass
(of the weights as reported).  Columns as draws-reference.tsv plus attn.
"""
import numpy as np

SEEDS = 32
SIZES = (2**16 + 1, 2**18)
CASES = {"gaussian": (1, 4), "uniform": (4, 30)}
ATTNS = ("sparsemax", "entmax", "sigmoid", "linear")


def weights(attn, x, n):
    if attn == "sparsemax":
        z = np.sort(x)[::-1]
        c = np.cumsum(z)
        k = np.arange(1, len(z) + 1)
        kmax = k[1 + k * z > c][-1]
        tau = (c[kmax - 1] - 1) / kmax
        return np.maximum(x - tau, 0)
    if attn == "entmax":
        z = x / 2
        lo, hi = z.max() - 1, z.max()
        for _ in range(200):
            mid = (lo + hi) / 2
            if (np.maximum(z - mid, 0) ** 2).sum() >= 1:
                lo = mid
            else:
                hi = mid
            if hi - lo <= 4e-16 * max(abs(lo), 1):
                break
        p = np.maximum(z - lo, 0) ** 2
        return p / p.sum()
    if attn == "sigmoid":
        return 1 / (1 + np.exp(-(x - np.log(n))))
    phi = np.where(x > 0, x + 1, np.exp(np.minimum(x, 0)))
    return phi / phi.sum()


def figures(w):
    p = w / w.sum()
    q = p[p > 0]
    top = np.sort(w)[::-1]
    return {
        "entropy": float(-(q * np.log(q)).sum()),
        "max_weight": float(w.max()),
        "topk_10": float(top[:10].sum()),
    }


def main():
    print("# numpy %s draws, %d seeds: tests/core/attn-draws-reference.py" % (np.__version__, SEEDS))
    print("family\tn\tratio\tattn\tfigure\tk\tmean\tsd\tp05\tp95")
    for fam, ratios in CASES.items():
        for n in SIZES:
            for r in ratios:
                rows = {}
                for s in range(SEEDS):
                    g = np.random.Generator(np.random.PCG64(1000 * s + 29))
                    x = g.standard_normal(n) * r if fam == "gaussian" else g.random(n) * r
                    for attn in ATTNS:
                        for key, v in figures(weights(attn, x, n)).items():
                            rows.setdefault((attn, key), []).append(v)
                for (attn, key), vs in rows.items():
                    a = np.array(vs)
                    k = key[5:] if key.startswith("topk_") else "0"
                    fig = "topk_mass" if key.startswith("topk_") else key
                    print("%s\t%d\t%.17g\t%s\t%s\t%s\t%.17g\t%.17g\t%.17g\t%.17g" % (
                        fam, n, r, attn, fig, k, a.mean(), a.std(ddof=1),
                        np.quantile(a, 0.05), np.quantile(a, 0.95)))


if __name__ == "__main__":
    main()
