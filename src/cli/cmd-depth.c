/* SPDX-License-Identifier: GPL-3.0-or-later */
/* disperse depth: a stack of attention layers over random embeddings, with
 * and without residual connections (the authors' Remarks B.2 and C.1;
 * disperse's demonstration, core/train/depth.h): the spread of each layer's
 * outputs around the mean embedding, against n and its large-n limit. */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/alloc.h"
#include "cli/cmd.h"
#include "cli/figopts.h"
#include "cli/opts.h"
#include "cli/progress.h"
#include "core/dsp.h"
#include "core/train/depth.h"
#include "core/io/parse.h"
#include "export/svg.h"
#include "export/table.h"
#include "export/viridis.h"

enum {
	OPT_LAYERS = DSP_OPT_USER,
	OPT_RESIDUAL,
	OPT_DIM,
	OPT_RADIUS,
	OPT_SIZES,
	OPT_EMBEDDINGS,
	OPT_SVG,
	OPT_FIG0	/* the figure rows of the view-option table, in order */
};

static const struct dsp_opt_row depth_rows[] = {
	{ "layers", 0, "L", OPT_LAYERS, "attention layers (default 8)" },
	{ "residual", 0, "MODE", OPT_RESIDUAL, "on (x + attn(x)), off (attn(x)) or both (default)" },
	{ "dim", 0, "D", OPT_DIM, "embedding dimension (default 16)" },
	{ "radius", 0, "R", OPT_RADIUS, "embedding norm r (default 4)" },
	{ "sizes", 0, "LIST", OPT_SIZES, "set sizes (default 16,64,256,1024; each <= 16384)" },
	{ "embeddings", 0, "FILE", OPT_EMBEDDINGS, "your own embeddings: numbers, D a row "
	  "(n = count / D)" },
	{ "svg", 0, "FILE", OPT_SVG, "figure: spread vs n per layer, one panel per mode; with "
	  "--figure-format also FILE.pdf, FILE.png (.svg replaced; a fixed layout scaled to "
	  "--figure-size)" },
	{ NULL, 0, NULL, 0, NULL }
};

#define MAX_SIZES	16

struct depth {
	dsp_depth_opts	 d;
	int		 res_lo, res_hi;	/* residual off/on range: 0..0, 1..1, 0..1 */
	size_t		 sizes[MAX_SIZES], nsizes;
	const char	*embeddings, *svg;
	struct dsp_figopts fig;
	dsp_figspec	 figspec;	/* from fig, after parsing */
	/* Results: [residual][size][layer]. */
	dsp_depth_layer	 r[2][MAX_SIZES][DSP_DEPTH_MAX_LAYERS + 1];
};

/* --residual's values. */
static const char *const residual_names[3] = { "off", "on", "both" };

static const char *
depth_values(int code)
{
	static char buf[32];

	return code == OPT_RESIDUAL ? dsp_opts_join(residual_names, 3, " ", buf, sizeof buf) : NULL;
}

