/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Stick-breaking attention (arXiv 2410.17980) over run-length logits. */
#include <math.h>

#include "core/error.h"
#include "core/math/alt.h"
#include "core/math/bounds.h"
#include "core/math/softmax.h"
#include "core/schema/family.h"
#include "core/job.h"

/* Stick-breaking: items of one run emitted one by one before the rest of
 * the run is summarised in chunks (see stick_run). */
#define STICK_EMIT_MAX	((uint64_t)1 << 14)
#define STICK_CHUNKS	1024

static int
push_log(dsp_runs *w, double logv, uint64_t count)
{
	return dsp_runs_push(w, exp(logv), count);
}

/* One run of c items with equal beta = sigma(x) after a stick of log
 * length L: item j gets exp(L + log beta + j log(1 - beta)), with
 * log beta = -softplus(-x) and log(1 - beta) = -softplus(x), which keeps
 * full accuracy where beta or 1 - beta is tiny.  Items are emitted one by
 * one until they underflow to 0; a run that is still nonzero after
 * STICK_EMIT_MAX items is split into at most STICK_CHUNKS chunks carrying
 * the exact mean of their items (mass exact, per-item values averaged),
 * plus its exact last item.  Spike and power inputs never reach the chunks:
 * their long run is the tail at x = 0, beta = 1/2. */
static int
stick_run(dsp_runs *w, double x, uint64_t c, double L)
{
	double lb = -dsp_softplus(-x), l1 = -dsp_softplus(x), lv, k;
	uint64_t j, left, chunk;
	int rc;

	for (j = 0; j < c && j < STICK_EMIT_MAX; j++) {
		lv = L + lb + (j > 0 ? (double)j * l1 : 0);
		if (exp(lv) == 0)
			return dsp_runs_push(w, 0.0, c - j);
		if ((rc = push_log(w, lv, 1)) != DSP_OK)
			return rc;
	}
	if (j == c)
		return DSP_OK;
	left = c - j - 1;	/* the last item is emitted exactly */
	chunk = left / STICK_CHUNKS + (left % STICK_CHUNKS != 0);
	while (left > 0) {
		if (chunk > left)
			chunk = left;
		k = (double)chunk;
		lv = L + lb + (double)j * l1;
		/* mean of a_j .. a_{j+k-1} = a_j (1 - r^k) / (k (1 - r)). */
		lv += log(-expm1(k * l1)) - log(k) - log(-expm1(l1));
		if ((rc = push_log(w, lv, chunk)) != DSP_OK)
			return rc;
		j += chunk;
		left -= chunk;
	}
	return push_log(w, L + lb + (double)(c - 1) * l1, 1);
}

/* Stick-breaking (arXiv 2410.17980): a_i = beta_i prod_{k<i} (1 - beta_k). */
static int
stickbreak_runs(const dsp_runs *e, double theta, dsp_runs *w)
{
	double L = 0, x, l1;
	size_t i;
	int rc;

	dsp_runs_clear(w);
	for (i = 0; i < e->len; i++) {
		x = dsp_alt_scaled(e->value[i], theta);
		if ((rc = stick_run(w, x, e->count[i], L)) != DSP_OK)
			return rc;
		l1 = -dsp_softplus(x);
		if (l1 != 0)
			L += (double)e->count[i] * l1;
	}
	return DSP_OK;
}

/* Item i weighs beta(x_i) times the stick the items before it left, so
 * past the head: at most beta(xfar) times the stick the head left (the
 * weights are not normalised: that is the log weight itself). */
double
dsp_attn_stickbreak_tail(const dsp_params *p, uint64_t head, double xfar)
{
	dsp_power_iter it;
	double t, left = 0;

	dsp_power_begin(&it, p, 0);
	while (it.k < head && dsp_power_next(&it, &t)) {
		if ((it.k & DSP_JOB_POLL_MASK) == 0 && dsp_job_cancelled())
			return HUGE_VAL;
		left -= dsp_softplus(dsp_alt_scaled(t, p->theta));
	}
	return left - dsp_softplus(-xfar);
}

int
dsp_attn_stickbreak_weights(const dsp_runs *e, double theta, double alpha,
    dsp_runs *w, double *edge)
{
	(void)alpha;
	(void)edge;
	return stickbreak_runs(e, theta, w);
}
