/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The line editor on the status line: '=' types the selected parameter's
 * value, ':' takes 'name value' for any parameter, view option, preset or
 * theme.  Editing keys as in readline (cursor by UTF-8 character, Home/End,
 * Ctrl-A/E/W/U/K, Delete), a history on Up/Down, and Tab completion of the
 * names and values of the tables in core/schema/ptable.c. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/alloc.h"
#include "app/app_int.h"
#include "core/schema/grammar.h"
#include "core/error.h"
#include "core/schema/family.h"
#include "core/io/parse.h"
#include "core/schema/ptable.h"
#include "export/model.h"
#include "view/view.h"

/* The first words `:` takes besides the parameters and view options. */
static const char *const keywords[] = { "preset", "theme", "play" };
#define NKEYWORDS	(sizeof keywords / sizeof keywords[0])

/* Every name `:` takes, from the tables, for an unknown-name message:
 * "family n delta ... precision; δ θ λ ε α; map_theta map_lambda; preset
 * theme". */
static const char *
command_names(void)
{
	static char buf[640];
	size_t len, i;
	int k;

	if (buf[0] != '\0')
		return buf;
	len = (size_t)snprintf(buf, sizeof buf, "%s;", dsp_param_names());
	for (k = 0; dsp_vopt(k) != NULL && len < sizeof buf; k++)
		len += (size_t)snprintf(buf + len, sizeof buf - len, " %s", dsp_vopt(k)->name);
	for (i = 0; i < NKEYWORDS && len < sizeof buf; i++)
		len += (size_t)snprintf(buf + len, sizeof buf - len, "%s %s",
		    i == 0 ? ";" : "", keywords[i]);
	return buf;
}

/* A preset by name: its values, and the row it sets selected. */
static int
apply_preset(struct app *a, const char *name)
{
	const dsp_preset *ps = dsp_preset_find(name);

	if (ps == NULL) {
		app_say(a, 1, "unknown preset '%s' (%s)", name, dsp_preset_names());
		return -1;
	}
	dsp_preset_apply(ps, &a->st->vs.params);
	a->pn[VIEW_PARAMS].sel = ROW_DELTA;
	app_say(a, 0, "preset %s: delta = %g (reported by the paper's authors; "
	    "medium confidence)", ps->name, ps->delta);
	return 0;
}

/* `:theme NAME`: a row of the theme table (src/view/theme.c). */
static void
set_theme(struct app *a, const char *name)
{
	int t = view_theme_find(name);

	if (t < 0) {
		app_say(a, 1, "unknown theme '%s' (%s)", name, view_theme_names());
		return;
	}
	view_theme_set(t);
	app_say(a, 0, "theme %s: %s%s", view_theme_name(t), view_theme_help(t),
	    view_style.color ? "" : " (no colours here: bold and reverse only)");
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
		app_say(a, 1, "n is fixed by the file (%zu logits)", q.n_logits);
		return -1;
	}
	if (row == ROW_FAMILY && q.logits == NULL && dsp_family_parse(v) >= 0 &&
	    dsp_family_has_logits((enum dsp_family)dsp_family_parse(v))) {
		app_say(a, 1, "family %s needs logits: start with --input FILE", v);
		return -1;
	}
	if (row == ROW_HEAD && a->rows == NULL) {
		app_say(a, 1, "head: no array of several rows (start with --input FILE.npy)");
		return -1;
	}
	dsp_clear_error();
	if (dsp_param_parse(d, v, &q, NULL) != DSP_OK) {
		app_say(a, 1, "%s", dsp_last_error());
		return -1;
	}
	/* `:model FILE` opens the model (the line's text is copied there)
	 * and shows its learned family. */
	if (d->type == DSP_PT_PATH)
		q.family = DSP_FAM_LEARNED;
	if (dsp_model_attach(&q) != DSP_OK || dsp_params_check(&q) != DSP_OK) {
		app_say(a, 1, "%s", dsp_last_error());
		return -1;
	}
	a->st->vs.params = q;
	a->pn[VIEW_PARAMS].sel = row;
	app_say(a, 0, "%s = %s", view_row_key(row), v);
	return 0;
}

