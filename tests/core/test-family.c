/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Input families: explicit arrays, runs forms, ranges, seeds and the
 * DSP_ETOOBIG guard. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gsl/gsl_statistics_double.h>

#include "core/dsp.h"
#include "tap.h"
#include "coretest.h"

static void
base(dsp_params *p, enum dsp_family f, uint64_t n, double delta)
{
	dsp_params_default(p);
	p->family = f;
	p->n = n;
	p->delta = delta;
}

static void
test_power(void)
{
	dsp_params p;
	double x[2000];
	int good = 1, k;

	base(&p, DSP_FAM_POWER, 12, 2);
	p.lambda = 0.5;
	is_int(dsp_family_generate(&p, x), DSP_OK, "power generate OK");
	for (k = 0; k < 12; k++)
		good &= x[k] == ldexp(2, -k);
	ok(good, "power delta=2 lambda=1/2: e_k = 2^{1-k} exactly");
	p.lambda = -0.5;
	dsp_family_generate(&p, x);
	ok(x[0] == 2 && x[1] == -1 && x[2] == 0.5 && x[3] == -0.25, "power lambda=-1/2 alternates");
	p.lambda = 1;
	dsp_family_generate(&p, x);
	ok(x[0] == 2 && x[11] == 2, "power lambda=1 is constant delta");
	p.lambda = 0;
	dsp_family_generate(&p, x);
	ok(x[0] == 2 && x[1] == 0 && x[11] == 0, "power lambda=0 is a spike (0^0 = 1)");
	p.lambda = 1.1;
	p.n = 12;
	dsp_family_generate(&p, x);
	is_rel(x[11], 2 * pow(1.1, 11), 1e-14, "power lambda=1.1: e_11 = delta 1.1^11");
	p.lambda = 1.5;
	p.n = 2000;
	is_int(dsp_family_generate(&p, x), DSP_ERANGE, "power 1.5^1999 overflows: DSP_ERANGE");
	ok(strstr(dsp_last_error(), "overflow") != NULL, "detail: '%s'", dsp_last_error());
}

static void
test_simple(void)
{
	dsp_params p;
	double x[101], f[] = { 3, -1, 4, 1, 5 };
	int k, good = 1;

	base(&p, DSP_FAM_SPIKE, 50, 7);
	dsp_family_generate(&p, x);
	for (k = 1; k < 50; k++)
		good &= x[k] == 0;
	ok(x[0] == 7 && good, "spike: [delta, 0, ..., 0]");
	p.n = 1;
	dsp_family_generate(&p, x);
	ok(x[0] == 7, "spike n=1: [delta]");

	base(&p, DSP_FAM_RAMP, 101, 5);
	dsp_family_generate(&p, x);
	for (k = 0, good = 1; k <= 100; k++)
		good &= fabs(x[k] - 0.05 * k) <= 1e-15 * 5;
	ok(good && x[0] == 0 && x[100] == 5, "ramp: e_k = delta k/(n-1), ends 0 and delta");
	p.n = 1;
	dsp_family_generate(&p, x);
	ok(x[0] == 0, "ramp n=1: [0]");

	base(&p, DSP_FAM_FILE, 0, 0);
	p.logits = f;
	p.n_logits = 5;
	dsp_family_generate(&p, x);
	ok(memcmp(x, f, sizeof f) == 0, "file family copies the logits (n ignored)");
}

static void
test_random(void)
{
	dsp_params p;
	enum { N = 100000 };
	double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b), m, sd, mn, mx;
	int fam;

	for (fam = 0; fam < 2; fam++) {
		const char *name = fam ? "gaussian" : "uniform";

		base(&p, fam ? DSP_FAM_GAUSSIAN : DSP_FAM_UNIFORM, N, 3);
		p.seed = 42;
		dsp_family_generate(&p, a);
		dsp_family_generate(&p, b);
		ok(memcmp(a, b, N * sizeof *a) == 0, "%s: same seed, same numbers", name);
		p.seed = 43;
		dsp_family_generate(&p, b);
		ok(memcmp(a, b, N * sizeof *a) != 0 && a[0] != b[0] && a[N - 1] != b[N - 1],
		    "%s: different seed, different numbers", name);
		m = gsl_stats_mean(a, 1, N);
		sd = gsl_stats_sd_m(a, 1, N, m);
		gsl_stats_minmax(&mn, &mx, a, 1, N);
		/* Tolerances: 6 standard errors of the sample mean / sd. */
		if (!fam) {
			is_close(m, 1.5, 6 * 3 / sqrt(12.0 * N), "uniform [0,3]: mean 3/2 (6 SE)");
			is_close(sd, 3 / sqrt(12.0), 6 * 0.0013, "uniform [0,3]: sd 3/sqrt 12");
			ok(mn >= 0 && mx < 3, "uniform in [0, delta): [%g, %g]", mn, mx);
		} else {
			is_close(m, 0, 6 * 3 / sqrt((double)N), "gaussian sigma=3: mean 0 (6 SE)");
			is_close(sd, 3, 6 * 3 / sqrt(2.0 * N), "gaussian sigma=3: sd 3 (6 SE)");
			ok(mn < -12 && mx > 12, "gaussian tails reach 4 sigma at n=1e5: [%g, %g]", mn, mx);
		}
	}
	/* Prefix property: n items are the first n of a longer draw. */
	base(&p, DSP_FAM_UNIFORM, 10, 1);
	p.seed = 42;
	dsp_family_generate(&p, b);
	p.delta = 3;
	p.n = N;
	dsp_family_generate(&p, a);
	is_close(b[9] * 3, a[9], 1e-15, "uniform stream: smaller n is a prefix, delta scales");
	base(&p, DSP_FAM_UNIFORM, 8, 0);
	dsp_family_generate(&p, a);
	ok(a[0] == 0 && a[7] == 0, "uniform delta=0: all zero");
	free(a);
	free(b);
}

