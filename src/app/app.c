/* The interactive TUI: options, terminal setup and restore, layout, keys,
 * mouse, the line editor and snapshots.  Numbers come from compute.c,
 * pixels from the widgets in src/view. */
#include "config.h"

#include <errno.h>
#include <langinfo.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <wchar.h>

#include "app/app.h"
#include "app/compute.h"
#include "app/teach.h"
#include "app/worker.h"
#include "cli/opts.h"
#include "core/error.h"
#include "core/eval.h"
#include "core/family.h"
#include "export/snapshot.h"
#include "view/view.h"

#define MIN_COLS	80
#define MIN_LINES	24
#define TUI_EXPLICIT_MAX	((uint64_t)1 << 18)
#define N_MAX		((uint64_t)1 << 62)

enum {
	OPT_NO_COLOR = DSP_OPT_USER,
	OPT_ASCII,
	OPT_NO_MOUSE,
	OPT_LOAD,
	OPT_SNAPSHOT_DIR
};

struct app {
	struct view_state	*st;
	struct compute_cache	*cc;
	struct worker		*wk;		/* curve and map off the draw path */
	struct view_panel	 pn[VIEW_PANELS];
	struct view_panel	 status, help;
	struct view_panel	 tourbox, refitbox;
	struct teach		*teach;		/* tour and refit (key t, R) */
	int			 plot;		/* plot panel kept on screen */
	int			 plot_first;	/* first of the plots shown */
	int			 nplots;	/* how many plots fit */
	int			 small;
	int			 mouse;
	int			 ascii;
	int			 color;
	const char		*snapdir;
	const char		*load;
	double			*load_logits;
	int			 quit;
};

static volatile sig_atomic_t got_signal;
static int curses_on;

static void
on_signal(int sig)
{
	got_signal = sig;
}

/* A hung-up terminal makes getch() fail at once, forever: without this
 * check a TUI whose SIGHUP is blocked or lost spins on a dead pty. */
static int
terminal_gone(void)
{
	struct pollfd p = { STDIN_FILENO, POLLIN, 0 };

	return poll(&p, 1, 0) > 0 && (p.revents & (POLLHUP | POLLERR | POLLNVAL));
}

static void
restore_terminal(void)
{
	if (curses_on && !isendwin()) {
		endwin();
		curses_on = 0;
	}
}

