/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Adaptive-temperature refit: polynomial least squares, best beta, pairs CSV. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "core/math/adaptive.h"
#include "core/error.h"
#include "core/math/fit.h"
#include "core/io/pairs.h"
#include "core/math/softmax.h"
#include "tap.h"

#define NPTS 60

/* Solve the normal equations (X^T X) a = X^T y in long double on the
 * UNSCALED Vandermonde matrix (ascending powers); inv gets (X^T X)^-1. */
static void
ld_normal_fit(const double *x, const double *y, size_t n, int deg, long double *a,
    long double *inv)
{
	long double A[11][22], piv, f, v;
	int m = deg + 1, i, j, k, best;
	size_t r;

	for (i = 0; i < m; i++) {
		for (j = 0; j < m; j++) {
			for (v = 0, r = 0; r < n; r++)
				v += powl(x[r], i + j);
			A[i][j] = v;
			A[i][m + j] = i == j;
		}
	}
	for (i = 0; i < m; i++) {
		for (best = i, k = i + 1; k < m; k++)
			if (fabsl(A[k][i]) > fabsl(A[best][i]))
				best = k;
		for (j = 0; j < 2 * m; j++) {
			piv = A[i][j];
			A[i][j] = A[best][j];
			A[best][j] = piv;
		}
		piv = A[i][i];
		for (j = 0; j < 2 * m; j++)
			A[i][j] /= piv;
		for (k = 0; k < m; k++) {
			if (k == i)
				continue;
			f = A[k][i];
			for (j = 0; j < 2 * m; j++)
				A[k][j] -= f * A[i][j];
		}
	}
	for (i = 0; i < m; i++) {
		for (j = 0; j < m; j++)
			inv[i * m + j] = A[i][m + j];
		for (a[i] = 0, j = 0; j < m; j++) {
			for (v = 0, r = 0; r < n; r++)
				v += powl(x[r], j) * y[r];
			a[i] += A[i][m + j] * v;
		}
	}
}

static void
test_exact_paper(void)
{
	double x[NPTS], y[NPTS];
	dsp_fit_result f;
	char what[96];
	int i;

	for (i = 0; i < NPTS; i++) {
		x[i] = 0.5 + 6.0 * i / (NPTS - 1);
		y[i] = dsp_poly_desc_eval(dsp_adaptive_poly_desc, 4, x[i]);
	}
	is_int(dsp_fit_poly(x, y, NPTS, 4, &f), DSP_OK, "fit paper polynomial samples");
	for (i = 0; i <= 4; i++) {
		snprintf(what, sizeof what, "paper coefficient %d recovered (%g)", i,
		    dsp_adaptive_poly_desc[i]);
		is_close(f.coef[i], dsp_adaptive_poly_desc[i], 1e-9, what);
	}
	is_close(f.r2, 1.0, 1e-12, "R^2 = 1 for exact data");
	ok(f.rms < 1e-12, "residual RMS ~ 0 for exact data (%g)", f.rms);
	ok(f.se[0] < 1e-10, "standard error ~ 0 for exact data (%g)", f.se[0]);
	is_int((long long)f.rank, 5, "full rank");
	is_close(dsp_fit_eval(&f, 4.4), dsp_poly_desc_eval(dsp_adaptive_poly_desc, 4, 4.4),
	    1e-12, "scaled-form evaluation matches at H = 4.4");
}

static void
test_exact_other(void)
{
	/* Degree 6 with mixed signs on [-3, 10]: conditioning test. */
	static const double c[7] = { 1e-4, -2e-3, 0.05, -0.3, 1.5, -2.0, 7.0 };
	double x[NPTS], y[NPTS];
	dsp_fit_result f;
	int i;

	for (i = 0; i < NPTS; i++) {
		x[i] = -3 + 13.0 * i / (NPTS - 1);
		y[i] = dsp_poly_desc_eval(c, 6, x[i]);
	}
	is_int(dsp_fit_poly(x, y, NPTS, 6, &f), DSP_OK, "fit degree 6");
	for (i = 0; i <= 6; i++)
		ok(fabs(f.coef[i] - c[i]) <= 1e-9 * fmax(1, fabs(c[i])),
		    "degree 6: coefficient %d recovered to 1e-9 (%.17g vs %g)", i, f.coef[i], c[i]);
	/* Line through two points: exactly determined, SE undefined. */
	x[0] = 1; y[0] = 3; x[1] = 3; y[1] = 7;
	is_int(dsp_fit_poly(x, y, 2, 1, &f), DSP_OK, "two points, degree 1");
	is_close(f.coef[0], 2, 1e-14, "slope 2");
	is_close(f.coef[1], 1, 1e-14, "intercept 1");
	ok(isnan(f.se[0]), "standard error NaN with zero degrees of freedom");
}