static void
test_toobig(void)
{
	dsp_params p;
	double *x = (double *)&p;	/* must stay untouched */
	int fam, good = 1;

	for (fam = 0; fam < DSP_FAM_FILE; fam++) {
		base(&p, (enum dsp_family)fam, (uint64_t)1 << 40, 1);
		/* NULL output: any write would crash. */
		good &= dsp_family_generate(&p, NULL) == DSP_ETOOBIG;
		good &= dsp_family_alloc(&p, &x) == DSP_ETOOBIG && x == (double *)&p;
	}
	ok(good, "every family at n = 2^40: generate/alloc DSP_ETOOBIG, nothing written");
	ok(strstr(dsp_last_error(), "2^27") != NULL, "detail names the limit: '%s'", dsp_last_error());
	base(&p, DSP_FAM_SPIKE, DSP_EXPLICIT_MAX + 1, 1);
	is_int(dsp_family_generate(&p, NULL), DSP_ETOOBIG, "n = 2^27 + 1: DSP_ETOOBIG");
}

static void
test_runs(void)
{
	dsp_params p;
	dsp_runs *r = dsp_runs_alloc(0);
	double x[64], y[64];
	uint64_t big = (uint64_t)1 << 60;
	int good = 1, k;

	base(&p, DSP_FAM_SPIKE, big, 2.5);
	is_int(dsp_family_runs(&p, r), DSP_OK, "spike runs at n = 2^60 OK");
	ok(r->len == 2 && r->value[0] == 2.5 && r->count[0] == 1 && r->value[1] == 0 &&
	    r->count[1] == big - 1, "spike runs = (delta, 1), (0, n-1)");
	p.n = 1;
	dsp_family_runs(&p, r);
	ok(r->len == 1 && dsp_runs_total(r) == 1, "spike runs n = 1: one run");

	base(&p, DSP_FAM_POWER, 64, 3);
	p.lambda = 0.7;
	dsp_family_runs(&p, r);
	dsp_family_generate(&p, x);
	is_int(dsp_runs_expand(r, y, 64), DSP_OK, "power runs expand");
	for (k = 0; k < 64; k++)
		good &= x[k] == y[k];
	ok(good, "power runs at n = 64 expand to the explicit array exactly");
	p.n = big;
	dsp_family_runs(&p, r);
	ok(dsp_runs_total(r) == big && r->len < 200 && r->value[r->len - 1] == 0,
	    "power runs at 2^60: %zu runs, total n, tail of zeros", r->len);
	/* The merged tail is below |theta| 2^-60: exp changes by < 2^-60. */
	ok(fabs(r->value[r->len - 2] * 0.7) < 0x1p-60, "power tail threshold |theta| 2^-60");
	p.lambda = 1;
	dsp_family_runs(&p, r);
	ok(r->len == 1 && r->count[0] == big && r->value[0] == 3, "power lambda = 1: one run");
	p.lambda = -1;
	p.n = 6;
	dsp_family_runs(&p, r);
	ok(r->len == 6 && r->value[1] == -3 && r->value[2] == 3, "power lambda = -1 at n=6: alternating");
	p.lambda = 1.01;
	is_int(dsp_family_runs(&p, r), DSP_ENOTSUP, "power |lambda| > 1: no runs form");
	p.lambda = 0.9999999;
	p.n = big;
	is_int(dsp_family_runs(&p, r), DSP_ETOOBIG, "power lambda ~ 1 at 2^60: DSP_ETOOBIG");
	p.family = DSP_FAM_UNIFORM;
	is_int(dsp_family_runs(&p, r), DSP_ENOTSUP, "uniform: no exact runs form");
	ok(strstr(dsp_last_error(), "uniform") != NULL, "detail names the family: '%s'",
	    dsp_last_error());
	dsp_runs_free(r);
}

