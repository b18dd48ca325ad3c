/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Attention alternatives: sigmoid, stick-breaking, softmax_1, sparsemax,
 * entmax against closed forms, hand values and independent references
 * (sort-based sparsemax, long double bisection for entmax); SSMax and the
 * n^{s delta - 1} envelope through dsp_eval. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/math/alt.h"
#include "core/dsp.h"
#include "tap.h"

/* Weights of an explicit array, item by item (runs never merge: each
 * value is pushed separately through an index table). */
static int
alt_array(enum dsp_attn a, const double *e, size_t n, double theta,
    double alpha, double *out)
{
	dsp_runs *r = dsp_runs_alloc(n), *w = dsp_runs_alloc(n);
	size_t i;
	int rc;

	for (i = 0; i < n; i++) {
		r->value[i] = e[i];
		r->count[i] = 1;
	}
	r->len = n;
	rc = dsp_alt_weights_runs(a, r, theta, alpha, w);
	if (rc == DSP_OK)
		dsp_runs_expand(w, out, n);
	dsp_runs_free(r);
	dsp_runs_free(w);
	return rc;
}

static int
cmp_desc(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x < y) - (x > y);
}

/* Martins & Astudillo (2016): sort, find k(z) = max{k : 1 + k z_(k) >
 * sum_{j<=k} z_(j)}, tau = (sum_{j<=k} z_(j) - 1) / k. */
static void
sparsemax_sort(const double *z, size_t n, double *out)
{
	double *s = malloc(n * sizeof *s), cs = 0, tau = 0, run = 0;
	size_t k, i;

	memcpy(s, z, n * sizeof *s);
	qsort(s, n, sizeof *s, cmp_desc);
	for (k = 1; k <= n; k++) {
		run += s[k - 1];
		if (1 + (double)k * s[k - 1] > run) {
			cs = run;
			tau = (cs - 1) / (double)k;
		}
	}
	for (i = 0; i < n; i++)
		out[i] = z[i] > tau ? z[i] - tau : 0;
	free(s);
}

/* alpha-entmax by bisection on tau in long double. */
static void
entmax_bisect(const double *x, size_t n, double alpha, double *out)
{
	long double lo, hi, mid, f, zmax = -INFINITY, q = 1.0L / (alpha - 1), t;
	size_t i;
	int it;

	for (i = 0; i < n; i++)
		if ((alpha - 1) * (long double)x[i] > zmax)
			zmax = (alpha - 1) * (long double)x[i];
	lo = zmax - 1;
	hi = zmax;
	for (it = 0; it < 200; it++) {
		mid = (lo + hi) / 2;
		for (f = -1, i = 0; i < n; i++) {
			t = (alpha - 1) * (long double)x[i] - mid;
			if (t > 0)
				f += powl(t, q);
		}
		if (f > 0)
			lo = mid;
		else
			hi = mid;
	}
	for (f = 0, i = 0; i < n; i++) {
		t = (alpha - 1) * (long double)x[i] - lo;
		out[i] = t > 0 ? (double)powl(t, q) : 0;
		f += out[i];
	}
	for (i = 0; i < n; i++)
		out[i] /= (double)f;
}

static double
sigma(double z)
{
	return 1 / (1 + exp(-z));
}

