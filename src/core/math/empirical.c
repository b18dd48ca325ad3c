/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The empirical family (empirical.h): draws and the exact moments of the
 * large-n limit.  Sums run in long double: m can be 2^27 values. */
#include <math.h>

#include <gsl/gsl_rng.h>

#include "core/alloc.h"
#include "core/math/empirical.h"
#include "core/error.h"
#include "core/job.h"
#include "core/math/softmax.h"

int
dsp_empirical_fill(const double *v, size_t m, uint64_t seed, double *out,
    uint64_t n)
{
	gsl_rng *rng;
	uint64_t i;

	if (m == 0)
		return dsp_fail(DSP_EEMPTY, "empirical family has no logits");
	if ((rng = DSP_LIB_ALLOC(gsl_rng_alloc(gsl_rng_mt19937))) == NULL)
		return dsp_fail_nomem(NULL, 0);
	gsl_rng_set(rng, (unsigned long)seed);
	for (i = 0; i < n; i++) {
		if ((i & DSP_JOB_POLL_MASK) == 0 && dsp_job_cancelled()) {
			gsl_rng_free(rng);
			return dsp_job_poll();
		}
		/* mt19937 gives 32 bits; m fits (the readers cap a row far
		 * below 2^32 values). */
		out[i] = v[m == 1 ? 0 : gsl_rng_uniform_int(rng, (unsigned long)m)];
	}
	gsl_rng_free(rng);
	return DSP_OK;
}

void
dsp_empirical_moments(const double *v, size_t m, double t, double pivot,
    double n, double *a, double *b, double *paper)
{
	long double sa = 0, sb = 0, sp = 0;
	double d, g, q, loga;
	size_t i;

	for (i = 0; i < m; i++) {
		d = v[i] - pivot;
		g = exp(t * d);
		sa += g;
		sb += (long double)d * g;
	}
	*a = (double)(sa / (long double)m);
	*b = (double)(sb / (long double)m);
	if (paper == NULL)
		return;
	loga = log(*a);
	/* n E[-q log(q + 1e-9)]: each value stands for n/m keys. */
	for (i = 0; i < m; i++) {
		q = exp(t * (v[i] - pivot) - loga) / n;
		sp += -(long double)q * log(q + DSP_PAPER_ENTROPY_EPS);
	}
	*paper = (double)(sp * (long double)n / (long double)m);
}

double
dsp_empirical_top_share(const double *v, size_t m)
{
	double M = -INFINITY;
	size_t i, c = 0;

	for (i = 0; i < m; i++)
		if (v[i] > M)
			M = v[i];
	for (i = 0; i < m; i++)
		c += v[i] == M;
	return m ? (double)c / (double)m : NAN;
}

double
dsp_empirical_log_n_eps(const double *v, size_t m, double theta, double eps)
{
	double lo = INFINITY, hi = -INFINITY, a, b;
	size_t i;

	if (m == 0)
		return NAN;
	/* The argmax limit theta -> 0+: A tends to the maximum's share. */
	if (theta == 0)
		return -log(eps) - log(dsp_empirical_top_share(v, m));
	for (i = 0; i < m; i++) {
		lo = v[i] < lo ? v[i] : lo;
		hi = v[i] > hi ? v[i] : hi;
	}
	dsp_empirical_moments(v, m, 1 / theta, theta > 0 ? hi : lo, 1, &a, &b, NULL);
	return -log(eps) - log(a);
}