static void
test_noisy(void)
{
	double x[NPTS], y[NPTS], s2;
	long double a[5], inv[25];
	dsp_fit_result f;
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
	int i, j;

	gsl_rng_set(rng, 42);
	for (i = 0; i < NPTS; i++) {
		x[i] = 0.5 + 6.0 * i / (NPTS - 1);
		y[i] = dsp_poly_desc_eval(dsp_adaptive_poly_desc, 4, x[i]) +
		    gsl_ran_gaussian(rng, 0.05);
	}
	gsl_rng_free(rng);
	is_int(dsp_fit_poly(x, y, NPTS, 4, &f), DSP_OK, "fit noisy data");
	ld_normal_fit(x, y, NPTS, 4, a, inv);
	s2 = f.chisq / (NPTS - 5);
	for (i = 0; i <= 4; i++) {
		ok(fabs(f.coef[4 - i] - (double)a[i]) <= 1e-8 * fmax(1, fabsl(a[i])),
		    "noisy fit: coefficient of H^%d = long double normal equations", i);
		ok(fabs(f.se[4 - i] - sqrt(s2 * (double)inv[i * 5 + i])) <=
		    1e-6 * sqrt(s2 * (double)inv[i * 5 + i]),
		    "noisy fit: standard error of H^%d = s^2 (X^T X)^-1 (long double)", i);
	}
	/* Off-diagonal covariance too: coef[0] (H^4) with coef[4] (constant). */
	is_rel(f.cov[0 * 5 + 4], s2 * (double)inv[4 * 5 + 0], 1e-6,
	    "covariance(H^4, 1) matches");
	ok(f.r2 > 0.99 && f.r2 < 1, "R^2 in (0.99, 1) with noise (%g)", f.r2);
	ok(fabs(f.rms - 0.05) < 0.015, "RMS near the noise sigma 0.05 (%g)", f.rms);
	for (j = 0, i = 0; i <= 4; i++)
		if (fabs(f.coef[i] - dsp_adaptive_poly_desc[i]) < 4 * f.se[i])
			j++;
	is_int(j, 5, "every coefficient within 4 SE of the truth");
}

static void
test_errors(void)
{
	double x[4] = { 1, 2, 3, 4 }, y[4] = { 1, 2, 3, 4 };
	dsp_fit_result f;

	is_int(dsp_fit_poly(x, y, 4, 4, &f), DSP_EINVAL, "degree 4 with 4 points fails");
	ok(strstr(dsp_last_error(), "at least 5 points") != NULL,
	    "error says how many points: %s", dsp_last_error());
	is_int(dsp_fit_poly(x, y, 4, 11, &f), DSP_EINVAL, "degree 11 out of range");
	x[2] = NAN;
	is_int(dsp_fit_poly(x, y, 4, 1, &f), DSP_EINVAL, "NaN point rejected");
	x[0] = x[1] = x[2] = x[3] = 2;
	is_int(dsp_fit_poly(x, y, 4, 1, &f), DSP_EINVAL, "all-equal x rejected");
	is_int(dsp_fit_poly(x, y, 4, 0, &f), DSP_OK, "degree 0 with equal x is a mean");
	is_close(f.coef[0], 2.5, 1e-15, "mean of y");
}

static void
test_best_beta(void)
{
	double e[64], b, want;
	int capped, i;

	/* Spike: p_max(beta) = 1/(1 + (n-1) e^{-beta delta}), so
	 * beta* = log((n-1) tau / (1 - tau)) / delta. */
	for (i = 0; i < 64; i++)
		e[i] = i == 0 ? 2.0 : 0.0;
	is_int(dsp_best_beta(e, 64, 0.9, 4, &b, &capped), DSP_OK, "best beta spike n=64");
	want = log(63 * 0.9 / 0.1) / 2.0;
	is_close(b, want, 1e-9, "beta* = log((n-1) tau/(1-tau))/delta");
	is_int(capped, 0, "not capped");
	is_int(dsp_best_beta(e, 64, 0.9, 2, &b, &capped), DSP_OK, "cap at 2");
	ok(b == 2 && capped == 1, "capped at beta_max (%g, %d)", b, capped);
	is_int(dsp_best_beta(e, 2, 0.5, 4, &b, &capped), DSP_OK, "easy target");
	ok(b == 1 && capped == 0, "already sharp: beta* = 1");
	is_int(dsp_best_beta(e, 64, 1.0, 4, &b, NULL), DSP_EINVAL, "target 1 rejected");
	is_int(dsp_best_beta(e, 64, 0.9, 0.5, &b, NULL), DSP_EINVAL, "beta_max < 1 rejected");
}

