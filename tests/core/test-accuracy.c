/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Entropy of nearly one-hot rows on every route (issue 9, section 1).
 *
 * When one weight is 1 - r with r below 2^-53, log(Z) = log(1 + r) rounds to
 * 0 and an entropy computed from it loses the log Z share of H (2 % of H for
 * a spike n = 2, delta 50).  Every expected value below is the exact entropy
 * computed once with mpmath at 800 digits (so that Z = e^700 + 1 keeps its 1) (script in each comment:
 * H_soft(e, theta, counts) = -sum c_i p_i log p_i with p = softmax(e/theta),
 * H_row(w) = entropy of w / sum w), and every route must agree to 1e-12. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/dsp.h"
#include "tap.h"
#include "coretest.h"

#define REL 1e-12

static double
eval_h(const dsp_params *p, enum dsp_method *m)
{
	dsp_summary s;

	if (dsp_eval(p, &s) != DSP_OK)
		return NAN;
	if (m != NULL)
		*m = s.method;
	return s.entropy;
}

/* Entropy through dsp_eval_weights (the TUI's route: weights kept). */
static double
weights_h(const dsp_params *p)
{
	dsp_runs *w = dsp_runs_alloc(16);
	dsp_summary s;
	int rc = dsp_eval_weights(p, w, &s);

	dsp_runs_free(w);
	return rc == DSP_OK ? s.entropy : NAN;
}

/* One row on every route that can carry it: the family's runs, the same
 * logits as a file (fused kernel; with topk 2 the item-by-item runs), the
 * weights route and a one-point curve. */
static void
all_routes(dsp_params *p, const double *logits, size_t nl, double want,
    const char *what)
{
	dsp_params f = *p;
	dsp_summary c;
	double ns[1] = { (double)p->n };
	char buf[160];

	snprintf(buf, sizeof buf, "%s: family route", what);
	is_rel(eval_h(p, NULL), want, REL, buf);
	snprintf(buf, sizeof buf, "%s: weights route", what);
	is_rel(weights_h(p), want, REL, buf);
	snprintf(buf, sizeof buf, "%s: curve", what);
	is_rel(dsp_eval_curve(p, ns, 1, &c) == DSP_OK ? c.entropy : NAN, want, REL, buf);
	if (logits == NULL)
		return;
	f.family = DSP_FAM_FILE;
	f.logits = logits;
	f.n_logits = nl;
	f.n = nl;
	snprintf(buf, sizeof buf, "%s: file route", what);
	is_rel(eval_h(&f, NULL), want, REL, buf);
	f.topk = 2;
	snprintf(buf, sizeof buf, "%s: file route, topk 2", what);
	is_rel(eval_h(&f, NULL), want, REL, buf);
}

static void
test_softmax(void)
{
	double e50[2] = { 50, 0 }, e600[2] = { 600, 0 }, e700[2] = { 700, 0 };
	double pw[3] = { 50, 50 * 1e-10, 50 * 1e-10 * 1e-10 };
	dsp_params p;

	/* H_soft([50, 0], 1) = 51 e^-50 + O(e^-100) */
	ct_base(&p, DSP_FAM_SPIKE, 2, 50, 1);
	all_routes(&p, e50, 2, 9.8366242246159806934e-21, "spike n 2 delta 50");
	/* H_soft([600, 0], 1) */
	ct_base(&p, DSP_FAM_SPIKE, 2, 600, 1);
	all_routes(&p, e600, 2, 1.5928883283555908006e-258, "spike n 2 delta 600");
	/* H_soft([700, 0], 1): H = 6.9e-302, below 1e-300 */
	ct_base(&p, DSP_FAM_SPIKE, 2, 700, 1);
	all_routes(&p, e700, 2, 6.9116332571755993706e-302, "spike n 2 delta 700");
	/* H_soft([600, 0], 1, counts [1, 2^60 - 1]) */
	ct_base(&p, DSP_FAM_SPIKE, (uint64_t)1 << 60, 600, 1);
	all_routes(&p, NULL, 0, 1.8364752081984130562e-240, "spike n 2^60 delta 600");
	/* H_soft([100, 0], 1, counts [1, 2^60 - 1]) */
	ct_base(&p, DSP_FAM_SPIKE, (uint64_t)1 << 60, 100, 1);
	all_routes(&p, NULL, 0, 4.3318451474409842564e-24, "spike n 2^60 delta 100");
	/* Power series, tiny lambda: H_soft([50, 50 lam, 50 lam^2], 1), lam the
	 * double 1e-10. */
	ct_base(&p, DSP_FAM_POWER, 3, 50, 1);
	p.lambda = 1e-10;
	all_routes(&p, pw, 3, 1.9673248497450707709e-20, "power lambda 1e-10 n 3");
	/* H_soft([50, 50 lam, 50 lam^2, 0], 1, counts [1, 1, 1, 2^40 - 3]); the
	 * terms past k = 2 are < 5e-28 and change H by < 1e-27 relative. */
	p.n = (uint64_t)1 << 40;
	all_routes(&p, NULL, 0, 1.0815482710747379728e-8, "power lambda 1e-10 n 2^40");
	/* SSMax s = 1 and log-n at n = 2: theta_eff = 1/log 2,
	 * H_soft([50, 0], 1/log(2)). */
	ct_base(&p, DSP_FAM_SPIKE, 2, 50, 1);
	p.attn = DSP_ATTN_SSMAX;
	all_routes(&p, e50, 2, 3.1670096792166577022e-14, "SSMax spike n 2 delta 50");
	p.attn = DSP_ATTN_LOGN;
	all_routes(&p, e50, 2, 3.1670096792166577022e-14, "log-n spike n 2 delta 50");
}