static void
say(struct app *a, int err, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void
say(struct app *a, int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(a->st->status, sizeof a->st->status, fmt, ap);
	va_end(ap);
	a->st->status_err = err;
}

static int
is_plot(int id)
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

static void
layout(struct app *a)
{
	int body = LINES - 3, lw, rw, ph, i, k, y, h;

	for (i = 0; i < VIEW_PANELS; i++)
		a->pn[i].visible = 0;
	a->small = LINES < MIN_LINES || COLS < MIN_COLS;
	if (a->small)
		return;
	lw = COLS >= 160 ? 68 : COLS >= 120 ? 46 : 38;
	rw = COLS - lw;
	/* All parameter rows when they fit with a theorem panel of 9 lines;
	 * else the parameters scroll (params_panel.c). */
	ph = VIEW_ROWS + 2;
	if (body - ph < 9)
		ph = body - 9 < 7 ? 7 : body - 9;
	place(&a->pn[VIEW_PARAMS], 1, 0, ph, lw);
	place(&a->pn[VIEW_THEOREM], 1 + ph, 0, body - ph, lw);
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

static void
focus(struct app *a, int id)
{
	a->st->vs.focus = id;
	if (is_plot(id))
		a->plot = id;
}

/* Line-drawing cells are stored as VT100 ACS letters; write them as the
 * glyphs the terminal shows. */
static const char *
acs_text(wchar_t c)
{
	static const char *from = "qxlkmjtuwvn";
	static const char *utf8[] = {
		"─", "│", "┌", "┐", "└", "┘", "├", "┤", "┬", "┴", "┼"
	};
	static const char *ascii[] = { "-", "|", "+", "+", "+", "+", "+", "+", "+", "+", "+" };
	const char *p;

	if (c > 127 || c == 0 || (p = strchr(from, (int)c)) == NULL)
		return NULL;
	return view_style.utf8 ? utf8[p - from] : ascii[p - from];
}

/* Plain text of the screen as it is now, for the snapshot's .txt. */
static char *
screen_text(void)
{
	size_t cap = (size_t)LINES * ((size_t)COLS * 4 + 2) + 1, len = 0, end, m;
	char *out = malloc(cap), mb[MB_LEN_MAX + 1];
	wchar_t wc[CCHARW_MAX + 1];
	const char *g;
	cchar_t cell;
	attr_t at;
	short pair;
	int y, x;

	if (out == NULL)
		return NULL;
	for (y = 0; y < LINES; y++) {
		end = len;
		for (x = 0; x < COLS && len + MB_LEN_MAX + 2 < cap; x++) {
			if (mvwin_wch(stdscr, y, x, &cell) == ERR ||
			    getcchar(&cell, wc, &at, &pair, NULL) == ERR || wc[0] == L'\0') {
				out[len++] = ' ';
				continue;
			}
			if ((at & A_ALTCHARSET) && (g = acs_text(wc[0])) != NULL) {
				m = strlen(g);
				memcpy(out + len, g, m);
			} else if ((m = wcrtomb(mb, wc[0], NULL)) != (size_t)-1)
				memcpy(out + len, mb, m);
			else {
				m = 1;
				out[len] = '?';
			}
			len += m;
			if (wc[0] != L' ')
				end = len;
		}
		len = end;	/* no trailing blanks */
		out[len++] = '\n';
	}
	out[len] = '\0';
	return out;
}

static void
snapshot(struct app *a)
{
	dsp_snapshot_files files;
	const char *base;
	char *text = screen_text(), msg[VIEW_MSG];
	size_t i, len;
	int rc;

	memset(&files, 0, sizeof files);
	rc = dsp_snapshot_write(&a->st->vs, text, a->snapdir, &files);
	free(text);
	if (rc != DSP_OK) {
		say(a, 1, "snapshot failed: %s (%zu file%s written)", *dsp_last_error() ?
		    dsp_last_error() : dsp_strerror(rc), files.count, files.count == 1 ? "" : "s");
		return;
	}
	if (files.count == 0) {
		say(a, 1, "snapshot wrote no files");
		return;
	}
	/* Name every file: the directory once, then the base names. */
	base = strrchr(files.path[0], '/');
	len = (size_t)snprintf(msg, sizeof msg, "snapshot in %.*s:",
	    base != NULL ? (int)(base - files.path[0]) : 1, base != NULL ? files.path[0] : ".");
	for (i = 0; i < files.count && len < sizeof msg; i++) {
		base = strrchr(files.path[i], '/');
		len += (size_t)snprintf(msg + len, sizeof msg - len, " %s",
		    base != NULL ? base + 1 : files.path[i]);
	}
	say(a, 0, "%s", msg);
}

static double
tidy(double v)
{
	/* Keep steps of 0.1 from accumulating binary noise in the display. */
	return fabs(v) < 1e-12 ? 0 : nearbyint(v * 1e9) / 1e9;
}

static void
cycle_family(struct app *a, int dir)
{
	dsp_params *p = &a->st->vs.params;
	int f = (int)p->family;

	do
		f = (f + dir + DSP_FAM_COUNT) % DSP_FAM_COUNT;
	while (f == DSP_FAM_FILE && p->logits == NULL);
	p->family = (enum dsp_family)f;
}

static void
set_n(struct app *a, double n)
{
	dsp_params *p = &a->st->vs.params;

	if (p->family == DSP_FAM_FILE) {
		say(a, 1, "n is fixed by the file (%zu logits)", p->n_logits);
		return;
	}
	if (n < 1)
		n = 1;
	if (n > (double)N_MAX)
		n = (double)N_MAX;
	p->n = (uint64_t)nearbyint(n);
}

/* Adjust a parameter one (fine or coarse) step, the way its table row
 * says; a step that would leave the row's domain stops at a closed end and
 * is not taken at an open one. */
static void
adjust(struct app *a, int row, int dir, int coarse)
{
	dsp_params *p = &a->st->vs.params;
	const dsp_param_def *d = dsp_param(row);
	double f, x;
	uint64_t u;
	int e, n;

	if (d == NULL)
		return;
	f = coarse ? d->coarse : d->fine;
	if (row == ROW_N) {
		set_n(a, dir > 0 ? (double)p->n * f : (double)p->n / f);
		return;
	}
	if (row == ROW_FAMILY) {
		cycle_family(a, dir);
		return;
	}
	switch (d->type) {
	case DSP_PT_REAL:
		x = dsp_param_get_real(d, p);
		x = d->step == DSP_STEP_MUL ? (dir > 0 ? x * f : x / f) : tidy(x + dir * f);
		if (x < d->min && !(d->dom & DSP_DOM_MIN_OPEN))
			x = d->min;
		if (x > d->max && !(d->dom & DSP_DOM_MAX_OPEN))
			x = d->max;
		dsp_param_set_real(d, p, x, NULL);	/* refused: unchanged */
		break;
	case DSP_PT_SIZE:
	case DSP_PT_UINT:
		u = dsp_param_get_uint(d, p);
		if (d->step == DSP_STEP_MUL)
			u = dir > 0 ? (u > d->umax / (uint64_t)f ? d->umax : u * (uint64_t)f) :
			    u / (uint64_t)f;
		else if (dir > 0)
			u = u > d->umax - (uint64_t)f ? d->umax : u + (uint64_t)f;
		else
			u = u < d->umin + (uint64_t)f ? d->umin : u - (uint64_t)f;
		dsp_param_set_uint(d, p, u < d->umin ? d->umin : u, NULL);
		break;
	case DSP_PT_ENUM:
	case DSP_PT_BOOL:
		n = d->type == DSP_PT_BOOL ? 2 : d->nnames;
		e = (dsp_param_get_enum(d, p) + dir + n) % n;
		dsp_param_set_enum(d, p, e, NULL);
		break;
	}
}

/* A preset by name: its values, and the row it sets selected. */
static int
apply_preset(struct app *a, const char *name)
{
	const dsp_preset *ps = dsp_preset_find(name);

	if (ps == NULL) {
		say(a, 1, "unknown preset '%s' (%s)", name, dsp_preset_names());
		return -1;
	}
	dsp_preset_apply(ps, &a->st->vs.params);
	a->st->sel = ROW_DELTA;
	say(a, 0, "preset %s: delta = %g (reported by the paper's authors; "
	    "medium confidence)", ps->name, ps->delta);
	return 0;
}

/* Set one parameter from text; 0 or -1 with the reason on the status line. */
static int
set_value(struct app *a, int row, const char *v)
{
	dsp_params q = a->st->vs.params;
	const dsp_param_def *d = dsp_param(row);

	if (d == NULL)
		return -1;
	if (row == ROW_N && q.family == DSP_FAM_FILE) {
		say(a, 1, "n is fixed by the file (%zu logits)", q.n_logits);
		return -1;
	}
	if (row == ROW_FAMILY && strcasecmp(v, "file") == 0 && q.logits == NULL) {
		say(a, 1, "family file needs logits: start with --input FILE");
		return -1;
	}
	dsp_clear_error();
	if (dsp_param_parse(d, v, &q, NULL) != DSP_OK ||
	    dsp_params_check(&q) != DSP_OK) {
		say(a, 1, "%s", dsp_last_error());
		return -1;
	}
	a->st->vs.params = q;
	a->st->sel = row;
	say(a, 0, "%s = %s", view_row_key(row), v);
	return 0;
}

/* `:map_theta A:B`, `:map_lambda A:B`: a row of the view-option table. */
static void
set_view_option(struct app *a, const dsp_vopt_def *d, const char *v)
{
	dsp_viewstate *vs = &a->st->vs;
	const char *colon = *v != '\0' ? strchr(v + 1, ':') : NULL;
	char lo_text[64];
	double lo, hi;

	if (colon == NULL || (size_t)(colon - v) >= sizeof lo_text) {
		say(a, 1, "%s: '%s' is not a range A:B", d->name, v);
		return;
	}
	memcpy(lo_text, v, (size_t)(colon - v));
	lo_text[colon - v] = '\0';
	if (dsp_parse_double(lo_text, &lo) != 0 || dsp_parse_double(colon + 1, &hi) != 0) {
		say(a, 1, "%s: '%s' is not a range A:B of finite numbers", d->name, v);
		return;
	}
	dsp_clear_error();
	if (dsp_vopt_set(d, &vs->map, lo, hi, d->name) != DSP_OK) {
		say(a, 1, "%s", dsp_last_error());
		return;
	}
	say(a, 0, "%s = %g:%g", d->name, lo, hi);
}

static void
edit_apply(struct app *a)
{
	char buf[sizeof a->st->edit_buf], *k, *v;
	const dsp_vopt_def *vd;
	const dsp_param_def *d;
	int row;

	snprintf(buf, sizeof buf, "%s", a->st->edit_buf);
	for (k = buf; *k == ' '; k++)
		;
	if (a->st->edit_prompt[0] == ':') {
		/* `:NAME VALUE`, `:NAME=VALUE`: the first word always names a
		 * parameter (any name the interface shows), never a value. */
		v = k + strcspn(k, " =");
		if (*v != '\0')
			*v++ = '\0';
		while (*v == ' ' || *v == '=')
			v++;
		v[strcspn(v, " ")] = '\0';
		if (strcmp(k, "preset") == 0) {
			if (*v == '\0')
				say(a, 1, "no preset named (:preset NAME)");
			else
				apply_preset(a, v);
			return;
		}
		if ((vd = dsp_vopt_find(k)) != NULL) {
			set_view_option(a, vd, v);
			return;
		}
		if ((d = dsp_param_find(k)) == NULL) {
			say(a, 1, "unknown parameter '%s' (%s; map_theta map_lambda; "
			    "preset)", k, dsp_param_names());
			return;
		}
		row = (int)d->id;
	} else {
		row = a->st->sel;
		v = k;
		v[strcspn(v, " ")] = '\0';
	}
	if (*v == '\0') {
		say(a, 1, "no value typed for %s", view_row_key(row));
		return;
	}
	set_value(a, row, v);
}

static void
edit_start(struct app *a, int colon)
{
	struct view_state *st = a->st;

	st->editing = 1;
	st->edit_len = 0;
	st->edit_overflow = 0;
	st->edit_buf[0] = '\0';
	if (colon)
		snprintf(st->edit_prompt, sizeof st->edit_prompt, ":");
	else
		snprintf(st->edit_prompt, sizeof st->edit_prompt, "%s = ", view_row_key(st->sel));
	st->status[0] = '\0';
}

static void
edit_key(struct app *a, int ch)
{
	struct view_state *st = a->st;

	switch (ch) {
	case 27:
		st->editing = 0;
		say(a, 0, "cancelled");
		return;
	case '\n':
	case '\r':
	case KEY_ENTER:
		st->editing = 0;
		/* A cut value would be applied as something else (a pasted
		 * 1e-400-ish theta became 0): refuse it whole. */
		if (st->edit_overflow)
			say(a, 1, "input longer than %zu characters: nothing applied",
			    sizeof st->edit_buf - 1);
		else
			edit_apply(a);
		return;
	case KEY_BACKSPACE:
	case 127:
	case 8:
		/* A whole UTF-8 character: continuation bytes, then its lead. */
		while (st->edit_len > 0 &&
		    ((unsigned char)st->edit_buf[st->edit_len - 1] & 0xC0) == 0x80)
			st->edit_len--;
		if (st->edit_len > 0)
			st->edit_len--;
		st->edit_buf[st->edit_len] = '\0';
		return;
	case 21:	/* ^U */
		st->edit_len = 0;
		st->edit_overflow = 0;
		st->edit_buf[0] = '\0';
		return;
	}
	/* Bytes of UTF-8 text too (getch() delivers them one by one), so a
	 * typed δ, θ, λ, ε or α reaches the `:` command. */
	if (((ch >= 32 && ch < 127) || (ch >= 0x80 && ch <= 0xFF)) &&
	    st->edit_len + 1 < sizeof st->edit_buf) {
		st->edit_buf[st->edit_len++] = (char)ch;
		st->edit_buf[st->edit_len] = '\0';
	} else if (ch >= 32 && ch < 127 && !st->edit_overflow) {
		st->edit_overflow = 1;
		say(a, 1, "input longer than %zu characters: Enter applies nothing",
		    sizeof st->edit_buf - 1);
	}
}

static void
map_move(struct app *a, int dr, int dc)
{
	dsp_viewstate *vs = &a->st->vs;
	long r = (long)vs->map_row + dr, c = (long)vs->map_col + dc;

	if (r < 0)
		r = 0;
	if (r >= (long)vs->map.rows)
		r = (long)vs->map.rows - 1;
	if (c < 0)
		c = 0;
	if (c >= (long)vs->map.cols)
		c = (long)vs->map.cols - 1;
	vs->map_row = (size_t)r;
	vs->map_col = (size_t)c;
}

static void
map_jump(struct app *a)
{
	dsp_viewstate *vs = &a->st->vs;

	vs->params.theta = tidy(dsp_map_theta(&vs->map, vs->map_col));
	vs->params.lambda = tidy(dsp_map_lambda(&vs->map, vs->map_row));
	say(a, 0, "jumped to theta = %g, lambda = %g%s", vs->params.theta, vs->params.lambda,
	    vs->params.family != DSP_FAM_POWER ? " (the map is the power series)" : "");
}

static void
reset_view(struct app *a)
{
	const dsp_params *old = &a->st->vs.params;
	const double *logits = old->logits;
	size_t nl = old->n_logits;
	const char *name = old->logits_name;

	dsp_viewstate_default(&a->st->vs);
	a->st->vs.params.logits = logits;
	a->st->vs.params.n_logits = nl;
	a->st->vs.params.logits_name = name;
	a->st->vs.params.explicit_max = TUI_EXPLICIT_MAX;
	a->st->compare = 0;
	a->st->curve_mode = 0;
	a->st->tour.open = 0;
	say(a, 0, "reset to the default view");
}

static void
panel_key(struct app *a, int ch)
{
	struct view_state *st = a->st;
	int f = st->vs.focus, left = ch == KEY_LEFT || ch == 'h',
	    right = ch == KEY_RIGHT || ch == 'l', up = ch == KEY_UP || ch == 'k',
	    down = ch == KEY_DOWN || ch == 'j';

	switch (f) {
	case VIEW_PARAMS:
		if (up)
			st->sel = (st->sel + VIEW_ROWS - 1) % VIEW_ROWS;
		else if (down)
			st->sel = (st->sel + 1) % VIEW_ROWS;
		else if (left || right)
			adjust(a, st->sel, right ? 1 : -1, 0);
		else if (ch == '[' || ch == ']')
			adjust(a, st->sel, ch == ']' ? 1 : -1, 1);
		else if (ch == '\n' || ch == '\r' || ch == KEY_ENTER)
			edit_start(a, 0);
		break;
	case VIEW_MAP:
		if (up || down || left || right)
			map_move(a, up ? 1 : down ? -1 : 0, right ? 1 : left ? -1 : 0);
		else if (ch == '[' || ch == ']')
			map_move(a, 0, ch == ']' ? 8 : -8);
		else if (ch == '\n' || ch == '\r' || ch == KEY_ENTER)
			map_jump(a);
		break;
	case VIEW_THEOREM:
		if (up || down)
			adjust(a, ROW_EPS, up ? 1 : -1, 0);
		else if (left || right)
			adjust(a, ROW_N, right ? 1 : -1, 0);
		else if (ch == '[' || ch == ']')
			adjust(a, ROW_N, ch == ']' ? 1 : -1, 1);
		break;
	default:	/* weights, curve: move along n */
		if (left || right)
			adjust(a, ROW_N, right ? 1 : -1, 0);
		else if (ch == '[' || ch == ']')
			adjust(a, ROW_N, ch == ']' ? 1 : -1, 1);
		else if (up || down)
			adjust(a, st->sel, up ? 1 : -1, 0);
		break;
	}
}

static int
inside(const struct view_panel *p, int y, int x)
{
	return p->visible && y >= p->y && y < p->y + p->h && x >= p->x && x < p->x + p->w;
}

static void
mouse_event(struct app *a)
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
	for (i = 0; i < VIEW_PANELS; i++)
		if (inside(&a->pn[i], ev.y, ev.x))
			break;
	if (i == VIEW_PANELS)
		return;
	p = &a->pn[i];
	if (click && !(ev.bstate & BUTTON1_RELEASED))
		focus(a, i);
	switch (i) {
	case VIEW_PARAMS:
		r = ev.y - p->py + p->row0;
		if (click && ev.y >= p->py && ev.y < p->py + p->ph && r < VIEW_ROWS)
			st->sel = r;
		if (wheel)
			adjust(a, st->sel, wheel, 0);
		break;
	case VIEW_CURVE:
		if (wheel)
			adjust(a, ROW_N, wheel, 0);
		else if (click && ev.x >= p->px && ev.x < p->px + p->pw && p->pw > 1) {
			lo = log(st->vs.curve_lo);
			hi = log(st->vs.curve_hi);
			n = exp(lo + (hi - lo) * (ev.x - p->px) / (p->pw - 1));
			set_n(a, n);
			say(a, 0, "n = %.0f (clicked)", (double)st->vs.params.n);
		}
		break;
	case VIEW_MAP:
		if (wheel)
			st->vs.map.metric = (enum dsp_metric)(((int)st->vs.map.metric + 1) %
			    DSP_METRIC_COUNT);
		else if (click && ev.y >= p->py && ev.y < p->py + p->ph && ev.x >= p->px &&
		    ev.x < p->px + p->pw && p->map_cw > 0) {
			size_t row = st->vs.map.rows - 1 - (size_t)(ev.y - p->py);
			size_t col = (size_t)((ev.x - p->px) / p->map_cw);

			if (row == st->vs.map_row && col == st->vs.map_col)
				map_jump(a);
			else {
				st->vs.map_row = row;
				st->vs.map_col = col;
			}
		}
		break;
	case VIEW_WEIGHTS:
		if (wheel)
			adjust(a, ROW_N, wheel, 0);
		break;
	case VIEW_THEOREM:
		if (wheel)
			adjust(a, ROW_EPS, wheel, 0);
		break;
	}
}

/* Show tour step k: its parameters become the live view's. */
static void
tour_go(struct app *a, size_t k)
{
	char msg[VIEW_MSG];

	if (teach_tour_show(a->teach, a->st, k, a->st->vs.params.explicit_max, msg,
	    sizeof msg) != 0) {
		say(a, 1, "%s", msg);
		return;
	}
	say(a, 0, "%s  (n/Space next, p previous, t/Esc close)", msg);
}

/* Keys of the open tour; 0 lets the key act as usual. */
static int
tour_key(struct app *a, int ch)
{
	struct view_tour *t = &a->st->tour;
	int over;

	switch (ch) {
	case 'n':
	case ' ':
	case KEY_RIGHT:
		if (t->step + 1 >= t->nsteps)
			say(a, 0, "last tour step (%zu/%zu); p goes back, t closes",
			    t->step + 1, t->nsteps);
		else
			tour_go(a, t->step + 1);
		return 1;
	case 'p':
	case KEY_LEFT:
		if (t->step == 0)
			say(a, 0, "first tour step; n goes on, t closes");
		else
			tour_go(a, t->step - 1);
		return 1;
	case KEY_NPAGE:
	case KEY_PPAGE:
		/* Scroll the step's text when the box is too short for it. */
		t->scroll += ch == KEY_NPAGE ? 5 : -5;
		over = view_tour_height(a->st, a->tourbox.w) - a->tourbox.h;
		if (t->scroll > over)
			t->scroll = over;
		if (t->scroll < 0)
			t->scroll = 0;
		return 1;
	case 't':
	case 27:
		t->open = 0;
		say(a, 0, "tour closed at step %zu/%zu (its parameters stay)", t->step + 1,
		    t->nsteps);
		return 1;
	}
	return 0;
}

static void
refit_open(struct app *a)
{
	char msg[VIEW_MSG];

	if (teach_refit(a->teach, a->st, msg, sizeof msg) != 0) {
		say(a, 1, "%s", msg);
		return;
	}
	a->st->refit.open = 1;
}

/* A mode key changed plot id: bring it into view without moving the focus
 * (the arrows keep doing what they did), unless that would hide the
 * focused plot on a layout with room for one plot. */
static void
show_plot(struct app *a, int id)
{
	int f = a->st->vs.focus;

	if (!is_plot(f) || f == id || a->nplots > 1)
		a->plot = id;
}

static void
key(struct app *a, int ch)
{
	struct view_state *st = a->st;
	dsp_params *p = &st->vs.params;

	if (st->editing) {
		edit_key(a, ch);
		return;
	}
	if (st->help) {
		/* The help scrolls on small terminals; other keys close it. */
		if (ch == KEY_DOWN || ch == 'j' || ch == KEY_NPAGE || ch == ' ')
			st->help_page += ch == KEY_NPAGE || ch == ' ' ? 10 : 1;
		else if (ch == KEY_UP || ch == 'k' || ch == KEY_PPAGE)
			st->help_page -= ch == KEY_PPAGE ? 10 : 1;
		else if (ch != KEY_RESIZE && ch != KEY_MOUSE)
			st->help = 0;
		if (st->help_page < 0)
			st->help_page = 0;
		return;
	}
	if (st->refit.open) {
		/* Modal like the help: R, Esc or q closes (q closes the top
		 * overlay first, everywhere; a second q quits). */
		if (ch == 'R' || ch == 27 || ch == 'q' || ch == 'Q')
			st->refit.open = 0;
		return;
	}
	if (ch != KEY_RESIZE && ch != KEY_MOUSE)
		st->status[0] = '\0';
	if (st->tour.open && tour_key(a, ch))
		return;
	switch (ch) {
	case 'q':
	case 'Q':
		if (st->tour.open) {
			/* The tour box is an overlay: q closes it first. */
			tour_key(a, 't');
			return;
		}
		a->quit = 1;
		return;
	case '?':
	case KEY_F(1):
		st->help = 1;
		st->help_page = 0;
		return;
	case '\t':
		focus(a, (st->vs.focus + 1) % VIEW_PANELS);
		return;
	case KEY_BTAB:
		focus(a, (st->vs.focus + VIEW_PANELS - 1) % VIEW_PANELS);
		return;
	case '=':
	case ':':
		if (ch == '=' && st->vs.focus != VIEW_PARAMS)
			focus(a, VIEW_PARAMS);
		edit_start(a, ch == ':');
		return;
	case 'f':
		cycle_family(a, 1);
		say(a, 0, "family %s", dsp_family_name(p->family));
		return;
	case 'F':
		cycle_family(a, -1);
		return;
	case 'a':
		p->adaptive = !p->adaptive;
		say(a, 0, "adaptive temperature %s", p->adaptive ? "on" : "off");
		return;
	case 'x':
		adjust(a, ROW_ATTN, 1, 0);
		return;
	case 'X':
		adjust(a, ROW_ATTN, -1, 0);
		return;
	case 'p':
		adjust(a, ROW_PRECISION, 1, 0);
		return;
	case 'c':
		st->compare = !st->compare;
		if (st->compare && (st->vs.compare_mask & ~1u) == 0)
			st->vs.compare_mask |= (1u << DSP_ATTN_SOFTMAX) | (1u << DSP_ATTN_SSMAX) |
			    (1u << DSP_ATTN_LOGN);
		/* Mode keys change a panel, never the focus: the next arrow
		 * still moves what it moved before. */
		show_plot(a, VIEW_CURVE);
		say(a, 0, "compare %s (1-%d toggle functions)", st->compare ? "on" : "off",
		    DSP_ATTN_COUNT);
		return;
	case 'g':
		st->vs.hist_mode = !st->vs.hist_mode;
		show_plot(a, VIEW_WEIGHTS);
		say(a, 0, "weights plot: %s", st->vs.hist_mode ? "log-binned counts" :
		    "sorted weights");
		return;
	case 'v':
		/* A curve panel too short for two plots draws mode 0 as the
		 * entropy alone: skip it, so each v visibly changes the plot. */
		if (st->curve_mode == 0 && a->pn[VIEW_CURVE].h - 5 < 12)
			st->curve_mode = 1;
		do
			st->curve_mode = (st->curve_mode + 1) % 3;
		while (st->curve_mode == 0 && a->pn[VIEW_CURVE].h - 5 < 12);
		show_plot(a, VIEW_CURVE);
		say(a, 0, "curve: %s", st->curve_mode == 0 ? "entropy and max weight" :
		    st->curve_mode == 1 ? "entropy only" : "max weight only");
		return;
	case 'm':
		st->vs.map.metric = (enum dsp_metric)(((int)st->vs.map.metric + 1) %
		    DSP_METRIC_COUNT);
		show_plot(a, VIEW_MAP);
		say(a, 0, "map metric %s", dsp_metric_name(st->vs.map.metric));
		return;
	case 's':
		snapshot(a);
		return;
	case 't':
		tour_go(a, st->tour.nsteps > 0 ? st->tour.step : 0);
		return;
	case 'R':
		refit_open(a);
		return;
	case 'r':
		reset_view(a);
		return;
	case 12:	/* ^L */
		clearok(curscr, TRUE);
		return;
	case KEY_RESIZE:
		return;
	case KEY_MOUSE:
		mouse_event(a);
		return;
	}
	if (ch >= '1' && ch < '1' + DSP_ATTN_COUNT && st->compare) {
		st->vs.compare_mask ^= 1u << (ch - '1');
		say(a, 0, "compare %s %s", dsp_attn_name((enum dsp_attn)(ch - '1')),
		    st->vs.compare_mask & (1u << (ch - '1')) ? "on" : "off");
		return;
	}
	panel_key(a, ch);
}

static void
make_win(struct view_panel *p)
{
	if (p->win != NULL)
		delwin(p->win);
	p->win = p->visible ? derwin(stdscr, p->h, p->w, p->y, p->x) : NULL;
	if (p->win == NULL)
		p->visible = 0;
}

static void
draw_small(void)
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
static void
draw_box(struct view_panel *p, const struct view_state *st, int y, int x, int h, int w)
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
	make_win(p);
	if (p->visible) {
		p->cls->update(p, st);
		p->cls->draw(p, p->win);
	}
}

