# SPDX-License-Identifier: GPL-3.0-or-later
"""Peers for bench-kernel over the same binary file (n = 2^24 float64),
each computing the same six statistics as disperse's explicit route:
log Z, H, the paper's H (-sum p log(p + 1e-9)), max and min weight and the
count of weights that are exactly 0.  scipy (special.softmax, logsumexp,
stats.entropy), numpy (max shift, np.exp, H = log Z - sum p x, preallocated
buffers) and torch (log_softmax, one thread); 0 when not installed.
Prints the best (min) ms of each, as bench-kernel's floors (min / median
on stderr): CPU time of the process (time.process_time, so a BLAS thread
counts), as bench-kernel's single-thread figures."""
import sys
import time

import numpy as np

e = np.fromfile(sys.argv[1], dtype=np.float64)
REPS = 5


def timed(fn):
    t = []
    for _ in range(REPS):
        t0 = time.process_time()
        fn()
        t.append((time.process_time() - t0) * 1e3)
    t.sort()
    return t[0], t[len(t) // 2]


def run_scipy():
    import scipy.special
    import scipy.stats
    logz = scipy.special.logsumexp(e)
    p = scipy.special.softmax(e)
    h = scipy.stats.entropy(p)
    hp = -np.dot(p, np.log(p + 1e-9))
    return logz, h, hp, p.max(), p.min(), p.size - np.count_nonzero(p)


x = np.empty_like(e)
w = np.empty_like(e)


def run_numpy():
    m = e.max()
    lo = e.min()
    np.subtract(e, m, out=x)
    np.exp(x, out=w)
    z = w.sum()
    # H = log Z - sum p x, p = w / Z (x relative to the max)
    h = np.log(z) - np.dot(w, x) / z
    np.multiply(w, 1 / z, out=w)
    np.add(w, 1e-9, out=x)
    np.log(x, out=x)
    hp = -np.dot(w, x)
    return (m + np.log(z), h, hp, 1 / z, np.exp(lo - m) / z,
            w.size - np.count_nonzero(w))


out = []
try:
    import scipy  # noqa: F401
    out.append(timed(run_scipy))
except ImportError:
    out.append((0, 0))
out.append(timed(run_numpy))
try:
    import torch
    te = torch.from_numpy(e)
    torch.set_num_threads(1)

    def run_torch():
        logz = torch.logsumexp(te, 0)
        lp = te - logz
        p = lp.exp()
        h = -(p * lp).sum()
        hp = -(p * torch.log(p + 1e-9)).sum()
        return logz, h, hp, p.max(), p.min(), (p == 0).sum()

    out.append(timed(run_torch))
except ImportError:
    out.append((0, 0))
names = ("scipy", "numpy", "torch")
for n, (a, b) in zip(names, out):
    sys.stderr.write("%s: %.2f / %.2f ms (min / median)%s\n" % (
        n, a, b, "" if b else " -- not installed"))
print(" ".join("%.3f" % a for a, _ in out))