/* `:map_theta A:B`, `:map_lambda A:B`, `:map_size CxR`: a row of the
 * view-option table. */
static void
set_view_option(struct app *a, const dsp_vopt_def *d, const char *v)
{
	dsp_viewstate *vs = &a->st->vs;
	const char *colon = *v != '\0' ? strchr(v + 1, ':') : NULL;
	char lo_text[64];
	double lo, hi;

	if (d->type == DSP_VT_SIZE) {
		/* `:map_size 161x101`: the figure resolution of exported maps. */
		dsp_map_spec old = vs->map;

		dsp_clear_error();
		if (dsp_vopt_parse_size(d, &vs->map, v, d->name) != DSP_OK) {
			app_say(a, 1, "%s", dsp_last_error());
			return;
		}
		/* The cursor stays where it was on the (theta, lambda) plane. */
		dsp_view_cell(&old, vs->map_row, vs->map_col, &vs->map, &vs->map_row,
		    &vs->map_col);
		app_say(a, 0, "%s = %s (exported maps; the panel keeps the screen's cells)",
		    d->name, v);
		return;
	}
	if (colon == NULL || (size_t)(colon - v) >= sizeof lo_text) {
		app_say(a, 1, "%s: '%s' is not a range A:B", d->name, v);
		return;
	}
	memcpy(lo_text, v, (size_t)(colon - v));
	lo_text[colon - v] = '\0';
	if (dsp_parse_double(lo_text, &lo) != 0 || dsp_parse_double(colon + 1, &hi) != 0) {
		app_say(a, 1, "%s: '%s' is not a range A:B of finite numbers", d->name, v);
		return;
	}
	dsp_clear_error();
	if (dsp_vopt_set(d, &vs->map, lo, hi, d->name) != DSP_OK) {
		app_say(a, 1, "%s", dsp_last_error());
		return;
	}
	app_say(a, 0, "%s = %g:%g", d->name, lo, hi);
}

/* `:figure_size 85x60mm`, `:font_size 8`, `:figure_format svg,pdf`,
 * `:dpi 600`: the figure rows, for the snapshots `s` writes. */
static void
set_figure_option(struct app *a, const dsp_vopt_def *d, const char *v)
{
	dsp_figspec f = a->st->vs.fig;
	char buf[64];

	dsp_clear_error();
	if (dsp_vopt_fig_set(d, &f, v, d->name) != DSP_OK ||
	    dsp_figspec_check(&f, d->name) != DSP_OK) {
		app_say(a, 1, "%s", dsp_last_error());
		return;
	}
	a->st->vs.fig = f;
	app_say(a, 0, "%s = %s (snapshot figures)", d->name,
	    dsp_vopt_fig_format(d, &a->st->vs.fig, buf, sizeof buf));
}

static void
edit_apply(struct app *a)
{
	char buf[sizeof a->line.edit_buf], *k, *v;
	const dsp_vopt_def *vd;
	const dsp_param_def *d;
	int row;

	snprintf(buf, sizeof buf, "%s", a->line.edit_buf);
	for (k = buf; *k == ' '; k++)
		;
	if (a->line.edit_prompt[0] == ':') {
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
				app_say(a, 1, "no preset named (:preset NAME)");
			else
				apply_preset(a, v);
			return;
		}
		if (strcmp(k, "play") == 0) {
			/* `:play n|theta|delta|off` (Greek names too): play.c. */
			int pv = play_find(*v != '\0' ? v : "n");

			if (pv < 0)
				app_say(a, 1, "cannot play '%s' (n, theta, delta or off)", v);
			else
				play_start(a, pv);
			return;
		}
		if (strcmp(k, "theme") == 0) {
			set_theme(a, v);
			return;
		}
		if ((vd = dsp_vopt_find(k)) != NULL && !DSP_VOPT_IS_FIG(vd)) {
			set_view_option(a, vd, v);
			return;
		}
		if (vd != NULL) {
			set_figure_option(a, vd, v);
			return;
		}
		if ((row = app_pref_find(k)) >= 0) {
			/* The other display choices (prefs.c): `:snapshot_dir DIR`. */
			app_pref_type(a, row, v);
			return;
		}
		if ((d = dsp_param_find(k)) == NULL) {
			app_say(a, 1, "unknown parameter '%s' (%s)", k, command_names());
			return;
		}
		row = (int)d->id;
	} else {
		row = a->pn[VIEW_PARAMS].sel;
		v = k;
		v[strcspn(v, " ")] = '\0';
	}
	if (*v == '\0') {
		app_say(a, 1, "no value typed for %s", view_row_key(row));
		return;
	}
	set_value(a, row, v);
}

