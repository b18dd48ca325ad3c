#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The readers inside --mem-budget (issue 26): a .npy row, the .npz members
# and text logits either fit in the budget -- the peak resident memory of
# the whole process, measured by /usr/bin/time, stays under it plus the
# documented constant (README, "Memory budget": 16 MiB) -- or are
# refused at once in one line naming what they would need (exit 1).  Small
# sizes with small budgets, each case well under a second.  The files are
# made by numpy (and Python's zipfile), the reference values below too.
. "$top_srcdir/tests/tap.sh"
[ -x "$DISPERSE" ] || skip_all "no disperse binary"
need_numpy
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$py" - "$tmp" <<'EOF' || exit 1
import sys, zipfile, numpy as np
d = sys.argv[1]
# 2^24 float16 keys (32 MiB) in a sparse file: 160 MiB read as doubles.
h = np.lib.format
with open(d + "/sp.npy", "wb") as f:
    h.write_array_header_1_0(f, {"descr": "<f2", "fortran_order": False,
                                 "shape": (1 << 24,)})
    f.truncate(f.tell() + 2 * (1 << 24))
# The same keys, 2^20 of them (2 MiB; 8 MiB as doubles).
np.save(d + "/sp20.npy", np.zeros(1 << 20, np.float16))
# A zip bomb: three deflated members of 48 MiB of zero float64 each.
with zipfile.ZipFile(d + "/bomb.npz", "w", zipfile.ZIP_DEFLATED) as z:
    for k in range(3):
        with z.open("arr_%d.npy" % k, "w", force_zip64=True) as f:
            np.lib.format.write_array(f, np.zeros(6 << 20))
# Eight deflated members of 1 MiB each.
np.savez_compressed(d + "/eight.npz", **{"a%d" % k: np.zeros(1 << 17) for k in range(8)})
# 2^20 text logits.
r = np.random.default_rng(5)
np.savetxt(d + "/t.txt", np.round(r.standard_normal(1 << 20), 4), fmt="%.4f")
EOF

. "$top_srcdir/tests/rss.sh"

cd "$tmp" || exit 1

# A .npy row: its mapped bytes plus its doubles when converted (heads);
# report reads a float16 row in place (test-float32.sh): its 32 MiB.
refused 24 "sp.npy: a row of 16777216 float16 keys needs 32[.0-9]* MiB, over the memory budget of 24 MiB" \
    report --input sp.npy
fits 64 report --input sp.npy
refused 64 "sp.npy: a row of 16777216 float16 keys read as doubles needs 160[.0-9]* MiB, over the memory budget of 64 MiB" \
    heads sp.npy
fits 64 report --input sp20.npy
fits 64 heads sp20.npy

# .npz: one member at a time, each inside the budget...
refused 32 "bomb.npz\[arr_0\]: the compressed member inflated needs 48[.0-9]* MiB, over the memory budget of 32 MiB" \
    heads bomb.npz
fits 96 heads bomb.npz --table heads --format csv
# Each member is 6 * 2^20 zeros: the uniform softmax, H = ln(6291456).
[ "$(grep -c '^arr_[0-2],0,0,6291456,0,1,15.6547030' out)" -eq 3 ]
ok $? "heads bomb.npz: the three members, H = ln(6 * 2^20) = 15.6547030 each"
# ... and a cap of all of them (4 x --inflate-cap) besides the cap of one.
"$DISPERSE" heads eight.npz --inflate-cap 2Mi >out 2>err
[ $? -eq 1 ] && [ "$(wc -l <err)" -eq 1 ] &&
    grep -q "eight.npz\[a7\]: the archive's compressed members inflate to 8389632 bytes up to this one, over the 8388608-byte cap of all (4 x the cap of one)" err
ok $? "eight 1 MiB members over 4 x --inflate-cap 2Mi: the eighth refused"
diag "$(cat err)"
"$DISPERSE" heads eight.npz --inflate-cap 3Mi --format csv >out 2>err
[ $? -eq 0 ] && [ "$(grep -c '^a[0-9]' out)" -eq 8 ]
ok $? "and all eight read under 4 x 3 MiB"

