/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Keys: the key table (name, help, key-bar label and handler of each key),
 * which also draws the help overlay and the key bar, and the dispatch by
 * overlay and focus. */
#include "config.h"

#include "app/app_int.h"
#include "core/error.h"
#include "core/schema/attn.h"
#include "core/schema/family.h"
#include "core/schema/view.h"
#include "view/view.h"

/* Scroll the open tour step's text 5 lines (dir +1 down, -1 up) when the
 * box is too short for it; 0 if it cannot scroll that way. */
static int
tour_scroll(struct app *a, int dir)
{
	struct view_tour *t = &a->tour;
	int over = view_tour_height(&a->tour, a->tourbox.w) - a->tourbox.h, s = t->scroll + 5 * dir;

	if (s > over)
		s = over;
	if (s < 0)
		s = 0;
	if (s == t->scroll)
		return 0;
	t->scroll = s;
	return 1;
}

/* Keys of the open tour; 0 lets the key act as usual.  Steps are PgDn /
 * PgUp (what a presentation clicker sends; they scroll a long step's text
 * first) and n / N; the arrows, p (play) and Space (pause) keep their
 * global meaning, so parameters can be varied while a step is shown. */
static int
tour_key(struct app *a, int ch)
{
	struct view_tour *t = &a->tour;

	switch (ch) {
	case KEY_NPAGE:
	case 'n':
		if (ch == KEY_NPAGE && tour_scroll(a, 1))
			return 1;
		if (t->step + 1 >= t->nsteps)
			app_say(a, 0, "last tour step (%zu/%zu); PgUp/N goes back, t closes",
			    t->step + 1, t->nsteps);
		else
			app_tour_go(a, t->step + 1);
		return 1;
	case KEY_PPAGE:
	case 'N':
		if (ch == KEY_PPAGE && tour_scroll(a, -1))
			return 1;
		if (t->step == 0)
			app_say(a, 0, "first tour step; PgDn/n goes on, t closes");
		else
			app_tour_go(a, t->step - 1);
		return 1;
	case 't':
	case 27:
		app_tour_close(a);
		return 1;
	}
	return 0;
}

static void
panel_key(struct app *a, int ch)
{
	struct view_state *st = a->st;
	int *sel = &a->pn[VIEW_PARAMS].sel;
	int f = st->vs.focus, left = ch == KEY_LEFT || ch == 'h',
	    right = ch == KEY_RIGHT || ch == 'l', up = ch == KEY_UP || ch == 'k',
	    down = ch == KEY_DOWN || ch == 'j';

	switch (f) {
	case VIEW_PARAMS:
		if (up)
			*sel = (*sel + view_rows(st) - 1) % view_rows(st);
		else if (down)
			*sel = (*sel + 1) % view_rows(st);
		else if (left || right)
			app_adjust(a, *sel, right ? 1 : -1, 0);
		else if (ch == '[' || ch == ']')
			app_adjust(a, *sel, ch == ']' ? 1 : -1, 1);
		else if (ch == '\n' || ch == '\r' || ch == KEY_ENTER)
			edit_start(a, 0);
		break;
	case VIEW_MAP:
		if (up || down || left || right)
			app_map_move(a, up ? 1 : down ? -1 : 0, right ? 1 : left ? -1 : 0);
		else if (ch == '[' || ch == ']')
			app_map_move(a, 0, ch == ']' ? 8 : -8);
		else if (ch == '\n' || ch == '\r' || ch == KEY_ENTER)
			app_map_jump(a);
		break;
	case VIEW_THEOREM:
		if (up || down)
			app_adjust(a, ROW_EPS, up ? 1 : -1, 0);
		else if (left || right)
			app_adjust(a, ROW_N, right ? 1 : -1, 0);
		else if (ch == '[' || ch == ']')
			app_adjust(a, ROW_N, ch == ']' ? 1 : -1, 1);
		break;
	default:	/* weights, curve: move along n */
		if (left || right)
			app_adjust(a, ROW_N, right ? 1 : -1, 0);
		else if (ch == '[' || ch == ']')
			app_adjust(a, ROW_N, ch == ']' ? 1 : -1, 1);
		else if (up || down)
			app_adjust(a, *sel, up ? 1 : -1, 0);
		break;
	}
}

