/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Linear attention (elu + 1 feature map) over run-length logits. */
#include <math.h>
#include <stdlib.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/math/alt.h"

/* Linear attention with the positive feature map phi = elu + 1
 * (Katharopoulos et al. 2020), on the logits as disperse has them:
 * a_i = phi(x_i) / sum_j phi(x_j), phi(x) = x + 1 for x > 0, e^x
 * otherwise; in logs (log1p(x) or x) so neither huge nor tiny logits
 * overflow.  theta -> 0+: with a positive maximum phi(x/theta) ~ x/theta,
 * so the weights tend to the positive parts of the logits, normalised;
 * otherwise to the argmax. */
static int
linear_runs(const dsp_runs *e, double theta, dsp_runs *w)
{
	double *l, lo, hi, t = 0, x;
	size_t i;

	if (theta == 0) {
		dsp_runs_minmax(e, &lo, &hi);
		if (!(hi > 0)) {
			dsp_alt_argmax_runs(e, w, 1);
			return DSP_OK;
		}
		for (i = 0; i < e->len; i++)
			t += (double)e->count[i] * fmax(e->value[i], 0) / hi;
		for (i = 0; i < e->len; i++)
			w->value[i] = fmax(e->value[i], 0) / hi / t;
		return DSP_OK;
	}
	if ((l = dsp_malloc(e->len * sizeof *l)) == NULL)
		return dsp_fail_nomem(NULL, 0);
	for (i = 0; i < e->len; i++) {
		x = e->value[i] / theta;
		l[i] = x > 0 ? log1p(x) : x;
	}
	dsp_alt_normalise_logs(e, l, w);
	free(l);
	return DSP_OK;
}

int
dsp_attn_linear_weights(const dsp_runs *e, double theta, double alpha,
    dsp_runs *w, double *edge)
{
	(void)alpha;
	(void)edge;
	return linear_runs(e, theta, w);
}
