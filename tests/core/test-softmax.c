/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Softmax with temperature, log-sum-exp, entropy, max and top-k mass
 * against closed forms, long double references and GSL. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_sf_exp.h>
#include <gsl/gsl_sf_log.h>
#include <gsl/gsl_statistics_double.h>

#include "core/dsp.h"
#include "tap.h"
#include "coretest.h"

#define LEN(a) (sizeof (a) / sizeof (a)[0])

/* dsp_topk_mass_runs' mass; NaN (fails every comparison) if it failed. */
static double
topk_runs(const dsp_runs *r, uint64_t k)
{
	double m;

	return dsp_topk_mass_runs(r, k, &m) == DSP_OK ? m : NAN;
}

static void
test_closed_forms(void)
{
	const double e[] = { 1, 2, 3 };
	double w[3], z, big[3];
	size_t i;

	/* softmax_1([1,2,3]) = e^i / (e + e^2 + e^3). */
	z = exp(1) + exp(2) + exp(3);
	is_int(dsp_softmax(e, 3, 1, w), DSP_OK, "softmax [1,2,3] returns OK");
	for (i = 0; i < 3; i++)
		is_rel(w[i], exp(e[i]) / z, 1e-15, "softmax [1,2,3] theta=1 closed form");
	/* theta = 2 halves the logits. */
	z = exp(0.5) + exp(1) + exp(1.5);
	dsp_softmax(e, 3, 2, w);
	is_rel(w[0], exp(0.5) / z, 1e-15, "softmax theta=2 weight 0 = e^{1/2}/Z");
	is_rel(w[2], exp(1.5) / z, 1e-15, "softmax theta=2 weight 2 = e^{3/2}/Z");
	/* Shift invariance, and no overflow past exp's range (709). */
	for (i = 0; i < 3; i++)
		big[i] = e[i] * 10 + 1e4;
	dsp_softmax(big, 3, 10, w);
	z = exp(1) + exp(2) + exp(3);
	is_rel(w[2], exp(3) / z, 1e-12, "softmax shift invariant at logits ~1e4 (no overflow)");
	ok(isfinite(w[0]) && w[0] > 0, "softmax at logits ~1e4: smallest weight finite > 0");
	/* Logits of both signs near the double limit: differences overflow to
	 * -inf, which must give exact zeros, not NaN. */
	big[0] = 1e308; big[1] = -1e308; big[2] = 1e308;
	dsp_softmax(big, 3, 1, w);
	ok(w[0] == 0.5 && w[1] == 0 && w[2] == 0.5,
	    "softmax [1e308,-1e308,1e308]: [0.5, 0, 0.5] (got %g %g %g)", w[0], w[1], w[2]);
}

static void
test_temperature_sign(void)
{
	const double e[] = { 0.3, -1.2, 2.5, 0.0, 2.5, -4 };
	double neg[LEN(e)], w[LEN(e)], wn[LEN(e)];
	long double ref[LEN(e)];
	size_t i;
	int same = 1;

	/* theta < 0 equals softmax(-e) at |theta|. */
	for (i = 0; i < LEN(e); i++)
		neg[i] = -e[i];
	dsp_softmax(e, LEN(e), -0.7, w);
	dsp_softmax(neg, LEN(e), 0.7, wn);
	for (i = 0; i < LEN(e); i++)
		same &= fabs(w[i] - wn[i]) <= 1e-16;
	ok(same, "softmax(e, -0.7) == softmax(-e, 0.7)");
	ld_softmax(e, LEN(e), -0.7, ref);
	is_rel(w[5], (double)ref[5], 1e-14, "theta<0 favours the smallest logit (long double ref)");
	ok(w[5] > w[0] && w[0] > w[2], "theta<0 orders weights by ascending logit");

	/* theta = 0: argmax, ties share equally; theta -> 0+ converges to it. */
	is_int(dsp_softmax(e, LEN(e), 0, w), DSP_OK, "softmax theta=0 OK");
	ok(w[2] == 0.5 && w[4] == 0.5 && w[0] == 0 && w[1] == 0 && w[3] == 0 && w[5] == 0,
	    "theta=0: two tied maxima share 1/2 each, rest 0");
	dsp_softmax(e, LEN(e), 1e-3, wn);
	is_close(wn[2], 0.5, 1e-12, "theta=1e-3 tends to the theta=0 tie split");
	/* Tiny theta must not produce NaN (exponents -> -inf, exp -> 0). */
	dsp_softmax(e, LEN(e), 1e-300, wn);
	ok(wn[2] == 0.5 && wn[0] == 0, "theta=1e-300: exact 0/0.5 weights, no NaN");
	dsp_softmax(e, LEN(e), -1e-300, wn);
	ok(wn[5] == 1 && wn[2] == 0, "theta=-1e-300: all mass on the minimum");
	is_close(dsp_softmax_entropy(e, LEN(e), 0), log(2), 1e-15,
	    "entropy at theta=0 with two ties = log 2");
}

