/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The figure table and the verdict policies every surface shares. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/math/dtoa.h"
#include "core/error.h"
#include "core/schema/attn.h"
#include "core/schema/figures.h"

#define S(field) offsetof(dsp_summary, field)
#define NOFF ((size_t)-1)
#define AT(figs, sweep, curve, brief, heads) { figs, sweep, curve, brief, heads }

/* Report's notes on this evaluation's values, by row. */
static void
extra_beta(const dsp_figctx *c, char *buf, size_t size)
{
	snprintf(buf, size, "%s", c->p->adaptive ? "" : "adaptive off");
}

static void
extra_underflow(const dsp_figctx *c, char *buf, size_t size)
{
	snprintf(buf, size, "%s", dsp_row_underflow(c->s) ?
	    dsp_band_text(DSP_BAND_UNDERFLOW) : "");
}

static void
extra_topk(const dsp_figctx *c, char *buf, size_t size)
{
	snprintf(buf, size, "k = %llu", (unsigned long long)c->p->topk);
}

static void
extra_bound(const dsp_figctx *c, char *buf, size_t size)
{
	if (dsp_band_verdict(c->s) == DSP_BAND_NA)
		snprintf(buf, size, "not a softmax: Lemma 2.1 does not apply; %s",
		    dsp_attn_theorem_note(c->p->attn));
	else
		buf[0] = '\0';
}

static void
extra_margin(const dsp_figctx *c, char *buf, size_t size)
{
	snprintf(buf, size, "|margin| <= %.2g (rounding allowance): on the bound",
	    dsp_band_tol(c->s->n, c->s->spread, c->s->theta_eff));
}

/* Each row: name, unit, source, description (and at theta = 0), summary
 * offset; how the value is read (enum dsp_figkind) and its argument; its
 * position on each surface (AT(report and snapshot, sweep, curve CSV,
 * text curve table, heads), 0: not there); report's note on the value.
 * Sources: doc/theory.md and the project's paper notes.  The paper states Lemma 2.1
 * as Theta(1/n) with the proof's loose band e^{-+delta/theta}/n; the tight
 * band, the critical n (Theorem 2.2 gives no explicit size) and the entropy
 * floor are derivations. */
