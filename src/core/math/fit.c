/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Adaptive-temperature refit: best beta per input, polynomial least squares
 * on a scaled Vandermonde matrix (the (H, beta*) CSV reader: core/io/pairs.c). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_min.h>
#include <gsl/gsl_multifit.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_roots.h>
#include <gsl/gsl_sf_gamma.h>
#include <gsl/gsl_vector.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/math/fit.h"
#include "core/math/softmax.h"

#define ROOT_MAX_ITER	200
#define ROOT_TOL	1e-12
#define REDRAW_MAX	1000

double
dsp_poly_desc_eval(const double *desc, int degree, double x)
{
	double v;
	int i;

	/* Horner from the leading coefficient (as gsl_poly_eval). */
	if (degree < 0)
		return 0;
	v = desc[0];
	for (i = 1; i <= degree; i++)
		v = v * x + desc[i];
	return v;
}

struct poly_arg {
	const double	*desc;
	int		 degree;
};

static double
neg_poly(double x, void *arg)
{
	const struct poly_arg *a = arg;

	return -dsp_poly_desc_eval(a->desc, a->degree, x);
}

int
dsp_poly_desc_max(const double *desc, int degree, double lo, double hi,
    double *xmax, double *ymax)
{
	struct poly_arg a = { desc, degree };
	gsl_function f = { neg_poly, &a };
	gsl_min_fminimizer *m;
	double best = lo, x, v, bv = -INFINITY, l, h;
	int i, status, iter = 0;

	if (!(hi > lo) || degree < 0 || degree > 15)
		return dsp_fail(DSP_EINVAL, "bad interval [%g, %g]", lo, hi);
	/* A sampled bracket first: the minimiser needs f(mid) below both ends. */
	for (i = 0; i <= 256; i++) {
		x = lo + (hi - lo) * i / 256;
		if ((v = dsp_poly_desc_eval(desc, degree, x)) > bv) {
			bv = v;
			best = x;
		}
	}
	l = fmax(lo, best - (hi - lo) / 256);
	h = fmin(hi, best + (hi - lo) / 256);
	if (best == lo || best == hi || -neg_poly(l, &a) >= bv ||
	    -neg_poly(h, &a) >= bv) {
		*xmax = best;
		*ymax = bv;
		return DSP_OK;
	}
	if ((m = DSP_LIB_ALLOC(gsl_min_fminimizer_alloc(gsl_min_fminimizer_brent))) == NULL)
		return dsp_fail_nomem(NULL, 0);
	gsl_min_fminimizer_set(m, &f, best, l, h);
	do {
		status = gsl_min_fminimizer_iterate(m);
		l = gsl_min_fminimizer_x_lower(m);
		h = gsl_min_fminimizer_x_upper(m);
		if (status == 0)
			status = gsl_min_test_interval(l, h, 1e-12, 0);
	} while (status == GSL_CONTINUE && ++iter < ROOT_MAX_ITER);
	*xmax = gsl_min_fminimizer_x_minimum(m);
	*ymax = -gsl_min_fminimizer_f_minimum(m);
	gsl_min_fminimizer_free(m);
	return DSP_OK;
}

double
dsp_fit_eval(const dsp_fit_result *f, double x)
{
	double t = (x - f->centre) / f->scale, v = 0;
	int j;

	for (j = f->degree; j >= 0; j--)
		v = v * t + f->scaled[j];
	return v;
}

/* a = T c maps ascending coefficients in t = (x - c0)/s to ascending powers
 * of x: T[k][j] = C(j, k) (-c0)^(j-k) s^-j for j >= k. */
static void
shift_matrix(int deg, double c0, double s, double *T)
{
	int j, k, m = deg + 1;

	for (k = 0; k < m; k++)
		for (j = 0; j < m; j++)
			T[k * m + j] = j < k ? 0 : gsl_sf_choose((unsigned)j,
			    (unsigned)k) * pow(-c0, j - k) * pow(s, -j);
}

