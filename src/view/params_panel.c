/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Parameters panel: one row per parameter, the selected one highlighted. */
#include <stdio.h>
#include <string.h>

#include "view/view.h"

/* A value wider than its column (a model or file path) loses its middle,
 * never its file name: "/home/…/maxret-model.json"; a name wider than the
 * column alone keeps its end. */
static void
ellipsize_middle(char *buf, size_t size, int width)
{
	char out[256];
	const char *name = strrchr(buf, '/'), *ell = view_sym(SYM_ELLIPSIS);
	int ew = view_width(ell), keep, k;
	size_t i;

	if (view_width(buf) <= width || width <= ew + 1)
		return;
	name = name != NULL ? name : buf;
	keep = width - ew - view_width(name);
	if (keep < 0) {
		/* The tail of the name that fits. */
		for (name = buf + strlen(buf); name > buf && view_width(name - 1) <= width - ew;)
			name--;
		keep = 0;
	}
	/* The head: whole characters (UTF-8 lead bytes) up to keep columns. */
	for (i = 0, k = 0; buf + i < name && buf[i] != '\0'; i++)
		if (((unsigned char)buf[i] & 0xC0) != 0x80 && ++k > keep)
			break;
	snprintf(out, sizeof out, "%.*s%s%s", (int)i, buf, ell, name);
	i = strlen(out) < size ? strlen(out) : size - 1;
	memcpy(buf, out, i);
	buf[i] = '\0';
}

static void
params_update(struct view_panel *pn, const struct view_state *st)
{
	pn->st = st;
}

static void
params_draw(struct view_panel *pn, WINDOW *w)
{
	const struct view_state *st = pn->st;
	int r, iw = pn->w - 2, y, shown = pn->h - 2, k, rows = view_rows(st);
	const char *name;
	attr_t a;
	char val[96];

	view_frame(w, "Parameters", pn->focused);
	/* One row per row of the parameter table; on a short terminal the
	 * rows scroll so the selected one stays in view. */
	if (shown > rows)
		shown = rows;
	if (shown < 1)
		shown = 1;
	if (pn->sel < pn->row0)
		pn->row0 = pn->sel;
	if (pn->sel >= pn->row0 + shown)
		pn->row0 = pn->sel - shown + 1;
	if (pn->row0 > rows - shown)
		pn->row0 = rows - shown;
	if (pn->row0 < 0)
		pn->row0 = 0;
	pn->py = pn->y + 1;
	pn->px = pn->x + 1;
	pn->pw = iw;
	pn->ph = shown;
	for (y = 0; y < shown; y++) {
		r = pn->row0 + y;
		view_row_value(st, r, val, sizeof val);
		ellipsize_middle(val, sizeof val, iw - 14);	/* a blank before the frame */
		a = 0;
		if (r == pn->sel)
			a = pn->focused ? A_REVERSE : A_BOLD;
		/* Pad the row so the highlight spans the panel. */
		view_printf(w, y + 1, 1, iw, a, "%-*s", iw, "");
		/* Pad by display width (wcwidth), not bytes: δ is two bytes,
		 * one column. */
		name = view_row_name(r);
		k = view_width(name);
		view_printf(w, y + 1, 1, iw, a, "%s %s%*s %s",
		    r == pn->sel ? view_sym(SYM_CURSOR) : " ", name,
		    k < 10 ? 10 - k : 0, "", val);
	}
	if (shown < rows)	/* more rows above or below */
		view_printf(w, 0, iw - 6, 6, view_attr_dim(), "%s%d/%d",
		    pn->row0 > 0 ? "^" : " ", pn->sel + 1, rows);
	y = rows + 1;
	if (y < pn->h - 1 && st->vs.params.family == DSP_FAM_FILE)
		view_printf(w, y++, 2, iw - 1, view_attr_dim(), "n fixed by the file");
}

const struct view_class view_params_class = {
	"Parameters", params_update, params_draw
};
