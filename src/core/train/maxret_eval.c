/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Max Retrieval head's held-out evaluation: independent sets per size
 * from (seed, n, j), accuracy with Wilson intervals, in parallel and the
 * same for any thread count. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "core/alloc.h"
#include "core/math/adaptive.h"
#include "core/math/bounds.h"
#include "core/error.h"
#include "core/job.h"
#include "core/train/maxret.h"
#include "core/math/softmax.h"
#include "core/train/maxret_int.h"

/* splitmix64: independent per-set seeds from (seed, n, j). */
static uint64_t
mix64(uint64_t z)
{
	z += 0x9e3779b97f4a7c15ULL;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

uint64_t
dsp_maxret_set_seed(uint64_t seed, uint64_t n, uint64_t j)
{
	return mix64(mix64(mix64(seed) ^ n) ^ j);
}

/* What one evaluation set contributes (summed in index order). */
struct setres {
	int	ok, ok_ad, holds;
	double	maxw, maxw_ad, ent, beta, spread, topw, margin;
};

static int
eval_one(const dsp_maxret *m, const struct blocks *P, size_t n, uint64_t seed,
    gsl_rng *r, struct work *w, double *x, int *cls, double *alpha_ad,
    struct setres *res)
{
	size_t t, i, top;
	double lo, hi, mn, mx, beta;
	int rc;

	gsl_rng_set(r, (unsigned long)seed);
	dsp_maxret_draw(r, m->classes, n, x, cls);
	top = maxret_argmax(x, n);
	t = (size_t)cls[top];
	maxret_embed(m, P, x, cls, n, w);
	if ((rc = dsp_softmax(w->e, n, 1.0, w->alpha)) != DSP_OK)
		return rc;
	res->ok = maxret_readout(m, P, w->alpha, n, w) == t;
	res->topw = w->alpha[top];
	res->margin = maxret_margin(m, P, n, top, t, w);
	if ((rc = dsp_adaptive_softmax(w->e, n, 1.0, alpha_ad, &beta)) != DSP_OK)
		return rc;
	res->ok_ad = maxret_readout(m, P, alpha_ad, n, w) == t;
	res->beta = beta;
	res->maxw = dsp_max(w->alpha, n);
	res->maxw_ad = dsp_max(alpha_ad, n);
	res->ent = dsp_entropy(w->alpha, n, DSP_NATS);
	mn = mx = w->e[0];
	for (i = 1; i < n; i++) {
		mn = fmin(mn, w->e[i]);
		mx = fmax(mx, w->e[i]);
	}
	res->spread = mx - mn;
	/* Lemma 2.1 (tight form) with this set's own spread, theta = 1; a
	 * relative slack of 1e-12 absorbs rounding at the band's edges. */
	dsp_lemma_tight((double)n, res->spread, 1.0, &lo, &hi);
	res->holds = 1;
	for (i = 0; i < n; i++)
		if (w->alpha[i] < lo * (1 - 1e-12) || w->alpha[i] > hi * (1 + 1e-12))
			res->holds = 0;
	return DSP_OK;
}

int
dsp_maxret_eval(const dsp_maxret *m, const size_t *sizes, size_t nsizes,
    size_t sets, uint64_t seed, dsp_maxret_eval_row *rows)
{
	struct setres *res;
	struct blocks P;
	dsp_job *job;
	size_t si, j;
	int rc = DSP_OK;

	if (sets < 1 || sets > (1u << 24))
		return dsp_fail(DSP_EINVAL, "evaluation sets must be in 1 .. 2^24");
	for (si = 0; si < nsizes; si++)
		if (sizes[si] < 1 || sizes[si] > (1u << 24))
			return dsp_fail(DSP_EINVAL, "evaluation sizes must be in 1 .. 2^24");
	if ((res = dsp_calloc(sets, sizeof *res)) == NULL)
		return dsp_fail_nomem(NULL, 0);
	maxret_split(m, m->w, &P);
	/* Progress in items (n a set): the caller sets the total. */
	job = dsp_job_current();
	for (si = 0; si < nsizes && rc == DSP_OK; si++) {
		size_t n = sizes[si];
		dsp_maxret_eval_row *row = &rows[si];

#pragma omp parallel reduction(max:rc)
		{
			struct work w;
			gsl_rng *r = DSP_LIB_ALLOC(gsl_rng_alloc(gsl_rng_mt19937));
			double *x = dsp_malloc(n * sizeof *x), *ad = dsp_malloc(n * sizeof *ad);
			int *cls = dsp_malloc(n * sizeof *cls);
			long jj;
			int bad = 0;

			memset(&w, 0, sizeof w);
			if (r == NULL || x == NULL || ad == NULL || cls == NULL ||
			    maxret_work_alloc(&w, n, m->width, m->classes) != DSP_OK) {
				rc = DSP_ENOMEM;
				bad = 1;
			}
			/* Every thread meets the loop; one without scratch skips
			 * its sets and the call fails. */
#pragma omp for schedule(dynamic, 4)
			for (jj = 0; jj < (long)sets; jj++) {
				uint64_t s = dsp_maxret_set_seed(seed, n, (uint64_t)jj);
				int e;

				if (bad)
					continue;
				if ((e = eval_one(m, &P, n, s, r, &w, x, cls, ad,
				    &res[jj])) != DSP_OK)
					rc = e;
				dsp_job_advance(job, n);
			}
			maxret_work_free(&w);
			gsl_rng_free(r);
			free(x);
			free(ad);
			free(cls);
		}
		if (rc != DSP_OK)
			break;
		memset(row, 0, sizeof *row);
		row->n = n;
		row->sets = sets;
		for (j = 0; j < sets; j++) {
			row->correct += (size_t)res[j].ok;
			row->correct_adaptive += (size_t)res[j].ok_ad;
			row->lemma_holds += (size_t)res[j].holds;
			row->max_weight += res[j].maxw;
			row->max_weight_ad += res[j].maxw_ad;
			row->entropy += res[j].ent;
			row->beta += res[j].beta;
			row->spread += res[j].spread;
			row->spread_max = fmax(row->spread_max, res[j].spread);
			row->top_weight += res[j].topw;
			row->margin += res[j].margin;
			row->above_margin += res[j].topw >= res[j].margin;
		}
		row->top_weight /= (double)sets;
		row->margin /= (double)sets;
		row->max_weight /= (double)sets;
		row->max_weight_ad /= (double)sets;
		row->entropy /= (double)sets;
		row->beta /= (double)sets;
		row->spread /= (double)sets;
		row->acc = (double)row->correct / (double)sets;
		row->acc_ad = (double)row->correct_adaptive / (double)sets;
		dsp_wilson(row->correct, sets, DSP_Z95, &row->acc_lo, &row->acc_hi);
		dsp_wilson(row->correct_adaptive, sets, DSP_Z95, &row->acc_ad_lo,
		    &row->acc_ad_hi);
		dsp_lemma_tight((double)n, row->spread_max, 1.0, &row->band_lo,
		    &row->band_hi);
		dsp_log_critical_n(0.5, row->spread_max, 1.0, &row->log_n_half);
	}
	free(res);
	if (rc == DSP_ENOMEM)
		return dsp_fail_nomem(NULL, 0);
	return rc;
}

int
dsp_wilson(size_t k, size_t n, double z, double *lo, double *hi)
{
	double p, z2n, c, h;

	if (n == 0 || k > n || !(z > 0))
		return dsp_fail(DSP_EINVAL, "Wilson interval needs 0 <= k <= n, n > 0, z > 0");
	p = (double)k / (double)n;
	z2n = z * z / (double)n;
	c = (p + z2n / 2) / (1 + z2n);
	h = z / (1 + z2n) * sqrt(p * (1 - p) / (double)n + z2n / (4 * (double)n));
	*lo = fmax(0, c - h);
	*hi = fmin(1, c + h);
	return DSP_OK;
}
