/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dsp_eval's large-n routes: the ramp's closed forms and the expected
 * limit of iid families (moved whole from eval.c). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gsl/gsl_errno.h>

#include "core/alloc.h"
#include "core/math/adaptive.h"
#include "core/math/alt.h"
#include "core/math/bounds.h"
#include "core/math/empirical.h"
#include "core/error.h"
#include "core/math/eval.h"
#include "core/math/eval_int.h"
#include "core/schema/family.h"
#include "core/schema/figures.h"
#include "core/schema/gate.h"
#include "core/job.h"
#include "core/math/kernel.h"
#include "core/math/logbin.h"
#include "core/math/precision.h"
#include "core/math/quad.h"
#include "core/math/softmax.h"
#include "core/math/typical.h"

/* The ramp has closed forms; past the route policy's size (eval.h) they
 * replace the explicit sum (the same numbers, cheaper). */
#define RAMP_EXPLICIT_MAX	DSP_VIEW_EXPLICIT_MAX
_Static_assert(DSP_RAMP_EXPLICIT_MAX == DSP_VIEW_EXPLICIT_MAX,
    "dsp_family_explicit_limit and the route policy name one size for the ramp");

/* Ramp e_k = delta k/(n-1): weights are q^j / Z, j = distance from the
 * pivot end, q = e^{-u}, u = |delta/theta|/(n-1); geometric closed forms. */
struct ramp {
	double	u, n, logz;
};

static double
ramp_paper_term(double j, void *arg)
{
	const struct ramp *r = arg;
	double q = exp(-r->u * j - r->logz);

	return -q * log(q + DSP_PAPER_ENTROPY_EPS);
}

/* log(1 - e^{-a}) for a > 0 without cancellation (Maechler 2012): the
 * expm1 form near 0, the log1p form past log 2, where 1 - e^{-a} rounds
 * to 1 and log(-expm1(-a)) would return 0 instead of -e^{-a}. */
static double
log1mexp(double a)
{
	return a <= M_LN2 ? log(-expm1(-a)) : log1p(-exp(-a));
}

static double
ramp_mean_index(double u, double n)
{
	/* E[j] = 1/expm1(u) - n/expm1(n u); series where that cancels. */
	if (n * u < 1e-4)
		return (n - 1) / 2 - (n * n - 1) * u / 12;
	return 1 / expm1(u) - n / expm1(n * u);
}

int
dsp_eval_ramp_route(const dsp_params *p, dsp_summary *s)
{
	double th, n = (double)p->n, pe;
	struct ramp r;
	int pass, rc;

	s->method = DSP_METHOD_ANALYTIC;
	s->n = n;
	s->logit_min = 0;
	s->logit_max = p->delta;
	s->beta = 1;
	th = scaled_theta(p, n);
	if (th == 0) {
		/* Argmax limit (u would be inf and u * E[j] NaN): one maximum
		 * unless delta = 0, where all n logits tie. */
		double k = (double)(p->topk ? p->topk : 1), q = p->delta > 0 ? 1 : 1 / n;

		s->theta_eff = 0;
		s->entropy = p->delta > 0 ? 0 : log(n);
		s->max_weight = q;
		s->min_weight = p->delta > 0 ? 0 : q;
		s->topk_mass = p->delta > 0 ? 1 : fmin(1, k / n);
		s->entropy_paper = -log(q + DSP_PAPER_ENTROPY_EPS);
		s->total = 1;
		fill_bounds(p, s, 1);
		return DSP_OK;
	}
	for (pass = 0; pass < 1 + (p->adaptive != 0); pass++) {
		r.n = n;
		r.u = fabs(p->delta / th) / (n - 1);
		r.logz = r.u > 0 ? log1mexp(n * r.u) - log1mexp(r.u) : log(n);
		s->entropy = r.logz + r.u * ramp_mean_index(r.u, n);
		if (n <= (double)RAMP_EXPLICIT_MAX) {
			uint64_t j;
			for (pe = 0, j = 0; j < p->n; j++)
				pe += ramp_paper_term((double)j, &r);
		} else {
			gsl_function f = { ramp_paper_term, &r };
			double edge[2] = { 0, n - 1 };
			int st;

			if ((rc = dsp_quad(&f, edge, 1, 0, 1e-10, &pe, &st)) != DSP_OK)
				return rc;
			if (st != 0 && st != GSL_EROUND)
				return dsp_fail(DSP_ERANGE, "ramp quadrature failed");
			/* Euler-Maclaurin end correction of the sum. */
			pe += (ramp_paper_term(0, &r) + ramp_paper_term(n - 1, &r)) / 2;
		}
		s->entropy_paper = pe;
		s->max_weight = exp(-r.logz);
		s->min_weight = exp(-r.u * (n - 1) - r.logz);
		s->topk_mass = r.u > 0 ? expm1(-(double)(p->topk ? p->topk : 1) * r.u) /
		    expm1(-n * r.u) : (double)(p->topk ? p->topk : 1) / n;
		if (s->topk_mass > 1)
			s->topk_mass = 1;
		if (pass == 0 && p->adaptive) {
			s->beta = dsp_adaptive_beta(pe);
			th /= s->beta;
		}
	}
	s->theta_eff = th;
	s->total = 1;
	fill_bounds(p, s, 1);
	return DSP_OK;
}

