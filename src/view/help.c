/* Help overlay (? or F1): every key, and what it does in each panel. */
#include <stdio.h>

#include "view/view.h"

static const char *help_lines[] = {
	"Global keys",
	"  q            close the top overlay (refit, tour box); else quit",
	"  ? or F1      this help (h is 'left', not help)",
	"  Tab/S-Tab    cycle panel focus; keys act on the focused panel",
	"  = or :       type an exact value for the selected parameter",
	"               (':' also takes 'name value': ':theta 0.5', ':alpha 2',",
	"               ':s 0.5'; every name the panel shows, Greek too;",
	"               ':preset gemma-7b-max', ':map_theta -4:4')",
	"  f            cycle input family    a   adaptive theta on/off",
	"  x            cycle attention fn    p   cycle precision",
	"  c            compare mode (entropy/max weight of several functions)",
	"  1..8         in compare mode: toggle function 1..8 in the overlay",
	"  g            weights: sorted bars / log10-binned distribution",
	"  v            curve: both plots / entropy / max weight",
	"  m            map metric: entropy / normalised entropy / max weight",
	"               (g, v, m, c change their panel, never the focus)",
	"  s            snapshot: screen text, JSON, CSV and SVG files",
	"  r            reset to the default view     Ctrl-L  redraw",
	"  t            teaching tour (doc/tour.txt): each step sets the view",
	"               and shows its live figures; n/Space/Right next,",
	"               p/Left previous, PgDn/PgUp scroll its text,",
	"               t or Esc closes (parameters stay)",
	"  R            adaptive-temperature refit: paper polynomial vs GSL",
	"               refit (+- stderr, R^2, beta(H) for H = 0..8); R/Esc close",
	"Parameters panel",
	"  Up/Down k/j  select a parameter   Left/Right h/l  adjust",
	"  [ ]          coarse steps (n x16 or /16, others 10 fine steps)",
	"  n steps x2 (log scale); Enter or = types an exact value",
	"Curve / Weights panels",
	"  Left/Right h/l  n /2 or x2    [ ]  n /16 or x16",
	"Map panel",
	"  arrows/hjkl  move the cursor    Enter  jump theta, lambda to it",
	"Theorem panel",
	"  Up/Down  epsilon x2 or /2",
	"Mouse: click a parameter to select, wheel to adjust; click the curve",
	"  to set n; click a map cell to pick it (again to jump); --no-mouse.",
	"j/k scroll this help; any other key closes it."
};

static void
help_update(struct view_panel *pn, const struct view_state *st)
{
	pn->st = st;
}

static void
help_draw(struct view_panel *pn, WINDOW *w)
{
	int count = (int)(sizeof help_lines / sizeof help_lines[0]), rows = pn->h - 2;
	int first = pn->st->help_page, i, y;

	if (first > count - rows)
		first = count - rows > 0 ? count - rows : 0;
	werase(w);
	view_frame(w, "Help", 1);
	for (i = first, y = 1; i < count && y < pn->h - 1; i++, y++)
		view_printf(w, y, 2, pn->w - 4, help_lines[i][0] != ' ' ? A_BOLD : 0,
		    "%s", help_lines[i]);
	if (count > rows)
		view_printf(w, pn->h - 1, pn->w - 28, 26, A_BOLD, " %s ",
		    first + rows < count ? "more: j/Down, Space" : "top: k/Up");
}

const struct view_class view_help_class = {
	"Help", help_update, help_draw
};
