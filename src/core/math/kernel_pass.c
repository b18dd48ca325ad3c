/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The passes over an array: cut into chunks whose size depends on n only,
 * never on the thread count, each chunk's sums computed by kernel.c, the
 * results merged in index order, so the answer is bitwise the same with 1
 * or 64 threads. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "core/alloc.h"
#include "core/cpu.h"
#include "core/error.h"
#include "core/math/kernel.h"
#include "core/math/kernel_int.h"

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
 * which thread computed a chunk does not change a bit.  And from 2^24 on,
 * the threads a pass takes are those the machine has free (core/cpu.h):
 * with the other core busy the pass keeps to one. */
#define PAR_MIN		((size_t)1 << 24)
#define SCHED_GRAB	8			/* chunks: 2 MiB at 2^24 */

static size_t par_min = PAR_MIN;

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
		dsp_kernel_rescale(acc, (acc->piv - pt->piv) * s->pre * s->inv);
		acc->piv = pt->piv;
	} else if (pt->piv != acc->piv)
		dsp_kernel_rescale(pt, (pt->piv - acc->piv) * s->pre * s->inv);
	acc->c0 += pt->c0;
	acc->zr += pt->zr;
	acc->wx += pt->wx;
}
static int
report_bad(const void *e, int isz, size_t n)
{
	size_t i;
	double v;

	for (i = 0; i < n; i++)
		if (!isfinite(v = dsp_kernel_typed_item(e, isz, i)))
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

/* One pass over the chunks: what each chunk's call needs. */
struct pass {
	const void	*e;
	int		 isz;
	size_t		 n, csize, nchunks;
	double		*scratch;	/* a float row converted: a chunk a thread */
	struct scale	 sc;
	void		*out;		/* a struct part or paper a chunk */
	chunk_fn	 fn;		/* NULL: the paper's pass, pfn */
	paper_fn	 pfn;
	double		 piv, shift;
};

/* Chunk c of the pass: the first pass (fn) or the paper's (pfn). */
static void
pass_chunk(void *ctx, long c)
{
	struct pass *ps = ctx;
	size_t off = (size_t)c * ps->csize;
	size_t len = ps->n - off < ps->csize ? ps->n - off : ps->csize;
	const void *x = (const char *)ps->e + off * (size_t)ps->isz;

	if (ps->scratch != NULL)
		x = dsp_kernel_typed_chunk(ps->e, ps->isz, off, len, ps->scratch, ps->csize);
	if (ps->fn != NULL)
		ps->fn(x, len, &ps->sc, (struct part *)ps->out + c);
	else
		ps->pfn(x, len, ps->piv, &ps->sc, ps->shift, (struct paper *)ps->out + c);
}

/* What both passes set up: theta's scale, the chunking of n (a function
 * of n only), the chunk function for the row's type (paper: the paper's
 * pass) -- or, on a path that reads only doubles, the one for doubles and
 * a chunk of scratch a thread to convert into -- and a result of psize
 * bytes a chunk (ps->out = one, the caller's, when a single chunk needs
 * no allocation). */
static int
pass_setup(struct pass *ps, const void *e, int isz, size_t n, double theta, int paper,
    size_t psize, void *one)
{
	int rc, nt = 1, convert;

	ps->fn = paper ? NULL : dsp_kernel_chunk_fn(isz);
	ps->pfn = paper ? dsp_kernel_paper_fn(isz) : NULL;
	convert = ps->fn == NULL && ps->pfn == NULL;
	if (convert && (isz == 4 || isz == 2)) {
		ps->fn = paper ? NULL : dsp_kernel_chunk_fn(8);
		ps->pfn = paper ? dsp_kernel_paper_fn(8) : NULL;
	} else if (convert)
		return dsp_fail(DSP_EINVAL, "kernel: logits of %d bytes", isz);
	ps->e = e;
	ps->isz = isz;
	ps->n = n;
	dsp_kernel_scale(&ps->sc, theta);
	ps->csize = chunking(n, &ps->nchunks);
#ifdef _OPENMP
	if (n >= par_min)
		nt = omp_get_max_threads();
#endif
	ps->scratch = NULL;
	if (convert && (rc = dsp_kernel_typed_scratch(n, ps->csize, nt, &ps->scratch)) != DSP_OK)
		return rc;
	ps->out = one;
	if (ps->nchunks > 1 && (ps->out = dsp_malloc(ps->nchunks * psize)) == NULL) {
		free(ps->scratch);
		return dsp_fail(DSP_ENOMEM, "out of memory (%zu kernel chunks)", ps->nchunks);
	}
	return DSP_OK;
}

/* Every chunk, on the threads the machine has free from 2^24 items on;
 * the typed scratch is freed after. */
static void
pass_run(struct pass *ps)
{
	dsp_cpu_each((long)ps->nchunks, ps->n >= par_min ? 0 : 1, SCHED_GRAB, pass_chunk, ps);
	free(ps->scratch);
}

static int
stats_x(const void *e, int isz, size_t n, double tail, uint64_t tail_count,
    double theta, dsp_stats *out)
{
	struct part one, acc, *pt;
	struct pass ps;
	double z, q;
	size_t k;
	int bad = 0, rc;

	if (n == 0 && tail_count == 0)
		return dsp_fail(DSP_EEMPTY, "no logits");
	if (theta == 0 || !isfinite(theta))
		return dsp_fail(DSP_EINVAL, "kernel needs a finite non-zero theta");
	if (tail_count > 0 && !isfinite(tail))
		return dsp_fail(DSP_EINVAL, "tail logit is not finite (%g)", tail);
	if ((rc = pass_setup(&ps, e, isz, n, theta, 0, sizeof *pt, &one)) != DSP_OK)
		return rc;
	pass_run(&ps);
	pt = ps.out;
	acc.empty = 1;
	acc.lo = INFINITY;
	acc.hi = -INFINITY;
	for (k = 0; k < ps.nchunks; k++) {
		bad |= pt[k].bad;
		merge(&acc, &pt[k], &ps.sc);
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
		merge(&acc, &one, &ps.sc);
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
		y = (dsp_kernel_typed_item(e, isz, i) - piv) * s->pre * s->inv - logz;
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
	struct paper one, *part, acc = { 0, 0, 0 };
	struct pass ps;
	size_t k;
	int rc;

	if (n == 0)
		return dsp_fail(DSP_EEMPTY, "no logits");
	if (theta == 0 || !isfinite(theta))
		return dsp_fail(DSP_EINVAL, "kernel needs a finite non-zero theta");
	if ((rc = pass_setup(&ps, e, isz, n, theta, 1, sizeof *part, &one)) != DSP_OK)
		return rc;
	ps.piv = st->pivot;
	ps.shift = st->logz_shift;
	pass_run(&ps);
	part = ps.out;
	for (k = 0; k < ps.nchunks; k++) {
		acc.h += part[k].h;
		acc.zero += part[k].zero;
		acc.band += part[k].band;
	}
	if (part != &one)
		free(part);
	*out = acc.h;
	if (zeros != NULL)
		*zeros = zero_weights(e, isz, n, st->pivot, &ps.sc, st->logz_shift, acc.zero,
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

int
dsp_kernel_threads(size_t n)
{
	return n >= par_min ? dsp_cpu_threads() : 1;
}
