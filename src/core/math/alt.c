/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Attention functions other than softmax, over run-length logits so that
 * spike and power-series inputs work at any n up to 2^60: the dispatch to
 * each function's row (core/schema/attn.h) and the helpers their files
 * (attn_<name>.c) share.
 *
 * Every function sees x = e/theta.  theta == 0 is read as the limit
 * theta -> 0+ (x = +inf, 0 or -inf by the sign of e) where that limit
 * exists; theta < 0 simply flips the order (small logits win), as for
 * softmax in paper Figure 5.  Sources and formulas: doc/theory.md. */
#include <math.h>

#include "core/error.h"
#include "core/math/alt.h"
#include "core/schema/attn.h"

/* x = e / theta, with theta == 0 as the limit theta -> 0+. */
double
dsp_alt_scaled(double e, double theta)
{
	if (theta != 0)
		return e / theta;
	return e > 0 ? INFINITY : e < 0 ? -INFINITY : 0;
}

/* theta -> 0+ limit of softmax-type rows: ties at the maximum share. */
void
dsp_alt_argmax_runs(const dsp_runs *e, dsp_runs *w, double share)
{
	double lo, hi, ties = 0;
	size_t i;

	dsp_runs_minmax(e, &lo, &hi);
	for (i = 0; i < e->len; i++)
		if (e->value[i] == hi)
			ties += (double)e->count[i];
	for (i = 0; i < e->len; i++)
		w->value[i] = e->value[i] == hi ? share / ties : 0;
}

/* Softmax over runs of the logs l_i (counts c_i): w_i = e^{l_i} / sum c e^l. */
void
dsp_alt_normalise_logs(const dsp_runs *e, const double *l, dsp_runs *w)
{
	double M = -INFINITY, S = 0;
	size_t i;

	for (i = 0; i < e->len; i++)
		M = fmax(M, l[i]);
	for (i = 0; i < e->len; i++)
		S += (double)e->count[i] * exp(l[i] - M);
	for (i = 0; i < e->len; i++)
		w->value[i] = exp(l[i] - M - log(S));
}

int
dsp_alt_weights_runs_edge(enum dsp_attn a, const dsp_runs *e, double theta,
    double alpha, dsp_runs *w, double *edge)
{
	const dsp_attn_row *row;
	double unused;
	int rc;

	if (edge == NULL)
		edge = &unused;
	*edge = NAN;
	if (dsp_runs_total(e) == 0)
		return dsp_fail(DSP_EEMPTY, "attention over no logits");
	if (!isfinite(theta))
		return dsp_fail(DSP_EINVAL, "temperature must be finite");
	if ((row = dsp_attn_row_of(a)) == NULL)
		return dsp_fail(DSP_EINVAL, "unknown attention function %d", (int)a);
	if (!(row->flags & DSP_ATTN_F_RESHAPES) && (rc = dsp_runs_copy(w, e)) != DSP_OK)
		return rc;
	if (row->weights != NULL)
		return row->weights(e, theta, alpha, w, edge);
	return dsp_fail(DSP_ENOTSUP, "%s is a softmax; dsp_eval computes it",
	    dsp_attn_name(a));
}

int
dsp_alt_weights_runs(enum dsp_attn a, const dsp_runs *e, double theta,
    double alpha, dsp_runs *w)
{
	return dsp_alt_weights_runs_edge(a, e, theta, alpha, w, NULL);
}

