/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Adaptive-temperature refit overlay (key R): the paper's degree-4
 * polynomial beta(H) beside the app's GSL least-squares refit, with
 * standard errors, R^2 and both polynomials on H = 0 .. 8. */
#include <math.h>
#include <stdio.h>

#include "view/view.h"

static void
refit_update(struct view_panel *pn, const struct view_state *st)
{
	pn->st = st;
}

/* Column of v on a strip of width cols over [lo, hi]: placement only. */
static int
strip_col(double v, double lo, double hi, int cols)
{
	int c;

	if (!(hi > lo) || !isfinite(v))
		return 0;
	c = (int)lround((v - lo) / (hi - lo) * (cols - 1));
	return c < 0 ? 0 : c >= cols ? cols - 1 : c;
}

static void
strip(WINDOW *w, int y, int x, int cols, double lo, double hi, double p, double r)
{
	int cp = strip_col(p, lo, hi, cols), cr = strip_col(r, lo, hi, cols), i;

	for (i = 0; i < cols; i++)
		view_printf(w, y, x + i, 1, view_attr_dim(), "%s",
		    view_style.utf8 ? "·" : ".");
	view_printf(w, y, x + cp, 1, view_attr_series(0), "P");
	view_printf(w, y, x + cr, 1, view_attr_series(1), cr == cp ? "*" : "R");
}

static void
refit_draw(struct view_panel *pn, WINDOW *w)
{
	const struct view_refit *r = pn->own;
	int iw = pn->w - 4, y = 1, last = pn->h - 3, k, pw, cols;
	const char *pm = view_style.utf8 ? "±" : "+-";
	char a[32], b[32], c[32], d[32];

	werase(w);
	view_frame(w, "Adaptive temperature: paper vs GSL refit", 1);
	if (!r->ok) {
		view_printf(w, y, 2, iw, view_attr_error(), "%s", r->err);
		view_printf(w, pn->h - 2, 2, iw, view_attr_dim(), "R/Esc close");
		return;
	}
	view_printf(w, y++, 2, iw, 0,
	    "beta*(H) on %zu spike+noise inputs (disperse fit defaults, %zu capped)",
	    r->points, r->capped);
	view_printf(w, y++, 2, iw, view_attr_dim(),
	    "beta = c4 H^4 + c3 H^3 + c2 H^2 + c1 H + c0; data H in [%s, %s]",
	    view_num(a, sizeof a, r->h_lo, 3), view_num(b, sizeof b, r->h_hi, 3));
	y++;
	view_printf(w, y++, 2, iw, A_BOLD, "%-6s %10s   %-24s %s stderr", "term",
	    "paper", "refit (GSL)", pm);
	for (k = 0; k <= r->degree && y <= last; k++) {
		pw = r->degree - k;
		view_printf(w, y++, 2, iw, 0, "c%-5d %10s   %-24s %s %s", pw,
		    pw <= r->paper_degree ? view_num(a, sizeof a,
		    r->paper[r->paper_degree - pw], 4) : "0",
		    view_num(b, sizeof b, r->coef[k], 7), pm,
		    view_num(c, sizeof c, r->se[k], 3));
	}
	if (y <= last)
		view_printf(w, y++, 2, iw, view_attr_marker(), "refit %s = %s   rms = %s",
		    view_style.utf8 ? "R²" : "R^2", view_num(a, sizeof a, r->r2, 6), view_num(b, sizeof b, r->rms, 4));
	y++;
	cols = iw - 36;
	if (y <= last)
		view_printf(w, y++, 2, iw, A_BOLD, "%-4s %9s %9s %9s  %s", "H", "paper",
		    "refit", "refit-pap", cols >= 8 ? "P paper  R refit" : "");
	for (k = 0; k < VIEW_REFIT_GRID && y <= last; k++, y++) {
		view_printf(w, y, 2, iw, 0, "%-4s %9s %9s %9s",
		    view_num(a, sizeof a, r->grid_h[k], 3),
		    view_num(b, sizeof b, r->grid_paper[k], 4),
		    view_num(c, sizeof c, r->grid_refit[k], 4),
		    view_num(d, sizeof d, r->grid_diff[k], 3));
		if (cols >= 8)
			strip(w, y, 2 + 36, cols, r->plot_lo, r->plot_hi, r->grid_paper[k],
			    r->grid_refit[k]);
	}
	view_printf(w, pn->h - 2, 2, iw, view_attr_dim(),
	    "raw polynomials (the recipe: max(1, poly), 1 for H <= 0.5)  R/Esc close");
}

const struct view_class view_refit_class = {
	"Refit", refit_update, refit_draw
};
