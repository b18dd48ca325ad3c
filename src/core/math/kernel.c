/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fused softmax statistics in one pass over memory: one chunk's sums (this
 * file) and the passes over an array (kernel_pass.c).
 *
 * The array is cut into chunks whose size depends on n only, never on the
 * thread count, and the chunk results are merged in index order: the answer
 * is bitwise the same with 1 or 64 threads.  Each chunk walks L1-sized
 * blocks: a min/max sweep, then (while the block is still in cache) the
 * exponential sums relative to the running pivot.  When a block holds a
 * more extreme logit the sums so far are rescaled once,
 *   z <- z e^d,  sum t x <- e^d (sum t x + d z),  d = (old - new) / theta,
 * so no second pass over memory is needed.
 *
 * z is kept as c0 + zr, c0 counting the items exactly at the pivot
 * (exp(0) = 1): log z = log1p(c0 - 1 + zr) stays accurate when the
 * distribution is nearly one-hot, where log(z) would lose every digit.
 * Temperatures enter as a multiplication by 1/theta (one extra rounding in
 * x, about |x| 2^-53 relative in the weight).
 *
 * The paper's entropy -sum p log(p + 1e-9) and the count of weights that
 * underflow to 0 need log z, which is known only at the end: they take a
 * second pass (dsp_softmax_paper_entropy), both in one.  No per-item
 * update can replace it: with w = exp(x) and p = w / z,
 *   sum p log(p + eps) = (1/z) sum w log(w + eps z) - log z,
 * and eps z puts the final normaliser inside every item's logarithm, next
 * to an absolute constant, so the terms cannot be rescaled like the sums
 * above when z grows.  Expanding in z does not converge either:
 * log(w + eps z) = log w + log1p(eps z / w) needs p > eps, and
 * log(eps z) + log1p(w / (eps z)) needs p < eps; at n = 2^24 a uniform
 * p is 6e-8, a few eps, and the items fall on both sides, the side known
 * only with z.  What would work is a sketch: per bin of x (width h), the
 * moments sum w (x - c)^k, k <= K, then a Taylor series of the smooth
 * log(e^(x - log z) + eps) around each bin centre c at the end; 1e-12
 * needs about h = 1/16 and K = 8 over x in [-746, 0], 12,000 bins of 9
 * sums (860 KiB, scattered: no longer in L1, no longer vectorised), far
 * dearer than this pass over memory.  So two passes; the second costs
 * an exp and a log an item (no division: fastexp512.h's table log).
 *
 * Three code paths, picked at run time (DISPERSE_KERNEL names one): the
 * portable C (SSE2), the same C with fused multiply-adds (AVX2 + FMA), and
 * AVX-512 intrinsics with a table-driven exp (fastexp512.h) whose loop
 * prefetches the next blocks while it computes this one -- without that
 * the min/max sweep waited for memory and the arithmetic for nothing
 * (2^24 logits: 41-48 ms, with it 18-21 ms, 1 thread; see load_x512). */
/* GCC will not if-convert floating-point selects (the clamp, the x == 0
 * count) while it must preserve FP traps; nothing here relies on traps. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-trapping-math")
#endif
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/math/fastexp.h"
#include "core/math/fastexp512.h"
#include "core/math/kernel.h"
#include "core/math/kernel_int.h"
#include "core/math/softmax.h"


/* Not instrumented, as HOT below: a sanitized body inlined into a HOT one
 * keeps its scope marks (a local whose address is taken, like
 * block_sums512's sums), which left poisoned stack for the next frame. */
#define ALWAYS_INLINE	static inline __attribute__((always_inline)) DSP_FE_NOSAN
/* Sanitizer checks inside the hot loops stop vectorisation, which would
 * change the summation order and so the last bits of the results
 * (goldens compare text); the loops only read e[0..n-1]. */
#define HOT	DSP_FE_NOSAN

static int forced = -1;		/* a path forced by the tests or bench, or -1 */

ALWAYS_INLINE int
block_minmax(const double *e, size_t n, double *lo, double *hi)
{
	double l = e[0], h = e[0], nf = 0;
	size_t i;

#pragma omp simd reduction(min:l) reduction(max:h) reduction(+:nf)
	for (i = 0; i < n; i++) {
		l = e[i] < l ? e[i] : l;
		h = e[i] > h ? e[i] : h;
		/* e - e is +0, or NaN exactly for NaN and infinities. */
		nf += e[i] - e[i];
	}
	*lo = l;
	*hi = h;
	return nf != 0;
}

/* plain: the caller knows every x of the block lies in
 * [DSP_FASTEXP_NORMAL, 0) (see chunk_body), so the clamp, the x == 0 count
 * and exp's split scaling would change nothing: the same sums, bit for
 * bit, with fewer operations. */
ALWAYS_INLINE void
block_sums(const double *e, size_t n, double piv, const struct scale *s,
    struct part *pt, int fused, int plain)
{
	double a = 0, b = 0, c = 0, x, t;
	size_t i;

#pragma omp simd reduction(+:a, b, c)
	for (i = 0; i < n; i++) {
		x = (e[i] - piv) * s->pre * s->inv;
		if (plain) {
			t = dsp_fastexp_clamped_f(x, fused, 1);
			b += t;
		} else {
			/* Clamped so that t x is 0, not 0 * -inf, far below the pivot. */
			x = x < DSP_FASTEXP_MIN ? DSP_FASTEXP_MIN : x;
			t = dsp_fastexp_clamped_f(x, fused, 0);
			a += x == 0 ? 1.0 : 0.0;
			b += x == 0 ? 0.0 : t;
		}
		c = DSP_FE_MAD(fused, t, x, c);
	}
	pt->c0 += a;
	pt->zr += b;
	pt->wx += c;
}

/* Move the sums of pt to a pivot d = (old - new) / theta <= 0 below. */
void
dsp_kernel_rescale(struct part *pt, double d)
{
	double f, z = pt->c0 + pt->zr;

	d = d < DSP_FASTEXP_MIN ? DSP_FASTEXP_MIN : d;
	f = exp(d);
	pt->wx = f * (pt->wx + d * z);
	pt->zr = f * z;
	pt->c0 = 0;
}

#ifdef DSP_HAVE_FE512
/* The AVX-512 path of block_minmax / block_sums / paper_body: the same
 * sums, 8 lanes, fastexp512.h's exp; a partial last vector is masked. */
#define TAILMASK(n, i)	((__mmask8)((n) - (i) >= 8 ? 0xff : (1u << ((n) - (i))) - 1))

/* The last cnt < 8 halves of a row, the lanes past them 0: a masked
 * 16-bit load needs AVX512BW, which the path does not ask for, and a wider
 * one could touch the page after the row. */
static __attribute__((noinline)) __m128i
half_tail(const uint16_t *q, unsigned cnt)
{
	uint64_t lo = 0, hi = 0, b;
	unsigned j;

	for (j = 0; j < cnt; j++) {
		b = (uint64_t)q[j] << (16 * (j & 3));
		if (j < 4)
			lo |= b;
		else
			hi |= b;
	}
	return _mm_set_epi64x((long long)hi, (long long)lo);
}

/* Items i..i+7 of a row of isz-byte logits (8 double, 4 float, 2 IEEE
 * half) as doubles, the lanes outside k read as 0.  A float or a half
 * converts exactly, so everything after is what the row converted to
 * doubles gives, bit for bit, without the conversion's trip through
 * memory (issue 27: 28 % of a float32 report, stalled on the file's
 * pages). */
ALWAYS_INLINE DSP_FE512 __m512d
load_e512(const void *e, int isz, size_t i, __mmask8 k)
{
	const char *p = (const char *)e + i * (size_t)isz;
	__m128i h;

	if (isz == 8)
		return _mm512_maskz_loadu_pd(k, p);
	if (isz == 4)
		return _mm512_cvtps_pd(_mm256_maskz_loadu_ps(k, p));
	h = k == 0xff ? _mm_loadu_si128((const __m128i *)p) :
	    half_tail((const uint16_t *)p, (unsigned)__builtin_popcount(k));
	return _mm512_cvtps_pd(_mm256_maskz_cvtph_ps(0xff, h));
}

/* Infinities show in lo and hi; a NaN does not (min and max return their
 * second operand), but it makes the block's sums NaN, which chunk_body
 * checks at the end: no per-item test here. */
ALWAYS_INLINE DSP_FE512 int
block_minmax512(const void *e, int isz, size_t off, size_t n, double *lo, double *hi)
{
	__m512d l = _mm512_set1_pd(INFINITY), h = _mm512_set1_pd(-INFINITY), v;
	__mmask8 k;
	size_t i;

	for (i = 0; i + 8 <= n; i += 8) {
		v = load_e512(e, isz, off + i, 0xff);
		l = _mm512_min_pd(v, l);
		h = _mm512_max_pd(v, h);
	}
	if (i < n) {
		k = TAILMASK(n, i);
		v = load_e512(e, isz, off + i, k);
		l = _mm512_mask_min_pd(l, k, v, l);
		h = _mm512_mask_max_pd(h, k, v, h);
	}
	*lo = _mm512_reduce_min_pd(l);
	*hi = _mm512_reduce_max_pd(h);
	return !isfinite(*lo) || !isfinite(*hi);
}

/* x = (e[i..i+7] - pivot) pre inv, the lanes outside k read as 0.  Each
 * vector prefetches one cache line of the next block into L1 and one of
 * the block 4 ahead into L2 (blocks of items: half the bytes for floats):
 * memory traffic overlaps this block's arithmetic (prefetches past the end
 * of the array are harmless hints).
 * The far one keeps more lines in flight than the near one alone: 2^24
 * logits, 1 thread, 15.5/15.7 -> 13.1/13.4 ms (min/median of 9, twice),
 * below the plain sum's 14.4-14.8 (bench-kernel, which has no hints).  scaled == 0 when pre is 1, which is but for
 * extreme temperatures (dsp_kernel_scale): one product fewer, the same bits. */
ALWAYS_INLINE DSP_FE512 __m512d
load_x512(const void *e, int isz, size_t i, __mmask8 k, __m512d vpiv, __m512d pre,
    __m512d inv, int scaled)
{
	const char *p = (const char *)e + i * (size_t)isz;
	__m512d d;

	_mm_prefetch(p + BLOCK * isz, _MM_HINT_T0);
	_mm_prefetch(p + 4 * BLOCK * isz, _MM_HINT_T1);
	d = _mm512_sub_pd(load_e512(e, isz, i, k), vpiv);
	return _mm512_mul_pd(scaled ? _mm512_mul_pd(d, pre) : d, inv);
}

struct sums512 {
	__m512d	a, b, c;
};

/* plain as in block_sums.  The lanes outside k (x from a 0 read) may be
 * anything, also positive: every sum masks them. */
ALWAYS_INLINE DSP_FE512 void
sums512_step(const void *e, int isz, size_t i, __mmask8 k, __m512d vpiv, __m512d pre,
    __m512d inv, int scaled, int plain, struct sums512 *u)
{
	__m512d x, t;
	__mmask8 z;

	x = load_x512(e, isz, i, k, vpiv, pre, inv, scaled);
	if (plain) {
		t = dsp_fe512_exp_clamped(x);
		u->b = _mm512_mask_add_pd(u->b, k, u->b, t);
	} else {
		x = _mm512_max_pd(_mm512_set1_pd(DSP_FASTEXP_MIN), x);
		t = dsp_fe512_exp_clamped(x);
		z = _mm512_mask_cmp_pd_mask(k, x, _mm512_setzero_pd(), _CMP_EQ_OQ);
		u->a = _mm512_mask_add_pd(u->a, z, u->a, _mm512_set1_pd(1.0));
		u->b = _mm512_mask_add_pd(u->b, k & (__mmask8)~z, u->b, t);
	}
	u->c = _mm512_mask3_fmadd_pd(t, x, u->c, k);
}

/* step(e, isz, off + i, mask, ...) over items off..off+n-1: full vectors
 * unmasked in the loop, the partial last one masked. */
#define WALK512(e, isz, off, n, step, ...) do {					\
	size_t i_;								\
										\
	for (i_ = 0; i_ + 8 <= (n); i_ += 8)					\
		step(e, isz, (off) + i_, 0xff, __VA_ARGS__);			\
	if (i_ < (n))								\
		step(e, isz, (off) + i_, TAILMASK(n, i_), __VA_ARGS__);		\
} while (0)

