/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A file's logits have one n, so the curve panel draws their entropy and
 * max weight against theta instead (log theta on x, the view's theta
 * marked), with the table of the same numbers below when there is room. */
#include <math.h>
#include <stdio.h>

#include "view/view.h"

#define TH_AXIS	7	/* y labels and a blank, as the over-n plots */
#define TH_MIN	8	/* rows: two 3-row plots, the label between, the x axis */

/* One figure against log theta on a canvas of pw x h cells. */
struct thplot {
	const struct view_state	*st;
	const struct view_curve	*curve;
	struct view_canvas	 cv;
	int			 sw, sh;	/* sub-cells */
	double			 a, b;		/* log theta at the left and right edge */
	double			 lo, hi;	/* y range */
};

/* Linear in log theta between the measured points; NaN outside. */
static double
at(const struct view_curve *cv, const double *y, double lt)
{
	size_t i;
	double a, b;

	for (i = 0; i + 1 < cv->nthetas; i++) {
		a = log(cv->th_theta[i]);
		b = log(cv->th_theta[i + 1]);
		if (lt >= a - 1e-12 && lt <= b + 1e-12)
			return b > a ? y[i] + (lt - a) / (b - a) * (y[i + 1] - y[i]) : y[i];
	}
	return NAN;
}

static int
thcol(const struct thplot *pl, double lt, int width)
{
	return (int)lround((lt - pl->a) / (pl->b - pl->a) * (width - 1));
}

static int
throw_(const struct thplot *pl, double v)
{
	double f = (v - pl->lo) / (pl->hi - pl->lo);

	if (!isfinite(f))
		return -1;
	f = f < 0 ? 0 : f > 1 ? 1 : f;
	return pl->sh - 1 - (int)lround(f * (pl->sh - 1));
}

/* y (log10 when logy) traced across the sub-columns onto the canvas. */
static void
thline(struct thplot *pl, const double *y, int logy, attr_t a, const char *glyph)
{
	int sx, r, prev = -1, k;
	double v;

	for (sx = 0; sx < pl->sw; sx++) {
		v = at(pl->curve, y, pl->a + (pl->b - pl->a) * sx / (pl->sw > 1 ? pl->sw - 1 : 1));
		if (logy)
			v = v > 0 ? log10(v) : NAN;
		if ((r = throw_(pl, v)) < 0) {
			prev = -1;
			continue;
		}
		for (k = (prev < r ? prev : r) + 1; prev >= 0 && k < (prev < r ? r : prev); k++)
			view_canvas_dot(&pl->cv, sx, k, a, glyph);
		view_canvas_dot(&pl->cv, sx, r, a, glyph);
		prev = r;
	}
}

/* The head's y (log10 when logy) with a bullet at each measured theta,
 * over the other heads' (oy, faint: drawn first, so that where they meet
 * the head's line is the one seen), the view's theta a vertical line
 * under them. */
static void
thtrace(struct thplot *pl, WINDOW *w, int top, int h, int pw, const double *y,
    const double (*oy)[VIEW_THETAS], int logy)
{
	const struct view_curve *cv = pl->curve;
	const struct view_state *st = pl->st;
	int r, c;
	double v;
	size_t i;

	c = thcol(pl, log(st->vs.params.theta), pw);
	for (r = 0; c >= 0 && c < pw && r < h; r++)
		view_printf(w, top + r, TH_AXIS + c, 1, view_attr_marker(), "%s",
		    view_sym(SYM_VLINE));
	if (view_canvas_init(&pl->cv, pw, h) != 0)
		return;
	pl->sw = pw * view_canvas_xres();
	pl->sh = h * view_canvas_yres();
	for (i = 0; i < cv->th_nother; i++)
		thline(pl, oy[i], logy, view_attr_dim(), ".");
	thline(pl, y, logy, view_attr_series(0), view_sym(SYM_DOT));
	for (i = 0; i < cv->nthetas; i++) {
		v = logy ? (y[i] > 0 ? log10(y[i]) : NAN) : y[i];
		if ((r = throw_(pl, v)) >= 0)
			view_canvas_mark(&pl->cv, thcol(pl, log(cv->th_theta[i]), pw),
			    r / view_canvas_yres(), view_attr_series(0), view_sym(SYM_BULLET));
	}
	view_canvas_draw(&pl->cv, w, top, TH_AXIS);
	view_canvas_free(&pl->cv);
}

