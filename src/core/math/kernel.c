/* Fused softmax statistics in one pass over memory.
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
#ifdef _OPENMP
#include <omp.h>
#endif

#include "core/alloc.h"
#include "core/error.h"
#include "core/math/fastexp.h"
#include "core/math/fastexp512.h"
#include "core/math/kernel.h"
#include "core/math/softmax.h"

#define BLOCK		512			/* 4 KiB of logits */
#define CHUNK_MIN	((size_t)1 << 15)
#define CHUNK_COUNT_MAX	((size_t)4096)
/* Threads from 2^24 items on: measured with bench/bench-threads on the
 * 2-core machine with the other core busy, a second thread waits for a
 * scheduler slice (4-35 ms), which made 2^15-2^21 1.4-180x slower (median);
 * 2^22-2^23 were even (0.82-1.36), 2^24 faster (0.73-0.93).  Re-measured
 * with the AVX-512 kernel (18-50 ms at 2^24, 1 thread): the per-item work
 * shrank 3x but the scheduler's slice did not, so the threshold stays.
 * Idle, 2 threads halve the time from 2^16 on, saving at most ~10 ms.
 * Chunks are handed out SCHED_GRAB at a time to whichever thread is free, not
 * halved in advance: with the other core busy, a thread that shares its core
 * then takes fewer chunks instead of making the other wait (2-thread / 1-thread
 * median at 2^24, three runs each: halves 1.28, 0.98, 1.28; grabs 1.04, 0.81,
 * 0.71; idle both 0.5).  The partial results are merged in chunk order, so
 * which thread computed a chunk does not change a bit. */
#define PAR_MIN		((size_t)1 << 24)
#define SCHED_GRAB	8			/* chunks: 2 MiB at 2^24 */

#define ALWAYS_INLINE	static inline __attribute__((always_inline)) DSP_FE_NOSAN
/* Sanitizer checks inside the hot loops stop vectorisation, which would
 * change the summation order and so the last bits of the results
 * (goldens compare text); the loops only read e[0..n-1]. */
#define HOT	DSP_FE_NOSAN

/* Sums of one stretch of items relative to its own pivot. */
struct part {
	double	piv;		/* extreme logit in the direction of theta */
	double	c0;		/* items with x == 0 */
	double	zr;		/* sum of the other exp(x) */
	double	wx;		/* sum exp(x) x */
	double	lo, hi;
	int	bad;		/* a non-finite logit was seen */
	int	empty;
};

/* x = (e - pivot) * pre * inv with pre * inv = 1/theta; pre = 2^+-600 keeps
 * inv finite and normal for subnormal or huge temperatures. */
struct scale {
	double	pre, inv;
};

static int forced = -1;		/* a path forced by the tests or bench, or -1 */
static size_t par_min = PAR_MIN;

static void
set_scale(struct scale *s, double theta)
{
	s->pre = 1;
	if (fabs(theta) < 0x1p-900)
		s->pre = 0x1p600;
	else if (fabs(theta) > 0x1p900)
		s->pre = 0x1p-600;
	s->inv = 1 / (theta * s->pre);
}

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
static void
rescale(struct part *pt, double d)
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

/* Infinities show in lo and hi; a NaN does not (min and max return their
 * second operand), but it makes the block's sums NaN, which chunk_body
 * checks at the end: no per-item test here. */
HOT static DSP_FE512 int
block_minmax512(const double *e, size_t n, double *lo, double *hi)
{
	__m512d l = _mm512_set1_pd(INFINITY), h = _mm512_set1_pd(-INFINITY), v;
	__mmask8 k;
	size_t i;

	for (i = 0; i + 8 <= n; i += 8) {
		v = _mm512_loadu_pd(e + i);
		l = _mm512_min_pd(v, l);
		h = _mm512_max_pd(v, h);
	}
	if (i < n) {
		k = TAILMASK(n, i);
		v = _mm512_maskz_loadu_pd(k, e + i);
		l = _mm512_mask_min_pd(l, k, v, l);
		h = _mm512_mask_max_pd(h, k, v, h);
	}
	*lo = _mm512_reduce_min_pd(l);
	*hi = _mm512_reduce_max_pd(h);
	return !isfinite(*lo) || !isfinite(*hi);
}

