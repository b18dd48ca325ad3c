/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dsp_eval: runs at n up to 2^60 against closed forms, the expected limit
 * of uniform logits, the ramp's analytic route, summary fields, method
 * routing, curves, log sizes and the (theta, lambda) map. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gsl/gsl_statistics_double.h>

#include "core/dsp.h"
#include "tap.h"
#include "coretest.h"

/* Spike: Z = e^r + n - 1, p_max = e^r/Z, H = log Z - r e^r/Z, r = delta/theta. */
static void
test_spike_huge(void)
{
	const int lg[] = { 4, 20, 40, 52, 60 };
	const double th[] = { 1, 0.25, -2, 10 };
	dsp_params p;
	dsp_summary s;
	long double n, r, z, pm, h, mn;
	int good = 1, meth = 1, i, j;
	double worst = 0;
	dsp_runs *wr = dsp_runs_alloc(8);
	size_t runs_max = 0;

	for (i = 0; i < 5; i++)
		for (j = 0; j < 4; j++) {
			ct_base(&p, DSP_FAM_SPIKE, (uint64_t)1 << lg[i], 3, th[j]);
			p.topk = 3;
			if (dsp_eval(&p, &s) != DSP_OK) {
				good = 0;
				continue;
			}
			n = (long double)p.n;
			r = 3.0L / th[j];
			z = expl(r) + n - 1;
			pm = expl(r) / z;
			mn = 1 / z;
			h = logl(z) - r * expl(r) / z;
			if (th[j] < 0) {	/* favours the zeros: max is 1/Z */
				pm = 1 / z;
				mn = expl(r) / z;
			}
			worst = fmax(worst, fabsl(s.entropy - h) / h);
			worst = fmax(worst, fabsl(s.max_weight - pm) / pm);
			worst = fmax(worst, fabsl(s.min_weight - mn) / mn);
			if (th[j] > 0)
				worst = fmax(worst, fabsl(s.topk_mass - (expl(r) + 2) / z) /
				    ((expl(r) + 2) / z));
			meth &= s.method == DSP_METHOD_RUNS && s.n == (double)p.n;
			/* The cost is the run count, not n (timing belongs in bench/). */
			if (dsp_eval_weights(&p, wr, NULL) == DSP_OK && wr->len > runs_max)
				runs_max = wr->len;
		}
	ok(good, "spike evaluates at n = 2^4 .. 2^60");
	ok(worst < 1e-13, "spike H, p_max, p_min, top-3 = long double closed forms (worst rel %.2g)",
	    worst);
	ok(meth, "spike routes to runs at every n");
	ok(runs_max == 2, "spike at any n is 2 runs of weights (max %zu)", runs_max);
	dsp_runs_free(wr);
}

/* Power series at huge n: long double sum of the first K terms plus the
 * tail, where each x_k = delta lambda^k / theta is tiny:
 *   sum_{k>=K} e^{x_k} ~ (n - K) + x_K / (1 - lambda),
 *   sum_{k>=K} x_k e^{x_k} ~ x_K / (1 - lambda). */
static void
power_ref(double delta, double lambda, double theta, long double n, int K,
    long double *h, long double *pmax)
{
	long double z = 0, zx = 0, x, xk = delta / (long double)theta, mx = -INFINITY;
	int k;

	for (k = 0; k < K; k++) {
		x = xk;
		z += expl(x);
		zx += x * expl(x);
		if (x > mx)
			mx = x;
		xk *= lambda;
	}
	z += (n - K) + xk / (1 - lambda);
	zx += xk / (1 - lambda);
	if (mx < 0)	/* the tail's logits/theta tend to 0 */
		mx = 0;
	*h = logl(z) - zx / z;
	*pmax = expl(mx) / z;
}

