/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Layout: where each panel and overlay box goes for the terminal's size,
 * which plots are shown, and the focus. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "app/app_int.h"
#include "core/schema/family.h"
#include "view/view.h"

int
app_is_plot(int id)
{
	return id == VIEW_WEIGHTS || id == VIEW_CURVE || id == VIEW_MAP;
}

static void
place(struct view_panel *p, int y, int x, int h, int w)
{
	p->y = y;
	p->x = x;
	p->h = h;
	p->w = w;
	p->visible = h >= 3 && w >= 10;
}

/* Width of the parameters panel: its longest row, name column and
 * frame included (values like "1099511627776 = 2^40" or a file name). */
static int
params_width(const struct view_state *st)
{
	char val[96];
	int r, w, best = 12;

	for (r = 0; r < view_rows(st); r++) {
		view_row_value(st, r, val, sizeof val);
		if ((w = view_width(val)) > best)
			best = w;
	}
	return 2 + 10 + 1 + best + 1 + 2;
}

/* The plots in the order they come (weights, curve, map): a window of
 * nplots consecutive ones that holds the wanted plot. */
static void
plot_window(struct app *a)
{
	if (a->plot_first < VIEW_WEIGHTS)
		a->plot_first = VIEW_WEIGHTS;
	if (a->plot < a->plot_first)
		a->plot_first = a->plot;
	if (a->plot >= a->plot_first + a->nplots)
		a->plot_first = a->plot - a->nplots + 1;
	if (a->plot_first + a->nplots > VIEW_MAP + 1)
		a->plot_first = VIEW_MAP + 1 - a->nplots;
}

/* Rows the curve panel wants: two subplots of at least 9 rows each under
 * its legend, or more of a tall screen. */
#define CURVE_BOTH_MIN	(5 + 2 * 9)
/* The theorem's rows on a tall screen: lemma, verdict, entropy, critical
 * n and the paper's note at their usual lengths. */
#define THEOREM_ROWS	16

/*
 * Where each panel goes.  The left column is as wide as its text (the
 * parameters' longest value, the theorem's formulas on two lines); the
 * parameters get their rows and the theorem a fixed number of rows (never
 * its text's height: panels keep their place while figures arrive).  From 39 lines every plot is shown:
 * the curve first with room for both subplots, then the map; the weights
 * go under the theorem when the left column has room, else beside the
 * map.  Shorter screens show one or two plots at a time (header tabs).
 * --present drops the parameters: the curve over the full width, the
 * theorem and the weights under it.
 */
