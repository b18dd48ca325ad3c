/* SPDX-License-Identifier: GPL-3.0-or-later */
/* disperse snapshot: write a snapshot set (text, CSV, JSON, SVG) of one
 * view, or re-export the view of a snapshot JSON with --load. */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd.h"
#include "cli/figopts.h"
#include "cli/opts.h"
#include "cli/progress.h"
#include "core/error.h"
#include "core/math/map.h"
#include "core/schema/params.h"
#include "core/schema/ptable.h"
#include "core/io/readfile.h"
#include "export/atomic.h"
#include "export/screen_svg.h"
#include "export/snapshot.h"

enum {
	OPT_OUT = DSP_OPT_USER,
	OPT_LOAD,
	OPT_CURVE_FROM,
	OPT_CURVE_TO,
	OPT_CURVE_POINTS,
	OPT_MAP_COLS,
	OPT_MAP_ROWS,
	OPT_METRIC,
	OPT_MAP_THETA,
	OPT_MAP_LAMBDA,
	OPT_CURSOR,
	OPT_HIST,
	OPT_COMPARE,
	OPT_SCREEN,
	OPT_MAP_SIZE,
	OPT_CURVE_MODE,
	OPT_FIG0	/* the figure rows of the view-option table, in order */
};

static const struct dsp_opt_row snap_rows[] = {
	{ "out", 'o', "DIR", OPT_OUT, "directory (created if missing; default "
	  "./disperse-snapshots)" },
	{ "load", 0, "FILE", OPT_LOAD, "start from the view of a snapshot JSON; options given on "
	  "the command line override it" },
	{ "curve-from", 0, "N", OPT_CURVE_FROM, "entropy-vs-n curve from N (default 1)" },
	{ "curve-to", 0, "N", OPT_CURVE_TO, "... to N (default 2^40)" },
	{ "curve-points", 0, "K", OPT_CURVE_POINTS, "... with K log-spaced sizes (default 256)" },
	{ "map-size", 0, "CxR", OPT_MAP_SIZE, "(theta, lambda) map figure resolution "
	  "(default 161x101)" },
	{ "map-cols", 0, "C", OPT_MAP_COLS, "map columns alone" },
	{ "map-rows", 0, "R", OPT_MAP_ROWS, "map rows alone" },
	{ "metric", 0, "M", OPT_METRIC, "map metric: entropy, entropy-norm, max-weight" },
	{ "map-theta", 0, "LO:HI", OPT_MAP_THETA, "map theta range (default -2:2)" },
	{ "map-lambda", 0, "LO:HI", OPT_MAP_LAMBDA, "map lambda range (default 0:1)" },
	{ "cursor", 0, "ROW,COL", OPT_CURSOR, "map cursor cell (default 0,0)" },
	{ "hist", 0, "MODE", OPT_HIST, "weight plot: sorted (bars) or log (log-binned)" },
	{ "compare", 0, "LIST", OPT_COMPARE, "attention functions overlaid on the curve, comma "
	  "separated (turns the overlays on)" },
	{ "curve-mode", 0, "M", OPT_CURVE_MODE, "curve plots: both, entropy or max-weight "
	  "(default both)" },
	{ "screen", 0, "FILE", OPT_SCREEN, "use FILE's text as the .txt screen dump, and draw it "
	  "as NAME-screen.svg (and .pdf, .png per --figure-format)" },
	{ NULL, 0, NULL, 0, NULL }
};

static const char help[] =
"Write a snapshot set of one view and print the written paths, one a line:\n"
"NAME.txt, NAME.json, NAME-weights.csv, NAME-curve.csv, NAME-map.csv,\n"
"NAME-hist.svg, NAME-curve.svg, NAME-map.svg with NAME =\n"
"disperse-YYYYmmdd-HHMMSS-NNN (never reused).\n";

struct snapargs {
	const char	*out, *load, *screen;
	struct dsp_figopts fig;		/* figure rows as given */
	double		 curve_lo, curve_hi, tlo, thi, llo, lhi;
	uint64_t	 points, cols, rows, crow, ccol;
	int		 metric, hist, curve_mode;
	unsigned	 compare;
	dsp_map_spec	 size;		/* --map-size: cols and rows */
	unsigned	 set;		/* bits: which of the above were given */
};