static const dsp_figure figures[] = {
	{ "method", "", DSP_SRC_INPUT, "evaluation route", NULL, NOFF,
	  DSP_FIGK_METHOD, 0, AT(1, 12, 16, 0, 0), NULL },
	{ "n", "items", DSP_SRC_INPUT, "items", NULL, S(n),
	  DSP_FIGK_NUM, 0, AT(2, 0, 1, 1, 0), NULL },
	{ "log_n", "nats", DSP_SRC_INPUT, "natural log of n", NULL, NOFF,
	  DSP_FIGK_CMD, 0, AT(0, 0, 0, 0, 0), NULL },
	{ "logit_min", "", DSP_SRC_MEASURED, "smallest logit", NULL, S(logit_min),
	  DSP_FIGK_NUM, 0, AT(3, 0, 0, 0, 0), NULL },
	{ "logit_max", "", DSP_SRC_MEASURED, "largest logit", NULL, S(logit_max),
	  DSP_FIGK_NUM, 0, AT(4, 0, 0, 0, 0), NULL },
	{ "spread", "", DSP_SRC_MEASURED,
	  "spread logit_max - logit_min (the delta of Lemma 2.1)", NULL, S(spread),
	  DSP_FIGK_NUM, 0, AT(5, 0, 0, 0, 1), NULL },
	{ "theta_eff", "", DSP_SRC_DERIVED,
	  "temperature after adaptive / n scaling", NULL, S(theta_eff),
	  DSP_FIGK_NUM, 0, AT(6, 0, 13, 0, 2), NULL },
	{ "beta", "", DSP_SRC_PAPER,
	  "adaptive inverse temperature (paper Fig. 4 polynomial)", NULL, S(beta),
	  DSP_FIGK_NUM, 0, AT(7, 0, 14, 0, 0), extra_beta },
	{ "entropy_nats", "nats", DSP_SRC_MEASURED, "H = -sum p log p", NULL, S(entropy),
	  DSP_FIGK_NUM, 0, AT(8, 1, 2, 2, 3), extra_underflow },
	{ "entropy_bits", "bits", DSP_SRC_MEASURED, "H / log 2", NULL, S(entropy_bits),
	  DSP_FIGK_NUM, 0, AT(9, 0, 0, 0, 0), NULL },
	{ "entropy_norm", "", DSP_SRC_MEASURED, "H / log n", NULL, S(entropy_norm),
	  DSP_FIGK_NUM, 0, AT(10, 2, 3, 0, 4), NULL },
	{ "entropy_paper", "nats", DSP_SRC_PAPER,
	  "-sum p log(p + 1e-9) (the paper's code)", NULL, S(entropy_paper),
	  DSP_FIGK_NUM, 0, AT(11, 0, 4, 0, 0), NULL },
	{ "max_weight", "", DSP_SRC_MEASURED, "largest coefficient", NULL, S(max_weight),
	  DSP_FIGK_NUM, 0, AT(12, 3, 7, 5, 5), NULL },
	{ "min_weight", "", DSP_SRC_MEASURED, "smallest coefficient", NULL, S(min_weight),
	  DSP_FIGK_NUM, 0, AT(13, 4, 8, 0, 0), NULL },
	{ "total", "", DSP_SRC_MEASURED, "sum of weights", NULL, S(total),
	  DSP_FIGK_NUM, 0, AT(14, 0, 0, 0, 0), extra_underflow },
	{ "topk_mass", "", DSP_SRC_MEASURED, "mass of the k largest weights", NULL, S(topk_mass),
	  DSP_FIGK_NUM, 0, AT(15, 5, 0, 0, 0), extra_topk },
	{ "zero_weights", "items", DSP_SRC_MEASURED,
	  "items whose weight is exactly 0 (underflow)", NULL, S(zero_weights),
	  DSP_FIGK_CMD, 0, AT(0, 0, 0, 0, 0), NULL },
	{ "lemma_tight_lo", "", DSP_SRC_DERIVED,
	  "tight Lemma 2.1 band 1/(1+(n-1)e^{delta/theta})",
	  "argmax limit theta -> 0: 0 (1/n if delta = 0)", S(lo_tight),
	  DSP_FIGK_EDGE, 0, AT(16, 6, 9, 6, 6), NULL },
	{ "lemma_tight_hi", "", DSP_SRC_DERIVED,
	  "tight Lemma 2.1 band 1/(1+(n-1)e^{-delta/theta})",
	  "argmax limit theta -> 0: 1 (1/n if delta = 0)", S(hi_tight),
	  DSP_FIGK_EDGE, 1, AT(17, 7, 10, 7, 7), NULL },
	{ "lemma_loose_lo", "", DSP_SRC_PAPER,
	  "Lemma 2.1 proof bound e^{-delta/theta}/n",
	  "argmax limit theta -> 0: 0 (1/n if delta = 0)", S(lo_loose),
	  DSP_FIGK_EDGE, 2, AT(18, 0, 11, 0, 0), NULL },
	{ "lemma_loose_hi", "", DSP_SRC_PAPER,
	  "Lemma 2.1 proof bound e^{delta/theta}/n",
	  "argmax limit theta -> 0: infinite (1/n if delta = 0)", S(hi_loose),
	  DSP_FIGK_EDGE, 3, AT(19, 0, 12, 0, 0), NULL },
	{ "bound", "", DSP_SRC_DERIVED,
	  "min/max weight against the tight band", NULL, NOFF,
	  DSP_FIGK_BOUND, 0, AT(20, 11, 15, 0, 8), extra_bound },
	{ "bound_margin", "", DSP_SRC_DERIVED,
	  "relative distance to the tight band edge (< 0: outside)", NULL, S(bound_margin),
	  DSP_FIGK_NUM, 0, AT(21, 0, 0, 0, 0), extra_margin },
	{ "entropy_floor", "nats", DSP_SRC_DERIVED,
	  "entropy floor log(1+(n-1)e^{-delta/theta})",
	  "argmax limit theta -> 0: 0 (log n if delta = 0)", S(entropy_floor),
	  DSP_FIGK_NUM, 0, AT(22, 8, 5, 3, 0), NULL },
	{ "entropy_ceiling", "nats", DSP_SRC_DERIVED, "log n", NULL, S(entropy_ceiling),
	  DSP_FIGK_NUM, 0, AT(23, 9, 6, 4, 0), NULL },
	{ "critical_n", "items", DSP_SRC_DERIVED,
	  "critical n 1+(1/eps-1)e^{delta/theta} from the tight band (Theorem 2.2 gives no explicit size): past it every weight < eps",
	  "argmax limit theta -> 0: none (infinite) if delta > 0", S(log_critical_n),
	  DSP_FIGK_CRIT, 1, AT(24, 0, 0, 0, 9), NULL },
	{ "log_critical_n", "nats", DSP_SRC_DERIVED, "natural log of critical_n",
	  NULL, S(log_critical_n),
	  DSP_FIGK_CRIT, 0, AT(25, 10, 0, 0, 10), NULL },
	{ "past_critical", "", DSP_SRC_DERIVED,
	  "n > critical_n: every weight < eps", NULL, NOFF,
	  DSP_FIGK_CRIT, 0, AT(27, 0, 0, 0, 0), NULL },
	{ "critical_n_guaranteed", "items", DSP_SRC_DERIVED,
	  "critical n at theta/beta_max, the adaptive polynomial's ceiling", NULL, NOFF,
	  DSP_FIGK_CRIT, 0, AT(28, 0, 0, 0, 0), NULL },
	{ "first_n_below_eps", "items", DSP_SRC_MEASURED,
	  "first n where max weight < eps (search over n)", NULL, NOFF,
	  DSP_FIGK_CRIT, 0, AT(29, 0, 0, 0, 0), NULL },
	{ "sharp_exponent", "", DSP_SRC_DERIVED,
	  "s delta/theta, delta the logit spread: < 1 every weight -> 0, "
	  ">= 1 the band's top edge stays away from 0", NULL, NOFF,
	  DSP_FIGK_CRIT, 0, AT(26, 0, 0, 0, 0), NULL },
	{ "delta_over_theta", "", DSP_SRC_INPUT, "delta/theta",
	  "argmax limit theta -> 0: infinite if delta > 0", NOFF,
	  DSP_FIGK_CMD, 0, AT(0, 0, 0, 0, 0), NULL },
	{ "dispersed", "", DSP_SRC_DERIVED,
	  "n > critical_n: every weight < eps", NULL, NOFF,
	  DSP_FIGK_CMD, 0, AT(0, 0, 0, 0, 0), NULL },
	{ "theta_max", "", DSP_SRC_DERIVED,
	  "largest |theta| with max weight >= eps possible: delta / log((n-1)eps/(1-eps))",
	  NULL, NOFF,
	  DSP_FIGK_CMD, 0, AT(0, 0, 0, 0, 0), NULL },
	{ "delta_min", "", DSP_SRC_DERIVED,
	  "smallest spread with max weight >= eps possible: |theta| log((n-1)eps/(1-eps))",
	  NULL, NOFF,
	  DSP_FIGK_CMD, 0, AT(0, 0, 0, 0, 0), NULL },
	{ "n_max", "items", DSP_SRC_DERIVED,
	  "largest n with max weight >= eps possible (= critical_n)", NULL, NOFF,
	  DSP_FIGK_CMD, 0, AT(0, 0, 0, 0, 0), NULL },
	{ "eps_max", "", DSP_SRC_DERIVED,
	  "largest weight Lemma 2.1 allows at n (= lemma_tight_hi)", NULL, NOFF,
	  DSP_FIGK_CMD, 0, AT(0, 0, 0, 0, 0), NULL },
	/* heads: where a row's largest weight, decaying like 1/n' from its
	 * value at the row's own n, falls below eps (doc/theory.md §13);
	 * computed by cmd-heads.c, which passes them to the table's row. */
	{ "n_eps_empirical", "items", DSP_SRC_DERIVED,
	  "n max_weight / eps: the size past which the empirical family's "
	  "large-n limit over the row puts every weight < eps", NULL, NOFF,
	  DSP_FIGK_CMD, 0, AT(0, 0, 0, 0, 11), NULL },
	{ "log_n_eps_empirical", "nats", DSP_SRC_DERIVED,
	  "natural log of n_eps_empirical", NULL, NOFF,
	  DSP_FIGK_CMD, 0, AT(0, 0, 0, 0, 12), NULL },
	/* compare / precision: rows that need not sum to 1 (sigmoid, emulated
	 * formats) are normalised first, so this is not entropy_nats. */
	{ "entropy", "nats", DSP_SRC_MEASURED,
	  "entropy of the row normalised to sum 1 (compare, precision)", NULL, NOFF,
	  DSP_FIGK_CMD, 0, AT(0, 0, 0, 0, 0), NULL },
	{ "zero_fraction", "", DSP_SRC_MEASURED,
	  "zero_weights / n", NULL, NOFF,
	  DSP_FIGK_CMD, 0, AT(0, 0, 0, 0, 0), NULL },
	{ "elapsed_ms", "ms", DSP_SRC_MEASURED, "compute time (--time)", NULL, S(elapsed_ms),
	  DSP_FIGK_TIME, 0, AT(30, 0, 0, 0, 0), NULL },
};
#define NFIG (sizeof figures / sizeof figures[0])