static void
test_alternatives(void)
{
	double e40[2] = { 40, 0 }, e50[2] = { 50, 0 }, es[2] = { 1 - 0x1p-40, 0 };
	dsp_params p;

	/* softmax_1 normalised row = softmax: H_row(e^40, 1) */
	ct_base(&p, DSP_FAM_SPIKE, 2, 40, 1);
	p.attn = DSP_ATTN_SOFTMAX1;
	all_routes(&p, e40, 2, 1.7418252446695514808e-16, "softmax1 spike n 2 delta 40");
	/* sigmoid, theta = -1: H_row(sig(-50 - log 2), sig(-log 2)) */
	ct_base(&p, DSP_FAM_SPIKE, 2, 50, -1);
	p.attn = DSP_ATTN_SIGMOID;
	all_routes(&p, e50, 2, 1.4637630222081226709e-20, "sigmoid spike n 2 delta 50 theta -1");
	/* stick-breaking: H_row(sig(50), (1 - sig(50)) / 2) */
	ct_base(&p, DSP_FAM_SPIKE, 2, 50, 1);
	p.attn = DSP_ATTN_STICKBREAK;
	all_routes(&p, e50, 2, 4.9851574882640709859e-21, "stick-breaking spike n 2 delta 50");
	/* sparsemax of [d, 0], d = 1 - 2^-40: p = [(1 + d)/2, (1 - d)/2] */
	ct_base(&p, DSP_FAM_SPIKE, 2, 1 - 0x1p-40, 1);
	p.attn = DSP_ATTN_SPARSEMAX;
	all_routes(&p, es, 2, 1.3378227960382687485e-11, "sparsemax spike n 2 delta 1-2^-40");
}

static void
test_ramp_and_map(void)
{
	dsp_params p;
	dsp_map_spec sp;
	enum dsp_method m = DSP_METHOD_EXPLICIT;
	double out[4], h;

	/* Ramp with u = delta/((n-1) theta) = 50: weights q^j / Z, q = e^-50,
	 * mpmath sum over j < 200 of -(q^j/Z) log(q^j/Z), Z = (1 - q^n)/(1 - q).
	 * At n = 2^17 this is the analytic route (log Z = -log1p(-e^-50)). */
	ct_base(&p, DSP_FAM_RAMP, (uint64_t)1 << 17, 50.0 * ((1 << 17) - 1), 1);
	h = eval_h(&p, &m);
	is_int(m, DSP_METHOD_ANALYTIC, "ramp 2^17 takes the analytic route");
	is_close(eval_h(&p, NULL), h, 0, "ramp: same value twice");
	is_rel(h, 9.8366242246159806934e-21, REL, "ramp u 50: analytic route");
	ct_base(&p, DSP_FAM_RAMP, 1024, 50.0 * 1023, 1);
	is_rel(eval_h(&p, NULL), 9.8366242246159806934e-21, REL, "ramp u 50 n 1024: explicit");
	p.topk = 2;
	is_rel(eval_h(&p, NULL), 9.8366242246159806934e-21, REL,
	    "ramp u 50 n 1024: explicit, topk 2");
	/* (theta, lambda) map over power series with lambda = 0 (a spike):
	 * every cell is H_soft([50, 0], 1). */
	ct_base(&p, DSP_FAM_POWER, 2, 50, 1);
	dsp_map_spec_default(&sp, 2, 2);
	sp.theta_lo = sp.theta_hi = 1;
	sp.lambda_lo = sp.lambda_hi = 0;
	sp.metric = DSP_METRIC_ENTROPY;
	is_int(dsp_map_compute(&p, &sp, out), DSP_OK, "map computes");
	is_rel(out[3], 9.8366242246159806934e-21, REL, "map cell, spike-like power series");
}