static int
check_points(const double *x, const double *y, size_t n, int degree)
{
	size_t i;

	if (degree < 0 || degree > DSP_FIT_MAX_DEGREE)
		return dsp_fail(DSP_EINVAL, "degree %d out of range 0..%d", degree,
		    DSP_FIT_MAX_DEGREE);
	if (n < (size_t)degree + 1)
		return dsp_fail(DSP_EINVAL,
		    "degree %d needs at least %d points, got %zu", degree,
		    degree + 1, n);
	for (i = 0; i < n; i++)
		if (!isfinite(x[i]) || !isfinite(y[i]))
			return dsp_fail(DSP_EINVAL, "point %zu is not finite", i + 1);
	return DSP_OK;
}

/* Unscaled (X^T X)^-1 from wlinear, converted and scaled by s^2. */
static void
store_result(dsp_fit_result *out, const gsl_vector *c, const gsl_matrix *cov,
    double s2)
{
	int m = out->degree + 1, i, j, k, l;
	double T[(DSP_FIT_MAX_DEGREE + 1) * (DSP_FIT_MAX_DEGREE + 1)], a, v;

	shift_matrix(out->degree, out->centre, out->scale, T);
	for (j = 0; j < m; j++)
		out->scaled[j] = gsl_vector_get(c, (size_t)j);
	for (k = 0; k < m; k++) {
		for (a = 0, j = 0; j < m; j++)
			a += T[k * m + j] * out->scaled[j];
		out->coef[out->degree - k] = a;
	}
	/* cov_a = T cov_c T^T, re-indexed to descending order. */
	for (k = 0; k < m; k++)
		for (l = 0; l < m; l++) {
			for (v = 0, i = 0; i < m; i++)
				for (j = 0; j < m; j++)
					v += T[k * m + i] * gsl_matrix_get(cov,
					    (size_t)i, (size_t)j) * T[l * m + j];
			out->cov[(out->degree - k) * m + (out->degree - l)] = s2 * v;
		}
	for (k = 0; k < m; k++)
		out->se[k] = sqrt(out->cov[k * m + k]);
}

int
dsp_fit_poly(const double *x, const double *y, size_t n, int degree,
    dsp_fit_result *out)
{
	gsl_multifit_linear_workspace *ws = NULL;
	gsl_matrix *X = NULL, *cov = NULL;
	gsl_vector *Y = NULL, *W = NULL, *c = NULL;
	double lo, hi, t, v, ybar, sst, s2;
	size_t i, m = (size_t)degree + 1;
	int rc, j;

	if ((rc = check_points(x, y, n, degree)) != DSP_OK)
		return rc;
	memset(out, 0, sizeof *out);
	out->degree = degree;
	out->n = n;
	for (lo = hi = x[0], i = 1; i < n; i++) {
		lo = fmin(lo, x[i]);
		hi = fmax(hi, x[i]);
	}
	if (hi == lo && degree > 0)
		return dsp_fail(DSP_EINVAL,
		    "all x equal (%g): cannot fit degree %d", lo, degree);
	out->centre = (hi + lo) / 2;
	out->scale = hi > lo ? (hi - lo) / 2 : 1;
	X = DSP_LIB_ALLOC(gsl_matrix_alloc(n, m));
	cov = DSP_LIB_ALLOC(gsl_matrix_alloc(m, m));
	Y = DSP_LIB_ALLOC(gsl_vector_alloc(n));
	W = DSP_LIB_ALLOC(gsl_vector_alloc(n));
	c = DSP_LIB_ALLOC(gsl_vector_alloc(m));
	ws = DSP_LIB_ALLOC(gsl_multifit_linear_alloc(n, m));
	if (!X || !cov || !Y || !W || !c || !ws) {
		rc = dsp_fail(DSP_ENOMEM, "out of memory for a %zu x %zu fit", n, m);
		goto out;
	}
	for (ybar = 0, i = 0; i < n; i++) {
		t = (x[i] - out->centre) / out->scale;
		for (v = 1, j = 0; j <= degree; j++, v *= t)
			gsl_matrix_set(X, i, (size_t)j, v);
		gsl_vector_set(Y, i, y[i]);
		gsl_vector_set(W, i, 1.0);
		ybar += y[i];
	}
	ybar /= (double)n;
	/* wlinear with unit weights returns the unscaled (X^T X)^-1. */
	if ((rc = gsl_multifit_wlinear(X, W, Y, c, cov, &out->chisq, ws)) != 0) {
		rc = dsp_fail(DSP_ERANGE, "least squares failed: %s", gsl_strerror(rc));
		goto out;
	}
	out->rank = gsl_multifit_linear_rank(1e-12, ws);
	for (sst = 0, i = 0; i < n; i++)
		sst += (y[i] - ybar) * (y[i] - ybar);
	out->rms = sqrt(out->chisq / (double)n);
	if (sst > 0)
		out->r2 = 1 - out->chisq / sst;
	else
		out->r2 = out->chisq == 0 ? 1 : NAN;
	s2 = n > m ? out->chisq / (double)(n - m) : NAN;
	store_result(out, c, cov, s2);
	rc = DSP_OK;
out:
	gsl_multifit_linear_free(ws);
	gsl_matrix_free(X);
	gsl_matrix_free(cov);
	gsl_vector_free(Y);
	gsl_vector_free(W);
	gsl_vector_free(c);
	return rc;
}