/* ---- history ---- */

void
edit_history_add(struct app *a, const char *line)
{
	struct edit_history *h = &a->hist;
	char *c;

	size_t n;

	while (*line == ' ')
		line++;
	for (n = strlen(line); n > 0 && line[n - 1] == ' '; n--)
		;
	if (n == 0 || n >= sizeof a->line.edit_buf ||
	    (h->count > 0 && strncmp(h->line[h->count - 1], line, n) == 0 &&
	    h->line[h->count - 1][n] == '\0'))
		return;
	if ((c = dsp_strndup(line, n)) == NULL)
		return;
	if (h->count == EDIT_HIST_MAX) {
		free(h->line[0]);
		memmove(h->line, h->line + 1, (EDIT_HIST_MAX - 1) * sizeof h->line[0]);
		h->count--;
	}
	h->line[h->count++] = c;
	h->pos = h->count;
}

void
edit_history_free(struct app *a)
{
	size_t i;

	for (i = 0; i < a->hist.count; i++)
		free(a->hist.line[i]);
	a->hist.count = a->hist.pos = 0;
}

/* The text of history entry i for the open prompt, or NULL when it does
 * not belong there: `:` takes every line; `=` the values of lines that
 * set the selected parameter ("theta 0.5" gives "0.5" to `theta = `). */
static const char *
history_text(const struct app *a, size_t i)
{
	const char *l = a->hist.line[i], *v;
	const dsp_param_def *d;
	char name[64];
	size_t n;

	if (a->line.edit_prompt[0] == ':')
		return l;
	n = strcspn(l, " =");
	if (n >= sizeof name)
		return NULL;
	memcpy(name, l, n);
	name[n] = '\0';
	if ((d = dsp_param_find(name)) == NULL || (int)d->id != a->pn[VIEW_PARAMS].sel)
		return NULL;
	for (v = l + n; *v == ' ' || *v == '='; v++)
		;
	return *v != '\0' ? v : NULL;
}

static void
edit_set(struct view_line *ln, const char *text)
{
	snprintf(ln->edit_buf, sizeof ln->edit_buf, "%s", text);
	ln->edit_len = ln->edit_cur = strlen(ln->edit_buf);
	ln->edit_overflow = 0;
}

/* Up (dir -1) or Down (+1) through the entries of this prompt; past the
 * newest, the line being typed comes back. */
static void
history_step(struct app *a, int dir)
{
	struct edit_history *h = &a->hist;
	const char *t = NULL;
	size_t i = h->pos;

	if (h->pos == h->count && dir < 0)
		snprintf(h->draft, sizeof h->draft, "%s", a->line.edit_buf);
	for (;;) {
		if (dir < 0 ? i == 0 : i >= h->count)
			break;
		i = dir < 0 ? i - 1 : i + 1;
		if (i == h->count || (t = history_text(a, i)) != NULL)
			break;
	}
	if (i == h->pos || (dir < 0 && t == NULL))
		return;		/* no older entry for this prompt */
	h->pos = i;
	edit_set(&a->line, i == h->count ? h->draft : t);
}

/* ---- completion ---- */

#define CAND_MAX	64
struct cands {
	const char	*word;		/* what is typed of the word */
	size_t		 wlen;
	const char	*name[CAND_MAX];
	size_t		 n;
};

