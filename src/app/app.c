/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The interactive TUI: its options and the event loop, which draws a frame
 * after each key.  The terminal is term.c, where things go layout.c, the
 * keys keys.c (with mouse.c, editor.c and actions.c); numbers come from
 * compute.c and the worker, pixels from the widgets in src/view. */
#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/alloc.h"
#include "app/app.h"
#include "app/app_int.h"
#include "app/compute.h"
#include "app/teach.h"
#include "app/worker.h"
#include "cli/opts.h"
#include "core/error.h"
#include "core/math/eval.h"
#include "core/schema/family.h"
#include "export/snapshot.h"
#include "view/view.h"

/* The empirical family of an input is a resample of its logits, not
 * them: every figure panel says so on its frame. */
static void
resampled_tag(struct view_panel *p, const struct view_state *st)
{
	static const char tag[] = " resampled ";

	/* Only beside the title, never over it. */
	if (st->vs.params.family != DSP_FAM_EMPIRICAL ||
	    view_frame_end() + (int)sizeof tag + 1 > p->w)
		return;
	view_printf(p->win, 0, p->w - (int)sizeof tag - 1, (int)sizeof tag - 1,
	    view_attr_marker(), "%s", tag);
}

/* Where the workers' figures go: the shared state and the panels'. */
static struct worker_dest
dest(struct app *a)
{
	struct worker_dest d = { a->st, &a->weights, a->curve, &a->mapfig };

	return d;
}

static void
frame(struct app *a)
{
	struct view_state *st = a->st;
	struct worker_dest d = dest(a);
	struct view_panel *mp;
	double t0 = dsp_now_ms(), t1;
	size_t cols, rows;
	int i, iw;

	app_layout(a);
	erase();
	if (a->small) {
		app_draw_small();
		term_refresh();
		return;
	}
	for (i = 0; i < VIEW_PANELS; i++) {
		a->pn[i].focused = st->vs.focus == i;
		app_make_win(&a->pn[i]);
	}
	/* Compute what is on screen; the caches make unchanged figures free.
	 * No panel size goes in: the layout never feeds a computation. */
	app_heads_sync(a);
	worker_frame_summary(a->sw, a->cc, &d);
	teach_tour_figures(a->teach, st, &a->tour);
	/* Room on screen for the map: a cell a column (up to 240), one or
	 * (half blocks) two a row; the panel shows the largest exact
	 * subsample of the figure (map_size) that fits (dsp_view_share). */
	mp = &a->pn[VIEW_MAP];
	iw = mp->w - 2 - 6;
	cols = (size_t)(iw > 240 ? 240 : iw > 2 ? iw : 2);
	rows = (size_t)(mp->h - 7 > 48 ? 48 : mp->h - 7 > 2 ? mp->h - 7 : 2) *
	    (view_heat_half() ? 2 : 1);
	if (a->wk != NULL) {
		worker_post(a->wk, &st->vs, &a->curve->th_rows, a->pn[VIEW_CURVE].visible,
		    mp->visible);
		worker_collect(a->wk, &d);
	} else {
		if (a->pn[VIEW_CURVE].visible)
			compute_curve(a->cc, &st->vs, a->curve);
		if (mp->visible)
			compute_map(a->cc, &st->vs, &a->mapfig);
	}
	if (mp->visible)
		compute_map_cells(&a->map, &a->mapfig, cols, rows);
	t1 = dsp_now_ms();
	a->line.compute_ms = t1 - t0;
	if (!st->sum_ok && !st->sum_busy && a->line.status[0] == '\0')
		app_say(a, 1, "%s", st->sum_err);
	app_draw_header(a);
	for (i = 0; i < VIEW_PANELS; i++)
		if (a->pn[i].visible) {
			a->pn[i].cls->update(&a->pn[i], st);
			a->pn[i].cls->draw(&a->pn[i], a->pn[i].win);
			resampled_tag(&a->pn[i], st);
		}
	if (a->heads->shown)
		app_heads_draw(a);
	if (a->tour.open && a->tourbox.visible) {
		app_make_win(&a->tourbox);
		if (a->tourbox.visible) {
			a->tourbox.cls->update(&a->tourbox, st);
			a->tourbox.cls->draw(&a->tourbox, a->tourbox.win);
		}
	}
	if (a->refit.open)
		app_draw_box(&a->refitbox, st, -1, -1, 25, 80);
	if (a->prefs.open) {
		app_prefs_sync(a);
		app_draw_box(&a->setbox, st, -1, -1, APP_PREFS + 8, 96);
	}
	if (a->help_open) {
		a->help.h = LINES - 4;	/* all the height: the help is long */
		a->help.w = COLS - 4 < 76 ? COLS - 4 : 76;
		a->help.y = (LINES - a->help.h) / 2;
		a->help.x = (COLS - a->help.w) / 2;
		a->help.visible = 1;
		app_make_win(&a->help);
		if (a->help.visible) {
			a->help.cls->update(&a->help, st);
			a->help.cls->draw(&a->help, a->help.win);
		}
	}
	a->line.frame_ms = dsp_now_ms() - t0;
	app_make_win(&a->status);
	if (a->status.visible) {
		a->status.cls->update(&a->status, st);
		a->status.cls->draw(&a->status, a->status.win);
	}
	touchwin(stdscr);
	term_refresh();
}



