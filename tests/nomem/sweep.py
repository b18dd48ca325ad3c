#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The out-of-memory sweep (issue 30), TAP on stdout.

For each command of CASES: run it once under disperse-nomem with
DSP_ALLOC_COUNT to count its allocations (N) and keep its output, then run
it again failing the k-th allocation (DSP_FAIL_ALLOC=k) for every k in
1..N, or an even sample of --max of them.  Every such run must end in one
of two ways:
  - exit 0, stdout and every file in its directory byte-identical to the
    reference run's (the allocation was optional, or retried);
  - exit 1, exactly one line on stderr naming the failure, and its
    directory exactly as before the run: the output files pre-created with
    known content unchanged, no new file (no temporary left behind).
Anything else (a signal, another status, a second stderr line, a changed
or half-written file, a 'nan' in a result that succeeded) fails the case,
with the k and command to reproduce it:
    OMP_NUM_THREADS=1 SOURCE_DATE_EPOCH=0 DSP_FAIL_ALLOC=k disperse-nomem ...

The runs with a failing allocation are children of one fork server per
command (DSP_FAIL_SERVE, tests/nomem/failalloc.c), forked before main: a
run costs a fork instead of a program start (under ASan the start was
most of it).  --exec starts each run as its own process instead.

usage: sweep.py BINARY SRCDIR [--max M] [--only NAME,...] [--jobs J] [--exec]
(--max 0: every allocation; --jobs: commands at once, default 2)
"""
import concurrent.futures
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import types

PREV = b"previous content: a failed run must leave this file as it was\n"

# name, argv (after the binary), files to create {path: bytes or callable}.
# Output files named in `outs` are pre-created with PREV (a name ending in
# '/': an empty directory).  Small sizes: the
# whole sweep has to fit in about a minute on two shared cores.
def cases(src):
    model = os.path.join(src, "examples", "maxret-model.json")
    return [
        ("report", ["report", "--n", "64"], [], {}),
        # The power series near 1 in closed form (eval_power.c, geosum.c).
        ("report-power", ["report", "--lambda", "0.9999999", "--n", "2^40"], [], {}),
        ("report-input", ["report", "--input", "x.txt", "--topk", "2"], [],
         {"x.txt": b"0.25\n-1.5\n3\n1\n1\n"}),
        ("report-npy", ["report", "--input", "x.npy", "--format", "json", "-o",
                        "r.json"], ["r.json"],
         {"x.npy": lambda: npy([0.1 * i for i in range(40)], (40,))}),
        ("bound", ["bound", "--n", "1024"], [], {}),
        ("sweep", ["sweep", "--vary", "n", "--points", "6", "--format", "csv",
                   "-o", "sweep.csv"], ["sweep.csv"], {}),
        ("heatmap", ["heatmap", "--cols", "21", "--rows", "11", "--format",
                     "json", "-o", "map.json"], ["map.json"], {}),
        ("heatmap-text", ["heatmap", "--cols", "8", "--rows", "4", "-o",
                          "map.txt"], ["map.txt"], {}),
        ("snapshot", ["snapshot", "--n", "64", "--map-rows", "4",
                      "--map-cols", "6", "--out", "snap"], ["snap/"], {}),
        ("animate", ["animate", "--frames", "2", "--out", "anim"],
         ["anim/", "anim/animation.gif", "anim/frames.csv"], {}),
        ("compare", ["compare", "--to", "1024", "--points", "4"], [], {}),
        ("precision", ["precision", "--n", "64", "--formats", "float16,fp8-e4m3",
                       "-o", "prec.txt"], ["prec.txt"], {}),
        ("fit", ["fit", "--sizes", "4:64", "--reps", "1", "-o", "fit.txt"],
         ["fit.txt"], {}),
        ("tour", ["tour", "--step", "2"], [], {}),
        ("train", ["train", "--load", model, "--eval-sizes", "16",
                   "--eval-sets", "4", "--quiet", "--svg", "t.svg", "-o", "train.csv",
                   "--format", "csv"], ["t.svg", "train.csv"], {}),
        ("heads", ["heads", "a.npz", "--svg", "fig", "-o", "heads.txt"],
         ["fig-grid.svg", "fig-hist.svg", "heads.txt"], {"a.npz": npz}),
        ("depth", ["depth", "--layers", "2", "--sizes", "16", "--svg",
                   "d.svg", "-o", "depth.csv", "--format", "csv"],
         ["d.svg", "depth.csv"], {}),
    ]


def npy(vals, shape):
    """A float64 .npy, written without numpy (the format's header)."""
    import struct
    hdr = "{'descr': '<f8', 'fortran_order': False, 'shape': (%s), }" % (
        "".join("%d, " % x for x in shape).rstrip(" ") if len(shape) == 1 else
        ", ".join(str(x) for x in shape))
    hdr += " " * (64 - (10 + len(hdr) + 1) % 64) + "\n"
    return (b"\x93NUMPY\x01\x00" + struct.pack("<H", len(hdr)) +
            hdr.encode() + struct.pack("<%dd" % len(vals), *vals))


def npz():
    """A small .npz of two (2, 2, 3) float64 arrays (deflated members)."""
    import io
    import zipfile
    b = io.BytesIO()
    # A fixed member time: the archive is made anew for every run, and a
    # clock stamp made each run differ from the reference run's when a
    # 2-second tick fell between them (three "wrong" runs, at random).
    with zipfile.ZipFile(b, "w", zipfile.ZIP_DEFLATED) as z:
        for name, vals in (("q.npy", [0.5 * i - 1 for i in range(12)]),
                           ("k.npy", [(i * 7 % 5) * 0.3 for i in range(12)])):
            info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, npy(vals, (2, 2, 3)))
    return b.getvalue()


