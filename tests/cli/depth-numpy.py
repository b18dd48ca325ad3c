# SPDX-License-Identifier: GPL-3.0-or-later
# An independent forward pass of disperse depth's stack (core/train/depth.h) in
# numpy: embeddings from a file (D numbers a row), L layers of
# y_i = sum_j softmax_j(x_i.x_j / (theta sqrt D)) x_j, then x <- y
# (residual off) or x <- x + y (on).  Prints, per mode and layer,
# "mode layer spread spread_items offset max_weight" (spread: rms distance
# to the mean of the layer-0 embeddings).
# Usage: depth-numpy.py FILE D L THETA
import sys, numpy as np
x0 = np.loadtxt(sys.argv[1]).reshape(-1, int(sys.argv[2]))
L, th = int(sys.argv[3]), float(sys.argv[4])
d = x0.shape[1]; mu = x0.mean(0)
for mode in ("off", "on"):
    x = x0.copy()
    for l in range(L + 1):
        if l > 0:
            s = x @ x.T / (th * np.sqrt(d))
            a = np.exp(s - s.max(1, keepdims=True)); a /= a.sum(1, keepdims=True)
            mw = a.max(1).mean()
            x = x + a @ x if mode == "on" else a @ x
        m = x.mean(0)
        items = np.sqrt(((x - m) ** 2).sum(1).mean())
        off = np.sqrt(((m - mu) ** 2).sum())
        spread = np.sqrt(((x - mu) ** 2).sum(1).mean())
        print(mode, l, repr(spread), repr(items), repr(off), repr(mw) if l else "nan")