const dsp_figure *
dsp_figure_find(const char *name)
{
	size_t i;

	for (i = 0; i < NFIG; i++)
		if (strcmp(figures[i].name, name) == 0)
			return &figures[i];
	return NULL;
}

const dsp_figure *
dsp_figure_at(size_t i)
{
	return i < NFIG ? &figures[i] : NULL;
}

size_t
dsp_figure_list(enum dsp_figsurf surface, const dsp_figure **out, size_t max)
{
	size_t i, pos, k = 0;

	if ((unsigned)surface >= DSP_SURF_COUNT)
		return 0;
	/* Positions 1, 2, ... in turn: a gap ends the list (test-figures
	 * checks there is none). */
	for (pos = 1; pos <= NFIG; pos++) {
		for (i = 0; i < NFIG && figures[i].at[surface] != pos; i++)
			;
		if (i == NFIG)
			break;
		if (k < max)
			out[k] = &figures[i];
		k++;
	}
	return k;
}

void
dsp_figctx_init(dsp_figctx *c, const dsp_params *p, const dsp_summary *s)
{
	memset(c, 0, sizeof *c);
	c->p = p;
	c->s = s;
}

static const char *
method_text(enum dsp_method m)
{
	switch (m) {
	case DSP_METHOD_EXPLICIT:
		return "explicit (every item)";
	case DSP_METHOD_RUNS:
		return "runs (exact run-length)";
	case DSP_METHOD_ANALYTIC:
		return "analytic (closed form)";
	case DSP_METHOD_EXPECTED:
		return "expected large-n limit (not one sample)";
	case DSP_METHOD_TYPICAL:
		return "typical configuration of the law (not one sample)";
	}
	return "?";
}

