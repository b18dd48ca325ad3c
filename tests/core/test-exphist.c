/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dsp_eval_expected_hist: the expected log10-weight distribution of the
 * random families and the ramp past the explicit size, against closed
 * forms independent of the code's quadrature.
 *
 * Uniform logits on [0, delta], theta > 0, at the expected large-n limit:
 * E[e^{(X - delta)/theta}] = theta (1 - e^{-delta/theta}) / delta, so the
 * largest weight is m = 1 / (n E) and an item with logit x weighs
 * m e^{(x - delta)/theta}.  The items with log10 weight in [b, b'] are
 * those with x in [delta + theta ln10 (b - log10 m), ... b' ...] clipped to
 * [0, delta]: n |interval| / delta of them.  Gaussian logits (sigma =
 * delta, truncated at +-h, h = sigma sqrt(2 log n)): n (erf(xb / (sigma
 * sqrt 2)) - erf(xa / (sigma sqrt 2))) / (2 erf(h / (sigma sqrt 2))).
 *
 * The empirical family over the row {0, log 2, log 2, -1} at n = 2^40
 * (the typical configuration: each value its share of n, to one item):
 * weights 2^k e^{v - log 2} / (n A) with A = (5/2 + e^{-1}/2)/4, so n/2
 * items at log10 of 1/(n A), n/4 at 1/(2 n A) and n/4 at e^{-1}/(2 n A),
 * each in the bin holding that log10 weight, none elsewhere. */
#include <math.h>
#include <stdlib.h>

#include "core/dsp.h"
#include "tap.h"

#define BINS 24

static double
clip_len(double a, double b, double lo, double hi)
{
	double l = fmax(a, lo), r = fmin(b, hi);

	return r > l ? r - l : 0;
}

static void
test_uniform(double theta, const char *label)
{
	dsp_params p;
	dsp_summary s;
	double n = ldexp(1, 40), delta = 4, m, lm, c[BINS], want, worst = 0, sum = 0, a, b,
	    lo10, hi10;
	size_t j;

	dsp_params_default(&p);
	p.family = DSP_FAM_UNIFORM;
	p.n = (uint64_t)n;
	p.delta = delta;
	p.theta = theta;
	ok(dsp_eval(&p, &s) == DSP_OK && s.method == DSP_METHOD_TYPICAL,
	    "uniform n = 2^40 %s: the typical configuration", label);
	m = delta / (n * fabs(theta) * -expm1(-delta / fabs(theta)));
	/* The typical configuration's bins (core/math/typical.h) leave ~4e-7. */
	is_rel(s.max_weight, m, 2e-6, "max weight = delta / (n theta (1 - e^{-delta/theta}))");
	lm = log10(m);
	/* Bins over [log10 m - delta / (theta ln10) - 0.5, log10 m + 0.5]: all items. */
	lo10 = lm - delta / (fabs(theta) * M_LN10) - 0.5;
	hi10 = lm + 0.5;
	ok(dsp_eval_expected_hist(&p, &s, lo10, hi10, BINS, c) == DSP_OK,
	    "expected distribution computed");
	for (j = 0; j < BINS; j++) {
		double pv = theta > 0 ? delta : 0;

		a = pv + theta * M_LN10 * (lo10 + (hi10 - lo10) * j / BINS - lm);
		b = pv + theta * M_LN10 * (lo10 + (hi10 - lo10) * (j + 1) / BINS - lm);
		want = n * clip_len(fmin(a, b), fmax(a, b), 0, delta) / delta;
		if (fabs(c[j] - want) > worst)
			worst = fabs(c[j] - want);
		sum += c[j];
	}
	ok(worst <= 1e-8 * n, "%s: every bin within 1e-8 n of n |x-interval| / delta (worst %g)",
	    label, worst);
	is_rel(sum, n, 1e-9, "the bins hold all n items");
}

static void
test_gaussian(void)
{
	dsp_params p;
	dsp_summary s;
	double n = ldexp(1, 40), sg = 2, h, lm, c[BINS], a, b, want, worst = 0, lo10, hi10,
	    r = sg * M_SQRT2;
	size_t j;

	dsp_params_default(&p);
	p.family = DSP_FAM_GAUSSIAN;
	p.n = (uint64_t)n;
	p.delta = sg;
	p.theta = 1;
	ok(dsp_eval(&p, &s) == DSP_OK, "gaussian n = 2^40: evaluated");
	h = sg * sqrt(2 * log(n));
	lm = log10(s.max_weight);
	lo10 = lm - 2 * h / M_LN10;
	hi10 = lm;
	ok(dsp_eval_expected_hist(&p, &s, lo10, hi10, BINS, c) == DSP_OK,
	    "gaussian expected distribution computed");
	/* The pivot is the typical configuration's largest item, and its
	 * items lie between its own extremes (inside the law's +-h). */
	ok(s.method == DSP_METHOD_TYPICAL && s.logit_max < h && s.logit_min > -h,
	    "gaussian: typical extremes %g, %g inside +-%g", s.logit_min, s.logit_max, h);
	for (j = 0; j < BINS; j++) {
		a = fmax(s.logit_max + M_LN10 * (lo10 + (hi10 - lo10) * j / BINS - lm),
		    s.logit_min);
		b = fmin(s.logit_max + M_LN10 * (lo10 + (hi10 - lo10) * (j + 1) / BINS - lm),
		    s.logit_max);
		want = b > a ? n * (erf(b / r) - erf(a / r)) / (2 * erf(h / r)) : 0;
		if (fabs(c[j] - want) > worst)
			worst = fabs(c[j] - want);
	}
	is_int(j, BINS, "all bins compared");
	is_close(worst / n, 0, 1e-8, "gaussian: worst bin error relative to n");
	ok(worst <= 1e-8 * n, "gaussian: every bin within 1e-8 n of the erf closed form (worst %g)",
	    worst);
}

static void
test_empirical(void)
{
	static const double row[4] = { 0, M_LN2, M_LN2, -1 };
	dsp_params p;
	dsp_summary s;
	double n = ldexp(1, 40), A = (2.5 + exp(-1) / 2) / 4, c[BINS], want[BINS] = { 0 },
	    lo10 = -16, hi10 = -10, l10[3], share[3] = { 0.5, 0.25, 0.25 }, worst = 0;
	size_t j, k;

	dsp_params_default(&p);
	p.family = DSP_FAM_EMPIRICAL;
	p.logits = row;
	p.n_logits = 4;
	p.n = (uint64_t)n;
	l10[0] = -log10(n * A);
	l10[1] = -log10(2 * n * A);
	l10[2] = log10(exp(-1) / (2 * n * A));
	for (k = 0; k < 3; k++)
		want[(size_t)((l10[k] - lo10) / (hi10 - lo10) * BINS)] += share[k] * n;
	ok(dsp_eval(&p, &s) == DSP_OK && s.method == DSP_METHOD_TYPICAL &&
	    dsp_eval_expected_hist(&p, &s, lo10, hi10, BINS, c) == DSP_OK,
	    "empirical 2^40: typical configuration, histogram of its items");
	for (j = 0; j < BINS; j++)
		worst = fmax(worst, fabs(c[j] - want[j]));
	ok(worst <= 2, "empirical: n/2, n/4, n/4 items in the bins of their closed-form "
	    "weights, to the whole item (worst %g)", worst);
}

static void
test_refused(void)
{
	dsp_params p;
	dsp_summary s;
	double c[4];

	dsp_params_default(&p);
	ok(dsp_eval(&p, &s) == DSP_OK && dsp_eval_expected_hist(&p, &s, -3, 0, 4, c) ==
	    DSP_ENOTSUP, "power series: refused (its weights are exact runs)");
}

int
main(void)
{
	dsp_gsl_init();
	test_uniform(1, "theta = 1");
	test_uniform(0.25, "theta = 0.25");
	test_uniform(-0.5, "theta = -0.5");
	test_gaussian();
	test_empirical();
	test_refused();
	return tap_done();
}