static void
test_logsumexp(void)
{
	const double e[] = { 1000, 1000 };
	double x[2], v;
	int i, good = 1;

	is_close(dsp_logsumexp(e, 2, 1), 1000 + log(2), 1e-15,
	    "logsumexp [1000,1000] = 1000 + log 2 (no overflow)");
	is_close(dsp_logsumexp(e, 2, -1), -1000 + log(2), 1e-15,
	    "logsumexp theta=-1 = log sum e^{-e}");
	ok(dsp_logsumexp(e, 0, 1) == -INFINITY, "logsumexp of nothing is -inf");
	/* log(e^0 + e^x) = log1p(e^x): compare with GSL for x in [-40, 40]. */
	for (i = -40; i <= 40; i++) {
		x[0] = 0;
		x[1] = i;
		v = i <= 0 ? gsl_sf_log_1plusx(gsl_sf_exp(i)) :
		    i + gsl_sf_log_1plusx(gsl_sf_exp(-i));
		if (fabs(dsp_logsumexp(x, 2, 1) - v) > 1e-15 * fmax(1, fabs(v))) {
			good = 0;
			diag("x=%d: %.17g vs GSL %.17g", i, dsp_logsumexp(x, 2, 1), v);
		}
	}
	ok(good, "logsumexp [0,x] = GSL log_1plusx(exp x) for x in -40..40");
}

static void
test_entropy(void)
{
	double u[8], p[] = { 0.5, 0.25, 0.25 }, one[] = { 1, 0, 0 };
	size_t i;

	for (i = 0; i < 8; i++)
		u[i] = 0.125;
	is_close(dsp_entropy(u, 8, DSP_NATS), log(8), 1e-15, "entropy uniform 8 = log 8 nats");
	is_close(dsp_entropy(u, 8, DSP_BITS), 3, 1e-15, "entropy uniform 8 = 3 bits");
	is_close(dsp_entropy(u, 8, DSP_NORMALISED), 1, 1e-15, "normalised entropy uniform = 1");
	is_close(dsp_entropy(p, 3, DSP_BITS), 1.5, 1e-15, "entropy [1/2,1/4,1/4] = 1.5 bits");
	is_close(dsp_entropy(p, 3, DSP_NORMALISED), 1.5 * M_LN2 / log(3), 1e-15,
	    "normalised entropy [1/2,1/4,1/4] = 1.5 log 2 / log 3");
	ok(dsp_entropy(one, 3, DSP_NATS) == 0, "entropy one-hot = 0 (0 log 0 = 0)");
	ok(dsp_entropy(one, 1, DSP_NORMALISED) == 0, "normalised entropy n=1 = 0");
	/* Paper entropy: -sum p log(p + 1e-9). */
	is_close(dsp_entropy_paper(u, 8), -(log(0.125) + gsl_sf_log_1plusx(8e-9)), 1e-15,
	    "paper entropy uniform 8 = -log(1/8 + 1e-9)");
	is_close(dsp_entropy_paper(one, 3), -log1p(1e-9), 1e-15,
	    "paper entropy one-hot = -log(1 + 1e-9) (slightly negative)");
	ok(dsp_entropy_paper(u, 8) < dsp_entropy(u, 8, DSP_NATS),
	    "paper entropy < exact entropy (eps inside the log)");
}

