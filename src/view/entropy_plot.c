/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Entropy vs n: log-x curves from n = 1 to 2^40 with the entropy floor and
 * log n ceiling, and the max coefficient with its Lemma 2.1 band; markers
 * at the current n and at Theorem 2.2's critical n.  The plots; the panel
 * around them (legend, captions, layout) is curve_panel.c. */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/schema/attn.h"
#include "view/curve_int.h"
#include "view/view.h"

/* The columns left of the plots (AXIS_W, or one more: curve_panel.c). */
static int
axis_w(const struct view_panel *pn)
{
	return pn->px - pn->x;
}

/* Value of y[] at log size ln, interpolated linearly in log n; NaN outside
 * the computed sizes. */
static double
sample_at(const double *ns, size_t count, const double *y, double ln)
{
	size_t lo = 0, hi, mid;
	double a, b, t;

	if (count == 0)
		return NAN;
	hi = count - 1;
	/* Nothing outside the computed sizes: a curve that stops (no large-n
	 * route, limit, budget, refusal) must not be drawn on as a flat line. */
	if (ln < log(ns[0]) - 1e-9 || ln > log(ns[hi]) + 1e-9)
		return NAN;
	if (ln <= log(ns[0]))
		return y[0];
	if (ln >= log(ns[hi]))
		return y[hi];
	while (hi - lo > 1) {
		mid = (lo + hi) / 2;
		if (log(ns[mid]) <= ln)
			lo = mid;
		else
			hi = mid;
	}
	a = log(ns[lo]);
	b = log(ns[hi]);
	t = b > a ? (ln - a) / (b - a) : 0;
	return y[lo] + t * (y[hi] - y[lo]);
}

static double
sample(const struct view_series *s, const double *y, double ln)
{
	return sample_at(s->n, s->count, y, ln);
}

static double
col_ln(const struct view_panel *pn, int c)
{
	double a = log(pn->st->vs.curve_lo), b = log(pn->st->vs.curve_hi);

	return a + (b - a) * c / (pn->pw > 1 ? pn->pw - 1 : 1);
}

static int
ln_col(const struct view_panel *pn, double ln)
{
	double a = log(pn->st->vs.curve_lo), b = log(pn->st->vs.curve_hi), f;

	f = (ln - a) / (b - a);
	if (!(f >= 0 && f <= 1))
		return -1;
	return (int)lround(f * (pn->pw - 1));
}

static void
put(WINDOW *w, int y, int x, attr_t a, const char *g)
{
	view_printf(w, y, x, 1, a, "%s", g);
}

/* A plot drawn on a canvas of pw x h cells at sub-cell resolution. */
struct plot {
	struct view_panel	*pn;
	struct view_canvas	 cv;
	int			 sw, sh;	/* sub-cells */
	double			 lo, hi;	/* y range */
	int			 pad;		/* sub-rows kept free at each end */
	int			 clip;		/* below lo: not drawn (else on lo) */
};

static double
sub_ln(const struct plot *pl, int sx)
{
	double a = log(pl->pn->st->vs.curve_lo), b = log(pl->pn->st->vs.curve_hi);

	return a + (b - a) * sx / (pl->sw > 1 ? pl->sw - 1 : 1);
}

static int
sub_row(const struct plot *pl, double v)
{
	double f = (v - pl->lo) / (pl->hi - pl->lo);

	if (!isfinite(f) || (pl->clip && f < -1e-9))
		return -1;
	if (f < 0)
		f = 0;
	if (f > 1)
		f = 1;
	/* The limits (H = 0, max weight = 1) one sub-row inside the cell, as
	 * a line through it, not along its edge where it reads as the axis,
	 * the frame or the other plot's edge. */
	return pl->sh - 1 - pl->pad - (int)lround(f * (pl->sh - 1 - 2 * pl->pad));
}

/* Trace y(n) across the sub-columns: dots joined vertically between
 * neighbouring columns, so a steep curve stays one line. */
static void
trace_xy(struct plot *pl, const double *ns, size_t count, const double *y, int logy,
    attr_t a, const char *glyph)
{
	int sx, r, prev = -1, k;
	double v;

	for (sx = 0; sx < pl->sw; sx++) {
		v = sample_at(ns, count, y, sub_ln(pl, sx));
		if (logy)
			v = v > 0 ? log10(v) : NAN;
		if ((r = sub_row(pl, v)) < 0) {
			prev = -1;
			continue;
		}
		if (prev >= 0 && view_canvas_yres() > 1)
			for (k = (prev < r ? prev : r) + 1; k < (prev < r ? r : prev); k++)
				view_canvas_dot(&pl->cv, sx, k, a, glyph);
		view_canvas_dot(&pl->cv, sx, r, a, glyph);
		prev = r;
	}
}