enum {
	S_CFROM = 1 << 0, S_CTO = 1 << 1, S_CPOINTS = 1 << 2, S_COLS = 1 << 3,
	S_ROWS = 1 << 4, S_METRIC = 1 << 5, S_THETA = 1 << 6, S_LAMBDA = 1 << 7,
	S_CURSOR = 1 << 8, S_HIST = 1 << 9, S_COMPARE = 1 << 10, S_SIZE = 1 << 11,
	S_CMODE = 1 << 12
};

static int
parse_compare(struct dsp_opts *o, const char *arg, unsigned *mask)
{
	char buf[256], *tok, *save = NULL;
	int a;

	if (strlen(arg) >= sizeof buf)
		return dsp_opts_usage(o, "--compare: list too long");
	strcpy(buf, arg);
	*mask = 0;
	for (tok = strtok_r(buf, ",", &save); tok != NULL;
	    tok = strtok_r(NULL, ",", &save)) {
		if ((a = dsp_attn_parse(tok)) < 0)
			return dsp_opts_usage(o, "--compare: unknown attention function "
			    "'%s'", tok);
		*mask |= 1u << a;
	}
	return 0;
}

static int
parse_cursor(struct dsp_opts *o, const char *arg, uint64_t *r, uint64_t *c)
{
	const char *col;
	char *end;

	/* The message quotes the whole argument, not the part after a comma. */
	errno = 0;
	*r = strtoull(arg, &end, 10);
	if (errno != 0 || end == arg || *end != ',' || arg[0] == '-')
		return dsp_opts_usage(o, "--cursor: expected ROW,COL (got '%s')", arg);
	col = end + 1;
	*c = strtoull(col, &end, 10);
	if (errno != 0 || end == col || *end != '\0' || col[0] == '-')
		return dsp_opts_usage(o, "--cursor: expected ROW,COL (got '%s')", arg);
	return 0;
}

