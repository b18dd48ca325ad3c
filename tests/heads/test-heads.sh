#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# `disperse heads` and `--input FILE.npy` on arrays written here with numpy
# (float16, big-endian, Fortran order, masked 4-D, .npz stored and
# deflated); every figure is recomputed with numpy in float64 from the same
# file (softmax with the max shift, np.std for the summary, the Theorem 2.2
# and empirical critical n from their formulas in doc/theory.md).
. "$top_srcdir/tests/tap.sh"
need_numpy
work=${TMPDIR:-/tmp}/disperse-heads-$$
trap 'rm -rf "$work"' EXIT INT TERM
mkdir -p "$work"
OUT="$work" "$py" - <<'PY' >"$work/tap.txt" 2>&1
import json, os, subprocess
import numpy as np
out, disperse = os.environ["OUT"], os.environ["DISPERSE"]
n = 0
def ok(c, what):
    global n
    n += 1
    print(("ok" if c else "not ok") + f" {n} - {what}")
def run(*args):
    return subprocess.run([disperse, *args], capture_output=True, text=True)
def heads(path, *extra, table="heads"):
    r = run("heads", path, "--format", "json", "--table", table, *extra)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)
def want(row, theta=1.0, eps=0.01):
    x = row[np.isfinite(row)].astype(np.float64)
    z = x / theta
    p = np.exp(z - z.max()); p /= p.sum()
    d = x.max() - x.min()
    return dict(n=len(x), spread=d, max_weight=p.max(), entropy_nats=-(p * np.log(p)).sum(),
                theta_eff=theta, critical_n=1 + (1 / eps - 1) * np.exp(d / theta),
                log_critical_n=np.log(1 + (1 / eps - 1) * np.exp(d / theta)),
                log_n_eps_empirical=np.log(len(x) * p.max() / eps))
def compare(path, arr, what, theta=1.0, **kw):
    rows = heads(path, "--theta", str(theta), **kw)["rows"]
    a = arr.reshape((-1,) * 0 + arr.shape)
    L, H, Q = {1: (1, 1, 1), 2: (1, arr.shape[0], 1), 3: (arr.shape[0], arr.shape[1], 1),
               4: arr.shape[:3]}[arr.ndim]
    a4 = arr.astype(np.float64).reshape(L, H, Q, arr.shape[-1])
    worst = 0.0
    ok(len(rows) == L * H * Q, f"{what}: {len(rows)} rows")
    for r in rows:
        w = want(a4[r["layer"], r["head"], r.get("query", 0)], theta)
        if r["n"] != w["n"]:
            worst = np.inf
        # theta_eff and critical_n: the figure table's names (issue 25;
        # heads wrote `theta` before); bound: the table's words.
        if r["bound"] not in ("holds", "equality", "violated", "underflow", "lo-underflow"):
            worst = np.inf
        for k in ("spread", "theta_eff", "max_weight", "entropy_nats", "critical_n",
                  "log_critical_n", "log_n_eps_empirical"):
            worst = max(worst, abs(r[k] - w[k]) / max(1.0, abs(w[k])))
    ok(worst < 1e-12, f"{what}: n, spread, theta_eff, max weight, entropy, critical n, empirical n "
       f"= numpy (worst rel diff {worst:.1e})")

rng = np.random.default_rng(7)
a3 = (3 * rng.normal(size=(3, 4, 50))).astype(np.float32)
np.save(f"{out}/a3.npy", a3)
compare(f"{out}/a3.npy", a3, "(3, 4, 50) float32")
compare(f"{out}/a3.npy", a3, "(3, 4, 50) float32 at theta 0.5", theta=0.5)
h2 = rng.normal(size=(6, 33)).astype(np.float16)
np.save(f"{out}/h2.npy", h2)
compare(f"{out}/h2.npy", h2, "(6, 33) float16")
be = rng.normal(size=(2, 2, 40)).astype(">f8")
np.save(f"{out}/be.npy", be)
compare(f"{out}/be.npy", be, "(2, 2, 40) big-endian float64")
fo = np.asfortranarray(rng.normal(size=(2, 3, 17)))
np.save(f"{out}/fo.npy", fo)
compare(f"{out}/fo.npy", fo, "(2, 3, 17) Fortran order")
m4 = rng.normal(size=(2, 2, 6, 6)).astype(np.float32)
m4[..., np.triu_indices(6, 1)[0], np.triu_indices(6, 1)[1]] = -np.inf
np.save(f"{out}/m4.npy", m4)
compare(f"{out}/m4.npy", m4, "(2, 2, 6, 6) causal-masked")
rows = heads(f"{out}/m4.npy", "--query", "last", "--layer", "1")["rows"]
ok(len(rows) == 2 and all(r["query"] == 5 and r["layer"] == 1 and r["n"] == 6 for r in rows),
   "--query last --layer 1: the two heads' last rows, n = 6")

