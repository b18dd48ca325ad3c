/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Questions about a number format that need whole evaluations: dsp_eval
 * under a chosen emulation model, and the smallest n where a weight
 * underflows to 0.  Above eval.c, which itself only calls precision.c's
 * re-summarising. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "core/alloc.h"
#include "core/math/alt.h"
#include "core/error.h"
#include "core/math/eval.h"
#include "core/schema/family.h"
#include "core/job.h"
#include "core/math/prec_eval.h"
#include "core/math/precision.h"

int
dsp_prec_eval(const dsp_params *p, enum dsp_prec_model m, dsp_runs *w,
    dsp_summary *s)
{
	dsp_params q = *p;
	int rc;

	q.precision = DSP_PREC_DOUBLE;
	if ((rc = dsp_eval(&q, s)) != DSP_OK)
		return rc;
	if (p->precision == DSP_PREC_DOUBLE)
		return w == NULL ? DSP_OK : dsp_eval_weights(&q, w, s);
	return dsp_prec_resummarise(p, m, w, s);
}

/* Whether some weight of p at n is exactly 0: the whole evaluation,
 * logits drawn again (the route for everything the array form below does
 * not cover, and for its failures, so that they read the same). */
static int
has_zero_eval(const dsp_params *p, enum dsp_prec_model m, double n, int *z)
{
	dsp_params q = *p;
	dsp_summary s;
	int rc;

	q.n = (uint64_t)n;
	if ((rc = dsp_prec_eval(&q, m, NULL, &s)) != DSP_OK)
		return rc;
	*z = s.zero_weights > 0 || s.min_weight == 0;
	return DSP_OK;
}

/* Items of a block of the shared logits whose extremes are kept. */
#define RANGE_BLOCK	4096

struct dsp_prec_search {
	double		 n_max;
	double		*logits;	/* at n_max (nested families), else NULL */
	double		*lo, *hi;	/* extremes of each RANGE_BLOCK of logits */
	int		 ranged;	/* lo, hi hold them (no NaN among the logits) */
};

/* One underflow search: the parameters, and (sh != NULL) the array
 * route's shared logits; the effective temperature once known for every
 * n (fixed_theta). */
struct search {
	const dsp_params *p;
	enum dsp_prec_model m;
	const dsp_prec_search *sh;
	int		 theta_known;
	double		 theta;
};

/* The effective temperature of p is the same at every n: a plain softmax
 * without adaptive temperature (SSMax and log-n attention scale theta with
 * n, the adaptive one reads the row).  Over shared logits, where the double
 * evaluation that gave it at n_max (the search's first probe) also passes
 * at every smaller n: the same parameters, a prefix of finite logits, an
 * item-by-item route and memory that only shrink with n. */
static int
fixed_theta(const struct search *sr)
{
	return sr->sh->logits != NULL && sr->p->attn == DSP_ATTN_SOFTMAX &&
	    !sr->p->adaptive;
}

/* The smallest and largest of the first n shared logits, from the blocks'
 * extremes; 0 when they are not kept. */
static int
prefix_range(const dsp_prec_search *sh, size_t n, double r[2])
{
	size_t b, i;

	if (sh->logits == NULL || !sh->ranged)
		return 0;
	r[0] = INFINITY;
	r[1] = -INFINITY;
	for (b = 0; b < n / RANGE_BLOCK; b++) {
		r[0] = fmin(r[0], sh->lo[b]);
		r[1] = fmax(r[1], sh->hi[b]);
	}
	for (i = b * RANGE_BLOCK; i < n; i++) {
		r[0] = fmin(r[0], sh->logits[i]);
		r[1] = fmax(r[1], sh->logits[i]);
	}
	return 1;
}

static void
block_ranges(dsp_prec_search *sh, size_t n)
{
	size_t b, i, i1, nan = 0;
	double lo, hi, v;

	for (b = 0; b * RANGE_BLOCK < n; b++) {
		i1 = n - b * RANGE_BLOCK < RANGE_BLOCK ? n : (b + 1) * RANGE_BLOCK;
		lo = INFINITY;
		hi = -INFINITY;
		for (i = b * RANGE_BLOCK; i < i1; i++) {
			v = sh->logits[i];
			nan += v != v;
			lo = v < lo ? v : lo;
			hi = v > hi ? v : hi;
		}
		sh->lo[b] = lo;
		sh->hi[b] = hi;
	}
	sh->ranged = nan == 0;
}

/* The searches of p up to n_max under model m go through arrays of
 * logits: a softmax-type row (emulated, not stored) of a family without
 * runs, item by item; the double row too, over shared logits. */
static int
array_family(const dsp_params *p, enum dsp_prec_model m, double n_max)
{
	return m != DSP_PREC_MODEL_STORE && dsp_attn_is_softmax(p->attn) &&
	    p->family != DSP_FAM_FILE && !dsp_family_has_runs(p) &&
	    n_max <= (double)DSP_EXPLICIT_MAX;
}

/* The same answer as has_zero_eval from the array: the logits once
 * (shared, or drawn at n), the double evaluation over them for the
 * effective temperature (and whatever it refuses; once only where that
 * temperature is fixed), then only whether a weight is 0, no summary.  Any
 * failure goes back to has_zero_eval. */