static void
test_sparsemax(void)
{
	double e[3] = { 1, 0.5, 0 }, w[3], x[40], ref[40], got[40];
	double e2[3] = { -1, -0.5, 0 };
	int t, i, bad;

	is_int(alt_array(DSP_ATTN_SPARSEMAX, e, 3, 1, 0, w), DSP_OK, "sparsemax ok");
	is_close(w[0], 0.75, 1e-15, "sparsemax [1,.5,0]_0 = 0.75");
	is_close(w[1], 0.25, 1e-15, "sparsemax [1,.5,0]_1 = 0.25");
	ok(w[2] == 0, "sparsemax [1,.5,0]_2 = 0 exactly");
	/* theta = 2 halves the logits: [.5,.25,0] -> tau = -0.0833.. */
	alt_array(DSP_ATTN_SPARSEMAX, e, 3, 2, 0, w);
	is_close(w[0], 0.5 + 0.25 / 3, 1e-15, "sparsemax theta=2 item 0 = 7/12");
	is_close(w[2], 0.25 / 3, 1e-15, "sparsemax theta=2 item 2 = 1/12");
	/* theta < 0 favours the small logits: same as -e at theta = 1. */
	alt_array(DSP_ATTN_SPARSEMAX, e2, 3, -1, 0, w);
	is_close(w[0], 0.75, 1e-15, "sparsemax theta=-1 mirrors");
	alt_array(DSP_ATTN_SPARSEMAX, e, 3, 0, 0, w);
	ok(w[0] == 1 && w[1] == 0 && w[2] == 0, "sparsemax theta=0 is argmax");
	srand(7);
	for (bad = 0, t = 0; t < 200; t++) {
		int n = 1 + rand() % 40;
		for (i = 0; i < n; i++)
			x[i] = 3.0 * rand() / RAND_MAX - 1.5;
		sparsemax_sort(x, (size_t)n, ref);
		alt_array(DSP_ATTN_SPARSEMAX, x, (size_t)n, 1, 0, got);
		for (i = 0; i < n; i++)
			if (fabs(got[i] - ref[i]) > 1e-13 || ((ref[i] == 0) != (got[i] == 0)))
				bad++;
	}
	is_int(bad, 0, "sparsemax = sort-based reference on 200 random rows (support exact)");
}

static void
test_entmax(void)
{
	double x[40], ref[40], got[40], s, e[2] = { 1, 0 };
	int t, i, bad = 0;

	srand(11);
	for (t = 0; t < 200; t++) {
		int n = 1 + rand() % 40;
		double a = t % 3 == 0 ? 1.5 : 1.1 + 2.0 * rand() / RAND_MAX;
		for (i = 0; i < n; i++)
			x[i] = 6.0 * rand() / RAND_MAX - 3;
		entmax_bisect(x, (size_t)n, a, ref);
		alt_array(DSP_ATTN_ENTMAX, x, (size_t)n, 1, a, got);
		for (s = 0, i = 0; i < n; i++) {
			s += got[i];
			if (fabs(got[i] - ref[i]) > 1e-12)
				bad++;
		}
		if (fabs(s - 1) > 1e-14)
			bad++;
	}
	is_int(bad, 0, "entmax = long double bisection on 200 random rows (alpha in [1.1, 3.1])");
	/* Two items, alpha = 1.5: (0.5 - tau)^2 + tau^2 = 1 -> tau = (0.5 - sqrt(1.75))/2. */
	alt_array(DSP_ATTN_ENTMAX, e, 2, 1, 1.5, got);
	s = (0.5 - sqrt(1.75)) / 2;
	is_close(got[0], (0.5 - s) * (0.5 - s), 1e-14, "1.5-entmax [1,0] item 0 closed form");
	is_close(got[1], s * s, 1e-14, "1.5-entmax [1,0] item 1 closed form");
	alt_array(DSP_ATTN_ENTMAX, e, 2, 2, 2, got);
	is_close(got[0], 0.75, 1e-14, "entmax alpha=2 = sparsemax ([.5,0] -> .75)");
	is_int(alt_array(DSP_ATTN_ENTMAX, e, 2, 1, 1, got), DSP_EINVAL, "entmax alpha=1 rejected");
	{
		double r5[5] = { 0.3, 0.1, -0.2, 0.25, 0 }, sm[5], em[5], d = 0;
		dsp_softmax(r5, 5, 1, sm);
		alt_array(DSP_ATTN_ENTMAX, r5, 5, 1, 1.001, em);
		for (i = 0; i < 5; i++)
			d = fmax(d, fabs(sm[i] - em[i]));
		ok(d < 1e-4, "entmax alpha -> 1 tends to softmax (alpha 1.001: %.2g)", d);
		alt_array(DSP_ATTN_ENTMAX, r5, 5, 1, 50, em);
		ok(em[0] == 1 && em[1] == 0, "entmax alpha = 50 is one-hot here");
	}
}