/* Large-n limit for iid logits with density f on [lo, hi]: the law of large
 * numbers turns sums over items into n times expectations. */
struct expect {
	int	gaussian;
	double	sigma, lo, hi, t, pivot, norm, loga, n;
	int	what;	/* 0: A, 1: B, 2: paper entropy integrand */
	/* The learned family: a density constant on each piece (v0, v1),
	 * integrated piece by piece (expect_integral). */
	const dsp_params *learned;
	double	*v0, *v1, *pw;
	size_t	 npieces;
};

static double
expect_density(const struct expect *x, double v)
{
	if (x->learned != NULL)
		return 1;
	return dsp_law_density(x->gaussian ? DSP_LAW_TGAUSS : DSP_LAW_UNIFORM, x->sigma,
	    x->norm, x->lo, x->hi, v);
}

static double
expect_integrand(double v, void *arg)
{
	const struct expect *x = arg;
	double d = v - x->pivot, g = exp(x->t * d), q;

	switch (x->what) {
	case 0:
		return expect_density(x, v) * g;
	case 1:
		return expect_density(x, v) * d * g;
	default:
		q = exp(x->t * d - x->loga) / x->n;
		return -expect_density(x, v) * x->n * q * log(q + DSP_PAPER_ENTROPY_EPS);
	}
}

/* Distance from the pivot to learned piece k's nearest logit. */
static double
piece_gap(const struct expect *x, size_t k)
{
	double a = fmin(x->v0[k], x->v1[k]), b = fmax(x->v0[k], x->v1[k]);

	return x->pivot < a ? a - x->pivot : x->pivot > b ? x->pivot - b : 0;
}

#define QUAD_EPSREL	1e-11