static double
eval_total(const dsp_params *p)
{
	dsp_summary s;

	return dsp_eval(p, &s) == DSP_OK ? s.total : NAN;
}

/* theta = 0 keeps only the sign of each logit for sigmoid (a = 1, 1/(1+n),
 * 0 for e > 0, = 0, < 0; doc/theory.md section 9).  The power series
 * e_k = delta lambda^k with delta > 0 has no zero logit unless lambda = 0,
 * so its tail must not become a run at 0. */
static void
test_theta0_signs(void)
{
	dsp_params p, f;
	double *x, t = 4;
	int k;

	/* lambda 0.5: every e_k > 0, total = n exactly (was 61.97: terms below
	 * 4 * 2^-60 had become zeros). */
	ct_base(&p, DSP_FAM_POWER, 2000, 4, 0);
	p.attn = DSP_ATTN_SIGMOID;
	is_close(eval_total(&p), 2000, 0, "sigmoid theta 0, power 0.5 n 2000: total = n");
	p.n = (uint64_t)1 << 60;
	is_close(eval_total(&p), 0x1p60, 0, "sigmoid theta 0, power 0.5 n 2^60: total = n");
	/* lambda -0.5: e_k > 0 for even k only, total = ceil(n/2). */
	p.lambda = -0.5;
	p.n = 2001;
	is_close(eval_total(&p), 1001, 0, "sigmoid theta 0, power -0.5 n 2001: total = 1001");
	p.n = (uint64_t)1 << 60;
	is_close(eval_total(&p), 0x1p59, 0, "sigmoid theta 0, power -0.5 n 2^60: total = n/2");
	/* lambda 0: e = [4, 0, ..., 0] exactly: 1 + (n - 1)/(n + 1). */
	p.lambda = 0;
	p.n = 2000;
	is_rel(eval_total(&p), 1 + 1999.0 / 2001, 1e-15, "sigmoid theta 0, lambda 0: 1 + (n-1)/(n+1)");
	/* The same series as doubles: 4 * 2^-k is a double down to k = 1076
	 * (2^-1074), then exactly 0: a file of those n = 2000 values has 1077
	 * positive logits and 923 zeros, total 1077 + 923/2001 -- right for the
	 * file, whose zeros are real zeros. */
	x = malloc(2000 * sizeof *x);
	for (k = 0; k < 2000; k++, t *= 0.5)
		x[k] = t;
	ok(x[1076] > 0 && x[1077] == 0, "4 * 2^-k underflows to 0 at k = 1077");
	ct_base(&f, DSP_FAM_FILE, 2000, 0, 0);
	f.attn = DSP_ATTN_SIGMOID;
	f.logits = x;
	f.n_logits = 2000;
	is_rel(eval_total(&f), 1077 + 923.0 / 2001, 1e-15, "file of the underflowed doubles: 1077 + 923/2001");
	/* The runs route agrees with the file route where the doubles do not
	 * underflow (n = 1000: all 1000 positive). */
	f.n_logits = f.n = 1000;
	ct_base(&p, DSP_FAM_POWER, 1000, 4, 0);
	p.attn = DSP_ATTN_SIGMOID;
	is_close(eval_total(&f), eval_total(&p), 0, "n 1000: file route = runs route = 1000");
	free(x);
}

/* sparsemax / entmax zero-weight counts on the power series at huge n.
 * Reference (mpmath, 60 digits): z_k = (alpha-1) delta lambda^k / theta for
 * k < 600 explicitly, the other n - 600 items at z = 0 (|z_600| < 1e-300,
 * far below |tau|); tau by bisection of sum [z - tau]_+^(1/(alpha-1)) = 1;
 * zero weights = n - #{z > tau}.  lambda, delta, theta, alpha are the
 * doubles below. */
