/* Weights panel: sorted attention coefficients as bars on a log10 scale, or
 * the distribution of log10 weight (gsl_histogram, computed by the app),
 * with the Lemma 2.1 band drawn over it.  Huge n shows runs, not n bars. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/dsp.h"
#include "view/view.h"

#define AXIS_W	7

static size_t
cols(const char *s)
{
	size_t n = mbstowcs(NULL, s, 0);

	return n == (size_t)-1 ? strlen(s) : n;
}

static void
hist_update(struct view_panel *pn, const struct view_state *st)
{
	pn->st = st;
}

static int
row_of(const struct view_panel *pn, double lg, double ylo, double yhi)
{
	double f = (lg - ylo) / (yhi - ylo);

	if (f < 0)
		f = 0;
	if (f > 1)
		f = 1;
	return pn->ph - 1 - (int)lround(f * (pn->ph - 1));
}

static void
draw_axis(struct view_panel *pn, WINDOW *w, double ylo, double yhi, int oy)
{
	int r, step = pn->ph > 8 ? pn->ph / 4 : pn->ph - 1;
	double lg;

	if (step < 1)
		step = 1;
	for (r = 0; r < pn->ph; r += step) {
		lg = yhi - (yhi - ylo) * r / (pn->ph - 1);
		if (lg < -3)
			view_printf(w, oy + r, 1, AXIS_W - 1, view_attr_dim(), "%5.0e", pow(10, lg));
		else
			view_printf(w, oy + r, 1, AXIS_W - 1, view_attr_dim(), "%5.3g", pow(10, lg));
	}
}

static void
band_line(struct view_panel *pn, WINDOW *w, int row, int oy, const char *tag)
{
	int c;

	for (c = 0; c < pn->pw; c++)
		if ((mvwinch(w, oy + row, AXIS_W + c) & A_CHARTEXT) == ' ')
			view_printf(w, oy + row, AXIS_W + c, 1, view_attr_band(), "%s",
			    view_sym(SYM_DASH));
	view_printf(w, oy + row, AXIS_W + pn->pw - (int)4, 4, view_attr_band() | A_BOLD,
	    "%s", tag);
}

static void
draw_sorted(struct view_panel *pn, WINDOW *w, int oy)
{
	const struct view_hist *h = &pn->st->hist;
	size_t c, cols = h->cols;
	int bw = 1, x, r, top, k;
	double f, full;

	if (cols > 0 && !h->logrank && (size_t)pn->pw / cols > 1)
		bw = (int)((size_t)pn->pw / cols) > 3 ? 3 : (int)((size_t)pn->pw / cols);
	for (c = 0; c < cols; c++) {
		if (!isfinite(h->logw[c]))
			continue;
		f = (h->logw[c] - h->ylo) / (h->yhi - h->ylo);
		if (f < 0)
			f = 0;
		full = f * pn->ph;
		top = (int)full;
		for (k = 0; k < bw - (bw > 1); k++) {
			x = AXIS_W + (int)c * bw + k;
			if (x >= AXIS_W + pn->pw)
				break;
			for (r = 0; r < top && r < pn->ph; r++)
				view_printf(w, oy + pn->ph - 1 - r, x, 1, view_attr_series(0),
				    "%s", view_block(1));
			if (top < pn->ph && full - top > 0.0625)
				view_printf(w, oy + pn->ph - 1 - top, x, 1, view_attr_series(0),
				    "%s", view_block(full - top));
			if (f <= 0)
				view_printf(w, oy + pn->ph - 1, x, 1, view_attr_series(0),
				    "%s", view_block(0.125));
		}
	}
}

static void
draw_binned(struct view_panel *pn, WINDOW *w, int oy)
{
	const struct view_hist *h = &pn->st->hist;
	size_t c;
	int r, top;
	double f, full;

	for (c = 0; c < h->cols && (int)c < pn->pw; c++) {
		if (!(h->count[c] > 0))
			continue;
		f = log1p(h->count[c]) / log1p(h->count_max);
		full = f * pn->ph;
		top = (int)full;
		for (r = 0; r < top && r < pn->ph; r++)
			view_printf(w, oy + pn->ph - 1 - r, AXIS_W + (int)c, 1,
			    view_attr_series(1), "%s", view_block(1));
		if (top < pn->ph)
			view_printf(w, oy + pn->ph - 1 - top, AXIS_W + (int)c, 1,
			    view_attr_series(1), "%s", view_block(full - top > 0.125 ?
			    full - top : 0.125));
	}
}

static int
col_of(const struct view_panel *pn, double lg, double lo, double hi)
{
	double f = (lg - lo) / (hi - lo);

	if (f < 0 || f > 1)
		return -1;
	return (int)lround(f * (pn->pw - 1));
}

static void
band_column(struct view_panel *pn, WINDOW *w, int c, int oy, const char *tag)
{
	int r;

	if (c < 0)
		return;
	for (r = 0; r < pn->ph; r++)
		if ((mvwinch(w, oy + r, AXIS_W + c) & A_CHARTEXT) == ' ')
			view_printf(w, oy + r, AXIS_W + c, 1, view_attr_band(), "%s",
			    view_sym(SYM_VLINE));
	view_printf(w, oy, AXIS_W + c, 3, view_attr_band() | A_BOLD, "%s", tag);
}

static void
hist_draw(struct view_panel *pn, WINDOW *w)
{
	const struct view_state *st = pn->st;
	const struct view_hist *h = &st->hist;
	const dsp_summary *s = &st->sum;
	int iw = pn->w - 2, oy = 2, binned = st->vs.hist_mode == 1;
	char a[32], b[32], line[512], item[64], last[64];
	size_t i, len;

	view_frame(w, binned ? "Weights: log10 distribution" : "Weights: sorted coefficients",
	    pn->focused);
	if (st->sum_busy) {
		/* A worker job (large explicit input): nothing stale drawn. */
		view_printf(w, 1, 1, iw, 0, "%s", view_computing(a, sizeof a, st->sum_pct));
		return;
	}
	if (!h->ok) {
		view_printf(w, 1, 1, iw, view_attr_error(), "%s", h->err);
		if (st->sum_ok)
			view_printf(w, 2, 1, iw, 0, "max weight %s  min %s",
			    view_num(a, sizeof a, s->max_weight, 3),
			    view_num(b, sizeof b, s->min_weight, 3));
		return;
	}
	/* A row that underflowed to 0 has no bars to draw: say so instead of
	 * drawing n empty bars (and H = 0 elsewhere reading as sharp). */
	if (st->sum_ok && dsp_row_underflow(s)) {
		view_printf(w, 1, 1, iw, view_attr_error(), "%s in %s",
		    dsp_band_text(DSP_BAND_UNDERFLOW), dsp_precision_name(st->vs.params.precision));
		view_printf(w, 2, 1, iw, 0, "band [%s, %s]: every weight is below it",
		    view_num(a, sizeof a, s->lo_tight, 3), view_num(b, sizeof b, s->hi_tight, 3));
		return;
	}
	view_printf(w, 1, 1, iw, 0, "band [%s, %s]  max %s  (g: %s)",
	    view_num(a, sizeof a, s->lo_tight, 3), view_num(b, sizeof b, s->hi_tight, 3),
	    view_num(line, sizeof line, s->max_weight, 3), binned ? "sorted" : "binned");
	pn->ph = pn->h - 2 - 3;
	pn->pw = iw - AXIS_W + 1;
	pn->py = pn->y + oy;
	pn->px = pn->x + AXIS_W;
	if (pn->ph < 2 || pn->pw < 4)
		return;
	if (!binned) {
		draw_axis(pn, w, h->ylo, h->yhi, oy);
		draw_sorted(pn, w, oy);
		if (isfinite(s->lo_tight) && s->lo_tight > 0)
			band_line(pn, w, row_of(pn, log10(s->lo_tight), h->ylo, h->yhi), oy, " lo");
		if (isfinite(s->hi_tight))
			band_line(pn, w, row_of(pn, log10(s->hi_tight), h->ylo, h->yhi), oy, " hi");
		view_printf(w, oy + pn->ph, AXIS_W, pn->pw, view_attr_dim(),
		    h->logrank ? "rank 1 .. %.0f (log scale)" : "rank 1 .. %.0f", h->n);
	} else {
		draw_binned(pn, w, oy);
		if (isfinite(s->lo_tight) && s->lo_tight > 0)
			band_column(pn, w, col_of(pn, log10(s->lo_tight), h->ylo, h->yhi), oy, "lo");
		if (isfinite(s->hi_tight))
			band_column(pn, w, col_of(pn, log10(s->hi_tight), h->ylo, h->yhi), oy, "hi");
		view_printf(w, oy + pn->ph, AXIS_W, pn->pw, view_attr_dim(),
		    "%-8.3g weight (log10 bins, log count) %8.3g",
		    pow(10, h->ylo), pow(10, h->yhi));
		view_printf(w, oy, 1, AXIS_W - 1, view_attr_dim(), "count");
	}
	/* The runs: what the weights are, value x multiplicity; as many of
	 * the heaviest as fit, then the lightest. */
	last[0] = '\0';
	if (h->nruns > h->ntop)
		snprintf(last, sizeof last, " %s %s%s%llu", view_sym(SYM_ELLIPSIS),
		    view_num(a, sizeof a, h->last_value, 3), view_sym(SYM_TIMES),
		    (unsigned long long)h->last_count);
	len = (size_t)snprintf(line, sizeof line, "%zu run%s:", h->nruns, h->nruns == 1 ? "" : "s");
	for (i = 0; i < h->ntop; i++) {
		snprintf(item, sizeof item, " %s%s%llu", view_num(a, sizeof a, h->top_value[i], 3),
		    view_sym(SYM_TIMES), (unsigned long long)h->top_count[i]);
		if (cols(line) + cols(item) + cols(last) > (size_t)iw) {
			if (last[0] == '\0')
				snprintf(last, sizeof last, " %s", view_sym(SYM_ELLIPSIS));
			break;
		}
		len += (size_t)snprintf(line + len, sizeof line - len, "%s", item);
	}
	snprintf(line + len, sizeof line - len, "%s", last);
	view_printf(w, pn->h - 2, 1, iw, 0, "%s", line);
}

const struct view_class view_hist_class = {
	"Weights", hist_update, hist_draw
};