/* x = (e[0..7] - pivot) pre inv, the lanes outside k read as 0.  Each
 * vector prefetches one cache line of the next block into L1 and one of
 * the block 4 ahead into L2: memory traffic overlaps this block's
 * arithmetic (prefetches past the end of the array are harmless hints).
 * The far one keeps more lines in flight than the near one alone: 2^24
 * logits, 1 thread, 15.5/15.7 -> 13.1/13.4 ms (min/median of 9, twice),
 * below the plain sum's 14.4-14.8 (bench-kernel, which has no hints).  scaled == 0 when pre is 1, which is but for
 * extreme temperatures (set_scale): one product fewer, the same bits. */
static inline __attribute__((always_inline)) DSP_FE512 __m512d
load_x512(const double *e, __mmask8 k, __m512d vpiv, __m512d pre, __m512d inv, int scaled)
{
	__m512d d;

	_mm_prefetch((const char *)(e + BLOCK), _MM_HINT_T0);
	_mm_prefetch((const char *)(e + 4 * BLOCK), _MM_HINT_T1);
	d = _mm512_sub_pd(_mm512_maskz_loadu_pd(k, e), vpiv);
	return _mm512_mul_pd(scaled ? _mm512_mul_pd(d, pre) : d, inv);
}

struct sums512 {
	__m512d	a, b, c;
};

/* plain as in block_sums.  The lanes outside k (x from a 0 read) may be
 * anything, also positive: every sum masks them. */
static inline __attribute__((always_inline)) DSP_FE512 void
sums512_step(const double *e, __mmask8 k, __m512d vpiv, __m512d pre, __m512d inv,
    int scaled, int plain, struct sums512 *u)
{
	__m512d x, t;
	__mmask8 z;

	x = load_x512(e, k, vpiv, pre, inv, scaled);
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

/* step(e + i, mask, ...) over e[0..n-1]: full vectors unmasked in the
 * loop, the partial last one masked. */
#define WALK512(e, n, step, ...) do {						\
	size_t i_;								\
										\
	for (i_ = 0; i_ + 8 <= (n); i_ += 8)					\
		step((e) + i_, 0xff, __VA_ARGS__);				\
	if (i_ < (n))								\
		step((e) + i_, TAILMASK(n, i_), __VA_ARGS__);			\
} while (0)

HOT static DSP_FE512 void
block_sums512(const double *e, size_t n, double piv, const struct scale *s,
    int plain, struct part *pt)
{
	const __m512d vpiv = _mm512_set1_pd(piv);
	const __m512d pre = _mm512_set1_pd(s->pre), inv = _mm512_set1_pd(s->inv);
	struct sums512 u;

	u.a = u.b = u.c = _mm512_setzero_pd();
	if (s->pre != 1)
		WALK512(e, n, sums512_step, vpiv, pre, inv, 1, 0, &u);
	else if (plain)
		WALK512(e, n, sums512_step, vpiv, pre, inv, 0, 1, &u);
	else
		WALK512(e, n, sums512_step, vpiv, pre, inv, 0, 0, &u);
	pt->c0 += _mm512_reduce_add_pd(u.a);
	pt->zr += _mm512_reduce_add_pd(u.b);
	pt->wx += _mm512_reduce_add_pd(u.c);
}
#endif

/* Code paths: portable (SSE2 on x86-64), AVX2 + FMA (the same C with fused
 * multiply-adds), AVX-512 (intrinsics, fastexp512.h). */
enum { PATH_GENERIC, PATH_FMA, PATH_512 };

