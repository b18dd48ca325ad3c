"""Anchors for bench-kernel over the same binary file (n = 2^24 float64):
scipy (special.softmax + stats.entropy), numpy (max shift, np.exp,
H = log Z - sum p x, preallocated buffers) and torch (softmax +
entropy; 0 when torch is not installed).  Prints the median ms of each
(min / median on stderr): CPU time of the process (time.process_time, so a
BLAS thread counts), as bench-kernel's single-thread figures."""
import sys
import time

import numpy as np

e = np.fromfile(sys.argv[1], dtype=np.float64)
REPS = 9


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
    p = scipy.special.softmax(e)
    scipy.stats.entropy(p)
    p.max()


x = np.empty_like(e)
w = np.empty_like(e)


def run_numpy():
    m = e.max()
    np.subtract(e, m, out=x)
    np.exp(x, out=w)
    z = w.sum()
    # H = log Z - sum p x, p = w / Z (x relative to the max)
    np.log(z) - np.dot(w, x) / z


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
        lp = torch.log_softmax(te, 0)
        -(lp.exp() * lp).sum()

    out.append(timed(run_torch))
except ImportError:
    out.append((0, 0))
names = ("scipy", "numpy", "torch")
for n, (a, b) in zip(names, out):
    sys.stderr.write("%s: %.2f / %.2f ms (min / median)%s\n" % (
        n, a, b, "" if b else " -- not installed"))
print(" ".join("%.3f" % b for _, b in out))