rows = heads(f"{out}/a3.npy", "--head", "1")["rows"]
ok(len(rows) == 3 and all(r["head"] == 1 for r in rows),
   "heads --head 1: head 1 of each of the 3 layers (its own option, not the view's L.H)")

# Summary in the authors' form: per layer and overall, np.std (ddof 0).
s = heads(f"{out}/a3.npy", table="summary")["rows"]
sp = a3.astype(np.float64).max(-1) - a3.astype(np.float64).min(-1)
good = len(s) == 4
for r in s:
    v = sp.ravel() if r["layer"] == "all" else sp[int(r["layer"])]
    good &= r["rows"] == v.size and abs(r["spread_mean"] - v.mean()) < 1e-12 and \
        abs(r["spread_sd"] - v.std()) < 1e-12 and r["spread_min"] == v.min() and \
        r["spread_max"] == v.max()
ok(good, "summary: min, max, mean, sd (np.std) per layer and overall")
ok(s[-1]["authors_form"] == f"[{sp.min():.2f}, {sp.max():.2f}], {sp.mean():.2f} \u00b1 {sp.std():.2f}",
   f"authors' form: {s[-1]['authors_form']}")

# .npz: stored (mapped) and deflated (inflated) members give the same rows.
np.savez(f"{out}/z.npz", first=a3, second=h2)
np.savez_compressed(f"{out}/zc.npz", first=a3, second=h2)
for name in ("z", "zc"):
    rows = heads(f"{out}/{name}.npz")["rows"]
    ok([r["array"] for r in rows] == ["first"] * 12 + ["second"] * 6,
       f"{name}.npz: rows of both members, named")
    one = heads(f"{out}/{name}.npz", "--member", "second")["rows"]
    ref = heads(f"{out}/h2.npy")["rows"]
    ok([r["max_weight"] for r in one] == [r["max_weight"] for r in ref],
       f"{name}.npz --member second = h2.npy exactly")
r = run("heads", f"{out}/zc.npz", "--inflate-cap", "1000")
ok(r.returncode == 1 and "over the 1000-byte cap" in r.stderr and r.stderr.count("\n") == 1,
   f"deflated member over the cap: {r.stderr.strip()}")

# --input FILE.npy: the same report as the text file of the same numbers.
v = rng.normal(size=100)
np.save(f"{out}/v.npy", v)
with open(f"{out}/v.txt", "w") as f:
    f.write("\n".join(repr(float(x)) for x in v))
a = run("report", "--input", f"{out}/v.npy", "--format", "csv").stdout.split("\n")
b = run("report", "--input", f"{out}/v.txt", "--format", "csv").stdout.split("\n")
ok(a[5:] == b[5:] and len(a) > 20, "report --input v.npy = report --input v.txt (after the input stamp)")
np.save(f"{out}/v16.npy", v.astype(np.float16))
r = run("report", "--input", f"{out}/v16.npy", "--format", "json")
ok(r.returncode == 0 and abs(json.loads(r.stdout)["rows"][4]["value"] -
   (v.astype(np.float16).max() - v.astype(np.float16).min())) < 1e-12,
   "report --input float16 .npy: spread of the float16 values")

# report reads a float64 row in place with no scan of its own (the kernel's
# pass rejects NaN and infinities, and then the row is taken again, checked;
# masks in the first or last 512 keys are seen before): a row with masked
# (-inf) keys, at its ends or only inside, reports as the same numbers
# without them on every route (kernel, runs, theta 0, number formats), and
# a NaN or +inf is still the reader's error naming the key.
for name, at in [("m", [0, 511, 512, 1500, 2999]), ("mid", [1000, 1500, 2000])]:
    m = rng.normal(size=3000); m[at] = -np.inf
    np.save(f"{out}/{name}.npy", m)
    np.save(f"{out}/{name}k.npy", m[np.isfinite(m)])
    for extra in [[], ["--attn", "sparsemax"], ["--topk", "3"], ["--theta", "0"],
                  ["--theta", "-2"], ["--adaptive"], ["--precision", "float16"],
                  ["--attn", "ssmax"]]:
        a = run("report", "--input", f"{out}/{name}.npy", "--format", "csv", *extra)
        b = run("report", "--input", f"{out}/{name}k.npy", "--format", "csv", *extra)
        ok(a.returncode == 0 and a.stdout.split("\n")[5:] == b.stdout.split("\n")[5:] and
           f"n,{3000 - len(at)}," in a.stdout, f"report {' '.join(extra)}: -inf keys "
           f"{at} of {name}.npy skipped (= the file without them)")