ALWAYS_INLINE DSP_FE512 void
block_sums512(const void *e, int isz, size_t off, size_t n, double piv,
    const struct scale *s, int plain, struct part *pt)
{
	const __m512d vpiv = _mm512_set1_pd(piv);
	const __m512d pre = _mm512_set1_pd(s->pre), inv = _mm512_set1_pd(s->inv);
	struct sums512 u;

	u.a = u.b = u.c = _mm512_setzero_pd();
	if (s->pre != 1)
		WALK512(e, isz, off, n, sums512_step, vpiv, pre, inv, 1, 0, &u);
	else if (plain)
		WALK512(e, isz, off, n, sums512_step, vpiv, pre, inv, 0, 1, &u);
	else
		WALK512(e, isz, off, n, sums512_step, vpiv, pre, inv, 0, 0, &u);
	pt->c0 += _mm512_reduce_add_pd(u.a);
	pt->zr += _mm512_reduce_add_pd(u.b);
	pt->wx += _mm512_reduce_add_pd(u.c);
}

/* One block's sweep and sums for each width, isz folded in: chunk_body
 * (portable code) calls them, it cannot inline AVX-512 code. */
#define BLOCK512(isz, sfx)							\
HOT static DSP_FE512 int							\
block_minmax512##sfx(const void *e, size_t off, size_t n, double *lo, double *hi) \
{										\
	return block_minmax512(e, isz, off, n, lo, hi);				\
}										\
										\