static void
test_power_huge(void)
{
	const double lam[] = { 0, 0.5, 0.9, 0.99, -0.5 };
	const double th[] = { 1, 0.3, -1 };
	dsp_params p;
	dsp_summary s;
	long double h, pm;
	double worst = 0;
	dsp_runs *wr = dsp_runs_alloc(64);
	size_t runs_max = 0;
	int i, j, good = 1, meth = 1;

	for (i = 0; i < 5; i++)
		for (j = 0; j < 3; j++) {
			ct_base(&p, DSP_FAM_POWER, (uint64_t)1 << 60, 4, th[j]);
			p.lambda = lam[i];
			if (dsp_eval(&p, &s) != DSP_OK) {
				good = 0;
				diag("lambda %g theta %g: %s", lam[i], th[j], dsp_last_error());
				continue;
			}
			power_ref(4, lam[i], th[j], (long double)p.n, 6000, &h, &pm);
			worst = fmax(worst, fabsl(s.entropy - h) / h);
			worst = fmax(worst, fabsl(s.max_weight - pm) / pm);
			meth &= s.method == DSP_METHOD_RUNS;
			if (dsp_eval_weights(&p, wr, NULL) == DSP_OK && wr->len > runs_max)
				runs_max = wr->len;
		}
	ok(good, "power series evaluates at n = 2^60 for lambda in {0,.5,.9,.99,-.5}");
	ok(worst < 1e-12, "power series H, p_max at 2^60 = long double K-term sum + tail (worst %.2g)",
	    worst);
	ok(meth, "power series |lambda| <= 1 routes to runs");
	/* lambda = .99: terms down to 2^-60 |theta|/delta, about 4300 runs. */
	ok(runs_max > 1000 && runs_max < 6000,
	    "power series at 2^60 is at most a few thousand runs, not n (max %zu)", runs_max);
	dsp_runs_free(wr);
	/* Small n: runs vs the explicit long double softmax. */
	{
		double e[300];
		long double w[300];

		ct_base(&p, DSP_FAM_POWER, 300, 5, 0.7);
		p.lambda = 0.97;
		dsp_family_generate(&p, e);
		ld_softmax(e, 300, 0.7, w);
		dsp_eval(&p, &s);
		is_rel(s.entropy, (double)ld_entropy(w, 300), 1e-13, "power n=300 entropy = long double");
		is_rel(s.max_weight, (double)w[0], 1e-13, "power n=300 max weight = long double");
		is_rel(s.min_weight, (double)w[299], 1e-13, "power n=300 min weight = long double");
	}
}

/* Uniform U[0, delta]: E[e^{X/theta}] = theta (e^{delta/theta} - 1)/delta,
 * E[X e^{X/theta}] = theta e^{delta/theta} - theta^2 (e^{delta/theta} - 1)/delta,
 * H = log n + log E - E[X e^{X/theta}] / (theta E). */
static long double
uniform_h(long double n, long double d, long double t)
{
	long double E = t * expm1l(d / t) / d;
	long double XE = t * expl(d / t) - t * t * expm1l(d / t) / d;

	return logl(n) + logl(E) - XE / (t * E);
}

static void
test_uniform_expected(void)
{
	const double th[] = { 1, 0.5, 2, -1, 0.1 };
	dsp_params p;
	dsp_summary s;
	long double h, r;
	double worst = 0, pw = 0;
	int j, meth = 1;

	for (j = 0; j < 5; j++) {
		ct_base(&p, DSP_FAM_UNIFORM, (uint64_t)1 << 40, 3, th[j]);
		if (dsp_eval(&p, &s) != DSP_OK) {
			meth = 0;
			continue;
		}
		meth &= s.method == DSP_METHOD_TYPICAL;
		h = uniform_h((long double)p.n, 3, fabs(th[j]));
		worst = fmax(worst, fabsl(s.entropy - h) / h);
		/* max weight = 1/(n E[e^{(X-delta)/theta}]) = r/(n (1 - e^{-r})). */
		r = 3.0L / fabs(th[j]);
		pw = fmax(pw, fabsl(s.max_weight - r / ((long double)p.n * -expm1l(-r))) /
		    (r / ((long double)p.n * -expm1l(-r))));
	}
	/* Far from the frozen regime (delta/theta << n) the typical
	 * configuration's figures tend to the law-of-large-numbers limit; its
	 * bins (core/math/typical.h) leave a relative error near 1e-8 in H and
	 * 4e-7 in the max weight. */
	ok(meth, "uniform at 2^40 routes to the typical configuration");
	ok(worst < 1e-7, "uniform typical H = large-n limit log n + log E - E[X e^X]/(theta E) (worst %.2g)",
	    worst);
	ok(pw < 2e-6, "uniform typical max weight = r/(n(1 - e^-r)) (worst %.2g)", pw);
	is_close(s.entropy_floor, dsp_entropy_floor(s.n, s.spread, 0.1), 1e-15,
	    "typical route fills the floor from its own spread");
	ok(strcmp(dsp_method_name(s.method), "typical") == 0, "method name 'typical'");
	/* delta = 0 and theta = 0 special cases. */
	ct_base(&p, DSP_FAM_UNIFORM, (uint64_t)1 << 40, 0, 1);
	dsp_eval(&p, &s);
	is_close(s.entropy, 40 * M_LN2, 1e-15, "uniform delta=0 at 2^40: H = log n");
	p.topk = 0;	/* 0 means 1 everywhere else */
	dsp_eval(&p, &s);
	is_rel(s.topk_mass, s.max_weight, 1e-15, "uniform delta=0 topk = 0 counts as top-1");
	ct_base(&p, DSP_FAM_UNIFORM, (uint64_t)1 << 40, 2, 0);
	dsp_eval(&p, &s);
	ok(s.entropy == 0 && s.max_weight == 1, "uniform theta=0 at 2^40: argmax limit H = 0");
}