def tree(d):
    out = {}
    for root, _, files in os.walk(d):
        for f in files:
            p = os.path.join(root, f)
            with open(p, "rb") as fp:
                out[os.path.relpath(p, d)] = fp.read()
    for root, dirs, _ in os.walk(d):
        for x in dirs:
            out[os.path.relpath(os.path.join(root, x), d) + "/"] = b""
    return out


def setup(d, files, outs):
    if os.path.exists(d):
        shutil.rmtree(d)
    os.makedirs(d)
    for name, data in files.items():
        with open(os.path.join(d, name), "wb") as fp:
            fp.write(data() if callable(data) else data)
    for name in outs:
        if name.endswith("/"):
            os.makedirs(os.path.join(d, name))
            continue
        with open(os.path.join(d, name), "wb") as fp:
            fp.write(PREV)


def environ():
    env = dict(os.environ, OMP_NUM_THREADS="1", SOURCE_DATE_EPOCH="0",
               LC_ALL="C")
    for v in ("DSP_FAIL_ALLOC", "DSP_ALLOC_COUNT", "DSP_FAIL_SERVE"):
        env.pop(v, None)
    return env


def run(binary, argv, d, k, count_file=None):
    env = environ()
    if k:
        env["DSP_FAIL_ALLOC"] = str(k)
    if count_file:
        env["DSP_ALLOC_COUNT"] = count_file
    try:
        p = subprocess.run([binary] + argv, cwd=d, env=env, stdin=subprocess.DEVNULL,
                           capture_output=True, timeout=60)
    except subprocess.TimeoutExpired:
        return None
    return p


class Server:
    """A fork server running argv (failalloc.c's serve()): run() is run()
    above for a k > 0, the same result, without a program start."""

    def __init__(self, binary, argv, tmp, name):
        rq, self.rq = os.pipe()		# requests: the server reads rq
        self.rp, rp = os.pipe()		# replies: the server writes rp
        env = environ()
        env["DSP_FAIL_SERVE"] = "%d,%d" % (rq, rp)
        # Symbols bound once, in the server, not again in every child.
        env["LD_BIND_NOW"] = "1"
        self.p = subprocess.Popen([binary] + argv, cwd=tmp, env=env,
                                  stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL, pass_fds=(rq, rp))
        os.close(rq)
        os.close(rp)
        self.buf = b""
        self.out = os.path.join(tmp, name + ".out")
        self.err = os.path.join(tmp, name + ".err")

    def line(self, timeout):
        while b"\n" not in self.buf:
            if not select.select([self.rp], [], [], timeout)[0]:
                return None
            b = os.read(self.rp, 4096)
            if not b:
                raise RuntimeError("the fork server ended (status %s)" % self.p.wait())
            self.buf += b
        ln, self.buf = self.buf.split(b"\n", 1)
        return int(ln)

    def run(self, d, k):
        os.write(self.rq, ("%d\t%s\t%s\t%s\n" % (k, d, self.out, self.err)).encode())
        pid = self.line(60)
        rc = self.line(60)
        if rc is None:
            os.kill(pid, signal.SIGKILL)
            self.line(None)
            return None
        with open(self.out, "rb") as o, open(self.err, "rb") as e:
            return types.SimpleNamespace(returncode=rc, stdout=o.read(), stderr=e.read())

    def close(self):
        os.close(self.rq)
        self.p.wait()
        os.close(self.rp)