HOT static DSP_FE512 void							\
block_sums512##sfx(const void *e, size_t off, size_t n, double piv,		\
    const struct scale *s, int plain, struct part *pt)				\
{										\
	block_sums512(e, isz, off, n, piv, s, plain, pt);			\
}

BLOCK512(8, _f64)
BLOCK512(4, _f32)
BLOCK512(2, _f16)
#endif

/* Code paths: portable (SSE2 on x86-64), AVX2 + FMA (the same C with fused
 * multiply-adds), AVX-512 (intrinsics, fastexp512.h). */
enum { PATH_GENERIC, PATH_FMA, PATH_512 };

/* path and isz are constants in each caller, so the other branches fold
 * away; the portable paths read doubles only (isz 8). */
ALWAYS_INLINE void
chunk_body(const void *e, int isz, size_t n, const struct scale *s, struct part *pt,
    int path)
{
	const double *d = e;
	double lo, hi, bp, xa, xb;
	size_t i, m;
	int bad, plain;

	pt->c0 = pt->zr = pt->wx = 0;
	pt->lo = INFINITY;
	pt->hi = -INFINITY;
	pt->bad = 0;
	pt->empty = n == 0;
	pt->piv = 0;
	for (i = 0; i < n; i += m) {
		m = n - i < BLOCK ? n - i : BLOCK;
#ifdef DSP_HAVE_FE512
		if (path == PATH_512)
			bad = isz == 8 ? block_minmax512_f64(e, i, m, &lo, &hi) :
			    isz == 4 ? block_minmax512_f32(e, i, m, &lo, &hi) :
			    block_minmax512_f16(e, i, m, &lo, &hi);
		else
#endif
			bad = block_minmax(d + i, m, &lo, &hi);
		if (bad) {
			pt->bad = 1;
			return;
		}
		pt->lo = lo < pt->lo ? lo : pt->lo;
		pt->hi = hi > pt->hi ? hi : pt->hi;
		bp = s->inv > 0 ? hi : lo;
		if (i == 0)
			pt->piv = bp;
		else if (s->inv > 0 ? bp > pt->piv : bp < pt->piv) {
			dsp_kernel_rescale(pt, (pt->piv - bp) * s->pre * s->inv);
			pt->piv = bp;
		}
		/* The block's x range, by the loop's own arithmetic (monotone
		 * in e): a block without the pivot and with normal weights
		 * (nearly all) takes the plain loop. */
		xa = (bp - pt->piv) * s->pre * s->inv;
		xb = ((s->inv > 0 ? lo : hi) - pt->piv) * s->pre * s->inv;
		plain = xa < 0 && xb >= DSP_FASTEXP_NORMAL;
#ifdef DSP_HAVE_FE512
		if (path == PATH_512)
			(isz == 8 ? block_sums512_f64 : isz == 4 ? block_sums512_f32 :
			    block_sums512_f16)(e, i, m, pt->piv, s, plain, pt);
		else
#endif
		if (plain)
			block_sums(d + i, m, pt->piv, s, pt, path == PATH_FMA, 1);
		else
			block_sums(d + i, m, pt->piv, s, pt, path == PATH_FMA, 0);
	}
	if (path == PATH_512 && (isnan(pt->zr) || isnan(pt->wx)))
		pt->bad = 1;		/* a NaN logit (see block_minmax512) */
}

