#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Independent values for the CLI goldens (tests/cli/golden/*.json).

Recomputes every number of the goldens named on the command line from the
closed forms (paper-notes: softmax with temperature, Lemma 2.1's bands, the
critical n) with mpmath at 50 digits, independently of disperse's code, and
prints one TAP-style line per golden value: "ok|not ok NAME FIELD got want".
Run by tests/cli/test-golden.sh; usage: golden-values.py GOLDEN_DIR NAME...

Families (disperse's definitions, src/core/schema/family.c): spike = one logit
delta and n-1 zeros; power = delta * lambda^k, k = 0..n-1 (0^0 = 1).
theta = 0 is the argmax limit (ties share); theta < 0 flips the order.
"""
import json
import sys

import mpmath as mp

mp.mp.dps = 50
EPS_PAPER = mp.mpf("1e-9")
K_EXACT = 4000          # power terms summed exactly; lambda^4000 <= 0.9^4000 ~ 1e-183


def classes(fam, n, delta, lam):
    """The logits as (value, count) classes, exact for n up to 2^63:
    a power series' terms past K_EXACT differ from 0 by under 1e-180."""
    if fam == "spike":
        return [(mp.mpf(delta), 1), (mp.mpf(0), n - 1)] if n > 1 else [(mp.mpf(delta), 1)]
    if fam == "power":
        lam = mp.mpf(lam)
        k = min(n, K_EXACT)
        out = [(mp.mpf(delta) * (lam ** i if i else mp.mpf(1)), 1) for i in range(k)]
        if n > k:
            out.append((mp.mpf(0), n - k))
        return out
    raise ValueError(fam)


def stats(cls, n, theta, topk):
    """H, paper H, max, min, top-k mass of softmax(x / theta) over classes."""
    if theta == 0:      # argmax limit: the largest logit's ties share
        top = max(v for v, _ in cls)
        ties = sum(c for v, c in cls if v == top)
        w = [(mp.mpf(1) / ties if v == top else mp.mpf(0), c) for v, c in cls]
    else:
        t = mp.mpf(theta)
        m = max(v / t for v, _ in cls)
        z = mp.fsum(c * mp.exp(v / t - m) for v, c in cls)
        w = [(mp.exp(v / t - m) / z, c) for v, c in cls]
    h = -mp.fsum(c * p * mp.log(p) for p, c in w if p > 0)
    hp = -mp.fsum(c * p * mp.log(p + EPS_PAPER) for p, c in w)
    ws = sorted(w, key=lambda pc: -pc[0])
    left, mass = topk, mp.mpf(0)
    for p, c in ws:
        take = min(left, c)
        mass += take * p
        left -= take
        if left == 0:
            break
    return {"entropy_nats": h, "entropy_paper": hp, "max_weight": ws[0][0],
            "min_weight": ws[-1][0], "topk_mass": mass, "total": mp.fsum(c * p for p, c in w),
            "entropy_bits": h / mp.log(2), "entropy_norm": h / mp.log(n) if n > 1 else mp.mpf(0)}


def bands(n, delta, theta, eps):
    """Lemma 2.1's bands, the entropy floor and the critical n (derived)."""
    n, d, t, e = mp.mpf(n), mp.mpf(delta), mp.mpf(theta), mp.mpf(eps)
    r = d / abs(t)
    out = {"lemma_tight_lo": 1 / (1 + (n - 1) * mp.exp(r)),
           "lemma_tight_hi": 1 / (1 + (n - 1) * mp.exp(-r)),
           "lemma_loose_lo": mp.exp(-r) / n, "lemma_loose_hi": mp.exp(r) / n,
           "entropy_floor": mp.log(1 + (n - 1) * mp.exp(-r)), "entropy_ceiling": mp.log(n),
           "critical_n": 1 + (1 / e - 1) * mp.exp(r), "log_n": mp.log(n), "n": n,
           "delta_over_theta": r, "spread": d}
    out["log_critical_n"] = mp.log(out["critical_n"])
    if n > 1:
        out["theta_max"] = d / mp.log((n - 1) * e / (1 - e))
    out["n_max"] = out["critical_n"]
    return out


def value(v):
    """A golden value as an mpf (exp(x) as e^x), or None for text."""
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return mp.mpf(v)
    if isinstance(v, str) and v.startswith("exp(") and v.endswith(")"):
        return mp.exp(mp.mpf(v[4:-1]))
    return None


def close(got, want):
    if want == 0 or got == 0:
        return abs(got - want) <= mp.mpf("1e-15")
    # exp(x) forms carry 9 digits of x: compare logs.
    if abs(mp.log(abs(want))) > 700:
        return abs(mp.log(got) - mp.log(want)) <= mp.mpf("1e-8") * max(1, abs(mp.log(want)))
    # (plus 1e-15 absolute: the paper entropy's log(1 + 1e-9) is rounded
    # to a double, 8e-17 from the exact value in the argmax limit)
    return abs(got - want) <= mp.mpf("1e-12") * abs(want) + mp.mpf("1e-15")


def expected(params, row):
    """Every number a golden row should hold, from the closed forms."""
    p = dict(params)
    p.update({k: row[k] for k in ("n", "theta", "lambda") if k in row})
    fam, delta = p.get("family", "power"), p["delta"]
    theta, lam, eps = p["theta"], p.get("lambda", 0.5), p.get("eps", 0.01)
    if p.get("command") == "bound":     # the bands of a given n and spread
        n = mp.exp(p["log_n"]) if "log_n" in p else mp.mpf(p["n"])
        return bands(n, delta, theta, eps)
    # A view's bands take the spread its logits have (0 at n = 1).
    n = int(p["n"])
    cls = classes(fam, n, delta, lam)
    spread = max(v for v, _ in cls) - min(v for v, _ in cls)
    want = {}
    if theta != 0:
        want.update(bands(n, spread, theta, eps))
    else:
        want.update({"entropy_ceiling": mp.log(n), "log_n": mp.log(n)})
    want.update(stats(cls, n, theta, int(p.get("topk", 1))))
    want["entropy"] = want["entropy_nats"]
    want["logit_max"] = max(v for v, _ in cls)
    want["theta_eff"] = mp.mpf(theta)
    return want


def main():
    gold, names = sys.argv[1], sys.argv[2:]
    for name in names:
        with open(f"{gold}/{name}.json") as f:
            doc = json.load(f)
        params = doc["params"]
        if "metric" in params:          # heatmap: family power, rows of cells
            params = dict(params, family="power")
        rows = doc["rows"]
        if rows and "quantity" in rows[0]:      # report / bound: one view
            views = [({}, {r["quantity"]: r["value"] for r in rows})]
        else:
            views = [(r, r) for r in rows]
        for at, got in views:
            want = expected(params, at)
            where = ",".join(f"{k}={at[k]}" for k in ("n", "theta", "lambda") if k in at)
            for key, g in got.items():
                if key in ("n", "theta", "lambda", "row", "col") or key not in want:
                    continue
                gv = value(g)
                if gv is None:
                    continue
                w = want[key]
                good = close(gv, w)
                print(f"{'ok' if good else 'not ok'} {name} {where} {key}: "
                      f"{mp.nstr(gv, 17)} vs {mp.nstr(w, 17)}")


main()
