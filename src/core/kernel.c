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
 * x, about |x| 2^-53 relative in the weight). */
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
#include "core/fastexp.h"
#include "core/kernel.h"
#include "core/softmax.h"

#define BLOCK		512			/* 4 KiB of logits */
#define CHUNK_MIN	((size_t)1 << 15)
#define CHUNK_COUNT_MAX	((size_t)4096)
/* Threads from 2^24 items on: measured with bench/bench-threads on the
 * 2-core machine with the other core busy, a second thread waits for a
 * scheduler slice (4-12 ms), which made 2^16-2^21 3-50x slower (median);
 * 2^22-2^23 were even (0.95-1.26), 2^24 faster (0.84-0.96).  Idle, 2 threads
 * halve the time from 2^18 on, but that saves at most ~20 ms below 2^24. */
#define PAR_MIN		((size_t)1 << 24)

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#define HAVE_AVX2_CLONE 1
#endif

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

static int force_generic;
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

ALWAYS_INLINE void
block_sums(const double *e, size_t n, double piv, const struct scale *s,
    struct part *pt)
{
	double a = 0, b = 0, c = 0, x, t;
	size_t i;

#pragma omp simd reduction(+:a, b, c)
	for (i = 0; i < n; i++) {
		x = (e[i] - piv) * s->pre * s->inv;
		/* Clamped so that t x is 0, not 0 * -inf, far below the pivot. */
		x = x < DSP_FASTEXP_MIN ? DSP_FASTEXP_MIN : x;
		t = dsp_fastexp_neg(x);
		a += x == 0 ? 1.0 : 0.0;
		b += x == 0 ? 0.0 : t;
		c += t * x;
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

ALWAYS_INLINE void
chunk_body(const double *e, size_t n, const struct scale *s, struct part *pt)
{
	double lo, hi, bp;
	size_t i, m;

	pt->c0 = pt->zr = pt->wx = 0;
	pt->lo = INFINITY;
	pt->hi = -INFINITY;
	pt->bad = 0;
	pt->empty = n == 0;
	pt->piv = 0;
	for (i = 0; i < n; i += m) {
		m = n - i < BLOCK ? n - i : BLOCK;
		if (block_minmax(e + i, m, &lo, &hi)) {
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
		block_sums(e + i, m, pt->piv, s, pt);
	}
}

/* -sum q log(q + 1e-9), q = exp(x - logz): the paper's entropy term. */
ALWAYS_INLINE double
paper_body(const double *e, size_t n, double piv, const struct scale *s, double logz)
{
	double h = 0, x, q;
	size_t i;

#pragma omp simd reduction(+:h)
	for (i = 0; i < n; i++) {
		x = (e[i] - piv) * s->pre * s->inv - logz;
		x = x < DSP_FASTEXP_MIN ? DSP_FASTEXP_MIN : x;
		q = dsp_fastexp_neg(x);
		h -= q * dsp_fastlog_pos(q + DSP_PAPER_ENTROPY_EPS);
	}
	return h;
}

HOT static double
paper_generic(const double *e, size_t n, double piv, const struct scale *s, double logz)
{
	return paper_body(e, n, piv, s, logz);
}

#ifdef HAVE_AVX2_CLONE
HOT static double __attribute__((target("avx2")))
paper_avx2(const double *e, size_t n, double piv, const struct scale *s, double logz)
{
	return paper_body(e, n, piv, s, logz);
}
#endif

#ifdef HAVE_AVX2_CLONE
/* Under -std=c11 GCC does not contract a*b+c into FMA (fp-contract=off),
 * so this clone gains the 8-lane width only; an optimize("fp-contract")
 * attribute drops the file's other options (measured 80x slower). */
#define AVX512	__attribute__((target("avx512f,avx512dq,avx512vl,avx2,fma")))

static int
have_avx512(void)
{
	return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
	    __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("fma");
}

HOT static double AVX512
paper_avx512(const double *e, size_t n, double piv, const struct scale *s, double logz)
{
	return paper_body(e, n, piv, s, logz);
}

HOT static void AVX512
chunk_avx512(const double *e, size_t n, const struct scale *s, struct part *pt)
{
	chunk_body(e, n, s, pt);
}
#endif

HOT static void
chunk_generic(const double *e, size_t n, const struct scale *s, struct part *pt)
{
	chunk_body(e, n, s, pt);
}

#ifdef HAVE_AVX2_CLONE
HOT static void __attribute__((target("avx2")))
chunk_avx2(const double *e, size_t n, const struct scale *s, struct part *pt)
{
	chunk_body(e, n, s, pt);
}
#endif

typedef void (*chunk_fn)(const double *, size_t, const struct scale *, struct part *);

/* DISPERSE_KERNEL=generic picks the baseline (SSE2) path on any x86-64:
 * the vector width sets the order of the sums, so the last bits differ
 * between SSE2, AVX2 and AVX-512, and byte-exact goldens are compared on
 * the one path every machine has (tests/cli/test-golden.sh). */
#ifdef HAVE_AVX2_CLONE
static int
env_generic(void)
{
	static int v = -1;
	const char *e;

	if (v < 0) {
		e = getenv("DISPERSE_KERNEL");
		v = e != NULL && strcmp(e, "generic") == 0;
	}
	return v;
}
#endif

static chunk_fn
pick_chunk(void)
{
#ifdef HAVE_AVX2_CLONE
	if (env_generic())
		return chunk_generic;
	if (!force_generic && have_avx512())
		return chunk_avx512;
	if (!force_generic && __builtin_cpu_supports("avx2"))
		return chunk_avx2;
#endif
	return chunk_generic;
}

typedef double (*paper_fn)(const double *, size_t, double, const struct scale *, double);

static paper_fn
pick_paper(void)
{
#ifdef HAVE_AVX2_CLONE
	if (env_generic())
		return paper_generic;
	if (!force_generic && have_avx512())
		return paper_avx512;
	if (!force_generic && __builtin_cpu_supports("avx2"))
		return paper_avx2;
#endif
	return paper_generic;
}

const char *
dsp_kernel_variant(void)
{
#ifdef HAVE_AVX2_CLONE
	if (pick_chunk() == chunk_avx512)
		return "avx512";
	if (pick_chunk() == chunk_avx2)
		return "avx2";
#endif
	return "generic";
}

void
dsp_kernel_set_par_min(size_t n)
{
	par_min = n ? n : PAR_MIN;
}

void
dsp_kernel_force_generic(int on)
{
	force_generic = on != 0;
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

static int
report_bad(const double *e, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!isfinite(e[i]))
			return dsp_fail(DSP_EINVAL, "logit %zu is not finite (%g)", i, e[i]);
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

int
dsp_softmax_stats_tail(const double *e, size_t n, double tail, uint64_t tail_count,
    double theta, dsp_stats *out)
{
	struct part one, acc, *pt;
	struct scale sc;
	size_t csize, nchunks, k;
	double z, q;
	chunk_fn fn;
	long c;
	int bad = 0;

	if (n == 0 && tail_count == 0)
		return dsp_fail(DSP_EEMPTY, "no logits");
	if (theta == 0 || !isfinite(theta))
		return dsp_fail(DSP_EINVAL, "kernel needs a finite non-zero theta");
	if (tail_count > 0 && !isfinite(tail))
		return dsp_fail(DSP_EINVAL, "tail logit is not finite (%g)", tail);
	set_scale(&sc, theta);
	csize = chunking(n, &nchunks);
	pt = &one;
	if (nchunks > 1 && (pt = malloc(nchunks * sizeof *pt)) == NULL)
		return dsp_fail(DSP_ENOMEM, "out of memory (%zu kernel chunks)", nchunks);
	fn = pick_chunk();
#pragma omp parallel for schedule(static) if (n >= par_min)
	for (c = 0; c < (long)nchunks; c++) {
		size_t off = (size_t)c * csize;

		fn(e + off, n - off < csize ? n - off : csize, &sc, &pt[c]);
	}
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
		return report_bad(e, n);
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

int
dsp_softmax_paper_entropy(const double *e, size_t n, double theta, const dsp_stats *st,
    double *out)
{
	double one, *part = &one, h = 0;
	size_t csize, nchunks, k;
	struct scale sc;
	paper_fn fn;
	long c;

	if (n == 0)
		return dsp_fail(DSP_EEMPTY, "no logits");
	if (theta == 0 || !isfinite(theta))
		return dsp_fail(DSP_EINVAL, "kernel needs a finite non-zero theta");
	set_scale(&sc, theta);
	csize = chunking(n, &nchunks);
	if (nchunks > 1 && (part = malloc(nchunks * sizeof *part)) == NULL)
		return dsp_fail(DSP_ENOMEM, "out of memory (%zu kernel chunks)", nchunks);
	fn = pick_paper();
#pragma omp parallel for schedule(static) if (n >= par_min)
	for (c = 0; c < (long)nchunks; c++) {
		size_t off = (size_t)c * csize;

		part[c] = fn(e + off, n - off < csize ? n - off : csize, st->pivot, &sc,
		    st->logz_shift);
	}
	for (k = 0; k < nchunks; k++)
		h += part[k];
	if (part != &one)
		free(part);
	*out = h;
	return DSP_OK;
}

int
dsp_softmax_stats(const double *e, size_t n, double theta, dsp_stats *out)
{
	return dsp_softmax_stats_tail(e, n, 0, 0, theta, out);
}
