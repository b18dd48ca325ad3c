#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# float32 and float16 .npy rows read in place by the kernel's typed pass
# (core/math/kernel.h, dsp_softmax_stats_x; issue 27 item 3): `report`
# prints exactly what it prints for the same values saved as float64 (the
# pass converts a chunk at a time, so the doubles and their order are the
# same); routes other than the kernel's, masked keys and a NaN fall back
# to the converted row; the entropy agrees with numpy's (float64, computed
# here from the same float32 values); and the memory is the file's, not
# n doubles (peak RSS by /usr/bin/time under a budget the doubles pass).
. "$top_srcdir/tests/tap.sh"
[ -x "$DISPERSE" ] || skip_all "no disperse binary"
need_numpy
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1

"$py" - <<'EOF' || exit 1
import numpy as np
r = np.random.default_rng(11)
# Three chunks of 2^15 and a part: the pass converts chunk by chunk.
n = 3 * (1 << 15) + 77
x = (3 * r.standard_normal(n)).astype(np.float32)
np.save("f32.npy", x)
np.save("f32as64.npy", x.astype(np.float64))
h = (3 * r.standard_normal(n)).astype(np.float16)
h[:5] = [0, -0.0, 6e-8, -6e-8, 65504]	# zero, subnormals, the largest half
np.save("f16.npy", h)
np.save("f16as64.npy", h.astype(np.float64))
# A causal mask: the last keys -inf.
m = x.copy()
m[-100:] = -np.inf
np.save("m32.npy", m)
np.save("m32as64.npy", m.astype(np.float64))
b = x.copy()
b[1234] = np.nan
np.save("nan32.npy", b)
np.save("nan32as64.npy", b.astype(np.float64))
# numpy's entropy and largest weight of the float32 values, in float64.
v = x.astype(np.float64)
z = np.exp(v - v.max())
p = z / z.sum()
with open("ref", "w") as f:
    f.write("%.17g %.17g\n" % (-(p * np.log(p)).sum(), p.max()))
# 2^22 float32 keys: 16 MiB in the file, 32 MiB as doubles.
np.save("big32.npy", r.standard_normal(1 << 22).astype(np.float32))
EOF

# same A B ARGS...: report on A and on B print the same (but the input name).
same() {
	a=$1 b=$2
	shift 2
	"$DISPERSE" report --input "$a" --format csv "$@" 2>&1 | sed "s/$a/INPUT/" >a.out
	"$DISPERSE" report --input "$b" --format csv "$@" 2>&1 | sed "s/$b/INPUT/" >b.out
	cmp -s a.out b.out && [ -s a.out ]
	ok $? "report $* on $a = on $b${DISPERSE_KERNEL:+ (kernel $DISPERSE_KERNEL)}"
	cmp -s a.out b.out || diag "$(diff a.out b.out | head -6)"
}

for opts in "" "--theta 0.25" "--theta -2" "--adaptive" "--theta 1e-300" \
    "--topk 3" "--precision float16" "--attn sparsemax"; do
	# shellcheck disable=SC2086
	same f32.npy f32as64.npy $opts
done
same f16.npy f16as64.npy
same f16.npy f16as64.npy --theta 0.5
same m32.npy m32as64.npy
same nan32.npy nan32as64.npy
grep -q "NaN at key 1234" a.out
ok $? "a NaN in a float32 row is named at its key ($(head -1 a.out))"
for k in generic avx2-fma avx512; do
	if DISPERSE_KERNEL=$k "$DISPERSE" report --n 4 >/dev/null 2>&1; then
		DISPERSE_KERNEL=$k same f32.npy f32as64.npy
	fi
done
OMP_NUM_THREADS=1 "$DISPERSE" report --input f32.npy --format csv | grep -v '^# input' >c.out
"$DISPERSE" report --input f32.npy --format csv | grep -v '^# input' >d.out
cmp -s c.out d.out
ok $? "the same with one thread"

"$DISPERSE" report --input f32.npy --format csv >out || exit 1
v() { awk -F, -v f="$1" '$1 == f { print $2 }' out; }
read -r H W <ref
close() { awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= 1e-9 * (b < 0 ? -b : b)) }'; }
close "$(v entropy_nats)" "$H"
ok $? "entropy of the float32 row $(v entropy_nats) = numpy's $H"
close "$(v max_weight)" "$W"
ok $? "largest weight $(v max_weight) = numpy's $W"

# In place: 2^22 float32 keys under a budget their doubles (32 MiB) pass.
if /usr/bin/time -f %M true >/dev/null 2>&1; then
	/usr/bin/time -f %M -o rss "$DISPERSE" report --input big32.npy \
	    --mem-budget 24Mi >out 2>err
	rc=$? kb=$(tail -1 rss)
	# Under ASan the resident peak holds the shadow and the quarantine:
	# only the exit is checked there.
	[ "$rc" -eq 0 ] && { [ -n "${DSP_SANITIZERS:-}" ] || [ "$kb" -lt $((40 * 1024)) ]; }
	ok $? "2^22 float32 keys in --mem-budget 24Mi: exit $rc, peak RSS $((kb / 1024)) MiB${DSP_SANITIZERS:+ (not compared under ASan)}"
	[ "$rc" -eq 0 ] || diag "$(cat err)"
else
	skip "no /usr/bin/time"
fi
# ... which heads, converting each row, refuses at once.
"$DISPERSE" heads big32.npy --mem-budget 24Mi >out 2>err
[ $? -eq 1 ] && grep -q "big32.npy: a row of 4194304 float32 keys read as doubles needs 48[.0-9]* MiB, over the memory budget of 24 MiB" err
ok $? "heads converts: refused ($(cat err))"

tap_done