/* The same n = 2^20 logits evaluated item by item and through the
 * expected limit.  With A = e^{(X-delta)/theta}, B = (X-delta) A, the
 * explicit entropy is exactly g(mean A, mean B) with
 * g(a, b) = log n + log a - b/(theta a), the expected one g(E A, E B);
 * the delta method gives the standard error of g(mean A, mean B) from the
 * sample covariance, and we allow 5 SE (two-sided p ~ 6e-7 per seed). */
static void
test_expected_vs_explicit(void)
{
	const uint64_t seeds[] = { 1, 2, 3, 12345 };
	enum { N = 1 << 20 };
	double *x = malloc(N * sizeof *x), *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
	double th = 0.8, d = 3, ma, mb, va, vb, cab, ga, gb, se, diff;
	dsp_params p;
	dsp_summary se_x, se_e;
	size_t i, k;
	int good = 1;

	for (k = 0; k < 4; k++) {
		ct_base(&p, DSP_FAM_UNIFORM, N, d, th);
		p.seed = seeds[k];
		p.explicit_max = N;
		dsp_eval(&p, &se_x);
		p.explicit_max = 1;
		dsp_eval(&p, &se_e);
		dsp_family_generate(&p, x);
		for (i = 0; i < N; i++) {
			a[i] = exp((x[i] - d) / th);
			b[i] = (x[i] - d) * a[i];
		}
		ma = gsl_stats_mean(a, 1, N);
		mb = gsl_stats_mean(b, 1, N);
		va = gsl_stats_variance_m(a, 1, N, ma);
		vb = gsl_stats_variance_m(b, 1, N, mb);
		cab = gsl_stats_covariance_m(a, 1, b, 1, N, ma, mb);
		ga = 1 / ma + mb / (th * ma * ma);
		gb = -1 / (th * ma);
		se = sqrt((ga * ga * va + 2 * ga * gb * cab + gb * gb * vb) / N);
		diff = se_x.entropy - se_e.entropy;
		diag("seed %llu: explicit H %.10f, expected H %.10f, diff %.3g, SE %.3g",
		    (unsigned long long)seeds[k], se_x.entropy, se_e.entropy, diff, se);
		good &= se_x.method == DSP_METHOD_EXPLICIT && se_e.method == DSP_METHOD_TYPICAL;
		good &= fabs(diff) < 5 * se;
		/* The sample identity itself (no statistics): explicit H = g(mean). */
		good &= fabs(se_x.entropy - (log((double)N) + log(ma) - mb / (th * ma))) < 1e-9;
	}
	ok(good, "uniform n=2^20, 4 seeds: explicit H within 5 delta-method SE of expected H");
	free(x);
	free(a);
	free(b);
}