static void
frame(struct app *a)
{
	struct view_state *st = a->st;
	struct view_panel *mp;
	double t0 = dsp_now_ms(), t1;
	size_t cols, rows;
	int i, iw;

	layout(a);
	erase();
	if (a->small) {
		draw_small();
		refresh();
		return;
	}
	for (i = 0; i < VIEW_PANELS; i++) {
		a->pn[i].focused = st->vs.focus == i;
		make_win(&a->pn[i]);
	}
	/* Compute what is on screen; the caches make unchanged figures free. */
	compute_summary(a->cc, st, a->pn[VIEW_WEIGHTS].visible ?
	    (size_t)(a->pn[VIEW_WEIGHTS].w - 9) : (size_t)(COLS / 2));
	teach_tour_figures(a->teach, st);
	mp = &a->pn[VIEW_MAP];
	iw = mp->w - 2 - 6;
	cols = (size_t)(iw >= 128 ? iw / 2 : iw > 64 ? 64 : iw > 2 ? iw : 2);
	rows = (size_t)(mp->h - 7 > 32 ? 32 : mp->h - 7 > 2 ? mp->h - 7 : 2);
	if (mp->visible) {
		st->vs.map.cols = cols;
		st->vs.map.rows = rows;
		if (st->vs.map_row >= rows)
			st->vs.map_row = rows - 1;
		if (st->vs.map_col >= cols)
			st->vs.map_col = cols - 1;
	}
	if (a->wk != NULL) {
		worker_post(a->wk, st, a->pn[VIEW_CURVE].visible, mp->visible, cols, rows);
		worker_collect(a->wk, st);
	} else {
		if (a->pn[VIEW_CURVE].visible)
			compute_curve(a->cc, st);
		if (mp->visible)
			compute_map(a->cc, st, cols, rows);
	}
	t1 = dsp_now_ms();
	st->compute_ms = t1 - t0;
	if (!st->sum_ok && st->status[0] == '\0')
		say(a, 1, "%s", st->sum_err);
	view_printf(stdscr, 0, 0, COLS, view_attr_title(), "%-*s", COLS, "");
	view_printf(stdscr, 0, 0, COLS, view_attr_title(),
	    " disperse %s  %s?/F1 help  Tab focus  q quit",
	    PACKAGE_VERSION, COLS >= 100 ? "softmax dispersion explorer   " : "");
	for (i = 0; i < VIEW_PANELS; i++)
		if (a->pn[i].visible) {
			a->pn[i].cls->update(&a->pn[i], st);
			a->pn[i].cls->draw(&a->pn[i], a->pn[i].win);
		}
	if (a->nplots < 3) {
		char tabs[64];

		snprintf(tabs, sizeof tabs, " plots: %s%s%s ",
		    a->pn[VIEW_WEIGHTS].visible ? "[Weights]" : " weights ",
		    a->pn[VIEW_CURVE].visible ? "[Curve]" : " curve ",
		    a->pn[VIEW_MAP].visible ? "[Map]" : " map ");
		view_printf(stdscr, 0, COLS - (int)strlen(tabs), (int)strlen(tabs),
		    view_attr_title(), "%s", tabs);
	}
	if (st->tour.open)
		draw_box(&a->tourbox, st, 1, a->pn[VIEW_PARAMS].w, view_tour_height(st,
		    COLS - a->pn[VIEW_PARAMS].w), COLS - a->pn[VIEW_PARAMS].w);
	if (st->refit.open)
		draw_box(&a->refitbox, st, -1, -1, 25, 80);
	if (st->help) {
		a->help.h = LINES - 4 < 31 ? LINES - 4 : 31;
		a->help.w = COLS - 4 < 76 ? COLS - 4 : 76;
		a->help.y = (LINES - a->help.h) / 2;
		a->help.x = (COLS - a->help.w) / 2;
		a->help.visible = 1;
		make_win(&a->help);
		if (a->help.visible) {
			a->help.cls->update(&a->help, st);
			a->help.cls->draw(&a->help, a->help.win);
		}
	}
	st->frame_ms = dsp_now_ms() - t0;
	make_win(&a->status);
	if (a->status.visible) {
		a->status.cls->update(&a->status, st);
		a->status.cls->draw(&a->status, a->status.win);
	}
	touchwin(stdscr);
	refresh();
}