struct pmax_arg {
	const double	*e;
	size_t		 n;
	double		 emax, logtau;
};

/* log softmax(beta e)_max - log tau, with the max shift. */
static double
log_pmax_gap(double beta, void *arg)
{
	const struct pmax_arg *a = arg;
	double s = 0;
	size_t i;

	for (i = 0; i < a->n; i++)
		s += exp(beta * (a->e[i] - a->emax));
	return -log(s) - a->logtau;
}

int
dsp_best_beta(const double *e, size_t n, double target, double beta_max,
    double *beta, int *capped)
{
	struct pmax_arg a;
	gsl_function f;
	gsl_root_fsolver *s;
	double lo = 1, hi = beta_max, r = 1;
	int status, iter = 0;
	size_t i;

	if (n == 0)
		return dsp_fail(DSP_EEMPTY, "no logits");
	if (!(target > 0 && target < 1))
		return dsp_fail(DSP_EINVAL, "target %g must lie in (0, 1)", target);
	if (!(beta_max >= 1) || !isfinite(beta_max))
		return dsp_fail(DSP_EINVAL, "beta_max %g must be >= 1", beta_max);
	a.e = e;
	a.n = n;
	a.logtau = log(target);
	for (a.emax = e[0], i = 1; i < n; i++)
		a.emax = fmax(a.emax, e[i]);
	if (capped != NULL)
		*capped = 0;
	if (log_pmax_gap(1, &a) >= 0) {
		*beta = 1;
		return DSP_OK;
	}
	if (log_pmax_gap(beta_max, &a) < 0) {
		*beta = beta_max;
		if (capped != NULL)
			*capped = 1;
		return DSP_OK;
	}
	f.function = log_pmax_gap;
	f.params = &a;
	if ((s = DSP_LIB_ALLOC(gsl_root_fsolver_alloc(gsl_root_fsolver_brent))) == NULL)
		return dsp_fail_nomem(NULL, 0);
	gsl_root_fsolver_set(s, &f, lo, hi);
	do {
		status = gsl_root_fsolver_iterate(s);
		r = gsl_root_fsolver_root(s);
		lo = gsl_root_fsolver_x_lower(s);
		hi = gsl_root_fsolver_x_upper(s);
		if (status == 0)
			status = gsl_root_test_interval(lo, hi, 0, ROOT_TOL);
	} while (status == GSL_CONTINUE && ++iter < ROOT_MAX_ITER);
	gsl_root_fsolver_free(s);
	if (status != 0)
		return dsp_fail(DSP_ERANGE, "best beta: root finder failed (%s)",
		    gsl_strerror(status));
	*beta = r;
	return DSP_OK;
}

void
dsp_refit_spec_default(dsp_refit_spec *s)
{
	memset(s, 0, sizeof *s);
	s->reps = 4;
	s->delta = 4;
	s->noise = DSP_NOISE_UNIFORM;
	s->noise_scale = 0.5;
	s->target = 0.9;
	s->beta_max = 4;
	s->seed = 1;
}

size_t
dsp_refit_default_sizes(double *sizes, size_t cap)
{
	size_t k = 0;
	int p;

	for (p = 2; p <= 14 && k < cap; p++)
		sizes[k++] = ldexp(1, p);
	return k;
}

