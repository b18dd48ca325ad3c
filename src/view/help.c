/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Help overlay (? or F1): every key, and what it does in each panel, from
 * the key table (src/app/keys.c). */
#include <stdio.h>
#include <string.h>

#include "view/view.h"

/* After the key table's rows. */
static const char *help_tail[] = {
	"Mouse: click a parameter to select, wheel to adjust; click the curve",
	"  to set n; click a map cell to pick it (again to jump); --no-mouse.",
	"j/k scroll this help; any other key closes it."
};

#define HELP_MAX_LINES	128
#define HELP_WIDTH	96

/* The help's lines from the key table, for a box width columns wide: a
 * heading, or "  NAME  help" with the help's further lines under its
 * first; a help line wider than its column wraps at blanks (never inside
 * a word) under the same column. */
static int
help_lines(const struct view_state *st, char out[][HELP_WIDTH], int max, int width)
{
	const struct view_key *k;
	const char *h, *nl, *end, *sp;
	size_t i, t;
	int n = 0, first, len, tw = width - 15;

	if (tw < 20)
		tw = 20;
	for (i = 0; i < st->nkeys && n < max; i++) {
		k = &st->keys[i];
		if (k->name == NULL) {
			snprintf(out[n++], HELP_WIDTH, "%s", k->help);
			continue;
		}
		for (h = k->help, first = 1; h != NULL && *h != '\0' && n < max; first = 0) {
			nl = strchr(h, '\n');
			len = nl != NULL ? (int)(nl - h) : (int)strlen(h);
			end = h + len;
			if (len > tw) {
				for (sp = h + tw; sp > h && *sp != ' '; sp--)
					;
				end = sp > h ? sp : h + tw;
			}
			snprintf(out[n++], HELP_WIDTH, "  %-12s %.*s", first ? k->name : "",
			    (int)(end - h), h);
			if (end < h + len)
				h = *end == ' ' ? end + 1 : end;
			else
				h = nl != NULL ? nl + 1 : NULL;
		}
	}
	for (t = 0; t < sizeof help_tail / sizeof help_tail[0] && n < max; t++)
		snprintf(out[n++], HELP_WIDTH, "%s", help_tail[t]);
	return n;
}

static void
help_update(struct view_panel *pn, const struct view_state *st)
{
	pn->st = st;
}

static void
help_draw(struct view_panel *pn, WINDOW *w)
{
	static char lines[HELP_MAX_LINES][HELP_WIDTH];
	int count = help_lines(pn->st, lines, HELP_MAX_LINES, pn->w - 4), rows = pn->h - 2;
	int first = pn->row0, i, y;

	if (first > count - rows)
		first = count - rows > 0 ? count - rows : 0;
	werase(w);
	view_frame(w, "Help", 1);
	for (i = first, y = 1; i < count && y < pn->h - 1; i++, y++)
		view_printf(w, y, 2, pn->w - 4, lines[i][0] != ' ' ? A_BOLD : 0,
		    "%s", lines[i]);
	if (count > rows)
		view_printf(w, pn->h - 1, pn->w - 28, 26, A_BOLD, " %s ",
		    first + rows < count ? "more: j/Down, Space" : "top: k/Up");
}

const struct view_class view_help_class = {
	"Help", help_update, help_draw
};
