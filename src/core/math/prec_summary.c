/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dsp_prec_resummarise: a view's weights and figures recomputed in an
 * emulated number format (moved whole from precision.c, whose kernels it
 * calls through precision.h). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/math/alt.h"
#include "core/math/bounds.h"
#include "core/error.h"
#include "core/schema/family.h"
#include "core/math/precision.h"
#include "core/math/softmax.h"

/* The logits of p as runs: exact runs where the family has them,
 * otherwise item by item (n <= 2^27). */
static int
logits_runs(const dsp_params *p, dsp_runs *e)
{
	double *x;
	int rc;

	if ((rc = dsp_family_runs(p, e)) != DSP_ENOTSUP)
		return rc;
	dsp_clear_error();
	if ((rc = dsp_family_alloc(p, &x)) != DSP_OK)
		return rc;
	rc = dsp_runs_from_array(e, x, p->family == DSP_FAM_FILE ? p->n_logits :
	    (size_t)p->n);
	free(x);
	return rc;
}

static int
alt_prec(const dsp_params *p, const dsp_runs *e, dsp_runs *w)
{
	dsp_runs *r;
	size_t i;
	int rc;

	if ((r = dsp_runs_alloc(e->len)) == NULL)
		return dsp_fail_nomem(NULL, 0);
	rc = DSP_OK;
	for (i = 0; i < e->len; i++) {
		double v = dsp_round_to(p->precision, e->value[i]);

		/* Named here: the function would see an infinite logit. */
		if (!isfinite(v) && isfinite(e->value[i])) {
			rc = dsp_fail(DSP_ERANGE, "%s: logit %g is past the largest %s (rounds to %g)",
			    dsp_attn_name(p->attn), e->value[i], dsp_precision_name(p->precision), v);
			break;
		}
		if ((rc = dsp_runs_push(r, v, e->count[i])) != DSP_OK)
			break;
	}
	if (rc == DSP_OK)
		rc = dsp_alt_weights_runs(p->attn, r, p->theta, p->alpha, w);
	dsp_runs_free(r);
	for (i = 0; rc == DSP_OK && i < w->len; i++)
		w->value[i] = dsp_round_to(p->precision, w->value[i]);
	return rc;
}

static int
summarise(const dsp_params *p, const dsp_runs *w, dsp_summary *s)
{
	double t = 0, h, pe = 0, z = 0;
	size_t i;
	int rc;

	for (i = 0; i < w->len; i++)
		t += (double)w->count[i] * w->value[i];
	for (i = 0; i < w->len; i++) {
		if (w->value[i] == 0)
			z += (double)w->count[i];
		pe -= (double)w->count[i] * w->value[i] *
		    log(w->value[i] + DSP_PAPER_ENTROPY_EPS);
	}
	s->total = t;
	s->entropy = h = dsp_row_entropy_runs(w);
	s->entropy_bits = h / M_LN2;
	s->entropy_norm = s->n > 1 ? h / log(s->n) : 0;
	s->entropy_paper = pe;
	s->zero_weights = z;
	dsp_runs_minmax(w, &s->min_weight, &s->max_weight);
	/* Its own failure as it is: a heap refused by the budget is not out
	 * of memory (that one failed a whole snapshot). */
	if ((rc = dsp_topk_mass_runs(w, p->topk ? p->topk : 1, &s->topk_mass)) != DSP_OK)
		return rc;
	if (isnan(s->lo_tight))
		return DSP_OK;
	s->bound_margin = dsp_band_margin(s->min_weight, s->max_weight, s->lo_tight,
	    s->hi_tight);
	s->bound_holds = s->bound_margin >= -DSP_BAND_TOL;
	return DSP_OK;
}

int
dsp_prec_resummarise(const dsp_params *p, enum dsp_prec_model m, dsp_runs *w,
    dsp_summary *s)
{
	dsp_runs *e, *tmp = NULL;
	int rc;

	if (p->precision == DSP_PREC_DOUBLE)
		return DSP_OK;
	/* The expected limit has no items to round; rebuilding up to 2^27 of
	 * them here took minutes and gigabytes per curve point. */
	if (s->method == DSP_METHOD_EXPECTED || s->method == DSP_METHOD_TYPICAL)
		return dsp_fail(DSP_ETOOBIG, "%s rounds item by item: n = %llu exceeds the "
		    "explicit limit %llu (%s has only its double large-n route there)",
		    dsp_precision_name(p->precision), (unsigned long long)p->n,
		    (unsigned long long)dsp_family_explicit_limit(p),
		    dsp_family_name(p->family));
	if ((e = dsp_runs_alloc(64)) == NULL ||
	    (w == NULL && (tmp = dsp_runs_alloc(64)) == NULL)) {
		dsp_runs_free(e);
		return dsp_fail_nomem(NULL, 0);
	}
	if (w == NULL)
		w = tmp;
	if ((rc = logits_runs(p, e)) != DSP_OK) {
		char why[256];

		/* Copy first: the detail buffer is about to be rewritten. */
		snprintf(why, sizeof why, "%s", dsp_last_error());
		rc = dsp_fail(rc, "%s emulation needs the logits: %s",
		    dsp_precision_name(p->precision), why);
	} else if (dsp_attn_is_softmax(p->attn))
		rc = dsp_prec_softmax_runs(p->precision, m, e, s->theta_eff, w);
	else
		rc = alt_prec(p, e, w);
	if (rc == DSP_OK)
		rc = summarise(p, w, s);
	dsp_runs_free(e);
	dsp_runs_free(tmp);
	return rc;
}