static void
test_stickbreak(void)
{
	double e[3] = { 0.3, 0.3, 0.3 }, w[3], b = sigma(0.3), tot, d = 3;
	double e3[3] = { 2, -1, 0.5 };
	dsp_runs *r = dsp_runs_alloc(4), *o = dsp_runs_alloc(4);
	size_t i;

	dsp_runs_push(r, 0.3, 3);	/* one run of 3 equal logits */
	dsp_alt_weights_runs(DSP_ATTN_STICKBREAK, r, 1, 0, o);
	dsp_runs_expand(o, w, 3);
	is_int((long long)dsp_runs_total(o), 3, "stick-breaking keeps n items");
	is_close(w[0], b, 1e-15, "stick 3 equal: a0 = beta");
	is_close(w[1], b * (1 - b), 1e-15, "stick 3 equal: a1 = beta(1-beta)");
	is_close(w[2], b * (1 - b) * (1 - b), 1e-15, "stick 3 equal: a2 = beta(1-beta)^2");
	alt_array(DSP_ATTN_STICKBREAK, e, 3, 1, 0, w);
	is_close(w[2], b * (1 - b) * (1 - b), 1e-15, "stick 3 equal item by item: same a2");
	alt_array(DSP_ATTN_STICKBREAK, e3, 3, 2, 0, w);
	is_close(w[0], sigma(1), 1e-15, "stick theta=2: a0 = sigma(1)");
	is_close(w[1], sigma(-0.5) * (1 - sigma(1)), 1e-15, "stick theta=2: a1");
	is_close(w[2], sigma(0.25) * (1 - sigma(1)) * (1 - sigma(-0.5)), 1e-15,
	    "stick theta=2: a2");
	/* Spike at n = 2^60: a0 = sigma(d), then (1 - sigma(d)) 2^-j. */
	dsp_runs_clear(r);
	dsp_runs_push(r, d, 1);
	dsp_runs_push(r, 0, ((uint64_t)1 << 60) - 1);
	dsp_alt_weights_runs(DSP_ATTN_STICKBREAK, r, 1, 0, o);
	ok(dsp_runs_total(o) == (uint64_t)1 << 60, "stick spike 2^60: counts preserved");
	is_close(o->value[0], sigma(d), 1e-15, "stick spike: a0 = sigma(delta)");
	is_rel(o->value[1], (1 - sigma(d)) / 2, 1e-14, "stick spike: a1 = (1-sigma)/2");
	is_rel(o->value[11], (1 - sigma(d)) / 2048, 1e-13, "stick spike: a11 = (1-sigma) 2^-11");
	ok(o->value[o->len - 1] == 0 && o->len < 1200, "stick spike: tail underflows to 0 in ~1075 runs");
	for (tot = 0, i = 0; i < o->len; i++)
		tot += (double)o->count[i] * o->value[i];
	is_close(tot, 1, 1e-15, "stick spike 2^60: total = 1 - (1-beta)2^-(n-1) = 1");
	/* A long run of small beta takes the chunk path: mass stays exact. */
	dsp_runs_clear(r);
	dsp_runs_push(r, -30, (uint64_t)1 << 40);
	dsp_alt_weights_runs(DSP_ATTN_STICKBREAK, r, 1, 0, o);
	for (tot = 0, i = 0; i < o->len; i++)
		tot += (double)o->count[i] * o->value[i];
	is_rel(tot, -expm1(0x1p40 * log1p(-sigma(-30))), 1e-12,
	    "stick 2^40 x beta=sigma(-30): total = 1 - (1-beta)^n");
	is_rel(o->value[o->len - 1], sigma(-30) * exp((0x1p40 - 1) * log1p(-sigma(-30))),
	    1e-9, "stick chunked run: last item exact");
	ok(o->len < 20000, "stick chunked run stays short (%zu runs)", o->len);
	dsp_runs_clear(r);
	dsp_runs_push(r, 1, 1);
	dsp_runs_push(r, 0, 2);
	dsp_runs_push(r, 5, 1);
	dsp_alt_weights_runs(DSP_ATTN_STICKBREAK, r, 0, 0, o);
	dsp_runs_expand(o, w, 3);
	ok(o->value[0] == 1 && dsp_runs_total(o) == 4 && o->value[o->len - 1] == 0,
	    "stick theta=0: first positive logit takes everything");
	dsp_runs_free(r);
	dsp_runs_free(o);
}