static int
extra_opt(struct dsp_opts *o, int code, const char *arg, void *ctx)
{
	struct app *a = ctx;

	(void)o;
	switch (code) {
	case OPT_NO_COLOR:
		a->color = 0;
		break;
	case OPT_ASCII:
		a->ascii = 1;
		break;
	case OPT_NO_MOUSE:
		a->mouse = 0;
		break;
	case OPT_LOAD:
		a->load = arg;
		break;
	case OPT_SNAPSHOT_DIR:
		a->snapdir = arg;
		break;
	}
	return 0;
}

static const struct option tui_longopts[] = {
	{ "no-color",		no_argument,		NULL, OPT_NO_COLOR },
	{ "no-colour",		no_argument,		NULL, OPT_NO_COLOR },
	{ "ascii",		no_argument,		NULL, OPT_ASCII },
	{ "no-mouse",		no_argument,		NULL, OPT_NO_MOUSE },
	{ "load",		required_argument,	NULL, OPT_LOAD },
	{ "snapshot-dir",	required_argument,	NULL, OPT_SNAPSHOT_DIR },
	{ NULL, 0, NULL, 0 }
};

static int
utf8_locale(void)
{
	const char *cs = nl_langinfo(CODESET);

	return cs != NULL && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0);
}

static int
start_curses(struct app *a)
{
	/* Every signal whose default ends the process leaves through the event
	 * loop, which restores the terminal (Ctrl-\\, kill -USR1, an alarm, a
	 * closed pipe left the alternate screen, mouse mode and a hidden
	 * cursor: issue 16).  SIGXFSZ is ignored in main. */
	static const int term_sigs[] = {
		SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM,
		SIGPIPE, SIGVTALRM, SIGPROF, SIGXCPU
	};
	const char *nc = getenv("NO_COLOR");
	struct sigaction sa;
	size_t i;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	/* No SA_RESTART: a signal ends the wait for a key at once. */
	for (i = 0; i < sizeof term_sigs / sizeof term_sigs[0]; i++)
		sigaction(term_sigs[i], &sa, NULL);
	if (getenv("ESCDELAY") == NULL)
		set_escdelay(25);
	/* Unicode line drawing in UTF-8 locales, whatever the terminfo acsc
	 * says (tmux and xterm-256color otherwise get VT100 line codes). */
	if (!a->ascii && utf8_locale())
		setenv("NCURSES_NO_UTF8_ACS", "1", 0);
	/* newterm, not initscr: an unknown TERM is an error line, not exit(). */
	if (newterm(NULL, stdout, stdin) == NULL) {
		fprintf(stderr, "disperse: cannot use terminal type '%s'\n",
		    getenv("TERM") != NULL ? getenv("TERM") : "");
		return -1;
	}
	curses_on = 1;
	atexit(restore_terminal);
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	curs_set(0);
	timeout(200);
	if (nc != NULL && *nc != '\0')
		a->color = 0;
	view_style_init(!a->ascii && utf8_locale(), a->color);
	if (a->mouse) {
		mousemask(BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON4_PRESSED |
		    BUTTON5_PRESSED, NULL);
		mouseinterval(0);
	}
	return 0;
}

