/* Questions about a number format that need whole evaluations: dsp_eval
 * under a chosen emulation model, and the smallest n where a weight
 * underflows to 0.  Above eval.c, which itself only calls precision.c's
 * re-summarising. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/alt.h"
#include "core/error.h"
#include "core/eval.h"
#include "core/family.h"
#include "core/job.h"
#include "core/prec_eval.h"
#include "core/precision.h"

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

/* One underflow search: the parameters, and the logits as an array when
 * the emulated softmax can take them that way. */
struct search {
	const dsp_params *p;
	enum dsp_prec_model m;
	int		 array;		/* has_zero_array applies */
	const double	*shared;	/* the logits at n_max (nested families) */
	double		*scratch;	/* n_max doubles */
};

/* The searches of p up to n_max under model m go through arrays of logits:
 * an emulated (not stored) softmax-type row of a family without runs,
 * item by item -- whatever the format, except double (array_route). */
static int
array_family(const dsp_params *p, enum dsp_prec_model m, double n_max)
{
	return m != DSP_PREC_MODEL_STORE && dsp_attn_is_softmax(p->attn) &&
	    p->family != DSP_FAM_FILE && !dsp_family_has_runs(p) &&
	    n_max <= (double)DSP_EXPLICIT_MAX;
}

static int
array_route(const dsp_params *p, enum dsp_prec_model m, double n_max)
{
	return p->precision != DSP_PREC_DOUBLE && array_family(p, m, n_max);
}

/* The same answer as has_zero_eval from the array: the logits once
 * (shared, or drawn at n), the double evaluation over them for the
 * effective temperature (and whatever it refuses), then only the count of
 * zero weights, no summary.  Any failure goes back to has_zero_eval. */
static int
has_zero_array(const struct search *sr, double n, int *z)
{
	dsp_params q = *sr->p;
	double *own = NULL;
	const double *x = sr->shared;
	dsp_summary s;
	int zero;

	q.n = (uint64_t)n;
	q.precision = DSP_PREC_DOUBLE;
	if (x == NULL && (dsp_params_check(&q) != DSP_OK ||
	    dsp_family_alloc(&q, &own) != DSP_OK))
		goto slow;
	if (x == NULL)
		x = own;
	if (dsp_eval_logits(&q, x, &s) != DSP_OK || s.method == DSP_METHOD_EXPECTED ||
	    dsp_prec_softmax_has_zero(sr->p->precision, sr->m, x, (size_t)n, s.theta_eff,
	    sr->scratch, &zero) != DSP_OK)
		goto slow;
	free(own);
	*z = zero;
	return dsp_job_poll();
slow:
	free(own);
	dsp_clear_error();
	return has_zero_eval(sr->p, sr->m, n, z);
}

static int
has_zero(const struct search *sr, double n, int *z)
{
	if (sr->array)
		return has_zero_array(sr, n, z);
	return has_zero_eval(sr->p, sr->m, n, z);
}

double *
dsp_prec_shared_logits(const dsp_params *p, enum dsp_prec_model m, double n_max)
{
	dsp_params q = *p;
	double *x;

	n_max = floor(n_max);
	if (!dsp_family_nested(p) || !array_family(p, m, n_max) || !(n_max >= 2))
		return NULL;
	q.precision = DSP_PREC_DOUBLE;
	q.n = (uint64_t)n_max;
	if (dsp_params_check(&q) != DSP_OK || dsp_family_alloc(&q, &x) != DSP_OK) {
		dsp_clear_error();
		return NULL;
	}
	return x;
}

static int
bisect(const struct search *sr, double n_max, double *n_out)
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
    const double *shared, double *n_out)
{
	struct search sr = { p, m, 0, NULL, NULL };
	double *own = NULL;
	char what[64];
	int rc;

	*n_out = 0;
	if (p->family == DSP_FAM_FILE)
		return dsp_fail(DSP_ENOTSUP, "a file's logits have one fixed n");
	if (!(floor(n_max) >= 2) || floor(n_max) > 0x1p62)
		return dsp_fail(DSP_EINVAL, "n_max must be in [2, 2^62] (got %g)", n_max);
	n_max = floor(n_max);
	if (array_route(p, m, n_max)) {
		snprintf(what, sizeof what, "the underflow search to n = %.0f", n_max);
		if (dsp_family_nested(p) && shared == NULL)
			shared = own = dsp_prec_shared_logits(p, m, n_max);
		if ((!dsp_family_nested(p) || shared != NULL) &&
		    dsp_job_need((size_t)n_max * sizeof(double), what) == DSP_OK &&
		    (sr.scratch = malloc((size_t)n_max * sizeof(double))) != NULL)
			sr.array = 1;
		sr.shared = dsp_family_nested(p) ? shared : NULL;
		dsp_clear_error();
	}
	rc = bisect(&sr, n_max, n_out);
	free(sr.scratch);
	free(own);
	return rc;
}

int
dsp_prec_underflow_n(const dsp_params *p, enum dsp_prec_model m, double n_max,
    double *n_out)
{
	return dsp_prec_underflow_n_shared(p, m, n_max, NULL, n_out);
}
