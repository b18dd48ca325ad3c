/* SPDX-License-Identifier: GPL-3.0-or-later */
/* disperse heatmap: the (theta, lambda) map of paper Figure 5 via
 * dsp_map_compute.  CSV and JSON give one row per cell (long form); text
 * draws a shade grid with axes. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "cli/cmd.h"
#include "cli/opts.h"
#include "core/dsp.h"
#include "core/schema/view.h"
#include "export/table.h"

#define MAP_MAX_CELLS ((uint64_t)1 << 20)

enum {
	OPT_METRIC = DSP_OPT_USER,
	OPT_COLS,
	OPT_ROWS,
	OPT_THETA_RANGE,
	OPT_LAMBDA_RANGE,
	OPT_CELLS
};

static const struct dsp_opt_row heatmap_rows[] = {
	{ "metric", 0, "M", OPT_METRIC, "entropy (nats, default), entropy-norm, max-weight" },
	{ "cols", 0, "C", OPT_COLS, "theta columns (default 41, at most 4096)" },
	{ "rows", 0, "R", OPT_ROWS, "lambda rows (default 21, at most 4096)" },
	{ "theta-range", 0, "A:B", OPT_THETA_RANGE, "default -2:2 (columns, linear; may span 0)" },
	{ "lambda-range", 0, "A:B", OPT_LAMBDA_RANGE, "default 0:1 (rows, linear)" },
	{ "cells", 0, NULL, OPT_CELLS, "text format: one line per cell, not a grid" },
	{ NULL, 0, NULL, 0, NULL }
};

struct heatmap {
	dsp_map_spec	spec;
	int		cells;	/* --cells: text as a cell table, not a grid */
};

static int
heatmap_opt(struct dsp_opts *o, int code, const char *arg, void *ctx)
{
	struct heatmap *h = ctx;
	uint64_t v;
	int m;

	switch (code) {
	case OPT_METRIC:
		if ((m = dsp_metric_parse(arg)) < 0)
			return dsp_opts_usage(o, "--metric: unknown metric '%s' "
			    "(entropy, entropy-norm, max-weight)", arg);
		h->spec.metric = (enum dsp_metric)m;
		return 0;
	case OPT_COLS:
	case OPT_ROWS:
		if (dsp_opts_size(o, code == OPT_COLS ? "--cols" : "--rows", arg, &v) != 0)
			return o->status;
		if (v > 4096)
			return dsp_opts_usage(o, "%s: at most 4096 (got %s)",
			    code == OPT_COLS ? "--cols" : "--rows", arg);
		if (code == OPT_COLS)
			h->spec.cols = (size_t)v;
		else
			h->spec.rows = (size_t)v;
		return 0;
	case OPT_THETA_RANGE:
		return dsp_opts_vopt(o, "--theta-range", arg,
		    dsp_vopt(DSP_V_MAP_THETA), &h->spec);
	case OPT_LAMBDA_RANGE:
		return dsp_opts_vopt(o, "--lambda-range", arg,
		    dsp_vopt(DSP_V_MAP_LAMBDA), &h->spec);
	case OPT_CELLS:
		h->cells = 1;
		return 0;
	}
	return dsp_opts_usage(o, "internal error: option %d", code);
}

static int
stamp(const struct dsp_opts *o, const dsp_map_spec *s, dsp_table *t, size_t bad)
{
	int rc;

	rc = dsp_opts_stamp(o, t);
	rc |= dsp_table_stamp(t, "metric", dsp_metric_name(s->metric));
	rc |= dsp_table_stampf(t, "theta_range", "%.17g:%.17g", s->theta_lo, s->theta_hi);
	rc |= dsp_table_stampf(t, "lambda_range", "%.17g:%.17g", s->lambda_lo, s->lambda_hi);
	rc |= dsp_table_stampf(t, "cols", "%zu", s->cols);
	rc |= dsp_table_stampf(t, "rows", "%zu", s->rows);
	if (bad > 0)
		rc |= dsp_table_stampf(t, "failed_cells", "%zu", bad);
	return rc;
}

static int
write_cells(struct dsp_opts *o, const dsp_map_spec *s, const double *v, size_t bad)
{
	double row[5];
	dsp_table *t;
	size_t r, c;
	int rc;

	if ((t = dsp_table_alloc("disperse heatmap")) == NULL)
		return dsp_opts_core_fail(o, NULL, dsp_fail_nomem(NULL, 0));
	rc = stamp(o, s, t, bad);
	rc |= dsp_table_column(t, "row", "%.0f");
	rc |= dsp_table_column(t, "col", "%.0f");
	rc |= dsp_table_column(t, "theta", "%.10g");
	rc |= dsp_table_column(t, "lambda", "%.10g");
	rc |= dsp_table_column(t, dsp_metric_name(s->metric), "%.10g");
	for (r = 0; r < s->rows && rc == 0; r++)
		for (c = 0; c < s->cols && rc == 0; c++) {
			row[0] = (double)r;
			row[1] = (double)c;
			row[2] = dsp_map_theta(s, c);
			row[3] = dsp_map_lambda(s, r);
			row[4] = v[r * s->cols + c];
			rc = dsp_table_row(t, row);
		}
	if (rc != 0)
		rc = dsp_opts_core_fail(o, NULL, dsp_fail_nomem(NULL, 0));
	else
		rc = dsp_opts_write_table(o, t);
	dsp_table_free(t);
	return rc;
}

/* Shade grid: lambda_hi at the top as in the paper's figure, darkest
 * character for the largest value. */