static void
cand(struct cands *c, const char *name)
{
	size_t i;

	if (name == NULL || strncasecmp(name, c->word, c->wlen) != 0 || c->n == CAND_MAX)
		return;
	for (i = 0; i < c->n; i++)
		if (strcmp(c->name[i], name) == 0)
			return;
	c->name[c->n++] = name;
}

/* The names a first word can be: every parameter's names, the view
 * options, the keywords. */
static void
cand_keys(struct cands *c)
{
	const dsp_param_def *d;
	size_t i;
	int k;

	for (k = 0; (d = dsp_param(k)) != NULL; k++) {
		cand(c, d->name);
		cand(c, d->alias);
	}
	for (k = 0; dsp_vopt(k) != NULL; k++)
		cand(c, dsp_vopt(k)->name);
	for (i = 0; i < NKEYWORDS; i++)
		cand(c, keywords[i]);
	for (k = 0; k < APP_PREFS; k++)
		cand(c, app_prefs[k].name);
	for (k = 0; (d = dsp_param(k)) != NULL; k++)
		cand(c, d->uname);
}

/* The values a name takes: enum names, on/off, presets; for numbers the
 * domain goes to the hint instead.  0 when there is nothing to list. */
static int
cand_values(struct app *a, const char *key, struct cands *c)
{
	const dsp_param_def *d;
	const dsp_vopt_def *vd;
	const dsp_preset *ps;
	char dom[160];
	size_t i;
	int k;

	if (strcasecmp(key, "preset") == 0) {
		for (i = 0; (ps = dsp_preset_get(i)) != NULL; i++)
			cand(c, ps->name);
		return 1;
	}
	/* A display choice (prefs.c: theme, figure_format, ...): the values
	 * the settings screen steps through, or its help when it is typed. */
	if ((k = app_pref_find(key)) >= 0) {
		for (i = 0; app_prefs[k].choice != NULL &&
		    app_prefs[k].choice((int)i) != NULL; i++)
			cand(c, app_prefs[k].choice((int)i));
		if (i > 0)
			return 1;
		snprintf(a->line.edit_hint, sizeof a->line.edit_hint, " %s: %s",
		    app_prefs[k].name, app_prefs[k].help);
		return 0;
	}
	if ((vd = dsp_vopt_find(key)) != NULL) {
		snprintf(a->line.edit_hint, sizeof a->line.edit_hint, " %s: A:B (%s)",
		    vd->name, vd->help);
		return 0;
	}
	if ((d = dsp_param_find(key)) == NULL) {
		snprintf(a->line.edit_hint, sizeof a->line.edit_hint,
		    " unknown parameter '%s'", key);
		return 0;
	}
	if (d->type == DSP_PT_ENUM) {
		for (k = 0; k < d->nnames; k++)
			cand(c, d->names[k]);
		return 1;
	}
	if (d->type == DSP_PT_BOOL) {
		cand(c, "on");
		cand(c, "off");
		return 1;
	}
	snprintf(a->line.edit_hint, sizeof a->line.edit_hint, " %s: %s %s", d->name,
	    d->help, dsp_param_domain(d, dom, sizeof dom));
	return 0;
}

/* Replace bytes [from, to) of the line with text (cut to what fits). */
static void
edit_replace(struct view_line *ln, size_t from, size_t to, const char *text, size_t tlen)
{
	size_t cap = sizeof ln->edit_buf - 1, tail = ln->edit_len - to;

	if (from + tlen + tail > cap)
		return;
	memmove(ln->edit_buf + from + tlen, ln->edit_buf + to, tail + 1);
	memcpy(ln->edit_buf + from, text, tlen);
	ln->edit_len = from + tlen + tail;
	ln->edit_cur = from + tlen;
}

/* Tab: complete the word at the cursor to the longest prefix its
 * candidates share; several candidates are listed above the line. */
