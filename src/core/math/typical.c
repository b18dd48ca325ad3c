/* The typical configuration of a random family's law (typical.h). */
#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_cdf.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/math/typical.h"

int
dsp_typical_family(enum dsp_family f)
{
	return f == DSP_FAM_UNIFORM || f == DSP_FAM_GAUSSIAN;
}

/* The logit whose survival (top half, top = 1) or distribution function
 * (bottom half) is q: ranks are counted from the nearer end, so q stays
 * accurate down to 1/n at any n. */
static double
law_x(const dsp_params *p, int top, double q)
{
	if (p->family == DSP_FAM_UNIFORM)
		return top ? p->delta - p->delta * q : p->delta * q;
	return (top ? 1 : -1) * p->delta * gsl_cdf_ugaussian_Qinv(q);
}

/* The tail probability beyond logit x on the given side (inverse of
 * law_x). */
static double
law_q(const dsp_params *p, int top, double x)
{
	if (p->family == DSP_FAM_UNIFORM)
		return top ? (p->delta - x) / p->delta : x / p->delta;
	return gsl_cdf_ugaussian_Q((top ? x : -x) / p->delta);
}

/* The logit in [a, b] whose weight e^{tx} is the mean of e^{tx} over
 * [a, b] (a bin's logits spread evenly): the bin then carries its exact
 * share of the partition sum; t = 0 gives the middle. */
static double
mean_weight_x(double a, double b, double t)
{
	double d = b - a, u = t * d;

	if (!(fabs(u) > 1e-8))
		return a + d / 2;
	if (u > 0)
		return b + (log(-expm1(-u)) - log(u)) / t;
	return a + (log(-expm1(u)) - log(-u)) / t;
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Rank edges of one half of `half` items beyond the `end` kept one by
 * one: geometric and logit-even edges merged, whole, increasing, ending
 * at half.  *m edges; the caller frees them. */
static int
half_edges(const dsp_params *p, int top, double n, uint64_t end, uint64_t half,
    uint64_t **out, size_t *m)
{
	size_t cap = 2 * TYPICAL_EVEN + 64, k = 0, i, j;
	double r, x0, x1, x, g = TYPICAL_GEO;
	uint64_t *e, v;

	for (r = (double)end; r < (double)half; r *= g)
		cap++;
	if ((e = dsp_malloc(cap * sizeof *e)) == NULL)
		return dsp_fail(DSP_ENOMEM, "out of memory");
	for (r = (double)end; r < (double)half && k < cap - 2; r *= g)
		e[k++] = (uint64_t)nearbyint(r);
	x0 = law_x(p, top, ((double)end + 0.5) / n);
	x1 = law_x(p, top, ((double)half - 0.5) / n);
	for (i = 1; i < TYPICAL_EVEN && k < cap - 1; i++) {
		x = x0 + (x1 - x0) * (double)i / TYPICAL_EVEN;
		v = (uint64_t)nearbyint(n * law_q(p, top, x));
		if (v > end && v < half)
			e[k++] = v;
	}
	e[k++] = half;
	qsort(e, k, sizeof *e, cmp_u64);
	for (i = 0, j = 0; i < k; i++)
		if (e[i] > end && (j == 0 || e[i] != e[j - 1]))
			e[j++] = e[i];
	*out = e;
	*m = j;
	return DSP_OK;
}

/* Push one half's bins: top half from the largest logit down, bottom half
 * from the median down to the smallest (reverse). */
static int
push_half(const dsp_params *p, int top, double n, uint64_t end, uint64_t half,
    double t, dsp_runs *e)
{
	uint64_t *edge = NULL, lo;
	double xa, xb;
	size_t m = 0, i, b;
	int rc = DSP_OK;

	if (top)
		for (i = 1; i <= end && rc == DSP_OK; i++)
			rc = dsp_runs_push(e, law_x(p, 1, ((double)i - TYPICAL_RANK_A) / (n + 1 - 2 * TYPICAL_RANK_A)), 1);
	if (rc != DSP_OK || (rc = half_edges(p, top, n, end, half, &edge, &m)) != DSP_OK)
		return rc;
	for (b = 0; b < m && rc == DSP_OK; b++) {
		i = top ? b : m - 1 - b;
		lo = i == 0 ? end : edge[i - 1];
		/* Ranks lo + 1 .. edge[i] from this end. */
		xa = law_x(p, top, (double)lo / n);
		xb = law_x(p, top, (double)edge[i] / n);
		rc = dsp_runs_push(e, mean_weight_x(fmin(xa, xb), fmax(xa, xb), t),
		    edge[i] - lo);
	}
	free(edge);
	if (!top)
		for (i = end; i >= 1 && rc == DSP_OK; i--)
			rc = dsp_runs_push(e, law_x(p, 0, ((double)i - TYPICAL_RANK_A) / (n + 1 - 2 * TYPICAL_RANK_A)), 1);
	return rc;
}

int
dsp_typical_runs(const dsp_params *p, double t, dsp_runs *e)
{
	double n = (double)p->n;
	uint64_t end = TYPICAL_END, top_half = p->n / 2, i;
	int rc;

	if (!dsp_typical_family(p->family))
		return dsp_fail(DSP_ENOTSUP, "no typical configuration for %s",
		    dsp_family_name(p->family));
	dsp_runs_clear(e);
	if (p->delta == 0)	/* every logit 0 */
		return dsp_runs_push(e, 0, p->n);
	if (p->n <= 8 * (uint64_t)TYPICAL_END) {
		for (i = 1, rc = DSP_OK; i <= p->n && rc == DSP_OK; i++)
			rc = dsp_runs_push(e, law_x(p, 1, ((double)i - TYPICAL_RANK_A) / (n + 1 - 2 * TYPICAL_RANK_A)), 1);
		return rc;
	}
	if ((rc = push_half(p, 1, n, end, top_half, t, e)) != DSP_OK)
		return rc;
	return push_half(p, 0, n, end, p->n - top_half, t, e);
}
