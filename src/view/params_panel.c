/* Parameters panel: one row per parameter, the selected one highlighted. */
#include "view/view.h"

static void
params_update(struct view_panel *pn, const struct view_state *st)
{
	pn->st = st;
}

static void
params_draw(struct view_panel *pn, WINDOW *w)
{
	const struct view_state *st = pn->st;
	int r, iw = pn->w - 2, y;
	attr_t a;
	char val[96];

	view_frame(w, "Parameters", pn->focused);
	pn->py = pn->y + 1;
	pn->px = pn->x + 1;
	pn->pw = iw;
	pn->ph = VIEW_ROWS;
	for (r = 0; r < VIEW_ROWS && r + 1 < pn->h - 1; r++) {
		view_row_value(st, r, val, sizeof val);
		a = 0;
		if (r == st->sel)
			a = pn->focused ? A_REVERSE : A_BOLD;
		/* Pad the row so the highlight spans the panel. */
		view_printf(w, r + 1, 1, iw, a, "%-*s", iw, "");
		view_printf(w, r + 1, 1, iw, a, "%s %-10s %s",
		    r == st->sel ? view_sym(SYM_CURSOR) : " ", view_row_name(r), val);
	}
	y = VIEW_ROWS + 1;
	if (y < pn->h - 1 && st->vs.params.family == DSP_FAM_FILE)
		view_printf(w, y++, 2, iw - 1, view_attr_dim(), "n fixed by the file");
}

const struct view_class view_params_class = {
	"Parameters", params_update, params_draw
};