/* The row between the plots: what the lower one is, and the faint lines
 * when there are other heads (how many of how many). */
static void
label(const struct view_curve *cv, WINDOW *w, int y, int pw)
{
	char faint[96] = "";
	const char *what = pw > 36 ? "max weight (log10), H above: nats" :
	    "max weight (log10)";

	if (cv->th_nother > 0 && cv->th_nother < cv->th_others)
		snprintf(faint, sizeof faint, "; faint: %zu of %llu other heads",
		    cv->th_nother, (unsigned long long)cv->th_others);
	else if (cv->th_nother > 0)
		snprintf(faint, sizeof faint, "; faint: the %zu other head%s",
		    cv->th_nother, cv->th_nother == 1 ? "" : "s");
	if (view_width(what) + view_width(faint) > pw)
		snprintf(faint, sizeof faint, cv->th_nother > 0 && view_width(what) +
		    14 <= pw ? "; faint: heads" : "");
	view_printf(w, y, TH_AXIS, pw, view_attr_dim(), "%s%s", what, faint);
}

/* The two plots in rows top .. top + rows - 1, the x axis the last. */
static void
plots(const struct view_state *st, const struct view_curve *cv, WINDOW *w, int top,
    int rows, int pw)
{
	struct thplot pl = { st, cv, { 0, 0, NULL, NULL, NULL }, 0, 0, 0, 0, 0, 0 };
	double logn = log((double)st->vs.params.n_logits), ylo = 0;
	int h1 = (rows - 2) / 2, h2 = rows - 2 - h1, c, end = -1;
	char buf[32];
	size_t i, j;

	/* The H axis to the largest log n among the heads drawn (a row with
	 * masked keys has fewer). */
	for (j = 0; j < cv->th_nother && j < cv->th_rows.n; j++)
		if (cv->th_rows.len[j] > 0 && log((double)cv->th_rows.len[j]) > logn)
			logn = log((double)cv->th_rows.len[j]);

	pl.a = log(cv->th_theta[0]);
	pl.b = log(cv->th_theta[cv->nthetas - 1]);
	pl.lo = 0;
	pl.hi = logn > 0 ? logn : 1;
	view_printf(w, top, 1, TH_AXIS - 1, view_attr_dim(), "%*s", TH_AXIS - 2,
	    view_num(buf, sizeof buf, pl.hi, 3));
	view_printf(w, top + h1 - 1, 1, TH_AXIS - 1, view_attr_dim(), "%*s", TH_AXIS - 2, "0 H");
	thtrace(&pl, w, top, h1, pw, cv->th_entropy, cv->th_oentropy, 0);
	label(cv, w, top + h1, pw);
	for (i = 0; i < cv->nthetas; i++)
		if (cv->th_maxw[i] > 0 && log10(cv->th_maxw[i]) < ylo)
			ylo = log10(cv->th_maxw[i]);
	for (j = 0; j < cv->th_nother; j++)
		for (i = 0; i < cv->nthetas; i++)
			if (cv->th_omaxw[j][i] > 0 && log10(cv->th_omaxw[j][i]) < ylo)
				ylo = log10(cv->th_omaxw[j][i]);
	pl.lo = floor(ylo) > -1 ? -1 : floor(ylo);
	pl.hi = 0;
	view_decade_axis(w, top + h1 + 1, h2, 1, TH_AXIS - 2, pl.lo, 0);
	thtrace(&pl, w, top + h1 + 1, h2, pw, cv->th_maxw, cv->th_omaxw, 1);
	/* x labels at the measured theta that fit whole, the axis named last. */
	for (i = 0; i < cv->nthetas; i++) {
		view_num(buf, sizeof buf, cv->th_theta[i], 4);
		c = TH_AXIS + thcol(&pl, log(cv->th_theta[i]), pw) - view_width(buf) / 2;
		if (c < TH_AXIS)
			c = TH_AXIS;
		if (c + view_width(buf) > TH_AXIS + pw)
			c = TH_AXIS + pw - view_width(buf);
		if (c <= end + 1)
			continue;
		view_printf(w, top + rows - 1, c, view_width(buf), view_attr_dim(), "%s", buf);
		end = c + view_width(buf) - 1;
	}
	/* "log θ", or "theta" alone in ASCII: never run into the first label. */
	snprintf(buf, sizeof buf, "log %s", view_sym(SYM_THETA));
	view_printf(w, top + rows - 1, 1, TH_AXIS - 2, view_attr_dim(), "%s",
	    view_width(buf) <= TH_AXIS - 2 ? buf : view_sym(SYM_THETA));
}