static int
load_snapshot(struct app *a, struct dsp_opts *o)
{
	dsp_viewstate v;
	int rc;

	dsp_viewstate_default(&v);
	if ((rc = dsp_snapshot_load(a->load, &v, &a->load_logits)) != DSP_OK) {
		const char *d = *dsp_last_error() ? dsp_last_error() : dsp_strerror(rc);

		/* The detail usually names the file already. */
		if (strstr(d, a->load) != NULL)
			fprintf(stderr, "disperse: cannot load snapshot: %s\n", d);
		else
			fprintf(stderr, "disperse: cannot load snapshot: %s: %s\n", a->load, d);
		return 1;
	}
	/* Options on the command line win over the snapshot's parameters. */
	dsp_opts_override(o, &v.params);
	a->st->vs = v;
	if (v.params.family == DSP_FAM_FILE && !(o->given & DSP_GIVEN_INPUT))
		a->st->input_name = v.params.logits_name;
	/* A saved overlay of other functions means compare mode was on. */
	a->st->compare = (v.compare_mask & ~(1u << v.params.attn)) != 0;
	if (v.focus >= 0 && v.focus < VIEW_PANELS)
		focus(a, v.focus);
	else
		focus(a, VIEW_PARAMS);
	return 0;
}

static int
run(struct app *a)
{
	int ch, sig;

	frame(a);
	while (!a->quit && !got_signal) {
		/* Poll faster while the worker computes, to show its result. */
		timeout(a->wk != NULL && worker_busy(a->wk) ? 15 : 200);
		ch = getch();
		if (got_signal)
			break;
		if (ch == ERR) {
			if (terminal_gone()) {
				got_signal = SIGHUP;
				break;
			}
			if (a->wk != NULL) {
				int pct = a->st->busy_pct;

				/* New figures, or new progress to show. */
				if (worker_collect(a->wk, a->st) || a->st->busy_pct != pct)
					frame(a);
			}
			continue;
		}
		if (a->small && ch != KEY_RESIZE && ch != 'q' && ch != 'Q')
			continue;
		key(a, ch);
		/* Several queued events (wheel, key repeat): draw once. */
		if (!a->quit)
			frame(a);
	}
	sig = got_signal;
	restore_terminal();
	return sig ? 128 + sig : 0;
}

