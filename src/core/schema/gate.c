/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The one check every summary passes before anyone sees it (gate.h). */
#include <math.h>

#include "core/error.h"
#include "core/schema/attn.h"
#include "core/math/eval.h"
#include "core/schema/figures.h"
#include "core/schema/gate.h"

/* What the attention function's row sums to: its row says. */
#define SUM_ONE		DSP_ATTN_SUM_ONE
#define SUM_AT_MOST_N	DSP_ATTN_SUM_AT_MOST_N

static enum dsp_attn_sum
row_sum(enum dsp_attn a)
{
	const dsp_attn_row *r = dsp_attn_row_of(a);

	return r != NULL ? r->sum : DSP_ATTN_SUM_ONE;
}

static int
refuse(const dsp_summary *s, const char *why)
{
	return dsp_fail(DSP_EUNRELIABLE,
	    "this view cannot be computed reliably: %s (%s route, n = %.17g)",
	    why, dsp_method_name(s->method), s->n);
}

int
dsp_gate(const dsp_params *p, const dsp_summary *s)
{
	double n = s->n, logn = n > 1 ? log(n) : 0, hi_sum, up = 1 + DSP_GATE_TOL;
	enum dsp_attn_sum kind = row_sum(p->attn);
	int exact = p->precision == DSP_PREC_DOUBLE;

	if (!(n >= 1))
		return refuse(s, "the number of items is below 1");
	if (isnan(s->max_weight) || isnan(s->min_weight) || isnan(s->total) ||
	    isnan(s->entropy) || isnan(s->topk_mass))
		return refuse(s, "a figure is not a number (NaN)");
	if (!(s->min_weight >= 0) || !(s->max_weight <= up))
		return refuse(s, "a weight lies outside [0, 1]");
	if (!(s->min_weight <= s->max_weight))
		return refuse(s, "the smallest weight exceeds the largest");
	/* An emulated format rounds every weight on its own (a weight under
	 * the smallest subnormal may round up to it), so its row can sum to
	 * more than 1 (or to 0 when every weight underflows): only [0, n]. */
	hi_sum = kind == SUM_AT_MOST_N || !exact ? n : 1;
	if (!(s->total >= 0) || !(s->total <= hi_sum * (1 + DSP_GATE_SUM_TOL)))
		return refuse(s, hi_sum == n ?
		    "the weights sum outside [0, n]" : "the weights sum outside [0, 1]");
	if (kind == SUM_ONE && exact && !(fabs(s->total - 1) <= DSP_GATE_SUM_TOL))
		return refuse(s, "the weights do not sum to 1");
	if (!(s->max_weight <= s->total * up + 1e-300 || s->total == 0))
		return refuse(s, "the largest weight exceeds the sum of the weights");
	if (!(s->entropy >= -DSP_GATE_TOL) || !(s->entropy <= logn * up + DSP_GATE_TOL))
		return refuse(s, "the entropy lies outside [0, log n]");
	if (!(s->topk_mass >= s->max_weight / up - 1e-300) ||
	    !(s->topk_mass <= s->total * up + 1e-300))
		return refuse(s, "the top-k mass lies outside [max weight, sum of weights]");
	/* -sum p log p = H >= -sum p log(p + 1e-9) >= -log(1 + 1e-9) for a
	 * row summing to 1. */
	if (kind == SUM_ONE && exact && !isnan(s->entropy_paper) &&
	    (!(s->entropy_paper >= -2 * DSP_GATE_TOL) ||
	    !(s->entropy_paper <= s->entropy * up + DSP_GATE_TOL)))
		return refuse(s, "the paper's entropy lies outside [0, H]");
	/* Lemma 2.1 is a theorem about the actual logits: a softmax row
	 * outside its tight band was not computed from them (on the edge the
	 * weight and the edge are two roundings of one number: not a failure
	 * within DSP_GATE_TOL, though the verdict may say "violated" past
	 * DSP_BAND_TOL). */
	if (exact && !isnan(s->bound_margin) && s->bound_margin < -DSP_GATE_TOL &&
	    !dsp_row_underflow(s))
		return refuse(s, "the weights leave the Lemma 2.1 band of their own logits");
	if (!isnan(s->log_critical_n) && !(s->log_critical_n >= -DSP_GATE_TOL))
		return refuse(s, "the critical n is below 1");
	return DSP_OK;
}