static int
snap_cb(struct dsp_opts *o, int code, const char *arg, void *ctx)
{
	struct snapargs *a = ctx;
	uint64_t u;
	int st;

	switch (code) {
	case OPT_OUT:	/* and -o: the parser maps a row's letter */
		/* An empty name meant the default folder, silently. */
		if (arg[0] == '\0')
			return dsp_opts_usage(o, "--out: empty folder name");
		a->out = arg;
		return 0;
	case OPT_LOAD:
		a->load = arg;
		return 0;
	case OPT_SCREEN:
		a->screen = arg;
		return 0;
	case OPT_CURVE_FROM:
		a->set |= S_CFROM;
		if (dsp_opts_size(o, "--curve-from", arg, &u) != 0)
			return o->status;
		a->curve_lo = (double)u;
		return 0;
	case OPT_CURVE_TO:
		a->set |= S_CTO;
		if (dsp_opts_size(o, "--curve-to", arg, &u) != 0)
			return o->status;
		a->curve_hi = (double)u;
		return 0;
	case OPT_CURVE_POINTS:
		a->set |= S_CPOINTS;
		return dsp_opts_size(o, "--curve-points", arg, &a->points);
	case OPT_MAP_COLS:
		a->set |= S_COLS;
		return dsp_opts_size(o, "--map-cols", arg, &a->cols);
	case OPT_MAP_ROWS:
		a->set |= S_ROWS;
		return dsp_opts_size(o, "--map-rows", arg, &a->rows);
	case OPT_METRIC:
		a->set |= S_METRIC;
		if ((a->metric = dsp_metric_parse(arg)) < 0)
			return dsp_opts_usage(o, "--metric: unknown metric '%s' (entropy, "
			    "entropy-norm, max-weight)", arg);
		return 0;
	case OPT_MAP_THETA:
		a->set |= S_THETA;
		if (dsp_opts_range(o, "--map-theta", arg, &a->tlo, &a->thi) != 0)
			return o->status;
		if (dsp_vopt_check_range(dsp_vopt(DSP_V_MAP_THETA), a->tlo, a->thi,
		    "--map-theta") != DSP_OK)
			return dsp_opts_usage(o, "%s", dsp_last_error());
		return 0;
	case OPT_MAP_LAMBDA:
		a->set |= S_LAMBDA;
		if (dsp_opts_range(o, "--map-lambda", arg, &a->llo, &a->lhi) != 0)
			return o->status;
		if (dsp_vopt_check_range(dsp_vopt(DSP_V_MAP_LAMBDA), a->llo, a->lhi,
		    "--map-lambda") != DSP_OK)
			return dsp_opts_usage(o, "%s", dsp_last_error());
		return 0;
	case OPT_CURSOR:
		a->set |= S_CURSOR;
		return parse_cursor(o, arg, &a->crow, &a->ccol);
	case OPT_HIST:
		a->set |= S_HIST;
		if ((a->hist = dsp_hist_mode_parse(arg)) < 0)
			return dsp_opts_usage(o, "--hist: expected sorted or log (got '%s')",
			    arg);
		return 0;
	case OPT_COMPARE:
		a->set |= S_COMPARE;
		return parse_compare(o, arg, &a->compare);
	case OPT_MAP_SIZE:
		a->set |= S_SIZE;
		/* The view-option table's row, as the TUI's `:map_size`. */
		if (dsp_vopt_parse_size(dsp_vopt(DSP_V_MAP_SIZE), &a->size, arg,
		    "--map-size") != DSP_OK)
			return dsp_opts_usage(o, "%s", dsp_last_error());
		return 0;
	case OPT_CURVE_MODE:
		a->set |= S_CMODE;
		if ((a->curve_mode = dsp_curve_mode_parse(arg)) < 0)
			return dsp_opts_usage(o, "--curve-mode: expected both, entropy or "
			    "max-weight (got '%s')", arg);
		return 0;
	}
	/* Checked now (a usage error), applied after --load. */
	if ((st = dsp_figopts_take(&a->fig, o, code, arg)) >= 0)
		return st;
	return dsp_opts_usage(o, "internal error: option %d", code);
}

static int
override_view(const struct snapargs *a, dsp_viewstate *v)
{
	if (dsp_figopts_apply(&a->fig, &v->fig) != DSP_OK)
		return -1;
	if (a->set & S_CFROM)
		v->curve_lo = a->curve_lo;
	if (a->set & S_CTO)
		v->curve_hi = a->curve_hi;
	if (a->set & S_CPOINTS)
		v->curve_points = (size_t)a->points;
	if (a->set & S_SIZE) {
		v->map.cols = a->size.cols;
		v->map.rows = a->size.rows;
	}
	if (a->set & S_COLS)
		v->map.cols = (size_t)a->cols;
	if (a->set & S_ROWS)
		v->map.rows = (size_t)a->rows;
	if (a->set & S_METRIC)
		v->map.metric = (enum dsp_metric)a->metric;
	if (a->set & S_THETA) {
		v->map.theta_lo = a->tlo;
		v->map.theta_hi = a->thi;
	}
	if (a->set & S_LAMBDA) {
		v->map.lambda_lo = a->llo;
		v->map.lambda_hi = a->lhi;
	}
	if (a->set & S_CURSOR) {
		v->map_row = (size_t)a->crow;
		v->map_col = (size_t)a->ccol;
	}
	if (a->set & S_HIST)
		v->hist_mode = a->hist;
	if (a->set & S_COMPARE) {
		v->compare_mask = a->compare;
		v->overlays = 1;
	}
	if (a->set & S_CMODE)
		v->curve_mode = a->curve_mode;
	return 0;
}

/* The screen text is kept whole or refused: a silently cut screen would
 * pass for the real one (DSP_CAP_SCREEN, 1 MiB). */
static char *
read_screen(struct dsp_opts *o, const char *path)
{
	char *buf;
	size_t n;

	if (dsp_read_file(path, NULL, DSP_CAP_SCREEN, &buf, &n) != DSP_OK) {
		dsp_opts_fail(o, "--screen %s", dsp_last_error());
		return NULL;
	}
	return buf;
}

