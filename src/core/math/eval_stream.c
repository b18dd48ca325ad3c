/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dsp_eval_wstream: the softmax weights streamed from the logits, no
 * n-sized array (moved whole from eval.c). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gsl/gsl_errno.h>

#include "core/alloc.h"
#include "core/math/adaptive.h"
#include "core/math/alt.h"
#include "core/math/bounds.h"
#include "core/math/empirical.h"
#include "core/error.h"
#include "core/math/eval.h"
#include "core/math/eval_int.h"
#include "core/schema/family.h"
#include "core/schema/figures.h"
#include "core/schema/gate.h"
#include "core/job.h"
#include "core/math/kernel.h"
#include "core/math/precision.h"
#include "core/math/quad.h"
#include "core/math/softmax.h"
#include "core/math/typical.h"

/* ---- Weights streamed from the logits (dsp_eval_wstream) ----
 * Each function below is the twin of a runs function (softmax.c,
 * summarise_runs) over the runs dsp_runs_from_array would build -- one
 * run per stretch of adjacent equal logits, valued at its first -- walked
 * in place, with the same expressions in the same order, so every number
 * is bit for bit the one of the runs route.  No n-sized array is made. */

/* The run of x starting at i: its end. */
static size_t
run_end(const double *x, size_t n, size_t i)
{
	size_t j = i + 1;

	while (j < n && x[j] == x[i])
		j++;
	return j;
}

/* Runs, logit min / max (dsp_runs_minmax), and the first non-finite
 * logit's run index (softmax.c check_finite over the run values). */
static int
stream_scan(const double *x, size_t n, size_t *runs, double *lo, double *hi)
{
	size_t i, j, r = 0;
	double a = INFINITY, b = -INFINITY;

	for (i = 0; i < n; i = j, r++) {
		j = run_end(x, n, i);
		if (!isfinite(x[i]))
			return dsp_fail(DSP_EINVAL, "logit %zu is not finite (%g)", r, x[i]);
		if (x[i] < a)
			a = x[i];
		if (x[i] > b)
			b = x[i];
	}
	*runs = r;
	*lo = a;
	*hi = b;
	return DSP_OK;
}

double
dsp_wstream_weight(const dsp_wstream *ws, double v)
{
	if (ws->theta == 0)
		return v == ws->pivot ? ws->tie : 0.0;
	return exp((v - ws->pivot) / ws->theta) / ws->z;
}

int
dsp_wstream_rising(const dsp_wstream *ws)
{
	return ws->theta >= 0;
}

/* dsp_softmax_runs at theta (its normaliser z, or the ties' share) fused
 * with dsp_softmax_entropy_runs (returned): one pass of exponentials. */
static double
stream_softmax(dsp_wstream *ws, double theta)
{
	const double *x = ws->x;
	double c0 = 0, zr = 0, wx = 0, xx, t, c, z = 0;
	uint64_t ties = 0;
	size_t i, j;

	ws->theta = theta;
	if (theta == 0) {
		for (i = 0; i < ws->n; i = j) {
			j = run_end(x, ws->n, i);
			if (x[i] == ws->pivot)
				ties += (uint64_t)(j - i);
		}
		ws->tie = 1.0 / (double)ties;
		return log((double)ties);
	}
	for (i = 0; i < ws->n; i = j) {
		j = run_end(x, ws->n, i);
		c = (double)(uint64_t)(j - i);
		xx = (x[i] - ws->pivot) / theta;
		t = exp(xx);
		z += c * t;
		if (xx == 0) {
			c0 += c;
			continue;
		}
		zr += c * t;
		wx += c * t * xx;
	}
	ws->z = z;
	return log1p((c0 - 1) + zr) - wx / (c0 + zr);
}

/* dsp_entropy_paper_runs of the weights. */
static double
stream_paper(const dsp_wstream *ws)
{
	double h = 0, w;
	size_t i, j;

	for (i = 0; i < ws->n; i = j) {
		j = run_end(ws->x, ws->n, i);
		w = dsp_wstream_weight(ws, ws->x[i]);
		h -= (double)(uint64_t)(j - i) * w * log(w + DSP_PAPER_ENTROPY_EPS);
	}
	return h;
}

