/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A stack of attention layers over random embeddings (see depth.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_sf_bessel.h>

#include "core/alloc.h"
#include "core/train/depth.h"
#include "core/error.h"
#include "core/job.h"

void
dsp_depth_default(dsp_depth_opts *o)
{
	o->dim = 16;
	o->layers = 8;
	o->radius = 4;
	o->theta = 1;
	o->residual = 0;
	o->seed = 1;
}

static int
check(const dsp_depth_opts *o)
{
	if (o->dim < 2 || o->dim > DSP_DEPTH_MAX_DIM || o->layers < 1 ||
	    o->layers > DSP_DEPTH_MAX_LAYERS)
		return dsp_fail(DSP_EINVAL, "depth needs dim in 2 .. %d and layers in "
		    "1 .. %d", DSP_DEPTH_MAX_DIM, DSP_DEPTH_MAX_LAYERS);
	if (!(o->radius > 0) || !(o->radius <= 1e3) || !(o->theta > 0) ||
	    !(o->theta <= 1e6))
		return dsp_fail(DSP_EINVAL, "depth needs radius in (0, 1000] and "
		    "theta in (0, 1e6]");
	return DSP_OK;
}

double
dsp_vmf_mean(size_t d, double kappa)
{
	double nu = (double)d / 2, a, b;
	gsl_sf_result ra, rb;
	gsl_error_handler_t *old;

	if (!(kappa > 0))
		return 0;
	/* Small kappa: I_nu(k) ~ (k/2)^nu / Gamma(nu + 1), so A ~ k / d. */
	if (kappa < 1e-8)
		return kappa / (double)d;
	old = gsl_set_error_handler_off();
	/* Scaled functions (e^-k I): the ratio is the same, nothing overflows. */
	a = gsl_sf_bessel_Inu_scaled_e(nu, kappa, &ra) == GSL_SUCCESS ? ra.val : NAN;
	b = gsl_sf_bessel_Inu_scaled_e(nu - 1, kappa, &rb) == GSL_SUCCESS ? rb.val : NAN;
	gsl_set_error_handler(old);
	return a / b;
}

int
dsp_depth_limit(const dsp_depth_opts *o, dsp_depth_layer *out)
{
	double r = o->radius, a;
	size_t l;
	int rc;

	if ((rc = check(o)) != DSP_OK)
		return rc;
	for (l = 0; l <= o->layers; l++) {
		out[l].limit = r;
		a = dsp_vmf_mean(o->dim, r * r / (o->theta * sqrt((double)o->dim)));
		r = o->residual ? r * (1 + a) : r * a;
	}
	return DSP_OK;
}

int
dsp_depth_embed(const dsp_depth_opts *o, size_t n, double *x)
{
	gsl_rng *g;
	size_t i, k, d = o->dim;
	double s;
	int rc;

	if ((rc = check(o)) != DSP_OK)
		return rc;
	if ((g = DSP_LIB_ALLOC(gsl_rng_alloc(gsl_rng_mt19937))) == NULL)
		return dsp_fail_nomem(NULL, 0);
	gsl_rng_set(g, (unsigned long)o->seed);
	for (i = 0; i < n; i++) {
		do {
			s = 0;
			for (k = 0; k < d; k++) {
				x[i * d + k] = gsl_ran_gaussian(g, 1);
				s += x[i * d + k] * x[i * d + k];
			}
		} while (!(s > 0));
		s = o->radius / sqrt(s);
		for (k = 0; k < d; k++)
			x[i * d + k] *= s;
	}
	gsl_rng_free(g);
	return DSP_OK;
}

/* rms distance of the rows of x to mu (the mean embedding), rms distance
 * to their own mean, and the distance of that mean to mu. */
static void
measure(const double *x, size_t n, size_t d, const double *mu, dsp_depth_layer *o)
{
	double s = 0, u = 0, t, m[DSP_DEPTH_MAX_DIM];
	size_t i, k;

	for (k = 0; k < d; k++) {
		m[k] = 0;
		for (i = 0; i < n; i++)
			m[k] += x[i * d + k];
		m[k] /= (double)n;
		u += (m[k] - mu[k]) * (m[k] - mu[k]);
	}
	for (i = 0; i < n; i++)
		for (k = 0; k < d; k++) {
			t = x[i * d + k] - m[k];
			s += t * t;
		}
	o->spread_items = sqrt(s / (double)n);
	o->offset = sqrt(u);
	/* rms to mu: both parts (Pythagoras over the items). */
	o->spread = sqrt(s / (double)n + u);
}

int
dsp_depth_run(const dsp_depth_opts *o, const double *x0, size_t n,
    dsp_depth_layer *out)
{
	size_t d = o->dim, i, k, l;
	double *x = NULL, *y = NULL, *mw = NULL, mu[DSP_DEPTH_MAX_DIM];
	double scale;
	dsp_job *job = dsp_job_current();
	int rc, bad = 0;

	if ((rc = check(o)) != DSP_OK)
		return rc;
	if (n < 1 || n > DSP_DEPTH_MAX_N)
		return dsp_fail(DSP_EINVAL, "depth: n must be in 1 .. %zu (the stack "
		    "costs n^2 d L)", DSP_DEPTH_MAX_N);
	if ((rc = dsp_depth_limit(o, out)) != DSP_OK)
		return rc;
	x = dsp_malloc(n * d * sizeof *x);
	y = dsp_malloc(n * d * sizeof *y);
	mw = dsp_malloc(n * sizeof *mw);
	if (x == NULL || y == NULL || mw == NULL) {
		rc = dsp_fail_nomem(NULL, 0);
		goto out;
	}
	memcpy(x, x0, n * d * sizeof *x);
	for (k = 0; k < d; k++) {
		mu[k] = 0;
		for (i = 0; i < n; i++)
			mu[k] += x[i * d + k];
		mu[k] /= (double)n;
	}
	scale = 1 / (o->theta * sqrt((double)d));
	measure(x, n, d, mu, &out[0]);
	out[0].max_weight = NAN;
	for (l = 1; l <= o->layers; l++) {
		if ((rc = dsp_job_poll()) != DSP_OK)
			goto out;
#pragma omp parallel if (n >= 256)
		{
			double *sc = dsp_malloc(n * sizeof *sc);
			long q;

			if (sc == NULL) {
#pragma omp atomic write
				bad = 1;
			}
#pragma omp for schedule(dynamic, 16)
			for (q = 0; q < (long)n; q++) {
				const double *xq = x + (size_t)q * d;
				double *yq = y + (size_t)q * d, m = -INFINITY, z = 0, e, s;
				size_t j, c;

				if (sc == NULL || dsp_job_stopped(job))
					continue;
				for (j = 0; j < n; j++) {
					for (s = 0, c = 0; c < d; c++)
						s += xq[c] * x[j * d + c];
					sc[j] = s * scale;
					m = fmax(m, sc[j]);
				}
				for (c = 0; c < d; c++)
					yq[c] = 0;
				for (j = 0; j < n; j++) {
					e = exp(sc[j] - m);
					z += e;
					for (c = 0; c < d; c++)
						yq[c] += e * x[j * d + c];
				}
				for (c = 0; c < d; c++)
					yq[c] /= z;
				mw[q] = 1 / z;	/* the largest weight: e^0 / z */
				dsp_job_advance(job, n);
			}
			free(sc);
		}
		if (bad) {
			rc = dsp_fail_nomem(NULL, 0);
			goto out;
		}
		if ((rc = dsp_job_poll()) != DSP_OK)
			goto out;
		for (i = 0; i < n * d; i++)
			x[i] = o->residual ? x[i] + y[i] : y[i];
		measure(x, n, d, mu, &out[l]);
		out[l].max_weight = 0;
		for (i = 0; i < n; i++)
			out[l].max_weight += mw[i];
		out[l].max_weight /= (double)n;
	}
	rc = DSP_OK;
out:
	free(x);
	free(y);
	free(mw);
	return rc;
}