def sample(n, m):
    if m <= 0 or n <= m:
        return list(range(1, n + 1))
    return sorted({1 + (i * (n - 1)) // (m - 1) for i in range(m)})


def sweep_case(binary, tmp, m, t, case, forks=True):
    """Sweep one command in its own directory: (TAP lines, runs, clean
    exits 1, identical exits 0)."""
    name, argv, outs, files = case
    srv = Server(binary, argv, tmp, name) if forks else None
    try:
        return sweep_runs(binary, tmp, m, t, case, srv)
    finally:
        if srv:
            srv.close()


def sweep_runs(binary, tmp, m, t, case, srv):
    name, argv, outs, files = case
    d = os.path.join(tmp, name)
    setup(d, files, outs)
    cf = os.path.join(tmp, name + ".count")
    ref = run(binary, argv, d, 0, cf)
    if ref is None or ref.returncode != 0:
        return (["not ok %d - %s: the reference run failed: %s" % (
            t, name, "timeout" if ref is None else ref.stderr.decode(errors="replace").strip())],
            0, 0, 0)
    with open(cf) as fp:
        n = int(fp.read())
    want = tree(d)
    ks = sample(n, m)
    problems = []
    nclean = nident = 0
    for k in ks:
        setup(d, files, outs)
        before = tree(d)
        p = srv.run(d, k) if srv else run(binary, argv, d, k)
        got = tree(d)
        cmd = "DSP_FAIL_ALLOC=%d %s" % (k, " ".join(argv))
        if p is None:
            problems.append("%s: timeout" % cmd)
            continue
        err = p.stderr.decode(errors="replace")
        lines = err.splitlines()
        if p.returncode == 0:
            if p.stdout == ref.stdout and got == want:
                nident += 1
            else:
                diff = sorted(x for x in set(got) | set(want) if got.get(x) != want.get(x))
                problems.append("%s: exit 0 with other output (%s)" % (
                    cmd, ", ".join(diff) if diff else "stdout"))
        elif p.returncode == 1:
            if len(lines) != 1 or not err.endswith("\n"):
                problems.append("%s: exit 1 with %d stderr lines: %r" % (
                    cmd, len(lines), err[:300]))
            elif got != before:
                diff = sorted(x for x in set(got) | set(before) if got.get(x) != before.get(x))
                problems.append("%s: exit 1 (%s) but files changed: %s" % (
                    cmd, lines[0], ", ".join(diff)))
            else:
                nclean += 1
        else:
            problems.append("%s: exit status %d, stderr %r" % (
                cmd, p.returncode, err[:300]))
    desc = "%s: %d allocations, %d runs: %d exit 1 cleanly, %d identical" % (
        name, n, len(ks), nclean, nident)
    if not problems:
        return ["ok %d - %s" % (t, desc)], len(ks), nclean, nident
    out = ["not ok %d - %s, %d wrong" % (t, desc, len(problems))]
    out += ["# " + x for x in problems[:15]]
    if len(problems) > 15:
        out.append("# ... and %d more" % (len(problems) - 15))
    return out, len(ks), nclean, nident


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        sys.exit(__doc__)
    binary, src = os.path.abspath(args[0]), os.path.abspath(args[1])
    m, only, jobs, forks = 200, None, 2, True
    i = 2
    while i < len(args):
        if args[i] == "--max":
            m = int(args[i + 1]); i += 2
        elif args[i] == "--only":
            only = set(args[i + 1].split(",")); i += 2
        elif args[i] == "--jobs":
            jobs = max(1, int(args[i + 1])); i += 2
        elif args[i] == "--exec":
            forks = False; i += 1
        else:
            sys.exit("sweep.py: unknown argument " + args[i])
    table = [c for c in cases(src) if only is None or c[0] in only]
    print("1..%d" % len(table), flush=True)
    tmp = tempfile.mkdtemp(prefix="dsp-nomem-")
    total = clean = ident = 0
    try:
        # Commands in parallel (each in its own directory), their runs in
        # turn; the results in the table's order.
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
            futs = [ex.submit(sweep_case, binary, tmp, m, t, c, forks)
                    for t, c in enumerate(table, 1)]
            for f in futs:
                lines, runs, nclean, nident = f.result()
                print("\n".join(lines), flush=True)
                total += runs
                clean += nclean
                ident += nident
        print("# %d runs: %d clean exits 1, %d identical exits 0" % (total, clean, ident))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