static int
expect_integral(struct expect *x, int what, double *out)
{
	gsl_function f = { expect_integrand, x };
	double edge[2] = { x->lo, x->hi }, part, len;
	size_t k, i, *order;
	int rc, st;

	x->what = what;
	if (x->learned == NULL) {
		if ((rc = dsp_quad(&f, edge, 1, 0, QUAD_EPSREL, out, &st)) != DSP_OK)
			return rc;
		if (st != 0 && st != GSL_EROUND)
			return dsp_fail(DSP_ERANGE, "quadrature failed: %s", gsl_strerror(st));
		return DSP_OK;
	}
	/* The learned family's law: the sum over its pieces of the integral
	 * with density w / |v1 - v0| (density 1 in expect_integrand), or w
	 * times the integrand where the logit is flat.  The three integrands
	 * are one-signed and decay like e^{-t |v - pivot|}, so the pieces are
	 * taken nearest the pivot first and each later one only to
	 * QUAD_EPSREL / npieces of the sum so far: far pieces at a large t
	 * are subnormal (n = 2^23 under log-n: e^{-16 x 45}), where a relative
	 * tolerance alone is out of reach and QAGS ran out of subintervals. */
	if ((order = dsp_malloc(x->npieces * sizeof *order)) == NULL)
		return dsp_fail_nomem(NULL, 0);
	for (k = 0; k < x->npieces; k++) {
		/* Insertion by distance from the pivot (at most classes x
		 * (width + 1) pieces). */
		for (i = k; i > 0 && piece_gap(x, order[i - 1]) > piece_gap(x, k); i--)
			order[i] = order[i - 1];
		order[i] = k;
	}
	*out = 0;
	for (i = 0, rc = DSP_OK; i < x->npieces && rc == DSP_OK; i++) {
		k = order[i];
		edge[0] = fmin(x->v0[k], x->v1[k]);
		edge[1] = fmax(x->v0[k], x->v1[k]);
		len = edge[1] - edge[0];
		if (!(len > 1e-12 * (fabs(edge[0]) + 1))) {
			*out += x->pw[k] * expect_integrand(edge[0], x);
			continue;
		}
		if ((rc = dsp_quad(&f, edge, 1, QUAD_EPSREL * fabs(*out) * len /
		    (x->pw[k] * (double)x->npieces), QUAD_EPSREL, &part, &st)) != DSP_OK)
			break;
		if (st != 0 && st != GSL_EROUND)
			rc = dsp_fail(DSP_ERANGE, "quadrature failed: %s", gsl_strerror(st));
		else
			*out += x->pw[k] / len * part;
	}
	free(order);
	return rc;
}

/* A, B and the paper entropy at x->t about x->pivot: quadrature over the
 * density, or for the empirical family exact sums over its values. */
static int
expect_moments(const dsp_params *p, struct expect *x, double *a, double *b,
    double *pe)
{
	int rc;

	if (p->family == DSP_FAM_EMPIRICAL) {
		dsp_empirical_moments(p->logits, p->n_logits, x->t, x->pivot, x->n,
		    a, b, pe);
		x->loga = log(*a);
		return DSP_OK;
	}
	if ((rc = expect_integral(x, 0, a)) != DSP_OK ||
	    (rc = expect_integral(x, 1, b)) != DSP_OK)
		return rc;
	x->loga = log(*a);
	return expect_integral(x, 2, pe);
}

/* The passes of eval_expected (two with adaptive temperature). */
static int
expected_passes(const dsp_params *p, struct expect *xp, dsp_summary *s)
{
	struct expect x = *xp;
	double n = (double)p->n, th, a, b, pe, ties;
	int pass, rc;

	s->method = DSP_METHOD_EXPECTED;
	s->n = n;
	s->logit_min = x.lo;
	s->logit_max = x.hi;
	s->beta = 1;
	s->total = 1;
	th = scaled_theta(p, n);
	if ((p->delta == 0 && x.learned == NULL && p->family != DSP_FAM_EMPIRICAL) ||
	    x.lo == x.hi || th == 0) {
		/* All logits equal, or the argmax limit: the keys at the
		 * maximum share the weight -- one in a continuum, about n
		 * times the maximum's share of the empirical row's values. */
		ties = th != 0 ? n : p->family != DSP_FAM_EMPIRICAL ? 1 :
		    fmin(n, fmax(1, nearbyint(n * dsp_empirical_top_share(p->logits,
		    p->n_logits))));
		s->theta_eff = th;
		s->entropy = log(ties);
		s->max_weight = 1 / ties;
		s->min_weight = ties == n ? 1 / n : 0;
		s->topk_mass = fmin(1, (double)(p->topk ? p->topk : 1) / ties);
		s->entropy_paper = ties == 1 ? 0 : -log(1 / ties + DSP_PAPER_ENTROPY_EPS);
		fill_bounds(p, s, 1);
		return DSP_OK;
	}
	for (pass = 0; pass < 1 + (p->adaptive != 0); pass++) {
		x.t = 1 / th;
		x.pivot = th > 0 ? x.hi : x.lo;
		if ((rc = expect_moments(p, &x, &a, &b, &pe)) != DSP_OK)
			return rc;
		s->entropy = log(n) + x.loga - x.t * b / a;
		s->entropy_paper = pe;
		s->max_weight = 1 / (n * a);
		s->min_weight = exp(x.t * ((th > 0 ? x.lo : x.hi) - x.pivot)) / (n * a);
		s->topk_mass = fmin(1, (double)(p->topk ? p->topk : 1) * s->max_weight);
		if (pass == 0 && p->adaptive) {
			s->beta = dsp_adaptive_beta(pe);
			th /= s->beta;
		}
	}
	s->theta_eff = th;
	fill_bounds(p, s, 1);
	return DSP_OK;
}