/* path is a constant in each caller, so the other branches fold away. */
ALWAYS_INLINE void
chunk_body(const double *e, size_t n, const struct scale *s, struct part *pt, int path)
{
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
			bad = block_minmax512(e + i, m, &lo, &hi);
		else
#endif
			bad = block_minmax(e + i, m, &lo, &hi);
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
			rescale(pt, (pt->piv - bp) * s->pre * s->inv);
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
			block_sums512(e + i, m, pt->piv, s, plain, pt);
		else
#endif
		if (plain)
			block_sums(e + i, m, pt->piv, s, pt, path == PATH_FMA, 1);
		else
			block_sums(e + i, m, pt->piv, s, pt, path == PATH_FMA, 0);
	}
	if (path == PATH_512 && (isnan(pt->zr) || isnan(pt->wx)))
		pt->bad = 1;		/* a NaN logit (see block_minmax512) */
}

/* Weights exp(y) underflow to 0 below log(2^-1075) = -745.13...: surely
 * for y < -745.2, never for y >= -745 (exp(-745) = 4.9e-324 rounds to the
 * smallest subnormal).  The pass counts the first and the items in
 * between (the band); libm decides the band afterwards, item by item. */
#define ZERO_SURE	(-745.2)
#define NONZERO_SURE	(-745.0)

/* The second pass, given log z: the paper's -sum q log(q + 1e-9),
 * q = exp(x - logz), and the zero-weight counts. */
struct paper {
	double	h;
	double	zero;		/* items with y < ZERO_SURE */
	double	band;		/* items with ZERO_SURE <= y < NONZERO_SURE */
};

