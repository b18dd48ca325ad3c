/* disperse snapshot: write one snapshot set (text, JSON, CSV, SVG) of a
 * view given by options or restored from a snapshot JSON (--load). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd.h"
#include "cli/opts.h"
#include "core/dsp.h"
#include "export/snapshot.h"

enum {
	OPT_OUT = DSP_OPT_USER,
	OPT_LOAD,
	OPT_CURVE_FROM,
	OPT_CURVE_TO,
	OPT_CURVE_POINTS,
	OPT_MAP_COLS,
	OPT_MAP_ROWS,
	OPT_METRIC
};

static const struct option snapshot_longopts[] = {
	{ "out",		required_argument, NULL, OPT_OUT },
	{ "load",		required_argument, NULL, OPT_LOAD },
	{ "curve-from",		required_argument, NULL, OPT_CURVE_FROM },
	{ "curve-to",		required_argument, NULL, OPT_CURVE_TO },
	{ "curve-points",	required_argument, NULL, OPT_CURVE_POINTS },
	{ "map-cols",		required_argument, NULL, OPT_MAP_COLS },
	{ "map-rows",		required_argument, NULL, OPT_MAP_ROWS },
	{ "metric",		required_argument, NULL, OPT_METRIC },
	{ NULL, 0, NULL, 0 }
};

#define GIVEN_CURVE_FROM	(1u << 0)
#define GIVEN_CURVE_TO		(1u << 1)
#define GIVEN_CURVE_POINTS	(1u << 2)
#define GIVEN_MAP_COLS		(1u << 3)
#define GIVEN_MAP_ROWS		(1u << 4)
#define GIVEN_METRIC		(1u << 5)

struct snapshot_args {
	const char	*out;
	const char	*load;
	uint64_t	 curve_from, curve_to, curve_points, cols, rows;
	int		 metric;
	unsigned	 given;
};

static int
snapshot_opt(struct dsp_opts *o, int code, const char *arg, void *ctx)
{
	struct snapshot_args *s = ctx;
	int m;

	switch (code) {
	case OPT_OUT:
		s->out = arg;
		return 0;
	case OPT_LOAD:
		s->load = arg;
		return 0;
	case OPT_CURVE_FROM:
		s->given |= GIVEN_CURVE_FROM;
		return dsp_opts_size(o, "--curve-from", arg, &s->curve_from);
	case OPT_CURVE_TO:
		s->given |= GIVEN_CURVE_TO;
		return dsp_opts_size(o, "--curve-to", arg, &s->curve_to);
	case OPT_CURVE_POINTS:
		s->given |= GIVEN_CURVE_POINTS;
		if (dsp_opts_size(o, "--curve-points", arg, &s->curve_points) != 0)
			return o->status;
		if (s->curve_points > 4096)
			return dsp_opts_usage(o, "--curve-points: at most 4096 (got %s)",
			    arg);
		return 0;
	case OPT_MAP_COLS:
	case OPT_MAP_ROWS:
		s->given |= code == OPT_MAP_COLS ? GIVEN_MAP_COLS : GIVEN_MAP_ROWS;
		if (dsp_opts_size(o, code == OPT_MAP_COLS ? "--map-cols" : "--map-rows",
		    arg, code == OPT_MAP_COLS ? &s->cols : &s->rows) != 0)
			return o->status;
		if ((code == OPT_MAP_COLS ? s->cols : s->rows) > 1024)
			return dsp_opts_usage(o, "%s: at most 1024 (got %s)",
			    code == OPT_MAP_COLS ? "--map-cols" : "--map-rows", arg);
		return 0;
	case OPT_METRIC:
		if ((m = dsp_metric_parse(arg)) < 0)
			return dsp_opts_usage(o, "--metric: unknown metric '%s' "
			    "(entropy, entropy-norm, max-weight)", arg);
		s->metric = m;
		s->given |= GIVEN_METRIC;
		return 0;
	}
	return dsp_opts_usage(o, "internal error: option %d", code);
}

/* Options on the command line win over a loaded snapshot. */
static void
apply_params(dsp_params *p, const struct dsp_opts *o)
{
	const dsp_params *q = &o->params;

	if (o->given & DSP_GIVEN_INPUT) {
		p->family = DSP_FAM_FILE;
		p->logits = q->logits;
		p->n_logits = q->n_logits;
		p->n = q->n;
		p->logits_name = q->logits_name;
	} else if (o->given & DSP_GIVEN_FAMILY)
		p->family = q->family;
	if (o->given & DSP_GIVEN_N)
		p->n = q->n;
	if (o->given & DSP_GIVEN_DELTA)
		p->delta = q->delta;
	if (o->given & DSP_GIVEN_THETA)
		p->theta = q->theta;
	if (o->given & DSP_GIVEN_LAMBDA)
		p->lambda = q->lambda;
	if (o->given & DSP_GIVEN_EPS)
		p->eps = q->eps;
	if (o->given & DSP_GIVEN_SEED)
		p->seed = q->seed;
	if (o->given & DSP_GIVEN_TOPK)
		p->topk = q->topk;
	if (o->given & DSP_GIVEN_ATTN)
		p->attn = q->attn;
	if (o->given & DSP_GIVEN_ADAPTIVE)
		p->adaptive = q->adaptive;
	if (o->given & DSP_GIVEN_SSMAX_S)
		p->ssmax_s = q->ssmax_s;
	if (o->given & DSP_GIVEN_ALPHA)
		p->alpha = q->alpha;
	if (o->given & DSP_GIVEN_PRECISION)
		p->precision = q->precision;
}