/* ---- the global keys ---- */

static void
k_quit(struct app *a, int ch)
{
	(void)ch;
	if (a->tour.open) {
		/* The tour box is an overlay: q closes it first. */
		app_tour_close(a);
		return;
	}
	a->quit = 1;
}

static void
k_help(struct app *a, int ch)
{
	(void)ch;
	a->help_open = 1;
	a->help.row0 = 0;
}

static void
k_settings(struct app *a, int ch)
{
	(void)ch;
	a->prefs.open = 1;
}

static void
k_focus(struct app *a, int ch)
{
	int f = a->st->vs.focus;

	app_focus(a, ch == '\t' ? (f + 1) % VIEW_PANELS :
	    (f + VIEW_PANELS - 1) % VIEW_PANELS);
}

static void
k_edit(struct app *a, int ch)
{
	if (ch == '=' && a->st->vs.focus != VIEW_PARAMS)
		app_focus(a, VIEW_PARAMS);
	edit_start(a, ch == ':');
}

static void
k_family(struct app *a, int ch)
{
	app_cycle_family(a, ch == 'f' ? 1 : -1);
	if (ch == 'f')
		app_say(a, 0, "family %s", dsp_family_name(a->st->vs.params.family));
}

static void
k_adaptive(struct app *a, int ch)
{
	dsp_params *p = &a->st->vs.params;

	(void)ch;
	p->adaptive = !p->adaptive;
	app_say(a, 0, "adaptive temperature %s", p->adaptive ? "on" : "off");
}

static void
k_attn(struct app *a, int ch)
{
	app_adjust(a, ROW_ATTN, ch == 'x' ? 1 : -1, 0);
}

static void
k_precision(struct app *a, int ch)
{
	(void)ch;
	app_adjust(a, ROW_PRECISION, 1, 0);
}

static void
k_play(struct app *a, int ch)
{
	(void)ch;
	play_cycle(a);
}

static void
k_pause(struct app *a, int ch)
{
	(void)ch;
	play_pause(a);
}

static void
k_step(struct app *a, int ch)
{
	play_step(a, ch == '.' ? 1 : -1);
}

static void
k_speed(struct app *a, int ch)
{
	play_speed(a, ch == '+' ? 1 : -1);
}

static void
k_compare(struct app *a, int ch)
{
	struct view_state *st = a->st;
	char keys[64];

	(void)ch;
	st->vs.overlays = !st->vs.overlays;
	if (st->vs.overlays && (st->vs.compare_mask & ~1u) == 0)
		st->vs.compare_mask |= app_compare_default_mask();
	/* Mode keys change a panel, never the focus: the next arrow
	 * still moves what it moved before. */
	app_show_plot(a, VIEW_CURVE);
	dsp_attn_keys_text(keys, sizeof keys);
	app_say(a, 0, "compare %s (%s toggle functions)", st->vs.overlays ? "on" : "off",
	    keys);
}

static void
k_hist(struct app *a, int ch)
{
	struct view_state *st = a->st;

	(void)ch;
	st->vs.hist_mode = !st->vs.hist_mode;
	app_show_plot(a, VIEW_WEIGHTS);
	app_say(a, 0, "weights plot: %s", st->vs.hist_mode ? "log-binned counts" :
	    "sorted weights");
}

static void
k_curve(struct app *a, int ch)
{
	struct view_state *st = a->st;

	(void)ch;
	/* A curve panel too short for two plots draws mode 0 as the
	 * entropy alone: skip it, so each v visibly changes the plot. */
	if (st->vs.curve_mode == 0 && a->pn[VIEW_CURVE].h - 5 < 12)
		st->vs.curve_mode = 1;
	do
		st->vs.curve_mode = (st->vs.curve_mode + 1) % 3;
	while (st->vs.curve_mode == 0 && a->pn[VIEW_CURVE].h - 5 < 12);
	app_show_plot(a, VIEW_CURVE);
	app_say(a, 0, "curve: %s", st->vs.curve_mode == 0 ? "entropy and max weight" :
	    st->vs.curve_mode == 1 ? "entropy only" : "max weight only");
}

/* b: pin the current curves (the view's parameters) as a dim ghost; B:
 * clear the pins.  Pins are part of the view (core/schema/view.h): snapshots
 * save, load and draw them. */