static void
test_ramp(void)
{
	const uint64_t ns[] = { 2, 3, 10, 1000, 65536 };
	const double th[] = { 1, -0.5, 3, 0.05 };
	dsp_params p;
	dsp_summary sx, sa, su;
	double worst = 0;
	size_t i, j;
	int ad, meth = 1;

	for (ad = 0; ad < 2; ad++)
		for (i = 0; i < 5; i++)
			for (j = 0; j < 4; j++) {
				ct_base(&p, DSP_FAM_RAMP, ns[i], 4, th[j]);
				p.topk = 5;
				p.adaptive = ad;
				dsp_eval(&p, &sx);
				p.explicit_max = 1;
				dsp_eval(&p, &sa);
				meth &= sx.method == DSP_METHOD_EXPLICIT && sa.method == DSP_METHOD_ANALYTIC;
#define W(f) worst = fmax(worst, fabs(sx.f - sa.f) / fmax(fabs(sx.f), 1e-300))
				W(entropy); W(entropy_paper); W(max_weight); W(min_weight);
				W(topk_mass); W(beta); W(theta_eff); W(entropy_floor);
#undef W
			}
	ok(meth, "ramp: explicit below the limit, analytic with explicit_max = 1");
	ok(worst < 1e-11, "ramp analytic = explicit: H, paper H, max/min, top-5, beta (worst %.2g)", worst);
	/* At huge n the ramp tends to the uniform continuum. */
	ct_base(&p, DSP_FAM_RAMP, (uint64_t)1 << 40, 3, 0.7);
	dsp_eval(&p, &sa);
	ct_base(&p, DSP_FAM_UNIFORM, (uint64_t)1 << 40, 3, 0.7);
	dsp_eval(&p, &su);
	ok(sa.method == DSP_METHOD_ANALYTIC, "ramp at 2^40 is analytic");
	is_close(sa.entropy, su.entropy, 1e-8, "ramp at 2^40 = uniform typical configuration (H)");
	is_rel(sa.max_weight, su.max_weight, 2e-6, "ramp at 2^40 = uniform typical configuration (p_max)");
	is_rel(sa.entropy_paper, su.entropy_paper, 1e-6, "ramp at 2^40 paper entropy ~ uniform's");
	/* theta = 0 on the analytic route: argmax limit, no NaN. */
	ct_base(&p, DSP_FAM_RAMP, 100, 3, 0);
	p.explicit_max = 1;
	dsp_eval(&p, &sa);
	ok(sa.entropy == 0 && sa.max_weight == 1 && sa.min_weight == 0,
	    "ramp analytic theta = 0: H = 0, p_max = 1 (got %g, %g)", sa.entropy, sa.max_weight);
	ct_base(&p, DSP_FAM_RAMP, 100, 0, 0);
	p.explicit_max = 1;
	dsp_eval(&p, &sa);
	is_close(sa.entropy, log(100), 1e-15, "ramp analytic delta = 0, theta = 0: H = log n");
}

static void
check_summary(const dsp_params *p, const char *what, int *good)
{
	dsp_summary s;
	double lo, hi, lo2, hi2, m;
	int g = 1;

	if (dsp_eval(p, &s) != DSP_OK) {
		*good = 0;
		diag("%s: %s", what, dsp_last_error());
		return;
	}
	dsp_lemma_tight(s.n, s.spread, s.theta_eff, &lo, &hi);
	dsp_lemma_loose(s.n, s.spread, s.theta_eff, &lo2, &hi2);
	m = fmin(lo > 0 ? (s.min_weight - lo) / lo : s.min_weight - lo,
	    (hi - s.max_weight) / hi);
	g &= s.spread == s.logit_max - s.logit_min;
	g &= s.lo_tight == lo && s.hi_tight == hi && s.lo_loose == lo2 && s.hi_loose == hi2;
	g &= s.bound_holds == 1 && s.bound_margin == m && m >= -1e-12;
	g &= s.min_weight >= lo * (1 - 1e-12) && s.max_weight <= hi * (1 + 1e-12);
	g &= s.entropy_floor <= s.entropy * (1 + 1e-12) + 1e-15;
	g &= s.entropy <= s.entropy_ceiling * (1 + 1e-12) + 1e-15;
	g &= fabs(s.entropy_bits - s.entropy / M_LN2) <= 1e-15 * s.entropy_bits;
	g &= s.n <= 1 || fabs(s.entropy_norm - s.entropy / log(s.n)) <= 1e-15;
	g &= fabs(s.total - 1) < 1e-12;
	g &= s.topk_mass >= s.max_weight * (1 - 1e-15) && s.topk_mass <= 1 + 1e-12;
	g &= s.max_weight >= s.min_weight;
	if (!g) {
		*good = 0;
		diag("%s: H %g in [%g, %g], w [%g, %g] band [%g, %g], margin %g vs %g, holds %d",
		    what, s.entropy, s.entropy_floor, s.entropy_ceiling, s.min_weight,
		    s.max_weight, lo, hi, s.bound_margin, m, s.bound_holds);
	}
}