for val, at, msg in [(np.nan, 1700, "NaN at key 1700"), (np.inf, 3, "+inf at key 3")]:
    q = m.copy(); q[at] = val
    np.save(f"{out}/q.npy", q)
    for extra in [[], ["--attn", "sparsemax"]]:
        r = run("report", "--input", f"{out}/q.npy", *extra)
        ok(r.returncode == 1 and r.stderr.strip() == f"disperse report: {out}/q.npy: {msg} "
           "(masked keys are -inf; NaN and +inf are not logits)",
           f"report {' '.join(extra)}: {r.stderr.strip().replace(out + '/', '')}")

# Errors: one line "disperse heads: FILE: reason", exit 1 (2 for usage).
bad = np.arange(8, dtype=np.float64).reshape(2, 4); bad[1, 2] = np.nan
np.save(f"{out}/nan.npy", bad)
np.save(f"{out}/int.npy", np.arange(8))
np.save(f"{out}/five.npy", np.zeros((1, 1, 1, 1, 2)))
with open(f"{out}/cut.npy", "wb") as f:
    f.write(open(f"{out}/a3.npy", "rb").read()[:-7])
# Two members of one name (zipfile warns, numpy reads only the last).
import warnings, zipfile
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    with zipfile.ZipFile(f"{out}/dup.npz", "w") as zf:
        for arr in (a3, h2):
            with zf.open("x.npy", "w") as m:
                np.lib.format.write_array(m, arr)
for args, code, msg in [
        (["heads", f"{out}/dup.npz"], 1,
         "two members named 'x.npy' (numpy would read only the last): rename one"),
        (["heads", f"{out}/nan.npy"], 1, "nan.npy: NaN at head 1, key 2"),
        (["heads", f"{out}/int.npy"], 1, "dtype '<i8' is not supported"),
        (["heads", f"{out}/five.npy"], 1, "shape has 5 dimensions"),
        (["heads", f"{out}/cut.npy"], 1, "truncated data"),
        (["heads", f"{out}/v.txt"], 1, "not a .npy file"),
        (["heads", f"{out}/missing.npy"], 1, "missing.npy: No such file"),
        (["heads", f"{out}/z.npz", "--member", "nope"], 1, "no member 'nope'"),
        (["heads", f"{out}/a3.npy", "--layer", "3"], 1, "--layer 3: the array has 3 layer(s)"),
        (["heads"], 2, "missing FILE"),
        (["heads", f"{out}/a3.npy", "--table", "x"], 2, "--table: 'x'"),
        (["report", "--input", f"{out}/a3.npy"], 1, "12 rows of logits (3 layer(s), 4 head(s), "
         "1 query row(s)); choose one with --head L.H"),
        (["report", "--input", f"{out}/a3.npy", "--head", "3.0"], 1,
         "head 3.0: the array has 3 layer(s), 4 head(s)"),
        (["report", "--input", f"{out}/a3.npy", "--head", "1"], 2, "--head: '1' is not L.H"),
        (["report", "--head", "1.2"], 2, "--head needs --input FILE.npy"),
        (["report", "--family", "empirical"], 2, "--family empirical needs --input FILE"),
        (["report", "--input", f"{out}/v.txt", "--n", "5"], 2,
         "--n cannot be combined with --input")]:
    r = run(*args)
    ok(r.returncode == code and msg in r.stderr and r.stderr.startswith(f"disperse {args[0]}: ")
       and r.stderr.count("\n") == 1, f"{' '.join(a.replace(out + '/', '') for a in args)}: "
       f"exit {r.returncode}: {r.stderr.strip().replace(out + '/', '')}")

# --head picks a row: report --input a3.npy --head L.H = numpy on that row,
# for a .npz (its first member) too.
def kv(*args):
    r = run("report", *args, "--format", "json")
    assert r.returncode == 0, r.stderr
    j = json.loads(r.stdout)
    return {x["quantity"]: x["value"] for x in j["rows"]}, j["params"]
good = True
for l, h in [(0, 0), (1, 2), (2, 3)]:
    v, st = kv("--input", f"{out}/a3.npy", "--head", f"{l}.{h}")
    w = want(a3[l, h].astype(np.float64))
    good &= v["n"] == 50 and abs(v["max_weight"] - w["max_weight"]) < 1e-13 and \
        abs(v["entropy_nats"] - w["entropy_nats"]) < 1e-12 and st["head"] == f"{l}.{h}"