static void
k_pin(struct app *a, int ch)
{
	dsp_viewstate *vs = &a->st->vs;

	if (ch == 'B') {
		vs->npins = 0;
		app_say(a, 0, "pins cleared");
		return;
	}
	dsp_clear_error();
	if (dsp_view_pin(vs) != DSP_OK) {
		app_say(a, 1, "cannot pin: %s", dsp_last_error());
		return;
	}
	app_show_plot(a, VIEW_CURVE);
	app_say(a, 0, "pin %zu: the current curves (B clears)", vs->npins);
}

static void
k_metric(struct app *a, int ch)
{
	struct view_state *st = a->st;

	(void)ch;
	st->vs.map.metric = (enum dsp_metric)(((int)st->vs.map.metric + 1) %
	    DSP_METRIC_COUNT);
	app_show_plot(a, VIEW_MAP);
	app_say(a, 0, "map metric %s", dsp_metric_name(st->vs.map.metric));
}

static void
k_snapshot(struct app *a, int ch)
{
	(void)ch;
	app_snapshot(a);
}

static void
k_screen(struct app *a, int ch)
{
	(void)ch;
	app_snapshot_screen(a);
}

static void
k_tour(struct app *a, int ch)
{
	(void)ch;
	app_tour_go(a, a->tour.nsteps > 0 ? a->tour.step : 0);
}

static void
k_refit(struct app *a, int ch)
{
	(void)ch;
	app_refit_open(a);
}

static void
k_reset(struct app *a, int ch)
{
	(void)ch;
	app_reset_view(a);
}

static void
k_times(struct app *a, int ch)
{
	(void)ch;
	a->line.show_times = !a->line.show_times;
	app_say(a, 0, "timings %s", a->line.show_times ? "on" : "off");
}

static void
k_defaults(struct app *a, int ch)
{
	(void)ch;
	app_defaults(a);
}

static void
k_head(struct app *a, int ch)
{
	app_heads_step(a, ch == '>' ? 1 : -1);
}

static void
k_heads_sort(struct app *a, int ch)
{
	(void)ch;
	app_heads_sort(a);
}

static void
k_redraw(struct app *a, int ch)
{
	(void)ch;
	(void)a;
	clearok(curscr, TRUE);
}

/* The key table: each key once, with its name and help as the help overlay
 * (src/view/help.c) shows them and its label in the key bar (status.c,
 * bar_pos: its place and priority, 0 = not in the bar; VIEW_BAR_TEACH and
 * VIEW_BAR_REST in view.h say which stay).  Rows without a handler document
 * keys that act by focus (panel_key) or in compare mode; a row without a
 * name is a heading of the help. */
