/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dsp_eval's runs for sparsemax and entmax on a power series whose support
 * is among its first terms: the head's terms and the rest as runs of
 * weight 0 (eval_int.h). */
#include <math.h>
#include <stdint.h>

#include "core/error.h"
#include "core/job.h"
#include "core/math/alt.h"
#include "core/math/eval_int.h"
#include "core/schema/family.h"

/* Sparsemax and entmax on a power series falling from its first term
 * (0 < lambda < 1, delta / theta > 0): only the support has weight, and the
 * support is the first terms -- often a few thousand of 2^40 (sparsemax's
 * is about sqrt(2 theta / (delta |log lambda|)) wide), where the runs form
 * built every distinct term (2^24 near lambda = 1: seconds, a GiB).  So:
 * the first K terms, term K, and one run standing for the other n - K - 1
 * at the smallest term's value (as the runs form has it); solve.  If term K
 * and that run get weight 0, every term the run stands for lies below the
 * edge too: the threshold solves the whole row, and every figure is the
 * runs form's.  K grows 4x from 2^12 to 2^22; a wider support takes the
 * runs form (DSP_ENOTSUP, no message). */
#define SUPPORT_K0	((uint64_t)1 << 12)
#define SUPPORT_KMAX	((uint64_t)1 << 22)
/* Up to this many distinct terms the runs form is as fast. */
#define SUPPORT_TERMS_MIN	((double)SUPPORT_K0 * 16)

/* The smallest term as the runs form has it, so that the figures from the
 * smallest logit (the spread, the Lemma 2.1 band) are the same bits on the
 * screen, which keeps the weights and so the runs form, and in report: up
 * to 2^27 items the runs form's own products (0 once a term falls below
 * its cut: the tail), at most 2^27 multiplications; past it, where the
 * runs form cannot go, 0 past the cut, else from exp. */
static _Thread_local struct {
	dsp_power_iter	 it;
	double		 t, delta;
	uint64_t	 k;
} chain;

static int
smallest_term(const dsp_params *p, double tol, double terms, double *last)
{
	dsp_power_iter it;
	double t = p->delta;
	int rc;

	if (p->n > DSP_EXPLICIT_MAX) {
		*last = terms < (double)p->n ? 0 :
		    p->delta * exp(((double)p->n - 1) * log(p->lambda));
		return DSP_OK;
	}
	/* A curve asks for growing n with the same series: go on from the
	 * last term this thread reached instead of from the first. */
	if (chain.k > 0 && chain.k <= p->n && chain.delta == p->delta &&
	    chain.it.lambda == p->lambda && chain.it.tol == tol) {
		it = chain.it;
		t = chain.t;
	} else
		dsp_power_begin(&it, p, tol);
	it.n = p->n;
	while (dsp_power_next(&it, &t))
		if ((it.k & 0xfffff) == 0 && (rc = dsp_job_poll()) != DSP_OK)
			return rc;
	*last = it.k < p->n ? 0 : t;
	chain.it = it;
	chain.t = t;
	chain.k = it.k;
	chain.delta = p->delta;
	return DSP_OK;
}

/* Whether the solve over the head e (its last two entries the part that
 * must weigh 0 for the head to close the support) would surely fail, so
 * that it need not run: at K = 2^20 and 2^22 a solve is seconds (each
 * Brent step a pass of pow over the head), and a support wider than 2^22
 * used to take 4-6 s and 236 MB to be refused.  With z = (alpha - 1) x,
 * q = 1 / (alpha - 1) and F(s) = sum [z_i - s]_+^q, the threshold tau
 * solves F(tau) = 1; z* = the larger of the last two.  F(z*) < 1 puts
 * tau below z*, and, F being decreasing with |F'| <= q n^(1/q) on
 * [tau, z*] for q >= 1 (Hoelder: sum a^(q-1) <= N^(1/q) when sum a^q = 1),
 *   z* - tau >= (1 - F(z*)) / (q n^(1/q)),
 * a weight (z* - tau)^q the solve cannot round to 0 when that gap is far
 * above the rounding of the z and its power far above the underflow:
 * then the solve would find weight at z* and try a wider head.  Anything
 * less certain (alpha > 2, where the bound fails; F(z*) near 1; a gap
 * near the rounding) runs the solve, so the figures are always the
 * solve's. */
