/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Settings that persist the way htop's do: the last view (parameters and
 * view state), the display options and the line editor's history, in
 * $XDG_CONFIG_HOME/disperse/settings.json (~/.config/disperse without it),
 * read at start and written atomically on quit.  The file is a snapshot
 * JSON (the parameter table's save and load, export/snapshot.h) with two
 * members more, "display" (every row of the display choices' table,
 * prefs.c, by its name) and "history", so `disperse --load` and
 * `disperse snapshot --load` read it as a view too.  A missing file is a
 * first start; any other failure is one status-line message and the
 * defaults, never a half-applied file, except a learned family whose model
 * does not open (moved, deleted): the rest of the view applies and the
 * family falls back to the default, with one message.  A file that was not
 * read whole is renamed settings.json.bad before the write on quit, so
 * what the program could not read is never lost.  Only the TUI reads it:
 * batch commands stay reproducible from their command line. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/alloc.h"
#include "app/app_int.h"
#include "core/error.h"
#include "core/schema/family.h"
#include "core/schema/ptable.h"
#include "core/io/readfile.h"
#include "export/atomic.h"
#include "export/json.h"
#include "export/snapshot.h"

#define SETTINGS_FILE	"settings.json"
#define SETTINGS_BAD	"settings.json.bad"


/* The settings folder: $XDG_CONFIG_HOME/disperse, or ~/.config/disperse
 * when XDG_CONFIG_HOME is unset, empty or relative (the XDG base
 * directory rules).  -1 when neither names a place. */
int
settings_dir(char *buf, size_t size)
{
	const char *x = getenv("XDG_CONFIG_HOME"), *h = getenv("HOME");
	int n;

	if (x != NULL && x[0] == '/')
		n = snprintf(buf, size, "%s/disperse", x);
	else if (h != NULL && h[0] != '\0')
		n = snprintf(buf, size, "%s/.config/disperse", h);
	else
		return -1;
	return n > 0 && (size_t)n < size ? 0 : -1;
}

static int
keep_extra(const char *key)
{
	return strcmp(key, "display") == 0 || strcmp(key, "history") == 0;
}

/* The display choices (prefs.c), each as text: tried on a scratch view
 * first, so that a file with one bad choice applies none of them (the
 * theme, which is global, put back).  Members the table does not name are
 * passed over: a newer version's choices. */
static int
read_display(const dsp_jval *d, struct app_settings *s)
{
	struct view_state *scratch;
	struct app a;
	const dsp_jval *j;
	int i, theme = view_theme(), rc = DSP_OK;

	if ((scratch = dsp_calloc(1, sizeof *scratch)) == NULL)
		return dsp_fail_nomem(NULL, 0);
	memset(&a, 0, sizeof a);
	a.st = scratch;
	dsp_view_default(&scratch->vs);
	for (i = 0; i < APP_PREFS && rc == DSP_OK; i++) {
		if ((j = dsp_json_get(d, app_prefs[i].name)) == NULL)
			continue;
		dsp_clear_error();
		if (j->type != DSP_JSTR || app_prefs[i].set(&a, j->str) != DSP_OK)
			rc = dsp_fail(DSP_EPARSE, "display.%s: %s", app_prefs[i].name,
			    j->type != DSP_JSTR ? "expected a string" : dsp_last_error());
		else if ((s->display[i] = dsp_strdup(j->str)) == NULL)
			rc = dsp_fail_nomem(NULL, 0);
	}
	view_theme_set(theme);
	free(a.snapdir_own);
	free(scratch);
	return rc;
}

/* "display" and "history": into s, or DSP_EPARSE naming the member. */
static int
read_extra(const char *path, struct app_settings *s)
{
	const dsp_jval *root = NULL, *d, *j, *h;
	dsp_jval *tree = NULL;
	char *buf = NULL;
	size_t len = 0, i, k;
	int rc;

	if ((rc = dsp_read_file(path, NULL, DSP_CAP_SNAPSHOT, &buf, &len)) != DSP_OK)
		return rc;
	rc = dsp_json_parse_ex(buf, len, len, 4 * len + 4096, keep_extra, &tree);
	free(buf);
	if (rc != DSP_OK)
		return rc;
	root = tree;
	if ((d = dsp_json_get(root, "display")) != NULL) {
		if (d->type != DSP_JOBJ) {
			rc = dsp_fail(DSP_EPARSE, "display: expected an object");
			goto out;
		}
		if ((rc = read_display(d, s)) != DSP_OK)
			goto out;
	}
	if ((h = dsp_json_get(root, "history")) != NULL) {
		if (h->type != DSP_JARR) {
			rc = dsp_fail(DSP_EPARSE, "history: expected an array of lines");
			goto out;
		}
		/* The newest EDIT_HIST_MAX lines, each one the editor can hold. */
		for (i = h->len > EDIT_HIST_MAX ? h->len - EDIT_HIST_MAX : 0; i < h->len; i++) {
			j = h->items[i];
			if (j->type != DSP_JSTR || strlen(j->str) >= APP_LINE_MAX) {
				rc = dsp_fail(DSP_EPARSE, "history[%zu]: expected a line of "
				    "at most %d bytes", i, APP_LINE_MAX - 1);
				goto out;
			}
			for (k = 0; j->str[k] != '\0'; k++)
				if ((unsigned char)j->str[k] < 32 || j->str[k] == 127) {
					rc = dsp_fail(DSP_EPARSE, "history[%zu]: control "
					    "character", i);
					goto out;
				}
			if ((s->history[s->nhistory] = dsp_strdup(j->str)) == NULL) {
				rc = dsp_fail_nomem(NULL, 0);
				goto out;
			}
			s->nhistory++;
		}
	}
out:
	dsp_json_free(tree);
	return rc;
}

void
settings_free(struct app_settings *s)
{
	size_t i;

	for (i = 0; i < s->nhistory; i++)
		free(s->history[i]);
	for (i = 0; i < APP_PREFS; i++)
		free(s->display[i]);
	free(s->logits);
	memset(s, 0, sizeof *s);
}

/* Read the settings file into s: 1 read, 0 no file (first start), -1
 * failed with the reason in msg (s then holds nothing). */
int
settings_load(struct app_settings *s, char *msg, size_t size)
{
	char dir[4096], path[4200], d[512], note[512];
	const dsp_param_def *fam = dsp_param(DSP_P_FAMILY);
	struct stat sb;
	int rc;

	memset(s, 0, sizeof *s);
	if (settings_dir(dir, sizeof dir) != 0)
		return 0;
	snprintf(path, sizeof path, "%s/%s", dir, SETTINGS_FILE);
	if (stat(path, &sb) != 0 && errno == ENOENT)
		return 0;
	dsp_clear_error();
	rc = dsp_snapshot_load_ex(path, &s->view, &s->logits,
	    DSP_SNAP_MODEL_OPTIONAL, note, sizeof note);
	if (rc == DSP_OK)
		rc = read_extra(path, s);
	if (rc == DSP_OK) {
		s->loaded = 1;
		if (note[0] != '\0') {
			s->dropped = 1;
			snprintf(msg, size, "settings: %s; family %s instead (file kept "
			    "as " SETTINGS_BAD ")", note,
			    fam->names[dsp_param_get_enum(fam, &s->view.params)]);
		}
		return 1;
	}
	snprintf(d, sizeof d, "%s", *dsp_last_error() ? dsp_last_error() : dsp_strerror(rc));
	/* The loader's messages name the file already. */
	if (strstr(d, path) != NULL)
		snprintf(msg, size, "settings ignored, defaults used: %s (kept as "
		    SETTINGS_BAD ")", d);
	else
		snprintf(msg, size, "settings ignored, defaults used: %s: %s (kept as "
		    SETTINGS_BAD ")", path, d);
	settings_free(s);
	return -1;
}

/* A settings file the program could not read whole: renamed to
 * settings.json.bad (replacing an older one) before it is overwritten. */
static int
keep_bad(const char *dir)
{
	char from[4200], to[4200];

	snprintf(from, sizeof from, "%s/%s", dir, SETTINGS_FILE);
	snprintf(to, sizeof to, "%s/%s", dir, SETTINGS_BAD);
	if (rename(from, to) != 0 && errno != ENOENT)
		return dsp_fail(DSP_EIO, "cannot keep %s as %s: %s", from, to,
		    strerror(errno));
	return DSP_OK;
}

/* Write the settings: the view (a family on an input's logits, file or
 * empirical, is remembered as the default family: logits are data, never
 * settings), the display options, the history.  DSP_OK or an error with the
 * detail naming the file. */
int
settings_save(const struct app *a)
{
	dsp_viewstate v = a->st->vs;
	dsp_params def;
	char dir[4096], text[256];
	dsp_afile f;
	dsp_jw *w;
	size_t i, k;
	int rc;

	if (settings_dir(dir, sizeof dir) != 0)
		return dsp_fail(DSP_EINVAL, "neither XDG_CONFIG_HOME nor HOME names a "
		    "folder for the settings");
	if (dsp_family_has_logits(v.params.family)) {
		dsp_params_default(&def);
		v.params.family = def.family;
		v.params.logits = NULL;
		v.params.n_logits = 0;
		v.params.logits_name = NULL;
	}
	/* Pinned curves of an input's logits: data too, not kept. */
	for (i = k = 0; i < v.npins && i < DSP_VIEW_PINS_MAX; i++)
		if (!dsp_family_has_logits(v.pins[i].family))
			v.pins[k++] = v.pins[i];
	v.npins = k;
	if ((rc = dsp_mkdir_p(dir)) != DSP_OK)
		return rc;
	if (a->settings_keep && (rc = keep_bad(dir)) != DSP_OK)
		return rc;
	dsp_afile_sweep(dir);
	if ((rc = dsp_afile_open(&f, dir)) != DSP_OK)
		return rc;
	if ((w = dsp_jw_new(f.fp, 2)) == NULL) {
		dsp_afile_abort(&f);
		return dsp_fail_nomem(NULL, 0);
	}
	dsp_jw_object(w);
	dsp_snapshot_json_view(w, &v);
	dsp_jw_key(w, "display");
	dsp_jw_object(w);
	for (i = 0; i < APP_PREFS; i++) {
		app_prefs[i].get(a, text, sizeof text);
		dsp_jw_key(w, app_prefs[i].name);
		dsp_jw_str(w, text);
	}
	dsp_jw_close(w);
	dsp_jw_key(w, "history");
	dsp_jw_array(w);
	for (i = 0; i < a->hist.count; i++)
		dsp_jw_str(w, a->hist.line[i]);
	dsp_jw_close(w);
	dsp_jw_close(w);
	if ((rc = dsp_jw_end(w)) != DSP_OK) {
		dsp_afile_abort(&f);
		return rc;
	}
	return dsp_afile_commit(&f, SETTINGS_FILE, 0);
}