static int
depth_opt(struct dsp_opts *o, int code, const char *arg, void *ctx)
{
	struct depth *dp = ctx;
	uint64_t v;
	int st, i;

	if ((st = dsp_figopts_take(&dp->fig, o, code, arg)) >= 0)
		return st;
	switch (code) {
	case OPT_LAYERS:
	case OPT_DIM:
		if (dsp_opts_size(o, code == OPT_LAYERS ? "--layers" : "--dim", arg, &v) != 0)
			return o->status;
		if (code == OPT_LAYERS && (v < 1 || v > DSP_DEPTH_MAX_LAYERS))
			return dsp_opts_usage(o, "--layers: must be 1 .. %d (got %s)",
			    DSP_DEPTH_MAX_LAYERS, arg);
		if (code == OPT_DIM && (v < 2 || v > DSP_DEPTH_MAX_DIM))
			return dsp_opts_usage(o, "--dim: must be 2 .. %d (got %s)",
			    DSP_DEPTH_MAX_DIM, arg);
		*(code == OPT_LAYERS ? &dp->d.layers : &dp->d.dim) = (size_t)v;
		return 0;
	case OPT_RESIDUAL:
		if ((i = dsp_opts_index(residual_names, 3, arg, 1)) < 0)
			return dsp_opts_usage(o, "--residual: on, off or both (got %s)", arg);
		/* off: 0..0, on: 1..1, both: 0..1 */
		dp->res_lo = i == 1;
		dp->res_hi = i != 0;
		return 0;
	case OPT_RADIUS:
		if (dsp_opts_double(o, "--radius", arg, &dp->d.radius) != 0)
			return o->status;
		if (!(dp->d.radius > 0 && dp->d.radius <= 1e3))
			return dsp_opts_usage(o, "--radius: must be in (0, 1000] (got %s)", arg);
		return 0;
	case OPT_SIZES:
		return dsp_opts_size_list(o, "--sizes", arg, DSP_DEPTH_MAX_N, MAX_SIZES,
		    dp->sizes, &dp->nsizes);
	case OPT_EMBEDDINGS:
		dp->embeddings = arg;
		return 0;
	case OPT_SVG:
		dp->svg = arg;
		return 0;
	}
	return dsp_opts_usage(o, "internal error: option %d", code);
}

static const char *cols[] = {
	"n", "layer", "residual", "spread", "spread_rel", "spread_items", "offset",
	"max_weight", "limit"
};
#define NCOLS (sizeof cols / sizeof cols[0])

static dsp_table *
make_table(const struct depth *dp)
{
	dsp_table *t;
	double row[NCOLS];
	char num[40];
	size_t i, l, k;
	int rc = 0, res;

	if ((t = dsp_table_alloc("disperse depth: spread of a stack of attention "
	    "layers")) == NULL)
		return NULL;
	/* Not dsp_opts_stamp: n, delta and eps are not this command's. */
	rc |= dsp_table_stamp(t, "program", PACKAGE_NAME " " PACKAGE_VERSION);
	rc |= dsp_table_stamp(t, "command", "depth");
	rc |= dsp_table_stamp(t, "theta", dsp_real_format(num, sizeof num, dp->d.theta));
	rc |= dsp_table_stampf(t, "seed", "%llu", (unsigned long long)dp->d.seed);
	rc |= dsp_table_stampf(t, "layers", "%zu", dp->d.layers);
	rc |= dsp_table_stampf(t, "dim", "%zu", dp->d.dim);
	rc |= dsp_table_stamp(t, "radius", dsp_real_format(num, sizeof num, dp->d.radius));
	rc |= dsp_table_stamp(t, "residual", dp->res_lo == dp->res_hi ?
	    (dp->res_lo ? "on" : "off") : "both");
	rc |= dsp_table_stamp(t, "embeddings", dp->embeddings != NULL ? dp->embeddings :
	    "uniform on the sphere of radius r in R^dim (seed)");
	rc |= dsp_table_stamp(t, "claim", "once a layer disperses, the layers after "
	    "it without residuals output nearly the mean embedding; residuals keep "
	    "each item's own embedding (the authors: Remarks B.2, C.1)");
	rc |= dsp_table_stamp(t, "model", "disperse's demonstration: y_i = sum_j "
	    "softmax_j(x_i.x_j/(theta sqrt dim)) x_j, no projections; x <- y or "
	    "x <- x + y");
	rc |= dsp_table_stamp(t, "spread", "rms distance of the n outputs to the mean "
	    "embedding (mean of the layer-0 embeddings) [measured]; spread_items: "
	    "around the layer's own mean; offset: that mean to the mean embedding; "
	    "spread^2 = spread_items^2 + offset^2");
	rc |= dsp_table_stamp(t, "limit", dp->embeddings != NULL ? "n/a for given "
	    "embeddings" : "large-n limit r_l: r_{l+1} = r_l A_d(r_l^2/(theta sqrt d)), "
	    "times (1 + A_d) with residuals, A_d = I_{d/2}/I_{d/2-1} [derived]");
	for (k = 0; k < NCOLS; k++)
		rc |= dsp_table_column(t, cols[k], k < 3 ? "%.0f" : NULL);
	for (res = dp->res_lo; res <= dp->res_hi && rc == 0; res++)
		for (i = 0; i < dp->nsizes; i++)
			for (l = 0; l <= dp->d.layers; l++) {
				const dsp_depth_layer *x = &dp->r[res][i][l];

				row[0] = (double)dp->sizes[i];
				row[1] = (double)l;
				row[2] = 0;
				row[3] = x->spread;
				row[4] = x->spread / dp->r[res][i][0].spread;
				row[5] = x->spread_items;
				row[6] = x->offset;
				row[7] = x->max_weight;
				row[8] = dp->embeddings != NULL ? NAN : x->limit;
				rc |= dsp_table_row(t, row);
				rc |= dsp_table_set_text(t, dsp_table_rows(t) - 1, 2,
				    res ? "on" : "off");
			}
	if (rc != 0) {
		dsp_table_free(t);
		return NULL;
	}
	return t;
}