ALWAYS_INLINE void
paper_body(const void *v, size_t n, double piv, const struct scale *s, double logz,
    int fused, struct paper *out)
{
	const double *e = v;
	double h = 0, z = 0, band = 0, x, q;
	size_t i;

#pragma omp simd reduction(+:h, z, band)
	for (i = 0; i < n; i++) {
		x = (e[i] - piv) * s->pre * s->inv - logz;
		z += x < ZERO_SURE ? 1.0 : 0.0;
		band += x >= ZERO_SURE && x < NONZERO_SURE ? 1.0 : 0.0;
		x = x < DSP_FASTEXP_MIN ? DSP_FASTEXP_MIN : x;
		q = dsp_fastexp_clamped_f(x, fused, 0);
		h = DSP_FE_MAD(fused, -q, dsp_fastlog_pos_f(q + DSP_PAPER_ENTROPY_EPS, fused), h);
	}
	out->h = h;
	out->zero = z;
	out->band = band;
}

#ifdef DSP_HAVE_FE512
struct paper512 {
	__m512d	h, z, band;
};

/* Items with y < NONZERO_SURE are rare (weights below 1e-323): one test
 * a vector, and the counts and the clamp only when it finds one. */
ALWAYS_INLINE DSP_FE512 void
paper512_step(const void *e, int isz, size_t i, __mmask8 k, __m512d vpiv, __m512d pre,
    __m512d inv, __m512d vlz, int scaled, struct paper512 *u)
{
	const __m512d one = _mm512_set1_pd(1.0);
	__m512d x, q;
	__mmask8 low, below;

	x = _mm512_sub_pd(load_x512(e, isz, i, k, vpiv, pre, inv, scaled), vlz);
	low = _mm512_mask_cmp_pd_mask(k, x, _mm512_set1_pd(NONZERO_SURE), _CMP_LT_OQ);
	if (__builtin_expect(low != 0, 0)) {
		below = _mm512_mask_cmp_pd_mask(low, x, _mm512_set1_pd(ZERO_SURE), _CMP_LT_OQ);
		u->z = _mm512_mask_add_pd(u->z, below, u->z, one);
		u->band = _mm512_mask_add_pd(u->band, low & (__mmask8)~below, u->band, one);
		x = _mm512_max_pd(_mm512_set1_pd(DSP_FASTEXP_MIN), x);
	}
	q = dsp_fe512_exp_clamped(x);
	u->h = _mm512_mask3_fnmadd_pd(q, dsp_fe512_log(_mm512_add_pd(q,
	    _mm512_set1_pd(DSP_PAPER_ENTROPY_EPS))), u->h, k);
}