static void
test_summary_fields(void)
{
	const double fe[] = { 0.5, 2, -1, 2, 7, 0 };
	dsp_params p;
	dsp_summary s;
	int good = 1, f, k;
	char what[64];

	for (f = 0; f < DSP_FAM_FILE; f++)
		for (k = 0; k < 6; k++) {
			ct_base(&p, (enum dsp_family)f, k < 3 ? 1000 : (uint64_t)1 << (20 + 8 * (k - 3)),
			    2.5, k % 2 ? -0.6 : 1.3);
			p.lambda = k == 5 ? -0.4 : 0.8;
			p.topk = (uint64_t)k + 1;
			p.seed = (uint64_t)k;
			p.adaptive = k == 2;
			if (f == DSP_FAM_GAUSSIAN && k >= 3)
				continue;	/* expected route: see below */
			snprintf(what, sizeof what, "%s k=%d", dsp_family_name(f), k);
			check_summary(&p, what, &good);
		}
	ct_base(&p, DSP_FAM_FILE, 0, 0, 0.9);
	p.logits = fe;
	p.n_logits = 6;
	check_summary(&p, "file", &good);
	ok(good, "summary: band, margin, floor <= H <= log n, bits/norm, total, top-k, all families");

	/* Spike attains the upper edge: margin ~ 0, still holds. */
	ct_base(&p, DSP_FAM_SPIKE, 1000, 4, 1);
	dsp_eval(&p, &s);
	ok(s.bound_holds == 1 && fabs(s.bound_margin) < 1e-14,
	    "spike: bound holds with margin ~0 (%.3g)", s.bound_margin);
	ok(s.max_weight > s.hi_loose * 0 && s.max_weight < s.hi_loose, "spike inside the loose band");
	is_close(s.log_critical_n, log1p(99 * exp(4.0)), 1e-15, "summary log_critical_n for eps = 0.01");
	ct_base(&p, DSP_FAM_POWER, 16, 4, 0);
	dsp_eval(&p, &s);
	ok(s.entropy == 0 && s.max_weight == 1 && s.bound_holds == 1,
	    "theta = 0: argmax, H = 0, trivial band holds");
	ct_base(&p, DSP_FAM_SPIKE, 1, 4, 1);
	dsp_eval(&p, &s);
	ok(s.n == 1 && s.entropy == 0 && s.max_weight == 1 && s.entropy_norm == 0,
	    "n = 1: weight 1, H = 0");
	/* Gaussian at huge n: expected limit, finite, inside [floor, log n]. */
	ct_base(&p, DSP_FAM_GAUSSIAN, (uint64_t)1 << 40, 1, 1);
	is_int(dsp_eval(&p, &s), DSP_OK, "gaussian at 2^40 evaluates");
	ok(s.method == DSP_METHOD_TYPICAL && isfinite(s.entropy) &&
	    s.entropy >= s.entropy_floor && s.entropy <= s.entropy_ceiling,
	    "gaussian expected: H %.4f in [%.4f, %.4f]", s.entropy, s.entropy_floor,
	    s.entropy_ceiling);
	/* sigma = 1, theta = 1: E[e^X] = e^{1/2} so H ~ log n - 1/2 (untruncated). */
	is_close(s.entropy, 40 * M_LN2 - 0.5, 1e-3, "gaussian expected H ~ log n - sigma^2/(2 theta^2)");
	/* SSMax / log-n scale the temperature with n. */
	ct_base(&p, DSP_FAM_SPIKE, 1024, 4, 1);
	p.attn = DSP_ATTN_SSMAX;
	p.ssmax_s = 0.5;
	dsp_eval(&p, &s);
	is_close(s.theta_eff, 1 / (0.5 * log(1024.0)), 1e-15, "SSMax theta_eff = theta/(s log n)");
	p.attn = DSP_ATTN_LOGN;
	dsp_eval(&p, &s);
	is_close(s.theta_eff, 1 / log(1024.0), 1e-15, "log-n theta_eff = theta/log n");
	is_rel(s.max_weight, exp(4 * log(1024.0)) / (exp(4 * log(1024.0)) + 1023), 1e-13,
	    "log-n spike max weight = n^delta/(n^delta + n - 1)");
}