/* A Theorem 2.2 row of this evaluation by name, NULL when absent. */
static const dsp_crit_row *
crit_row(dsp_figctx *c, const char *name)
{
	size_t i;

	if (!c->have_crit) {
		c->ncrit = dsp_critical_rows(c->p, c->s, c->crit);
		c->have_crit = 1;
	}
	for (i = 0; i < c->ncrit; i++)
		if (strcmp(c->crit[i].name, name) == 0)
			return &c->crit[i];
	return NULL;
}

int
dsp_figure_cell(const dsp_figure *f, enum dsp_figsurf surface, dsp_figctx *c,
    dsp_figcell *out)
{
	const dsp_summary *s = c->s;
	const dsp_crit_row *r;
	double lv;

	memset(out, 0, sizeof *out);
	out->theta = s->theta_eff;
	out->method = -1;
	switch (f->kind) {
	case DSP_FIGK_TIME:
		if (surface != DSP_SURF_FIGS || !c->timing)
			return DSP_OK;
		break;
	case DSP_FIGK_BOUND:
		out->form = DSP_CELL_TEXT;
		out->v = NAN;
		out->text = c->sentence ? dsp_band_text(dsp_band_verdict(s)) :
		    dsp_band_word(dsp_band_verdict(s));
		break;
	case DSP_FIGK_METHOD:
		out->form = DSP_CELL_TEXT;
		out->v = NAN;
		out->text = c->sentence ? method_text(s->method) : dsp_method_name(s->method);
		if (c->sentence) {
			snprintf(out->note, sizeof out->note, "%s", dsp_method_name(s->method));
			out->own = 1;
		}
		return DSP_OK;
	case DSP_FIGK_CRIT:
		/* A table's column is the summary's field; report and the
		 * snapshot write Theorem 2.2's rows, reasons and all. */
		if (surface != DSP_SURF_FIGS)
			break;
		if ((r = crit_row(c, f->name)) == NULL)
			return DSP_OK;
		out->form = r->text != NULL ? DSP_CELL_TEXT : r->is_log ? DSP_CELL_LOG :
		    DSP_CELL_NUM;
		out->v = r->value;
		out->text = r->text;
		out->theta = r->theta;
		snprintf(out->note, sizeof out->note, "%s", r->note);
		out->kept = 1;
		return DSP_OK;
	case DSP_FIGK_NUM:
		/* Computed on this evaluation's weights: the route says
		 * what it is (a measurement, a law's value). */
		out->method = (int)s->method;
		break;
	case DSP_FIGK_EDGE:
		break;
	default:
		return dsp_fail(DSP_EINVAL, "figure '%s' is its command's own", f->name);
	}
	if (f->kind != DSP_FIGK_BOUND) {
		if (dsp_figure_value(f, s, &out->v) != DSP_OK)
			return DSP_EINVAL;
		out->form = DSP_CELL_NUM;
	}
	/* A figure kept as its log (critical_n): past the double range the
	 * cell is exp(x), as a band edge's is. */
	if (f->kind == DSP_FIGK_CRIT && f->arg == 1 && isinf(out->v)) {
		memcpy(&lv, (const char *)s + f->off, sizeof lv);
		if (isfinite(lv)) {
			out->form = DSP_CELL_LOG;
			out->v = lv;
		}
	}
	if (f->kind == DSP_FIGK_EDGE && dsp_band_edge_outside(out->v, s->n, s->spread,
	    s->theta_eff, f->arg, &lv)) {
		out->form = DSP_CELL_LOG;
		out->v = lv;
	}
	if (f->extra != NULL && surface == DSP_SURF_FIGS)
		f->extra(c, out->note, sizeof out->note);
	return DSP_OK;
}