static void
table(const struct view_state *st, const struct view_curve *cv, WINDOW *w, int y, int last,
    int iw)
{
	double logn = log((double)st->vs.params.n_logits);
	char t[32], h[32], m[32];
	size_t i;
	int bar, k, cur;

	view_printf(w, y++, 1, iw, A_BOLD, "  %-9s %-11s %-11s %s", view_sym(SYM_THETA),
	    "H (nats)", "max weight", "H / log n");
	for (i = 0; i < cv->nthetas && y <= last; i++, y++) {
		cur = cv->th_theta[i] == st->vs.params.theta;
		view_printf(w, y, 1, iw, cur ? A_BOLD : 0, "%s %-9s %-11s %-11s",
		    cur ? ">" : " ", view_num(t, sizeof t, cv->th_theta[i], 4),
		    view_num(h, sizeof h, cv->th_entropy[i], 5),
		    view_num(m, sizeof m, cv->th_maxw[i], 5));
		bar = logn > 0 ? (int)lround(cv->th_entropy[i] / logn * (iw - 36)) : 0;
		for (k = 0; k < bar && 35 + k < iw; k++)
			view_printf(w, y, 35 + k, 1, view_attr_series(0), "%s", view_block(1));
	}
}

void
view_theta_draw(struct view_panel *pn, WINDOW *w, int iw)
{
	const struct view_curve *cv = pn->own;
	const struct view_state *st = pn->st;
	char t[32], h[32], m[32], title[96];
	int y = 1, last = pn->h - 2, rem, pw = iw - TH_AXIS, tab = 1 + (int)cv->nthetas;
	size_t i, cur = cv->nthetas;

	snprintf(title, sizeof title, "Entropy and max weight vs %s (n = %zu)%s",
	    view_sym(SYM_THETA), st->vs.params.n_logits, st->curve_busy ? " (computing)" : "");
	view_frame(w, title, pn->focused);
	for (i = 0; i < cv->nthetas; i++)
		if (cv->th_theta[i] == st->vs.params.theta)
			cur = i;
	if (cur < cv->nthetas)
		view_line(w, &y, last, 1, iw - 1, view_attr_dim(),
		    "at %s = %s (%s): H = %s nats, max weight %s; measured on the file's logits",
		    view_sym(SYM_THETA), view_num(t, sizeof t, cv->th_theta[cur], 4),
		    view_sym(SYM_VLINE), view_num(h, sizeof h, cv->th_entropy[cur], 5),
		    view_num(m, sizeof m, cv->th_maxw[cur], 5));
	else
		view_line(w, &y, last, 1, iw - 1, view_attr_dim(), "%s",
		    "measured on the file's logits (one n: no curve over n)");
	rem = last - y + 1;
	/* A log axis needs theta > 0 everywhere and two points; else the table. */
	if (pw < 16 || rem < TH_MIN || cv->nthetas < 2 || !(cv->th_theta[0] > 0) ||
	    !(st->vs.params.theta > 0)) {
		table(st, cv, w, y, last, iw);
		return;
	}
	if (rem >= tab + TH_MIN + 2) {
		plots(st, cv, w, y, rem - tab, pw);
		table(st, cv, w, last - tab + 1, last, iw);
	} else
		plots(st, cv, w, y, rem, pw);
}