static void
test_routing(void)
{
	static const struct {
		enum dsp_family f;
		double lambda;
		uint64_t n;
		enum dsp_method m;
		int rc;
	} t[] = {
		{ DSP_FAM_POWER, 0.5, 100, DSP_METHOD_RUNS, DSP_OK },
		{ DSP_FAM_POWER, -1, 100, DSP_METHOD_RUNS, DSP_OK },
		{ DSP_FAM_POWER, 1.01, 100, DSP_METHOD_EXPLICIT, DSP_OK },
		/* The closed route (eval_power.c) finds 1.01^(2^40) overflows. */
		{ DSP_FAM_POWER, 1.01, (uint64_t)1 << 40, 0, DSP_ERANGE },
		{ DSP_FAM_SPIKE, 0, (uint64_t)1 << 62, DSP_METHOD_RUNS, DSP_OK },
		{ DSP_FAM_UNIFORM, 0, 1000, DSP_METHOD_EXPLICIT, DSP_OK },
		{ DSP_FAM_UNIFORM, 0, ((uint64_t)1 << 27) + 1, DSP_METHOD_TYPICAL, DSP_OK },
		{ DSP_FAM_GAUSSIAN, 0, 1000, DSP_METHOD_EXPLICIT, DSP_OK },
		{ DSP_FAM_GAUSSIAN, 0, (uint64_t)1 << 50, DSP_METHOD_TYPICAL, DSP_OK },
		{ DSP_FAM_RAMP, 0, 65536, DSP_METHOD_EXPLICIT, DSP_OK },
		{ DSP_FAM_RAMP, 0, 65537, DSP_METHOD_ANALYTIC, DSP_OK },
	};
	dsp_params p;
	dsp_summary s;
	dsp_runs *w = dsp_runs_alloc(0);
	size_t i;
	int good = 1, rc;

	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		ct_base(&p, t[i].f, t[i].n, 2, 1);
		p.lambda = t[i].lambda;
		rc = dsp_eval(&p, &s);
		if (rc != t[i].rc || (rc == DSP_OK && s.method != t[i].m)) {
			good = 0;
			diag("case %zu: rc %d method %s", i, rc, dsp_method_name(s.method));
		}
	}
	ok(good, "method routing for every family and size class");
	ok(!strcmp(dsp_method_name(DSP_METHOD_EXPLICIT), "explicit") &&
	    !strcmp(dsp_method_name(DSP_METHOD_RUNS), "runs") &&
	    !strcmp(dsp_method_name(DSP_METHOD_ANALYTIC), "analytic") &&
	    !strcmp(dsp_method_name((enum dsp_method)99), "?"), "method names");

	/* Weights as runs. */
	ct_base(&p, DSP_FAM_SPIKE, (uint64_t)1 << 50, 2, 1);
	is_int(dsp_eval_weights(&p, w, &s), DSP_OK, "spike weights at 2^50 as runs");
	ok(w->len == 2 && dsp_runs_total(w) == p.n && w->value[0] == s.max_weight,
	    "spike weights: two runs, total n, first = max weight");
	ct_base(&p, DSP_FAM_UNIFORM, 5000, 2, 1);
	dsp_eval_weights(&p, w, NULL);
	ok(dsp_runs_total(w) == 5000, "uniform weights n = 5000: 5000 items");
	ct_base(&p, DSP_FAM_RAMP, 100000, 2, 1);
	is_int(dsp_eval_weights(&p, w, &s), DSP_OK, "ramp weights at 1e5 go explicit");
	ok(s.method == DSP_METHOD_EXPLICIT && dsp_runs_total(w) == 100000, "ramp weights explicit");
	ct_base(&p, DSP_FAM_UNIFORM, (uint64_t)1 << 40, 2, 1);
	is_int(dsp_eval_weights(&p, w, &s), DSP_ETOOBIG, "uniform weights at 2^40: DSP_ETOOBIG");
	/* Bad parameters are caught before any work. */
	ct_base(&p, DSP_FAM_SPIKE, 0, 2, 1);
	is_int(dsp_eval(&p, &s), DSP_EINVAL, "eval n = 0: DSP_EINVAL");
	ct_base(&p, DSP_FAM_SPIKE, 10, NAN, 1);
	is_int(dsp_eval(&p, &s), DSP_EINVAL, "eval delta = NaN: DSP_EINVAL");
	ct_base(&p, DSP_FAM_SPIKE, 10, 1, INFINITY);
	is_int(dsp_eval(&p, &s), DSP_EINVAL, "eval theta = Inf: DSP_EINVAL");
	dsp_runs_free(w);
}

