#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Save a PyTorch model's pre-softmax attention logits for `disperse heads`.

The logits are q . k^T / sqrt(d) of every head, before the softmax, as one
float32 .npy array of shape (layers, heads, queries, keys); causally masked
positions (a key after its query) are -inf, which disperse excludes from n.

Your own model
--------------
torch.nn.MultiheadAttention (and so nn.TransformerEncoderLayer, nn.Transformer)
is handled by forward hooks; nothing in the model changes:

    import importlib.util
    spec = importlib.util.spec_from_file_location("dump_attention", "examples/dump-attention.py")
    da = importlib.util.module_from_spec(spec); spec.loader.exec_module(da)

    rec = da.LogitRecorder(causal=True)        # causal=False for encoders without a mask
    rec.hook_multihead_attention(model)        # every nn.MultiheadAttention, in module order
    model(tokens)                              # one forward pass
    rec.save("logits.npy")                     # (layers, heads, queries, keys), float32
    rec.remove()

    $ disperse heads logits.npy --query last                  # every head, one row each
    $ disperse report --input logits.npy --head 1.2           # layer 1, head 2
    $ disperse sweep --family empirical --input logits.npy --head 1.2 --to 2^30
    $ disperse --input logits.npy                             # TUI head picker: < > :head

Hand-written attention (GPT-2, Llama, ... style code that computes q and k
itself): call `rec.record(q, k)` inside the attention's forward with q and k
of shape (batch, heads, seq, head_dim), after rotary embeddings if any,
before the softmax; then `rec.save(...)` as above.  Only batch element
`batch` (default 0) is kept.  Models with grouped-query attention: repeat k
to the query heads first (as the model does).

PyTorch 1.13's fused TransformerEncoderLayer path (eval mode, no grad)
bypasses the attention module's hooks; run the forward pass under
`torch.enable_grad()` in train mode with dropout 0, or call model.train().

Demo (no downloads): a small randomly initialised transformer,
    python3 examples/dump-attention.py --demo logits.npy
"""
import argparse
import math
import sys

import numpy as np
import torch


def attention_logits(q, k, causal=True):
    """q . k^T / sqrt(d) for q, k of shape (..., seq, d); -inf above the
    diagonal when causal (key index > query index)."""
    d = q.shape[-1]
    s = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(d)
    if causal:
        nq, nk = s.shape[-2], s.shape[-1]
        # Query i sees keys 0 .. i + (nk - nq) (a KV cache is longer).
        mask = torch.ones(nq, nk, dtype=torch.bool, device=s.device).triu(1 + nk - nq)
        s = s.masked_fill(mask, float("-inf"))
    return s


def mha_qk(mod, query, key):
    """Per-head q and k of torch.nn.MultiheadAttention for its inputs,
    as (batch, heads, seq, head_dim)."""
    e, h = mod.embed_dim, mod.num_heads
    if not mod.batch_first:
        query, key = query.transpose(0, 1), key.transpose(0, 1)
    if query.dim() == 2:                      # unbatched input
        query, key = query.unsqueeze(0), key.unsqueeze(0)
    if mod._qkv_same_embed_dim:
        w_q, w_k = mod.in_proj_weight[:e], mod.in_proj_weight[e:2 * e]
    else:
        w_q, w_k = mod.q_proj_weight, mod.k_proj_weight
    b_q = b_k = None
    if mod.in_proj_bias is not None:
        b_q, b_k = mod.in_proj_bias[:e], mod.in_proj_bias[e:2 * e]
    q = torch.nn.functional.linear(query, w_q, b_q)
    k = torch.nn.functional.linear(key, w_k, b_k)
    b, lq, lk = q.shape[0], q.shape[1], k.shape[1]
    q = q.reshape(b, lq, h, e // h).transpose(1, 2)
    k = k.reshape(b, lk, h, e // h).transpose(1, 2)
    return q, k


class LogitRecorder:
    """Collects one (heads, queries, keys) logit array per attention call."""

    def __init__(self, causal=True, batch=0):
        self.causal = causal
        self.batch = batch
        self.layers = []
        self.handles = []

    def record(self, q, k):
        """q, k: (batch, heads, seq, head_dim) tensors of one attention call."""
        with torch.no_grad():
            s = attention_logits(q[self.batch].double(), k[self.batch].double(), self.causal)
        self.layers.append(s.cpu().numpy())

    def hook_multihead_attention(self, model):
        """Forward hooks on every torch.nn.MultiheadAttention of model."""
        for m in model.modules():
            if isinstance(m, torch.nn.MultiheadAttention):
                self.handles.append(m.register_forward_hook(self._mha_hook))
        if not self.handles:
            raise ValueError("no torch.nn.MultiheadAttention in the model: "
                             "call record(q, k) from your attention code")
        return self

    def _mha_hook(self, mod, inputs, output):
        q, k = mha_qk(mod, inputs[0], inputs[1])
        self.record(q, k)

    def remove(self):
        for h in self.handles:
            h.remove()
        self.handles = []

    def array(self, dtype=np.float32):
        """(layers, heads, queries, keys) in call order."""
        if not self.layers:
            raise ValueError("nothing recorded: run a forward pass first")
        return np.stack(self.layers).astype(dtype)

    def save(self, path, dtype=np.float32):
        a = self.array(dtype)
        np.save(path, a)
        return a


def demo_model(layers=2, d_model=32, heads=4, seed=0):
    """A small randomly initialised transformer encoder (no downloads)."""
    torch.manual_seed(seed)
    layer = torch.nn.TransformerEncoderLayer(d_model, heads, dim_feedforward=64,
                                             dropout=0.0, batch_first=True)
    return torch.nn.TransformerEncoder(layer, layers, enable_nested_tensor=False)


def demo(path, seq=64, seed=0, scale=1.0):
    model = demo_model(seed=seed)
    model.train()                  # hooks see every call (no fused path)
    x = scale * torch.randn(1, seq, 32)
    causal = torch.ones(seq, seq, dtype=torch.bool).triu(1)
    rec = LogitRecorder(causal=True).hook_multihead_attention(model)
    with torch.no_grad():
        model(x, mask=causal)
    rec.remove()
    return rec.save(path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--demo", metavar="OUT.npy", required=True,
                    help="dump a small random transformer's logits to OUT.npy")
    ap.add_argument("--seq", type=int, default=64, help="tokens (default 64)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--scale", type=float, default=1.0,
                    help="input scale: larger inputs spread the logits")
    a = ap.parse_args(argv)
    arr = demo(a.demo, a.seq, a.seed, a.scale)
    print(f"{a.demo}: {arr.shape} {arr.dtype}, (layers, heads, queries, keys)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
