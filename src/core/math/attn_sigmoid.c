/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Sigmoid attention (arXiv 2409.04431): sigma(x - log n) per item, rows not
 * normalised; and its expected large-n limit for iid families. */
#include <math.h>
#include <string.h>

#include <gsl/gsl_errno.h>

#include "core/error.h"
#include "core/math/alt.h"
#include "core/math/bounds.h"
#include "core/math/quad.h"
#include "core/math/softmax.h"
#include "core/schema/family.h"

static double
logistic(double z)
{
	if (z >= 0)
		return 1 / (1 + exp(-z));
	return exp(z) / (1 + exp(z));
}

/* Sigmoid attention (arXiv 2409.04431): sigma(x - log n), not normalised. */
static int
sigmoid_runs(const dsp_runs *e, double theta, dsp_runs *w)
{
	double b = -log((double)dsp_runs_total(e));
	size_t i;

	for (i = 0; i < e->len; i++)
		w->value[i] = logistic(dsp_alt_scaled(e->value[i], theta) + b);
	return DSP_OK;
}

int
dsp_attn_sigmoid_weights(const dsp_runs *e, double theta, double alpha,
    dsp_runs *w, double *edge)
{
	(void)alpha;
	(void)edge;
	return sigmoid_runs(e, theta, w);
}

/* Large-n limit of sigmoid attention over iid logits (uniform on [0, delta],
 * the truncated normal of eval.c's expected route, or the empirical
 * family's row of values): sums over items are n times expectations,
 * a(v) = sigma(v/theta - log n). */
struct sig_expect {
	int	gaussian, what;
	double	sigma, norm, lo, hi, theta, logn;
	const double *vals;	/* empirical: the row (an exact mean, no quadrature) */
	size_t	nvals;
};

static double
sig_density(const struct sig_expect *x, double v)
{
	if (x->vals != NULL)
		return 1;	/* sig_integral takes the mean over the values */
	return dsp_law_density(x->gaussian ? DSP_LAW_TGAUSS : DSP_LAW_UNIFORM, x->sigma,
	    x->norm, x->lo, x->hi, v);
}

/* log a(v) = -softplus(log n - v/theta), accurate when a is tiny. */
static double
sig_integrand(double v, void *arg)
{
	const struct sig_expect *x = arg;
	double la = -dsp_softplus(x->logn - dsp_alt_scaled(v, x->theta)), a = exp(la);

	switch (x->what) {
	case 0:
		return sig_density(x, v) * a;
	case 1:
		return sig_density(x, v) * (a > 0 ? a * la : 0);
	default:
		return sig_density(x, v) * a * log(a + DSP_PAPER_ENTROPY_EPS);
	}
}

static int
sig_integral(struct sig_expect *x, int what, double *out)
{
	gsl_function f = { sig_integrand, x };
	double edge[3] = { x->lo, x->hi, x->hi };
	int rc, st, parts = 1;

	x->what = what;
	if (x->vals != NULL) {
		long double sum = 0;
		size_t i;

		for (i = 0; i < x->nvals; i++)
			sum += sig_integrand(x->vals[i], x);
		*out = (double)(sum / (long double)x->nvals);
		return DSP_OK;
	}
	/* theta == 0 makes a(v) jump at v = 0: integrate each side. */
	if (x->lo < 0 && x->hi > 0) {
		edge[1] = 0;
		parts = 2;
	}
	if ((rc = dsp_quad(&f, edge, parts, 0, 1e-11, out, &st)) != DSP_OK)
		return rc;
	if (st != 0 && st != GSL_EROUND)
		return dsp_fail(DSP_ERANGE, "sigmoid quadrature failed: %s", gsl_strerror(st));
	return DSP_OK;
}

int
dsp_alt_sigmoid_expected(const dsp_params *p, dsp_summary *s)
{
	struct sig_expect x;
	double n = (double)p->n, A, B, P, lmax, lmin, k;
	int rc;

	if (p->attn != DSP_ATTN_SIGMOID || !dsp_family_iid(p->family))
		return dsp_fail(DSP_ENOTSUP, "%s has no expected large-n limit for %s",
		    dsp_attn_name(p->attn), dsp_family_name(p->family));
	memset(&x, 0, sizeof x);
	if (p->family == DSP_FAM_EMPIRICAL) {
		x.vals = p->logits;
		x.nvals = p->n_logits;
	}
	x.gaussian = p->family == DSP_FAM_GAUSSIAN;
	x.sigma = p->delta;
	dsp_family_range(p, &x.lo, &x.hi);
	x.norm = dsp_law_norm(x.gaussian ? DSP_LAW_TGAUSS : DSP_LAW_UNIFORM, p->delta, x.hi);
	x.theta = p->theta;
	x.logn = log(n);
	s->method = DSP_METHOD_EXPECTED;
	s->n = n;
	s->logit_min = x.lo;
	s->logit_max = x.hi;
	s->spread = x.hi - x.lo;
	s->theta_eff = p->theta;
	s->beta = 1;
	if (p->delta == 0 && x.vals == NULL) {
		A = 1 / (1 + n);
		B = A * log(A);
		P = A * log(A + DSP_PAPER_ENTROPY_EPS);
	} else if ((rc = sig_integral(&x, 0, &A)) != DSP_OK ||
	    (rc = sig_integral(&x, 1, &B)) != DSP_OK ||
	    (rc = sig_integral(&x, 2, &P)) != DSP_OK)
		return rc;
	/* Row total n A; entropy of the row normalised by it. */
	s->total = n * A;
	s->entropy = A > 0 ? log(s->total) - B / A : 0;
	s->entropy_bits = s->entropy / M_LN2;
	s->entropy_norm = n > 1 ? s->entropy / log(n) : 0;
	s->entropy_paper = -n * P;
	lmax = -dsp_softplus(x.logn - dsp_alt_scaled(p->theta >= 0 ? x.hi : x.lo, p->theta));
	lmin = -dsp_softplus(x.logn - dsp_alt_scaled(p->theta >= 0 ? x.lo : x.hi, p->theta));
	s->max_weight = exp(lmax);
	s->min_weight = exp(lmin);
	k = (double)(p->topk ? p->topk : 1);
	s->topk_mass = fmin(s->total, k * s->max_weight);
	s->zero_weights = s->min_weight > 0 ? 0 : NAN;
	s->lo_tight = s->hi_tight = s->lo_loose = s->hi_loose = NAN;
	s->entropy_floor = s->log_critical_n = s->bound_margin = NAN;
	s->entropy_ceiling = dsp_entropy_ceiling(n);
	s->bound_holds = -1;
	return DSP_OK;
}
