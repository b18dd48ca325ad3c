/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Lemma 2.1 (tight and loose bands), Theorem 2.2 critical n, entropy floor
 * and ceiling against long double references and GSL. */
#include <math.h>
#include <string.h>

#include <gsl/gsl_sf_exp.h>
#include <gsl/gsl_sf_log.h>

#include "core/dsp.h"
#include "tap.h"
#include "coretest.h"

static const double ns[] = { 2, 3, 16, 1000, 1e6, 0x1p40, 0x1p60, 1e30 };
static const double rs[] = { 0, 1e-8, 0.5, 1, 4, 30, 300 };
#define NNS (sizeof ns / sizeof ns[0])
#define NRS (sizeof rs / sizeof rs[0])

static void
test_softplus(void)
{
	double x, v, worst = 0;
	int i;

	/* GSL reference: log1p(e^x) = x + log1p(e^-x) for x > 0. */
	for (i = -7000; i <= 7000; i++) {
		x = i / 10.0;
		v = x <= 0 ? gsl_sf_log_1plusx(gsl_sf_exp(x)) :
		    x + gsl_sf_log_1plusx(gsl_sf_exp(-x));
		if (v != 0)
			worst = fmax(worst, fabs(dsp_softplus(x) - v) / v);
	}
	ok(worst < 4e-16, "softplus = GSL log_1plusx(exp) on [-700, 700] (worst rel %.3g)", worst);
	is_close(dsp_softplus(1e300), 1e300, 1e-16, "softplus(1e300) = 1e300, no overflow");
	ok(dsp_softplus(-1e300) == 0, "softplus(-1e300) = 0");
	is_rel(dsp_softplus(-740), exp(-740), 1e-12, "softplus(-740) = e^-740 (subnormal range)");
}

static void
test_lemma(void)
{
	double lo, hi, llo, lhi, th;
	long double n, r, rlo, rhi;
	size_t i, j;
	int tight_ok = 1, loose_ok = 1, nested = 1, sign_ok = 1;

	for (i = 0; i < NNS; i++)
		for (j = 0; j < NRS; j++) {
			n = ns[i];
			r = rs[j];
			th = 1.7;
			dsp_lemma_tight(ns[i], rs[j] * th, th, &lo, &hi);
			rlo = 1 / (1 + (n - 1) * expl(r));
			rhi = 1 / (1 + (n - 1) * expl(-r));
			if (fabsl(lo - rlo) > 1e-13L * rlo || fabsl(hi - rhi) > 1e-13L * rhi) {
				tight_ok = 0;
				diag("tight n=%g r=%g: [%.17g, %.17g] vs [%.17Lg, %.17Lg]",
				    ns[i], rs[j], lo, hi, rlo, rhi);
			}
			dsp_lemma_loose(ns[i], rs[j] * th, th, &llo, &lhi);
			rlo = expl(-r) / n;
			rhi = expl(r) / n;
			if (fabsl(llo - rlo) > 1e-13L * rlo || fabsl(lhi - rhi) > 1e-13L * rhi) {
				loose_ok = 0;
				diag("loose n=%g r=%g: [%.17g, %.17g] vs [%.17Lg, %.17Lg]",
				    ns[i], rs[j], llo, lhi, rlo, rhi);
			}
			/* Tight band inside the loose one (e^r >= 1). */
			nested &= llo <= lo * (1 + 1e-15) && hi <= lhi * (1 + 1e-15) && lo <= hi;
			dsp_lemma_tight(ns[i], rs[j] * th, -th, &llo, &lhi);
			sign_ok &= llo == lo && lhi == hi;
		}
	ok(tight_ok, "tight band = long double 1/(1+(n-1)e^{+-r}) over n up to 1e30, r up to 300");
	ok(loose_ok, "loose band = long double e^{+-r}/n");
	ok(nested, "tight band lies inside the loose band");
	ok(sign_ok, "theta < 0 uses |theta|");

	dsp_lemma_tight(10, 0, 1, &lo, &hi);
	ok(fabs(lo - 0.1) < 1e-16 && fabs(hi - 0.1) < 1e-16,
	    "delta = 0: band collapses to 1/n (%.17g, %.17g)", lo, hi);
	dsp_lemma_tight(1, 5, 1, &lo, &hi);
	ok(lo == 1 && hi == 1, "n = 1: the only weight is 1");
	dsp_lemma_tight(10, 5, 0, &lo, &hi);
	ok(lo == 0 && hi == 1, "theta = 0 (argmax limit): trivial band [0, 1]");
	dsp_lemma_loose(10, 5, 0, &lo, &hi);
	ok(lo == 0 && isinf(hi), "theta = 0 loose band [0, inf)");
	/* delta/theta = 1000 must not overflow. */
	dsp_lemma_tight(16, 1000, 1, &lo, &hi);
	ok(lo == 0 && isfinite(hi) && fabs(hi - 1) < 1e-300 + 1e-16,
	    "delta/theta = 1000: tight band [0, 1 - 15e^-1000] finite (%g, %.17g)", lo, hi);
	dsp_lemma_loose(16, 1000, 1, &lo, &hi);
	ok(lo == 0 && isinf(hi), "delta/theta = 1000: loose upper bound is +inf, no NaN (%g)", hi);

	is_int(dsp_lemma_tight(0, 1, 1, &lo, &hi), DSP_EINVAL, "tight n = 0: DSP_EINVAL");
	ok(strstr(dsp_last_error(), "n must be") != NULL, "detail: '%s'", dsp_last_error());
	is_int(dsp_lemma_tight(NAN, 1, 1, &lo, &hi), DSP_EINVAL, "tight n = NaN: DSP_EINVAL");
	is_int(dsp_lemma_tight(5, -1, 1, &lo, &hi), DSP_EINVAL, "tight delta < 0: DSP_EINVAL");
	is_int(dsp_lemma_tight(5, NAN, 1, &lo, &hi), DSP_EINVAL, "tight delta = NaN: DSP_EINVAL");
	/* An overflowed spread (logits of +-1e308) is the trivial band. */
	is_int(dsp_lemma_tight(5, INFINITY, 1, &lo, &hi), DSP_OK, "tight delta = Inf is the limit");
	ok(lo == 0 && hi == 1, "delta = Inf: band [0, 1] (%g, %g)", lo, hi);
	{
		double ln;

		is_int(dsp_log_critical_n(0.01, INFINITY, 1, &ln), DSP_OK,
		    "critical n with delta = Inf");
		ok(isinf(ln) && ln > 0, "delta = Inf: critical n is +inf (%g)", ln);
	}
	is_int(dsp_lemma_loose(5, 1, NAN, &lo, &hi), DSP_EINVAL, "loose theta = NaN: DSP_EINVAL");
	is_int(dsp_lemma_tight(INFINITY, 1, 1, &lo, &hi), DSP_OK, "tight n = Inf is the limit");
	ok(lo == 0 && hi == 0, "n = Inf: band [0, 0] (%g, %g)", lo, hi);
}