static void
test_entmax_tail(void)
{
	static const struct {
		double lambda, delta, theta, alpha;
		int lg;
		double zeros;
	} c[] = {
		{ 0.1471, 2.0444, -1.7909, 2.4394, 60, 32 },	/* tau = -1.004e-26; was 22 */
		{ 0.1471, 2.0444, -1.7909, 2, 60, 22 },		/* sparsemax, tau = -8.67e-19 */
		{ 0.8282, 0.9127, -0.939, 3.4114, 60, 537 },	/* tau = -2.79e-44 */
		{ 0.2682, 4.5144, -1.1782, 3.1974, 40, 48 },	/* tau = -3.47e-27 */
		{ 0.9, 1, -2, 2.2, 50, 390 },			/* tau = -8.67e-19 */
		{ 0.5, 4, -1, 1.5, 40, 21 },			/* tau = -9.54e-7 */
	};
	dsp_params p;
	dsp_summary s;
	char buf[160];
	size_t i;

	for (i = 0; i < sizeof c / sizeof c[0]; i++) {
		ct_base(&p, DSP_FAM_POWER, (uint64_t)1 << c[i].lg, c[i].delta, c[i].theta);
		p.lambda = c[i].lambda;
		p.alpha = c[i].alpha;
		p.attn = c[i].alpha == 2 ? DSP_ATTN_SPARSEMAX : DSP_ATTN_ENTMAX;
		snprintf(buf, sizeof buf, "%s alpha %g lambda %g theta %g n 2^%d: %g zero weights",
		    dsp_attn_name(p.attn), c[i].alpha, c[i].lambda, c[i].theta, c[i].lg,
		    c[i].zeros);
		is_close(dsp_eval(&p, &s) == DSP_OK ? s.zero_weights : NAN, c[i].zeros, 0, buf);
	}
}

/* Curves of alternatives with no large-n route (stick-breaking and
 * selective, whose weights depend on the items' order, on the random
 * families; entmax and sparsemax have the typical configuration): the points up to the curve's explicit limit 2^16 (DSP_VIEW_EXPLICIT_MAX,
 * the one route policy) are the single evaluations; later points are NaN, never 0, and the reason
 * names the limit.  (Before: the whole curve failed with "use n <= 2^27".) */
static void
test_curve_partial(void)
{
	const double ns[5] = { 16, 1024, 65536, 524288, 1048576 };
	dsp_summary c[5], one;
	dsp_params p, q;
	size_t done = 99, i;
	int rc, same = 1, pos = 0;
	const char *msg;

	ct_base(&p, DSP_FAM_GAUSSIAN, 16, 4, 1);
	p.attn = DSP_ATTN_STICKBREAK;
	rc = dsp_eval_curve_partial(&p, ns, 5, c, &done);
	msg = dsp_last_error();
	is_int(rc, DSP_ENOTSUP, "gaussian stick-breaking curve to 2^20: DSP_ENOTSUP");
	is_int((long long)done, 3, "points up to 2^16 computed");
	ok(msg != NULL && strstr(msg, "up to n = 65536") != NULL,
	    "reason names the limit: %s", msg ? msg : "(none)");
	q = p;
	q.explicit_max = DSP_VIEW_EXPLICIT_MAX;
	for (i = 0; i < 3; i++) {
		q.n = (uint64_t)ns[i];
		same &= dsp_eval(&q, &one) == DSP_OK && one.entropy == c[i].entropy &&
		    c[i].n == ns[i];
		pos += c[i].entropy > 0;
	}
	ok(same && pos >= 2, "computed points = single evaluations (%d of 3 with H > 0)", pos);
	ok(isnan(c[3].entropy) && isnan(c[4].max_weight) && c[4].n == ns[4],
	    "absent points: n kept, figures NaN (not 0)");
	p.family = DSP_FAM_UNIFORM;
	p.attn = DSP_ATTN_SPARSEMAX;
	is_int(dsp_eval_curve_partial(&p, ns, 3, c, &done), DSP_OK, "uniform sparsemax to 2^18: all points");
	is_int((long long)done, 3, "done = count when all computed");
}

int
main(void)
{
	dsp_gsl_init();
	test_softmax();
	test_alternatives();
	test_ramp_and_map();
	test_theta0_signs();
	test_entmax_tail();
	test_curve_partial();
	return tap_done();
}