static void
test_softmax1(void)
{
	double e[2] = { -50, -60 }, w[3], z[2] = { 0, 0 }, big[3] = { 40, 39, 0 };
	double m[3] = { -2, 0, 0 };

	alt_array(DSP_ATTN_SOFTMAX1, e, 2, 1, 0, w);
	is_rel(w[0], exp(-50) / (1 + exp(-50) + exp(-60)), 1e-14, "softmax1 very negative: a0 = e^-50/(1+..)");
	ok(w[0] + w[1] < 2e-22, "softmax1 of very negative logits: total near 0");
	alt_array(DSP_ATTN_SOFTMAX1, z, 2, 1, 0, w);
	is_close(w[0], 1.0 / 3, 1e-15, "softmax1 [0,0] = 1/3 each");
	alt_array(DSP_ATTN_SOFTMAX1, big, 3, 1, 0, w);
	is_rel(w[0], 1 / (1 + exp(-1) + exp(-40) + exp(-40)), 1e-15, "softmax1 large logits ~ softmax");
	e[0] = -800, e[1] = -801;
	alt_array(DSP_ATTN_SOFTMAX1, e, 2, 0.5, 0, w);
	ok(w[0] == 0 && w[1] == 0, "softmax1 at x = -1600: exp underflows, no NaN");
	e[0] = 1e6, e[1] = 0;
	alt_array(DSP_ATTN_SOFTMAX1, e, 2, 1, 0, w);
	ok(w[0] == 1 && w[1] == 0, "softmax1 at x = 1e6: no overflow");
	alt_array(DSP_ATTN_SOFTMAX1, m, 3, 0, 0, w);
	ok(w[0] == 0 && fabs(w[1] - 1.0 / 3) < 1e-16, "softmax1 theta=0, max 0 twice: 1/3 each");
	m[1] = m[2] = -1;
	alt_array(DSP_ATTN_SOFTMAX1, m, 3, 0, 0, w);
	ok(w[0] == 0 && w[1] == 0 && w[2] == 0, "softmax1 theta=0, all negative: 0");
}

static void
test_sigmoid(void)
{
	double e[1] = { 0.7 }, w[3], e3[3] = { 1, 0, -1 };
	dsp_runs *r = dsp_runs_alloc(4), *o = dsp_runs_alloc(4);

	alt_array(DSP_ATTN_SIGMOID, e, 1, 1, 0, w);
	is_close(w[0], sigma(0.7), 1e-16, "sigmoid at n=1 (b = -log 1 = 0) = sigma(x)");
	alt_array(DSP_ATTN_SIGMOID, e3, 3, 0.5, 0, w);
	is_close(w[0], 1 / (1 + 3 * exp(-2.0)), 1e-15, "sigmoid n=3: sigma(2 - log 3)");
	is_close(w[1], 0.25, 1e-15, "sigmoid n=3: sigma(-log 3) = 1/4");
	alt_array(DSP_ATTN_SIGMOID, e3, 3, 0, 0, w);
	ok(w[0] == 1 && fabs(w[1] - 0.25) < 1e-16 && w[2] == 0,
	    "sigmoid theta=0: 1, sigma(-log n), 0");
	dsp_runs_push(r, 5, 1);
	dsp_runs_push(r, 0, ((uint64_t)1 << 60) - 1);
	dsp_alt_weights_runs(DSP_ATTN_SIGMOID, r, 1, 0, o);
	is_rel(o->value[0], 1 / (1 + exp(60 * M_LN2 - 5)), 1e-14, "sigmoid 2^60 spike head");
	is_rel(o->value[1], 1 / (1 + 0x1p60), 1e-14, "sigmoid 2^60 tail = 1/(1+n)");
	dsp_runs_free(r);
	dsp_runs_free(o);
}

static void
test_large_n_entmax(void)
{
	dsp_runs *r = dsp_runs_alloc(4), *o = dsp_runs_alloc(4);
	long double n = 0x1p60L, d = 0.8L, c, t;

	dsp_runs_push(r, (double)d, 1);
	dsp_runs_push(r, 0, ((uint64_t)1 << 60) - 1);
	dsp_alt_weights_runs(DSP_ATTN_SPARSEMAX, r, 1, 0, o);
	is_rel(o->value[1], (double)((1 - d) / n), 1e-13, "sparsemax spike 2^60: tail = (1-d)/n");
	is_rel(o->value[0], (double)(d + (1 - d) / n), 1e-15, "sparsemax spike 2^60: head");
	/* 1.5-entmax: (d/2 + t)^2 + (n-1) t^2 = 1, t = -tau. */
	dsp_alt_weights_runs(DSP_ATTN_ENTMAX, r, 1, 1.5, o);
	c = 1 - (d / 2) * (d / 2) + 0;
	/* n t^2 + d t - c' = 0 with c' = 1 - d^2/4 (exact expansion). */
	t = 2 * c / (d + sqrtl(d * d + 4 * n * c));
	is_rel(o->value[1], (double)(t * t), 1e-9, "1.5-entmax spike 2^60: tail = t^2");
	is_rel(o->value[0], (double)((d / 2 + t) * (d / 2 + t)), 1e-12, "1.5-entmax spike 2^60: head");
	dsp_runs_free(r);
	dsp_runs_free(o);
}

