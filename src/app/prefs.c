/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The display choices the settings file keeps (htop's setup screen edits
 * the same settings its rc file holds): one table, one row a choice, with
 * its name (a member of settings.json's "display", a `:NAME` command),
 * its help, how to read and write it as text and the values it cycles
 * through.  settings.c writes and reads "display" by looping over it, the
 * settings screen (F2, src/view/settings_screen.c) lists it, D resets it,
 * and tests/doc/test-man-prefs.sh checks the man page names every row.
 * How figures look, never what they are of: no choice here enters a job's
 * key. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app_int.h"
#include "core/alloc.h"
#include "core/error.h"
#include "core/schema/attn.h"

#define SNAPDIR_DEFAULT	"./disperse-snapshots"	/* export/snapshot.c's, for NULL */

/* ---- theme (src/view/theme.c) ---- */

static void
theme_get(const struct app *a, char *buf, size_t size)
{
	(void)a;
	snprintf(buf, size, "%s", view_theme_name(view_theme()));
}

static int
theme_set(struct app *a, const char *text)
{
	int t = view_theme_find(text);

	(void)a;
	if (t < 0)
		return dsp_fail(DSP_EINVAL, "expected one of %s", view_theme_names());
	view_theme_set(t);
	return DSP_OK;
}

static const char *
theme_choice(int i)
{
	return view_theme_name(i);
}

/* ---- the view's display fields (core/schema/view.h) ---- */

/* Names of a two-valued field: its index in names, or -1. */
static int
name_index(const char *const names[2], const char *text)
{
	return strcmp(text, names[0]) == 0 ? 0 : strcmp(text, names[1]) == 0 ? 1 : -1;
}

static void
weights_get(const struct app *a, char *buf, size_t size)
{
	snprintf(buf, size, "%s", dsp_hist_mode_name(a->st->vs.hist_mode != 0));
}

static int
weights_set(struct app *a, const char *text)
{
	int i = dsp_hist_mode_parse(text);

	if (i < 0)
		return dsp_fail(DSP_EINVAL, "expected sorted or log-binned");
	a->st->vs.hist_mode = i;
	return DSP_OK;
}

static const char *
weights_choice(int i)
{
	return i >= 0 && i < DSP_HIST_MODES ? dsp_hist_mode_name(i) : NULL;
}

static void
curve_get(const struct app *a, char *buf, size_t size)
{
	snprintf(buf, size, "%s", dsp_curve_mode_name(a->st->vs.curve_mode));
}

static int
curve_set(struct app *a, const char *text)
{
	int m = dsp_curve_mode_parse(text);

	if (m < 0)
		return dsp_fail(DSP_EINVAL, "expected both, entropy or max-weight");
	a->st->vs.curve_mode = m;
	return DSP_OK;
}

static const char *
curve_choice(int i)
{
	return i >= 0 && i < DSP_CURVE_MODES ? dsp_curve_mode_name(i) : NULL;
}

static const char *const onoff[2] = { "off", "on" };

static void
compare_get(const struct app *a, char *buf, size_t size)
{
	snprintf(buf, size, "%s", onoff[a->st->vs.overlays != 0]);
}

static int
compare_set(struct app *a, const char *text)
{
	dsp_viewstate *vs = &a->st->vs;
	int i = name_index(onoff, text);

	if (i < 0)
		return dsp_fail(DSP_EINVAL, "expected on or off");
	vs->overlays = i;
	if (vs->overlays && (vs->compare_mask & ~1u) == 0)
		vs->compare_mask |= app_compare_default_mask();
	return DSP_OK;
}

static const char *
compare_choice(int i)
{
	return i >= 0 && i < 2 ? onoff[i] : NULL;
}

static void
functions_get(const struct app *a, char *buf, size_t size)
{
	size_t len = 0;
	int f;

	buf[0] = '\0';
	for (f = 0; f < DSP_ATTN_COUNT && len < size; f++)
		if (a->st->vs.compare_mask & (1u << f))
			len += (size_t)snprintf(buf + len, size - len, "%s%s",
			    len > 0 ? "," : "", dsp_attn_name((enum dsp_attn)f));
}

/* "softmax,ssmax": each a function's name, at least one. */
static int
functions_set(struct app *a, const char *text)
{
	char name[64];
	const char *p = text;
	unsigned mask = 0;
	size_t n;
	int f;

	while (*p != '\0') {
		n = strcspn(p, ",");
		if (n == 0 || n >= sizeof name)
			return dsp_fail(DSP_EINVAL, "expected function names "
			    "separated by commas");
		memcpy(name, p, n);
		name[n] = '\0';
		if ((f = dsp_attn_parse(name)) < 0)
			return dsp_fail(DSP_EINVAL, "unknown function '%s'", name);
		mask |= 1u << f;
		p += n + (p[n] == ',');
	}
	if (mask == 0)
		return dsp_fail(DSP_EINVAL, "expected at least one function");
	a->st->vs.compare_mask = mask;
	return DSP_OK;
}

static void
metric_get(const struct app *a, char *buf, size_t size)
{
	snprintf(buf, size, "%s", dsp_metric_name(a->st->vs.map.metric));
}

static int
metric_set(struct app *a, const char *text)
{
	int m = dsp_metric_parse(text);

	if (m < 0)
		return dsp_fail(DSP_EINVAL, "expected a map metric (%s, ...)",
		    dsp_metric_name((enum dsp_metric)0));
	a->st->vs.map.metric = (enum dsp_metric)m;
	return DSP_OK;
}

static const char *
metric_choice(int i)
{
	return i >= 0 && i < DSP_METRIC_COUNT ? dsp_metric_name((enum dsp_metric)i) : NULL;
}

/* ---- figure style: the figure rows of the view options (ptable.h) ---- */

static void
fig_get(const struct app *a, int id, char *buf, size_t size)
{
	dsp_vopt_fig_format(dsp_vopt(id), &a->st->vs.fig, buf, size);
}

static int
fig_set(struct app *a, int id, const char *text)
{
	const dsp_vopt_def *d = dsp_vopt(id);
	dsp_figspec f = a->st->vs.fig;
	int rc;

	if ((rc = dsp_vopt_fig_set(d, &f, text, d->name)) != DSP_OK ||
	    (rc = dsp_figspec_check(&f, d->name)) != DSP_OK)
		return rc;
	a->st->vs.fig = f;
	return DSP_OK;
}

#define FIG_ROW(fn, id, ...)						\
static void fn##_get(const struct app *a, char *buf, size_t size)	\
{ fig_get(a, id, buf, size); }						\
static int fn##_set(struct app *a, const char *text)			\
{ return fig_set(a, id, text); }					\
static const char *fn##_choice(int i)					\
{									\
	static const char *const v[] = { __VA_ARGS__, NULL };		\
	return i >= 0 && i < (int)(sizeof v / sizeof v[0]) ? v[i] : NULL; \
}
FIG_ROW(figsize, DSP_V_FIG_SIZE, "auto", "85x60mm", "170x110mm", "3.3x2.2in")
FIG_ROW(font, DSP_V_FIG_FONT, "auto", "8", "9", "10", "12")
FIG_ROW(figfmt, DSP_V_FIG_FORMAT, "svg", "pdf", "png", "svg,pdf", "svg,png",
    "svg,pdf,png")
FIG_ROW(dpi, DSP_V_FIG_DPI, "150", "300", "600")

/* ---- where `s` writes ---- */

static void
snapdir_get(const struct app *a, char *buf, size_t size)
{
	snprintf(buf, size, "%s", a->snapdir != NULL ? a->snapdir : SNAPDIR_DEFAULT);
}

static int
snapdir_set(struct app *a, const char *text)
{
	char *c;
	size_t k;

	if (text[0] == '\0' || strlen(text) >= 1024)
		return dsp_fail(DSP_EINVAL, "expected a folder name of 1 to 1023 bytes");
	for (k = 0; text[k] != '\0'; k++)
		if ((unsigned char)text[k] < 32 || text[k] == 127)
			return dsp_fail(DSP_EINVAL, "control character in a folder name");
	if (strcmp(text, SNAPDIR_DEFAULT) == 0)
		c = NULL;
	else if ((c = dsp_strdup(text)) == NULL)
		return dsp_fail_nomem(NULL, 0);
	free(a->snapdir_own);
	a->snapdir_own = c;
	a->snapdir = c;
	return DSP_OK;
}

const struct app_pref app_prefs[APP_PREFS] = {
	{ "theme", "colours of the panels (also :theme, --theme)", "",
	    theme_get, theme_set, theme_choice },
	{ "weights", "Weights panel: sorted bars or log10-binned counts", "g",
	    weights_get, weights_set, weights_choice },
	{ "curve", "curve panel: both plots, entropy only, max weight only", "v",
	    curve_get, curve_set, curve_choice },
	{ "compare", "compare overlay: several attention functions on the curves", "c",
	    compare_get, compare_set, compare_choice },
	{ "compare_functions", "functions the compare overlay draws (1..9 0 in "
	    "compare mode toggle them; :compare_functions a,b)", "",
	    functions_get, functions_set, NULL },
	{ "map_metric", "what the map shows: entropy, normalised entropy, max weight",
	    "m", metric_get, metric_set, metric_choice },
	{ "figure_size", "size of the snapshot figures (auto: each its own; "
	    ":figure_size WxHmm)", "", figsize_get, figsize_set, figsize_choice },
	{ "font_size", "type size of the snapshot figures in pt (auto or a number)", "",
	    font_get, font_set, font_choice },
	{ "figure_format", "files a snapshot writes besides SVG's text (svg, pdf, png)",
	    "", figfmt_get, figfmt_set, figfmt_choice },
	{ "dpi", "PNG resolution of the snapshot figures", "",
	    dpi_get, dpi_set, dpi_choice },
	{ "snapshot_dir", "where s and S write (--snapshot-dir; :snapshot_dir DIR)", "",
	    snapdir_get, snapdir_set, NULL },
};

int
app_pref_find(const char *name)
{
	int i;

	for (i = 0; i < APP_PREFS; i++)
		if (strcmp(app_prefs[i].name, name) == 0)
			return i;
	return -1;
}

/* Compare switched on with nothing to compare: the softmax-type rows
 * (softmax and its n-scaled temperatures). */
unsigned
app_compare_default_mask(void)
{
	unsigned m = 0;
	int a;

	for (a = 0; a < DSP_ATTN_COUNT; a++)
		if (dsp_attn_is_softmax((enum dsp_attn)a))
			m |= 1u << a;
	return m;
}

/* The next (dir +1) or previous value of choice i; a value not among the
 * choices (typed with `:`) goes to the first.  DSP_ENOTSUP for a choice
 * that is typed, not cycled. */
int
app_pref_cycle(struct app *a, int i, int dir)
{
	const struct app_pref *p = &app_prefs[i];
	char cur[256];
	int n, k, at = -1;

	if (p->choice == NULL)
		return DSP_ENOTSUP;
	p->get(a, cur, sizeof cur);
	for (n = 0; p->choice(n) != NULL; n++)
		if (strcmp(p->choice(n), cur) == 0)
			at = n;
	k = at < 0 ? 0 : (at + n + (dir < 0 ? -1 : 1)) % n;
	return p->set(a, p->choice(k));
}

/* Where each choice's value came from: what it was at the start (or at
 * the last D) and from where; a value changed since is "changed". */
static const char *const src_names[] = {
	"default", "settings file", "command line", "--load"
};

void
app_pref_mark(struct app *a, int i, int src)
{
	app_prefs[i].get(a, a->pref_base[i], sizeof a->pref_base[i]);
	a->pref_src[i] = src;
}

int
app_pref_mark_changed(struct app *a, int src, char *const *held, char *names,
    size_t size)
{
	char cur[sizeof a->pref_base[0]];
	size_t len = 0;
	int i, n = 0, changed;

	if (names != NULL && size > 0)
		names[0] = '\0';
	for (i = 0; i < APP_PREFS; i++) {
		app_prefs[i].get(a, cur, sizeof cur);
		changed = strcmp(cur, a->pref_base[i]) != 0;
		if (changed && names != NULL && len < size) {
			len += (size_t)snprintf(names + len, size - len, "%s%s",
			    n > 0 ? ", " : "", app_prefs[i].name);
			n++;
		}
		if ((held != NULL && held[i] != NULL) || changed || src == APP_PREF_DEFAULT)
			app_pref_mark(a, i, src);
	}
	return n;
}

const char *
app_pref_source(const struct app *a, int i)
{
	char cur[sizeof a->pref_base[0]];

	app_prefs[i].get(a, cur, sizeof cur);
	return strcmp(cur, a->pref_base[i]) != 0 ? "changed (saved on quit)" :
	    src_names[a->pref_src[i]];
}

/* D: every choice as on a first start (the view's fields are reset with
 * the view, app_reset_view). */
void
app_pref_defaults(struct app *a)
{
	int i;

	view_theme_set(VIEW_THEME_DEFAULT);
	dsp_figspec_default(&a->st->vs.fig);
	free(a->snapdir_own);
	a->snapdir_own = NULL;
	a->snapdir = NULL;
	for (i = 0; i < APP_PREFS; i++)
		app_pref_mark(a, i, APP_PREF_DEFAULT);
}

/* "theme, weights, ...": every name, for D's message and the screen. */
char *
app_pref_names(char *buf, size_t size)
{
	size_t len = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < APP_PREFS && len < size; i++)
		len += (size_t)snprintf(buf + len, size - len, "%s%s", i > 0 ? ", " : "",
		    app_prefs[i].name);
	return buf;
}

