#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Figures of the power series near |lambda| = 1 at large n, by mpmath (40 digits).

Made once, committed as tests/data/power-closed-reference.tsv, and checked by
tests/core/test-powerclosed (issue 26: dsp_eval's closed route for the power
series, src/core/math/eval_power.c and geosum.c).  Regenerate with:

    python3 tests/core/power-closed-reference.py > tests/data/power-closed-reference.tsv

(about three minutes on one core; an attention name as argument prints only
its rows, no header: the sigmoid rows were added that way).  The logits are e_k = delta lambda^k, k = 0 .. n-1, with
lambda the double nearest the decimal (mpf(float): the program's lambda);
softmax at theta_eff (theta; theta / log n under log-n scaling; theta /
(s log n) under SSMax, s = 1) and softmax_1 (e^{x_i} / (1 + sum e^{x_j}),
x = e / theta).

Independent of the program's method (head term by term, Gregory's
differences, Gauss-Legendre pieces): here each geometric run's sum is
  - at n = 2^17: every term added (brute force, method "direct");
  - else the terms added one by one while they change by more than 0.05 a
    step (skipping those below e^-1000 of the largest), and the rest by
    mpmath's Euler-Maclaurin summation (mp.sumem, derivatives by numerical
    differentiation) around the integral in closed form: with y = v / t,
    c = pivot / t and dj = dy / (y log r),
        int e^{y-c} dj        = e^{-c} (Ei(y_A) - Ei(y_B)) / |log r|
        int (y-c) e^{y-c} dj  = e^{-c} (e^{y_A} - e^{y_B} - c (Ei(y_A) - Ei(y_B))) / |log r|
    and for the paper's -w log(w + 1e-9) by mp.quad in log|y| (method
    "em-ei").