ALWAYS_INLINE DSP_FE512 void
paper512(const void *e, int isz, size_t n, double piv, const struct scale *s, double logz,
    struct paper *out)
{
	const __m512d vpiv = _mm512_set1_pd(piv), vlz = _mm512_set1_pd(logz);
	const __m512d pre = _mm512_set1_pd(s->pre), inv = _mm512_set1_pd(s->inv);
	struct paper512 u;

	u.h = u.z = u.band = _mm512_setzero_pd();
	if (s->pre != 1)
		WALK512(e, isz, 0, n, paper512_step, vpiv, pre, inv, vlz, 1, &u);
	else
		WALK512(e, isz, 0, n, paper512_step, vpiv, pre, inv, vlz, 0, &u);
	out->h = _mm512_reduce_add_pd(u.h);
	out->zero = _mm512_reduce_add_pd(u.z);
	out->band = _mm512_reduce_add_pd(u.band);
}
#endif

HOT static void
chunk_generic(const void *e, size_t n, const struct scale *s, struct part *pt)
{
	chunk_body(e, 8, n, s, pt, PATH_GENERIC);
}

HOT static void
paper_generic(const void *e, size_t n, double piv, const struct scale *s, double logz,
    struct paper *out)
{
	paper_body(e, n, piv, s, logz, 0, out);
}