int
app_main(int argc, char **argv)
{
	struct dsp_opts_spec spec;
	struct dsp_opts o;
	struct app a;
	int rc, i;

	memset(&a, 0, sizeof a);
	a.color = 1;
	a.mouse = 1;
	memset(&spec, 0, sizeof spec);
	spec.usage = "disperse [options]";
	spec.help =
	    "\nTUI options:\n"
	    "  --no-color           no colours (also NO_COLOR in the environment)\n"
	    "  --ascii              ASCII glyphs only\n"
	    "  --no-mouse           do not capture the mouse\n"
	    "  --load FILE          restore a view from a snapshot JSON\n"
	    "  --snapshot-dir DIR   where 's' writes snapshots (./disperse-snapshots)\n"
	    "Keys: ? or F1 in the TUI (h is 'left'); q quits.\n\n";
	spec.longopts = tui_longopts;
	spec.cb = extra_opt;
	spec.ctx = &a;
	spec.omit = DSP_GIVEN_FORMAT | DSP_GIVEN_OUTPUT;
	dsp_opts_init(&o, NULL);
	if (dsp_opts_parse(&o, &spec, argc, argv) != 0) {
		dsp_opts_free(&o);
		return o.status;
	}
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fputs("disperse: not a terminal (try 'disperse report')\n", stderr);
		dsp_opts_free(&o);
		return 2;
	}
	if ((a.st = calloc(1, sizeof *a.st)) != NULL)
		a.st->sel = ROW_N;
	if (a.st == NULL || (a.cc = compute_alloc()) == NULL) {
		fputs("disperse: out of memory\n", stderr);
		free(a.st);
		dsp_opts_free(&o);
		return 1;
	}
	dsp_viewstate_default(&a.st->vs);
	a.st->vs.params = o.params;
	a.st->input_name = o.input;
	a.st->vs.focus = VIEW_PARAMS;
	a.plot = VIEW_WEIGHTS;
	rc = a.load != NULL ? load_snapshot(&a, &o) : 0;
	if (a.st->vs.params.explicit_max == 0)
		a.st->vs.params.explicit_max = TUI_EXPLICIT_MAX;
	for (i = 0; i < VIEW_PANELS; i++)
		a.pn[i].cls = (const struct view_class *[]){ &view_params_class,
		    &view_hist_class, &view_curve_class, &view_map_class,
		    &view_theorem_class }[i];
	a.status.cls = &view_status_class;
	a.help.cls = &view_help_class;
	a.tourbox.cls = &view_tour_class;
	a.refitbox.cls = &view_refit_class;
	if (rc == 0 && (a.teach = teach_alloc()) == NULL) {
		fputs("disperse: out of memory\n", stderr);
		rc = 1;
	}
	if (rc == 0 && start_curses(&a) != 0)
		rc = 1;
	if (rc == 0) {
		a.wk = worker_start((size_t)o.mem_budget);
		rc = run(&a);
	}
	restore_terminal();
	worker_stop(a.wk);
	free(a.st->map.cell);
	free(a.st);
	free(a.load_logits);
	compute_free(a.cc);
	teach_free(a.teach);
	dsp_opts_free(&o);
	return rc;
}
