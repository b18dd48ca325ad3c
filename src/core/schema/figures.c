/* The figure table and the verdict policies every surface shares. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/math/dtoa.h"
#include "core/error.h"
#include "core/schema/figures.h"

#define S(field) offsetof(dsp_summary, field)
#define NOFF ((size_t)-1)

/* Sources: doc/theory.md and the project's paper notes.  The paper states Lemma 2.1
 * as Theta(1/n) with the proof's loose band e^{-+delta/theta}/n; the tight
 * band, the critical n (Theorem 2.2 gives no explicit size) and the entropy
 * floor are derivations. */
static const dsp_figure figures[] = {
	{ "method", "", DSP_SRC_INPUT, "evaluation route", NULL, NOFF },
	{ "n", "items", DSP_SRC_INPUT, "items", NULL, S(n) },
	{ "log_n", "nats", DSP_SRC_INPUT, "natural log of n", NULL, NOFF },
	{ "logit_min", "", DSP_SRC_MEASURED, "smallest logit", NULL, S(logit_min) },
	{ "logit_max", "", DSP_SRC_MEASURED, "largest logit", NULL, S(logit_max) },
	{ "spread", "", DSP_SRC_MEASURED,
	  "spread logit_max - logit_min (the delta of Lemma 2.1)", NULL, S(spread) },
	{ "theta_eff", "", DSP_SRC_DERIVED,
	  "temperature after adaptive / n scaling", NULL, S(theta_eff) },
	{ "beta", "", DSP_SRC_PAPER,
	  "adaptive inverse temperature (paper Fig. 4 polynomial)", NULL, S(beta) },
	{ "entropy_nats", "nats", DSP_SRC_MEASURED, "H = -sum p log p", NULL, S(entropy) },
	{ "entropy_bits", "bits", DSP_SRC_MEASURED, "H / log 2", NULL, S(entropy_bits) },
	{ "entropy_norm", "", DSP_SRC_MEASURED, "H / log n", NULL, S(entropy_norm) },
	{ "entropy_paper", "nats", DSP_SRC_PAPER,
	  "-sum p log(p + 1e-9) (the paper's code)", NULL, S(entropy_paper) },
	{ "max_weight", "", DSP_SRC_MEASURED, "largest coefficient", NULL, S(max_weight) },
	{ "min_weight", "", DSP_SRC_MEASURED, "smallest coefficient", NULL, S(min_weight) },
	{ "total", "", DSP_SRC_MEASURED, "sum of weights", NULL, S(total) },
	{ "topk_mass", "", DSP_SRC_MEASURED, "mass of the k largest weights", NULL, S(topk_mass) },
	{ "zero_weights", "items", DSP_SRC_MEASURED,
	  "items whose weight is exactly 0 (underflow)", NULL, S(zero_weights) },
	{ "lemma_tight_lo", "", DSP_SRC_DERIVED,
	  "tight Lemma 2.1 band 1/(1+(n-1)e^{delta/theta})",
	  "argmax limit theta -> 0: 0 (1/n if delta = 0)", S(lo_tight) },
	{ "lemma_tight_hi", "", DSP_SRC_DERIVED,
	  "tight Lemma 2.1 band 1/(1+(n-1)e^{-delta/theta})",
	  "argmax limit theta -> 0: 1 (1/n if delta = 0)", S(hi_tight) },
	{ "lemma_loose_lo", "", DSP_SRC_PAPER,
	  "Lemma 2.1 proof bound e^{-delta/theta}/n",
	  "argmax limit theta -> 0: 0 (1/n if delta = 0)", S(lo_loose) },
	{ "lemma_loose_hi", "", DSP_SRC_PAPER,
	  "Lemma 2.1 proof bound e^{delta/theta}/n",
	  "argmax limit theta -> 0: infinite (1/n if delta = 0)", S(hi_loose) },
	{ "bound", "", DSP_SRC_DERIVED,
	  "min/max weight against the tight band", NULL, NOFF },
	{ "bound_margin", "", DSP_SRC_DERIVED,
	  "relative distance to the tight band edge (< 0: outside)", NULL, S(bound_margin) },
	{ "entropy_floor", "nats", DSP_SRC_DERIVED,
	  "entropy floor log(1+(n-1)e^{-delta/theta})",
	  "argmax limit theta -> 0: 0 (log n if delta = 0)", S(entropy_floor) },
	{ "entropy_ceiling", "nats", DSP_SRC_DERIVED, "log n", NULL, S(entropy_ceiling) },
	{ "critical_n", "items", DSP_SRC_DERIVED,
	  "critical n 1+(1/eps-1)e^{delta/theta} from the tight band (Theorem 2.2 gives no explicit size): past it every weight < eps",
	  "argmax limit theta -> 0: none (infinite) if delta > 0", NOFF },
	{ "log_critical_n", "nats", DSP_SRC_DERIVED, "natural log of critical_n",
	  NULL, S(log_critical_n) },
	{ "past_critical", "", DSP_SRC_DERIVED,
	  "n > critical_n: every weight < eps", NULL, NOFF },
	{ "critical_n_guaranteed", "items", DSP_SRC_DERIVED,
	  "critical n at theta/beta_max, the adaptive polynomial's ceiling", NULL, NOFF },
	{ "first_n_below_eps", "items", DSP_SRC_MEASURED,
	  "first n where max weight < eps (search over n)", NULL, NOFF },
	{ "sharp_exponent", "", DSP_SRC_DERIVED,
	  "s delta/theta, delta the logit spread: < 1 every weight -> 0, "
	  ">= 1 the band's top edge stays away from 0", NULL, NOFF },
	{ "delta_over_theta", "", DSP_SRC_INPUT, "delta/theta",
	  "argmax limit theta -> 0: infinite if delta > 0", NOFF },
	{ "dispersed", "", DSP_SRC_DERIVED,
	  "n > critical_n: every weight < eps", NULL, NOFF },
	{ "theta_max", "", DSP_SRC_DERIVED,
	  "largest |theta| with max weight >= eps possible: delta / log((n-1)eps/(1-eps))",
	  NULL, NOFF },
	{ "delta_min", "", DSP_SRC_DERIVED,
	  "smallest spread with max weight >= eps possible: |theta| log((n-1)eps/(1-eps))",
	  NULL, NOFF },
	{ "n_max", "items", DSP_SRC_DERIVED,
	  "largest n with max weight >= eps possible (= critical_n)", NULL, NOFF },
	{ "eps_max", "", DSP_SRC_DERIVED,
	  "largest weight Lemma 2.1 allows at n (= lemma_tight_hi)", NULL, NOFF },
	/* compare / precision: rows that need not sum to 1 (sigmoid, emulated
	 * formats) are normalised first, so this is not entropy_nats. */
	{ "entropy", "nats", DSP_SRC_MEASURED,
	  "entropy of the row normalised to sum 1 (compare, precision)", NULL, NOFF },
	{ "zero_fraction", "", DSP_SRC_MEASURED,
	  "zero_weights / n", NULL, NOFF },
	{ "elapsed_ms", "ms", DSP_SRC_MEASURED, "compute time (--time)", NULL, S(elapsed_ms) }
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
	/* Nothing was sampled: a figure "measured" on the weights is the
	 * law's expected value or its typical configuration's. */
	else if (method == DSP_METHOD_TYPICAL && src == DSP_SRC_MEASURED)
		snprintf(buf, size, "%s [typical configuration of the law]", text);
	else if (method == DSP_METHOD_EXPECTED && src == DSP_SRC_MEASURED)
		snprintf(buf, size, "%s [expected value of the law]", text);
	else
		snprintf(buf, size, "%s [%s]", text, dsp_source_name(src));
}

int
dsp_figure_value(const dsp_figure *f, const dsp_summary *s, double *v)
{
	if (f == NULL || f->off == NOFF)
		return dsp_fail(DSP_EINVAL, "figure '%s' is not a summary field",
		    f != NULL ? f->name : "?");
	memcpy(v, (const char *)s + f->off, sizeof *v);
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
