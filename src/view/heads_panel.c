/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Heads panel: the heads of an --input array with several rows, sorted by
 * max weight or by empirical critical n, the view's head marked.  Each
 * line: layer.head, keys, spread, max weight, critical n of the empirical
 * family (doc/theory.md §13). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "view/view.h"

int
view_heads_height(const struct view_heads *h)
{
	size_t want = h->count + 3;

	if (!h->shown)
		return 0;
	return want > 12 ? 12 : want < 5 ? 5 : (int)want;
}

static void
heads_update(struct view_panel *pn, const struct view_state *st)
{
	pn->st = st;
}

/* v in at most width columns: four significant digits, fewer where its
 * exponent needs the room (1.23e+05, 1.2e+300), never cut. */
static void
fit(char *buf, size_t size, double v, int width)
{
	int dg = 4;

	while (strlen(view_num(buf, size, v, dg)) > (size_t)width && dg > 1)
		dg--;
}

static void
heads_draw(struct view_panel *pn, WINDOW *w)
{
	const struct view_state *st = pn->st;
	const struct view_heads *h = pn->own;
	const struct view_head *r;
	uint64_t cur = st->vs.params.head, l, hd, q, cl, ch, cq;
	int iw = pn->w - 2, shown = pn->h - 3, y, first = 0, at = -1;
	char title[80], hn[32], mw[24], ne[24], sp[24];
	int wide;
	size_t i;

	snprintf(title, sizeof title, "Heads: %llu x %llu, by %s (o)",
	    (unsigned long long)h->layers, (unsigned long long)h->heads,
	    h->by_crit ? "critical n" : "max weight");
	view_frame(w, title, pn->focused);
	if (h->count == 0) {
		view_printf(w, 1, 1, iw, view_attr_error(), "%s", h->err[0] ? h->err :
		    "no heads");
		return;
	}
	dsp_head_unpack(cur, &cl, &ch, &cq);
	for (i = 0; i < h->count; i++) {
		dsp_head_unpack(h->row[i].head, &l, &hd, &q);
		if (l == cl && hd == ch)
			at = (int)i;
	}
	/* Keep the view's head in sight. */
	if (at >= shown)
		first = at - shown / 2;
	if (first > (int)h->count - shown)
		first = (int)h->count - shown;
	if (first < 0)
		first = 0;
	/* The spread only where the panel is wide enough for every column. */
	wide = iw >= 43;
	view_printf(w, 1, 1, iw, view_attr_dim(), "  %-7s %6s%s%s %9s %8s", "head", "n",
	    wide ? " " : "", wide ? " spread" : "", "max w", "n_eps");
	for (y = 0; y < shown && first + y < (int)h->count; y++) {
		r = &h->row[first + y];
		dsp_head_unpack(r->head, &l, &hd, &q);
		snprintf(hn, sizeof hn, "%llu.%llu", (unsigned long long)l,
		    (unsigned long long)hd);
		view_num(mw, sizeof mw, r->max_weight, 4);
		/* One format down the column: a fixed decimal below 10^5
		 * ("430.0" beside "931.5", not "430" beside "931.5"). */
		if (isfinite(r->log_n_eps) && exp(r->log_n_eps) < 1e5)
			snprintf(ne, sizeof ne, "%.1f", exp(r->log_n_eps));
		else if (isfinite(r->log_n_eps) && r->log_n_eps < 700)
			fit(ne, sizeof ne, exp(r->log_n_eps), 8);
		else if (isfinite(r->log_n_eps)) {
			/* Past the double range: its log, as e^x (the CLI's
			 * exp(x), short enough for the column). */
			char lx[24];

			snprintf(ne, sizeof ne, "e^%s", view_num(lx, sizeof lx, r->log_n_eps, 4));
		} else
			snprintf(ne, sizeof ne, "-");
		sp[0] = ' ';
		fit(sp + 1, sizeof sp - 1, r->spread, 7);
		view_printf(w, y + 2, 1, iw, first + y == at ? A_REVERSE : 0,
		    "%s %-7s %6.0f%*s %9s %8s", first + y == at ? view_sym(SYM_CURSOR) :
		    " ", hn, r->n, wide ? 8 : 0, wide ? sp : "", mw, ne);
	}
	/* Rows out of sight: say so in the bottom frame ("^" rows above, "v"
	 * rows below; the view's head of all). */
	if (shown < (int)h->count)
		view_printf(w, pn->h - 1, iw - 10, 10, view_attr_dim(), " %s%s%d/%zu ",
		    first > 0 ? "^" : "", first + shown < (int)h->count ? "v" : "",
		    at + 1, h->count);
	if (h->err[0] != '\0' && y + 2 < pn->h - 1)
		view_printf(w, y + 2, 1, iw, view_attr_error(), "%s", h->err);
}

const struct view_class view_heads_class = {
	"Heads", heads_update, heads_draw
};