static void
test_runs(void)
{
	const double e[] = { 3, 3, 3, 1, 1, 0, 2, 2 };
	double w[LEN(e)], x[LEN(e)];
	dsp_runs *r = dsp_runs_alloc(0), *rw = dsp_runs_alloc(0);
	int good = 1, theta_i;
	size_t i;

	dsp_runs_from_array(r, e, LEN(e));
	is_int((long long)r->len, 4, "runs from array merges adjacent equal logits");
	is_int((long long)dsp_runs_total(r), LEN(e), "runs total = n");
	for (theta_i = -2; theta_i <= 2; theta_i++) {
		double th = theta_i * 0.8;

		dsp_softmax(e, LEN(e), th, w);
		if (dsp_softmax_runs(r, th, rw) != DSP_OK ||
		    dsp_runs_expand(rw, x, LEN(e)) != DSP_OK) {
			good = 0;
			continue;
		}
		for (i = 0; i < LEN(e); i++)
			good &= fabs(w[i] - x[i]) <= 1e-15;
		good &= fabs(dsp_entropy_runs(rw, DSP_NATS) - dsp_entropy(w, LEN(e), DSP_NATS)) < 1e-14;
		good &= fabs(dsp_entropy_paper_runs(rw) - dsp_entropy_paper(w, LEN(e))) < 1e-14;
		good &= fabs(dsp_softmax_entropy_runs(r, th) - dsp_softmax_entropy(e, LEN(e), th)) < 1e-14;
		good &= fabs(topk_runs(rw, 4) - dsp_topk_mass(w, LEN(e), 4)) < 1e-14;
	}
	ok(good, "runs softmax/entropy/top-k == array versions for theta in {-1.6..1.6}");
	/* theta = 0 over runs: ties counted with multiplicity. */
	dsp_softmax_runs(r, 0, rw);
	is_close(rw->value[0], 1.0 / 3, 1e-16, "runs theta=0: 3 tied maxima get 1/3 each");
	is_close(dsp_softmax_entropy_runs(r, 0), log(3), 1e-15, "runs theta=0 entropy log 3");
	is_close(dsp_entropy_runs(rw, DSP_NORMALISED), log(3) / log(8), 1e-15,
	    "runs normalised entropy uses total multiplicity");
	dsp_runs_clear(r);
	is_int(dsp_softmax_runs(r, 1, rw), DSP_EEMPTY, "softmax of empty runs: DSP_EEMPTY");
	ok(isnan(dsp_softmax_entropy_runs(r, 1)), "entropy of empty runs: NaN");
	/* Huge multiplicities: 2^60 equal logits. */
	dsp_runs_push(r, 1.5, (uint64_t)1 << 60);
	dsp_softmax_runs(r, 1, rw);
	is_rel(rw->value[0], 0x1p-60, 1e-15, "runs 2^60 equal logits: weight 2^-60");
	is_close(dsp_softmax_entropy_runs(r, 1), 60 * M_LN2, 1e-15, "runs 2^60 equal: H = 60 log 2");
	dsp_runs_free(r);
	dsp_runs_free(rw);
}

static void
test_max_topk(void)
{
	double p[] = { 0.1, 0.4, 0.2, 0.3 }, q[200];
	dsp_runs *r = dsp_runs_alloc(2);
	size_t i;

	is_close(dsp_max(p, 4), 0.4, 0, "max coefficient");
	ok(dsp_max(p, 0) == -INFINITY, "max of nothing = -inf");
	is_close(dsp_topk_mass(p, 4, 1), 0.4, 1e-16, "top-1 mass = max");
	is_close(dsp_topk_mass(p, 4, 2), 0.7, 1e-15, "top-2 mass of [.1,.4,.2,.3] = .7");
	is_close(dsp_topk_mass(p, 4, 9), 1.0, 1e-15, "top-k with k >= n = total");
	is_close(dsp_topk_mass(p, 4, 0), 0, 0, "top-0 mass = 0");
	ok(p[0] == 0.1 && p[1] == 0.4, "top-k does not reorder its input");
	dsp_runs_push(r, 0.1, 3);
	dsp_runs_push(r, 0.2, 2);
	dsp_runs_push(r, 0.05, 2);
	is_close(topk_runs(r, 4), 0.6, 1e-15, "runs top-4 = 2*.2 + 2*.1");
	is_close(topk_runs(r, 100), 0.8, 1e-15, "runs top-k past n = total");
	is_close(topk_runs(r, 0), 0, 0, "runs top-0 = 0");
	/* Sum of probabilities vs GSL mean. */
	for (i = 0; i < 200; i++)
		q[i] = sin((double)i) * 3;
	dsp_softmax(q, 200, 0.9, q);
	is_close(200 * gsl_stats_mean(q, 1, 200), 1, 1e-14,
	    "softmax in place: n * gsl_stats_mean = 1");
	is_close(dsp_topk_mass(q, 200, 200), 1, 1e-14, "top-n mass = 1");
	dsp_runs_free(r);
}