static int
support_open(const dsp_params *p, const dsp_runs *e)
{
	double a = p->attn == DSP_ATTN_SPARSEMAX ? 2 : p->alpha, q, zs, z, f = 0, big;
	double lgap;
	size_t j, m = e->len;

	if (m < 3 || !(a > 1 && a <= 2))
		return 0;
	q = 1 / (a - 1);
	zs = fmax((a - 1) * (e->value[m - 2] / p->theta),
	    (a - 1) * (e->value[m - 1] / p->theta));
	big = 1 + fabs(zs);
	for (j = 0; j + 2 < m; j++) {
		/* Cancelled: the solve that follows polls and stops. */
		if ((j & DSP_JOB_POLL_MASK) == DSP_JOB_POLL_MASK && dsp_job_cancelled())
			return 0;
		z = (a - 1) * (e->value[j] / p->theta);
		big = fmax(big, 1 + fabs(z));
		if (z > zs)
			f += (double)e->count[j] * pow(z - zs, q);
		if (!(f < 1 - 1e-6))
			return 0;
	}
	lgap = log(1 - f - 1e-9) - log(q) - log((double)p->n) / q;
	return lgap > log(1e-6 * big) && q * lgap > log(0x1p-960);
}

/* The weights w over the head e, unless support_open shows they would not
 * close the support; *closed when its last two entries weigh 0: every
 * term they stand for lies past the edge, and w is the row's. */
static int
solve_head(const dsp_params *p, const dsp_runs *e, dsp_runs *w, int *closed)
{
	int rc;

	*closed = 0;
	if (support_open(p, e))
		return DSP_OK;
	if ((rc = dsp_alt_weights_runs(p->attn, e, p->theta, p->alpha, w)) != DSP_OK)
		return rc;
	*closed = w->len >= 2 && w->value[w->len - 2] == 0 && w->value[w->len - 1] == 0;
	return DSP_OK;
}

/* The alternating series, -1 < lambda < 0: |e| falls along each parity, so
 * every term past the first K lies between the next two (the tail's largest
 * of each sign, dsp_family_power_tail), and the largest x = e / theta, the
 * support, are among the first terms whatever the signs of delta and
 * theta.  The head of K terms in position order, the tail as one run at
 * its largest x and one item at its smallest (dsp_family_power_head, the
 * logit range exact); when that run weighs 0, every tail term does, and the
 * threshold solves the whole row.  From 2^16 distinct terms, as on the
 * falling series: the runs form sorts every term and solves over them all
 * (1.5-entmax at lambda = -0.9999999, n = 2^22: 1.33 s and 236 MB, the head
 * 0.06 s and 10 MB, the same figures).  K grows 4x from 2^12 to 2^22. */
static int
support_alternating(const dsp_params *p, dsp_runs *e, dsp_runs *w)
{
	uint64_t K;
	int rc, closed;

	if (!(dsp_power_terms(p, dsp_power_tol(p)) > SUPPORT_TERMS_MIN))
		return DSP_ENOTSUP;
	for (K = SUPPORT_K0; K <= SUPPORT_KMAX && K + 2 < p->n; K *= 4) {
		if ((rc = dsp_family_power_head(p, K, e)) != DSP_OK)
			return rc;
		if ((rc = solve_head(p, e, w, &closed)) != DSP_OK || closed)
			return rc;
	}
	return DSP_ENOTSUP;
}

int
dsp_eval_support_runs(const dsp_params *p, int ordered, dsp_runs *e, dsp_runs *w)
{
	double tol = dsp_power_tol(p), terms, t, last;
	dsp_power_iter it;
	uint64_t K, k;
	int rc, closed;

	if (!dsp_attn_has(p->attn, DSP_ATTN_F_SUPPORT) ||
	    p->family != DSP_FAM_POWER || p->precision != DSP_PREC_DOUBLE ||
	    p->theta == 0 || p->delta == 0)
		return DSP_ENOTSUP;
	if (p->lambda < 0 && p->lambda > -1)
		return support_alternating(p, e, w);
	if (ordered || !(p->lambda > 0 && p->lambda < 1) || (p->delta > 0) != (p->theta > 0))
		return DSP_ENOTSUP;
	/* As the runs form counts its terms: few enough, it is as fast. */
	terms = dsp_power_terms(p, tol);
	if (!(terms > SUPPORT_TERMS_MIN))
		return DSP_ENOTSUP;
	if ((rc = smallest_term(p, tol, terms, &last)) != DSP_OK)
		return rc;
	for (K = SUPPORT_K0; K <= SUPPORT_KMAX && K + 1 < p->n; K *= 4) {
		dsp_runs_clear(e);
		dsp_power_begin(&it, p, 0);
		for (k = 0; k <= K && dsp_power_next(&it, &t); k++) {
			if ((k & DSP_JOB_POLL_MASK) == DSP_JOB_POLL_MASK && (rc = dsp_job_poll()) != DSP_OK)
				return rc;
			if ((rc = dsp_runs_push(e, t, 1)) != DSP_OK)
				return rc;
		}
		if ((rc = dsp_runs_push(e, last, p->n - K - 1)) != DSP_OK)
			return rc;
		if ((rc = solve_head(p, e, w, &closed)) != DSP_OK || closed)
			return rc;
	}
	return DSP_ENOTSUP;
}
