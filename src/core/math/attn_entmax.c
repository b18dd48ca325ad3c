/* SPDX-License-Identifier: GPL-3.0-or-later */
/* alpha-entmax and sparsemax (alpha = 2) over run-length logits. */
#include <float.h>
#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_roots.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/job.h"
#include "core/math/alt.h"
#include "core/schema/params.h"

#define ENTMAX_ITER	200

/* The per-value loops look for a cancelled job (core/job.h) every 4096
 * values: a few ms of pow at most. */
#define ENTMAX_POLL	4095

/* alpha-entmax over distinct values: z sorted descending with counts. */
struct entmax {
	const double	*z;
	const double	*c;
	size_t		 m;	/* support: z[0..m] */
	double		 q;	/* 1 / (alpha - 1) */
};

/* f(g) = sum_{j <= m} c_j (z_j - z_m + g)^q - 1, increasing in g, where
 * tau = z_m - g is the entmax threshold. */
static double
entmax_f(double g, void *arg)
{
	const struct entmax *s = arg;
	double f = -1;
	size_t j;

	for (j = 0; j <= s->m; j++)
		f += s->c[j] * pow(s->z[j] - s->z[s->m] + g, s->q);
	return f;
}

/* f at tau = z[m + 1]: sum of the top m + 1 values' mass there, minus 1. */
static double
entmax_edge(const double *z, const double *c, size_t m, double q)
{
	double f = -1;
	size_t j;

	for (j = 0; j <= m; j++)
		f += c[j] * pow(z[j] - z[m + 1], q);
	return f;
}

static int
cmp_desc(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x < y) - (x > y);
}

/* Threshold root in [0, hi] with GSL's Brent solver. */
static int
entmax_root(struct entmax *s, double hi, double *g)
{
	gsl_root_fsolver *slv;
	gsl_function F = { entmax_f, s };
	double lo = 0, fh = entmax_f(hi, s);
	int it, rc = GSL_CONTINUE;

	if (fh == 0) {
		*g = hi;
		return DSP_OK;
	}
	if (!(fh > 0))
		return dsp_fail(DSP_ERANGE, "entmax threshold has no bracket");
	if ((slv = DSP_LIB_ALLOC(gsl_root_fsolver_alloc(gsl_root_fsolver_brent))) == NULL)
		return dsp_fail_nomem(NULL, 0);
	gsl_root_fsolver_set(slv, &F, lo, hi);
	for (it = 0; it < ENTMAX_ITER && rc == GSL_CONTINUE; it++) {
		/* Each step is a pass over the support (ms at 2^20 values). */
		if (dsp_job_cancelled()) {
			gsl_root_fsolver_free(slv);
			return dsp_job_poll();
		}
		if ((rc = gsl_root_fsolver_iterate(slv)) != GSL_SUCCESS)
			break;
		lo = gsl_root_fsolver_x_lower(slv);
		hi = gsl_root_fsolver_x_upper(slv);
		rc = gsl_root_test_interval(lo, hi, DBL_MIN, 4 * DBL_EPSILON);
	}
	*g = gsl_root_fsolver_root(slv);
	gsl_root_fsolver_free(slv);
	if (rc != GSL_SUCCESS)
		return dsp_fail(DSP_ERANGE, "entmax threshold did not converge: %s",
		    gsl_strerror(rc));
	return DSP_OK;
}

/* alpha-entmax (Peters et al. 2019): p_i = [(alpha-1) x_i - tau]_+^{1/(alpha-1)}
 * with sum p = 1.  The distinct values are sorted; the support (a prefix) is
 * found by bisection on the prefix length, then tau inside that segment by
 * Brent on g = z_m - tau, which keeps the smallest support weights g^q
 * accurate even when 2^60 items share them. */
