/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What a key, a click or a typed value does to the view: status-line
 * messages, parameter steps, the map cursor, reset, snapshots, the tour and
 * the refit box. */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app_int.h"
#include "app/teach.h"
#include "core/error.h"
#include "core/schema/family.h"
#include "core/schema/ptable.h"
#include "export/screen_svg.h"
#include "export/snapshot.h"
#include "view/view.h"

void
app_say(struct app *a, int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(a->line.status, sizeof a->line.status, fmt, ap);
	va_end(ap);
	a->line.status_err = err;
}

double
app_tidy(double v)
{
	/* Keep steps of 0.1 from accumulating binary noise in the display. */
	return fabs(v) < 1e-12 ? 0 : nearbyint(v * 1e9) / 1e9;
}

/* The family at place pos of the `f` walk (the rows' walk field, whose
 * comment in core/schema/family.c says why that order). */
static enum dsp_family
family_at(int pos)
{
	int f;

	for (f = 0; f < DSP_FAM_COUNT; f++)
		if (dsp_family_row_of((enum dsp_family)f)->walk == pos)
			return (enum dsp_family)f;
	return DSP_FAM_POWER;
}

void
app_cycle_family(struct app *a, int dir)
{
	dsp_params *p = &a->st->vs.params;
	enum dsp_family f;
	int i = dsp_family_row_of(p->family)->walk;

	do {
		i = (i + dir + DSP_FAM_COUNT) % DSP_FAM_COUNT;
		f = family_at(i);
	} while ((dsp_family_has_logits(f) && p->logits == NULL) ||
	    (dsp_family_has(f, DSP_FAM_F_MODEL) && p->model_w == NULL));
	p->family = f;
}

void
app_set_n(struct app *a, double n)
{
	dsp_params *p = &a->st->vs.params;

	if (p->family == DSP_FAM_FILE) {
		app_say(a, 1, "n is fixed by the file (%zu logits)", p->n_logits);
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
void
app_adjust(struct app *a, int row, int dir, int coarse)
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
		app_set_n(a, dir > 0 ? (double)p->n * f : (double)p->n / f);
		return;
	}
	if (row == ROW_FAMILY) {
		app_cycle_family(a, dir);
		return;
	}
	switch (d->type) {
	case DSP_PT_REAL:
		x = dsp_param_get_real(d, p);
		x = d->step == DSP_STEP_MUL ? (dir > 0 ? x * f : x / f) : app_tidy(x + dir * f);
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
	case DSP_PT_HEAD:
		app_heads_step(a, coarse ? 16 * dir : dir);
		break;
	case DSP_PT_ENUM:
	case DSP_PT_BOOL:
		n = d->type == DSP_PT_BOOL ? 2 : d->nnames;
		e = (dsp_param_get_enum(d, p) + dir + n) % n;
		dsp_param_set_enum(d, p, e, NULL);
		break;
	case DSP_PT_PATH:
		/* A file name has no steps: `:model FILE` or Enter types one. */
		break;
	}
}

/* Move the cursor by screen cells; it is kept as a cell of the view's
 * figure (core/schema/view.h), which a snapshot exports. */
void
app_map_move(struct app *a, int dr, int dc)
{
	dsp_viewstate *vs = &a->st->vs;
	const dsp_map_spec *scr = a->map.spec.cols > 1 ? &a->map.spec : &vs->map;
	size_t sr, sc, fr, fc;
	long r, c;

	dsp_view_cell(&vs->map, vs->map_row, vs->map_col, scr, &sr, &sc);
	r = (long)sr + dr;
	c = (long)sc + dc;
	r = r < 0 ? 0 : r >= (long)scr->rows ? (long)scr->rows - 1 : r;
	c = c < 0 ? 0 : c >= (long)scr->cols ? (long)scr->cols - 1 : c;
	dsp_view_cell(scr, (size_t)r, (size_t)c, &vs->map, &fr, &fc);
	/* A figure coarser than the screen: still one cell per key. */
	if (dr != 0 && fr == vs->map_row)
		fr = dr > 0 ? (fr + 1 < vs->map.rows ? fr + 1 : fr) : (fr > 0 ? fr - 1 : 0);
	if (dc != 0 && fc == vs->map_col)
		fc = dc > 0 ? (fc + 1 < vs->map.cols ? fc + 1 : fc) : (fc > 0 ? fc - 1 : 0);
	vs->map_row = fr;
	vs->map_col = fc;
}

void
app_map_jump(struct app *a)
{
	dsp_viewstate *vs = &a->st->vs;

	vs->params.theta = app_tidy(dsp_map_theta(&vs->map, vs->map_col));
	vs->params.lambda = app_tidy(dsp_map_lambda(&vs->map, vs->map_row));
	app_say(a, 0, "jumped to theta = %g, lambda = %g%s", vs->params.theta, vs->params.lambda,
	    vs->params.family != DSP_FAM_POWER ? " (the map is the power series)" : "");
}

void
app_reset_view(struct app *a)
{
	const dsp_params *old = &a->st->vs.params;
	const double *logits = old->logits;
	size_t nl = old->n_logits;
	const char *name = old->logits_name;
	dsp_figspec fig;

	fig = a->st->vs.fig;	/* how figures are written is not the view */
	dsp_view_default(&a->st->vs);
	a->st->vs.fig = fig;
	a->st->vs.params.logits = logits;
	a->st->vs.params.n_logits = nl;
	a->st->vs.params.logits_name = name;
	if (a->rows != NULL) {
		/* An array's default view: head 0.0's own logits (family
		 * file, as at the start). */
		a->st->vs.params.family = DSP_FAM_FILE;
		app_heads_sync(a);
		a->st->vs.params.n = a->st->vs.params.n_logits;
	}
	a->tour.open = 0;
	a->play.var = PLAY_OFF;
	app_say(a, 0, "reset to the default view");
}