static int
has_zero_array(struct search *sr, double n, int *z)
{
	dsp_params q = *sr->p;
	double *own = NULL, range[2];
	const double *x = sr->sh->logits;
	dsp_summary s;
	int zero;

	q.n = (uint64_t)n;
	q.precision = DSP_PREC_DOUBLE;
	if (x == NULL && (dsp_params_check(&q) != DSP_OK ||
	    dsp_family_alloc(&q, &own) != DSP_OK))
		goto slow;
	if (x == NULL)
		x = own;
	if (!sr->theta_known) {
		if (dsp_eval_logits(&q, x, &s) != DSP_OK || s.method == DSP_METHOD_EXPECTED ||
		    s.method == DSP_METHOD_TYPICAL)
			goto slow;
		sr->theta = s.theta_eff;
		sr->theta_known = fixed_theta(sr);
	}
	if (dsp_prec_softmax_has_zero(sr->p->precision, sr->m, x, (size_t)n, sr->theta,
	    prefix_range(sr->sh, (size_t)n, range) ? range : NULL, &zero) != DSP_OK)
		goto slow;
	free(own);
	*z = zero;
	return dsp_job_poll();
slow:
	free(own);
	dsp_clear_error();
	return has_zero_eval(sr->p, sr->m, n, z);
}

/* The double row over the shared logits: the same evaluation as
 * has_zero_eval's (the same kernel over the same items at the same
 * temperature, zero count included -- dsp_eval_logits skips that count)
 * with the logits given as the file family's, borrowed; where the family
 * goes item by item at n.  Any failure goes back to has_zero_eval. */
static int
has_zero_given(const struct search *sr, double n, int *z)
{
	dsp_params q = *sr->p;
	dsp_summary s;

	q.n = (uint64_t)n;
	if (dsp_eval_is_explicit(&q)) {
		q.family = DSP_FAM_FILE;
		q.logits = sr->sh->logits;
		q.n_logits = (size_t)n;
		if (dsp_eval(&q, &s) == DSP_OK) {
			*z = s.zero_weights > 0 || s.min_weight == 0;
			return DSP_OK;
		}
	}
	dsp_clear_error();
	return has_zero_eval(sr->p, sr->m, n, z);
}

static int
has_zero(struct search *sr, double n, int *z)
{
	if (sr->sh != NULL && sr->p->precision == DSP_PREC_DOUBLE)
		return sr->sh->logits != NULL ? has_zero_given(sr, n, z) :
		    has_zero_eval(sr->p, sr->m, n, z);
	if (sr->sh != NULL)
		return has_zero_array(sr, n, z);
	return has_zero_eval(sr->p, sr->m, n, z);
}

dsp_prec_search *
dsp_prec_search_alloc(const dsp_params *p, enum dsp_prec_model m, double n_max)
{
	dsp_prec_search *sh;
	dsp_params q = *p;
	size_t nb;

	n_max = floor(n_max);
	if (!array_family(p, m, n_max) || !(n_max >= 2))
		return NULL;
	if ((sh = dsp_calloc(1, sizeof *sh)) == NULL)
		return NULL;
	sh->n_max = n_max;
	q.precision = DSP_PREC_DOUBLE;
	q.n = (uint64_t)n_max;
	if (!dsp_family_nested(p))
		return sh;
	if (dsp_params_check(&q) != DSP_OK || dsp_family_alloc(&q, &sh->logits) != DSP_OK) {
		dsp_clear_error();
		dsp_prec_search_free(sh);
		return NULL;
	}
	nb = ((size_t)n_max + RANGE_BLOCK - 1) / RANGE_BLOCK;
	if ((sh->lo = dsp_malloc(nb * sizeof *sh->lo)) != NULL &&
	    (sh->hi = dsp_malloc(nb * sizeof *sh->hi)) != NULL)
		block_ranges(sh, (size_t)n_max);
	return sh;
}

void
dsp_prec_search_free(dsp_prec_search *sh)
{
	if (sh == NULL)
		return;
	free(sh->logits);
	free(sh->lo);
	free(sh->hi);
	free(sh);
}

static int
bisect(struct search *sr, double n_max, double *n_out)
{
	double lo = 1, hi = floor(n_max), mid;
	int z, rc;

	if ((rc = has_zero(sr, hi, &z)) != DSP_OK || !z)
		return rc;
	if ((rc = has_zero(sr, 1, &z)) != DSP_OK)
		return rc;
	if (z) {
		*n_out = 1;
		return DSP_OK;
	}
	/* Invariant: no zero at lo, a zero at hi. */
	while (hi - lo > 1) {
		mid = floor(lo + (hi - lo) / 2);
		if ((rc = has_zero(sr, mid, &z)) != DSP_OK)
			return rc;
		if (z)
			hi = mid;
		else
			lo = mid;
	}
	*n_out = hi;
	return DSP_OK;
}

int
dsp_prec_underflow_n_shared(const dsp_params *p, enum dsp_prec_model m, double n_max,
    const dsp_prec_search *sh, double *n_out)
{
	struct search sr = { p, m, NULL, 0, 0 };
	dsp_prec_search *own = NULL;
	int rc;

	*n_out = 0;
	if (p->family == DSP_FAM_FILE)
		return dsp_fail(DSP_ENOTSUP, "a file's logits have one fixed n");
	if (!(floor(n_max) >= 2) || floor(n_max) > 0x1p62)
		return dsp_fail(DSP_EINVAL, "n_max must be in [2, 2^62] (got %g)", n_max);
	n_max = floor(n_max);
	if (array_family(p, m, n_max)) {
		if (sh == NULL || sh->n_max < n_max)
			sh = own = dsp_prec_search_alloc(p, m, n_max);
		sr.sh = sh;
	}
	rc = bisect(&sr, n_max, n_out);
	dsp_prec_search_free(own);
	return rc;
}

int
dsp_prec_underflow_n(const dsp_params *p, enum dsp_prec_model m, double n_max,
    double *n_out)
{
	return dsp_prec_underflow_n_shared(p, m, n_max, NULL, n_out);
}