static void
trace_curve(struct plot *pl, const struct view_series *s, const double *y, int logy,
    attr_t a, const char *glyph)
{
	trace_xy(pl, s->n, s->count, y, logy, a, glyph);
}

/* Apart from the log n ceiling's dots, also in ASCII ("." there). */
const char *
curve_faint_glyph(void)
{
	return view_style.utf8 ? "." : ",";
}

/* The resample view's other heads (the view_faint array at offset off):
 * dim dots under everything else, so the head's curves stay on top. */
static void
faint_curves(struct plot *pl, const struct view_curve *cv, size_t off, int logy)
{
	const double *y;
	size_t i;

	for (i = 0; i < cv->cv_nother; i++) {
		y = (const double *)(const void *)((const char *)&cv->cv_other[i] + off);
		trace_xy(pl, cv->cv_other[i].n, cv->cv_other[i].count, y, logy,
		    view_attr_dim(), curve_faint_glyph());
	}
}

/* Compare mode: each function's marker glyph every few columns, at its
 * own offset, so overlaid curves tell apart without colour; a pin's
 * number on its ghost.  With `at` a number: only where the curve sits on
 * that value (a limit of the axis), so a lone curve at H = 0 or max
 * weight = 1 reads as a curve, not as a rule along the plot's edge. */
static void
marks(struct plot *pl, const struct view_series *s, const double *y, int logy, int i,
    attr_t a, const char *glyph, double at)
{
	int c, r;
	double v;

	for (c = 2 + 3 * i % 12; c < pl->cv.w; c += 12) {
		v = sample(s, y, col_ln(pl->pn, c));
		if (logy)
			v = v > 0 ? log10(v) : NAN;
		if (!isnan(at) && !(fabs(v - at) <= 1e-6 * (pl->hi - pl->lo)))
			continue;
		if ((r = sub_row(pl, v)) >= 0)
			view_canvas_mark(&pl->cv, c, r / view_canvas_yres(), a, glyph);
	}
}

/* A plot's geometry, h rows of the panel's plot columns over [lo, hi];
 * no canvas (curve_h_on_ceiling only asks where a value falls). */
static void
plot_geometry(struct plot *pl, struct view_panel *pn, int h, double lo, double hi)
{
	pl->pn = pn;
	pl->lo = lo;
	pl->hi = hi;
	pl->sw = pn->pw * view_canvas_xres();
	pl->sh = h * view_canvas_yres();
	pl->pad = view_canvas_yres() > 1;
	pl->clip = 0;
}

static int
plot_begin(struct plot *pl, struct view_panel *pn, int h, double lo, double hi)
{
	plot_geometry(pl, pn, h, lo, hi);
	return view_canvas_init(&pl->cv, pn->pw, h);
}

static void
plot_end(struct plot *pl, WINDOW *w, int top)
{
	view_canvas_draw(&pl->cv, w, top, axis_w(pl->pn));
	view_canvas_free(&pl->cv);
}

/* Theorem 2.2's critical n is about one fixed temperature: SSMax and
 * log-n scale it with n (core/math/critical.h), so no n* is drawn for them. */
int
curve_fixed_temperature(const struct view_state *st)
{
	return !dsp_attn_scales_n(st->vs.params.attn);
}

static void
markers(struct view_panel *pn, WINDOW *w, int top, int h)
{
	const dsp_summary *s = &pn->st->sum;
	int c, r;

	if (pn->st->sum_ok && curve_fixed_temperature(pn->st) && isfinite(s->log_critical_n) &&
	    (c = ln_col(pn, s->log_critical_n)) >= 0)
		for (r = top; r < top + h; r++)
			put(w, r, axis_w(pn) + c, view_attr_band(), ":");
	if ((c = ln_col(pn, log((double)pn->st->vs.params.n))) >= 0)
		for (r = top; r < top + h; r++)
			put(w, r, axis_w(pn) + c, view_attr_marker(), view_sym(SYM_VLINE));
}

/* Series drawn as curves: all but the pinned ghosts. */
static size_t
live_series(const struct view_curve *cv)
{
	size_t i, n = 0;

	for (i = 0; i < cv->nseries; i++)
		n += !cv->series[i].pin;
	return n;
}

/* A pin's mark: its number (1..8), so a ghost reads apart from the dotted
 * log n ceiling (both dim) in the plot and in the legend. */
const char *
curve_pin_glyph(const struct view_curve *cv, size_t i)
{
	static const char *num[] = { "1", "2", "3", "4", "5", "6", "7", "8", "9" };
	size_t k, n = 0;

	for (k = 0; k < i; k++)
		n += cv->series[k].pin != 0;
	return num[n % (sizeof num / sizeof num[0])];
}