static void
test_ssmax(void)
{
	dsp_params p;
	dsp_runs *w = dsp_runs_alloc(64);
	dsp_summary s;
	double *e, x[64], ref[64], got[64], plain[64], diff = 0, err = 0, ls, sd;
	size_t i;
	int k, bad = 0;

	dsp_params_default(&p);
	p.family = DSP_FAM_POWER;
	p.n = 64;
	p.lambda = 0.9;
	p.attn = DSP_ATTN_SSMAX;
	p.ssmax_s = 1.3;
	dsp_family_alloc(&p, &e);
	dsp_eval_weights(&p, w, &s);
	dsp_runs_expand(w, got, 64);
	ls = p.ssmax_s * log(64.0);
	for (i = 0; i < 64; i++)
		x[i] = e[i] * ls;
	dsp_softmax(x, 64, 1, ref);
	dsp_softmax(e, 64, 1, plain);
	for (i = 0; i < 64; i++) {
		err = fmax(err, fabs(got[i] - ref[i]));
		diff = fmax(diff, fabs(got[i] - plain[i]));
	}
	ok(err < 1e-15, "SSMax = softmax(s log n * e) (max err %.2g)", err);
	ok(diff > 0.05, "SSMax differs from plain softmax (a shift would not) (%.3g)", diff);
	is_close(s.theta_eff, 1 / ls, 1e-15, "SSMax theta_eff = theta / (s log n)");
	p.attn = DSP_ATTN_LOGN;
	dsp_eval(&p, &s);
	is_close(s.theta_eff, 1 / log(64.0), 1e-15, "log-n theta_eff = theta / log n");
	free(e);
	/* Envelope n^{s delta - 1}: spike max weight 1/(1 + (n-1) n^{-s delta}). */
	p.family = DSP_FAM_SPIKE;
	p.attn = DSP_ATTN_SSMAX;
	p.delta = 1;
	for (sd = 0.5; sd <= 1.5; sd += 1) {
		double prev = sd > 1 ? 0 : 1;
		p.ssmax_s = sd;
		for (k = 4; k <= 60; k += 4) {
			double n = ldexp(1, k);
			p.n = (uint64_t)1 << k;
			dsp_eval(&p, &s);
			if (fabs(s.max_weight - 1 / (1 + (n - 1) * pow(n, -sd))) >
			    1e-12 * s.max_weight)
				bad++;
			if (sd > 1 ? s.max_weight < prev : s.max_weight > prev)
				bad++;
			prev = s.max_weight;
		}
		if (sd > 1)
			ok(prev > 0.999, "s delta = 1.5: max weight -> 1 (%.6g at 2^60)", prev);
		else
			ok(prev < 1e-8, "s delta = 0.5: max weight -> 0 (%.3g at 2^60)", prev);
	}
	p.ssmax_s = 1;
	p.n = (uint64_t)1 << 60;
	dsp_eval(&p, &s);
	is_close(s.max_weight, 1 / (2 - 0x1p-60), 1e-15, "s delta = 1: max weight -> 1/2 (sharp edge)");
	is_int(bad, 0, "SSMax spike max weight = closed form and monotone over n = 2^4..2^60");
	dsp_runs_free(w);
}

static double
softplus_ref(double x)
{
	return x > 30 ? x + exp(-x) : log1p(exp(x));
}

/* Expected large-n sigmoid: uniform has E[sigma(v - L)] in closed form,
 * (1/delta)[softplus(delta - L) - softplus(-L)]. */