#ifdef DSP_HAVE_FE512
#define FMA	__attribute__((target("avx2,fma")))

HOT static void FMA
chunk_fma(const void *e, size_t n, const struct scale *s, struct part *pt)
{
	chunk_body(e, 8, n, s, pt, PATH_FMA);
}

HOT static void FMA
paper_fma(const void *e, size_t n, double piv, const struct scale *s, double logz,
    struct paper *out)
{
	paper_body(e, n, piv, s, logz, 1, out);
}

/* The AVX-512 passes over doubles, floats and halves in place. */
#define AVX512_PASSES(isz, sfx)							\
HOT static void DSP_FE512							\
chunk_avx512##sfx(const void *e, size_t n, const struct scale *s, struct part *pt) \
{										\
	chunk_body(e, isz, n, s, pt, PATH_512);					\
}										\
										\
HOT static void DSP_FE512							\
paper_avx512##sfx(const void *e, size_t n, double piv, const struct scale *s,	\
    double logz, struct paper *out)						\
{										\
	paper512(e, isz, n, piv, s, logz, out);					\
}

AVX512_PASSES(8, _f64)
AVX512_PASSES(4, _f32)
AVX512_PASSES(2, _f16)

static int
have_avx512(void)
{
	return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
	    __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("fma");
}

#endif

static const char *const path_name[] = { "generic", "avx2-fma", "avx512" };

static int
path_supported(int path)
{
#ifdef DSP_HAVE_FE512
	if (path == PATH_512)
		return have_avx512();
	if (path == PATH_FMA)
		return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#endif
	return path == PATH_GENERIC;
}

static int
path_by_name(const char *name)
{
	int p;

	for (p = 0; p < (int)(sizeof path_name / sizeof path_name[0]); p++)
		if (strcmp(name, path_name[p]) == 0)
			return p;
	return -1;
}

/* The widest path this CPU has, unless DISPERSE_KERNEL names another one
 * it supports.  The paths round differently (vector width, FMA, the exp),
 * so the last bits of a result differ between them; byte-exact goldens
 * are compared on "generic", the one path every x86-64 has
 * (tests/cli/test-golden.sh). */
static int
default_path(void)
{
	static int v = -1;
	const char *e;
	int p;

	if (v >= 0)
		return v;
	e = getenv("DISPERSE_KERNEL");
	if (e != NULL && (p = path_by_name(e)) >= 0 && path_supported(p))
		return v = p;
	for (p = PATH_512; p > PATH_GENERIC && !path_supported(p); p--)
		;
	return v = p;
}

static int
pick_path(void)
{
	return forced >= 0 ? forced : default_path();
}

chunk_fn
dsp_kernel_chunk_fn(int isz)
{
	int path = pick_path();

#ifdef DSP_HAVE_FE512
	if (path == PATH_512)
		return isz == 8 ? chunk_avx512_f64 : isz == 4 ? chunk_avx512_f32 :
		    isz == 2 ? chunk_avx512_f16 : NULL;
	if (path == PATH_FMA)
		return isz == 8 ? chunk_fma : NULL;
#endif
	return isz == 8 && path == PATH_GENERIC ? chunk_generic : NULL;
}

paper_fn
dsp_kernel_paper_fn(int isz)
{
	int path = pick_path();

#ifdef DSP_HAVE_FE512
	if (path == PATH_512)
		return isz == 8 ? paper_avx512_f64 : isz == 4 ? paper_avx512_f32 :
		    isz == 2 ? paper_avx512_f16 : NULL;
	if (path == PATH_FMA)
		return isz == 8 ? paper_fma : NULL;
#endif
	return isz == 8 && path == PATH_GENERIC ? paper_generic : NULL;
}

const char *
dsp_kernel_variant(void)
{
	return path_name[pick_path()];
}


void
dsp_kernel_force_generic(int on)
{
	forced = on ? PATH_GENERIC : -1;
}

int
dsp_kernel_force(const char *name)
{
	int p = name == NULL ? -1 : path_by_name(name);

	if (name != NULL && (p < 0 || !path_supported(p)))
		return dsp_fail(DSP_ENOTSUP, "kernel path %s is not available on this CPU", name);
	forced = p;
	return DSP_OK;
}
