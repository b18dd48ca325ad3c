/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The (theta, lambda) map of paper Figure 5 in viridis: truecolour, the
 * nearest xterm-256 colours, a 16-colour ramp or an ASCII ramp.  The app
 * computes the cells with dsp_map_compute; this only paints them. */
#include <math.h>
#include <stdio.h>

#include "view/view.h"

#define AXIS_W	6

static void
map_update(struct view_panel *pn, const struct view_state *st)
{
	pn->st = st;
}

static double
norm(const struct view_map *m, double v)
{
	if (!isfinite(v))
		return NAN;
	if (m->max > m->min)
		return (v - m->min) / (m->max - m->min);
	return 0.5;
}

/* cursor: 0 a plain cell, 1 the cursor, 2 the current (theta, lambda). */
static void
cell(WINDOW *w, int y, int x, int cw, double t, int cursor)
{
	int pair = view_heat_pair(t), k;
	char ch;
	attr_t a;

	for (k = 0; k < cw; k++) {
		if (isnan(t)) {
			view_printf(w, y, x + k, 1, view_attr_error(), "?");
			continue;
		}
		if (view_style.palette == PAL_MONO) {
			ch = view_heat_char(t);
			a = 0;
			if (cursor == 1) {
				ch = cw == 1 ? 'X' : k == 0 ? '[' : ']';
				a = A_REVERSE | A_BOLD;
			} else if (cursor == 2) {
				ch = cw == 1 || k == cw / 2 ? '+' : ch;
				a = A_BOLD;
			}
			view_printf(w, y, x + k, 1, a, "%c", ch);
		} else {
			a = COLOR_PAIR(pair);
			if (cursor)
				a |= A_BOLD;
			view_printf(w, y, x + k, 1, a, "%s", cursor == 1 ? (k == 0 &&
			    cw > 1 ? "[" : cw > 1 ? "]" : "X") : cursor == 2 &&
			    (cw == 1 || k == cw / 2) ? "+" : " ");
		}
	}
}

/* First screen column of map cell c of cols over w columns. */
static int
cx(int c, int w, size_t cols)
{
	return (int)((long)c * w / (long)cols);
}

/* Two map cells in one screen cell: the upper half in t's colour, the
 * lower in u's (u infinite: no lower cell, the terminal's background). */
static void
half_cell(WINDOW *w, int y, int x, int cw, double t, double u)
{
	cchar_t c;
	int k, pair;

	if (isnan(t) || isnan(u)) {
		cell(w, y, x, cw, isnan(t) ? t : u, 0);
		return;
	}
	/* The half-block pairs run to 64 + levels (levels + 1), past the 255
	 * that COLOR_PAIR can carry in an attr_t (it keeps the low 8 bits: a
	 * pair of 300 would paint pair 44): the pair goes through setcchar's
	 * extended-pair argument instead. */
	pair = view_heat_pair2(t, u);
	if (setcchar(&c, L"\u2580", A_NORMAL, 0, &pair) != OK)
		return;
	for (k = 0; k < cw; k++)
		mvwadd_wch(w, y, x + k, &c);
}

static void
legend(struct view_panel *pn, WINDOW *w, int y)
{
	const struct view_map *m = pn->own;
	int lw, i, x;
	char a[32], b[32];

	view_printf(w, y, 1, 16, 0, "min %s ", view_num(a, sizeof a, m->min, 3));
	x = getcurx(w);
	lw = pn->w - 2 - x - 14;
	if (lw < 4)
		lw = 4;
	if (lw > 32)
		lw = 32;
	for (i = 0; i < lw; i++)
		cell(w, y, x + i, 1, (double)i / (lw - 1), 0);
	view_printf(w, y, x + lw + 1, pn->w - 3 - x - lw, 0, "max %s",
	    view_num(b, sizeof b, m->max, 3));
}

/* Index of the grid point nearest v on lo..hi with count points, or -1
 * when v is off the grid by more than half a step. */