/* A loaded view (snapshot or settings) on screen; options on the command
 * line win over its parameters. */
static void
apply_view(struct app *a, const struct dsp_opts *o, dsp_viewstate v)
{
	dsp_params saved = v.params;

	dsp_opts_override(o, &v.params);
	/* A view of a head of the --input array: its head, family and n
	 * unless given (the first frame loads that head's row). */
	if (o->rows != NULL && dsp_family_has_logits(saved.family)) {
		if (!(o->given & DSP_GIVEN_HEAD))
			v.params.head = saved.head;
		if (!(o->given & DSP_GIVEN_FAMILY))
			v.params.family = saved.family;
		if (!(o->given & DSP_GIVEN_N) && saved.family == DSP_FAM_EMPIRICAL)
			v.params.n = saved.n;
	}
	a->st->vs = v;
	if (dsp_family_has_logits(v.params.family) && !(o->given & DSP_GIVEN_INPUT))
		a->st->input_name = v.params.logits_name;
	if (v.focus >= 0 && v.focus < VIEW_PANELS)
		app_focus(a, v.focus);
	else
		app_focus(a, VIEW_PARAMS);
}

static int
load_snapshot(struct app *a, struct dsp_opts *o)
{
	dsp_viewstate v;
	int rc;

	dsp_view_default(&v);
	if ((rc = dsp_snapshot_load(a->load, &v, &a->load_logits)) != DSP_OK) {
		const char *d = *dsp_last_error() ? dsp_last_error() : dsp_strerror(rc);

		/* The detail usually names the file already. */
		if (strstr(d, a->load) != NULL)
			fprintf(stderr, "disperse: cannot load snapshot: %s\n", d);
		else
			fprintf(stderr, "disperse: cannot load snapshot: %s: %s\n", a->load, d);
		return 1;
	}
	apply_view(a, o, v);
	return 0;
}

/* The display choices of a saved view: how figures are drawn, never what
 * they are of. */
static void
apply_display(struct app *a, const dsp_viewstate *v)
{
	dsp_viewstate *vs = &a->st->vs;

	vs->map.metric = v->map.metric;
	vs->hist_mode = v->hist_mode;
	vs->curve_mode = v->curve_mode;
	vs->overlays = v->overlays;
	vs->compare_mask = v->compare_mask;
	vs->fig = v->fig;
}

static int
st_status_free(const struct app *a)
{
	return a->line.status[0] == '\0';
}

/* The settings file (settings.c): the last view unless --load gives one,
 * the display options, the history.  A failure is one status-line
 * message; the defaults stay. */
