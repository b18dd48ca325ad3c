#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Exact extreme weights of the spike family at large n, by mpmath (50 digits).

Made once, committed as tests/data/band-reference.tsv, and checked by
tests/core/test-band (issue 23: the band check's rounding allowance,
dsp_band_tol in src/core/math/bounds.h).  Regenerate with:

    python3 tests/core/band-reference.py > tests/data/band-reference.tsv

The spike row is one logit delta and n - 1 zeros; softmax at temperature
theta_eff (theta, theta / log n under log-n scaling, theta / (s log n)
under SSMax, s = 1).  It attains Lemma 2.1's tight band: for theta > 0 its
largest weight is the upper edge 1 / (1 + (n - 1) e^{-r}), for theta < 0
its smallest weight is the lower edge 1 / (1 + (n - 1) e^{r}),
r = delta / |theta_eff|.  Columns: attention, log2 n, delta, theta, which
extreme (max or min), its exact value.
"""
import mpmath as mp

mp.mp.dps = 50
CASES = [("softmax", k, d, 1) for d in (4, 16) for k in (20, 40, 51, 55, 59, 60)]
CASES += [(a, k, 4, th) for a in ("ssmax", "logn") for k in (20, 40, 60) for th in (-1, 1)]


def main():
    print("# mpmath %s, 50 digits: tests/core/band-reference.py" % mp.__version__)
    print("attn\tlog2n\tdelta\ttheta\textreme\tvalue")
    for attn, k, d, th in CASES:
        n = mp.mpf(2) ** k
        th_eff = mp.mpf(th) if attn == "softmax" else mp.mpf(th) / mp.log(n)
        r = mp.mpf(d) / abs(th_eff)
        if th > 0:
            v, which = 1 / (1 + (n - 1) * mp.exp(-r)), "max"
        else:
            v, which = 1 / (1 + (n - 1) * mp.exp(r)), "min"
        print("%s\t%d\t%d\t%d\t%s\t%s" % (attn, k, d, th, which, mp.nstr(v, 25)))


if __name__ == "__main__":
    main()