static int
write_grid(struct dsp_opts *o, const dsp_map_spec *s, const double *v, size_t bad)
{
	static const char shades[] = " .:-=+*#%@";
	const size_t nshades = sizeof shades - 1;
	double lo = INFINITY, hi = -INFINITY, x;
	dsp_table *t;
	size_t i, r, c, k;
	FILE *fp;
	char tl[32], th[32];
	int rc;

	for (i = 0; i < s->rows * s->cols; i++)
		if (isfinite(v[i])) {
			lo = fmin(lo, v[i]);
			hi = fmax(hi, v[i]);
		}
	/* Stamps through the table writer so every format agrees. */
	if ((t = dsp_table_alloc("disperse heatmap")) == NULL)
		return dsp_opts_core_fail(o, NULL, dsp_fail_nomem(NULL, 0));
	if (stamp(o, s, t, bad) != 0 ||
	    dsp_table_stampf(t, "scale", "'%s' = %.6g .. '%c' = %.6g ('?' = failed)",
	    " ", isfinite(lo) ? lo : NAN, shades[nshades - 1],
	    isfinite(hi) ? hi : NAN) != 0) {
		dsp_table_free(t);
		return dsp_opts_core_fail(o, NULL, dsp_fail_nomem(NULL, 0));
	}
	if ((fp = dsp_opts_open_output(o)) == NULL) {
		dsp_table_free(t);
		return 1;
	}
	rc = dsp_table_write(t, fp, DSP_FMT_TEXT);
	dsp_table_free(t);
	fprintf(fp, "lambda\n");
	for (r = s->rows; r-- > 0;) {
		fprintf(fp, "%8.4g |", dsp_map_lambda(s, r));
		for (c = 0; c < s->cols; c++) {
			x = v[r * s->cols + c];
			if (!isfinite(x))
				fputc('?', fp);
			else {
				k = hi > lo ? (size_t)((x - lo) / (hi - lo) *
				    (double)(nshades - 1) + 0.5) : 0;
				fputc(shades[k < nshades ? k : nshades - 1], fp);
			}
		}
		fputs("|\n", fp);
	}
	fprintf(fp, "%8s +", "");
	for (c = 0; c < s->cols; c++)
		fputc('-', fp);
	fputs("+\n", fp);
	snprintf(tl, sizeof tl, "%.4g", s->theta_lo);
	snprintf(th, sizeof th, "%.4g", s->theta_hi);
	k = strlen(tl) + strlen(th);
	fprintf(fp, "%8s  %s%*s%s  theta\n", "", tl,
	    s->cols > k ? (int)(s->cols - k) : 1, "", th);
	if (dsp_opts_close_output(o, fp) != 0)
		return 1;
	if (rc != 0)
		return dsp_opts_core_fail(o, "writing output", rc);
	return 0;
}

/* --list-options: the values of --metric (the map's table). */
static const char *
heatmap_values(int code)
{
	return code == OPT_METRIC ? dsp_opts_metric_names() : NULL;
}

static int
cmd_heatmap_exec(int argc, char **argv)
{
	struct heatmap h;
	struct dsp_opts_spec spec = {
		.usage = "disperse heatmap [--metric M] [--cols C] [--rows R] "
		    "[--theta-range A:B] [--lambda-range A:B] [options]",
		.help = "The (theta, lambda) map of paper Figure 5 for the power series\n"
		    "e_k = delta lambda^k at the given n and delta.\n",
		.rows = heatmap_rows,
		.notes = "CSV and JSON always give one row per cell: row, col, theta, lambda, value.\n",
		.cb = heatmap_opt,
		.values = heatmap_values
	};
	struct dsp_opts o;
	dsp_params mq;
	double *v = NULL;
	size_t i, bad = 0;
	int rc;

	memset(&h, 0, sizeof h);
	dsp_map_spec_default(&h.spec, 41, 21);
	spec.ctx = &h;
	dsp_opts_init(&o, "heatmap");
	if (dsp_opts_parse(&o, &spec, argc, argv) != 0) {
		rc = o.status;
		goto out;
	}
	if ((uint64_t)h.spec.rows * h.spec.cols > MAP_MAX_CELLS) {
		rc = dsp_opts_usage(&o, "--cols x --rows: at most %llu cells",
		    (unsigned long long)MAP_MAX_CELLS);
		goto out;
	}
	if ((v = dsp_calloc(h.spec.rows * h.spec.cols, sizeof *v)) == NULL) {
		rc = dsp_opts_core_fail(&o, NULL, dsp_fail_nomem("the map",
		    h.spec.rows * h.spec.cols * sizeof *v));
		goto out;
	}
	/* The view's map: its parameters and route policy. */
	mq = dsp_view_map_params(&o.params);
	dsp_clear_error();
	if ((rc = dsp_map_compute(&mq, &h.spec, v)) != DSP_OK) {
		/* A cell out of range is NaN: count them, still draw the rest.
		 * Out of memory (or any other failure) fails the command. */
		if (rc != DSP_ERANGE) {
			rc = dsp_opts_core_fail(&o, NULL, rc);
			goto out;
		}
		for (i = 0; i < h.spec.rows * h.spec.cols; i++)
			if (isnan(v[i]))
				bad++;
		if (bad == h.spec.rows * h.spec.cols || bad == 0) {
			rc = dsp_opts_core_fail(&o, NULL, rc);
			goto out;
		}
	}
	if (o.format == DSP_FMT_TEXT && !h.cells)
		rc = write_grid(&o, &h.spec, v, bad);
	else
		rc = write_cells(&o, &h.spec, v, bad);
out:
	free(v);
	dsp_opts_free(&o);
	return rc;
}

const struct dsp_command cmd_heatmap = {
	"heatmap", "disperse heatmap [options]",
	"the (theta, lambda) entropy map of paper Figure 5",
	cmd_heatmap_exec
};
