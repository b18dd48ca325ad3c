/* Layout: where each panel and overlay box goes for the terminal's size,
 * which plots are shown, and the focus. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "app/app_int.h"
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

void
app_layout(struct app *a)
{
	int body = LINES - 3, lw, rw, ph, hh, i, k, y, h;

	for (i = 0; i < VIEW_PANELS; i++)
		a->pn[i].visible = 0;
	a->small = LINES < MIN_LINES || COLS < MIN_COLS;
	if (a->small)
		return;
	lw = COLS >= 160 ? 68 : COLS >= 120 ? 46 : 38;
	rw = COLS - lw;
	/* All parameter rows when they fit with a theorem panel of 12 lines
	 * (its lemma, verdict, entropy and critical-n lines);
	 * else the parameters scroll (params_panel.c). */
	ph = view_rows(a->st) + 2;
	if (a->st->sel >= view_rows(a->st))	/* the head row went away */
		a->st->sel = view_rows(a->st) - 1;
	/* The heads panel (an --input array of several rows) between them:
	 * at least 5 lines, taken from the parameters, which scroll. */
	hh = view_heads_height(a->st);
	if (hh > 5 && hh > body - ph - 12)
		hh = body - ph - 12 > 5 ? body - ph - 12 : 5;
	if (body - ph - hh < 12)
		ph = body - hh - 12 < 7 ? 7 : body - hh - 12;
	place(&a->pn[VIEW_PARAMS], 1, 0, ph, lw);
	place(&a->headspn, 1 + ph, 0, hh, lw);
	place(&a->pn[VIEW_THEOREM], 1 + ph + hh, 0, body - ph - hh, lw);
	a->nplots = body / 12;
	if (a->nplots < 1)
		a->nplots = 1;
	if (a->nplots > 3)
		a->nplots = 3;
	/* Keep the wanted plot inside the shown window of consecutive plots. */
	if (a->plot_first < VIEW_WEIGHTS)
		a->plot_first = VIEW_WEIGHTS;
	if (a->plot < a->plot_first)
		a->plot_first = a->plot;
	if (a->plot >= a->plot_first + a->nplots)
		a->plot_first = a->plot - a->nplots + 1;
	if (a->plot_first + a->nplots > VIEW_MAP + 1)
		a->plot_first = VIEW_MAP + 1 - a->nplots;
	for (k = 0, y = 1; k < a->nplots; k++) {
		h = body / a->nplots + (k < body % a->nplots);
		place(&a->pn[a->plot_first + k], y, lw, h, rw);
		y += h;
	}
	place(&a->status, LINES - 2, 0, 2, COLS);
	a->status.visible = 1;
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
	char msg[96];
	int len;

	len = snprintf(msg, sizeof msg, "terminal too small: %dx%d, disperse needs %dx%d",
	    COLS, LINES, MIN_COLS, MIN_LINES);
	mvaddnstr(LINES / 2, len < COLS ? (COLS - len) / 2 : 0, msg, COLS);
	if (LINES > 2) {
		len = (int)strlen("enlarge the window, or q to quit");
		mvaddnstr(LINES / 2 + 1, len < COLS ? (COLS - len) / 2 : 0,
		    "enlarge the window, or q to quit", COLS);
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
