/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The settings screen (F2 or O, htop's setup screen): every display choice
 * the settings file keeps, with its value and where the value came from
 * (default, settings file, command line, --load, changed), the selected
 * one's help, and what D resets.  The rows are the app's table of display
 * choices (src/app/prefs.c), copied into view_state.prefs each frame. */
#include <stdio.h>
#include <string.h>

#include "view/view.h"

#define NAME_W		21
#define SOURCE_W	24

static void
settings_update(struct view_panel *pn, const struct view_state *st)
{
	pn->st = st;
}

/* A value too wide for its column keeps its end (a folder's last names),
 * marked cut with an ellipsis; never shown cut without one. */
static void
value(WINDOW *w, int y, int x, int width, attr_t a, const char *v)
{
	const char *ell = view_sym(SYM_ELLIPSIS);
	size_t len = strlen(v), keep, start;
	int ew = view_width(ell);

	view_printf(w, y, x, width, a, "%-*s", width, "");
	if (view_width(v) <= width - 1) {
		view_printf(w, y, x, width, a, "%s", v);
		return;
	}
	keep = width - 1 - ew > 0 ? (size_t)(width - 1 - ew) : 0;
	for (start = len > keep ? len - keep : 0;
	    start < len && ((unsigned char)v[start] & 0xC0) == 0x80; start++)
		;
	view_printf(w, y, x, width, a, "%s%s", ell, v + start);
}

static void
settings_draw(struct view_panel *pn, WINDOW *w)
{
	const struct view_prefs *p = pn->own;
	int inner = pn->w - 4, last = pn->h - 2, vw = inner - NAME_W - SOURCE_W - 2, y = 1;
	size_t i;

	werase(w);
	view_frame(w, "Settings: display choices", 1);
	if (vw < 8)
		vw = 8;
	view_line(w, &y, last, 2, inner, view_attr_dim(), "%s", p->file);
	view_printf(w, y++, 2, inner, A_BOLD, "  %-*s%-*s %s", NAME_W - 2, "choice",
	    vw, "value", "from");
	for (i = 0; i < p->count && y <= last; i++, y++) {
		attr_t a = (int)i == p->sel ? A_REVERSE : 0;

		view_printf(w, y, 2, inner, a, "%s %-*s", (int)i == p->sel ? ">" : " ",
		    NAME_W - 2, p->name[i]);
		value(w, y, 2 + NAME_W, vw, a | A_BOLD, p->value[i]);
		view_printf(w, y, 2 + NAME_W + vw, inner - NAME_W - vw, a, " %-*s",
		    SOURCE_W, p->source[i]);
	}
	if (p->count > 0 && p->sel >= 0 && (size_t)p->sel < p->count)
		view_line(w, &y, last, 2, inner, 0, "%s%s%s%s%s", p->help[p->sel],
		    p->key[p->sel][0] != '\0' ? " (key " : "", p->key[p->sel],
		    p->key[p->sel][0] != '\0' ? ")" : "",
		    p->cycles[p->sel] ? "" : "; Enter types a value");
	view_line(w, &y, last, 2, inner, A_BOLD, "Up/Down select  Left/Right or Enter "
	    "change  D defaults  Esc/q close");
	view_line(w, &y, last, 2, inner, view_attr_dim(), "%s", p->resets);
}

const struct view_class view_settings_class = {
	"Settings", settings_update, settings_draw
};
