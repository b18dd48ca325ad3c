/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The mouse: a click selects or picks, the wheel adjusts. */
#include "config.h"

#include <math.h>

#include "app/app_int.h"
#include "view/view.h"

static int
inside(const struct view_panel *p, int y, int x)
{
	return p->visible && y >= p->y && y < p->y + p->h && x >= p->x && x < p->x + p->w;
}

void
app_mouse(struct app *a)
{
	struct view_state *st = a->st;
	struct view_panel *p;
	MEVENT ev;
	int i, wheel = 0, click, r;
	double lo, hi, n;

	if (getmouse(&ev) != OK)
		return;
	if (ev.bstate & BUTTON4_PRESSED)
		wheel = 1;
	else if (ev.bstate & BUTTON5_PRESSED)
		wheel = -1;
	click = (ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON1_RELEASED)) != 0;
	/* A click on a key-bar label is that key. */
	if (click && !(ev.bstate & BUTTON1_RELEASED) && a->status.visible &&
	    ev.y == a->status.y + 1 && !a->line.editing && a->line.status[0] == '\0')
		for (i = 0; i < a->status.nhits; i++)
			if (ev.x >= a->status.hit[i].x0 && ev.x < a->status.hit[i].x1) {
				keys_dispatch(a, a->status.hit[i].ch);
				return;
			}
	for (i = 0; i < VIEW_PANELS; i++)
		if (inside(&a->pn[i], ev.y, ev.x))
			break;
	if (i == VIEW_PANELS)
		return;
	p = &a->pn[i];
	if (click && !(ev.bstate & BUTTON1_RELEASED))
		app_focus(a, i);
	switch (i) {
	case VIEW_PARAMS:
		r = ev.y - p->py + p->row0;
		if (click && ev.y >= p->py && ev.y < p->py + p->ph && r < view_rows(a->st))
			a->pn[VIEW_PARAMS].sel = r;
		if (wheel)
			app_adjust(a, a->pn[VIEW_PARAMS].sel, wheel, 0);
		break;
	case VIEW_CURVE:
		if (wheel)
			app_adjust(a, ROW_N, wheel, 0);
		else if (click && ev.x >= p->px && ev.x < p->px + p->pw && p->pw > 1) {
			lo = log(st->vs.curve_lo);
			hi = log(st->vs.curve_hi);
			n = exp(lo + (hi - lo) * (ev.x - p->px) / (p->pw - 1));
			app_set_n(a, n);
			app_say(a, 0, "n = %.0f (clicked)", (double)st->vs.params.n);
		}
		break;
	case VIEW_MAP:
		if (wheel)
			st->vs.map.metric = (enum dsp_metric)(((int)st->vs.map.metric + 1) %
			    DSP_METRIC_COUNT);
		else if (click && ev.y >= p->py && ev.y < p->py + p->ph && ev.x >= p->px &&
		    ev.x < p->px + p->pw && p->map_cw > 0) {
			/* A screen row holds map_rh map rows: the upper one. */
			size_t row = a->map.spec.rows - 1 - (size_t)(ev.y - p->py) *
			    (size_t)(p->map_rh > 1 ? p->map_rh : 1);
			/* Cells share the plot width (heatmap.c): c W / cols .. */
			size_t col = (size_t)((long)(ev.x - p->px) * (long)a->map.spec.cols /
			    (long)p->pw);

			/* A screen cell; the cursor is a cell of the figure. */
			dsp_view_cell(&a->map.spec, row, col, &st->vs.map, &row, &col);
			if (row == st->vs.map_row && col == st->vs.map_col)
				app_map_jump(a);
			else {
				st->vs.map_row = row;
				st->vs.map_col = col;
			}
		}
		break;
	case VIEW_WEIGHTS:
		if (wheel)
			app_adjust(a, ROW_N, wheel, 0);
		break;
	case VIEW_THEOREM:
		if (wheel)
			app_adjust(a, ROW_EPS, wheel, 0);
		break;
	}
}
