/* The figure table: one name, unit, description and source for every figure
 * disperse outputs (report and bound rows, sweep CSV/JSON columns, tour
 * figures, snapshot files).  Every surface takes the name and the label of
 * a figure from here, so a figure is called the same everywhere and says
 * whether it is the paper's statement, a derivation, or measured on the
 * weights (doc/theory.md, "Paper or derivation").
 *
 * Also here, the policies every surface shares when it judges figures:
 * whether the weights are inside the Lemma 2.1 band, on it (equality within
 * a few ulps) or outside it, and whether the row underflowed to 0. */
#ifndef DSP_FIGURES_H
#define DSP_FIGURES_H

#include <stddef.h>

#include "core/math/bounds.h"
#include "core/math/eval.h"

enum dsp_source {
	DSP_SRC_INPUT,		/* a parameter or the size of the input */
	DSP_SRC_MEASURED,	/* computed from this evaluation's weights */
	DSP_SRC_PAPER,		/* the paper's own statement or formula */
	DSP_SRC_DERIVED		/* a derivation from the paper (not stated there) */
};

typedef struct dsp_figure {
	const char	*name;	/* the one name: row, column, tour %show, JSON key */
	const char	*unit;	/* "" for pure numbers and weights */
	enum dsp_source	 source;
	const char	*what;	/* one-line description, ASCII; "delta/theta"
				 * in it is written delta/|theta| for theta < 0 */
	const char	*argmax;	/* what is evaluated at theta = 0 (the
					 * argmax limit); NULL: same as what */
	/* offset of the double in dsp_summary, or (size_t)-1 when the figure
	 * is not a summary field (computed by its command) */
	size_t		 off;
} dsp_figure;

/* NULL when unknown. */
const dsp_figure *dsp_figure_find(const char *name);
/* The i-th figure, NULL past the end (for tests and documentation). */
const dsp_figure *dsp_figure_at(size_t i);
/* "input", "measured", "paper", "derived". */
const char *dsp_source_name(enum dsp_source s);
/* The source of f's value as evaluated at theta by route method (enum
 * dsp_method, or -1 for no evaluation, e.g. `bound`): the table's, except
 * that the paper's loose band at theta < 0 (|theta|; the lemma assumes
 * theta > 0) is derived, and that the expected large-n limit's logit range
 * and spread are the family's law's, derived, not measured. */
enum dsp_source dsp_figure_source(const dsp_figure *f, double theta, int method);
/* The description of f as evaluated at theta by route method (as above),
 * followed by its source in brackets ("[derived]", "[paper]",
 * "[measured]"); input figures get no bracket.  theta < 0: the bands use
 * |theta|, and the text says so; theta = 0: the argmax limit's text. */
void	dsp_figure_note(const dsp_figure *f, double theta, int method, char *buf,
	    size_t size);
/* The summary value of a figure with an offset; DSP_EINVAL otherwise. */
int	dsp_figure_value(const dsp_figure *f, const dsp_summary *s, double *v);

/* The one rule for numbers shown rounded (the TUI, notes): "%.*g" with
 * digits significant digits, but never rounded onto a boundary it is not
 * on: when the rounded text is a plain whole number ("0", "1", "5406", no
 * point, no exponent) and v is not that number, digits are added until it
 * is not (up to 17), so lambda = 0.99999 shows as 0.99999, not as the
 * uniform lambda = 1, and a critical n of 5406.2 as 5406.2, not 5406.
 * digits >= 17: all a double has, the shortest text that reads back to
 * it (dsp_dtoa: 0.1, not 0.10000000000000001).
 * NaN is "n/a", infinities "inf" / "-inf".  Returns buf. */
char	*dsp_fmt_sig(char *buf, size_t size, double v, int digits);
/* The one rule for numbers in text and CSV tables (and the text
 * snapshot): a whole number below 2^64 exactly ("1099511627776", "-0" as
 * "0"), anything else dsp_fmt_sig, so 0.9999999999999947 prints as
 * 0.9999999999999947, never as 1.  NaN and infinities as dsp_fmt_sig.
 * Returns buf. */
char	*dsp_fmt_cell(char *buf, size_t size, double v, int digits);

/* Lemma 2.1 verdict for the weights of one evaluation; a relative margin
 * within DSP_BAND_TOL (bounds.h) is "on the bound (equality)". */
enum dsp_band {
	DSP_BAND_NA = -1,	/* not a softmax: the lemma does not apply */
	DSP_BAND_VIOLATED = 0,
	DSP_BAND_INSIDE = 1,
	DSP_BAND_EDGE = 2,	/* on the bound (equality within DSP_BAND_TOL) */
	DSP_BAND_UNDERFLOW = 3,	/* every weight underflowed to 0 (row total 0) */
	/* Inside at the top; the min weight and the tight lower edge both
	 * underflow to 0 in double, so the lower side is not checked. */
	DSP_BAND_LO_UNDERFLOW = 4
};
enum dsp_band dsp_band_verdict(const dsp_summary *s);
/* Short text of a verdict: "holds" (inside), "on the bound (equality)",
 * "violated", "all weights underflow to 0 (row total 0)", "holds at the
 * top; min weight and lower edge underflow to 0", "n/a". */
const char *dsp_band_text(enum dsp_band b);
/* One word for a table cell: "holds", "equality", "violated",
 * "underflow", "lo-underflow", "n/a". */
const char *dsp_band_word(enum dsp_band b);
/* The tight lower edge, exactly > 0 (theta != 0), and the min weight both
 * underflow to 0 in double: the band's lower side cannot be checked. */
int	dsp_band_lo_underflow(const dsp_summary *s);
/* Every weight of the row is 0 (underflow in a reduced precision). */
int	dsp_row_underflow(const dsp_summary *s);

#endif