static void
edit_complete(struct app *a)
{
	struct view_line *ln = &a->line;
	struct cands c;
	char key[64];
	size_t ws, we, klen, common, i, len;
	int first;

	ln->edit_hint[0] = '\0';
	for (ws = ln->edit_cur; ws > 0 && ln->edit_buf[ws - 1] != ' ' &&
	    ln->edit_buf[ws - 1] != '='; ws--)
		;
	for (we = ln->edit_cur; we < ln->edit_len && ln->edit_buf[we] != ' '; we++)
		;
	for (i = 0; i < ws && (ln->edit_buf[i] == ' ' || ln->edit_buf[i] == '='); i++)
		;
	first = ln->edit_prompt[0] == ':' && i == ws;
	memset(&c, 0, sizeof c);
	c.word = ln->edit_buf + ws;
	c.wlen = ln->edit_cur - ws;
	if (first)
		cand_keys(&c);
	else {
		/* The word names a value: of the selected row after `=`, else
		 * of the line's first word. */
		if (ln->edit_prompt[0] == ':') {
			klen = strcspn(ln->edit_buf + i, " =");
			if (klen >= sizeof key)
				return;
			memcpy(key, ln->edit_buf + i, klen);
			key[klen] = '\0';
		} else
			snprintf(key, sizeof key, "%s", view_row_key(a->pn[VIEW_PARAMS].sel));
		if (!cand_values(a, key, &c))
			return;
	}
	if (c.n == 0) {
		snprintf(ln->edit_hint, sizeof ln->edit_hint, " no name starts with '%.*s'",
		    (int)c.wlen, c.word);
		return;
	}
	common = strlen(c.name[0]);
	for (i = 1; i < c.n; i++) {
		for (len = 0; len < common && c.name[i][len] != '\0' &&
		    (c.name[i][len] | 0x20) == (c.name[0][len] | 0x20); len++)
			;
		common = len;
	}
	/* Never half a UTF-8 character (δ and ε share their first byte). */
	while (common > 0 && ((unsigned char)c.name[0][common] & 0xC0) == 0x80)
		common--;
	if (common >= c.wlen)
		edit_replace(ln, ws, we, c.name[0], common);
	if (c.n == 1 && first && ln->edit_cur == ln->edit_len)
		edit_replace(ln, ln->edit_cur, ln->edit_cur, " ", 1);
	if (c.n > 1) {
		len = (size_t)snprintf(ln->edit_hint, sizeof ln->edit_hint, " Tab:");
		for (i = 0; i < c.n && len < sizeof ln->edit_hint; i++)
			len += (size_t)snprintf(ln->edit_hint + len, sizeof ln->edit_hint - len,
			    " %s", c.name[i]);
	}
}

/* ---- editing ---- */

static int
cont_byte(const struct view_line *ln, size_t i)
{
	return ((unsigned char)ln->edit_buf[i] & 0xC0) == 0x80;
}

/* Byte offset of the character before / after the cursor. */
static size_t
char_before(const struct view_line *ln, size_t i)
{
	while (i > 0 && cont_byte(ln, --i))
		;
	return i;
}

static size_t
char_after(const struct view_line *ln, size_t i)
{
	if (i < ln->edit_len)
		for (i++; i < ln->edit_len && cont_byte(ln, i); i++)
			;
	return i;
}

static void
edit_delete(struct view_line *ln, size_t from, size_t to)
{
	edit_replace(ln, from, to, "", 0);
	/* Typed bytes that did not fit are lost until the line is empty. */
	if (ln->edit_len == 0)
		ln->edit_overflow = 0;
}

void
edit_start(struct app *a, int colon)
{
	struct view_line *ln = &a->line;

	ln->editing = 1;
	ln->edit_len = ln->edit_cur = 0;
	ln->edit_overflow = 0;
	ln->edit_buf[0] = '\0';
	ln->edit_hint[0] = '\0';
	a->hist.pos = a->hist.count;
	if (colon)
		snprintf(ln->edit_prompt, sizeof ln->edit_prompt, ":");
	else
		snprintf(ln->edit_prompt, sizeof ln->edit_prompt, "%s = ",
		    view_row_key(a->pn[VIEW_PARAMS].sel));
	ln->status[0] = '\0';
}