/* One panel: spread vs n, a line per layer (viridis, layer 0 dark), each
 * layer's large-n limit as a dashed segment at the right. */
static void
panel(dsp_svg *g, const struct depth *dp, int res, double top)
{
	dsp_plot pl = { 90, top, 500, 240, { 0, 1, 0, NULL, 0 }, { 0, 1, 0, NULL, 0 } };
	double x[MAX_SIZES], y[MAX_SIZES], lo = INFINITY, hi = 0, floor_;
	char color[8];
	size_t i, l, L = dp->d.layers;

	for (i = 0; i < dp->nsizes; i++)
		for (l = 0; l <= L; l++) {
			lo = fmin(lo, dp->r[res][i][l].spread);
			hi = fmax(hi, dp->r[res][i][l].spread);
		}
	/* A collapsed spread can be 1e-300: the axis stops 12 decades below
	 * the largest (the curve leaves through the floor). */
	floor_ = hi * 1e-12;
	pl.ax.lo = (double)dp->sizes[0];
	pl.ax.hi = (double)dp->sizes[dp->nsizes - 1];
	if (!(pl.ax.hi > pl.ax.lo)) {
		pl.ax.lo /= 2;
		pl.ax.hi *= 2;
	}
	pl.ax.log_base = 2;
	pl.ax.title = "set size n";
	dsp_axis_nice(&pl.ax, 8);
	pl.ay.lo = fmax(lo, floor_) / 2;
	pl.ay.hi = hi * 2;
	pl.ay.log_base = 10;
	pl.ay.title = res ? "spread, residual x + attn(x)" : "spread, no residual";
	dsp_axis_nice(&pl.ay, 6);
	dsp_svg_clip(g, &pl, res ? "dres" : "dplain");
	dsp_svg_axes(g, &pl);
	dsp_svg_raw(g, "<g clip-path=\"url(#%s)\">\n", res ? "dres" : "dplain");
	for (l = 0; l <= L; l++) {
		dsp_viridis_hex(L > 0 ? 0.9 * (double)l / (double)L : 0, color);
		for (i = 0; i < dp->nsizes; i++) {
			x[i] = (double)dp->sizes[i];
			y[i] = fmax(dp->r[res][i][l].spread, floor_);
		}
		/* The layer's numbers, for readers of the figure. */
		dsp_svg_raw(g, "<g class=\"layer\" data-residual=\"%s\" data-layer=\"%zu\" "
		    "data-n=\"", res ? "on" : "off", l);
		for (i = 0; i < dp->nsizes; i++)
			dsp_svg_raw(g, "%s%zu", i ? " " : "", dp->sizes[i]);
		dsp_svg_raw(g, "\" data-spread=\"");
		for (i = 0; i < dp->nsizes; i++)
			dsp_svg_raw(g, "%s%.17g", i ? " " : "", dp->r[res][i][l].spread);
		dsp_svg_raw(g, "\">\n");
		dsp_svg_series(g, &pl, x, y, dp->nsizes, color, 2, NULL);
		if (dp->embeddings == NULL) {
			double ly = fmax(dp->r[res][0][l].limit, floor_), px = pl.x + pl.w;

			dsp_svg_line(g, px - 24, dsp_plot_py(&pl, ly), px, dsp_plot_py(&pl, ly),
			    color, 2, "4 2");
		}
		dsp_svg_raw(g, "</g>\n");
	}
	dsp_svg_raw(g, "</g>\n");
	/* The colour key: layer 0 dark, layer L light. */
	for (l = 0; l <= L; l++) {
		dsp_viridis_hex(L > 0 ? 0.9 * (double)l / (double)L : 0, color);
		dsp_svg_rect(g, pl.x + pl.w + 8, pl.y + 14 * (double)l, 10, 10, color, NULL);
		dsp_svg_textf(g, pl.x + pl.w + 22, pl.y + 14 * (double)l + 9, "start",
		    DSP_SVG_FS(g, 10), 0,
		    "layer %zu", l);
	}
}