static void
test_sigmoid_expected(void)
{
	dsp_params p;
	dsp_summary s, x;
	double L, A;

	dsp_params_default(&p);
	p.family = DSP_FAM_UNIFORM;
	p.attn = DSP_ATTN_SIGMOID;
	p.delta = 4;
	p.n = (uint64_t)1 << 40;
	L = 40 * M_LN2;
	is_int(dsp_eval(&p, &s), DSP_OK, "sigmoid uniform at 2^40: large-n route");
	ok(s.method == DSP_METHOD_TYPICAL, "method = typical");
	A = (softplus_ref(4 - L) - softplus_ref(-L)) / 4;
	/* The typical configuration (bins at their middle logit, the largest
	 * item at its median rank, delta (1 - 0.7/n)) against the large-n
	 * limit: 9e-9 and 3e-12 off. */
	is_rel(s.total, 0x1p40 * A, 1e-7, "sigmoid uniform total = n (softplus(d-L) - softplus(-L))/d");
	is_rel(s.max_weight, sigma(4 - L), 1e-10, "sigmoid uniform max = sigma(delta - log n)");
	ok(isnan(s.lo_tight) && s.bound_holds == -1, "sigmoid expected: no Lemma band");
	/* Against an explicit sample of the same size. */
	p.n = (uint64_t)1 << 16;
	dsp_eval(&p, &x);
	p.explicit_max = 1000;
	dsp_eval(&p, &s);
	ok(x.method == DSP_METHOD_EXPLICIT && s.method == DSP_METHOD_TYPICAL, "2^16: explicit vs typical");
	is_rel(s.total, x.total, 1e-2, "sigmoid 2^16: expected total ~ sample total");
	is_close(s.entropy, x.entropy, 5e-3, "sigmoid 2^16: expected entropy ~ sample entropy");
	/* Gaussian at theta = 0: a = 1 on v > 0, 0 below: total n/2. */
	p.family = DSP_FAM_GAUSSIAN;
	p.theta = 0;
	p.n = (uint64_t)1 << 30;
	is_int(dsp_eval(&p, &s), DSP_OK, "sigmoid gaussian theta=0 at 2^30");
	is_rel(s.total, 0x1p29, 1e-9, "theta=0: total = n/2");
	is_close(s.entropy, 29 * M_LN2, 1e-9, "theta=0: entropy = log(n/2)");
}

static void
test_eval(void)
{
	dsp_params p;
	dsp_summary s;

	dsp_params_default(&p);
	p.family = DSP_FAM_SPIKE;
	p.n = (uint64_t)1 << 60;
	p.delta = 3;
	p.attn = DSP_ATTN_SIGMOID;
	is_int(dsp_eval(&p, &s), DSP_OK, "dsp_eval sigmoid at 2^60");
	is_rel(s.total, 1 / (1 + exp(60 * M_LN2 - 3)) + (0x1p60 - 1) / (1 + 0x1p60), 1e-14,
	    "sigmoid total = sigma(d - log n) + (n-1)/(n+1)");
	ok(isnan(s.lo_tight) && s.bound_holds == -1, "no Lemma 2.1 band for sigmoid");
	p.attn = DSP_ATTN_STICKBREAK;
	is_int(dsp_eval(&p, &s), DSP_OK, "dsp_eval stick-breaking at 2^60");
	is_close(s.max_weight, sigma(3), 1e-15, "stick max weight = sigma(delta)");
	p.attn = DSP_ATTN_ENTMAX;
	p.family = DSP_FAM_POWER;
	p.n = 1000;
	is_int(dsp_eval(&p, &s), DSP_OK, "dsp_eval entmax power n=1000");
	is_close(s.total, 1, 1e-14, "entmax total = 1");
	p.attn = DSP_ATTN_SPARSEMAX;
	p.family = DSP_FAM_UNIFORM;
	p.n = (uint64_t)1 << 30;
	/* Past the item-by-item size: the law's typical configuration
	 * (core/math/typical.h), whose weights sum to 1 under sparsemax too. */
	is_int(dsp_eval(&p, &s), DSP_OK, "sparsemax uniform at 2^30: typical configuration");
	ok(s.method == DSP_METHOD_TYPICAL && fabs(s.total - 1) < 1e-12 &&
	    s.max_weight <= 1 && s.topk_mass >= s.max_weight,
	    "sparsemax 2^30: sum %.17g, max %g", s.total, s.max_weight);
	test_sigmoid_expected();
}

int
main(void)
{
	dsp_gsl_init();
	test_sparsemax();
	test_entmax();
	test_stickbreak();
	test_softmax1();
	test_sigmoid();
	test_large_n_entmax();
	test_ssmax();
	test_eval();
	return tap_done();
}