static long
nearest(double v, double lo, double hi, size_t count)
{
	double f;

	if (count < 2 || !(hi != lo) || !isfinite(v))
		return -1;
	f = (v - lo) / (hi - lo) * (double)(count - 1);
	if (!(f >= -0.5 && f <= (double)count - 0.5))
		return -1;
	f = floor(f + 0.5);
	return f < 0 ? 0 : f > (double)(count - 1) ? (long)count - 1 : (long)f;
}

static void
map_draw(struct view_panel *pn, WINDOW *w)
{
	const struct view_state *st = pn->st;
	const struct view_map *m = pn->own;
	const dsp_map_spec *s = &m->spec;
	int iw = pn->w - 2, r, c, y, cw, rh, pw;
	size_t row, col;
	char a[32], b[32], v[32];
	double val;
	long cur_r, cur_c;
	char title[160], busy[32];

	if (st->map_busy && st->busy_pct >= 0)
		snprintf(busy, sizeof busy, "computing %d %%", st->busy_pct);
	else
		snprintf(busy, sizeof busy, "computing");
	snprintf(title, sizeof title, "%s%s%s%s", view_style.utf8 ? "(θ, λ) map" :
	    "(theta, lambda) map", st->map_busy ? " (" : "", st->map_busy ? busy : "",
	    st->map_busy ? ")" : "");
	view_frame(w, title, pn->focused);
	if (!m->ok) {
		y = 1;
		view_line(w, &y, pn->h - 2, 1, iw, st->map_busy ? 0 : view_attr_error(), "%s",
		    st->map_busy ? busy : m->err);
		return;
	}
	/* The view's own (theta, lambda), when it is a power series on the map. */
	cur_r = cur_c = -1;
	if (st->vs.params.family == DSP_FAM_POWER) {
		cur_c = nearest(st->vs.params.theta, s->theta_lo, s->theta_hi, s->cols);
		cur_r = nearest(st->vs.params.lambda, s->lambda_lo, s->lambda_hi, s->rows);
		if (cur_c < 0)
			cur_r = -1;
	}
	/* The cursor is a cell of the view's figure: its screen cell. */
	dsp_view_cell(&st->vs.map, st->vs.map_row, st->vs.map_col, s, &row, &col);
	val = m->cell[row * s->cols + col];
	/* Hints only where they fit: the figure's own text is never cut. */
	{
		/* While the summary computes, n is the parameters' (the map's). */
		double n = st->sum_busy || !st->sum_ok ?
		    (double)dsp_view_map_params(&st->vs.params).n : st->sum.n;
		int e = (int)lround(log2(n > 1 ? n : 1));
		char nt[40];

		/* n = 2^40 rather than 13 digits a narrow panel would cut. */
		if (n >= 1024 && ldexp(1, e) == n)
			snprintf(nt, sizeof nt, "2^%d", e);
		else
			snprintf(nt, sizeof nt, "%.0f", n);
		snprintf(title, sizeof title, "%s, power series, n=%s", dsp_metric_name(s->metric),
		    nt);
		if (view_width(title) > iw)
			snprintf(title, sizeof title, "%s, n=%s", dsp_metric_name(s->metric), nt);
	}
	view_printf(w, 1, 1, iw, 0, "%s%s", title, view_width(title) + 26 <= iw ?
	    "  (m: metric, Enter: jump)" : "");
	/* The cells fill the panel's width: cell c spans columns
	 * c W / cols .. (c + 1) W / cols (W the plot width, cols <= W). */
	pw = iw - AXIS_W;
	if (s->cols == 0 || pw < (int)s->cols)
		pw = (int)s->cols;
	cw = s->cols > 0 ? pw / (int)s->cols : 1;
	pn->map_cw = cw < 1 ? 1 : cw;
	pn->px = pn->x + 1 + AXIS_W;
	pn->py = pn->y + 2;
	pn->pw = pw;
	/* Two map rows a screen row ('▀', upper over lower colour) when the
	 * terminal has the pairs; the app asks for rows to match. */
	rh = view_heat_half() ? 2 : 1;
	pn->map_rh = rh;
	pn->ph = ((int)s->rows + rh - 1) / rh;	/* odd rows: the last has no lower half */
	/* lambda_hi at the top, like the paper's figure. */
	for (r = 0; r < pn->ph && 2 + r < pn->h - 4; r++) {
		size_t mr = s->rows - 1 - (size_t)(r * rh), lr = rh == 2 && mr > 0 ? mr - 1 : mr;
		int mark;

		y = 2 + r;
		if (r == 0 || lr == 0 || pn->ph / 2 == r)
			view_printf(w, y, 1, AXIS_W - 1, view_attr_dim(), "%4.2g",
			    dsp_map_lambda(s, r == 0 ? mr : lr));
		for (c = 0; c < (int)s->cols; c++) {
			mark = (mr == row || lr == row) && (size_t)c == col ? 1 :
			    ((long)mr == cur_r || (long)lr == cur_r) && c == cur_c ? 2 : 0;
			if (rh == 2 && mark == 0)
				half_cell(w, y, 1 + AXIS_W + cx(c, pw, s->cols),
				    cx(c + 1, pw, s->cols) - cx(c, pw, s->cols),
				    norm(m, m->cell[mr * s->cols + (size_t)c]), lr == mr ? INFINITY :
				    norm(m, m->cell[lr * s->cols + (size_t)c]));
			else
				cell(w, y, 1 + AXIS_W + cx(c, pw, s->cols),
				    cx(c + 1, pw, s->cols) - cx(c, pw, s->cols), norm(m, m->cell[(mark == 1 ?
				    row : mark == 2 ? (size_t)cur_r : mr) * s->cols + (size_t)c]),
				    mark);
		}
	}
	y = 2 + pn->ph;
	if (y < pn->h - 3) {
		view_printf(w, y, 1 + AXIS_W, 6, view_attr_dim(), "%g", s->theta_lo);
		view_printf(w, y, 1 + AXIS_W + pn->pw / 2 - 2, 8, view_attr_dim(), "%s",
		    view_sym(SYM_THETA));
		view_printf(w, y, 1 + AXIS_W + pn->pw - 2, 4, view_attr_dim(), "%g", s->theta_hi);
		view_printf(w, y, 1, AXIS_W - 1, view_attr_dim(), "%s", view_style.utf8 ? "λ" : "lam");
	}
	legend(pn, w, pn->h - 3);
	view_num(a, sizeof a, dsp_map_theta(s, col), 4);
	view_num(b, sizeof b, dsp_map_lambda(s, row), 4);
	view_num(v, sizeof v, val, 4);
	/* The cell's value whole (0.99999996, never 0.9): the words around
	 * it give way first, then the cursor's coordinates. */
	snprintf(title, sizeof title, "cursor %s=%s %s=%s  %s = %s", view_sym(SYM_THETA), a,
	    view_sym(SYM_LAMBDA), b, dsp_metric_name(s->metric), v);
	if (view_width(title) > iw)
		snprintf(title, sizeof title, "%s=%s %s=%s  %s = %s", view_sym(SYM_THETA), a,
		    view_sym(SYM_LAMBDA), b, dsp_metric_name(s->metric), v);
	if (view_width(title) > iw)
		snprintf(title, sizeof title, "%s=%s %s=%s: %s", view_sym(SYM_THETA), a,
		    view_sym(SYM_LAMBDA), b, v);
	if (view_width(title) > iw)
		snprintf(title, sizeof title, "%s = %s", dsp_metric_name(s->metric), v);
	if (view_width(title) > iw)
		snprintf(title, sizeof title, "%s", v);
	view_printf(w, pn->h - 2, 1, iw, A_BOLD, "%s%s", title, cur_r >= 0 &&
	    view_width(title) + 11 <= iw ? "  + current" : "");
}

const struct view_class view_map_class = {
	"Map", map_update, map_draw
};
