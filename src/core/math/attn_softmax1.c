/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Softmax_1 ("quiet" softmax) over run-length logits. */
#include <math.h>

#include "core/error.h"
#include "core/math/alt.h"
#include "core/math/bounds.h"
#include "core/math/softmax.h"

/* Softmax_1: e^{x_i} / (1 + sum e^{x_j}).  With M = max x and
 * S = sum e^{x_j - M} >= 1 the denominator is e^{softplus(M + log S)}, so
 * the "1" (which is e^{-M} after the shift) never overflows. */
static int
softmax1_runs(const dsp_runs *e, double theta, dsp_runs *w)
{
	double M = -INFINITY, S = 0, x, ld, lo, hi;
	uint64_t ties = 0;
	size_t i;

	if (theta == 0) {
		dsp_runs_minmax(e, &lo, &hi);
		if (hi < 0) {
			for (i = 0; i < e->len; i++)
				w->value[i] = 0;
			return DSP_OK;
		}
		if (hi > 0) {
			dsp_alt_argmax_runs(e, w, 1);
			return DSP_OK;
		}
		/* max e = 0: x = 0 for the ties, -inf for the rest. */
		for (i = 0; i < e->len; i++)
			if (e->value[i] == 0)
				ties += e->count[i];
		for (i = 0; i < e->len; i++)
			w->value[i] = e->value[i] == 0 ? 1 / (1 + (double)ties) : 0;
		return DSP_OK;
	}
	for (i = 0; i < e->len; i++)
		if ((x = e->value[i] / theta) > M)
			M = x;
	for (i = 0; i < e->len; i++)
		S += (double)e->count[i] * exp(e->value[i] / theta - M);
	/* log denominator - M = softplus(M + log S) - M = log S + softplus(-M - log S),
	 * which keeps exp's argument small when M is large. */
	ld = log(S) + dsp_softplus(-M - log(S));
	for (i = 0; i < e->len; i++)
		w->value[i] = exp((e->value[i] / theta - M) - ld);
	return DSP_OK;
}

int
dsp_attn_softmax1_weights(const dsp_runs *e, double theta, double alpha,
    dsp_runs *w, double *edge)
{
	(void)alpha;
	(void)edge;
	return softmax1_runs(e, theta, w);
}