const char *
dsp_source_name(enum dsp_source s)
{
	switch (s) {
	case DSP_SRC_INPUT:
		return "input";
	case DSP_SRC_MEASURED:
		return "measured";
	case DSP_SRC_PAPER:
		return "paper";
	case DSP_SRC_DERIVED:
		return "derived";
	}
	return "?";
}

/* Figures of the logits themselves: the expected limit has no draw, so
 * its values are the law's (uniform [0, delta], gaussian
 * +-sigma sqrt(2 log n), a learned head's exact range). */
static int
law_figure(const dsp_figure *f)
{
	return strcmp(f->name, "logit_min") == 0 || strcmp(f->name, "logit_max") == 0 ||
	    strcmp(f->name, "spread") == 0;
}

enum dsp_source
dsp_figure_source(const dsp_figure *f, double theta, int method)
{
	if (f->source == DSP_SRC_PAPER && theta < 0 && strstr(f->what, "delta/theta") != NULL)
		return DSP_SRC_DERIVED;
	if ((method == DSP_METHOD_EXPECTED || method == DSP_METHOD_TYPICAL) &&
	    law_figure(f))
		return DSP_SRC_DERIVED;
	return f->source;
}

void
dsp_figure_note(const dsp_figure *f, double theta, int method, char *buf, size_t size)
{
	enum dsp_source src = dsp_figure_source(f, theta, method);
	const char *what = f->what, *tok = "delta/theta", *at;
	char text[256];

	if (theta == 0 && f->argmax != NULL)
		what = f->argmax;
	/* The bands are evaluated at |theta|: a negative theta favours the
	 * smallest logits, and the spread is the same. */
	if (theta < 0 && (at = strstr(what, tok)) != NULL)
		snprintf(text, sizeof text, "%.*sdelta/|theta|%s", (int)(at - what),
		    what, at + strlen(tok));
	else
		snprintf(text, sizeof text, "%s", what);
	if (src == DSP_SRC_INPUT)
		snprintf(buf, size, "%s", text);
	else if (method == DSP_METHOD_EXPECTED && law_figure(f))
		snprintf(buf, size, "%s of the family's law (no draw) [%s]", text,
		    dsp_source_name(src));
	else if (method == DSP_METHOD_TYPICAL && law_figure(f))
		snprintf(buf, size, "%s of the law's typical configuration (no draw) [%s]",
		    text, dsp_source_name(src));
	else
		snprintf(buf, size, "%s [%s]", text, dsp_figure_label(f, theta, method));
}

const char *
dsp_figure_label(const dsp_figure *f, double theta, int method)
{
	enum dsp_source src = dsp_figure_source(f, theta, method);

	/* Nothing was sampled: a figure "measured" on the weights is the
	 * law's expected value or its typical configuration's.  Summed in
	 * closed form (the power series near lambda = 1), it is exact on the
	 * family's logits but not a pass over them. */
	if (src == DSP_SRC_MEASURED)
		switch (method) {
		case DSP_METHOD_TYPICAL:
			return "typical configuration of the law";
		case DSP_METHOD_EXPECTED:
			return "expected value of the law";
		case DSP_METHOD_ANALYTIC:
			return "closed form over the n logits";
		}
	return dsp_source_name(src);
}