# Text: the logits and what the commands make of them.  2^20 logits are
# 8 MiB as doubles; as runs of logits and weights 24 MiB more; the top-k
# mass sorts a copy of the runs (16 MiB) with glibc's scratch (16 MiB).
refused 8 "t.txt: about [0-9]* logits needs [0-9.]* MiB, over the memory budget of 8 MiB" \
    report --input t.txt
fits 32 report --input t.txt
fits 64 precision --input t.txt
fits 64 sweep --input t.txt --vary theta --points 5
fits 96 report --input t.txt --topk 2^62
fits 96 compare --input t.txt
refused 24 "1048576 logits as runs needs 24[.0-9]* MiB, over the memory budget of 24 MiB" \
    report --input t.txt --topk 2^62
refused 64 "sorting the top-k runs ([0-9]* items) needs 72[.0-9]* MiB, over the memory budget of 64 MiB" \
    report --input t.txt --topk 2^62
# (Under the sanitizers the peak is not compared: 40, 48 and 64 MiB take
# each command to both of its outcomes; 56 repeats 48's.)
budgets="40 48 56 64"
[ -z "${DSP_SANITIZERS:-}" ] || budgets="40 48 64"
for b in $budgets; do
	within $b compare --input t.txt
	within $b sweep --input t.txt --vary theta --points 5
done

# The power series near lambda = 1 in position order: 2^22 terms, a run
# each in the logits and the weights (2 x 16 bytes) and the function's
# scratch (its row in attn.c: sparsemax 32, selective 48 bytes a term):
# 256 and 320 MiB, refused by the family's check before any work (they were
# refused at the function's own allocation, after it); with room, computed.
# (sparsemax at theta < 0 on a falling series: the far terms, near 0, are
# its largest x, so it builds every term -- where the first terms hold the
# support it builds those only, test-powerclosed and test-support.sh;
# selective at theta < 0: its far items weigh most, so no head of the
# series stands for the row, tests/cli/test-ordered.sh.)
refused 200 "the power series to n = 4194304 needs 25[0-9.]* MiB, over the memory budget of 200 MiB" \
    report --attn sparsemax --theta -1 --lambda 0.9999999 -n 2^22
fits 272 report --attn sparsemax --theta -1 --lambda 0.9999999 -n 2^22
refused 300 "the power series to n = 4194304 needs 32[0-9.]* MiB, over the memory budget of 300 MiB" \
    report --attn selective --theta -1 --lambda 0.9999999 -n 2^22
# A curve that crosses the budget ends there with its reason, and the rest
# of the snapshot is written (the whole snapshot failed at the allocation).
rm -rf snap
"$DISPERSE" snapshot --attn sparsemax --theta -1 --lambda 0.9999999 -n 2^16 --curve-from 2^20 \
    --curve-to 2^22 --curve-points 3 --map-size 8x8 --mem-budget 160Mi --out snap \
    >/dev/null 2>"$tmp/err" &&
    grep -q "the curve ends at n = 2097152: the power series to n = 4194304 needs 25[0-9.]* MiB, over the memory budget of 160 MiB" snap/*.txt
ok $? "snapshot, sparsemax curve to 2^22 in 160 MiB: ends at 2^21, with the reason"
diag "$(cat "$tmp/err")"
# So does a number-format emulation's curve whose top-k heap the budget
# refuses (the refusal was reported as out of memory, which fails a whole
# snapshot: exit 1, nothing written).
rm -rf snap
"$DISPERSE" snapshot --family ramp --precision fp8-e4m3 -n 16 --curve-from 2^16 \
    --curve-to 2^20 --curve-points 3 --map-size 4x4 --mem-budget 40Mi --out snap \
    >/dev/null 2>"$tmp/err" &&
    grep -q "the curve ends at n = 262144: the top-k heap needs [0-9.]* MiB, over the memory budget of 40 MiB" snap/*.txt
ok $? "snapshot, fp8 ramp curve to 2^20 in 40 MiB: ends at 2^18 at the top-k heap, with the reason"
diag "$(cat "$tmp/err")"

tap_done