void
app_layout(struct app *a)
{
	struct view_state *st = a->st;
	int body = LINES - 3, lw, rw, ph, hh, th, left, i, k, y, h, hc, wl, tw, thmin;

	for (i = 0; i < VIEW_PANELS; i++)
		a->pn[i].visible = 0;
	a->headspn.visible = 0;
	a->small = LINES < MIN_LINES || COLS < MIN_COLS;
	if (a->small)
		return;
	place(&a->status, LINES - 2, 0, 2, COLS);
	a->status.visible = 1;
	a->tourbox.visible = 0;
	if (st->present) {
		/* Plots only, larger: the curve over the weights; an open tour
		 * beside the weights, under the curve. */
		a->nplots = 2;
		hc = body * 3 / 5;
		if (body - hc < 12)	/* the theorem's band and n* */
			hc = body - 12;
		place(&a->pn[VIEW_CURVE], 1, 0, hc, COLS);
		wl = a->tour.open ? (COLS / 2 > 64 ? 64 : COLS / 2) : 0;
		if (wl > 0 && COLS - wl < 2 * 38)
			wl = COLS - 2 * 38 >= 30 ? COLS - 2 * 38 : 0;
		if (wl > 0) {
			place(&a->tourbox, 1 + hc, 0, body - hc, wl);
			a->tourbox.visible = 1;
		}
		/* The theorem stays on screen (the lemma's band and Theorem
		 * 2.2), beside the weights. */
		tw = COLS - wl >= 120 ? 46 : 38;
		place(&a->pn[VIEW_THEOREM], 1 + hc, wl, body - hc, tw);
		place(&a->pn[VIEW_WEIGHTS], 1 + hc, wl + tw, body - hc, COLS - wl - tw);
		return;
	}
	lw = COLS >= 160 ? 54 : COLS >= 100 ? 46 : 38;
	if ((k = params_width(st)) > lw)
		lw = k;
	if (lw > COLS / 2)
		lw = COLS / 2;
	rw = COLS - lw;
	ph = view_rows(st) + 2 + (st->vs.params.family == DSP_FAM_FILE);
	if (a->pn[VIEW_PARAMS].sel >= view_rows(st))	/* the head row went away */
		a->pn[VIEW_PARAMS].sel = view_rows(st) - 1;
	/* The heads panel (an --input array of several rows) under the
	 * parameters: at least 5 lines, taken from the parameters. */
	hh = view_heads_height(a->heads);
	/* Rows for the theorem by the screen's size, not by its text: a
	 * summary that makes the text taller must not move the panels (nor,
	 * through them, post a new job). */
	/* Short screens: a narrow column wraps the band and H over more rows. */
	thmin = lw >= 46 ? 12 : 14;
	th = body >= 36 ? THEOREM_ROWS : thmin;
	if (hh > 5 && ph + hh + 12 > body)
		hh = body - ph - 12 > 5 ? body - ph - 12 : 5;
	if (ph + hh + th > body) {
		/* Short: the theorem shows its first thmin lines (lemma, verdict,
		 * entropy, critical n); below that the parameters scroll
		 * (params_panel.c). */
		th = body - ph - hh < thmin ? thmin : body - ph - hh;
		ph = body - hh - th;
		if (ph < 7) {
			ph = 7;
			th = body - ph - hh;
		}
	}
	left = body - ph - hh - th;
	place(&a->pn[VIEW_PARAMS], 1, 0, ph, lw);
	place(&a->headspn, 1 + ph, 0, hh, lw);
	ph += hh;	/* the theorem goes under both */
	if (a->tour.open) {
		/* The tour takes the text column, never the plots it talks
		 * about: its box where the parameters were (the status line
		 * keeps them), the theorem under it when 9 rows are left. */
		int tb = view_tour_height(&a->tour, lw);

		if (tb > body - 9)	/* it scrolls (PgDn) */
			tb = body - 9 >= 18 ? body - 9 : body;
		place(&a->tourbox, 1, 0, tb, lw);
		a->tourbox.visible = 1;
		a->pn[VIEW_PARAMS].visible = 0;
		a->headspn.visible = 0;
		ph = tb;
		th = body - tb;
		left = 0;
	}
	if (body >= 36) {
		a->nplots = 3;
		a->plot_first = VIEW_WEIGHTS;
		hc = body * 11 / 20;
		if (hc < CURVE_BOTH_MIN)
			hc = CURVE_BOTH_MIN;
		place(&a->pn[VIEW_CURVE], 1, lw, hc, rw);
		h = body - hc;
		if (left >= 9) {
			place(&a->pn[VIEW_THEOREM], 1 + ph, 0, th, lw);
			place(&a->pn[VIEW_WEIGHTS], 1 + ph + th, 0, left, lw);
			place(&a->pn[VIEW_MAP], 1 + hc, lw, h, rw);
		} else if (rw >= 70) {
			place(&a->pn[VIEW_THEOREM], 1 + ph, 0, body - ph, lw);
			wl = rw / 2;
			place(&a->pn[VIEW_WEIGHTS], 1 + hc, lw, h, wl);
			place(&a->pn[VIEW_MAP], 1 + hc, lw + wl, h, rw - wl);
		} else {
			place(&a->pn[VIEW_THEOREM], 1 + ph, 0, body - ph, lw);
			place(&a->pn[VIEW_WEIGHTS], 1 + hc, lw, h / 2, rw);
			place(&a->pn[VIEW_MAP], 1 + hc + h / 2, lw, h - h / 2, rw);
		}
		return;
	}
	place(&a->pn[VIEW_THEOREM], 1 + ph, 0, body - ph, lw);
	if (a->tour.open && body - ph < 13) {
		/* The tour took the text column: the theorem (its band and
		 * Theorem 2.2) goes over one plot in the right column. */
		a->nplots = 1;
		plot_window(a);
		place(&a->pn[VIEW_THEOREM], 1, lw, 13, rw);
		place(&a->pn[a->plot_first], 1 + 13, lw, body - 13, rw);
		return;
	}
	a->nplots = body >= 24 ? 2 : 1;
	plot_window(a);
	for (k = 0, y = 1; k < a->nplots; k++) {
		h = body / a->nplots + (k < body % a->nplots);
		place(&a->pn[a->plot_first + k], y, lw, h, rw);
		y += h;
	}
}

/* The header: name and version on the left, the plot tabs (when not every
 * plot is shown) on the right, the help and quit keys between when they
 * fit; nothing is drawn over anything else. */
