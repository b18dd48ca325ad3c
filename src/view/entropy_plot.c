/* Entropy vs n: log-x curves from n = 1 to 2^40 with the entropy floor and
 * log n ceiling, and the max coefficient with its Lemma 2.1 band; markers
 * at the current n and at Theorem 2.2's critical n. */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/schema/attn.h"
#include "view/view.h"

/* Columns left of the plots: the y labels ("1e-10", " 27.7") and a blank;
 * one more when a decade label has three digits ("1e-100"): a label is
 * never cut into another number. */
#define AXIS_W	7

static int
axis_w(const struct view_panel *pn)
{
	return pn->px - pn->x;
}

static void
curve_update(struct view_panel *pn, const struct view_state *st)
{
	pn->st = st;
}

/* Value of y[] at log size ln, interpolated linearly in log n; NaN outside
 * the computed sizes. */
static double
sample(const struct view_series *s, const double *y, double ln)
{
	size_t lo = 0, hi, mid;
	double a, b, t;

	if (s->count == 0)
		return NAN;
	hi = s->count - 1;
	/* Nothing outside the computed sizes: a curve that stops (no large-n
	 * route) must not be drawn on as a flat line. */
	if (ln < log(s->n[0]) - 1e-9 || ln > log(s->n[hi]) + 1e-9)
		return NAN;
	if (ln <= log(s->n[0]))
		return y[0];
	/* Past the last point there is nothing: a curve that stops (limit,
	 * budget, refusal) must not look flat to the right edge. */
	if (ln > log(s->n[hi]) + 1e-9)
		return NAN;
	if (ln >= log(s->n[hi]))
		return y[hi];
	while (hi - lo > 1) {
		mid = (lo + hi) / 2;
		if (log(s->n[mid]) <= ln)
			lo = mid;
		else
			hi = mid;
	}
	a = log(s->n[lo]);
	b = log(s->n[hi]);
	t = b > a ? (ln - a) / (b - a) : 0;
	return y[lo] + t * (y[hi] - y[lo]);
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
trace_curve(struct plot *pl, const struct view_series *s, const double *y, int logy,
    attr_t a, const char *glyph)
{
	int sx, r, prev = -1, k;
	double v;

	for (sx = 0; sx < pl->sw; sx++) {
		v = sample(s, y, sub_ln(pl, sx));
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

static int
plot_begin(struct plot *pl, struct view_panel *pn, int h, double lo, double hi)
{
	pl->pn = pn;
	pl->lo = lo;
	pl->hi = hi;
	pl->sw = pn->pw * view_canvas_xres();
	pl->sh = h * view_canvas_yres();
	pl->pad = view_canvas_yres() > 1;
	pl->clip = 0;
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
static int
fixed_temperature(const struct view_state *st)
{
	return !dsp_attn_scales_n(st->vs.params.attn);
}

static void
markers(struct view_panel *pn, WINDOW *w, int top, int h)
{
	const dsp_summary *s = &pn->st->sum;
	int c, r;

	if (pn->st->sum_ok && fixed_temperature(pn->st) && isfinite(s->log_critical_n) &&
	    (c = ln_col(pn, s->log_critical_n)) >= 0)
		for (r = top; r < top + h; r++)
			put(w, r, axis_w(pn) + c, view_attr_band(), ":");
	if ((c = ln_col(pn, log((double)pn->st->vs.params.n))) >= 0)
		for (r = top; r < top + h; r++)
			put(w, r, axis_w(pn) + c, view_attr_marker(), view_sym(SYM_VLINE));
}

/* Series drawn as curves: all but the pinned ghosts. */
static size_t
live_series(const struct view_state *st)
{
	size_t i, n = 0;

	for (i = 0; i < st->nseries; i++)
		n += !st->series[i].pin;
	return n;
}

/* A pin's mark: its number (1..8), so a ghost reads apart from the dotted
 * log n ceiling (both dim) in the plot and in the legend. */
static const char *
pin_glyph(const struct view_state *st, size_t i)
{
	static const char *num[] = { "1", "2", "3", "4", "5", "6", "7", "8", "9" };
	size_t k, n = 0;

	for (k = 0; k < i; k++)
		n += st->series[k].pin != 0;
	return num[n % (sizeof num / sizeof num[0])];
}

/* ASCII: the series' own glyph in every cell of its curve. */
static const char *
series_glyph(const struct view_state *st, size_t i)
{
	return i == 0 && live_series(st) == 1 ? view_sym(SYM_BULLET) : view_series_glyph((int)i);
}

/* Every series' curve of one figure (the view_series array at offset
 * off), the first on top, pinned ghosts under them; in compare mode the
 * marker glyphs over them, else the lone curve's glyph where it sits on
 * the axis limit `limit`. */
static void
all_series(struct plot *pl, const struct view_state *st, size_t off, int logy,
    double limit)
{
	const double *y;
	size_t i;

	/* Pinned curves (key b) first, dim, so a change is seen against
	 * what was there. */
	for (i = 0; i < st->nseries; i++)
		if (st->series[i].ok && st->series[i].pin) {
			y = (const double *)(const void *)((const char *)&st->series[i] + off);
			trace_curve(pl, &st->series[i], y, logy, view_attr_dim(),
			    view_sym(SYM_DOT));
		}
	for (i = st->nseries; i-- > 0;)
		if (st->series[i].ok && !st->series[i].pin) {
			y = (const double *)(const void *)((const char *)&st->series[i] + off);
			trace_curve(pl, &st->series[i], y, logy, view_attr_series((int)i),
			    series_glyph(st, i));
		}
	/* Marks over every curve: a pin's number, each function's glyph. */
	for (i = 0; i < st->nseries; i++)
		if (st->series[i].ok && st->series[i].pin) {
			y = (const double *)(const void *)((const char *)&st->series[i] + off);
			marks(pl, &st->series[i], y, logy, (int)i, view_attr_dim(),
			    pin_glyph(st, i), NAN);
		}
	for (i = st->nseries; i-- > 0;)
		if (st->series[i].ok && !st->series[i].pin) {
			y = (const double *)(const void *)((const char *)&st->series[i] + off);
			marks(pl, &st->series[i], y, logy, (int)i, view_attr_series((int)i),
			    series_glyph(st, i), live_series(st) > 1 ? NAN : limit);
		}
}

static void
entropy_plot(struct view_panel *pn, WINDOW *w, int top, int h)
{
	const struct view_state *st = pn->st;
	double ymax = 0, ln;
	struct plot pl;
	size_t i;
	int c, sx, r;
	char y0[16];

	/* The y range is the ceiling log n at the largest n computed: a curve
	 * that stops at 2^12 keeps its resolution instead of hugging the H = 0
	 * row of a 0 .. log 2^40 axis. */
	for (i = 0; i < st->nseries; i++)
		if (st->series[i].ok && st->series[i].count > 0 &&
		    log(st->series[i].n[st->series[i].count - 1]) > ymax)
			ymax = log(st->series[i].n[st->series[i].count - 1]);
	if (!(ymax > 0) || ymax > log(st->vs.curve_hi))
		ymax = log(st->vs.curve_hi);
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
	if (st->nseries > 0 && st->series[0].ok)
		trace_curve(&pl, &st->series[0], st->series[0].floor, 0, view_attr_band(),
		    view_sym(SYM_HLINE));
	all_series(&pl, st, offsetof(struct view_series, entropy), 0, 0);
	/* Every weight underflowed to 0 (reduced precision): H = 0 there is
	 * no sharpness, so an 'x' on the axis instead (legend says so). */
	for (c = 0; c < pn->pw; c++)
		for (i = 0; i < st->nseries; i++)
			if (st->series[i].ok && !st->series[i].pin &&
			    sample(&st->series[i], st->series[i].maxw, col_ln(pn, c)) == 0)
				view_canvas_mark(&pl.cv, c, h - 1, view_attr_error(), "x");
	plot_end(&pl, w, top);
}

/* The max-weight plot's log10 range: from the lowest decade a drawn
 * curve reaches, to 1.  The view's own curves (with their pins and the
 * adaptive view's plain twin) take in its Lemma 2.1 band; in compare mode
 * the curves set it alone (SSMax's band falls to 1e-61 and would flatten
 * softmax's fall), and *clip says the band goes below it. */
static double
maxw_range(const struct view_state *st, int *clip)
{
	double ylo = 0, blo = 0, v;
	size_t i, k;

	for (i = 0; i < st->nseries; i++)
		for (k = 0; st->series[i].ok && k < st->series[i].count; k++) {
			v = st->series[i].maxw[k];
			if (v > 0 && log10(v) < ylo)
				ylo = log10(v);
			v = st->series[i].lo[k];
			if (i == 0 && v > 0 && log10(v) < blo)
				blo = log10(v);
		}
	if ((!st->vs.overlays || live_series(st) <= 1) && blo < ylo)
		ylo = blo;
	ylo = floor(ylo);
	if (ylo < -300)
		ylo = -300;
	if (ylo > -1)
		ylo = -1;
	*clip = blo < ylo - 1e-9;
	return ylo;
}

static void
maxw_plot(struct view_panel *pn, WINDOW *w, int top, int h)
{
	const struct view_state *st = pn->st;
	const struct view_series *m = &st->series[0];
	struct plot pl;
	int clip;
	double ylo = maxw_range(st, &clip);

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
	all_series(&pl, st, offsetof(struct view_series, maxw), 1, 0);
	plot_end(&pl, w, top);
}

static void
xaxis(struct view_panel *pn, WINDOW *w, int y)
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

/* The legend's items flow left to right, each wrapped whole onto the
 * next row; one column short of the frame, as the captions below (a
 * learned model's n* = 4.855e+20 at 100 columns ran into it). */
struct flow {
	WINDOW	*w;		/* NULL: only count */
	int	 x, y, iw;
	int	 last;		/* the last row inside the frame */
};

/* A new row unless bw more columns fit on this one. */
static void
room(struct flow *f, int bw)
{
	if (f->x > 1 && f->x + bw > f->iw) {
		f->x = 1;
		f->y++;
	}
}

/* An item: its glyph drawn as the element it names is (attribute ga),
 * then its text (ta); no glyph for a note. */
static void
item(struct flow *f, const char *glyph, attr_t ga, attr_t ta, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static void
item(struct flow *f, const char *glyph, attr_t ga, attr_t ta, const char *fmt, ...)
{
	char text[160];
	va_list ap;
	int gw = glyph != NULL ? view_width(glyph) + 1 : 0, bw;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	bw = gw + view_width(text);
	room(f, bw);
	if (f->w != NULL && f->x < f->iw && f->y <= f->last) {
		if (glyph != NULL)
			view_printf(f->w, f->y, f->x, f->iw - f->x, ga, "%s", glyph);
		if (f->x + gw < f->iw)
			view_printf(f->w, f->y, f->x + gw, f->iw - f->x - gw, ta, "%s", text);
	}
	f->x += bw + 2;
}

/* The legend: an item for everything drawn, its glyph in the colour and
 * attribute the plot draws it with (without colour the glyphs alone tell
 * apart).  The rows: each series (its glyph, in compare mode the key
 * 1..8 that toggles it, its name) and the lines of the plots shown (the
 * H floor, the log n ceiling, the Lemma 2.1 band); then the markers (n,
 * n*) and notes.  w NULL only counts.  Returns the rows used. */
static int
legend(struct view_panel *pn, WINDOW *w, int mode)
{
	const struct view_state *st = pn->st;
	const dsp_summary *s = &st->sum;
	struct flow f = { w, 1, 1, pn->w - 2, pn->h - 2 };
	int expected = 0, underflow = 0, clip = 0, bw;
	int main_ok = st->nseries > 0 && st->series[0].ok;
	char key[8], cn[48], ep[32], ns[96], nt[32];
	const char *line = view_sym(SYM_HLINE);
	double ylo = 0;
	size_t i, k;

	for (i = 0; i < st->nseries; i++) {
		const struct view_series *se = &st->series[i];
		attr_t sa = se->pin ? view_attr_dim() : view_attr_series((int)i);

		key[0] = '\0';
		/* The key that toggles it: 1..9, then 0 for the tenth. */
		if (st->vs.overlays && se->attn >= 0 && se->attn <= 9 && !se->pin && !(i == 0 &&
		    st->vs.params.adaptive))
			snprintf(key, sizeof key, "%d:", (se->attn + 1) % 10);
		item(&f, se->pin ? pin_glyph(st, i) : series_glyph(st, i), sa, sa, "%s%s%s", key,
		    se->ok ? "" : "!", se->label);
		for (k = 0; se->ok && k < se->count; k++) {
			expected |= se->expected[k];
			underflow |= se->maxw[k] == 0;
		}
	}
	if (mode != 2) {
		if (main_ok)
			item(&f, line, view_attr_band(), view_attr_band(), "H floor");
		item(&f, view_style.utf8 ? view_sym(SYM_DOT) : ".", view_attr_dim(),
		    view_attr_dim(), "log n");
	}
	if (mode != 1 && main_ok) {
		ylo = maxw_range(st, &clip);
		item(&f, line, view_attr_band(), view_attr_band(), "Lemma 2.1 band");
	}
	/* A failed summary is zeroed: its n = 0 and log n* = 0 are not values. */
	if (!fixed_temperature(st))
		snprintf(cn, sizeof cn, "n/a, %s shrinks with n", view_sym(SYM_THETA));
	else if (st->sum_ok && isfinite(s->log_critical_n)) {
		view_num(cn, sizeof cn, exp(s->log_critical_n), 4);
		if (st->vs.params.adaptive)
			strncat(cn, " at this n's beta", sizeof cn - strlen(cn) - 1);
	} else
		snprintf(cn, sizeof cn, "n/a");
	/* n* is about one epsilon; a shrinking theta has none to name. */
	if (fixed_temperature(st))
		snprintf(ns, sizeof ns, "n*=%s (%s=%s)", cn, view_sym(SYM_EPS),
		    view_num(ep, sizeof ep, st->vs.params.eps, 4));
	else
		snprintf(ns, sizeof ns, "n*=%s", cn);
	/* The two markers on one row where they fit, measured at the widest n
	 * the curve shows, so the plots stay put while n plays. */
	snprintf(nt, sizeof nt, "n=%.0f", st->vs.params.n > st->vs.curve_hi ?
	    (double)st->vs.params.n : st->vs.curve_hi);
	bw = 2 + view_width(nt) + 2 + 2 + view_width(ns);
	if (bw < f.iw)
		room(&f, bw);
	item(&f, view_sym(SYM_VLINE), view_attr_marker(), view_attr_marker(), "n=%.0f",
	    (double)st->vs.params.n);
	item(&f, ":", view_attr_band(), view_attr_band(), "%s", ns);
	if (clip)
		item(&f, NULL, 0, view_attr_band(), "band < %s clipped",
		    view_decade(ep, sizeof ep, (int)ylo));
	if (expected)
		item(&f, NULL, 0, view_attr_dim(), "(+law past 2^16, no draw)");
	if (underflow && mode != 2)
		item(&f, "x", view_attr_error(), view_attr_dim(), "all weights underflow to 0");
	return f.x > 1 ? f.y : f.y - 1;
}

/* The caption of a failed series is its error, which names it first
 * ("stickbreak has no large-n limit for uniform: ..."); series failing
 * for the same reason share one caption ("stickbreak, entmax: each has
 * no ..."), so with every function on none is left out.  Each wrapped
 * whole from row y; w NULL only counts.  Returns the rows used. */
static int
captions(const struct view_state *st, int iw, WINDOW *w, int y)
{
	char names[256], text[2 * VIEW_MSG + 256], other[VIEW_MSG];
	unsigned char done[64] = { 0 };
	size_t i, j, n, li, lj;
	int rows = 0, yy;

	for (i = 0; i < st->nseries && i < sizeof done; i++) {
		const struct view_series *a = &st->series[i];

		if (a->err[0] == '\0' || done[i])
			continue;
		li = strlen(a->label);
		snprintf(names, sizeof names, "%s", a->label);
		n = 1;
		for (j = i + 1; j < st->nseries && j < sizeof done; j++) {
			const struct view_series *b = &st->series[j];

			lj = strlen(b->label);
			if (b->err[0] == '\0' || done[j] || strncmp(b->err, b->label, lj) != 0 ||
			    strncmp(a->err, a->label, li) != 0)
				continue;
			snprintf(other, sizeof other, "%s", b->err + lj);
			if (strcmp(other, a->err + li) != 0)
				continue;
			done[j] = 1;
			n++;
			strncat(names, ", ", sizeof names - strlen(names) - 1);
			strncat(names, b->label, sizeof names - strlen(names) - 1);
		}
		if (n > 1)
			snprintf(text, sizeof text, "%s: each%s", names, a->err + li);
		else if (strncmp(a->err, a->label, li) == 0)
			snprintf(text, sizeof text, "%s", a->err);
		else
			snprintf(text, sizeof text, "%s: %s", a->label, a->err);
		/* iw - 1: a blank before the frame. */
		if (w != NULL) {
			yy = y + rows;
			view_line(w, &yy, yy + view_line_rows(iw - 1, text) - 1, 1, iw - 1,
			    view_attr_error(), "%s", text);
		}
		rows += view_line_rows(iw - 1, text);
	}
	return rows;
}

static void
curve_draw(struct view_panel *pn, WINDOW *w)
{
	const struct view_state *st = pn->st;
	int iw = pn->w - 2, top, avail, h1, mode = st->vs.curve_mode, ncap, aw, clip;
	char title[96], busy[32];
	static const char *mode_name[3] = {
		"Entropy and max weight vs n", "Entropy vs n", "Max weight vs n"
	};

	/* Too short for two plots: mode 0 draws the entropy alone (the app's
	 * 'v' skips mode 0 then).  The title names the mode drawn. */
	if (mode == 0 && pn->h - 5 < 12)
		mode = 1;
	top = 1 + legend(pn, NULL, mode);
	if (st->curve_busy && st->busy_pct >= 0)
		snprintf(busy, sizeof busy, " (computing %d %%)", st->busy_pct);
	else
		snprintf(busy, sizeof busy, "%s", st->curve_busy ? " (computing)" : "");
	snprintf(title, sizeof title, "%s%s%s", mode_name[mode >= 0 && mode < 3 ? mode : 0],
	    st->vs.overlays ? ": compare" : "", busy);
	view_frame(w, title, pn->focused);
	aw = AXIS_W;
	if (mode != 1 && st->nseries > 0 && maxw_range(st, &clip) <= -100)
		aw++;
	pn->pw = iw - aw + 1;
	pn->px = pn->x + aw;
	pn->py = pn->y + top;
	avail = pn->h - 2 - top;	/* rows for plots + x axis */
	pn->ph = avail;
	if (st->nseries == 0 && st->nthetas > 0) {
		view_theta_draw(pn, w, iw);
		return;
	}
	if (st->curve_err[0] != '\0' && (st->nseries == 0 || !st->series[0].ok)) {
		view_printf(w, 1, 1, iw, view_attr_error(), "%s", st->curve_err);
		return;
	}
	legend(pn, w, mode);
	/* Failed series, or ones that stop early: say why, every one, above
	 * the frame (the plots give up the rows). */
	ncap = captions(st, iw, NULL, 0);
	avail -= ncap;
	if (ncap > 0)
		captions(st, iw, w, pn->h - 1 - ncap);
	if (pn->pw < 8 || avail < 4)
		return;
	if (mode == 0) {
		/* A row between the two plots names the lower one: they read
		 * as one otherwise (H's 0 over the weight's 1). */
		h1 = (avail - 2) / 2;
		entropy_plot(pn, w, top, h1);
		{
			static const char *lab[] = {
				"max weight (log10), Lemma 2.1 band:", "max weight (log10):",
				"max weight:", ""
			};
			size_t k = 0;

			/* The longest that fits whole, a blank before the frame. */
			while (lab[k][0] != '\0' && view_width(lab[k]) >= pn->pw)
				k++;
			view_printf(w, top + h1, axis_w(pn), pn->pw, view_attr_dim(), "%s", lab[k]);
		}
		maxw_plot(pn, w, top + h1 + 1, avail - 2 - h1);
	} else if (mode == 1)
		entropy_plot(pn, w, top, avail - 1);
	else
		maxw_plot(pn, w, top, avail - 1);
	xaxis(pn, w, top + avail - 1);
}

const struct view_class view_curve_class = {
	"Entropy vs n", curve_update, curve_draw
};