/* summarise_runs for a softmax-type function over streamed weights. */
static int
summarise_stream(const dsp_params *p, dsp_wstream *ws, dsp_summary *s)
{
	double th = scaled_theta(p, (double)ws->n), t = 0, mn = INFINITY, mx = -INFINITY;
	double h = 0, w, c;
	size_t i, j;
	int rc;

	s->n = (double)ws->n;
	if (ws->n == 0)
		return dsp_fail(DSP_EEMPTY, "softmax of no logits");
	if (!isfinite(th))
		return dsp_fail(DSP_EINVAL, "temperature must be finite");
	if ((rc = stream_scan(ws->x, ws->n, &ws->runs, &s->logit_min, &s->logit_max)) != DSP_OK)
		return rc;
	ws->pivot = th >= 0 ? s->logit_max : s->logit_min;
	s->beta = 1;
	s->entropy = stream_softmax(ws, th);
	if (p->adaptive) {
		if ((rc = dsp_job_poll()) != DSP_OK)
			return rc;
		s->beta = dsp_adaptive_beta(stream_paper(ws));
		th /= s->beta;
		/* dsp_adaptive_softmax_runs: the pivot is taken again with the
		 * new temperature's sign.  beta >= 1 keeps it, except where a
		 * tiny negative theta underflows to -0: theta 0, the argmax
		 * limit, pivots at the largest logit. */
		ws->pivot = th >= 0 ? s->logit_max : s->logit_min;
		s->entropy = stream_softmax(ws, th);
	}
	s->theta_eff = th;
	if ((rc = dsp_job_poll()) != DSP_OK)
		return rc;
	/* The summary's figures are the kernel's, as in eval_explicit (the
	 * same bits as report and the screen); the weights stream as set up
	 * above.  Only where the kernel cannot (theta 0) are they summed
	 * from the weights. */
	if (route_kernel(p)) {
		dsp_summary k = *s;

		if ((rc = summarise_fast(p, ws->x, ws->n, 0, &k)) == DSP_OK) {
			*s = k;
			return DSP_OK;
		}
		if (rc != DSP_ENOTSUP)
			return rc;
	}
	/* summarise_runs' total, zero count, weight min / max and paper
	 * entropy: one pass. */
	s->zero_weights = 0;
	for (i = 0; i < ws->n; i = j) {
		j = run_end(ws->x, ws->n, i);
		c = (double)(uint64_t)(j - i);
		w = dsp_wstream_weight(ws, ws->x[i]);
		t += c * w;
		if (w == 0)
			s->zero_weights += c;
		if (w < mn)
			mn = w;
		if (w > mx)
			mx = w;
		h -= c * w * log(w + DSP_PAPER_ENTROPY_EPS);
	}
	s->total = t;
	s->min_weight = mn;
	s->max_weight = mx;
	s->entropy_paper = h;
	/* dsp_topk_mass_runs(w, 1) is the largest weight, exactly. */
	s->topk_mass = mx;
	fill_bounds(p, s, 1);
	return DSP_OK;
}

int
dsp_eval_stream_route(const dsp_params *p, dsp_wstream *ws, dsp_summary *s)
{
	int rc;

	s->method = DSP_METHOD_EXPLICIT;
	ws->n = p->family == DSP_FAM_FILE ? p->n_logits : (size_t)p->n;
	if (p->family == DSP_FAM_FILE && p->logits != NULL)
		ws->x = p->logits;
	else {
		if ((rc = dsp_family_alloc(p, &ws->own)) != DSP_OK)
			return rc;
		ws->x = ws->own;
	}
	return summarise_stream(p, ws, s);
}

size_t
dsp_wstream_len(const dsp_wstream *ws)
{
	return ws->x != NULL ? ws->runs : ws->w != NULL ? ws->w->len : 0;
}

int
dsp_wstream_each(const dsp_wstream *ws, dsp_wrun_fn fn, void *ctx)
{
	size_t i, j;
	int rc = DSP_OK;

	if (ws->x == NULL) {
		for (i = 0; rc == DSP_OK && ws->w != NULL && i < ws->w->len; i++)
			rc = fn(ctx, ws->w->value[i], ws->w->count[i]);
		return rc;
	}
	for (i = 0; rc == DSP_OK && i < ws->n; i = j) {
		j = run_end(ws->x, ws->n, i);
		rc = fn(ctx, dsp_wstream_weight(ws, ws->x[i]), (uint64_t)(j - i));
	}
	return rc;
}

void
dsp_wstream_free(dsp_wstream *ws)
{
	free(ws->own);
	dsp_runs_free(ws->w);
	memset(ws, 0, sizeof *ws);
}