static void
load_settings(struct app *a, const struct dsp_opts *o)
{
	struct app_settings set;
	char msg[VIEW_MSG], names[160];
	size_t i;
	int k;

	if (a->no_config)
		return;
	if ((k = settings_load(&set, msg, sizeof msg)) < 0 || (k > 0 && set.dropped))
		app_say(a, 1, "%s", msg);
	/* Not read whole: quitting keeps the file as settings.json.bad. */
	a->settings_keep = k < 0 || (k > 0 && set.dropped);
	if (k <= 0)
		return;
	/* Settings are preferences, not data: the display choices always,
	 * the parameters only on --resume, never onto a new --input, and
	 * never logits (an older file's are dropped). */
	if (a->load == NULL && a->resume && !(o->given & DSP_GIVEN_INPUT)) {
		char dir[4096];

		if (dsp_family_has_logits(set.view.params.family)) {
			dsp_params def;

			dsp_params_default(&def);
			set.view.params.family = def.family;
			set.view.params.logits = NULL;
			set.view.params.n_logits = 0;
			set.view.params.logits_name = NULL;
		}
		apply_view(a, o, set.view);
		if (st_status_free(a) && settings_dir(dir, sizeof dir) == 0)
			app_say(a, 0, "resumed the last view from %s/settings.json", dir);
	} else if (a->load == NULL) {
		apply_display(a, &set.view);
		if (a->resume && st_status_free(a))
			app_say(a, 0, "--resume: not onto a new --input (display choices only)");
	}
	/* The display choices (prefs.c), checked whole when read; a choice
	 * the file holds, or one its view changed, is from the file. */
	for (i = 0; i < APP_PREFS; i++)
		if (set.display[i] != NULL)
			(void)app_prefs[i].set(a, set.display[i]);
	/* Restored, so said, with where from (the parameters: above), on
	 * one line so that the parameters' line stays (F2 gives the path). */
	if ((k = app_pref_mark_changed(a, APP_PREF_FILE, set.display, names,
	    sizeof names)) > 0 && st_status_free(a)) {
		if (strlen(names) > 36)
			snprintf(names, sizeof names, "%d of them", k);
		app_say(a, 0, "display choices from settings.json: %s (F2 lists them)",
		    names);
	}
	for (i = 0; i < set.nhistory; i++) {
		a->hist.line[i] = set.history[i];
		set.history[i] = NULL;
	}
	a->hist.count = a->hist.pos = set.nhistory;
	set.nhistory = 0;
	settings_free(&set);
}

static int
run(struct app *a)
{
	int ch, sig;

	frame(a);
	while (!a->quit && !term_signal) {
		/* Poll faster while the worker computes, to show its result;
		 * a playing animation wakes the loop when its frame is due. */
		timeout(play_timeout(a, (a->wk != NULL && worker_busy(a->wk)) ||
		    (a->sw != NULL && worker_busy(a->sw)) ? 15 : 200));
		ch = getch();
		if (term_signal)
			break;
		if (ch == ERR) {
			struct worker_dest d = dest(a);
			int fresh = 0;

			if (term_gone()) {
				term_signal = SIGHUP;
				break;
			}
			if (a->wk != NULL) {
				int pct = a->st->busy_pct;

				/* New figures, or new progress to show. */
				fresh = worker_collect(a->wk, &d) || a->st->busy_pct != pct;
			}
			if (a->sw != NULL) {
				int pct = a->st->sum_pct;

				fresh |= worker_collect(a->sw, &d) || a->st->sum_pct != pct;
			}
			/* After the collect: a frame whose figures just came in
			 * lets the play go on at once. */
			if (play_tick(a) || fresh)
				frame(a);
			continue;
		}
		if (a->small && ch != KEY_RESIZE && ch != 'q' && ch != 'Q')
			continue;
		keys_dispatch(a, ch);
		/* Several queued events (wheel, key repeat): draw once. */
		if (!a->quit)
			frame(a);
	}
	sig = term_signal;
	term_restore();
	return sig ? 128 + sig : 0;
}