static void
test_spike_attains(void)
{
	double e[1000], w[1000], lo, hi;
	size_t i;

	/* A spike attains the upper edge, an anti-spike the lower edge. */
	for (i = 0; i < 1000; i++)
		e[i] = i == 0 ? 3 : 0;
	dsp_softmax(e, 1000, 0.75, w);
	dsp_lemma_tight(1000, 3, 0.75, &lo, &hi);
	/* 1e-13: the explicit softmax sums 999 terms naively. */
	is_rel(w[0], hi, 1e-13, "spike max weight = tight upper bound");
	for (i = 0; i < 1000; i++)
		e[i] = i == 0 ? 0 : 3;
	dsp_softmax(e, 1000, 0.75, w);
	is_rel(w[0], lo, 1e-13, "anti-spike min weight = tight lower bound");
}

static void
test_critical(void)
{
	double ln, lo, hi, eps[] = { 0.5, 0.1, 0.01, 1e-6 }, n;
	long double ref;
	size_t i, j;
	int good = 1, edge = 1;

	for (i = 0; i < 4; i++)
		for (j = 0; j < NRS; j++) {
			dsp_log_critical_n(eps[i], rs[j] * 2, 2, &ln);
			ref = logl(1 + (1 / (long double)eps[i] - 1) * expl(rs[j]));
			if (fabsl(ln - ref) > 1e-14L * fmaxl(1, ref)) {
				good = 0;
				diag("eps=%g r=%g: %.17g vs %.17Lg", eps[i], rs[j], ln, ref);
			}
			if (ln > 2 && ln < 600) {
				/* Just past n* every weight is below eps; just before, not. */
				n = exp(ln) * (1 + 1e-9);
				dsp_lemma_tight(n, rs[j] * 2, 2, &lo, &hi);
				edge &= hi < eps[i];
				n = exp(ln) * (1 - 1e-9);
				dsp_lemma_tight(n, rs[j] * 2, 2, &lo, &hi);
				edge &= hi > eps[i];
			}
		}
	ok(good, "log critical n = long double log(1 + (1/eps - 1) e^r)");
	ok(edge, "tight upper bound crosses eps exactly at n*");
	is_int(dsp_log_critical_n(0.01, 1000, 1, &ln), DSP_OK, "critical n at delta/theta = 1000 OK");
	is_close(ln, 1000 + log(99), 1e-15, "log n* at delta/theta = 1000 = 1000 + log(1/eps - 1)");
	dsp_log_critical_n(0.01, 1e6, 1e-3, &ln);
	is_close(ln, 1e9 + log(99), 1e-15, "log n* at delta/theta = 1e9, no overflow");
	dsp_log_critical_n(0.3, 1000, -1, &ln);
	is_close(ln, 1000 + log(7.0 / 3), 1e-15, "log n* with theta < 0 uses |theta|");
	dsp_log_critical_n(1, 3, 1, &ln);
	ok(ln == 0, "eps = 1: n* = 1, log 0");
	dsp_log_critical_n(0.25, 0, 1, &ln);
	is_close(ln, log(4), 1e-15, "delta = 0: n* = 1/eps");
	dsp_log_critical_n(0.25, 2, 0, &ln);
	ok(isinf(ln) && ln > 0, "theta = 0, delta > 0: never disperses (log n* = inf)");
	is_int(dsp_log_critical_n(0, 1, 1, &ln), DSP_EINVAL, "eps = 0: DSP_EINVAL");
	is_int(dsp_log_critical_n(-0.1, 1, 1, &ln), DSP_EINVAL, "eps < 0: DSP_EINVAL");
	is_int(dsp_log_critical_n(NAN, 1, 1, &ln), DSP_EINVAL, "eps = NaN: DSP_EINVAL");
	ok(strstr(dsp_last_error(), "epsilon") != NULL, "detail: '%s'", dsp_last_error());
	is_int(dsp_log_critical_n(0.1, NAN, 1, &ln), DSP_EINVAL, "critical n delta = NaN: DSP_EINVAL");

	/* n* itself: the formula, not exp of the log (which gave
	 * 99.99999999999996 for 100).  Exact where the arithmetic is:
	 * 1 + 99 * 1, 1 + 3 * 1; 1/eps at theta = 0. */
	dsp_critical_n(0.01, 0, 1, &n);
	ok(n == 100, "n* = 100 exactly at eps = 0.01, delta = 0 (%.17g)", n);
	dsp_critical_n(0.25, 0, 3, &n);
	ok(n == 4, "n* = 4 exactly at eps = 0.25, delta = 0 (%.17g)", n);
	dsp_critical_n(0.25, 0, 0, &n);
	ok(n == 4, "n* = 1/eps at theta = 0, delta = 0 (%.17g)", n);
	dsp_critical_n(0.01, 4, -2, &n);
	is_close(n, 1 + 99 * exp(2.0), 1e-15, "n* = 1 + 99 e^2 at delta 4, theta -2");
	dsp_critical_n(1, 3, 1, &n);
	ok(n == 1, "eps = 1: n* = 1");
	dsp_critical_n(0.01, 1000, 1, &n);
	ok(isinf(n) && n > 0, "past the double range: +inf (the log is shown)");
	is_int(dsp_critical_n(0, 1, 1, &n), DSP_EINVAL, "n*: eps = 0: DSP_EINVAL");
}

