/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Selective attention (a simplified reconstruction) over run-length logits. */
#include <math.h>
#include <stdlib.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/math/alt.h"
#include "core/math/softmax.h"
#include "core/schema/family.h"
#include "core/job.h"

/* Binary search: the index of v in the sorted distinct values z[0..k). */
static size_t
rank_of(const double *z, size_t k, double v)
{
	size_t lo = 0, up = k - 1, mid;

	while (lo < up) {
		mid = (lo + up) / 2;
		if (z[mid] < v)
			lo = mid + 1;
		else
			up = mid;
	}
	return lo;
}

/* Selective attention (Leviathan et al. 2024), a simplified reconstruction
 * on scalar logits: the paper subtracts from the logits the masking scores
 * that earlier tokens accumulated for each key (a ReLU of another head's
 * scores).  Here item j (position order, item 0 nearest the query, so the
 * nearer items are the later tokens) is masked by every nearer item k by
 * relu(x_k - x_j): a later item that scores higher makes it obsolete.
 * Weights: softmax of x_j - F_j, F_j = sum_{k < j} relu(x_k - x_j).  Items
 * of one run share F (equal logits mask each other by 0).  F comes from
 * two Fenwick trees over the ranks of the distinct logits (count and
 * count * x of the items seen so far above each rank): O(R log R) for R
 * runs.  theta -> 0+: the maxima are never masked, so the argmax. */
static int
selective_runs(const dsp_runs *e, double theta, dsp_runs *w)
{
	/* long double sums: F is a difference of sums over up to 2^27 items. */
	long double *fc = NULL, *fx = NULL, c, cx, tc = 0, tx = 0;
	double *z = NULL, *l = NULL, x;
	size_t i, j, k = 0, r;
	int rc = DSP_OK;

	if (theta == 0) {
		dsp_alt_argmax_runs(e, w, 1);
		return DSP_OK;
	}
	z = dsp_malloc(e->len * sizeof *z);
	fc = dsp_calloc(e->len + 1, sizeof *fc);
	fx = dsp_calloc(e->len + 1, sizeof *fx);
	l = dsp_malloc(e->len * sizeof *l);
	if (z == NULL || fc == NULL || fx == NULL || l == NULL) {
		rc = dsp_fail_nomem(NULL, 0);
		goto out;
	}
	for (i = 0; i < e->len; i++)
		z[i] = e->value[i] / theta;
	if ((rc = dsp_qsort(z, e->len, sizeof *z, dsp_cmp_double, "the scaled logits")) != DSP_OK)
		goto out;
	for (i = 0; i < e->len; i++)
		if (k == 0 || z[i] != z[k - 1])
			z[k++] = z[i];
	for (i = 0; i < e->len; i++) {
		x = e->value[i] / theta;
		r = rank_of(z, k, x);
		/* Items seen at ranks <= r (Fenwick prefix sums, 1-based). */
		for (c = cx = 0, j = r + 1; j > 0; j -= j & -j) {
			c += fc[j];
			cx += fx[j];
		}
		/* Nearer items above x: count tc - c, sum of their x tx - cx. */
		l[i] = x - fmax((double)((tx - cx) - x * (tc - c)), 0);
		for (j = r + 1; j <= k; j += j & -j) {
			fc[j] += (long double)e->count[i];
			fx[j] += (long double)e->count[i] * x;
		}
		tc += (long double)e->count[i];
		tx += (long double)e->count[i] * x;
	}
	dsp_alt_normalise_logs(e, l, w);
out:
	free(z);
	free(fc);
	free(fx);
	free(l);
	return rc;
}

/* Past the head an item's log weight before normalising is x - F with F
 * at least the head's masks, sum_{k<J} relu(x_k - x): at most xfar minus
 * those at xfar, as x - sum relu(x_k - x) rises with x.  Item 0 is never
 * masked, so the row's largest is at least x_0.  theta = 0 (argmax): no
 * bound here. */
double
dsp_attn_selective_tail(const dsp_params *p, uint64_t head, double xfar)
{
	dsp_power_iter it;
	double t, masks = 0;

	if (p->theta == 0)
		return HUGE_VAL;
	dsp_power_begin(&it, p, 0);
	while (it.k < head && dsp_power_next(&it, &t)) {
		if ((it.k & DSP_JOB_POLL_MASK) == 0 && dsp_job_cancelled())
			return HUGE_VAL;
		masks += fmax(t / p->theta - xfar, 0);
	}
	return xfar - masks - p->delta / p->theta;
}

int
dsp_attn_selective_weights(const dsp_runs *e, double theta, double alpha,
    dsp_runs *w, double *edge)
{
	(void)alpha;
	(void)edge;
	return selective_runs(e, theta, w);
}
