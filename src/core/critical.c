/* Critical sizes for views whose temperature depends on n (critical.h). */
#include <math.h>
#include <stdint.h>

#include "core/adaptive.h"
#include "core/bounds.h"
#include "core/critical.h"
#include "core/empirical.h"
#include "core/error.h"
#include "core/family.h"
#include "core/eval.h"
#include "core/fit.h"
#include "core/view.h"

double
dsp_adaptive_beta_ceiling(void)
{
	static double ceiling;
	double h, b;

	if (ceiling == 0) {
		/* The polynomial has one real critical point (a maximum,
		 * leading coefficient < 0), near H = 4.41; [0.5, 8] holds it. */
		if (dsp_poly_desc_max(dsp_adaptive_poly_desc, DSP_ADAPTIVE_DEGREE,
		    0.5, 8, &h, &b) != DSP_OK)
			return NAN;
		ceiling = b > 1 ? b : 1;
	}
	return ceiling;
}

int
dsp_log_critical_n_adaptive(double eps, double spread, double theta,
    double *log_n)
{
	double b = dsp_adaptive_beta_ceiling();

	if (isnan(b))
		return dsp_fail(DSP_EINVAL, "adaptive polynomial has no maximum");
	return dsp_log_critical_n(eps, spread, theta / b, log_n);
}

double
dsp_sharp_exponent(const dsp_params *p)
{
	dsp_params q = *p;
	double s, lo, hi, spread;

	if (p->attn == DSP_ATTN_SSMAX)
		s = p->ssmax_s;
	else if (p->attn == DSP_ATTN_LOGN)
		s = 1;
	else
		return NAN;
	/* The family's logit spread, not --delta: a learned head's is its
	 * model's (56.2 for examples/maxret-model.json), a file's its row's,
	 * the power series' delta (1 - lambda) for lambda < 0.  At n >= 2,
	 * where the spike and the power series have their spread. */
	if (q.n < 2)
		q.n = 2;
	dsp_family_range(&q, &lo, &hi);
	spread = hi - lo;
	if (isnan(spread))
		return NAN;
	if (p->theta == 0)
		return spread > 0 ? INFINITY : 0;
	return s * spread / fabs(p->theta);
}

static int
max_at(const dsp_params *p, uint64_t n, double *mx)
{
	dsp_params q = dsp_view_params(p);	/* the one route policy */
	dsp_summary s;
	int rc;

	q.n = n;
	if ((rc = dsp_eval(&q, &s)) != DSP_OK)
		return rc;
	*mx = s.max_weight;
	return DSP_OK;
}

int
dsp_first_n_below_eps(const dsp_params *p, double *n)
{
	uint64_t lo, hi, mid;
	double mx;
	int k, rc;

	if (p->family == DSP_FAM_FILE)
		return dsp_fail(DSP_EINVAL, "a file's logits have one fixed n: no search over n");
	for (k = 1; k <= 63; k++) {
		if ((rc = max_at(p, (uint64_t)1 << k, &mx)) != DSP_OK)
			return rc;
		if (mx < p->eps)
			break;
	}
	if (k > 63) {
		*n = INFINITY;
		return DSP_OK;
	}
	/* max(2^{k-1}) >= eps > max(2^k): the first n below lies in
	 * (2^{k-1}, 2^k]. */
	lo = (uint64_t)1 << (k - 1);
	hi = (uint64_t)1 << k;
	while (hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		if ((rc = max_at(p, mid, &mx)) != DSP_OK)
			return rc;
		if (mx < p->eps)
			hi = mid;
		else
			lo = mid;
	}
	*n = (double)hi;
	return DSP_OK;
}

int
dsp_row_eval(const dsp_params *p, const double *v, size_t n, dsp_summary *s,
    double *log_n_eps)
{
	dsp_params q = *p;
	int rc;

	q.family = DSP_FAM_FILE;
	q.logits = v;
	q.n_logits = n;
	q.n = n;
	if ((rc = dsp_eval(&q, s)) != DSP_OK)
		return rc;
	*log_n_eps = dsp_empirical_log_n_eps(v, n, s->theta_eff, p->eps);
	return DSP_OK;
}