/* ASCII: the series' own glyph in every cell of its curve. */
const char *
curve_series_glyph(const struct view_curve *cv, size_t i)
{
	return i == 0 && live_series(cv) == 1 ? view_sym(SYM_BULLET) : view_series_glyph((int)i);
}

/* Every series' curve of one figure (the view_series array at offset
 * off), the first on top, pinned ghosts under them; in compare mode the
 * marker glyphs over them, else the lone curve's glyph where it sits on
 * the axis limit `limit`. */
static void
all_series(struct plot *pl, const struct view_curve *cv, size_t off, int logy,
    double limit)
{
	const double *y;
	size_t i;

	/* Pinned curves (key b) first, dim, so a change is seen against
	 * what was there. */
	for (i = 0; i < cv->nseries; i++)
		if (cv->series[i].ok && cv->series[i].pin) {
			y = (const double *)(const void *)((const char *)&cv->series[i] + off);
			trace_curve(pl, &cv->series[i], y, logy, view_attr_dim(),
			    view_sym(SYM_DOT));
		}
	for (i = cv->nseries; i-- > 0;)
		if (cv->series[i].ok && !cv->series[i].pin) {
			y = (const double *)(const void *)((const char *)&cv->series[i] + off);
			trace_curve(pl, &cv->series[i], y, logy, view_attr_series((int)i),
			    curve_series_glyph(cv, i));
		}
	/* Marks over every curve: a pin's number, each function's glyph. */
	for (i = 0; i < cv->nseries; i++)
		if (cv->series[i].ok && cv->series[i].pin) {
			y = (const double *)(const void *)((const char *)&cv->series[i] + off);
			marks(pl, &cv->series[i], y, logy, (int)i, view_attr_dim(),
			    curve_pin_glyph(cv, i), NAN);
		}
	for (i = cv->nseries; i-- > 0;)
		if (cv->series[i].ok && !cv->series[i].pin) {
			y = (const double *)(const void *)((const char *)&cv->series[i] + off);
			marks(pl, &cv->series[i], y, logy, (int)i, view_attr_series((int)i),
			    curve_series_glyph(cv, i), live_series(cv) > 1 ? NAN : limit);
		}
}

/* The entropy plot's top: the ceiling log n at the largest n computed, so
 * a curve that stops at 2^12 keeps its resolution instead of hugging the
 * H = 0 row of a 0 .. log 2^40 axis. */
static double
entropy_ymax(const struct view_panel *pn)
{
	const struct view_curve *cv = pn->own;
	const struct view_state *st = pn->st;
	double ymax = 0;
	size_t i;

	for (i = 0; i < cv->nseries; i++)
		if (cv->series[i].ok && cv->series[i].count > 0 &&
		    log(cv->series[i].n[cv->series[i].count - 1]) > ymax)
			ymax = log(cv->series[i].n[cv->series[i].count - 1]);
	if (!(ymax > 0) || ymax > log(st->vs.curve_hi))
		ymax = log(st->vs.curve_hi);
	return ymax;
}

int
curve_h_on_ceiling(struct view_panel *pn, int h)
{
	const struct view_curve *cv = pn->own;
	const struct view_series *s = &cv->series[0];
	/* Dots in neighbouring sub-rows read as one thick line; in ASCII (a
	 * row a character) the ceiling shows only in stray dots. */
	int sx, seen = 0;
	struct plot pl;
	double ln, v;

	if (cv->nseries == 0 || !s->ok || s->pin || h < 1 || pn->pw < 1)
		return 0;
	plot_geometry(&pl, pn, h, 0, entropy_ymax(pn));
	for (sx = 0; sx < pl.sw; sx++) {
		ln = sub_ln(&pl, sx);
		if (ln > pl.hi + 1e-9 || isnan(v = sample(s, s->entropy, ln)))
			continue;
		if (abs(sub_row(&pl, v) - sub_row(&pl, ln)) > 1)
			return 0;
		seen = 1;
	}
	return seen;
}