const struct view_key keys_table[] = {
	{ NULL, "Global keys", NULL, 0, { 0 }, NULL },
	{ "q or F10", "close the top overlay (refit, tour box); else quit", "q Quit", 3,
	    { 'q', 'Q', KEY_F(10) }, k_quit },
	{ "? or F1", "this help (h is 'left', not help)", "F1 Help", 1,
	    { KEY_F(1), '?' }, k_help },
	{ "F2 or O", "settings: every display choice the settings file\n"
	    "keeps, its value and where it came from (default,\n"
	    "settings file, command line); Left/Right change it", "F2 Setup", 14,
	    { KEY_F(2), 'O' }, k_settings },
	{ "t", "teaching tour (doc/tour.txt), steps with live figures:\n"
	    "PgDn/n next, PgUp/N previous (a long text scrolls first);\n"
	    "arrows still adjust; t/Esc close and restore the parameters",
	    "t Tour", 10, { 't' }, k_tour },
	{ "R", "adaptive-temperature refit: paper polynomial vs GSL\n"
	    "refit (+- stderr, R^2, beta(H) for H = 0..8); R/Esc close", "R Refit", 11,
	    { 'R' }, k_refit },
	{ "Tab/S-Tab", "cycle panel focus; keys act on the focused panel", "Tab Focus", 20,
	    { '\t', KEY_BTAB }, k_focus },
	{ "= or :", "type an exact value for the selected parameter\n"
	    "(':' also takes 'name value': ':theta 0.5', ':alpha 2',\n"
	    "':s 0.5'; every name the panel shows, Greek too;\n"
	    "':preset gemma-7b-max', ':map_theta -4:4',\n"
	    "':theme colorblind'; Tab completes)", ": Type", 23,
	    { ':', '=' }, k_edit },
	{ "f F", "cycle input family (F backwards)", "f Family", 24, { 'f', 'F' }, k_family },
	{ "a", "adaptive theta on/off", "a Adaptive", 25, { 'a' }, k_adaptive },
	{ "x X", "cycle attention fn (X backwards)", "x Attn", 26, { 'x', 'X' }, k_attn },
	{ "P", "cycle precision", NULL, 0, { 'P' }, k_precision },
	{ "c", "compare mode (entropy/max weight of several functions)", "c Compare", 27,
	    { 'c' }, k_compare },
	{ "1..9 0", "in compare mode: toggle function 1..9 (0: the tenth) in the overlay", NULL, 0,
	    { 0 }, NULL },
	{ "g", "weights: sorted bars / log10-binned distribution", "g Bins", 28, { 'g' }, k_hist },
	{ "v", "curve: both plots / entropy / max weight", "v Curve", 29, { 'v' }, k_curve },
	{ "b B", "pin the current curves as a dim ghost (up to 8, each\n"
	    "labelled with what differs: 'theta = 1 -> 0.5'); B clears", "b Pin", 13,
	    { 'b', 'B' }, k_pin },
	{ "m", "map metric: entropy / normalised entropy / max weight\n"
	    "(g, v, m, c change their panel, never the focus)", "m Metric", 30, { 'm' }, k_metric },
	{ "s", "snapshot: screen text, JSON, CSV and SVG files", "s Snapshot", 2,
	    { 's' }, k_snapshot },
	{ "S", "snapshot and the screen itself as a figure with its\n"
	    "colours (NAME-screen.svg; .pdf, .png per :figure_format)", NULL, 0,
	    { 'S' }, k_screen },
	{ "r", "reset to the default view", NULL, 0, { 'r' }, k_reset },
	{ "D", "defaults: the view and every display choice (F2\n"
	    "lists them) as on a first start; the settings file\n"
	    "gets them on quit", NULL, 0, { 'D' },
	    k_defaults },
	{ "Ctrl-L", "redraw", NULL, 0, { 12 }, k_redraw },
	{ "T", "timings on the status line: compute, frame and worker ms", "T Times", 31,
	    { 'T' }, k_times },
	{ NULL, "Play", NULL, 0, { 0 }, NULL },
	{ "p", "play n over 1..2^40; again: theta -2..2, delta 0..16, stop\n"
	    "(':play theta', ':play delta', ':play off' pick one)", "p Play", 12,
	    { 'p' }, k_play },
	{ "Space", "pause / resume (at the end: play again)", NULL, 0, { ' ' }, k_pause },
	{ ". ,", "one frame forward / back (pauses)", NULL, 0, { '.', ',' }, k_step },
	{ "+ -", "faster / slower (25 .. 800 ms a frame)", NULL, 0, { '+', '-' }, k_speed },
	{ NULL, "Line editor (= and :)", NULL, 0, { 0 }, NULL },
	{ "Left/Right", "move by one character; Home/End or Ctrl-A/E: ends", NULL, 0,
	    { 0 }, NULL },
	{ "Bksp/Del", "delete before / under the cursor (Ctrl-D too)", NULL, 0,
	    { 0 }, NULL },
	{ "Ctrl-W/U/K", "delete the word before / to the start / to the end", NULL, 0,
	    { 0 }, NULL },
	{ "Up/Down", "history, kept in the settings file ('=' recalls\n"
	    "the values of its own parameter)", NULL, 0, { 0 }, NULL },
	{ "Tab", "complete a name or value; several are listed above", NULL, 0,
	    { 0 }, NULL },
	{ "Enter/Esc", "apply / cancel", NULL, 0, { 0 }, NULL },
	{ NULL, "Parameters panel", NULL, 0, { 0 }, NULL },
	{ "Up/Down k/j", "select a parameter", NULL, 0, { 0 }, NULL },
	{ "Left/Right h/l", "adjust (n steps x2, log scale)", "arrows Adjust", 21,
	    { 0 }, NULL },
	{ "[ ]", "coarse steps (n x16 or /16, others 10 fine steps)", "[] Coarse", 22,
	    { 0 }, NULL },
	{ "Enter or =", "type an exact value", NULL, 0, { 0 }, NULL },
	{ NULL, "Curve / Weights panels", NULL, 0, { 0 }, NULL },
	{ "Left/Right h/l", "n /2 or x2    [ ]  n /16 or x16", NULL, 0, { 0 }, NULL },
	{ "Up/Down k/j", "adjust the selected parameter", NULL, 0, { 0 }, NULL },
	{ NULL, "Map panel", NULL, 0, { 0 }, NULL },
	{ "arrows/hjkl", "move the cursor    [ ]  8 columns left or right", NULL, 0,
	    { 0 }, NULL },
	{ "Enter", "jump theta, lambda to it", NULL, 0, { 0 }, NULL },
	{ NULL, "Heads panel (--input arrays of several rows)", NULL, 0, { 0 }, NULL },
	{ "< >", "previous / next head of an --input array of several\n"
	    "rows (':head L.H' picks one)", NULL, 0, { '<', '>' }, k_head },
	{ "o", "heads panel: sort by max weight / empirical critical n", NULL, 0,
	    { 'o' }, k_heads_sort },
	{ NULL, "Theorem panel", NULL, 0, { 0 }, NULL },
	{ "Up/Down", "epsilon x2 or /2", NULL, 0, { 0 }, NULL },
	{ "Left/Right", "n /2 or x2    [ ]  n /16 or x16", NULL, 0, { 0 }, NULL },
};
const size_t keys_count = sizeof keys_table / sizeof keys_table[0];

