# SPDX-License-Identifier: GPL-3.0-or-later
# Expected large-n limit of softmax over the learned family, independently of
# disperse: the saved JSON weights, a numpy forward pass at the bends of each
# class (the logit is linear between them), and the integrals of
# exp(t(e - P)) and (e - P) exp(t(e - P)) over each linear piece in closed form,
# averaged over the classes (items: priority U[0, 1), class uniform).
# Usage: learned-expected.py MODEL.json N THETA -> min max H max_weight
# H = log n + log A - t B / A, max weight = 1 / (n A), P = max logit.
import json, sys, numpy as np
d = json.load(open(sys.argv[1])); n = float(sys.argv[2]); th = float(sys.argv[3])
P = {k: np.array(v['data'], dtype=float).reshape(v['shape']) for k, v in d['params'].items()}
C, W = d['classes'], d['width']
W1, b1, W2, b2, q = P['W1'], P['b1'].ravel(), P['W2'], P['b2'].ravel(), P['q'].ravel()
def f(x, c):
    a1 = np.outer(x, W1[:, 0]) + W1[:, 1 + c] + b1
    return (np.maximum(a1, 0) @ W2.T + b2) @ q
pieces = []
for c in range(C):
    k = -(W1[:, 1 + c] + b1) / W1[:, 0]
    k = np.sort(k[(k > 0) & (k < 1)])
    e = np.concatenate(([0.0], k, [1.0]))
    pieces.append((e, f(e, c)))
lo = min(v.min() for _, v in pieces); hi = max(v.max() for _, v in pieces)
t = 1 / th; piv = hi if t > 0 else lo
A = B = 0.0
for e, v in pieces:
    dx = np.diff(e); u0 = t * (v[:-1] - piv); u1 = t * (v[1:] - piv); du = u1 - u0
    small = np.abs(du) < 1e-8
    dus = np.where(small, 1, du)
    a = np.where(small, np.exp((u0 + u1) / 2), (np.exp(u1) - np.exp(u0)) / dus)
    G = lambda u: (u - 1) * np.exp(u)
    b = np.where(small, (u0 + u1) / 2 / t * np.exp((u0 + u1) / 2), (G(u1) - G(u0)) / (t * dus))
    A += (dx * a).sum() / C; B += (dx * b).sum() / C
H = np.log(n) + np.log(A) - t * B / A
print(repr(lo), repr(hi), repr(H), repr(1 / (n * A)))
# With a 4th argument "paper": also the paper's entropy
# E[-n q log(q + 1e-9)], q = exp(t(e - P)) / (n A), by mpmath quadrature over
# each linear piece at 30 digits (its e^{-t spread} tails need no care there).
if len(sys.argv) > 4 and sys.argv[4] == 'paper':
    import mpmath as mp
    mp.mp.dps = 30
    nA = mp.mpf(n) * mp.mpf(A); pe = mp.mpf(0)
    for e, v in pieces:
        for j in range(len(e) - 1):
            x0, x1, v0, v1 = e[j], e[j + 1], v[j], v[j + 1]
            def g(x):
                q = mp.exp(t * (v0 + (v1 - v0) * (x - x0) / (x1 - x0) - piv)) / nA
                return -n * q * mp.log(q + mp.mpf('1e-9'))
            pe += mp.quad(g, [x0, x1]) / C
    print(mp.nstr(pe, 17))