static void
test_curve_sizes(void)
{
	double ns[64], want[] = { 1, 10, 100, 1000, 10000, 100000, 1000000 };
	dsp_params p;
	dsp_summary c[16], s;
	size_t k, i;
	int good = 1;

	k = dsp_log_sizes(1, 1e6, 7, ns);
	is_int((long long)k, 7, "log sizes 1..1e6, 7 points");
	ok(memcmp(ns, want, sizeof want) == 0, "log sizes are the powers of ten");
	k = dsp_log_sizes(1, 20, 50, ns);
	for (i = 1; i < k; i++)
		good &= ns[i] > ns[i - 1] && ns[i] == nearbyint(ns[i]);
	ok(good && ns[0] == 1 && ns[k - 1] == 20 && k <= 20, "log sizes 1..20 x50: unique, rounded (%zu)", k);
	k = dsp_log_sizes(1, 0x1p60, 61, ns);
	for (i = 0, good = 1; i < k; i++)
		good &= fabs(ns[i] - ldexp(1, (int)i)) <= 1e-13 * ldexp(1, (int)i);
	ok(k == 61 && good && ns[60] == 0x1p60, "log sizes 1..2^60 x61 are the powers of two (%zu)", k);
	k = dsp_log_sizes(0x1p62, 0x1p63, 2, ns);
	ok(k == 2 && ns[0] == 0x1p62 && ns[1] == 0x1p63,
	    "log sizes 2^62..2^63 x2: both ends exactly (%.17g, %.17g)", ns[0], ns[1]);
	is_int((long long)dsp_log_sizes(1, 10, 0, ns), 0, "log sizes count 0");
	is_int((long long)dsp_log_sizes(0.5, 10, 5, ns), 0, "log sizes n_lo < 1");
	is_int((long long)dsp_log_sizes(10, 5, 5, ns), 0, "log sizes n_hi < n_lo");

	ct_base(&p, DSP_FAM_POWER, 1, 3, 0.8);
	p.lambda = 0.9;
	k = dsp_log_sizes(1, 0x1p50, 12, ns);
	is_int(dsp_eval_curve(&p, ns, k, c), DSP_OK, "curve over 12 sizes to 2^50");
	for (i = 0, good = 1; i < k; i++) {
		p.n = (uint64_t)ns[i];
		dsp_eval(&p, &s);
		good &= c[i].entropy == s.entropy && c[i].max_weight == s.max_weight && c[i].n == ns[i];
		if (i > 0)
			good &= c[i].entropy > c[i - 1].entropy;
	}
	ok(good, "curve points = individual dsp_eval calls, entropy increasing in n");
	ns[3] = 0;
	is_int(dsp_eval_curve(&p, ns, k, c), DSP_EINVAL, "curve with n = 0: DSP_EINVAL");
	p.family = DSP_FAM_FILE;
	is_int(dsp_eval_curve(&p, ns, k, c), DSP_ENOTSUP, "curve of a file: DSP_ENOTSUP");
}

static void
test_map(void)
{
	dsp_map_spec sp;
	dsp_params p, q;
	dsp_summary s;
	double out[5 * 4];
	size_t r, c;
	int good = 1, m;

	dsp_map_spec_default(&sp, 5, 4);
	ok(sp.theta_lo == -2 && sp.theta_hi == 2 && sp.lambda_lo == 0 && sp.lambda_hi == 1,
	    "default map ranges: theta [-2, 2], lambda [0, 1] (paper Fig 5)");
	ok(dsp_map_theta(&sp, 2) == 0 && dsp_map_theta(&sp, 4) == 2 &&
	    fabs(dsp_map_lambda(&sp, 1) - 1.0 / 3) < 1e-16, "map cell coordinates");
	ct_base(&p, DSP_FAM_POWER, 64, 4, 1);
	for (m = 0; m < DSP_METRIC_COUNT; m++) {
		sp.metric = (enum dsp_metric)m;
		is_int(dsp_map_compute(&p, &sp, out), DSP_OK, "map compute 5x4");
		for (r = 0; r < 4; r++)
			for (c = 0; c < 5; c++) {
				double v;

				q = p;
				q.theta = dsp_map_theta(&sp, c);
				q.lambda = dsp_map_lambda(&sp, r);
				dsp_eval(&q, &s);
				v = m == DSP_METRIC_ENTROPY ? s.entropy :
				    m == DSP_METRIC_ENTROPY_NORM ? s.entropy_norm : s.max_weight;
				/* The map may use the fused kernel: not bitwise. */
				good &= fabs(out[r * 5 + c] - v) <= 1e-13 * fmax(1, fabs(v));
			}
	}
	ok(good, "every map cell = dsp_eval of its (theta, lambda), all metrics");
	sp.rows = 0;
	is_int(dsp_map_compute(&p, &sp, out), DSP_EINVAL, "map with 0 rows: DSP_EINVAL");
	dsp_map_spec_default(&sp, 3, 3);
	sp.theta_hi = NAN;
	is_int(dsp_map_compute(&p, &sp, out), DSP_EINVAL, "map NaN range: DSP_EINVAL");
	for (m = 0, good = 1; m < DSP_METRIC_COUNT; m++)
		good &= dsp_metric_parse(dsp_metric_name((enum dsp_metric)m)) == m;
	ok(good && dsp_metric_parse("nope") == -1 && dsp_metric_parse(NULL) == -1,
	    "metric name/parse round trip");
}