/* The settings screen's rows, values and sources for this frame. */
void
app_prefs_sync(struct app *a)
{
	struct view_prefs *p = &a->prefs;
	char dir[4096];
	int i;

	p->count = APP_PREFS < VIEW_PREFS_MAX ? APP_PREFS : VIEW_PREFS_MAX;
	for (i = 0; i < (int)p->count; i++) {
		p->name[i] = app_prefs[i].name;
		p->help[i] = app_prefs[i].help;
		p->key[i] = app_prefs[i].key;
		p->cycles[i] = app_prefs[i].choice != NULL;
		app_prefs[i].get(a, p->value[i], sizeof p->value[i]);
		p->source[i] = app_pref_source(a, i);
	}
	if (p->sel < 0 || p->sel >= (int)p->count)
		p->sel = 0;
	if (a->no_config)
		snprintf(p->file, sizeof p->file, "--no-config: these are neither read "
		    "nor saved this session");
	else if (settings_dir(dir, sizeof dir) == 0)
		snprintf(p->file, sizeof p->file, "saved on quit in %s/settings.json", dir);
	else
		snprintf(p->file, sizeof p->file, "not saved: neither XDG_CONFIG_HOME "
		    "nor HOME names a folder");
	snprintf(p->resets, sizeof p->resets, "D resets every choice above to its "
	    "default, and the view too (parameters, map ranges and cursor, pins, "
	    "focus); the line editor's history stays.");
}