static int
cmd_snapshot_exec(int argc, char **argv)
{
	struct snapshot_args s;
	struct dsp_opts_spec spec = {
		"disperse snapshot [--out DIR] [--load FILE] [--curve-from N] "
		"[--curve-to N] [--curve-points K] [--map-cols C] [--map-rows R] "
		"[--metric M] [options]",
		"Write one snapshot set: NAME.txt, NAME.json, NAME-weights.csv,\n"
		"NAME-curve.csv, NAME-map.csv, NAME-hist.svg, NAME-curve.svg and\n"
		"NAME-map.svg, NAME = disperse-YYYYmmdd-HHMMSS-NNN; prints the paths.\n"
		"  --out DIR          directory (default ./disperse-snapshots, created)\n"
		"  --load FILE        start from a snapshot JSON; options given win\n"
		"  --curve-from N     entropy-vs-n curve from n = N (default 1)\n"
		"  --curve-to N       ... to n = N (default 2^40)\n"
		"  --curve-points K   log-spaced sizes (default 256, at most 4096)\n"
		"  --map-cols C       theta columns of the map (default 64, at most 1024)\n"
		"  --map-rows R       lambda rows of the map (default 32, at most 1024)\n"
		"  --metric M         map metric: entropy, entropy-norm, max-weight\n\n",
		snapshot_longopts, NULL, snapshot_opt, NULL,
		DSP_GIVEN_FORMAT | DSP_GIVEN_OUTPUT
	};
	dsp_snapshot_files files;
	dsp_viewstate v;
	struct dsp_opts o;
	double *logits = NULL;
	size_t i;
	int rc;

	memset(&s, 0, sizeof s);
	spec.ctx = &s;
	dsp_opts_init(&o, "snapshot");
	if (dsp_opts_parse(&o, &spec, argc, argv) != 0) {
		rc = o.status;
		goto out;
	}
	if (o.optind < argc) {
		rc = dsp_opts_usage(&o, "unexpected argument '%s'", argv[o.optind]);
		goto out;
	}
	dsp_viewstate_default(&v);
	if (s.load != NULL) {
		dsp_clear_error();
		if ((rc = dsp_snapshot_load(s.load, &v, &logits)) != DSP_OK) {
			rc = dsp_opts_fail(&o, "cannot load snapshot: %s",
			    *dsp_last_error() ? dsp_last_error() : dsp_strerror(rc));
			goto out;
		}
		apply_params(&v.params, &o);
	} else
		v.params = o.params;
	if (s.given & GIVEN_CURVE_FROM)
		v.curve_lo = (double)s.curve_from;
	if (s.given & GIVEN_CURVE_TO)
		v.curve_hi = (double)s.curve_to;
	if (s.given & GIVEN_CURVE_POINTS)
		v.curve_points = (size_t)s.curve_points;
	if (s.given & GIVEN_MAP_COLS)
		v.map.cols = (size_t)s.cols;
	if (s.given & GIVEN_MAP_ROWS)
		v.map.rows = (size_t)s.rows;
	if (s.given & GIVEN_METRIC)
		v.map.metric = (enum dsp_metric)s.metric;
	if (v.curve_hi < v.curve_lo) {
		rc = dsp_opts_usage(&o, "--curve-from %.17g is past --curve-to %.17g",
		    v.curve_lo, v.curve_hi);
		goto out;
	}
	if (v.map_row >= v.map.rows)
		v.map_row = v.map.rows - 1;
	if (v.map_col >= v.map.cols)
		v.map_col = v.map.cols - 1;
	dsp_clear_error();
	rc = dsp_snapshot_write(&v, NULL, s.out, &files);
	/* The files that made it are listed even after a failure. */
	for (i = 0; i < files.count; i++)
		printf("%s\n", files.path[i]);
	if (fflush(stdout) != 0 && rc == DSP_OK) {
		rc = dsp_opts_fail(&o, "write error on standard output");
		goto out;
	}
	if (rc != DSP_OK) {
		rc = dsp_opts_core_fail(&o, NULL, rc);
		goto out;
	}
	rc = 0;
out:
	free(logits);
	dsp_opts_free(&o);
	return rc;
}

const struct dsp_command cmd_snapshot = {
	"snapshot",
	"disperse snapshot [--out DIR] [--load FILE] [options]",
	"write a snapshot set: text, JSON, CSV and SVG figures of one view",
	cmd_snapshot_exec
};