static void
test_range(void)
{
	dsp_params p;
	double m, M, f[] = { 2, -7, 5 };

	base(&p, DSP_FAM_POWER, 10, 4);
	p.lambda = 0.5;
	ok(dsp_family_range(&p, &m, &M) == 1 && m == 0 && M == 4, "power 0<=lambda<=1: [0, delta], bounded");
	p.lambda = 1;
	ok(dsp_family_range(&p, &m, &M) == 1 && m == 4 && M == 4, "power lambda = 1: [delta, delta]");
	p.lambda = -0.5;
	ok(dsp_family_range(&p, &m, &M) == 1 && m == -2 && M == 4, "power lambda = -1/2: [delta lambda, delta]");
	p.lambda = 2;
	ok(dsp_family_range(&p, &m, &M) == 0 && m == 4 && M == 4 * 512,
	    "power lambda = 2: [delta, delta 2^(n-1)], unbounded in n");
	p.lambda = -2;
	ok(dsp_family_range(&p, &m, &M) == 0 && m == -4 * 512 && M == 4 * 256,
	    "power lambda = -2: ends at delta (-2)^{n-1}, (-2)^{n-2}");
	base(&p, DSP_FAM_SPIKE, 10, 4);
	ok(dsp_family_range(&p, &m, &M) == 1 && m == 0 && M == 4, "spike: [0, delta]");
	base(&p, DSP_FAM_UNIFORM, 10, 4);
	ok(dsp_family_range(&p, &m, &M) == 1 && m == 0 && M == 4, "uniform: [0, delta]");
	base(&p, DSP_FAM_RAMP, 10, 4);
	ok(dsp_family_range(&p, &m, &M) == 1 && m == 0 && M == 4, "ramp: [0, delta]");
	base(&p, DSP_FAM_GAUSSIAN, 1000, 2);
	ok(dsp_family_range(&p, &m, &M) == 0, "gaussian: unbounded");
	is_close(M, 2 * sqrt(2 * log(1000.0)), 1e-15, "gaussian range sigma sqrt(2 log n)");
	base(&p, DSP_FAM_FILE, 0, 0);
	p.logits = f;
	p.n_logits = 3;
	ok(dsp_family_range(&p, &m, &M) == 0 && m == -7 && M == 5, "file: actual min/max");
}

static void
test_runs_container(void)
{
	dsp_runs *r = dsp_runs_alloc(1), *c = dsp_runs_alloc(1);
	double x[8], lo, hi;

	dsp_runs_push(r, 2, 3);
	dsp_runs_push(r, 2, 4);
	dsp_runs_push(r, 5, 0);
	dsp_runs_push(r, -1, 1);
	ok(r->len == 2 && r->count[0] == 7 && r->value[1] == -1,
	    "push merges equal values, ignores count 0, grows past cap 1");
	is_int(dsp_runs_expand(r, x, 8), DSP_OK, "expand 8 items into 8");
	ok(x[0] == 2 && x[6] == 2 && x[7] == -1, "expanded in position order");
	is_int(dsp_runs_expand(r, x, 7), DSP_ETOOBIG, "expand 8 items into 7: DSP_ETOOBIG");
	dsp_runs_copy(c, r);
	ok(c->len == 2 && c->count[0] == 7 && c->value[1] == -1, "copy");
	dsp_runs_minmax(r, &lo, &hi);
	ok(lo == -1 && hi == 2, "minmax");
	dsp_runs_push(r, 9, UINT64_MAX - 3);
	ok(dsp_runs_total(r) == UINT64_MAX, "total saturates at UINT64_MAX");
	dsp_runs_push(r, 9, 10);
	ok(r->len == 4 && r->count[2] == UINT64_MAX - 3, "push does not overflow a count: new run");
	dsp_runs_clear(r);
	dsp_runs_minmax(r, &lo, &hi);
	ok(dsp_runs_total(r) == 0 && isinf(lo) && lo > 0 && isinf(hi) && hi < 0,
	    "cleared runs: total 0, minmax (+inf, -inf)");
	dsp_runs_free(r);
	dsp_runs_free(c);
	dsp_runs_free(NULL);
}

int
main(void)
{
	dsp_gsl_init();
	test_power();
	test_simple();
	test_random();
	test_toobig();
	test_runs();
	test_range();
	test_runs_container();
	return tap_done();
}