/* dsp_eval_wstream's runs, collected. */
struct wruns {
	double		w[4];
	uint64_t	c[4];
	size_t		len;
};

static int
collect_run(void *ctx, double w, uint64_t c)
{
	struct wruns *r = ctx;

	if (r->len < 4) {
		r->w[r->len] = w;
		r->c[r->len] = c;
	}
	r->len++;
	return DSP_OK;
}

/* Streamed weights with adaptive temperature where theta / beta underflows:
 * 100 logits -1 then one 0 at theta = -2^-1074.  The first pass puts 1/100
 * on each -1 (theta < 0 favours the smallest), paper entropy
 * log(100) ~ 4.6 > 0.5, so beta = poly(4.6) ~ 2.4 and theta / beta rounds
 * to -0: the argmax limit, all the weight on the largest logit (0), H = 0
 * -- what dsp_eval_weights (the runs route) gives.  The stream kept the
 * first pass's pivot (the smallest logit) and gave 1/100 to each -1. */
static void
test_wstream_adaptive_underflow(void)
{
	double x[101];
	dsp_params p;
	dsp_summary s, r;
	dsp_wstream ws;
	dsp_runs *w = dsp_runs_alloc(8);
	struct wruns got = { { 0 }, { 0 }, 0 };
	size_t i;

	for (i = 0; i < 100; i++)
		x[i] = -1;
	x[100] = 0;
	ct_base(&p, DSP_FAM_FILE, 0, 0, -0x1p-1074);
	p.logits = x;
	p.n_logits = 101;
	p.adaptive = 1;
	is_int(dsp_eval_wstream(&p, &ws, &s), DSP_OK, "wstream, adaptive, theta -2^-1074");
	ok(s.beta > 2 && s.theta_eff == 0, "beta %.4g > 2: theta / beta = %g (argmax limit)",
	    s.beta, s.theta_eff);
	dsp_wstream_each(&ws, collect_run, &got);
	ok(got.len == 2 && got.c[0] == 100 && got.w[0] == 0 && got.c[1] == 1 &&
	    got.w[1] == 1, "weights: 100 x 0 then 1 at the largest logit (got %zu runs, "
	    "%g x %llu, %g x %llu)", got.len, got.w[0], (unsigned long long)got.c[0],
	    got.w[1], (unsigned long long)got.c[1]);
	ok(s.entropy == 0 && s.max_weight == 1 && s.min_weight == 0,
	    "H = 0, max 1, min 0 (got %g, %g, %g)", s.entropy, s.max_weight, s.min_weight);
	dsp_wstream_free(&ws);
	is_int(dsp_eval_weights(&p, w, &r), DSP_OK, "runs route, same parameters");
	ok(r.entropy == s.entropy && r.max_weight == s.max_weight &&
	    r.entropy_paper == s.entropy_paper && r.zero_weights == s.zero_weights,
	    "wstream summary = runs route's");
	/* The kernel route (report) too: it cannot take theta / beta = -0 and
	 * goes item by item (it failed: "kernel needs a finite non-zero theta"). */
	is_int(dsp_eval(&p, &r), DSP_OK, "dsp_eval (report's route), same parameters");
	ok(r.entropy == 0 && r.max_weight == 1 && r.theta_eff == 0,
	    "dsp_eval: the argmax limit, H = 0, max 1 (got %g, %g, theta %g)",
	    r.entropy, r.max_weight, r.theta_eff);
	dsp_runs_free(w);
}

int
main(void)
{
	dsp_gsl_init();
	test_spike_huge();
	test_power_huge();
	test_uniform_expected();
	test_expected_vs_explicit();
	test_ramp();
	test_summary_fields();
	test_routing();
	test_curve_sizes();
	test_map();
	test_wstream_adaptive_underflow();
	return tap_done();
}