int
app_main(int argc, char **argv)
{
	struct dsp_opts_spec spec;
	struct dsp_opts o;
	struct app a;
	const char *snapdir;
	int rc, i, left;

	memset(&a, 0, sizeof a);
	a.color = 1;
	a.mouse = 1;
	a.theme = -1;
	memset(&spec, 0, sizeof spec);
	spec.usage = "disperse [options]";
	/* Its options from their table (app/options.c). */
	spec.help = "\nTUI options:\n";
	spec.rows = app_options_rows();
	spec.notes = "Keys: ? or F1 in the TUI (h is 'left'); q quits.\n";
	spec.cb = app_option;
	spec.values = app_option_values;
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
	a.pn[VIEW_PARAMS].sel = ROW_N;
	a.st = dsp_calloc(1, sizeof *a.st);
	a.curve = dsp_calloc(1, sizeof *a.curve);
	a.heads = dsp_calloc(1, sizeof *a.heads);
	if (a.st == NULL || a.curve == NULL || a.heads == NULL ||
	    (a.cc = compute_alloc()) == NULL) {
		fputs("disperse: out of memory\n", stderr);
		free(a.st);
		free(a.curve);
		free(a.heads);
		dsp_opts_free(&o);
		return 1;
	}
	dsp_view_default(&a.st->vs);
	a.st->vs.params = o.params;
	a.st->input_name = o.input;
	a.st->vs.focus = VIEW_PARAMS;
	a.st->present = a.present;
	a.st->keys = keys_table;
	a.st->nkeys = keys_count;
	a.plot = VIEW_WEIGHTS;
	play_init(&a);
	/* Where each display choice comes from (the settings screen): the
	 * default, then the settings file, the command line, --load. */
	snapdir = a.snapdir;
	a.snapdir = NULL;
	app_pref_mark_changed(&a, APP_PREF_DEFAULT, NULL, NULL, 0);
	load_settings(&a, &o);
	if (a.theme >= 0) {
		view_theme_set(a.theme);	/* --theme wins over the settings */
		app_pref_mark(&a, app_pref_find("theme"), APP_PREF_CMDLINE);
	}
	if (snapdir != NULL) {
		a.snapdir = snapdir;
		app_pref_mark(&a, app_pref_find("snapshot_dir"), APP_PREF_CMDLINE);
	}
	rc = a.load != NULL ? load_snapshot(&a, &o) : 0;
	app_pref_mark_changed(&a, APP_PREF_LOAD, NULL, NULL, 0);
	for (i = 0; i < VIEW_PANELS; i++)
		a.pn[i].cls = (const struct view_class *[]){ &view_params_class,
		    &view_hist_class, &view_curve_class, &view_map_class,
		    &view_theorem_class }[i];
	a.pn[VIEW_WEIGHTS].own = &a.weights;
	a.pn[VIEW_CURVE].own = a.curve;
	a.pn[VIEW_MAP].own = &a.map;
	a.status.own = &a.line;
	a.tourbox.own = &a.tour;
	a.refitbox.own = &a.refit;
	a.setbox.own = &a.prefs;
	a.headspn.own = a.heads;
	a.status.cls = &view_status_class;
	a.help.cls = &view_help_class;
	a.tourbox.cls = &view_tour_class;
	a.refitbox.cls = &view_refit_class;
	a.setbox.cls = &view_settings_class;
	a.headspn.cls = &view_heads_class;
	/* An array of several rows: the head picker, the view on the head's
	 * own logits (family file); the resample (empirical, n scales it) is
	 * the second view, labelled "resampled". */
	app_heads_open(&a, o.rows, o.params.head);
	if (a.rows != NULL && a.load == NULL && !(o.given & DSP_GIVEN_FAMILY))
		a.st->vs.params.family = DSP_FAM_FILE;
	if (rc == 0 && (a.teach = teach_alloc()) == NULL) {
		fputs("disperse: out of memory\n", stderr);
		rc = 1;
	}
	if (rc == 0 && term_start(&a) != 0)
		rc = 1;
	if (rc == 0) {
		a.wk = worker_start(WORKER_FIGURES, (size_t)o.mem_budget);
		a.sw = worker_start(WORKER_SUMMARY, (size_t)o.mem_budget);
		rc = run(&a);
		/* After the terminal is restored: a failure is a line on stderr. */
		if (!a.no_config && settings_save(&a) != DSP_OK)
			fprintf(stderr, "disperse: settings not saved: %s\n", dsp_last_error());
	}
	term_restore();
	/* A worker left running may still read what its job borrowed (the
	 * logits, the rows behind them): the process exit frees those. */
	left = worker_stop(a.wk);
	left |= worker_stop(a.sw);
	if (left)
		return rc;
	free(a.map.cell);
	free(a.mapfig.cell);
	free(a.curve);
	free(a.heads);
	free(a.st);
	free(a.load_logits);
	compute_free(a.cc);
	teach_free(a.teach);
	edit_history_free(&a);
	free(a.snapdir_own);
	dsp_opts_free(&o);
	return rc;
}