int
dsp_figure_value(const dsp_figure *f, const dsp_summary *s, double *v)
{
	if (f == NULL || f->off == NOFF)
		return dsp_fail(DSP_EINVAL, "figure '%s' is not a summary field",
		    f != NULL ? f->name : "?");
	memcpy(v, (const char *)s + f->off, sizeof *v);
	/* A figure kept as its log (critical_n's field is log_critical_n):
	 * every reader of the value gets the value (the tour read 8.5953 as
	 * the critical n once the row had a field). */
	if (f->kind == DSP_FIGK_CRIT && f->arg == 1)
		*v = exp(*v);
	return DSP_OK;
}

char *
dsp_fmt_sig(char *buf, size_t size, double v, int digits)
{
	double r;

	if (isnan(v)) {
		snprintf(buf, size, "n/a");
		return buf;
	}
	if (isinf(v)) {
		snprintf(buf, size, v > 0 ? "inf" : "-inf");
		return buf;
	}
	if (digits < 1)
		digits = 1;
	/* All the digits a double has: the shortest text that reads back
	 * (dtoa.h), a few tens of ns where "%.17g" took 200 and printed
	 * 0.10000000000000001 for 0.1. */
	if (digits >= 17 && size >= DSP_DTOA_SIZE) {
		dsp_dtoa(v, buf);
		return buf;
	}
	for (;; digits++) {
		snprintf(buf, size, "%.*g", digits, v);
		r = strtod(buf, NULL);
		/* Only a plain whole number ("1", "0", "5406") can be a
		 * boundary the value is not on; "1.329e+36" cannot. */
		if (digits >= 17 || r == v || strpbrk(buf, ".eEn") != NULL)
			break;
	}
	return buf;
}

char *
dsp_fmt_cell(char *buf, size_t size, double v, int digits)
{
	/* Whole numbers below 2^64 (sizes, counts, 2^40 = 1099511627776)
	 * in full: "%.10g" would print 1.099511628e+12 for an exact n. */
	if (isfinite(v) && v == floor(v) && fabs(v) < 0x1p64) {
		snprintf(buf, size, "%.0f", v == 0 ? 0 : v);
		return buf;
	}
	return dsp_fmt_sig(buf, size, v, digits);
}

int
dsp_row_underflow(const dsp_summary *s)
{
	return s->total == 0 && s->max_weight == 0 && s->n >= 1;
}

int
dsp_band_lo_underflow(const dsp_summary *s)
{
	/* At theta = 0 the edge is exactly 0 (argmax limit): no underflow. */
	return s->lo_tight == 0 && s->min_weight == 0 && s->theta_eff != 0;
}

enum dsp_band
dsp_band_verdict(const dsp_summary *s)
{
	double tol;

	if (isnan(s->lo_tight) || isnan(s->bound_margin))
		return DSP_BAND_NA;
	if (dsp_row_underflow(s))
		return DSP_BAND_UNDERFLOW;
	tol = dsp_band_tol(s->n, s->spread, s->theta_eff);
	if (s->bound_margin > tol)
		return dsp_band_lo_underflow(s) ? DSP_BAND_LO_UNDERFLOW : DSP_BAND_INSIDE;
	if (s->bound_margin >= -tol)
		return DSP_BAND_EDGE;
	return DSP_BAND_VIOLATED;
}

/* Each verdict's table word and sentence, indexed by verdict + 1. */
static const struct {
	const char	*word, *text;
} band_names[] = {
	{ "n/a",	"n/a" },
	{ "violated",	"violated" },
	{ "holds",	"holds" },
	{ "equality",	"on the bound (equality)" },
	{ "underflow",	"all weights underflow to 0 (row total 0)" },
	{ "lo-underflow", "holds at the top; min weight and lower edge underflow to 0" },
};

static int
band_index(enum dsp_band b)
{
	int i = (int)b + 1;

	return i >= 0 && i < (int)(sizeof band_names / sizeof band_names[0]) ? i : -1;
}

const char *
dsp_band_text(enum dsp_band b)
{
	int i = band_index(b);

	return i < 0 ? "?" : band_names[i].text;
}

const char *
dsp_band_word(enum dsp_band b)
{
	int i = band_index(b);

	return i < 0 ? "?" : band_names[i].word;
}
