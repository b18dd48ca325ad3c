/* Entropy vs n: log-x curves from n = 1 to 2^40 with the entropy floor and
 * log n ceiling, and the max coefficient with its Lemma 2.1 band; markers
 * at the current n and at Theorem 2.2's critical n. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "view/view.h"

#define AXIS_W	7

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

static int
yrow(double v, double lo, double hi, int top, int h)
{
	double f = (v - lo) / (hi - lo);

	if (!isfinite(f))
		return -1;
	if (f < 0)
		f = 0;
	if (f > 1)
		f = 1;
	return top + h - 1 - (int)lround(f * (h - 1));
}

/* Theorem 2.2's critical n is about one fixed temperature: SSMax and
 * log-n scale it with n (core/critical.h), so no n* is drawn for them. */
static int
fixed_temperature(const struct view_state *st)
{
	return st->vs.params.attn != DSP_ATTN_SSMAX && st->vs.params.attn != DSP_ATTN_LOGN;
}

static void
markers(struct view_panel *pn, WINDOW *w, int top, int h)
{
	const dsp_summary *s = &pn->st->sum;
	int c, r;

	if (pn->st->sum_ok && fixed_temperature(pn->st) && isfinite(s->log_critical_n) &&
	    (c = ln_col(pn, s->log_critical_n)) >= 0)
		for (r = top; r < top + h; r++)
			put(w, r, AXIS_W + c, view_attr_band(), ":");
	if ((c = ln_col(pn, log((double)pn->st->vs.params.n))) >= 0)
		for (r = top; r < top + h; r++)
			put(w, r, AXIS_W + c, view_attr_marker(), view_sym(SYM_VLINE));
}

static void
entropy_plot(struct view_panel *pn, WINDOW *w, int top, int h)
{
	const struct view_state *st = pn->st;
	double ymax = 0, ln;
	size_t i;
	int c, r;

	/* The y range is the ceiling log n at the largest n computed: a curve
	 * that stops at 2^12 keeps its resolution instead of hugging the H = 0
	 * row of a 0 .. log 2^40 axis. */
	for (i = 0; i < st->nseries; i++)
		if (st->series[i].ok && st->series[i].count > 0 &&
		    log(st->series[i].n[st->series[i].count - 1]) > ymax)
			ymax = log(st->series[i].n[st->series[i].count - 1]);
	if (!(ymax > 0) || ymax > log(st->vs.curve_hi))
		ymax = log(st->vs.curve_hi);
	view_printf(w, top, 1, AXIS_W - 1, view_attr_dim(), "%5.3g", ymax);
	view_printf(w, top + h - 1, 1, AXIS_W - 1, view_attr_dim(), "%5s", "0 H");
	markers(pn, w, top, h);
	for (c = 0; c < pn->pw; c++) {
		ln = col_ln(pn, c);
		/* Ceiling log n and, for the main series, the Lemma floor. */
		if (ln <= ymax + 1e-9 && (r = yrow(ln, 0, ymax, top, h)) >= 0)
			put(w, r, AXIS_W + c, view_attr_dim(), view_sym(SYM_DOT));
		if (st->nseries > 0 && st->series[0].ok &&
		    (r = yrow(sample(&st->series[0], st->series[0].floor, ln), 0, ymax,
		    top, h)) >= 0)
			put(w, r, AXIS_W + c, view_attr_band(), view_sym(SYM_HLINE));
		for (i = st->nseries; i-- > 0;) {
			if (!st->series[i].ok)
				continue;
			/* Every weight underflowed to 0 (reduced precision): H = 0
			 * there is no sharpness, so no point on the H curve, an
			 * 'x' on the axis instead (legend: "x underflow to 0"). */
			if (sample(&st->series[i], st->series[i].maxw, ln) == 0) {
				put(w, top + h - 1, AXIS_W + c, view_attr_error(), "x");
				continue;
			}
			if ((r = yrow(sample(&st->series[i], st->series[i].entropy, ln),
			    0, ymax, top, h)) >= 0)
				put(w, r, AXIS_W + c, view_attr_series((int)i),
				    i == 0 ? view_sym(SYM_BULLET) : "+");
		}
	}
}