/* The figure, for dsp_figopts_write: a fixed layout (700 wide, 300 a
 * panel) scaled to the page of the figure options (dsp_svg_begin_fixed). */
static int
depth_svg(const void *ctx, FILE *fp)
{
	const struct depth *dp = ctx;
	dsp_svg *g;
	int res, k = 0;

	if ((g = dsp_svg_begin_fixed(fp, 700, 60 + 300 * (dp->res_hi - dp->res_lo + 1) +
	    30, &dp->figspec, "Depth: attention layers over random embeddings",
	    "Spread of each layer's outputs around the mean embedding versus n, with "
	    "and without residual connections")) == NULL)
		return DSP_ENOMEM;
	dsp_svg_textf(g, 350, 24, "middle", DSP_SVG_FS(g, 14), 0, "%zu attention "
	    "layers, d = %zu, r = %g, theta = %g (dashed: large-n limit, derived)",
	    dp->d.layers, dp->d.dim, dp->d.radius, dp->d.theta);
	for (res = dp->res_lo; res <= dp->res_hi; res++)
		panel(g, dp, res, 50 + 300 * k++);
	return dsp_svg_end(g);
}

static int
cmd_depth_exec(int argc, char **argv)
{
	struct dsp_opts_spec spec = {
		"disperse depth [--layers L] [--residual on|off|both] [options]",
		"A stack of L one-head self-attention layers (no projections, values =\n"
		"inputs) over n random embeddings on a sphere: the spread of each\n"
		"layer's outputs around the mean embedding, per n, with and without\n"
		"residual connections, and its large-n limit (doc/theory.md).\n",
		depth_opt, NULL,
		DSP_GIVEN_FAMILY | DSP_GIVEN_N | DSP_GIVEN_DELTA | DSP_GIVEN_LAMBDA |
		    DSP_GIVEN_EPS | DSP_GIVEN_TOPK | DSP_GIVEN_ATTN | DSP_GIVEN_ADAPTIVE |
		    DSP_GIVEN_SSMAX_S | DSP_GIVEN_ALPHA | DSP_GIVEN_PRECISION |
		    DSP_GIVEN_MODEL | DSP_GIVEN_INPUT,
		depth_values,
		OPT_FIG0,	/* figures: the figure options */
		depth_rows,
		"  --theta T          temperature (default 1); --seed S the embeddings\n"
	};
	static const size_t default_sizes[] = { 16, 64, 256, 1024 };
	struct depth *dp;
	struct dsp_opts o;
	dsp_table *t = NULL;
	double *x = NULL, *given = NULL;
	size_t i, count = 0;
	uint64_t work;
	int rc, res;

	if ((dp = dsp_calloc(1, sizeof *dp)) == NULL) {
		fprintf(stderr, "disperse depth: out of memory\n");
		return 1;
	}
	dsp_depth_default(&dp->d);
	dp->res_lo = 0;
	dp->res_hi = 1;
	dp->nsizes = sizeof default_sizes / sizeof default_sizes[0];
	memcpy(dp->sizes, default_sizes, sizeof default_sizes);
	spec.ctx = dp;
	dp->fig.code0 = OPT_FIG0;
	dsp_opts_init(&o, "depth");
	if (dsp_opts_parse(&o, &spec, argc, argv) != 0) {
		rc = o.status;
		goto out;
	}
	if (dsp_figopts_any(&dp->fig) && dp->svg == NULL) {
		rc = dsp_opts_usage(&o, "the figure options need --svg FILE");
		goto out;
	}
	if ((rc = dsp_figopts_spec(&dp->fig, &o, &dp->figspec)) != 0)
		goto out;
	dp->d.seed = o.params.seed;
	dp->d.theta = o.params.theta;
	if (!(dp->d.theta > 0) || dp->d.theta > 1e6) {
		rc = dsp_opts_usage(&o, "--theta: depth needs a temperature in (0, 1e6]");
		goto out;
	}
	if (dp->embeddings != NULL) {
		if ((rc = dsp_load_logits(dp->embeddings, &given, &count)) != DSP_OK) {
			rc = dsp_opts_core_fail(&o, NULL, rc);
			goto out;
		}
		if (count % dp->d.dim != 0 || count / dp->d.dim > DSP_DEPTH_MAX_N) {
			rc = dsp_opts_fail(&o, "%s: %zu numbers are not rows of --dim %zu "
			    "(at most %zu rows)", dp->embeddings, count, dp->d.dim,
			    DSP_DEPTH_MAX_N);
			goto out;
		}
		dp->nsizes = 1;
		dp->sizes[0] = count / dp->d.dim;
	}
	work = 0;
	for (i = 0; i < dp->nsizes; i++)
		work += (uint64_t)dp->sizes[i] * dp->sizes[i] * dp->d.layers;
	dsp_progress_begin("depth", "running the stack",
	    work * (uint64_t)(dp->res_hi - dp->res_lo + 1));
	for (res = dp->res_lo; res <= dp->res_hi; res++)
		for (i = 0; i < dp->nsizes; i++) {
			size_t n = dp->sizes[i];

			dp->d.residual = res;
			free(x);
			if ((x = dsp_malloc(n * dp->d.dim * sizeof *x)) == NULL) {
				rc = dsp_opts_core_fail(&o, NULL, dsp_fail_nomem(NULL, 0));
				goto out;
			}
			if (given != NULL)
				memcpy(x, given, n * dp->d.dim * sizeof *x);
			else if ((rc = dsp_depth_embed(&dp->d, n, x)) != DSP_OK) {
				rc = dsp_opts_core_fail(&o, NULL, rc);
				goto out;
			}
			if ((rc = dsp_depth_run(&dp->d, x, n, dp->r[res][i])) != DSP_OK) {
				rc = dsp_opts_core_fail(&o, NULL, rc);
				goto out;
			}
		}
	dsp_progress_end();
	if ((t = make_table(dp)) == NULL) {
		rc = dsp_opts_core_fail(&o, NULL, dsp_fail_nomem(NULL, 0));
		goto out;
	}
	if (dp->svg != NULL && (rc = dsp_figopts_write(&o, &dp->figspec, dp->svg,
	    depth_svg, dp, 0)) != 0)
		goto out;
	rc = dsp_opts_write_table(&o, t);
out:
	dsp_progress_end();
	dsp_table_free(t);
	free(x);
	free(given);
	free(dp);
	dsp_opts_free(&o);
	return rc;
}

const struct dsp_command cmd_depth = {
	"depth", "disperse depth [options]",
	"a stack of attention layers over random embeddings, with and without residuals",
	cmd_depth_exec
};