void
curve_entropy_plot(struct view_panel *pn, WINDOW *w, int top, int h)
{
	const struct view_curve *cv = pn->own;
	double ymax = entropy_ymax(pn), ln;
	struct plot pl;
	size_t i;
	int c, sx, r;
	char y0[16];

	view_printf(w, top, 1, axis_w(pn) - 1, view_attr_dim(), "%*s", axis_w(pn) - 2,
	    view_num(y0, sizeof y0, ymax, 3));
	view_printf(w, top + h - 1, 1, axis_w(pn) - 1, view_attr_dim(), "%*s", axis_w(pn) - 2,
	    "0 H");
	markers(pn, w, top, h);
	if (plot_begin(&pl, pn, h, 0, ymax) != 0)
		return;
	/* Ceiling log n and, for the main series, the entropy floor. */
	for (sx = 0; sx < pl.sw; sx++) {
		ln = sub_ln(&pl, sx);
		if (ln <= ymax + 1e-9 && (r = sub_row(&pl, ln)) >= 0 &&
		    (view_canvas_yres() == 1 || sx % 2 == 0))
			view_canvas_dot(&pl.cv, sx, r, view_attr_dim(), view_style.utf8 ?
			    view_sym(SYM_DOT) : ".");
	}
	faint_curves(&pl, cv, offsetof(struct view_faint, entropy), 0);
	if (cv->nseries > 0 && cv->series[0].ok)
		trace_curve(&pl, &cv->series[0], cv->series[0].floor, 0, view_attr_band(),
		    view_sym(SYM_HLINE));
	all_series(&pl, cv, offsetof(struct view_series, entropy), 0, 0);
	/* Every weight underflowed to 0 (reduced precision): H = 0 there is
	 * no sharpness, so an 'x' on the axis instead (legend says so). */
	for (c = 0; c < pn->pw; c++)
		for (i = 0; i < cv->nseries; i++)
			if (cv->series[i].ok && !cv->series[i].pin &&
			    sample(&cv->series[i], cv->series[i].maxw, col_ln(pn, c)) == 0)
				view_canvas_mark(&pl.cv, c, h - 1, view_attr_error(), "x");
	plot_end(&pl, w, top);
}

/* The max-weight plot's log10 range: from the lowest decade a drawn
 * curve reaches, to 1.  The view's own curves (with their pins and the
 * adaptive view's plain twin) take in its Lemma 2.1 band; in compare mode
 * the curves set it alone (SSMax's band falls to 1e-61 and would flatten
 * softmax's fall), and *clip says the band goes below it. */
double
curve_maxw_range(const struct view_panel *pn, int *clip)
{
	const struct view_curve *cv = pn->own;
	const struct view_state *st = pn->st;
	double ylo = 0, blo = 0, v;
	size_t i, k;

	for (i = 0; i < cv->nseries; i++)
		for (k = 0; cv->series[i].ok && k < cv->series[i].count; k++) {
			v = cv->series[i].maxw[k];
			if (v > 0 && log10(v) < ylo)
				ylo = log10(v);
			v = cv->series[i].lo[k];
			if (i == 0 && v > 0 && log10(v) < blo)
				blo = log10(v);
		}
	for (i = 0; i < cv->cv_nother; i++)
		for (k = 0; k < cv->cv_other[i].count; k++) {
			v = cv->cv_other[i].maxw[k];
			if (v > 0 && log10(v) < ylo)
				ylo = log10(v);
		}
	if ((!st->vs.overlays || live_series(cv) <= 1) && blo < ylo)
		ylo = blo;
	ylo = floor(ylo);
	if (ylo < -300)
		ylo = -300;
	if (ylo > -1)
		ylo = -1;
	*clip = blo < ylo - 1e-9;
	return ylo;
}

void
curve_maxw_plot(struct view_panel *pn, WINDOW *w, int top, int h)
{
	const struct view_curve *cv = pn->own;
	const struct view_series *m = &cv->series[0];
	struct plot pl;
	int clip;
	double ylo = curve_maxw_range(pn, &clip);

	view_decade_axis(w, top, h, 1, axis_w(pn) - 2, ylo, 0);
	markers(pn, w, top, h);
	if (plot_begin(&pl, pn, h, ylo, 0) != 0)
		return;
	/* The Lemma 2.1 band first, so the curves are drawn over it; below
	 * the range (comparing) not drawn, not run along the bottom row. */
	if (m->ok) {
		pl.clip = 1;
		trace_curve(&pl, m, m->hi, 1, view_attr_band(), view_sym(SYM_HLINE));
		trace_curve(&pl, m, m->lo, 1, view_attr_band(), view_sym(SYM_HLINE));
		pl.clip = 0;
	}
	faint_curves(&pl, cv, offsetof(struct view_faint, maxw), 1);
	all_series(&pl, cv, offsetof(struct view_series, maxw), 1, 0);
	plot_end(&pl, w, top);
}

void
curve_xaxis(struct view_panel *pn, WINDOW *w, int y)
{
	double lhi = log2(pn->st->vs.curve_hi);
	int e, c, step = lhi > 20 ? 10 : 5;

	for (e = 0; e <= (int)lhi; e += step) {
		if ((c = ln_col(pn, e * M_LN2)) < 0)
			continue;
		if (e == 0)
			view_printf(w, y, axis_w(pn) + c, 3, view_attr_dim(), "1");
		else if (c + 3 <= pn->pw)
			view_printf(w, y, axis_w(pn) + c - 2, 5, view_attr_dim(), "2^%d", e);
		else
			view_printf(w, y, axis_w(pn) + pn->pw - 4, 4, view_attr_dim(), "2^%d", e);
	}
}