static void
test_bad_input(void)
{
	double e[] = { 1, NAN, 2 }, w[3], f[] = { 1, INFINITY, 2 }, g[] = { 0, 1, 2 };
	dsp_runs *r = dsp_runs_alloc(0), *rw = dsp_runs_alloc(0);

	is_int(dsp_softmax(g, 0, 1, w), DSP_EEMPTY, "softmax n=0: DSP_EEMPTY");
	is_int(dsp_softmax(g, 3, NAN, w), DSP_EINVAL, "softmax theta=NaN: DSP_EINVAL");
	is_int(dsp_softmax(g, 3, INFINITY, w), DSP_EINVAL, "softmax theta=Inf: DSP_EINVAL");
	ok(strstr(dsp_last_error(), "temperature") != NULL, "detail names the temperature: '%s'",
	    dsp_last_error());
	is_int(dsp_softmax(e, 3, 1, w), DSP_EINVAL, "softmax with a NaN logit: DSP_EINVAL");
	ok(strstr(dsp_last_error(), "1") != NULL, "detail names the item: '%s'", dsp_last_error());
	is_int(dsp_softmax(f, 3, 1, w), DSP_EINVAL, "softmax with an Inf logit: DSP_EINVAL");
	dsp_runs_from_array(r, e, 3);
	is_int(dsp_softmax_runs(r, 1, rw), DSP_EINVAL, "runs softmax with a NaN logit: DSP_EINVAL");
	is_int(dsp_softmax_runs(r, NAN, rw), DSP_EINVAL, "runs softmax theta=NaN: DSP_EINVAL");
	ok(isnan(dsp_softmax_entropy(g, 0, 1)), "softmax entropy n=0: NaN");
	dsp_runs_free(r);
	dsp_runs_free(rw);
}

static int
dbl_desc(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x < y) - (x > y);
}

/* Issue 16: top-k mass over many distinct runs, against an independent
 * computation: expand every run into items, sort them descending, sum the
 * first k.  Runs in shuffled order with repeated counts. */
static void
test_topk_runs_many(void)
{
	enum { R = 3000 };
	dsp_runs *r = dsp_runs_alloc(R);
	double *items, want, got, worst = 0;
	size_t total = 0, i, j, m = 0;
	uint64_t ks[] = { 1, 2, 7, 1000, 4500, 5999, 6000, 6001, UINT64_MAX };
	unsigned x = 12345;

	for (i = 0; i < R; i++) {
		x = x * 1103515245u + 12345u;
		/* Distinct values in pseudo-random order, counts 1 or 3. */
		dsp_runs_push(r, (double)((i * 7919) % R + 1) * 1e-4, 1 + 2 * (x >> 31));
		total += r->count[r->len - 1];
	}
	items = malloc(total * sizeof *items);
	for (i = 0; i < r->len; i++)
		for (j = 0; j < r->count[i]; j++)
			items[m++] = r->value[i];
	qsort(items, m, sizeof *items, dbl_desc);
	for (i = 0; i < sizeof ks / sizeof ks[0]; i++) {
		want = 0;
		for (j = 0; j < m && j < ks[i]; j++)
			want += items[j];
		got = topk_runs(r, ks[i]);
		worst = fmax(worst, fabs(got - want) / want);
	}
	ok(worst < 1e-12, "top-k mass of 3000 shuffled runs = sorted sum (worst rel %.2g)",
	    worst);
	is_rel(topk_runs(r, UINT64_MAX), topk_runs(r, total), 0,
	    "k past n takes every item once");
	free(items);
	dsp_runs_free(r);
}

/* The same with ties (the heap of the heaviest runs keeps only what k
 * needs): values with ties, counts 1 .. 4, every k from 0 past the total. */
static void
test_topk_runs_heap(void)
{
	dsp_runs *r = dsp_runs_alloc(4);
	double items[400], want, got;
	size_t i, n = 0, k;
	uint64_t c;
	int good = 1;

	for (i = 0; i < 120; i++) {
		double v = floor(fabs(sin((double)i * 1.7)) * 40) / 1000;

		c = 1 + i % 4;
		dsp_runs_push(r, v, c);
		while (c-- > 0)
			items[n++] = v;
	}
	qsort(items, n, sizeof *items, dbl_desc);
	for (k = 0; k <= n + 2; k++) {
		want = 0;
		for (i = 0; i < k && i < n; i++)
			want += items[i];
		got = topk_runs(r, k);
		good &= fabs(got - want) <= 1e-14 * (want > 1 ? want : 1);
	}
	ok(good, "runs top-k (heap of the heaviest) = the k largest items summed, "
	    "k = 0 .. %zu, with ties", n + 2);
	dsp_runs_free(r);
}

int
main(void)
{
	dsp_gsl_init();
	test_topk_runs_many();
	test_closed_forms();
	test_temperature_sign();
	test_logsumexp();
	test_entropy();
	test_runs();
	test_max_topk();
	test_topk_runs_heap();
	test_bad_input();
	return tap_done();
}
