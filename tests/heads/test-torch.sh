#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# examples/dump-attention.py on a small randomly initialised transformer
# built here (no downloads): the dumped logits must be the ones
# nn.MultiheadAttention itself turns into weights, and `disperse heads`
# must report torch's softmax max weight and entropy for every row.
# Skipped only where torch (Debian python3-torch) is not installed.
. "$top_srcdir/tests/tap.sh"
need_numpy
"$py" -c 'import torch' 2>/dev/null || skip_all "torch not installed (Debian python3-torch)"
# One thread: the machine is shared and the model is tiny.
OMP_NUM_THREADS=1; export OMP_NUM_THREADS
work=${TMPDIR:-/tmp}/disperse-torch-$$
trap 'rm -rf "$work"' EXIT INT TERM
mkdir -p "$work"
DUMP="$top_srcdir/examples/dump-attention.py" OUT="$work" "$py" - <<'PY' >"$work/tap.txt" 2>&1
import importlib.util, json, os, subprocess
import numpy as np
import torch

spec = importlib.util.spec_from_file_location("dump_attention", os.environ["DUMP"])
da = importlib.util.module_from_spec(spec)
spec.loader.exec_module(da)
out, disperse = os.environ["OUT"], os.environ["DISPERSE"]
n = 0
def ok(c, what):
    global n
    n += 1
    print(("ok" if c else "not ok") + f" {n} - {what}")

torch.manual_seed(3)
L, E, H, S = 2, 16, 4, 12
model = da.demo_model(layers=L, d_model=E, heads=H, seed=3)
model.train()
x = 2.0 * torch.randn(1, S, E)
causal = torch.ones(S, S, dtype=torch.bool).triu(1)
rec = da.LogitRecorder(causal=True).hook_multihead_attention(model)
# The attention's own per-head weights, from the same modules and inputs.
want_w, inputs, handles = [], [], []
for m in model.modules():
    if isinstance(m, torch.nn.MultiheadAttention):
        handles.append(m.register_forward_hook(
            lambda mod, i, o: inputs.append((mod, i[0].detach()))))
with torch.no_grad():
    model(x, mask=causal)
    rec.remove()
    for hd in handles:
        hd.remove()
    for mod, inp in inputs:
        _, w = mod(inp, inp, inp, attn_mask=causal, need_weights=True,
                   average_attn_weights=False)
        want_w.append(w[0].double())
path = os.path.join(out, "logits.npy")
a = rec.save(path)
ok(a.shape == (L, H, S, S) and a.dtype == np.float32, f"dump shape {a.shape} float32")
ok(np.isneginf(a[:, :, 0, 1:]).all() and np.isfinite(a[:, :, -1, :]).all(),
   "causal positions are -inf, the last query sees every key")
t = torch.from_numpy(a.astype(np.float64))
p = torch.softmax(t, dim=-1)
ok(float((p - torch.stack(want_w)).abs().max()) < 1e-5,
   "softmax of the dump = nn.MultiheadAttention's own weights (< 1e-5, float32 model)")

r = subprocess.run([disperse, "heads", path, "--format", "json", "--table", "heads"],
                   capture_output=True, text=True)
ok(r.returncode == 0 and r.stderr == "", f"disperse heads exit {r.returncode} {r.stderr.strip()}")
rows = json.loads(r.stdout)["rows"]
ok(len(rows) == L * H * S, f"{len(rows)} rows = layers x heads x queries")
p32 = torch.softmax(torch.from_numpy(a), dim=-1)            # torch in float32
ent = -(torch.where(p > 0, p * torch.log(p), torch.zeros_like(p))).sum(-1)
dmax = dent = dmax32 = 0.0
nbad = 0
for row in rows:
    l, h, q = row["layer"], row["head"], row["query"]
    dmax = max(dmax, abs(row["max_weight"] - float(p[l, h, q].max())))
    dmax32 = max(dmax32, abs(row["max_weight"] - float(p32[l, h, q].max())))
    dent = max(dent, abs(row["entropy_nats"] - float(ent[l, h, q])))
    finite = a[l, h, q][np.isfinite(a[l, h, q])]
    if row["n"] != q + 1 or row["spread"] != float(finite.max()) - float(finite.min()):
        nbad += 1
ok(nbad == 0, "n = unmasked keys (q + 1) and spread = max - min of the row")
ok(dmax < 1e-12, f"max weight = torch.softmax in float64 (max diff {dmax:.2e})")
ok(dmax32 < 1e-6, f"max weight = torch.softmax in float32 within 1e-6 (max diff {dmax32:.2e})")
ok(dent < 1e-12, f"entropy = -sum p log p from torch (max diff {dent:.2e})")
print(f"1..{n}")
PY
rc=$?
cat "$work/tap.txt"
[ $rc -eq 0 ] || { echo "not ok - python harness exit $rc"; echo "1..1"; exit 1; }