static int
entmax_runs(const char *name, const dsp_runs *e, double theta, double alpha, dsp_runs *w,
    double *edge)
{
	struct entmax s;
	double *z = NULL, *c = NULL, *tmp = NULL, hi, g = 0, zi, t = 0;
	size_t i, k = 0, lo, up, mid;
	int rc = DSP_OK;

	*edge = NAN;
	if (theta == 0) {
		dsp_alt_argmax_runs(e, w, 1);
		return DSP_OK;
	}
	if ((z = dsp_malloc(e->len * sizeof *z)) == NULL ||
	    (c = dsp_malloc(e->len * sizeof *c)) == NULL ||
	    (tmp = dsp_malloc(e->len * sizeof *tmp)) == NULL) {
		rc = dsp_fail_nomem(NULL, 0);
		goto out;
	}
	for (i = 0; i < e->len; i++)
		if (!isfinite(tmp[i] = (alpha - 1) * (e->value[i] / theta))) {
			/* Else the root search below fails with a message about
			 * its bracket, not the cause. */
			if (!isfinite(e->value[i]))
				rc = dsp_fail(DSP_EINVAL, "%s: logit %g is not finite", name,
				    e->value[i]);
			else
				rc = dsp_fail(DSP_ERANGE, "%s: %slogit / theta = %g / %g overflows "
				    "a double (give a --theta further from 0)", name,
				    alpha != 2 ? "(alpha - 1) x " : "", (alpha - 1) * e->value[i],
				    theta);
			goto out;
		}
	if ((rc = dsp_qsort(tmp, e->len, sizeof *tmp, cmp_desc, "the scaled logits")) != DSP_OK)
		goto out;
	for (i = 0; i < e->len; i++)
		if (k == 0 || tmp[i] != z[k - 1])
			z[k++] = tmp[i];
	for (i = 0; i < k; i++)
		c[i] = 0;
	for (i = 0; i < e->len; i++) {
		if ((i & ENTMAX_POLL) == ENTMAX_POLL && (rc = dsp_job_poll()) != DSP_OK)
			goto out;
		zi = (alpha - 1) * (e->value[i] / theta);
		lo = 0, up = k - 1;	/* first z[lo] <= zi, which is zi */
		while (lo < up) {
			mid = (lo + up) / 2;
			if (z[mid] > zi)
				lo = mid + 1;
			else
				up = mid;
		}
		c[lo] += (double)e->count[i];
	}
	s.z = z;
	s.c = c;
	s.q = 1 / (alpha - 1);
	/* Smallest m whose edge value is >= 0 (monotone in m). */
	lo = 0, up = k - 1;
	while (lo < up) {
		if ((rc = dsp_job_poll()) != DSP_OK)
			goto out;
		mid = (lo + up) / 2;
		if (entmax_edge(z, c, mid, s.q) >= 0)
			up = mid;
		else
			lo = mid + 1;
	}
	s.m = lo;
	hi = 1 - (z[0] - z[s.m]);
	if (s.m + 1 < k && z[s.m] - z[s.m + 1] < hi)
		hi = z[s.m] - z[s.m + 1];
	if ((rc = entmax_root(&s, hi, &g)) != DSP_OK)
		goto out;
	/* tau = z_m - g, as a logit: z = (alpha - 1) e / theta. */
	*edge = (z[s.m] - g) * theta / (alpha - 1);
	for (i = 0; i < e->len; i++) {
		if ((i & ENTMAX_POLL) == ENTMAX_POLL && (rc = dsp_job_poll()) != DSP_OK)
			goto out;
		zi = (alpha - 1) * (e->value[i] / theta);
		w->value[i] = zi >= z[s.m] ? pow(zi - z[s.m] + g, s.q) : 0;
		t += (double)e->count[i] * w->value[i];
	}
	for (i = 0; i < e->len; i++)
		w->value[i] /= t;
out:
	free(z);
	free(c);
	free(tmp);
	return rc;
}

int
dsp_attn_sparsemax_weights(const dsp_runs *e, double theta, double alpha,
    dsp_runs *w, double *edge)
{
	(void)alpha;
	return entmax_runs(dsp_attn_name(DSP_ATTN_SPARSEMAX), e, theta, 2, w, edge);
}

int
dsp_attn_entmax_weights(const dsp_runs *e, double theta, double alpha,
    dsp_runs *w, double *edge)
{
	if (!(alpha > 1) || !isfinite(alpha))
		return dsp_fail(DSP_EINVAL,
		    "entmax alpha must be finite and > 1 (got %g)", alpha);
	return entmax_runs(dsp_attn_name(DSP_ATTN_ENTMAX), e, theta, alpha, w, edge);
}