/* --list-options: the values of the view's named fields (core/schema). */
static const char *
snap_values(int code)
{
	static char buf[96];

	switch (code) {
	case OPT_METRIC:
		return dsp_opts_metric_names();
	case OPT_HIST:
		return dsp_opts_names_of(dsp_hist_mode_name, DSP_HIST_MODES, buf, sizeof buf);
	case OPT_CURVE_MODE:
		return dsp_opts_names_of(dsp_curve_mode_name, DSP_CURVE_MODES, buf, sizeof buf);
	}
	return NULL;
}

static int
cmd_snapshot_exec(int argc, char **argv)
{
	struct dsp_opts_spec spec = {
		"disperse snapshot [--out DIR] [--load FILE] [options]", help,
		snap_cb, NULL, DSP_GIVEN_FORMAT | DSP_GIVEN_OUTPUT,
		snap_values,
		OPT_FIG0,	/* figures: the figure options */
		snap_rows, NULL
	};
	struct snapargs a;
	struct dsp_opts o;
	dsp_snapshot_files files;
	dsp_viewstate v;
	double *logits = NULL;
	char *screen = NULL;
	dsp_screen *scr = NULL;
	size_t i;
	int rc, status = 0;

	memset(&a, 0, sizeof a);
	spec.ctx = &a;
	a.fig.code0 = OPT_FIG0;
	dsp_opts_init(&o, "snapshot");
	if (dsp_opts_parse(&o, &spec, argc, argv) != 0) {
		dsp_opts_free(&o);
		return o.status;
	}
	dsp_view_default(&v);
	if (a.load != NULL) {
		dsp_clear_error();
		if ((rc = dsp_snapshot_load(a.load, &v, &logits)) != DSP_OK) {
			status = dsp_opts_core_fail(&o, NULL, rc);
			goto out;
		}
		dsp_opts_override(&o, &v.params);
	} else
		v.params = o.params;
	if (override_view(&a, &v) != 0) {
		/* Each alone was checked; together (size x dpi) they may not fit. */
		status = dsp_opts_usage(&o, "%s", dsp_last_error());
		goto out;
	}
	if (a.screen != NULL && (screen = read_screen(&o, a.screen)) == NULL) {
		status = o.status;
		goto out;
	}
	dsp_clear_error();
	/* A killed snapshot leaves no temporary file behind. */
	dsp_afile_trap_signals();
	/* The screen text as a figure too: the same text the .txt holds, in
	 * the terminal's default colours (a colour screen is the TUI's S). */
	if (screen != NULL && (scr = dsp_screen_from_text(screen)) == NULL) {
		status = dsp_opts_fail(&o, "--screen %s: %s", a.screen, dsp_last_error());
		goto out;
	}
	/* The curve's points and the map's cells, as the core steps them. */
	dsp_progress_begin("snapshot", "computing", dsp_view_units(&v, 1, 1));
	rc = dsp_snapshot_write_screen(&v, screen, scr, a.out, &files);
	dsp_progress_end();
	for (i = 0; i < files.count; i++)
		printf("%s\n", files.path[i]);
	if (rc != DSP_OK) {
		const char *d = dsp_last_error();

		fflush(stdout);
		/* A failed set left no file (export/snapshot.h). */
		if (rc == DSP_EINVAL)
			status = dsp_opts_usage(&o, "%s", *d ? d : dsp_strerror(rc));
		else
			status = dsp_opts_fail(&o, "%s", *d ? d : dsp_strerror(rc));
		goto out;
	}
	if (fflush(stdout) != 0 || ferror(stdout))
		status = dsp_opts_fail(&o, "cannot write the file list to standard "
		    "output: %s", strerror(errno));
out:
	dsp_screen_free(scr);
	free(screen);
	free(logits);
	dsp_opts_free(&o);
	return status;
}

const struct dsp_command cmd_snapshot = {
	"snapshot", "disperse snapshot [--out DIR] [--load FILE] [options]",
	"write text, CSV, JSON and SVG figures of a view", cmd_snapshot_exec
};