/* Key D: what the settings file keeps (the view, every display choice of
 * prefs.c) as on a first start or with --no-config; the history stays.
 * The file gets it on quit. */
void
app_defaults(struct app *a)
{
	app_reset_view(a);
	app_pref_defaults(a);
	app_say(a, 0, "defaults restored: the view (parameters, map, pins, focus) and all "
	    "%d display choices (F2 lists them); the settings file gets them on quit",
	    APP_PREFS);
}

static const char *
base_name(const char *path)
{
	const char *b = strrchr(path, '/');

	return b != NULL ? b + 1 : path;
}

/* s: the set with the screen text; S: the same and the screen as a
 * figure with its colours (NAME-screen.svg, .pdf, .png). */
static void
snapshot(struct app *a, int figure)
{
	dsp_snapshot_files files;
	const char *base, *stem;
	char *text = term_screen_text(), msg[VIEW_MSG];
	dsp_screen *scr = figure ? term_screen_cells() : NULL;
	size_t i, k, len, slen;
	int rc;

	memset(&files, 0, sizeof files);
	if (figure && scr == NULL)
		rc = DSP_ENOMEM;
	else
		rc = dsp_snapshot_write_screen(&a->st->vs, text, scr, a->snapdir, &files);
	dsp_screen_free(scr);
	free(text);
	if (rc != DSP_OK) {
		app_say(a, 1, "snapshot failed: %s (%zu file%s written)", *dsp_last_error() ?
		    dsp_last_error() : dsp_strerror(rc), files.count, files.count == 1 ? "" : "s");
		return;
	}
	if (files.count == 0) {
		app_say(a, 1, "snapshot wrote no files");
		return;
	}
	/* Name every file: the directory once, then the names' common stem
	 * once and what each adds to it (".txt -curve.svg"), so the list
	 * fits the two status lines. */
	base = strrchr(files.path[0], '/');
	len = (size_t)snprintf(msg, sizeof msg, "snapshot in %.*s:",
	    base != NULL ? (int)(base - files.path[0]) : 1, base != NULL ? files.path[0] : ".");
	stem = base_name(files.path[0]);
	slen = strlen(stem);
	for (i = 1; i < files.count; i++)
		for (k = 0; k < slen; k++)
			if (base_name(files.path[i])[k] != stem[k]) {
				slen = k;
				break;
			}
	/* The stem ends where a suffix starts: before a '.' or a '-'. */
	while (files.count > 1 && slen > 0 && stem[slen] != '.' && stem[slen] != '-')
		slen--;
	if (files.count > 1 && slen > 0)
		len += (size_t)snprintf(msg + len, sizeof msg - len, " %.*s", (int)slen, stem);
	else
		slen = 0;
	for (i = 0; i < files.count && len < sizeof msg; i++)
		len += (size_t)snprintf(msg + len, sizeof msg - len, " %s",
		    base_name(files.path[i]) + slen);
	app_say(a, 0, "%s", msg);
}

void
app_snapshot(struct app *a)
{
	snapshot(a, 0);
}

void
app_snapshot_screen(struct app *a)
{
	snapshot(a, 1);
}

/* Show tour step k: its parameters become the live view's, and a running
 * play stops.  Opening the tour keeps the parameters it replaces, for
 * app_tour_close. */
void
app_tour_go(struct app *a, size_t k)
{
	char msg[VIEW_MSG];
	dsp_params before = a->st->vs.params;
	dsp_params pins[DSP_VIEW_PINS_MAX];
	size_t npins = a->st->vs.npins;
	int was_open = a->tour.open;

	memcpy(pins, a->st->vs.pins, sizeof pins);

	if (teach_tour_show(a->teach, a->st, &a->tour, k, 0, msg, sizeof msg) != 0) {
		app_say(a, 1, "%s", msg);
		return;
	}
	if (!was_open) {
		a->tour_saved = before;
		a->tour_saved_npins = npins;
		memcpy(a->tour_saved_pins, pins, sizeof pins);
	}
	/* A play left running would overwrite the step's parameters at its
	 * next frame (as app_tour_close says): a step starts still. */
	a->play.var = PLAY_OFF;
	app_say(a, 0, "%s  (PgDn/n next, PgUp/N previous, t/Esc close)", msg);
}

/* Leave the tour: the parameters go back to what they were when it was
 * opened, so a lecture's detour ends where the lecturer was. */
void
app_tour_close(struct app *a)
{
	struct view_tour *t = &a->tour;

	if (!t->open)
		return;
	t->open = 0;
	/* Play writes into the live view: left running it would overwrite the
	 * parameters given back below, frame after frame. */
	a->play.var = PLAY_OFF;
	a->st->vs.params = a->tour_saved;
	a->st->vs.npins = a->tour_saved_npins;
	memcpy(a->st->vs.pins, a->tour_saved_pins, sizeof a->st->vs.pins);
	app_say(a, 0, "tour closed at step %zu/%zu: parameters and pins restored (t reopens it there)",
	    t->step + 1, t->nsteps);
}

void
app_refit_open(struct app *a)
{
	char msg[VIEW_MSG];

	if (teach_refit(a->teach, &a->refit, msg, sizeof msg) != 0) {
		app_say(a, 1, "%s", msg);
		return;
	}
	a->refit.open = 1;
}