int
dsp_eval_expected_route(const dsp_params *p, dsp_summary *s)
{
	const dsp_attn_row *row = dsp_attn_row_of(p->attn);
	const dsp_family_row *fr = dsp_family_row_of(p->family);
	struct expect x;
	int rc;

	if (row != NULL && row->expected != NULL)
		return row->expected(p, s);
	if (!dsp_attn_is_softmax(p->attn))
		return dsp_fail(DSP_ENOTSUP,
		    "%s has no large-n limit for %s: item by item only, up to n = %llu",
		    dsp_attn_name(p->attn), dsp_family_name(p->family),
		    (unsigned long long)explicit_limit(p));
	memset(&x, 0, sizeof x);
	x.n = (double)p->n;
	x.gaussian = p->family == DSP_FAM_GAUSSIAN;
	x.sigma = p->delta;
	dsp_family_range(p, &x.lo, &x.hi);
	if (x.gaussian)
		x.norm = dsp_law_norm(DSP_LAW_TGAUSS, p->delta, x.hi);
	if (fr != NULL && fr->pieces != NULL) {
		/* The range came from the same pieces: if they could be had
		 * now, the range lacked only memory. */
		if ((rc = fr->pieces(p, &x.v0, &x.v1, &x.pw, &x.npieces)) != DSP_OK)
			return rc;
		if (isnan(x.lo)) {
			free(x.v0);
			free(x.v1);
			free(x.pw);
			return dsp_fail_nomem(NULL, 0);
		}
		x.learned = p;
	}
	rc = expected_passes(p, &x, s);
	free(x.v0);
	free(x.v1);
	free(x.pw);
	return rc;
}

/* The expected distribution of the weights where no item is drawn
 * (random families past the explicit size, the ramp's closed form): an
 * item with logit x has weight w(x) = max_weight e^{(x - pivot)/theta_eff}
 * (pivot the top logit, or the bottom one for theta < 0), monotone in x,
 * so the items with log10 w in [b, b'] are those with x in one interval
 * and their expected count is n P(X in it), integrated over the family's
 * logit density with the same quadrature as the expected limit. */
/* dsp_eval_expected_hist for a tabulated law: the typical configuration
 * itself, binned (an atom has no density; its items sit at its value),
 * with the weights of the summary beside it: max_weight e^{(x - pivot)/theta_eff}. */
static int
typical_hist(const dsp_params *p, const dsp_summary *s, double lo10, double hi10,
    size_t bins, double *count)
{
	dsp_runs *e;
	gsl_histogram *h;
	double th = scaled_theta(p, (double)p->n), mn, mx, pivot;
	size_t i, j;
	int rc;

	for (j = 0; j < bins; j++)
		count[j] = 0;
	if ((rc = dsp_bin_alloc(&h, bins, lo10, hi10)) != DSP_OK)
		return rc;
	if ((e = dsp_runs_alloc(8192)) == NULL) {
		gsl_histogram_free(h);
		return dsp_fail_nomem(NULL, 0);
	}
	if ((rc = dsp_eval_typical_runs(p, th != 0 ? 1 / th : 0, e)) == DSP_OK) {
		dsp_runs_minmax(e, &mn, &mx);
		pivot = s->theta_eff > 0 ? mx : mn;
		/* log10 of each weight, from its logit (logbin.h's rule). */
		for (i = 0; i < e->len; i++)
			dsp_bin_add(h, log10(s->max_weight) + (e->value[i] - pivot) /
			    s->theta_eff / M_LN10, (double)e->count[i]);
		for (j = 0; j < bins; j++)
			count[j] = gsl_histogram_get(h, j);
	}
	dsp_runs_free(e);
	gsl_histogram_free(h);
	return rc;
}

