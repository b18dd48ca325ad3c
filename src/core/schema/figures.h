/* SPDX-License-Identifier: GPL-3.0-or-later */
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
#include "core/math/critical.h"
#include "core/math/eval.h"

enum dsp_source {
	DSP_SRC_INPUT,		/* a parameter or the size of the input */
	DSP_SRC_MEASURED,	/* computed from this evaluation's weights */
	DSP_SRC_PAPER,		/* the paper's own statement or formula */
	DSP_SRC_DERIVED		/* a derivation from the paper (not stated there) */
};

/* The surfaces that loop over the table: each writes the rows whose
 * position for it (dsp_figure.at[surface]) is > 0, in position order 1, 2,
 * ... (dsp_figure_list; tests/core/test-figures checks each surface's
 * positions are 1 .. k once each).  A new figure appears on a surface by
 * its position there, under its one name. */
enum dsp_figsurf {
	DSP_SURF_FIGS,	/* report's rows, the snapshot's JSON figures and the
			 * text snapshot's Figures section */
	DSP_SURF_SWEEP,	/* sweep's columns after the varied parameter */
	DSP_SURF_CURVE,	/* the snapshot's curve CSV columns */
	DSP_SURF_BRIEF,	/* the text snapshot's short curve table */
	DSP_SURF_HEADS,	/* heads' per-row columns after its own (array,
			 * layer, head, query, n) */
	DSP_SURF_COUNT
};

/* How a figure's value is read (dsp_figure_cell). */
enum dsp_figkind {
	DSP_FIGK_NUM,	/* the dsp_summary double at off */
	DSP_FIGK_EDGE,	/* a Lemma 2.1 band edge at off (arg: which, as
			 * dsp_band_edge_log): exp(x) outside the double range */
	DSP_FIGK_BOUND,	/* the band verdict: a sentence or a table word */
	DSP_FIGK_METHOD,	/* the route: a sentence or its name */
	DSP_FIGK_CRIT,	/* a Theorem 2.2 row (dsp_critical_rows, with its n/a
			 * reasons) in report and the snapshot; a table column
			 * takes the summary field at off (arg 1: that field
			 * is the value's log: exp(x) outside the double
			 * range) */
	DSP_FIGK_TIME,	/* the summary field at off, written on request only
			 * (report --time; never in a snapshot) */
	DSP_FIGK_CMD	/* computed by its command (bound, compare, ...):
			 * on a surface only where its command passes the
			 * value (heads' n_eps_empirical, dsp_table_fig_row) */
};

struct dsp_figctx;

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
	int		 kind;	/* enum dsp_figkind */
	int		 arg;	/* DSP_FIGK_EDGE: which edge */
	unsigned char	 at[DSP_SURF_COUNT];	/* position on each surface, 0: not on it */
	/* What qualifies this evaluation's value in report's note ("k = 3",
	 * "adaptive off"); NULL: nothing.  Writes "" for nothing. */
	void		(*extra)(const struct dsp_figctx *c, char *buf, size_t size);
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
/* What the bracket after f says, at theta by route method: its source's
 * name, except that a figure measured on the weights is "expected value of
 * the law" or "typical configuration of the law" where nothing was drawn,
 * and "closed form over the n logits" where the power series near
 * lambda = 1 is summed analytically.  Every surface's label is this one. */
const char *dsp_figure_label(const dsp_figure *f, double theta, int method);
/* The description of f as evaluated at theta by route method (as above),
 * followed by its label in brackets (dsp_figure_label: "[derived]",
 * "[paper]", "[measured]" ...); input figures get no bracket.  theta < 0: the bands use
 * |theta|, and the text says so; theta = 0: the argmax limit's text. */
void	dsp_figure_note(const dsp_figure *f, double theta, int method, char *buf,
	    size_t size);
/* The summary value of a figure with an offset; DSP_EINVAL otherwise. */
int	dsp_figure_value(const dsp_figure *f, const dsp_summary *s, double *v);

/* One evaluation as the surfaces read it, row by row.  The Theorem 2.2
 * rows are computed once, at the first row that needs them (the search
 * for first_n_below_eps may take a while). */
typedef struct dsp_figctx {
	const dsp_params	*p;
	const dsp_summary	*s;
	int		 timing;	/* DSP_FIGK_TIME rows are written */
	int		 sentence;	/* bound and method as report's sentence,
					 * not the table word */
	int		 have_crit;
	size_t		 ncrit;
	dsp_crit_row	 crit[DSP_CRIT_ROWS_MAX];
} dsp_figctx;

void	dsp_figctx_init(dsp_figctx *c, const dsp_params *p, const dsp_summary *s);

/* The figures on surface, in position order, into out[0 .. max-1];
 * returns how many there are (may exceed max). */
size_t	dsp_figure_list(enum dsp_figsurf surface, const dsp_figure **out, size_t max);
#define DSP_FIGURES_MAX	64	/* at least the table's rows */

/* One figure's value on one surface. */
enum dsp_cellform {
	DSP_CELL_NONE,	/* not written for this evaluation (an absent
			 * Theorem 2.2 row, elapsed_ms without --time) */
	DSP_CELL_NUM,	/* v */
	DSP_CELL_LOG,	/* exp(v): written "exp(x)" outside the double range */
	DSP_CELL_TEXT	/* text ("holds", "n/a", "none up to 2^63") */
};
typedef struct dsp_figcell {
	int		 form;		/* enum dsp_cellform */
	double		 v;
	const char	*text;
	double		 theta;		/* the temperature the note is at */
	int		 method;	/* the route the value came from, or -1 */
	/* Report's note after the figure's description, or, when own is
	 * set, instead of it (method: the route's name).  kept: the note
	 * qualifies the value itself (eps, the n/a reason) and a snapshot
	 * writes it beside the value as NAME_note. */
	char		 note[400];
	int		 own, kept;
} dsp_figcell;

/* f's value for c's evaluation on surface.  DSP_EINVAL for a figure the
 * surface cannot read (no offset, a command's own figure). */
int	dsp_figure_cell(const dsp_figure *f, enum dsp_figsurf surface, dsp_figctx *c,
	    dsp_figcell *out);

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