ok(good, "report --input a3.npy --head 0.0 / 1.2 / 2.3: max weight and entropy of that row (numpy)")
v, st = kv("--input", f"{out}/m4.npy", "--head", "1.0.2")
w = want(m4[1, 0, 2])
ok(v["n"] == w["n"] and abs(v["max_weight"] - w["max_weight"]) < 1e-13,
   f"--head 1.0.2 on (2, 2, 6, 6) masked: query row 2, n = {v['n']} unmasked keys")
v, st = kv("--input", f"{out}/m4.npy", "--head", "1.1")
w = want(m4[1, 1, 5])
ok(v["n"] == 6 and abs(v["max_weight"] - w["max_weight"]) < 1e-13,
   "--head 1.1 on a 4-D array: the last query row (every key)")
v, st = kv("--input", f"{out}/zc.npz", "--head", "2.1")
w = want(a3[2, 1].astype(np.float64))
ok(abs(v["max_weight"] - w["max_weight"]) < 1e-13 and st["input"].endswith("zc.npz:first"),
   ".npz --input: the first member's row, named file:member")
r = run("report", "--input", f"{out}/a3.npy", "--head", "1.10", "--format", "json")
ok(r.returncode == 1 and "head 1.10:" in r.stderr, "head 1.10 is layer 1, head 10 (not 1.1)")

# The empirical family (doc/theory.md §13): keys drawn i.i.d. from the row's
# values.  Its expected large-n limit against the closed form over the row
# (numpy, float64): A = mean e^{(x-M)/theta}, B = mean (x-M) e^{(x-M)/theta},
# H = log n + log A - B/(theta A), max weight 1/(n A).  Past 2^16 disperse
# evaluates the typical configuration of the row's law (issue 23): each of
# the m values n/m times, rounded to whole items, which moves the partition
# sum n A by at most m items of weight <= 1: within 4 m/(n A) of the limit
# (relative for the max weight, absolute for H).
row = a3[1, 2].astype(np.float64)
def limit(x, n, theta=1.0):
    P = x.max() if theta > 0 else x.min()
    d = x - P
    g = np.exp(d / theta)
    A, B = g.mean(), (d * g).mean()
    return np.log(n) + np.log(A) - B / (theta * A), 1 / (n * A)
good, worst = True, 0.0
for n_, th in [(2**30, 1.0), (2**40, 0.5), (2**62, 2.0), (2**35, -1.0)]:
    v, st = kv("--family", "empirical", "--input", f"{out}/a3.npy", "--head", "1.2",
               "--n", str(n_), "--theta", str(th))
    H, mw = limit(row, float(n_), th)
    good &= v["method"].startswith("typical")
    # in units of the rounding bound 4 m/(n A) (1/(n A) = mw), or 1e-13
    tol = max(4 * len(row) * mw, 1e-13)
    worst = max(worst, abs(v["entropy_nats"] - H) / tol, abs(v["max_weight"] - mw) / mw / tol)
ok(good and worst <= 1, f"empirical typical configuration at n = 2^30..2^62, theta 1, 0.5, 2, -1: entropy and "
   f"max weight = numpy's limit within the whole-item rounding 4 m/(n A) (worst {worst:.2f} of it)")
# Sigmoid attention's limit over the row: a = sigma(x - log n) per value,
# total n mean(a), entropy of the normalised row log(n A) - mean(a log a)/A.
v, _ = kv("--family", "empirical", "--input", f"{out}/a3.npy", "--head", "1.2", "--n", "2^40",
          "--attn", "sigmoid")
la = -np.logaddexp(0.0, np.log(2.0**40) - row)
As, Bs = np.exp(la).mean(), (np.exp(la) * la).mean()
# Whole items per value (typical configuration): within 4 m/n of the mean.
st = 4 * len(row) / 2**40
ok(v["method"].startswith("typical") and abs(v["total"] - 2**40 * As) / (2**40 * As) < st and
   abs(v["entropy_nats"] - (np.log(2**40 * As) - Bs / As)) < st and
   abs(v["max_weight"] - np.exp(la.max())) / np.exp(la.max()) < 1e-12,
   "sigmoid on the empirical family at 2^40: total, entropy and max weight = numpy mean over the row")