int
dsp_eval_expected_hist(const dsp_params *p, const dsp_summary *s, double lo10,
    double hi10, size_t bins, double *count)
{
	struct expect x;
	double th = s->theta_eff, lm, xa, xb, t, mass, edge[2];
	gsl_function f = { expect_integrand, &x };
	size_t j;
	int rc, st;

	/* The families whose row has a density for one logit's law, and on
	 * the typical route those without one (a law with atoms). */
	int tab = s->method == DSP_METHOD_TYPICAL && dsp_typical_family(p->family) &&
	    dsp_family_row_of(p->family) != NULL &&
	    dsp_family_row_of(p->family)->law == DSP_LAW_NONE;

	if (!tab && (dsp_family_row_of(p->family) == NULL ||
	    dsp_family_row_of(p->family)->law == DSP_LAW_NONE))
		return dsp_fail(DSP_ENOTSUP, "no expected weight distribution for %s",
		    dsp_family_name(p->family));
	if (!dsp_attn_is_softmax(p->attn))
		return dsp_fail(DSP_ENOTSUP, "the expected weight distribution is softmax's");
	if (th == 0 || !(s->max_weight > 0) || bins == 0 || !(hi10 > lo10) ||
	    (p->delta == 0 && !tab))
		return dsp_fail(DSP_EINVAL, "no spread of weights to bin");
	if (tab)
		return typical_hist(p, s, lo10, hi10, bins, count);
	memset(&x, 0, sizeof x);
	x.gaussian = p->family == DSP_FAM_GAUSSIAN;
	x.sigma = p->delta;
	x.n = s->n;
	dsp_family_range(p, &x.lo, &x.hi);
	if (x.gaussian)
		x.norm = dsp_law_norm(DSP_LAW_TGAUSS, p->delta, x.hi);
	x.what = 0;
	x.t = 0;		/* integrand 0 is then the density alone */
	/* The typical configuration's extreme items are its own (the law's
	 * median-rank quantiles), not the ends of the law's range. */
	if (s->method == DSP_METHOD_TYPICAL) {
		x.lo = fmax(x.lo, s->logit_min);
		x.hi = fmin(x.hi, s->logit_max);
	}
	x.pivot = th > 0 ? x.hi : x.lo;
	lm = log10(s->max_weight);
	for (j = 0; j < bins; j++) {
		/* x where log10 w equals the bin's edges. */
		xa = x.pivot + th * M_LN10 * (lo10 + (hi10 - lo10) * (double)j / (double)bins - lm);
		xb = x.pivot + th * M_LN10 * (lo10 + (hi10 - lo10) * (double)(j + 1) /
		    (double)bins - lm);
		if (xa > xb) {
			t = xa;
			xa = xb;
			xb = t;
		}
		edge[0] = fmax(xa, x.lo);
		edge[1] = fmin(xb, x.hi);
		count[j] = 0;
		if (!(edge[1] > edge[0]))
			continue;
		if ((rc = dsp_quad(&f, edge, 1, 0, 1e-10, &mass, &st)) != DSP_OK)
			return rc;
		if (st != 0 && st != GSL_EROUND)
			return dsp_fail(DSP_ERANGE, "quadrature failed: %s", gsl_strerror(st));
		count[j] = x.n * mass;
	}
	return DSP_OK;
}
