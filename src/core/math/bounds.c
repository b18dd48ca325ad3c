/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Lemma 2.1 bands, Theorem 2.2 critical size and the entropy floor, all in
 * log space: e^{delta/theta} overflows a double past delta/theta ~ 709. */
#include <math.h>

#include "core/math/bounds.h"
#include "core/error.h"

double
dsp_softplus(double x)
{
	if (x > 36)
		return x + exp(-x);	/* log1p(e^-x) ~ e^-x below 2^-52 */
	return log1p(exp(x));
}

double
dsp_band_margin(double min_w, double max_w, double lo, double hi)
{
	double a = lo > 0 ? (min_w - lo) / lo : min_w - lo;
	double b = (hi - max_w) / hi;

	/* lo NaN: the lower side is unknown (underflowed), the upper decides. */
	if (isnan(lo))
		return b;
	return a < b ? a : b;
}

double
dsp_band_tol(double n, double delta, double theta)
{
	double r = theta != 0 && isfinite(delta) ? delta / fabs(theta) : 0,
	    t = 2 * 0x1p-52 * (2 + (n > 1 ? log(n) : 0) + (isfinite(r) ? r : 0));

	return t > DSP_BAND_TOL ? t : DSP_BAND_TOL;
}

static int
check(double n, double delta, double theta)
{
	if (!(n >= 1) || isnan(n))
		return dsp_fail(DSP_EINVAL, "n must be >= 1 (got %g)", n);
	/* +inf is allowed: logits of +-1e308 overflow the spread, and the band
	 * is then the trivial [0, 1] (critical n infinite). */
	if (!(delta >= 0))
		return dsp_fail(DSP_EINVAL, "spread must be >= 0 (got %g)", delta);
	if (!isfinite(theta))
		return dsp_fail(DSP_EINVAL, "temperature must be finite (got %g)", theta);
	return DSP_OK;
}

int
dsp_lemma_tight(double n, double delta, double theta, double *lo, double *hi)
{
	double r, ln1;
	int rc;

	if ((rc = check(n, delta, theta)) != DSP_OK)
		return rc;
	if (n == 1) {
		*lo = *hi = 1;
		return DSP_OK;
	}
	if (theta == 0) {
		*lo = delta > 0 ? 0 : 1 / n;
		*hi = delta > 0 ? 1 : 1 / n;
		return DSP_OK;
	}
	r = delta / fabs(theta);
	ln1 = log(n - 1);
	*lo = exp(-dsp_softplus(ln1 + r));
	*hi = exp(-dsp_softplus(ln1 - r));
	return DSP_OK;
}

int
dsp_lemma_loose(double n, double delta, double theta, double *lo, double *hi)
{
	double r;
	int rc;

	if ((rc = check(n, delta, theta)) != DSP_OK)
		return rc;
	if (theta == 0) {
		*lo = delta > 0 ? 0 : 1 / n;
		*hi = delta > 0 ? INFINITY : 1 / n;
		return DSP_OK;
	}
	r = delta / fabs(theta);
	*lo = exp(-r - log(n));
	*hi = exp(r - log(n));
	return DSP_OK;
}

int
dsp_log_critical_n(double eps, double delta, double theta, double *log_n)
{
	int rc;

	if (!(eps > 0) || !isfinite(eps))
		return dsp_fail(DSP_EINVAL, "epsilon must be in (0, 1] (got %g)", eps);
	if ((rc = check(1, delta, theta)) != DSP_OK)
		return rc;
	if (eps >= 1) {
		*log_n = 0;
		return DSP_OK;
	}
	if (theta == 0) {
		*log_n = delta > 0 ? INFINITY : log(1 / eps);
		return DSP_OK;
	}
	/* log(1 + (1/eps - 1) e^r) with log(1/eps - 1) = log1p(-eps) - log eps. */
	*log_n = dsp_softplus(log1p(-eps) - log(eps) + delta / fabs(theta));
	return DSP_OK;
}

int
dsp_critical_n(double eps, double delta, double theta, double *n)
{
	double log_n;
	int rc;

	if ((rc = dsp_log_critical_n(eps, delta, theta, &log_n)) != DSP_OK)
		return rc;
	if (eps >= 1 || !isfinite(log_n))
		*n = exp(log_n);
	else if (theta == 0)
		*n = 1 / eps;
	else
		*n = 1 + (1 / eps - 1) * exp(delta / fabs(theta));
	return DSP_OK;
}

double
dsp_entropy_floor(double n, double delta, double theta)
{
	if (!(n > 1))
		return 0;
	if (theta == 0)
		return delta > 0 ? 0 : log(n);
	return dsp_softplus(log(n - 1) - delta / fabs(theta));
}

double
dsp_entropy_ceiling(double n)
{
	return n > 1 ? log(n) : 0;
}

int
dsp_band_edge_outside(double v, double n, double delta, double theta, int which,
    double *logv)
{
	*logv = dsp_band_edge_log(n, delta, theta, which);
	return (v == 0 || isinf(v)) && isfinite(*logv);
}

double
dsp_band_edge_log(double n, double delta, double theta, int which)
{
	double r, ln1;

	if (theta == 0 || !(n >= 2) || isnan(delta))
		return NAN;
	r = delta / fabs(theta);
	ln1 = n > 0x1p52 ? log(n) : log(n - 1);
	switch (which) {
	case 0:
		return -dsp_softplus(ln1 + r);
	case 1:
		return -dsp_softplus(ln1 - r);
	case 2:
		return -r - log(n);
	default:
		return r - log(n);
	}
}
