/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The curve panel: its legend (an item for everything drawn), the
 * captions of failed series, and where the plots of entropy_plot.c go
 * (both, or one when short; a file's head against theta instead). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "view/curve_int.h"
#include "view/view.h"

static void
curve_update(struct view_panel *pn, const struct view_state *st)
{
	pn->st = st;
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
 * n*) and notes; hnote: H is drawn on the log n ceiling (the log n item
 * says so, else the ceiling looks missing).  w NULL only counts.  Returns
 * the rows used. */
static int
legend(struct view_panel *pn, WINDOW *w, int mode, int hnote)
{
	const struct view_curve *cv = pn->own;
	const struct view_state *st = pn->st;
	const dsp_summary *s = &st->sum;
	struct flow f = { w, 1, 1, pn->w - 2, pn->h - 2 };
	int expected = 0, underflow = 0, clip = 0, bw;
	int main_ok = cv->nseries > 0 && cv->series[0].ok;
	char key[8], cn[48], ep[32], ns[96], nt[32];
	const char *line = view_sym(SYM_HLINE);
	double ylo = 0;
	size_t i, k;

	for (i = 0; i < cv->nseries; i++) {
		const struct view_series *se = &cv->series[i];
		attr_t sa = se->pin ? view_attr_dim() : view_attr_series((int)i);

		key[0] = '\0';
		/* The key that toggles it: 1..9, then 0 for the tenth. */
		if (st->vs.overlays && se->attn >= 0 && se->attn <= 9 && !se->pin && !(i == 0 &&
		    st->vs.params.adaptive))
			snprintf(key, sizeof key, "%d:", (se->attn + 1) % 10);
		item(&f, se->pin ? curve_pin_glyph(cv, i) : curve_series_glyph(cv, i), sa, sa, "%s%s%s", key,
		    se->ok ? "" : "!", se->label);
		for (k = 0; se->ok && k < se->count; k++) {
			expected |= se->expected[k];
			underflow |= se->maxw[k] == 0;
		}
	}
	if (cv->cv_nother > 0 && cv->cv_nother < cv->th_others)
		item(&f, curve_faint_glyph(), view_attr_dim(), view_attr_dim(), "%zu of %llu other heads",
		    cv->cv_nother, (unsigned long long)cv->th_others);
	else if (cv->cv_nother > 0)
		item(&f, curve_faint_glyph(), view_attr_dim(), view_attr_dim(), "the other head%s",
		    cv->cv_nother == 1 ? "" : "s");
	if (mode != 2) {
		if (main_ok)
			item(&f, line, view_attr_band(), view_attr_band(), "H floor");
		item(&f, view_style.utf8 ? view_sym(SYM_DOT) : ".", view_attr_dim(),
		    view_attr_dim(), "log n%s", !hnote ? "" : view_style.utf8 ?
		    " (H within a dot)" : " (H within a row)");
	}
	if (mode != 1 && main_ok) {
		ylo = curve_maxw_range(pn, &clip);
		item(&f, line, view_attr_band(), view_attr_band(), "Lemma 2.1 band");
	}
	/* A failed summary is zeroed: its n = 0 and log n* = 0 are not values. */
	if (!curve_fixed_temperature(st))
		snprintf(cn, sizeof cn, "n/a, %s shrinks with n", view_sym(SYM_THETA));
	else if (st->sum_ok && isfinite(s->log_critical_n)) {
		view_num(cn, sizeof cn, exp(s->log_critical_n), 4);
		if (st->vs.params.adaptive)
			strncat(cn, " at this n's beta", sizeof cn - strlen(cn) - 1);
	} else
		snprintf(cn, sizeof cn, "n/a");
	/* n* is about one epsilon; a shrinking theta has none to name. */
	if (curve_fixed_temperature(st))
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
captions(const struct view_curve *cv, int iw, WINDOW *w, int y)
{
	char names[256], text[2 * VIEW_MSG + 256], other[VIEW_MSG];
	unsigned char done[64] = { 0 };
	size_t i, j, n, li, lj;
	int rows = 0, yy;

	for (i = 0; i < cv->nseries && i < sizeof done; i++) {
		const struct view_series *a = &cv->series[i];

		if (a->err[0] == '\0' || done[i])
			continue;
		li = strlen(a->label);
		snprintf(names, sizeof names, "%s", a->label);
		n = 1;
		for (j = i + 1; j < cv->nseries && j < sizeof done; j++) {
			const struct view_series *b = &cv->series[j];

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

/* The entropy plot's rows under a legend ending at row top - 1, above ncap
 * rows of captions: mode 0 shares them with the max-weight plot and the
 * row naming it; one row goes to the x axis. */
static int
entropy_rows(const struct view_panel *pn, int mode, int top, int ncap)
{
	int avail = pn->h - 2 - top - ncap;

	return mode == 0 ? (avail - 2) / 2 : avail - 1;
}

static void
curve_draw(struct view_panel *pn, WINDOW *w)
{
	const struct view_curve *cv = pn->own;
	const struct view_state *st = pn->st;
	int iw = pn->w - 2, top, avail, h1, mode = st->vs.curve_mode, ncap, aw, clip, hnote;
	char title[96], busy[32];
	static const char *mode_name[3] = {
		"Entropy and max weight vs n", "Entropy vs n", "Max weight vs n"
	};

	/* Too short for two plots: mode 0 draws the entropy alone (the app's
	 * 'v' skips mode 0 then).  The title names the mode drawn. */
	if (mode == 0 && pn->h - 5 < 12)
		mode = 1;
	aw = AXIS_W;
	if (mode != 1 && cv->nseries > 0 && curve_maxw_range(pn, &clip) <= -100)
		aw++;
	pn->pw = iw - aw + 1;
	ncap = captions(cv, iw, NULL, 0);
	/* With the note the legend is as tall as it gets and the plot its
	 * coarsest: where H still parts from log n there, it parts without
	 * the note too (more rows, finer). */
	top = 1 + legend(pn, NULL, mode, 1);
	hnote = mode != 2 && curve_h_on_ceiling(pn, entropy_rows(pn, mode, top, ncap));
	top = 1 + legend(pn, NULL, mode, hnote);
	if (st->curve_busy && st->busy_pct >= 0)
		snprintf(busy, sizeof busy, " (computing %d %%)", st->busy_pct);
	else
		snprintf(busy, sizeof busy, "%s", st->curve_busy ? " (computing)" : "");
	snprintf(title, sizeof title, "%s%s%s", mode_name[mode >= 0 && mode < 3 ? mode : 0],
	    st->vs.overlays ? ": compare" : "", busy);
	view_frame(w, title, pn->focused);
	pn->px = pn->x + aw;
	pn->py = pn->y + top;
	avail = pn->h - 2 - top;	/* rows for plots + x axis */
	pn->ph = avail;
	if (cv->nseries == 0 && cv->nthetas > 0) {
		view_theta_draw(pn, w, iw);
		return;
	}
	if (cv->curve_err[0] != '\0' && (cv->nseries == 0 || !cv->series[0].ok)) {
		top = 1;
		view_line(w, &top, pn->h - 2, 1, iw - 1, view_attr_error(), "%s", cv->curve_err);
		return;
	}
	legend(pn, w, mode, hnote);
	/* Failed series, or ones that stop early: say why, every one, above
	 * the frame (the plots give up the rows). */
	avail -= ncap;
	if (ncap > 0)
		captions(cv, iw, w, pn->h - 1 - ncap);
	if (pn->pw < 8 || avail < 4)
		return;
	if (mode == 0) {
		/* A row between the two plots names the lower one: they read
		 * as one otherwise (H's 0 over the weight's 1). */
		h1 = entropy_rows(pn, mode, top, ncap);
		curve_entropy_plot(pn, w, top, h1);
		{
			static const char *lab[] = {
				"max weight (log10), Lemma 2.1 band:", "max weight (log10):",
				"max weight:", ""
			};
			size_t k = 0;

			/* The longest that fits whole, a blank before the frame. */
			while (lab[k][0] != '\0' && view_width(lab[k]) >= pn->pw)
				k++;
			view_printf(w, top + h1, pn->px - pn->x, pn->pw, view_attr_dim(), "%s", lab[k]);
		}
		curve_maxw_plot(pn, w, top + h1 + 1, avail - 2 - h1);
	} else if (mode == 1)
		curve_entropy_plot(pn, w, top, entropy_rows(pn, mode, top, ncap));
	else
		curve_maxw_plot(pn, w, top, avail - 1);
	curve_xaxis(pn, w, top + avail - 1);
}

const struct view_class view_curve_class = {
	"Entropy vs n", curve_update, curve_draw
};