Sigmoid attention (sigma(v / theta - log n) per item, rows not normalised:
the entropy is the row's normalised by its total) and linear attention
(phi(v / theta) / sum phi, phi = elu + 1) have no closed-form integral:
their sums are mp.sumem around an mp.quad integral in log|v| (method
"em-quad"), the cases chosen with no steep head.
Columns: attn (softmax, ssmax, logn, softmax1, sigmoid, linear, or adaptive: softmax with the
paper's adaptive temperature, beta from the paper entropy at theta), delta,
theta, lambda (repr of the double), n, topk, method, then entropy,
max_weight, min_weight, entropy_paper, topk_mass, total and zero_weights
(items whose weight rounds to 0 in double: x - log D <= log 2^-1075).
"""
import sys

import mpmath as mp

mp.mp.dps = 40
EPS_PAPER = mp.mpf("1e-9")
STEP = mp.mpf("0.05")
NEG = -1000

CASES = []
for lam in (0.9999999, 0.99999, 0.999, -0.99999, -0.9999999):
    for n in (2 ** 17, 2 ** 24, 2 ** 40, 2 ** 60, 2 ** 63):
        CASES.append(("softmax", 4, 1, lam, n, 1))
for n in (2 ** 17, 2 ** 26, 2 ** 32):
    CASES.append(("softmax", 4, 1, 1.0000001, n, 1))
for n in (2 ** 17, 2 ** 26):
    CASES.append(("softmax", 4, -0.5, -1.0000001, n, 1000))
    CASES.append(("softmax", 4, 1, 1.00001, n // 16, 1))
for lam, n in ((0.9999999, 2 ** 40), (0.99999, 2 ** 20), (1.0000001, 2 ** 30),
               (-0.99999, 2 ** 50), (1.00001, 2 ** 22)):
    CASES.append(("softmax", 4, -0.5, lam, n, 1000))
    CASES.append(("softmax", 0.5, 0.05, lam, n, 7))
    CASES.append(("softmax", 1000, 2, lam, n, 1))
    CASES.append(("ssmax", 4, 1, lam, n, 1))
    CASES.append(("logn", 4, -1, lam, n, 1))
    CASES.append(("softmax1", 4, 1, lam, n, 1))
    CASES.append(("softmax1", 0.5, 0.5, lam, n, 10))
    CASES.append(("adaptive", 4, 1, lam, n, 1))
# Sigmoid attention, sigma(v / theta - log n) per item, the row not
# normalised (logits under, across and over log n), and linear attention,
# phi(v / theta) / sum phi with phi = elu + 1 (x + 1 for x > 0, e^x
# otherwise): method "em-quad", below.
for attn in ("sigmoid", "linear"):
    for lam in (0.9999999, 0.99999, -0.99999):
        for n in (2 ** 24, 2 ** 40, 2 ** 63):
            CASES.append((attn, 4, 1, lam, n, 1))
    for lam, n in ((0.9999999, 2 ** 40), (0.99999, 2 ** 30)):
        CASES.append((attn, 4, -0.5, lam, n, 10))
        CASES.append((attn, 30, 1, lam, n, 10))


def runs(delta, lam, n):
    """(a, r, m): the series as geometric runs, |v| falling along each."""
    d = mp.mpf(delta)
    l = mp.mpf(lam)
    if l > 0:
        if l < 1:
            return [(d, l, n)]
        return [(d * l ** (n - 1), 1 / l, n)]
    ce, co = (n + 1) // 2, n // 2
    out = []
    if abs(l) < 1:
        out.append((d, l * l, ce))
        if co:
            out.append((d * l, l * l, co))
    else:
        out.append((d * l ** (2 * (ce - 1)), 1 / (l * l), ce))
        if co:
            out.append((d * l ** (2 * co - 1), 1 / (l * l), co))
    return out


def direct(a, r, j0, j1, F):
    s = mp.mpf(0)
    v = a * r ** j0
    for _ in range(j0, j1):
        s += F(v)
        v *= r
    return s


def run_sum(a, r, m, t, c, F, kind, lz, j0=0, j1=None):
    """sum_{j0 <= j < j1} F(a r^j); kind names F for its integral."""
    if j1 is None:
        j1 = m
    if j1 <= j0:
        return mp.mpf(0)
    if m <= 2 ** 17:
        return direct(a, r, j0, j1, F)
    L = mp.log(r)
    y0 = a / t
    x = lambda j: y0 * r ** j - c
    j = j0
    s = mp.mpf(0)
    if y0 > 0:          # x falls with j: stop once negligible
        pass
    else:               # x rises: start where it reaches NEG
        if -c < NEG:
            return s
        js = mp.log((NEG + c) / y0) / L if NEG + c < 0 else mp.inf
        if js > j0 + 2:
            j = min(j1, int(mp.floor(js)) - 2)
    # steep head: |y L| > STEP
    jd = (mp.log(STEP / abs(L)) - mp.log(abs(y0))) / L
    J = max(j, min(j1, int(mp.ceil(jd)) if jd > 0 else 0))
    while j < J:
        xv = x(j)
        if y0 > 0 and xv < NEG:
            return s
        s += F(a * r ** j)
        j += 1
    if j1 - j < 200:
        return s + direct(a, r, j, j1, F)
    A, B = j, j1 - 1
    yA, yB = y0 * r ** A, y0 * r ** B
    if kind == "exp":
        I = mp.exp(-c) * (mp.ei(yA) - mp.ei(yB)) / abs(L)
    elif kind == "xexp":
        I = mp.exp(-c) * (mp.exp(yA) - mp.exp(yB) - c * (mp.ei(yA) - mp.ei(yB))) / abs(L)
    else:
        sg = 1 if y0 > 0 else -1
        g = lambda u: F_paper(sg * mp.exp(u) - c, lz)
        sA, sB = mp.log(abs(yA)), mp.log(abs(yB))
        lo = max(sB, mp.mpf(-90))
        pts = [lo + (sA - lo) * k / 64 for k in range(65)]
        I = mp.quad(g, pts) / abs(L)
        if sB < lo:
            I += (lo - sB) * g(mp.mpf(-200)) / abs(L)
    f = lambda jj: F(a * r ** jj)
    return s + mp.sumem(f, [A, B], integral=I)


def F_paper(xv, lz):
    w = mp.exp(xv - lz)
    return -w * mp.log(w + EPS_PAPER)


POLY = [mp.mpf(c) for c in ("-0.037", "0.481", "-2.3", "4.917", "-1.791")]
# exp(z) rounds to 0 in double (round to nearest) for z <= log 2^-1075.
ZERO = -1075 * mp.log(2)


def count_zeros(a, r, m, th, c, ld):
    """Items j of one run with x_j - ld <= ZERO (x monotone in j): bisection."""
    y0 = a / th
    z = lambda j: y0 * r ** j - c - ld
    first, last = z(0) <= ZERO, z(m - 1) <= ZERO
    if first == last:
        return m if first else 0
    lo, hi = 0, m - 1
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if (z(mid) <= ZERO) == first:
            lo = mid
        else:
            hi = mid
    return lo + 1 if first else m - hi


def at_theta(attn, sg, th, topk, n):
    ends = []
    for (a, r, m) in sg:
        ends += [a, a * r ** (m - 1)]
    P = max(ends) if th > 0 else min(ends)
    far = min(ends) if th > 0 else max(ends)
    c = P / th
    xs = lambda v: (v - P) / th
    Z = mp.mpf(0)
    WX = mp.mpf(0)
    for (a, r, m) in sg:
        Z += run_sum(a, r, m, th, c, lambda v: mp.exp(xs(v)), "exp", 0)
        WX += run_sum(a, r, m, th, c, lambda v: xs(v) * mp.exp(xs(v)), "xexp", 0)
    lz = mp.log(Z)
    H = lz - WX / Z
    if attn == "softmax1":
        ld = mp.log(Z + mp.exp(-c))
    else:
        ld = lz
    paper = mp.mpf(0)
    for (a, r, m) in sg:
        paper += run_sum(a, r, m, th, c, lambda v: F_paper(xs(v), ld), "paper", ld)
    # top-k: runs whose logits share t's sign first, from the pivot's end
    top = mp.mpf(0)
    kk = min(topk, n)
    for want in (True, False):
        for (a, r, m) in sg:
            if (a / th > 0) != want or kk == 0:
                continue
            take = min(kk, m)
            if want:
                top += run_sum(a, r, m, th, c, lambda v: mp.exp(xs(v)), "exp", 0, 0, take)
            else:
                top += run_sum(a, r, m, th, c, lambda v: mp.exp(xs(v)), "exp", 0, m - take, m)
            kk -= take
    zeros = sum(count_zeros(a, r, m, th, c, ld) for (a, r, m) in sg)
    wmax = mp.exp(-ld)
    wmin = mp.exp(xs(far) - ld)
    total = mp.exp(lz - ld)
    return [H, wmax, wmin, paper, top * mp.exp(-ld), total, zeros]


def smooth_sum(a, r, m, F, j0=0, j1=None):
    """sum_{j0 <= j < j1} F(a r^j) for F smooth in v on the run's scale
    (no steep head: |v L / theta| < STEP): the terms one by one up to 2^17,
    else mp.sumem around the integral, taken by mp.quad in u = log|v|
    (dj = du / log r), the part below u = -90 as F(0) per item."""
    if j1 is None:
        j1 = m
    if j1 - j0 <= 2 ** 17:
        return direct(a, r, j0, j1, F)
    L = mp.log(r)
    sg = 1 if a > 0 else -1
    uA = mp.log(abs(a)) + j0 * L
    uB = mp.log(abs(a)) + (j1 - 1) * L
    g = lambda u: F(sg * mp.exp(u))
    lo = max(uB, mp.mpf(-90))
    pts = [lo + (uA - lo) * k / 64 for k in range(65)]
    I = mp.quad(g, pts) / abs(L)
    if uB < lo:
        I += (lo - uB) * F(mp.mpf(0)) / abs(L)
    return mp.sumem(lambda jj: F(a * r ** jj), [j0, j1 - 1], integral=I)


def elem_figures(attn, delta, theta, lam, n, topk):
    """Sigmoid attention, w = sigma(v / theta - log n) (not normalised), or
    linear attention, w = phi(v / theta) / sum phi."""
    th = mp.mpf(theta)
    ln = mp.log(n)
    sg = runs(delta, lam, n)
    if attn == "sigmoid":
        w = lambda v: 1 / (1 + mp.exp(ln - v / th))
    else:
        phi = lambda v: v / th + 1 if v / th > 0 else mp.exp(v / th)
        Tphi = sum(smooth_sum(a, r, m, phi) for (a, r, m) in sg)
        w = lambda v: phi(v) / Tphi
    for (a, r, m) in sg:
        if abs(a / th * mp.log(r)) >= STEP:
            raise ValueError("sigmoid case with a steep head")
    T = sum(smooth_sum(a, r, m, w) for (a, r, m) in sg)
    WL = sum(smooth_sum(a, r, m, lambda v: w(v) * mp.log(w(v))) for (a, r, m) in sg)
    paper = sum(smooth_sum(a, r, m, lambda v: -w(v) * mp.log(w(v) + EPS_PAPER))
                for (a, r, m) in sg)
    ends = []
    for (a, r, m) in sg:
        ends += [a, a * r ** (m - 1)]
    wmax = w(max(ends) if th > 0 else min(ends))
    wmin = w(min(ends) if th > 0 else max(ends))
    # top-k: the k largest v / theta, each run from its end of that sign.
    vals = []
    for (a, r, m) in sg:
        for j in range(min(topk, m)):
            vals.append(a * r ** j)
            vals.append(a * r ** (m - 1 - j))
    vals = sorted(set(vals), key=lambda v: v / th, reverse=True)[:topk]
    top = sum(w(v) for v in vals)
    H = mp.log(T) - WL / T
    return [H, wmax, wmin, paper, top, T, 0]


def figures(attn, delta, theta, lam, n, topk):
    """Figures at theta_eff; adaptive: softmax at theta / beta(paper H)."""
    if attn == "sigmoid" or attn == "linear":
        return elem_figures(attn, delta, theta, lam, n, topk)
    th = mp.mpf(theta)
    if attn == "ssmax" or attn == "logn":
        th = th / mp.log(n)
    sg = runs(delta, lam, n)
    if attn == "adaptive":
        hp = at_theta("softmax", sg, th, topk, n)[3]
        beta = mp.polyval(POLY, hp) if hp > mp.mpf("0.5") else mp.mpf(1)
        th = th / max(beta, mp.mpf(1))
    return at_theta(attn, sg, th, topk, n)


def main():
    only = sys.argv[1] if len(sys.argv) > 1 else None
    if only is None:
        print("# mpmath %s, 40 digits: tests/core/power-closed-reference.py" % mp.__version__)
        print("attn\tdelta\ttheta\tlambda\tn\ttopk\tmethod\tentropy\tmax_weight\t"
              "min_weight\tentropy_paper\ttopk_mass\ttotal\tzero_weights")
    for (attn, d, th, lam, n, k) in CASES:
        if only is not None and attn != only:
            continue
        vals = figures(attn, d, th, lam, n, k)
        method = ("direct" if n <= 2 ** 17 else
                  "em-quad" if attn in ("sigmoid", "linear") else "em-ei")
        print("\t".join([attn, str(d), repr(float(th)), repr(lam), str(n), str(k), method] +
                        [mp.nstr(v, 25) for v in vals[:-1]] + [str(vals[-1])]))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
