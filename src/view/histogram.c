/* SPDX-License-Identifier: GPL-3.0-or-later */
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

/* Display columns (draw.c's wcwidth count). */
static size_t
cols(const char *s)
{
	return (size_t)view_width(s);
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

/* The figure is VIEW_HIST_RES columns whatever the panel's width; the
 * panel draws one item a column when they fit, else log-spaced ranks. */
static int
drawn_logrank(const struct view_hist *h, int pw)
{
	return h->logrank || h->cols > (size_t)pw;
}

/* log10 weight at panel column x of pw (ranks log-spaced over 1 .. n). */
static double
sorted_at(const struct view_hist *h, int x, int pw)
{
	double r;
	size_t c;

	if (!drawn_logrank(h, pw))
		return h->logw[x];
	if (h->logrank) {
		/* Columns log-spaced already: the nearest one. */
		c = pw > 1 ? (size_t)lround((double)x * (double)(h->cols - 1) / (pw - 1)) : 0;
		return h->logw[c < h->cols ? c : h->cols - 1];
	}
	/* One item a column (n <= VIEW_HIST_RES): the item at the rank. */
	r = pw > 1 ? floor(exp(log(h->n) * (double)x / (pw - 1))) : 1;
	c = r >= 1 ? (size_t)r - 1 : 0;
	return h->logw[c < h->cols ? c : h->cols - 1];
}

static void
draw_sorted(struct view_panel *pn, WINDOW *w, int oy)
{
	const struct view_hist *h = pn->own;
	size_t c, cols = drawn_logrank(h, pn->pw) ? (size_t)pn->pw : h->cols;
	int bw = 1, x, r, top, k;
	double f, full, lw;

	if (cols > 0 && cols < (size_t)pn->pw && (size_t)pn->pw / cols > 1)
		bw = (int)((size_t)pn->pw / cols) > 12 ? 12 : (int)((size_t)pn->pw / cols);
	for (c = 0; c < cols; c++) {
		lw = sorted_at(h, (int)c, pn->pw);
		if (!isfinite(lw))
			continue;
		f = (lw - h->ylo) / (h->yhi - h->ylo);
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

/* The figure's bins summed into pw bins over the same range, a bin that
 * straddles two panel bins shared by its overlap. */
static size_t
binned_resample(const struct view_hist *h, int pw, double *out, double *max)
{
	size_t nb = pw < (int)VIEW_COLS_MAX ? (size_t)pw : VIEW_COLS_MAX, c, j;
	double a, b, lo, hi, step = (double)h->cols / (double)nb;

	*max = 0;
	for (j = 0; j < nb; j++) {
		out[j] = 0;
		a = (double)j * step;
		b = a + step;
		for (c = (size_t)a; c < h->cols && (double)c < b; c++) {
			lo = (double)c > a ? (double)c : a;
			hi = (double)c + 1 < b ? (double)c + 1 : b;
			out[j] += h->count[c] * (hi - lo);
		}
		if (out[j] > *max)
			*max = out[j];
	}
	return nb;
}

static void
draw_binned(struct view_panel *pn, WINDOW *w, int oy)
{
	const struct view_hist *h = pn->own;
	double count[VIEW_COLS_MAX], max;
	size_t c, nb = binned_resample(h, pn->pw, count, &max);
	int r, top;
	double f, full;

	for (c = 0; c < nb; c++) {
		if (!(count[c] > 0))
			continue;
		f = log1p(count[c]) / log1p(max);
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


/* "rank 1 .. n (log scale)": n as 2^k when it is one (a 13-digit n does
 * not fit a narrow panel), the note only when it fits whole. */
static void
rank_label(struct view_panel *pn, WINDOW *w, int y, const struct view_hist *h)
{
	char n[32], buf[96];
	int e = (int)lround(log2(h->n));

	if (h->n >= 1024 && ldexp(1, e) == h->n)
		snprintf(n, sizeof n, "2^%d", e);
	else
		snprintf(n, sizeof n, "%.0f", h->n);
	snprintf(buf, sizeof buf, "rank 1 .. %s%s", n, drawn_logrank(h, pn->pw) ?
	    " (log scale)" : "");
	if (view_width(buf) > pn->pw)
		snprintf(buf, sizeof buf, "rank 1 .. %s", n);
	view_printf(w, y, AXIS_W, pn->pw, view_attr_dim(), "%s", buf);
}

static void
hist_draw(struct view_panel *pn, WINDOW *w)
{
	const struct view_state *st = pn->st;
	const struct view_hist *h = pn->own;
	const dsp_summary *s = &st->sum;
	int iw = pn->w - 2, oy = 2, binned = st->vs.hist_mode == 1, y;
	char a[32], b[32], line[512], item[64], last[64];
	size_t i, j, len;

	if (h->ok && h->expected)
		binned = 1;	/* no items drawn: only their distribution */
	view_frame(w, h->ok && h->expected ? (s->method == DSP_METHOD_TYPICAL ?
	    "Weights: typical configuration" : "Weights: expected distribution") : binned ?
	    "Weights: log10 distribution" : "Weights: sorted coefficients", pn->focused);
	if (st->sum_busy) {
		/* A worker job (large explicit input): nothing stale drawn. */
		view_printf(w, 1, 1, iw, 0, "%s", view_computing(a, sizeof a, st->sum_pct));
		return;
	}
	if (!h->ok) {
		y = 1;
		view_line(w, &y, pn->h - 2, 1, iw, view_attr_error(), "%s", h->err);
		if (st->sum_ok)
			view_line(w, &y, pn->h - 2, 1, iw, 0, "max weight %s  min %s",
			    view_num(a, sizeof a, s->max_weight, 3),
			    view_num(b, sizeof b, s->min_weight, 3));
		return;
	}
	/* A row that underflowed to 0 has no bars to draw: say so instead of
	 * drawing n empty bars (and H = 0 elsewhere reading as sharp). */
	if (st->sum_ok && dsp_row_underflow(s)) {
		y = 1;
		view_line(w, &y, pn->h - 2, 1, iw, view_attr_error(), "%s in %s",
		    dsp_band_text(DSP_BAND_UNDERFLOW), dsp_precision_name(st->vs.params.precision));
		view_line(w, &y, pn->h - 2, 1, iw, 0, "band [%s, %s]: every weight is below it",
		    view_band_edge(a, sizeof a, s, 0, 3), view_band_edge(b, sizeof b, s, 1, 3));
		return;
	}
	snprintf(line, sizeof line, "band [%s, %s]  max %s",
	    view_band_edge(a, sizeof a, s, 0, 3), view_band_edge(b, sizeof b, s, 1, 3),
	    view_num(item, sizeof item, s->max_weight, 3));
	/* Whole or without "max" (the bars show it), never cut. */
	if (cols(line) > (size_t)iw)
		snprintf(line, sizeof line, "band [%s, %s]", a, b);
	snprintf(item, sizeof item, "  (g: %s)", h->expected ? "n/a" : binned ? "sorted" :
	    "binned");
	view_printf(w, 1, 1, iw, 0, "%s%s", line, cols(line) + cols(item) <= (size_t)iw ?
	    item : "");
	pn->ph = pn->h - 2 - 3;
	pn->pw = iw - AXIS_W + 1;
	pn->py = pn->y + oy;
	pn->px = pn->x + AXIS_W;
	if (pn->ph < 2 || pn->pw < 4)
		return;
	if (!binned) {
		view_decade_axis(w, oy, pn->ph, 1, AXIS_W - 2, h->ylo, h->yhi);
		draw_sorted(pn, w, oy);
		if (isfinite(s->lo_tight) && s->lo_tight > 0)
			band_line(pn, w, row_of(pn, log10(s->lo_tight), h->ylo, h->yhi), oy, " lo");
		if (isfinite(s->hi_tight))
			band_line(pn, w, row_of(pn, log10(s->hi_tight), h->ylo, h->yhi), oy, " hi");
		rank_label(pn, w, oy + pn->ph, h);
	} else {
		draw_binned(pn, w, oy);
		if (isfinite(s->lo_tight) && s->lo_tight > 0)
			band_column(pn, w, col_of(pn, log10(s->lo_tight), h->ylo, h->yhi), oy, "lo");
		if (isfinite(s->hi_tight))
			band_column(pn, w, col_of(pn, log10(s->hi_tight), h->ylo, h->yhi), oy, "hi");
		snprintf(line, sizeof line, "%-8.3g weight (log10 bins, log count) %8.3g",
		    pow(10, h->ylo), pow(10, h->yhi));
		if (cols(line) > (size_t)pn->pw)	/* the ends, never cut */
			snprintf(line, sizeof line, "%-*.3g%8.3g", pn->pw > 16 ? pn->pw - 8 : 8,
			    pow(10, h->ylo), pow(10, h->yhi));
		view_printf(w, oy + pn->ph, AXIS_W, pn->pw, view_attr_dim(), "%s", line);
		view_printf(w, oy, 1, AXIS_W - 1, view_attr_dim(), "count");
	}
	if (h->expected) {
		view_printf(w, pn->h - 2, 1, iw, view_attr_dim(), "%s", iw >= 55 ?
		    "the n weights of the law (large-n route), not one sample" :
		    "the law's weights, not one sample");
		return;
	}
	/* The runs: what the weights are, value x multiplicity; as many of
	 * the heaviest as fit, then the lightest. */
	last[0] = '\0';
	if (h->nruns > h->ntop)
		snprintf(last, sizeof last, " %s %s%s%llu", view_sym(SYM_ELLIPSIS),
		    view_num(a, sizeof a, h->last_value, 3), view_sym(SYM_TIMES),
		    (unsigned long long)h->last_count);
	len = (size_t)snprintf(line, sizeof line, "%zu run%s:", h->nruns, h->nruns == 1 ? "" : "s");
	for (i = 0; i < h->ntop; i = j) {
		unsigned long long cnt = h->top_count[i];

		/* Runs whose values print alike are one item with their
		 * counts summed: 9.54e-07x3, not 9.54e-07x1 three times. */
		view_num(a, sizeof a, h->top_value[i], 3);
		for (j = i + 1; j < h->ntop && strcmp(a, view_num(b, sizeof b,
		    h->top_value[j], 3)) == 0; j++)
			cnt += h->top_count[j];
		snprintf(item, sizeof item, " %s%s%llu", a, view_sym(SYM_TIMES), cnt);
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