static void
test_floor(void)
{
	double lo, hi, f;
	long double ref;
	size_t i, j;
	int good = 1, eq = 1, below = 1;

	for (i = 0; i < NNS; i++)
		for (j = 0; j < NRS; j++) {
			f = dsp_entropy_floor(ns[i], rs[j], 1);
			ref = log1pl(((long double)ns[i] - 1) * expl(-(long double)rs[j]));
			/* log(n-1) - r rounds to half an ulp of r: relative
			 * error up to ~eps (r + log n) once e^{-r} dominates. */
			if (fabsl(f - ref) > 4e-16L * (4 + rs[j] + log(ns[i])) * ref) {
				good = 0;
				diag("floor n=%g r=%g: %.17g vs %.17Lg", ns[i], rs[j], f, ref);
			}
			/* The floor is -log of the tight upper bound. */
			dsp_lemma_tight(ns[i], rs[j], 1, &lo, &hi);
			/* -log(hi) = -log(1/(1+x)) keeps only absolute precision. */
			eq &= fabs(f + log(hi)) <= 1e-14 * f + 4e-16;
			below &= f <= dsp_entropy_ceiling(ns[i]) * (1 + 1e-15);
		}
	ok(good, "entropy floor = long double log(1 + (n-1) e^{-r})");
	ok(eq, "entropy floor = -log(tight upper bound)");
	ok(below, "entropy floor <= ceiling log n");
	ok(dsp_entropy_floor(1, 3, 1) == 0, "floor n = 1 is 0");
	ok(dsp_entropy_floor(8, 3, 0) == 0, "floor theta = 0, delta > 0 is 0");
	is_close(dsp_entropy_floor(8, 0, 0), log(8), 1e-15, "floor theta = 0, delta = 0 is log n");
	is_close(dsp_entropy_floor(8, 0, 1), log(8), 1e-15, "floor delta = 0 is log n");
	is_close(dsp_entropy_floor(1e6, 1000, 1), 999999 * exp(-1000), 1e-15,
	    "floor at delta/theta = 1000 ~ (n-1) e^-1000, no overflow");
	is_close(dsp_entropy_ceiling(0x1p60), 60 * M_LN2, 1e-15, "ceiling 2^60 = 60 log 2");
	ok(dsp_entropy_ceiling(1) == 0, "ceiling n = 1 is 0");
}

int
main(void)
{
	dsp_gsl_init();
	test_softplus();
	test_lemma();
	test_spike_attains();
	test_critical();
	test_floor();
	return tap_done();
}