/* The status line after choice i was set (rc: set's or cycle's code). */
static void
say_set(struct app *a, int i, int rc)
{
	char buf[256];

	if (rc != DSP_OK) {
		app_say(a, 1, "%s: %s", app_prefs[i].name, dsp_last_error());
		return;
	}
	app_prefs[i].get(a, buf, sizeof buf);
	app_say(a, 0, "%s = %s (the settings file gets it on quit)", app_prefs[i].name, buf);
}

/* Set choice i from typed text (`:NAME VALUE`, the screen's Enter). */
void
app_pref_type(struct app *a, int i, const char *text)
{
	dsp_clear_error();
	say_set(a, i, app_prefs[i].set(a, text));
}

/* Keys of the open settings screen: it is modal, like the help. */
void
app_prefs_key(struct app *a, int ch)
{
	struct view_prefs *p = &a->prefs;
	int n = APP_PREFS, dir = 0;

	switch (ch) {
	case 27: case 'q': case 'Q': case 'O': case KEY_F(2):
		p->open = 0;
		return;
	case KEY_UP: case 'k':
		p->sel = (p->sel + n - 1) % n;
		return;
	case KEY_DOWN: case 'j':
		p->sel = (p->sel + 1) % n;
		return;
	case 'D':
		app_defaults(a);
		return;
	case KEY_LEFT: case 'h':
		dir = -1;
		break;
	case KEY_RIGHT: case 'l': case ' ':
		dir = 1;
		break;
	case '\n': case '\r': case KEY_ENTER:
		if (app_prefs[p->sel].choice != NULL) {
			dir = 1;
			break;
		}
		/* A typed choice: the line editor, its name already typed. */
		edit_start(a, 1);
		snprintf(a->line.edit_buf, sizeof a->line.edit_buf, "%s ", app_prefs[p->sel].name);
		a->line.edit_len = a->line.edit_cur = strlen(a->line.edit_buf);
		return;
	default:
		return;
	}
	if (app_prefs[p->sel].choice == NULL) {
		app_say(a, 0, "%s is typed, not cycled: Enter (or :%s VALUE)",
		    app_prefs[p->sel].name, app_prefs[p->sel].name);
		return;
	}
	dsp_clear_error();
	say_set(a, p->sel, app_pref_cycle(a, p->sel, dir));
}