ALWAYS_INLINE void
paper_body(const double *e, size_t n, double piv, const struct scale *s, double logz,
    int fused, struct paper *out)
{
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
static inline __attribute__((always_inline)) DSP_FE512 void
paper512_step(const double *e, __mmask8 k, __m512d vpiv, __m512d pre, __m512d inv,
    __m512d vlz, int scaled, struct paper512 *u)
{
	const __m512d one = _mm512_set1_pd(1.0);
	__m512d x, q;
	__mmask8 low, below;

	x = _mm512_sub_pd(load_x512(e, k, vpiv, pre, inv, scaled), vlz);
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

HOT static DSP_FE512 void
paper512(const double *e, size_t n, double piv, const struct scale *s, double logz,
    struct paper *out)
{
	const __m512d vpiv = _mm512_set1_pd(piv), vlz = _mm512_set1_pd(logz);
	const __m512d pre = _mm512_set1_pd(s->pre), inv = _mm512_set1_pd(s->inv);
	struct paper512 u;

	u.h = u.z = u.band = _mm512_setzero_pd();
	if (s->pre != 1)
		WALK512(e, n, paper512_step, vpiv, pre, inv, vlz, 1, &u);
	else
		WALK512(e, n, paper512_step, vpiv, pre, inv, vlz, 0, &u);
	out->h = _mm512_reduce_add_pd(u.h);
	out->zero = _mm512_reduce_add_pd(u.z);
	out->band = _mm512_reduce_add_pd(u.band);
}
#endif

typedef void (*chunk_fn)(const double *, size_t, const struct scale *, struct part *);
typedef void (*paper_fn)(const double *, size_t, double, const struct scale *, double,
    struct paper *);

HOT static void
chunk_generic(const double *e, size_t n, const struct scale *s, struct part *pt)
{
	chunk_body(e, n, s, pt, PATH_GENERIC);
}

HOT static void
paper_generic(const double *e, size_t n, double piv, const struct scale *s, double logz,
    struct paper *out)
{
	paper_body(e, n, piv, s, logz, 0, out);
}

#ifdef DSP_HAVE_FE512
#define FMA	__attribute__((target("avx2,fma")))

HOT static void FMA
chunk_fma(const double *e, size_t n, const struct scale *s, struct part *pt)
{
	chunk_body(e, n, s, pt, PATH_FMA);
}

HOT static void FMA
paper_fma(const double *e, size_t n, double piv, const struct scale *s, double logz,
    struct paper *out)
{
	paper_body(e, n, piv, s, logz, 1, out);
}

HOT static void DSP_FE512
chunk_avx512(const double *e, size_t n, const struct scale *s, struct part *pt)
{
	chunk_body(e, n, s, pt, PATH_512);
}

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

static chunk_fn
pick_chunk(void)
{
#ifdef DSP_HAVE_FE512
	switch (pick_path()) {
	case PATH_512:
		return chunk_avx512;
	case PATH_FMA:
		return chunk_fma;
	}
#endif
	return chunk_generic;
}

static paper_fn
pick_paper(void)
{
#ifdef DSP_HAVE_FE512
	switch (pick_path()) {
	case PATH_512:
		return paper512;
	case PATH_FMA:
		return paper_fma;
	}
#endif
	return paper_generic;
}

const char *
dsp_kernel_variant(void)
{
	return path_name[pick_path()];
}

void
dsp_kernel_set_par_min(size_t n)
{
	par_min = n ? n : PAR_MIN;
}

size_t
dsp_kernel_par_min(void)
{
	return par_min;
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

/* acc += pt, both relative to their pivots. */
static void
merge(struct part *acc, struct part *pt, const struct scale *s)
{
	if (pt->empty)
		return;
	acc->lo = pt->lo < acc->lo ? pt->lo : acc->lo;
	acc->hi = pt->hi > acc->hi ? pt->hi : acc->hi;
	if (acc->empty) {
		acc->piv = pt->piv;
		acc->c0 = pt->c0;
		acc->zr = pt->zr;
		acc->wx = pt->wx;
		acc->empty = 0;
		return;
	}
	if (s->inv > 0 ? pt->piv > acc->piv : pt->piv < acc->piv) {
		rescale(acc, (acc->piv - pt->piv) * s->pre * s->inv);
		acc->piv = pt->piv;
	} else if (pt->piv != acc->piv)
		rescale(pt, (pt->piv - acc->piv) * s->pre * s->inv);
	acc->c0 += pt->c0;
	acc->zr += pt->zr;
	acc->wx += pt->wx;
}

/* ---- Logits in their file's type (dsp_softmax_stats_x) ----
 * A float32 or float16 row is not converted whole: each chunk is converted
 * into a scratch of the thread's (a chunk is 2^15 items up to n = 2^27:
 * 256 KiB, in L2) just before the chunk's pass reads it, so the pass runs
 * on the same doubles in the same order as over a converted row, bit for
 * bit, and the memory is a chunk a thread instead of n doubles. */

/* Bits of an IEEE half to double, exactly: shifted into a float's place
 * and scaled by 2^112 (which makes subnormal halves normal floats); the
 * exponent 31 (inf, NaN) set apart.  No branch: the loop vectorises. */
static inline __attribute__((always_inline)) double
half_bits(uint16_t h)
{
	uint32_t u = (uint32_t)(h & 0x7fff) << 13, inf = (h & 0x7c00) == 0x7c00;
	float f;

	u = inf ? u | 0x7f800000u : u;
	memcpy(&f, &u, 4);
	f = inf ? f : f * 0x1p112f;
	return (h & 0x8000) ? -(double)f : (double)f;
}

static void
convert_x(const void *src, int isz, size_t off, size_t len, double *out)
{
	size_t i;

	if (isz == 4) {
		const float *f = (const float *)src + off;

#pragma omp simd
		for (i = 0; i < len; i++)
			out[i] = f[i];
	} else {
		const uint16_t *h = (const uint16_t *)src + off;

#pragma omp simd
		for (i = 0; i < len; i++)
			out[i] = half_bits(h[i]);
	}
}

/* Item i of a typed source as a double. */
static double
item_x(const void *src, int isz, size_t i)
{
	double d;

	if (isz == 8)
		return ((const double *)src)[i];
	convert_x(src, isz, i, 1, &d);
	return d;
}

/* The chunk [off, off + len) of src as doubles: in place for float64,
 * else converted into this thread's part of scratch (csize doubles each). */
static const double *
chunk_of(const void *src, int isz, size_t off, size_t len, double *scratch,
    size_t csize)
{
	double *buf;
	int t = 0;

	if (isz == 8)
		return (const double *)src + off;
#ifdef _OPENMP
	t = omp_get_thread_num();
#endif
	buf = scratch + (size_t)t * csize;
	convert_x(src, isz, off, len, buf);
	return buf;
}

/* Scratch for the typed passes: a chunk for each thread that may run
 * (NULL for float64, which needs none). */
static int
scratch_alloc(int isz, size_t n, size_t csize, double **out)
{
	size_t nt = 1;

	*out = NULL;
	if (isz == 8)
		return DSP_OK;
	if (isz != 4 && isz != 2)
		return dsp_fail(DSP_EINVAL, "kernel: logits of %d bytes", isz);
#ifdef _OPENMP
	if (n >= par_min)
		nt = (size_t)omp_get_max_threads();
#endif
	if ((*out = dsp_malloc(nt * (csize < n ? csize : n) * sizeof **out)) == NULL)
		return dsp_fail_nomem("the kernel's chunk scratch", nt * csize * sizeof **out);
	return DSP_OK;
}

static int
report_bad(const void *e, int isz, size_t n)
{
	size_t i;
	double v;

	for (i = 0; i < n; i++)
		if (!isfinite(v = item_x(e, isz, i)))
			return dsp_fail(DSP_EINVAL, "logit %zu is not finite (%g)", i, v);
	return dsp_fail(DSP_EINVAL, "a logit is not finite");
}

/* Chunk size and count for n items: a function of n only. */
static size_t
chunking(size_t n, size_t *nchunks)
{
	size_t csize = CHUNK_MIN;

	if (n / csize >= CHUNK_COUNT_MAX)
		csize = (n / CHUNK_COUNT_MAX + BLOCK) / BLOCK * BLOCK;
	*nchunks = (n + csize - 1) / csize;
	return csize;
}

static int
stats_x(const void *e, int isz, size_t n, double tail, uint64_t tail_count,
    double theta, dsp_stats *out)
{
	struct part one, acc, *pt;
	struct scale sc;
	size_t csize, nchunks, k;
	double z, q, *scratch;
	chunk_fn fn;
	long c;
	int bad = 0, rc;

	if (n == 0 && tail_count == 0)
		return dsp_fail(DSP_EEMPTY, "no logits");
	if (theta == 0 || !isfinite(theta))
		return dsp_fail(DSP_EINVAL, "kernel needs a finite non-zero theta");
	if (tail_count > 0 && !isfinite(tail))
		return dsp_fail(DSP_EINVAL, "tail logit is not finite (%g)", tail);
	set_scale(&sc, theta);
	csize = chunking(n, &nchunks);
	if ((rc = scratch_alloc(isz, n, csize, &scratch)) != DSP_OK)
		return rc;
	pt = &one;
	if (nchunks > 1 && (pt = dsp_malloc(nchunks * sizeof *pt)) == NULL) {
		free(scratch);
		return dsp_fail(DSP_ENOMEM, "out of memory (%zu kernel chunks)", nchunks);
	}
	fn = pick_chunk();
#pragma omp parallel for schedule(dynamic, SCHED_GRAB) if (n >= par_min)
	for (c = 0; c < (long)nchunks; c++) {
		size_t off = (size_t)c * csize, len = n - off < csize ? n - off : csize;

		fn(chunk_of(e, isz, off, len, scratch, csize), len, &sc, &pt[c]);
	}
	free(scratch);
	acc.empty = 1;
	acc.lo = INFINITY;
	acc.hi = -INFINITY;
	for (k = 0; k < nchunks; k++) {
		bad |= pt[k].bad;
		merge(&acc, &pt[k], &sc);
	}
	if (pt != &one)
		free(pt);
	if (bad)
		return report_bad(e, isz, n);
	if (tail_count > 0) {
		one.empty = 0;
		one.bad = 0;
		one.piv = one.lo = one.hi = tail;
		one.c0 = (double)tail_count;
		one.zr = one.wx = 0;
		merge(&acc, &one, &sc);
	}
	z = acc.c0 + acc.zr;
	q = theta > 0 ? acc.lo : acc.hi;
	out->logz_shift = log1p((acc.c0 - 1) + acc.zr);
	out->pivot = acc.piv;
	out->logz = acc.piv / theta + out->logz_shift;
	out->entropy = log1p((acc.c0 - 1) + acc.zr) - acc.wx / z;
	out->max_weight = 1 / z;
	out->min_weight = exp((q - acc.piv) / theta) / z;
	out->emin = acc.lo;
	out->emax = acc.hi;
	return DSP_OK;
}

/* Items whose weight exp(y) is 0 in libm, given the pass's counts: the
 * band is decided item by item (rare: it is 0.2 wide). */
static double
zero_weights(const void *e, int isz, size_t n, double piv, const struct scale *s,
    double logz, double zero, double band)
{
	double y;
	size_t i;

	for (i = 0; band > 0 && i < n; i++) {
		y = (item_x(e, isz, i) - piv) * s->pre * s->inv - logz;
		if (y >= ZERO_SURE && y < NONZERO_SURE) {
			zero += exp(y) == 0;
			band--;
		}
	}
	return zero;
}

int
dsp_softmax_paper_entropy_x(const void *e, int isz, size_t n, double theta,
    const dsp_stats *st, double *out, double *zeros)
{
	struct paper one, *part = &one, acc = { 0, 0, 0 };
	size_t csize, nchunks, k;
	struct scale sc;
	double *scratch;
	paper_fn fn;
	long c;
	int rc;

	if (n == 0)
		return dsp_fail(DSP_EEMPTY, "no logits");
	if (theta == 0 || !isfinite(theta))
		return dsp_fail(DSP_EINVAL, "kernel needs a finite non-zero theta");
	set_scale(&sc, theta);
	csize = chunking(n, &nchunks);
	if ((rc = scratch_alloc(isz, n, csize, &scratch)) != DSP_OK)
		return rc;
	if (nchunks > 1 && (part = dsp_malloc(nchunks * sizeof *part)) == NULL) {
		free(scratch);
		return dsp_fail(DSP_ENOMEM, "out of memory (%zu kernel chunks)", nchunks);
	}
	fn = pick_paper();
#pragma omp parallel for schedule(dynamic, SCHED_GRAB) if (n >= par_min)
	for (c = 0; c < (long)nchunks; c++) {
		size_t off = (size_t)c * csize, len = n - off < csize ? n - off : csize;

		fn(chunk_of(e, isz, off, len, scratch, csize), len, st->pivot, &sc,
		    st->logz_shift, &part[c]);
	}
	free(scratch);
	for (k = 0; k < nchunks; k++) {
		acc.h += part[k].h;
		acc.zero += part[k].zero;
		acc.band += part[k].band;
	}
	if (part != &one)
		free(part);
	*out = acc.h;
	if (zeros != NULL)
		*zeros = zero_weights(e, isz, n, st->pivot, &sc, st->logz_shift, acc.zero,
		    acc.band);
	return DSP_OK;
}

int
dsp_softmax_paper_entropy(const double *e, size_t n, double theta, const dsp_stats *st,
    double *out, double *zeros)
{
	return dsp_softmax_paper_entropy_x(e, 8, n, theta, st, out, zeros);
}

int
dsp_softmax_stats_tail(const double *e, size_t n, double tail, uint64_t tail_count,
    double theta, dsp_stats *out)
{
	return stats_x(e, 8, n, tail, tail_count, theta, out);
}

int
dsp_softmax_stats_x(const void *e, int isz, size_t n, double theta, dsp_stats *out)
{
	return stats_x(e, isz, n, 0, 0, theta, out);
}

int
dsp_softmax_stats(const double *e, size_t n, double theta, dsp_stats *out)
{
	return stats_x(e, 8, n, 0, 0, theta, out);
}