# Explicit draws converge toward the limit: |H_sample - H_limit| shrinks
# with n (law of large numbers; averaged over 4 seeds per size), up to the
# route policy's 2^16, past which every command shows the limit itself.
errs = []
for n_ in (2**8, 2**10, 2**13, 2**16):
    e = 0.0
    for seed in (1, 2, 3, 4):
        v, st = kv("--family", "empirical", "--input", f"{out}/a3.npy", "--head", "1.2",
                   "--n", str(n_), "--seed", str(seed))
        e += abs(v["entropy_nats"] - limit(row, float(n_))[0]) / 4
    errs.append(e)
ok(all(v0 > v1 for v0, v1 in zip(errs, errs[1:])) and errs[-1] < 1e-2,
   "explicit samples approach the limit as n grows: mean |H - H_limit| " +
   ", ".join(f"{e:.1e}" for e in errs))
v1, _ = kv("--family", "empirical", "--input", f"{out}/a3.npy", "--head", "1.2", "--n", "4096")
v2, _ = kv("--family", "empirical", "--input", f"{out}/a3.npy", "--head", "1.2", "--n", "4096")
v3, _ = kv("--family", "empirical", "--input", f"{out}/a3.npy", "--head", "1.2", "--n", "4096",
           "--seed", "9")
ok(v1["method"].startswith("explicit") and v1["entropy_nats"] == v2["entropy_nats"] and
   v1["entropy_nats"] != v3["entropy_nats"], "small n: explicit draws, the same for a seed, "
   "others for another seed")
# The critical n `heads` prints is where the limit's max weight is eps:
# n_eps = 1/(eps A); the limit's max weight 1/(n A) at n = 2^40 is
# eps n_eps / 2^40.
hr = [r for r in heads(f"{out}/a3.npy")["rows"] if r["layer"] == 1 and r["head"] == 2][0]
A = np.exp(row - row.max()).mean()
ne = hr["n_eps_empirical"]
v, _ = kv("--family", "empirical", "--input", f"{out}/a3.npy", "--head", "1.2", "--n", "2^40")
ok(abs(ne - 1 / (0.01 * A)) / ne < 1e-12 and
   abs(v["max_weight"] * 2**40 - 0.01 * ne) / (0.01 * ne) < max(4 * len(row) / (2**40 * A), 1e-12),
   f"heads n_eps_empirical {ne:.6g} = 1/(eps A) (numpy), and the max weight at "
   f"2^40 is eps n_eps / 2^40 (to the whole-item rounding 4 m/(n A))")
v, _ = kv("--family", "empirical", "--input", f"{out}/a3.npy", "--head", "1.2", "--n", "2^40",
          "--theta", "0")
top = (row == row.max()).mean()
ok(abs(v["max_weight"] - 1 / round(2**40 * top)) < 1e-20,
   f"theta = 0: the keys at the row's maximum ({top:.3g} of its values) share the weight")
# ... so at theta = 0 (A = the maximum's share, the limit theta -> 0+ of
# the mean above) n_eps = 1 / (eps top): a number, not NaN.
hr0 = [r for r in heads(f"{out}/a3.npy", "--theta", "0")["rows"]
       if r["layer"] == 1 and r["head"] == 2][0]
ne0 = hr0["n_eps_empirical"]
ok(isinstance(ne0, (int, float)) and abs(ne0 - 1 / (0.01 * top)) / ne0 < 1e-12 and
   abs(hr0["log_n_eps_empirical"] - np.log(1 / (0.01 * top))) < 1e-12,
   f"theta = 0: heads n_eps_empirical {ne0} = 1/(eps top share) = {1 / (0.01 * top):.6g} (numpy)")

# Figures: two SVG files, a grid cell per layer x head.
r = run("heads", f"{out}/a3.npy", "--svg", f"{out}/fig", "-o", f"{out}/t.txt")
grid = open(f"{out}/fig-grid.svg").read() if os.path.exists(f"{out}/fig-grid.svg") else ""
hist = open(f"{out}/fig-hist.svg").read() if os.path.exists(f"{out}/fig-hist.svg") else ""
ok(r.returncode == 0 and grid.count("<rect") >= 12 and "</svg>" in grid and "</svg>" in hist,
   "--svg PREFIX writes PREFIX-grid.svg and PREFIX-hist.svg")
import xml.etree.ElementTree as ET
try:
    ET.fromstring(grid); ET.fromstring(hist); wf = True
except ET.ParseError:
    wf = False
ok(wf, "both SVGs are well-formed XML")
print(f"1..{n}")
PY
rc=$?
cat "$work/tap.txt"
[ $rc -eq 0 ] || { echo "not ok - python harness exit $rc"; echo "1..1"; exit 1; }