static const struct view_key *
key_find(int ch)
{
	size_t i, k;

	for (i = 0; i < keys_count; i++)
		for (k = 0; k < sizeof keys_table[i].ch / sizeof keys_table[i].ch[0] &&
		    keys_table[i].ch[k] != 0; k++)
			if (keys_table[i].ch[k] == ch)
				return keys_table[i].fn != NULL ? &keys_table[i] : NULL;
	return NULL;
}

void
keys_dispatch(struct app *a, int ch)
{
	struct view_state *st = a->st;
	const struct view_key *k;
	int k2;

	if (a->line.editing) {
		edit_key(a, ch);
		return;
	}
	if (a->help_open) {
		/* The help scrolls on small terminals; other keys close it. */
		if (ch == KEY_DOWN || ch == 'j' || ch == KEY_NPAGE || ch == ' ')
			a->help.row0 += ch == KEY_NPAGE || ch == ' ' ? 10 : 1;
		else if (ch == KEY_UP || ch == 'k' || ch == KEY_PPAGE)
			a->help.row0 -= ch == KEY_PPAGE ? 10 : 1;
		else if (ch != KEY_RESIZE && ch != KEY_MOUSE)
			a->help_open = 0;
		if (a->help.row0 < 0)
			a->help.row0 = 0;
		return;
	}
	if (a->refit.open) {
		/* Modal like the help: R, Esc or q closes (q closes the top
		 * overlay first, everywhere; a second q quits). */
		if (ch == 'R' || ch == 27 || ch == 'q' || ch == 'Q')
			a->refit.open = 0;
		return;
	}
	if (ch != KEY_RESIZE && ch != KEY_MOUSE)
		a->line.status[0] = '\0';
	if (a->prefs.open) {
		/* Modal too: its own keys (prefs.c); Esc, q, F2 or O close. */
		if (ch != KEY_RESIZE && ch != KEY_MOUSE)
			app_prefs_key(a, ch);
		return;
	}
	if (a->tour.open && tour_key(a, ch))
		return;
	if (ch == KEY_RESIZE)
		return;
	if (ch == KEY_MOUSE) {
		app_mouse(a);
		return;
	}
	if ((k = key_find(ch)) != NULL) {
		k->fn(a, ch);
		return;
	}
	/* Each function's overlay key (its row in core/schema/attn.c). */
	if (st->vs.overlays && (k2 = dsp_attn_by_key(ch)) >= 0) {
		st->vs.compare_mask ^= 1u << k2;
		app_say(a, 0, "compare %s %s", dsp_attn_name((enum dsp_attn)k2),
		    st->vs.compare_mask & (1u << k2) ? "on" : "off");
		return;
	}
	panel_key(a, ch);
}