void
app_draw_header(struct app *a)
{
	const char *tag = "  softmax dispersion explorer", *keys = "F1 help  q quit ";
	char left[160], tabs[64], play[64];
	int lwid, twid = 0;
	attr_t la = view_attr_title();

	view_printf(stdscr, 0, 0, COLS, view_attr_title(), "%-*s", COLS, "");
	tabs[0] = '\0';
	if (a->nplots < 3 && !a->st->present)
		snprintf(tabs, sizeof tabs, " plots: %s%s%s ",
		    a->pn[VIEW_WEIGHTS].visible ? "[Weights]" : " weights ",
		    a->pn[VIEW_CURVE].visible ? "[Curve]" : " curve ",
		    a->pn[VIEW_MAP].visible ? "[Map]" : " map ");
	twid = (int)strlen(tabs);
	/* While playing, the play's state takes the place of the tagline. */
	play_label(a, play, sizeof play);
	if (play[0] != '\0') {
		snprintf(left, sizeof left, " disperse %s  %s", PACKAGE_VERSION, play);
		la |= A_BOLD;
	} else
		snprintf(left, sizeof left, " disperse %s%s", PACKAGE_VERSION, tag);
	if ((lwid = view_width(left)) + twid + 2 > COLS) {
		snprintf(left, sizeof left, " disperse %s", PACKAGE_VERSION);
		lwid = view_width(left);
	}
	view_printf(stdscr, 0, 0, lwid, la, "%s", left);
	if (twid > 0 && lwid + twid < COLS)
		view_printf(stdscr, 0, COLS - twid, twid, view_attr_title(), "%s", tabs);
	if (lwid + 2 + (int)strlen(keys) + twid <= COLS)
		view_printf(stdscr, 0, COLS - twid - (int)strlen(keys), (int)strlen(keys),
		    view_attr_title(), "%s", keys);
}

void
app_focus(struct app *a, int id)
{
	a->st->vs.focus = id;
	if (app_is_plot(id))
		a->plot = id;
}

/* A mode key changed plot id: bring it into view without moving the focus
 * (the arrows keep doing what they did), unless that would hide the
 * focused plot on a layout with room for one plot. */
void
app_show_plot(struct app *a, int id)
{
	int f = a->st->vs.focus;

	if (!app_is_plot(f) || f == id || a->nplots > 1)
		a->plot = id;
}

void
app_make_win(struct view_panel *p)
{
	if (p->win != NULL)
		delwin(p->win);
	p->win = p->visible ? derwin(stdscr, p->h, p->w, p->y, p->x) : NULL;
	if (p->win == NULL)
		p->visible = 0;
}

void
app_draw_small(void)
{
	/* Each line in the longest form that fits, never cut: the message
	 * must name the size it needs on any terminal. */
	static const char *hint[] = {
		"enlarge the window, or q to quit", "enlarge, or q to quit", "q quits"
	};
	char msg[3][96];
	int len, i, y = LINES / 2 > 0 ? LINES / 2 - (LINES > 2) : 0;

	snprintf(msg[0], sizeof msg[0], "terminal too small: %dx%d, disperse needs %dx%d",
	    COLS, LINES, MIN_COLS, MIN_LINES);
	snprintf(msg[1], sizeof msg[1], "too small: %dx%d, needs %dx%d", COLS, LINES,
	    MIN_COLS, MIN_LINES);
	snprintf(msg[2], sizeof msg[2], "%dx%d < %dx%d", COLS, LINES, MIN_COLS, MIN_LINES);
	for (i = 0; i < 2 && (int)strlen(msg[i]) > COLS; i++)
		;
	len = (int)strlen(msg[i]);
	mvaddnstr(y, len < COLS ? (COLS - len) / 2 : 0, msg[i], COLS);
	if (LINES > 1) {
		for (i = 0; i < 2 && (int)strlen(hint[i]) > COLS; i++)
			;
		len = (int)strlen(hint[i]);
		mvaddnstr(y + 1, len < COLS ? (COLS - len) / 2 : 0, hint[i], COLS);
	}
}

/* A box drawn over the panels: at (y, x), or centred when negative. */
void
app_draw_box(struct view_panel *p, const struct view_state *st, int y, int x, int h, int w)
{
	if (h > LINES - 3)
		h = LINES - 3;
	if (w > COLS - 2 && x < 0)
		w = COLS - 2;
	p->h = h;
	p->w = w;
	p->y = y >= 0 ? y : (LINES - h) / 2;
	p->x = x >= 0 ? x : (COLS - w) / 2;
	p->visible = 1;
	app_make_win(p);
	if (p->visible) {
		p->cls->update(p, st);
		p->cls->draw(p, p->win);
	}
}