static void
edit_enter(struct app *a)
{
	struct view_line *ln = &a->line;
	char line[sizeof ln->edit_buf + 64];

	ln->editing = 0;
	ln->edit_hint[0] = '\0';
	/* A cut value would be applied as something else (a pasted
	 * 1e-400-ish theta became 0): refuse it whole. */
	if (ln->edit_overflow) {
		app_say(a, 1, "input longer than %zu characters: nothing applied",
		    sizeof ln->edit_buf - 1);
		return;
	}
	/* Into the history as a `:` line, so `=` lines come back under `:`. */
	if (ln->edit_prompt[0] == ':')
		edit_history_add(a, ln->edit_buf);
	else if (ln->edit_buf[strspn(ln->edit_buf, " ")] != '\0') {
		snprintf(line, sizeof line, "%s %s", view_row_key(a->pn[VIEW_PARAMS].sel),
		    ln->edit_buf + strspn(ln->edit_buf, " "));
		edit_history_add(a, line);
	}
	edit_apply(a);
}

void
edit_key(struct app *a, int ch)
{
	struct view_line *ln = &a->line;
	size_t i;

	if (ch != '\t')
		ln->edit_hint[0] = '\0';
	switch (ch) {
	case 27:
		ln->editing = 0;
		app_say(a, 0, "cancelled");
		return;
	case '\n':
	case '\r':
	case KEY_ENTER:
		edit_enter(a);
		return;
	case '\t':
		edit_complete(a);
		return;
	case KEY_UP:
	case 16:	/* ^P */
	case KEY_DOWN:
	case 14:	/* ^N */
		history_step(a, ch == KEY_UP || ch == 16 ? -1 : 1);
		return;
	case KEY_LEFT:
	case 2:		/* ^B */
		ln->edit_cur = char_before(ln, ln->edit_cur);
		return;
	case KEY_RIGHT:
	case 6:		/* ^F */
		ln->edit_cur = char_after(ln, ln->edit_cur);
		return;
	case KEY_HOME:
	case 1:		/* ^A */
		ln->edit_cur = 0;
		return;
	case KEY_END:
	case 5:		/* ^E */
		ln->edit_cur = ln->edit_len;
		return;
	case KEY_BACKSPACE:
	case 127:
	case 8:
		/* A whole UTF-8 character: continuation bytes, then its lead. */
		edit_delete(ln, char_before(ln, ln->edit_cur), ln->edit_cur);
		return;
	case KEY_DC:
	case 4:		/* ^D */
		edit_delete(ln, ln->edit_cur, char_after(ln, ln->edit_cur));
		return;
	case 23:	/* ^W: the word before the cursor, and the blanks after it */
		for (i = ln->edit_cur; i > 0 && ln->edit_buf[i - 1] == ' '; i--)
			;
		for (; i > 0 && ln->edit_buf[i - 1] != ' '; i--)
			;
		edit_delete(ln, i, ln->edit_cur);
		return;
	case 21:	/* ^U: to the start */
		edit_delete(ln, 0, ln->edit_cur);
		return;
	case 11:	/* ^K: to the end */
		edit_delete(ln, ln->edit_cur, ln->edit_len);
		return;
	}
	/* Bytes of UTF-8 text too (getch() delivers them one by one, so the
	 * cursor stays after each character's lead byte until it is whole),
	 * so a typed δ, θ, λ, ε or α reaches the `:` command. */
	if ((ch >= 32 && ch < 127) || (ch >= 0x80 && ch <= 0xFF)) {
		char c = (char)ch;

		if (ln->edit_len + 1 < sizeof ln->edit_buf)
			edit_replace(ln, ln->edit_cur, ln->edit_cur, &c, 1);
		else if (!ln->edit_overflow) {
			ln->edit_overflow = 1;
			app_say(a, 1, "input longer than %zu characters: Enter applies nothing",
			    sizeof ln->edit_buf - 1);
		}
	}
}