static void
test_generate(void)
{
	dsp_refit_spec s;
	dsp_refit_pair *p, *q;
	double sizes[16], w[16384], pm;
	size_t n, m, i;
	int same = 1, mono = 1;

	dsp_refit_spec_default(&s);
	s.n_sizes = dsp_refit_default_sizes(sizes, 16);
	s.sizes = sizes;
	is_int((long long)s.n_sizes, 13, "default sizes 2^2..2^14");
	s.reps = 2;
	is_int(dsp_refit_generate(&s, &p, &n), DSP_OK, "generate pairs");
	is_int((long long)n, 26, "13 sizes x 2 reps");
	is_int(dsp_refit_generate(&s, &q, &m), DSP_OK, "generate again");
	for (i = 0; i < n; i++) {
		ok(p[i].beta >= 1 && p[i].beta <= 4 && p[i].h > 0 && p[i].h <= log(p[i].n),
		    "pair %zu (n = %g): beta* %g in [1, 4], 0 < H %g <= log n", i, (double)p[i].n,
		    p[i].beta, p[i].h);
		if (p[i].h != q[i].h || p[i].beta != q[i].beta)
			same = 0;
		if (i >= 2 && p[i].h < p[i - 2].h)
			mono = 0;
	}
	ok(same, "same seed, same pairs");
	ok(mono, "entropy grows with n at fixed delta and noise");
	ok(p[n - 1].capped && !p[0].capped, "large n capped, small n not");
	free(p);
	free(q);
	/* Noise 0: spike family; uncapped beta* has p_max = tau exactly. */
	s.noise_scale = 0;
	s.reps = 1;
	is_int(dsp_refit_generate(&s, &p, &n), DSP_OK, "noise-free generate");
	for (i = 0; i < 16384; i++)
		w[i] = i == 0 ? s.delta * p[4].beta : 0;
	dsp_softmax(w, (size_t)p[4].n, 1.0, w);
	pm = w[0];
	is_close(pm, 0.9, 1e-9, "p_max(beta*) = tau at n = 64");
	free(p);
	s.reps = 0;
	is_int(dsp_refit_generate(&s, &p, &n), DSP_EINVAL, "reps 0 rejected");
}

static void
test_csv(void)
{
	static const char good[] =
	    "# entropy, best beta\n"
	    "H,beta\n"
	    "\n"
	    "0.5, 1.0\n"
	    "  1.25 ,1.5   # trailing comment\r\n"
	    "2\t2.25\n";
	double *x, *y;
	size_t n;

	is_int(dsp_parse_pairs(good, strlen(good), "t.csv", &x, &y, &n), DSP_OK,
	    "parse CSV with header, comments, CR, tab");
	is_int((long long)n, 3, "three pairs");
	ok(x[1] == 1.25 && y[1] == 1.5 && x[2] == 2 && y[2] == 2.25, "values");
	free(x);
	free(y);
#define BAD(text, code, msg, desc) do { \
	is_int(dsp_parse_pairs(text, strlen(text), "t.csv", &x, &y, &n), code, desc); \
	ok(strstr(dsp_last_error(), msg) != NULL, "message: %s", dsp_last_error()); \
} while (0)
	BAD("1,2\n3,4,5\n", DSP_EPARSE, "t.csv:2: expected 2 columns", "three columns");
	BAD("# c\n1,2\nx,4\n", DSP_EPARSE, "t.csv:3: 'x' is not a number", "bad number");
	BAD("1,2\nH,beta\n", DSP_EPARSE, "t.csv:2:", "header after data");
	BAD("1,inf\n", DSP_EPARSE, "t.csv:1: value is not finite", "infinity");
	BAD("1\n", DSP_EPARSE, "t.csv:1: expected 2 columns (H, beta), got 1", "one column");
	BAD("# only\nH,beta\n", DSP_EEMPTY, "no (H, beta) pairs", "empty");
	BAD("1,\n", DSP_EPARSE, "t.csv:1: '' is not a number", "empty field");
	is_int(dsp_load_pairs("/nonexistent/p.csv", &x, &y, &n), DSP_EIO, "missing file");
}

int
main(void)
{
	dsp_gsl_init();
	test_exact_paper();
	test_exact_other();
	test_noisy();
	test_errors();
	test_best_beta();
	test_generate();
	test_csv();
	return tap_done();
}