static int
check_spec(const dsp_refit_spec *s)
{
	size_t i;

	if (s->n_sizes == 0 || s->sizes == NULL)
		return dsp_fail(DSP_EEMPTY, "no set sizes");
	if (s->reps == 0)
		return dsp_fail(DSP_EINVAL, "reps must be >= 1");
	for (i = 0; i < s->n_sizes; i++)
		if (!(s->sizes[i] >= 2) || s->sizes[i] > 0x1p24 ||
		    s->sizes[i] != floor(s->sizes[i]))
			return dsp_fail(DSP_EINVAL,
			    "set size %g must be an integer in [2, 2^24]", s->sizes[i]);
	if (!(s->delta > 0) || !isfinite(s->delta))
		return dsp_fail(DSP_EINVAL, "delta %g must be > 0", s->delta);
	if (!(s->noise_scale >= 0) || !isfinite(s->noise_scale) ||
	    (s->noise == DSP_NOISE_UNIFORM && !(s->noise_scale < 1)))
		return dsp_fail(DSP_EINVAL, "noise %g must be in [0, 1) (uniform) "
		    "or >= 0 (gaussian)", s->noise_scale);
	if (!(s->target > 0 && s->target < 1))
		return dsp_fail(DSP_EINVAL, "target %g must lie in (0, 1)", s->target);
	if (!(s->beta_max >= 1) || !isfinite(s->beta_max))
		return dsp_fail(DSP_EINVAL, "beta_max %g must be >= 1", s->beta_max);
	return DSP_OK;
}

static int
draw_noise(const dsp_refit_spec *s, gsl_rng *rng, double *v)
{
	int k;

	for (k = 0; k < REDRAW_MAX; k++) {
		*v = s->noise == DSP_NOISE_UNIFORM ?
		    s->delta * s->noise_scale * gsl_rng_uniform(rng) :
		    gsl_ran_gaussian_ziggurat(rng, s->noise_scale);
		if (*v < s->delta)
			return DSP_OK;
	}
	return dsp_fail(DSP_ERANGE, "noise sigma %g keeps exceeding delta %g",
	    s->noise_scale, s->delta);
}

int
dsp_refit_generate(const dsp_refit_spec *s, dsp_refit_pair **out, size_t *count)
{
	dsp_refit_pair *pairs;
	double *e = NULL, *p = NULL, nmax = 0;
	gsl_rng *rng = NULL;
	size_t i, k, total, np = 0;
	unsigned r;
	int rc;

	if ((rc = check_spec(s)) != DSP_OK)
		return rc;
	for (i = 0; i < s->n_sizes; i++)
		nmax = fmax(nmax, s->sizes[i]);
	total = s->n_sizes * s->reps;
	pairs = dsp_calloc(total, sizeof *pairs);
	e = dsp_malloc((size_t)nmax * sizeof *e);
	p = dsp_malloc((size_t)nmax * sizeof *p);
	rng = DSP_LIB_ALLOC(gsl_rng_alloc(gsl_rng_mt19937));
	if (!pairs || !e || !p || !rng) {
		rc = dsp_fail_nomem(NULL, 0);
		goto fail;
	}
	gsl_rng_set(rng, (unsigned long)s->seed);
	for (i = 0; i < s->n_sizes; i++) {
		size_t n = (size_t)s->sizes[i];

		for (r = 0; r < s->reps; r++) {
			dsp_refit_pair *q = &pairs[np++];

			e[0] = s->delta;
			for (k = 1; k < n; k++)
				if ((rc = draw_noise(s, rng, &e[k])) != DSP_OK)
					goto fail;
			if ((rc = dsp_softmax(e, n, 1.0, p)) != DSP_OK)
				goto fail;
			q->n = (double)n;
			q->h = dsp_entropy_paper(p, n);
			if ((rc = dsp_best_beta(e, n, s->target, s->beta_max,
			    &q->beta, &q->capped)) != DSP_OK)
				goto fail;
		}
	}
	free(e);
	free(p);
	gsl_rng_free(rng);
	*out = pairs;
	*count = np;
	return DSP_OK;
fail:
	free(pairs);
	free(e);
	free(p);
	gsl_rng_free(rng);
	return rc;
}
