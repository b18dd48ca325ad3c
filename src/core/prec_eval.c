/* Questions about a number format that need whole evaluations: dsp_eval
 * under a chosen emulation model, and the smallest n where a weight
 * underflows to 0.  Above eval.c, which itself only calls precision.c's
 * re-summarising. */
#include <math.h>
#include <stdint.h>

#include "core/error.h"
#include "core/eval.h"
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

static int
has_zero(const dsp_params *p, enum dsp_prec_model m, double n, int *z)
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

int
dsp_prec_underflow_n(const dsp_params *p, enum dsp_prec_model m, double n_max,
    double *n_out)
{
	double lo = 1, hi = floor(n_max), mid;
	int z, rc;

	*n_out = 0;
	if (p->family == DSP_FAM_FILE)
		return dsp_fail(DSP_ENOTSUP, "a file's logits have one fixed n");
	if (!(hi >= 2) || hi > 0x1p62)
		return dsp_fail(DSP_EINVAL, "n_max must be in [2, 2^62] (got %g)", n_max);
	if ((rc = has_zero(p, m, hi, &z)) != DSP_OK || !z)
		return rc;
	if ((rc = has_zero(p, m, 1, &z)) != DSP_OK)
		return rc;
	if (z) {
		*n_out = 1;
		return DSP_OK;
	}
	/* Invariant: no zero at lo, a zero at hi. */
	while (hi - lo > 1) {
		mid = floor(lo + (hi - lo) / 2);
		if ((rc = has_zero(p, m, mid, &z)) != DSP_OK)
			return rc;
		if (z)
			hi = mid;
		else
			lo = mid;
	}
	*n_out = hi;
	return DSP_OK;
}