static void
maxw_plot(struct view_panel *pn, WINDOW *w, int top, int h)
{
	const struct view_state *st = pn->st;
	const struct view_series *m = &st->series[0];
	double ylo = 0, v, ln;
	size_t i, k;
	int c, r;

	for (i = 0; i < st->nseries; i++)
		for (k = 0; st->series[i].ok && k < st->series[i].count; k++) {
			v = st->series[i].maxw[k];
			if (v > 0 && log10(v) < ylo)
				ylo = log10(v);
			v = st->series[i].lo[k];
			if (i == 0 && v > 0 && log10(v) < ylo)
				ylo = log10(v);
		}
	ylo = floor(ylo);
	if (ylo < -300)
		ylo = -300;
	if (ylo > -1)
		ylo = -1;
	view_printf(w, top, 1, AXIS_W - 1, view_attr_dim(), "%5s", "1");
	view_printf(w, top + h - 1, 1, AXIS_W - 1, view_attr_dim(), "%5.0e", pow(10, ylo));
	if (h > 3)
		view_printf(w, top + 1, 1, AXIS_W - 1, view_attr_dim(), "%5s", "max");
	markers(pn, w, top, h);
	for (c = 0; c < pn->pw; c++) {
		ln = col_ln(pn, c);
		if (m->ok) {
			if ((v = sample(m, m->hi, ln)) > 0 &&
			    (r = yrow(log10(v), ylo, 0, top, h)) >= 0)
				put(w, r, AXIS_W + c, view_attr_band(), view_sym(SYM_HLINE));
			if ((v = sample(m, m->lo, ln)) > 0 &&
			    (r = yrow(log10(v), ylo, 0, top, h)) >= 0)
				put(w, r, AXIS_W + c, view_attr_band(), view_sym(SYM_HLINE));
		}
		for (i = st->nseries; i-- > 0;) {
			if (!st->series[i].ok)
				continue;
			if ((v = sample(&st->series[i], st->series[i].maxw, ln)) > 0 &&
			    (r = yrow(log10(v), ylo, 0, top, h)) >= 0)
				put(w, r, AXIS_W + c, view_attr_series((int)i),
				    i == 0 ? view_sym(SYM_BULLET) : "+");
		}
	}
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
			view_printf(w, y, AXIS_W + c, 3, view_attr_dim(), "1");
		else if (c + 3 <= pn->pw)
			view_printf(w, y, AXIS_W + c - 2, 5, view_attr_dim(), "2^%d", e);
		else
			view_printf(w, y, AXIS_W + pn->pw - 4, 4, view_attr_dim(), "2^%d", e);
	}
}

static void
legend(struct view_panel *pn, WINDOW *w)
{
	const struct view_state *st = pn->st;
	const dsp_summary *s = &st->sum;
	int x = 1, iw = pn->w - 2, expected = 0, underflow = 0;
	char buf[64], cn[48], ep[32];
	size_t i, k;

	for (i = 0; i < st->nseries && x < iw - 4; i++) {
		snprintf(buf, sizeof buf, "%s%s %s ", i == 0 ? view_sym(SYM_BULLET) : "+",
		    st->series[i].ok ? "" : "!", st->series[i].label);
		view_printf(w, 1, x, iw - x, view_attr_series((int)i), "%s", buf);
		x += (int)(mbstowcs(NULL, buf, 0) == (size_t)-1 ? 12 : mbstowcs(NULL, buf, 0));
		for (k = 0; st->series[i].ok && k < st->series[i].count; k++) {
			expected |= st->series[i].expected[k];
			underflow |= st->series[i].maxw[k] == 0;
		}
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
	view_printf(w, 2, 1, iw, view_attr_dim(), "%s n=%.0f  : n*=%s (%s=%s)  %s floor  %s log n%s%s",
	    view_sym(SYM_VLINE), (double)st->vs.params.n, cn, view_sym(SYM_EPS), view_num(ep, sizeof ep,
	    st->vs.params.eps, 4),
	    view_sym(SYM_HLINE), view_sym(SYM_DOT), expected ? "  (+expected limit)" : "",
	    underflow ? "  x all weights underflow to 0" : "");
}

static void
curve_draw(struct view_panel *pn, WINDOW *w)
{
	const struct view_state *st = pn->st;
	int iw = pn->w - 2, top = 3, avail, h1, mode = st->curve_mode;
	size_t i;
	char title[96], busy[32];
	static const char *mode_name[3] = {
		"Entropy and max weight vs n", "Entropy vs n", "Max weight vs n"
	};

	/* Too short for two plots: mode 0 draws the entropy alone (the app's
	 * 'v' skips mode 0 then).  The title names the mode drawn. */
	if (mode == 0 && pn->h - 2 - top < 12)
		mode = 1;
	if (st->curve_busy && st->busy_pct >= 0)
		snprintf(busy, sizeof busy, " (computing %d %%)", st->busy_pct);
	else
		snprintf(busy, sizeof busy, "%s", st->curve_busy ? " (computing)" : "");
	snprintf(title, sizeof title, "%s%s%s", mode_name[mode >= 0 && mode < 3 ? mode : 0],
	    st->compare ? ": compare" : "", busy);
	view_frame(w, title, pn->focused);
	pn->pw = iw - AXIS_W + 1;
	pn->px = pn->x + AXIS_W;
	pn->py = pn->y + top;
	avail = pn->h - 2 - top;	/* rows for plots + x axis */
	pn->ph = avail;
	if (st->curve_err[0] != '\0' && (st->nseries == 0 || !st->series[0].ok)) {
		view_printf(w, 1, 1, iw, view_attr_error(), "%s", st->curve_err);
		return;
	}
	legend(pn, w);
	/* A failed series, or one that stops early: say why. */
	for (i = 0; i < st->nseries; i++)
		if (st->series[i].err[0] != '\0') {
			view_printf(w, pn->h - 2, 1, iw, view_attr_error(), "%s: %s",
			    st->series[i].label, st->series[i].err);
			avail--;
			break;
		}
	if (pn->pw < 8 || avail < 4)
		return;
	if (mode == 0) {
		h1 = (avail - 1) / 2;
		entropy_plot(pn, w, top, h1);
		maxw_plot(pn, w, top + h1, avail - 1 - h1);
	} else if (mode == 1)
		entropy_plot(pn, w, top, avail - 1);
	else
		maxw_plot(pn, w, top, avail - 1);
	xaxis(pn, w, top + avail - 1);
}

const struct view_class view_curve_class = {
	"Entropy vs n", curve_update, curve_draw
};
