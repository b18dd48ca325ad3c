/* SPDX-License-Identifier: GPL-3.0-or-later */
/* disperse fit: refit the adaptive-temperature polynomial (paper Figure 4)
 * from generated spike-plus-noise inputs or from (H, beta*) pairs. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "cli/cmd.h"
#include "cli/opts.h"
#include "core/dsp.h"
#include "export/table.h"

#define MAX_SIZES	64
#define GRID_MAX	10000

enum {
	OPT_GENERATE = DSP_OPT_USER,
	OPT_PAIRS,
	OPT_SIZES,
	OPT_REPS,
	OPT_NOISE,
	OPT_NOISE_DIST,
	OPT_TARGET,
	OPT_BETA_MAX,
	OPT_DEGREE,
	OPT_EMIT,
	OPT_GRID,
	OPT_GRID_POINTS,
	OPT_TABLE
};

static const struct dsp_opt_row fit_rows[] = {
	{ "generate", 0, NULL, OPT_GENERATE, "spike-plus-noise inputs (the default)" },
	{ "pairs", 0, "FILE", OPT_PAIRS, "fit (H, beta*) pairs from CSV instead ('-' = stdin)" },
	{ "sizes", 0, "LIST", OPT_SIZES, "set sizes: 4,16,64 or LO:HI for powers of two "
	  "(default 4:16384 = 2^2 .. 2^14)" },
	{ "reps", 0, "K", OPT_REPS, "draws per size (default 4)" },
	{ "noise", 0, "R", OPT_NOISE, "uniform: rest ~ U[0, D*R], R in [0,1) (default 0.5); "
	  "gaussian: rest ~ N(0, R)" },
	{ "noise-dist", 0, "KIND", OPT_NOISE_DIST, "uniform or gaussian (default uniform)" },
	{ "target", 0, "TAU", OPT_TARGET, "beta* = smallest beta >= 1 with max weight >= TAU (0.9)" },
	{ "beta-max", 0, "B", OPT_BETA_MAX, "cap on beta*, in [1, 1e6] (default 4)" },
	{ "degree", 0, "K", OPT_DEGREE, "polynomial degree 0..10 (default 4, like the paper)" },
	{ "emit-pairs", 0, "FILE", OPT_EMIT, "write the generated (H, beta*) pairs as CSV "
	  "('-' = stdout, then nothing else is printed)" },
	{ "grid", 0, "LO:HI", OPT_GRID, "H range of the comparison table (default: data range)" },
	{ "grid-points", 0, "K", OPT_GRID_POINTS, "rows of the comparison table (default 12)" },
	{ "table", 0, "NAME", OPT_TABLE, "coef, summary, compare or all (default: all for text; "
	  "coef for csv and json, one table a stream)" },
	{ NULL, 0, NULL, 0, NULL }
};

/* The tables a run writes (--table). */
static const char *const table_names[3] = { "coef", "summary", "compare" };
/* --noise-dist, in enum dsp_noise's order. */
static const char *const noise_names[2] = { "uniform", "gaussian" };

/* --list-options: the names --noise-dist and --table take. */
static const char *
fit_values(int code)
{
	static char buf[32];

	if (code == OPT_NOISE_DIST)
		return dsp_opts_join(noise_names, 2, " ", buf, sizeof buf);
	return code == OPT_TABLE ? dsp_opts_table_values(table_names, 3) : NULL;
}

static const char fit_help[] =
    "Refit the adaptive-temperature polynomial beta*(H) (paper Figure 4) with\n"
    "GSL least squares and compare it with the paper's coefficients.  The paper\n"
    "does not say how its polynomial was fitted; beta* below is disperse's own.\n";
/* Common options as fit reads them. */
static const char fit_notes[] =
    "  --delta D          logit of the max item (default 4)\n"
    "  --seed S           GSL mt19937 seed (default 1)\n";

struct fit_opts {
	dsp_refit_spec	 spec;
	double		 sizes[MAX_SIZES];
	const char	*pairs;
	const char	*emit;
	const char	*table;
	double		 grid_lo, grid_hi;
	uint64_t	 grid_points;
	int		 generate, degree, grid_given, noise_given;
};

static int
parse_sizes(struct dsp_opts *o, struct fit_opts *f, const char *arg)
{
	char buf[1024], *w, *save = NULL, *colon;
	uint64_t a, b, v;
	size_t k = 0;

	if (strlen(arg) >= sizeof buf)
		return dsp_opts_usage(o, "--sizes: list too long");
	snprintf(buf, sizeof buf, "%s", arg);
	if ((colon = strchr(buf, ':')) != NULL) {
		*colon = '\0';
		if (dsp_opts_size(o, "--sizes", buf, &a) != 0 ||
		    dsp_opts_size(o, "--sizes", colon + 1, &b) != 0)
			return o->status;
		if (a < 2 || b < a || b > ((uint64_t)1 << 24))
			return dsp_opts_usage(o, "--sizes: need 2 <= LO <= HI <= 2^24 "
			    "(got %s)", arg);
		for (v = 1; v < a; v <<= 1)
			;
		for (; v <= b && k < MAX_SIZES; v <<= 1)
			f->sizes[k++] = (double)v;
		if (k == 0)
			return dsp_opts_usage(o, "--sizes: no power of two in %s", arg);
	} else {
		for (w = strtok_r(buf, ",", &save); w != NULL;
		    w = strtok_r(NULL, ",", &save)) {
			if (k == MAX_SIZES)
				return dsp_opts_usage(o, "--sizes: at most %d sizes",
				    MAX_SIZES);
			if (dsp_opts_size(o, "--sizes", w, &v) != 0)
				return o->status;
			if (v < 2 || v > ((uint64_t)1 << 24))
				return dsp_opts_usage(o, "--sizes: %s is outside "
				    "2 .. 2^24", w);
			f->sizes[k++] = (double)v;
		}
		if (k == 0)
			return dsp_opts_usage(o, "--sizes: empty list");
	}
	f->spec.sizes = f->sizes;
	f->spec.n_sizes = k;
	return 0;
}

static int
fit_opt(struct dsp_opts *o, int code, const char *arg, void *ctx)
{
	struct fit_opts *f = ctx;
	uint64_t v;
	double d;
	int i;

	switch (code) {
	case OPT_GENERATE:
		f->generate = 1;
		return 0;
	case OPT_PAIRS:
		f->pairs = arg;
		return 0;
	case OPT_SIZES:
		return parse_sizes(o, f, arg);
	case OPT_REPS:
		if (dsp_opts_size(o, "--reps", arg, &v) != 0)
			return o->status;
		if (v > 100000)
			return dsp_opts_usage(o, "--reps: at most 100000");
		f->spec.reps = (unsigned)v;
		return 0;
	case OPT_NOISE:
		if (dsp_opts_double(o, "--noise", arg, &d) != 0)
			return o->status;
		if (d < 0)
			return dsp_opts_usage(o, "--noise: must be >= 0 (got %s)", arg);
		f->spec.noise_scale = d;
		f->noise_given = 1;
		return 0;
	case OPT_NOISE_DIST:
		if ((i = dsp_opts_index(noise_names, 2, arg, 0)) < 0)
			return dsp_opts_usage(o, "--noise-dist: '%s' is not uniform "
			    "or gaussian", arg);
		f->spec.noise = (enum dsp_noise)i;
		return 0;
	case OPT_TARGET:
		if (dsp_opts_double(o, "--target", arg, &d) != 0)
			return o->status;
		if (!(d > 0 && d < 1))
			return dsp_opts_usage(o, "--target: must be in (0, 1) (got %s)",
			    arg);
		f->spec.target = d;
		return 0;
	case OPT_BETA_MAX:
		if (dsp_opts_double(o, "--beta-max", arg, &d) != 0)
			return o->status;
		/* Past 1e6 the bracket of beta* no longer converges; a cap
		 * that large is no cap for any real head. */
		if (!(d >= 1 && d <= 1e6))
			return dsp_opts_usage(o, "--beta-max must be in [1, 1e6] (got %s)",
			    arg);
		f->spec.beta_max = d;
		return 0;
	case OPT_DEGREE:
		if (dsp_opts_uint(o, "--degree", arg, &v) != 0)
			return o->status;
		if (v > DSP_FIT_MAX_DEGREE)
			return dsp_opts_usage(o, "--degree: must be 0 .. %d (got %s)",
			    DSP_FIT_MAX_DEGREE, arg);
		f->degree = (int)v;
		return 0;
	case OPT_EMIT:
		f->emit = arg;
		return 0;
	case OPT_GRID:
		if (dsp_opts_range(o, "--grid", arg, &f->grid_lo, &f->grid_hi) != 0)
			return o->status;
		if (!(f->grid_hi > f->grid_lo))
			return dsp_opts_usage(o, "--grid: need LO < HI (got %s)", arg);
		f->grid_given = 1;
		return 0;
	case OPT_GRID_POINTS:
		if (dsp_opts_size(o, "--grid-points", arg, &f->grid_points) != 0)
			return o->status;
		if (f->grid_points < 2 || f->grid_points > GRID_MAX)
			return dsp_opts_usage(o, "--grid-points: must be 2 .. %d",
			    GRID_MAX);
		return 0;
	case OPT_TABLE:
		return dsp_opts_table_pick(o, arg, table_names, 3, &f->table);
	}
	return dsp_opts_usage(o, "internal error: option %d", code);
}

/* Stamps shared by every table of one run. */
static int
stamp(const struct dsp_opts *o, const struct fit_opts *f, dsp_table *t,
    size_t npts, size_t capped)
{
	char buf[1024], num[64];
	size_t i, len = 0;
	int rc = 0;

	rc |= dsp_table_stamp(t, "program", PACKAGE_NAME " " PACKAGE_VERSION);
	rc |= dsp_table_stamp(t, "command", "fit");
	if (f->pairs != NULL) {
		rc |= dsp_table_stamp(t, "source", "pairs");
		rc |= dsp_table_stamp(t, "pairs", strcmp(f->pairs, "-") == 0 ?
		    "stdin" : f->pairs);
	} else {
		rc |= dsp_table_stamp(t, "source", "generated spike plus noise");
		for (buf[0] = '\0', i = 0; i < f->spec.n_sizes && len < sizeof buf - 24;
		    i++)
			len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%.0f",
			    i ? "," : "", f->spec.sizes[i]);
		rc |= dsp_table_stamp(t, "sizes", buf);
		rc |= dsp_table_stampf(t, "reps", "%u", f->spec.reps);
		rc |= dsp_table_stamp(t, "delta",
		    dsp_fmt_double(num, sizeof num, f->spec.delta));
		rc |= dsp_table_stamp(t, "noise_dist", f->spec.noise ==
		    DSP_NOISE_UNIFORM ? "uniform" : "gaussian");
		rc |= dsp_table_stamp(t, "noise",
		    dsp_fmt_double(num, sizeof num, f->spec.noise_scale));
		rc |= dsp_table_stamp(t, "target",
		    dsp_fmt_double(num, sizeof num, f->spec.target));
		rc |= dsp_table_stamp(t, "beta_max",
		    dsp_fmt_double(num, sizeof num, f->spec.beta_max));
		rc |= dsp_table_stampf(t, "seed", "%llu",
		    (unsigned long long)o->params.seed);
		rc |= dsp_table_stampf(t, "capped", "%zu", capped);
		rc |= dsp_table_stamp(t, "criterion", "beta* = smallest beta >= 1 "
		    "with softmax(beta e)_max >= target, capped at beta_max; "
		    "H = -sum p log(p + 1e-9) at beta = 1");
	}
	rc |= dsp_table_stampf(t, "points", "%zu", npts);
	rc |= dsp_table_stampf(t, "degree", "%d", f->degree);
	return rc ? DSP_ENOMEM : DSP_OK;
}

static dsp_table *
coef_table(const dsp_fit_result *r)
{
	dsp_table *t = dsp_table_alloc("disperse fit: coefficients (descending powers of H)");
	double row[5];
	int i, pw;

	if (t == NULL || dsp_table_column(t, "power", "%.0f") != DSP_OK ||
	    dsp_table_column(t, "coef", "%.10g") != DSP_OK ||
	    dsp_table_column(t, "stderr", "%.4g") != DSP_OK ||
	    dsp_table_column(t, "paper", "%.10g") != DSP_OK ||
	    dsp_table_column(t, "coef_minus_paper", "%.4g") != DSP_OK) {
		dsp_table_free(t);
		return NULL;
	}
	for (i = 0; i <= r->degree; i++) {
		pw = r->degree - i;
		row[0] = pw;
		row[1] = r->coef[i];
		row[2] = r->se[i];
		row[3] = pw <= DSP_ADAPTIVE_DEGREE ?
		    dsp_adaptive_poly_desc[DSP_ADAPTIVE_DEGREE - pw] : 0;
		row[4] = row[1] - row[3];
		if (dsp_table_row(t, row) != DSP_OK) {
			dsp_table_free(t);
			return NULL;
		}
	}
	return t;
}

static void
grid_range(const struct fit_opts *f, const double *x, size_t n, double *lo,
    double *hi)
{
	size_t i;

	if (f->grid_given) {
		*lo = f->grid_lo;
		*hi = f->grid_hi;
		return;
	}
	for (*lo = *hi = x[0], i = 1; i < n; i++) {
		*lo = fmin(*lo, x[i]);
		*hi = fmax(*hi, x[i]);
	}
	if (*hi == *lo)
		*hi = *lo + 1;
}

/* Comparison on the grid; returns max |refit - paper| of the raw polynomials. */
static dsp_table *
compare_table(const struct fit_opts *f, const dsp_fit_result *r, double lo,
    double hi, double *maxdiff)
{
	dsp_table *t = dsp_table_alloc("disperse fit: paper vs refit beta(H)");
	double row[6], h;
	uint64_t k, m = f->grid_points;

	*maxdiff = 0;
	if (t == NULL || dsp_table_column(t, "H", "%.6g") != DSP_OK ||
	    dsp_table_column(t, "paper_poly", "%.6f") != DSP_OK ||
	    dsp_table_column(t, "refit_poly", "%.6f") != DSP_OK ||
	    dsp_table_column(t, "difference", "%.6f") != DSP_OK ||
	    dsp_table_column(t, "paper_beta", "%.6f") != DSP_OK ||
	    dsp_table_column(t, "refit_beta", "%.6f") != DSP_OK) {
		dsp_table_free(t);
		return NULL;
	}
	for (k = 0; k < m; k++) {
		h = lo + (hi - lo) * (double)k / (double)(m - 1);
		row[0] = h;
		row[1] = dsp_poly_desc_eval(dsp_adaptive_poly_desc, DSP_ADAPTIVE_DEGREE, h);
		row[2] = dsp_poly_desc_eval(r->coef, r->degree, h);
		row[3] = row[2] - row[1];
		/* The paper's recipe: H > 0.5, clamp at 1. */
		row[4] = dsp_adaptive_beta(h);
		row[5] = dsp_adaptive_beta_poly(h, r->coef, r->degree);
		*maxdiff = fmax(*maxdiff, fabs(row[3]));
		if (dsp_table_row(t, row) != DSP_OK) {
			dsp_table_free(t);
			return NULL;
		}
	}
	return t;
}

static dsp_table *
summary_table(const dsp_fit_result *r, const double *x, size_t n, double lo,
    double hi, double maxdiff, size_t capped, int generated)
{
	dsp_table *t = dsp_table_alloc("disperse fit: summary");
	double hx, hy, px, py, dlo, dhi;
	size_t i;
	int rc = 0, st;

	if (t == NULL || dsp_table_column(t, "quantity", NULL) != DSP_OK ||
	    dsp_table_column(t, "value", "%.10g") != DSP_OK ||
	    dsp_table_column(t, "note", NULL) != DSP_OK) {
		dsp_table_free(t);
		return NULL;
	}
	for (dlo = dhi = x[0], i = 1; i < n; i++) {
		dlo = fmin(dlo, x[i]);
		dhi = fmax(dhi, x[i]);
	}
	rc |= dsp_kv_num(t, "points", (double)n, "(H, beta*) pairs fitted");
	rc |= dsp_kv_num(t, "degree", r->degree, "polynomial degree");
	if (generated)
		rc |= dsp_kv_num(t, "capped", (double)capped,
		    "pairs whose beta* hit beta_max");
	rc |= dsp_kv_num(t, "H_min", dlo, "smallest entropy in the data (nats)");
	rc |= dsp_kv_num(t, "H_max", dhi, "largest entropy in the data (nats)");
	rc |= dsp_kv_num(t, "r2", r->r2, "1 - SS_res / SS_tot");
	rc |= dsp_kv_num(t, "rms", r->rms, "sqrt(SS_res / points)");
	rc |= dsp_kv_num(t, "chisq", r->chisq, "SS_res");
	rc |= dsp_kv_num(t, "dof", (double)r->n - r->degree - 1, "points - degree - 1");
	rc |= dsp_kv_num(t, "rank", (double)r->rank, "effective rank of the scaled Vandermonde");
	/* A peak that has none is left out; one that could not be
	 * allocated fails the table (never a shorter table). */
	if ((st = dsp_poly_desc_max(dsp_adaptive_poly_desc, DSP_ADAPTIVE_DEGREE, 0.5, 8,
	    &px, &py)) == DSP_OK) {
		rc |= dsp_kv_num(t, "paper_peak_beta", py, "max of the paper polynomial, H in [0.5, 8]");
		rc |= dsp_kv_num(t, "paper_peak_H", px, "where it peaks");
	} else if (st == DSP_ENOMEM)
		rc |= st;
	if ((st = dsp_poly_desc_max(r->coef, r->degree, dlo, dhi > dlo ? dhi : dlo + 1,
	    &hx, &hy)) == DSP_OK) {
		rc |= dsp_kv_num(t, "refit_peak_beta", hy, "max of the refit on the data range");
		rc |= dsp_kv_num(t, "refit_peak_H", hx, "where it peaks");
	} else if (st == DSP_ENOMEM)
		rc |= st;
	rc |= dsp_kv_num(t, "grid_lo", lo, "comparison grid start (H)");
	rc |= dsp_kv_num(t, "grid_hi", hi, "comparison grid end (H)");
	rc |= dsp_kv_num(t, "max_abs_difference", maxdiff,
	    "max |refit - paper| of the raw polynomials on the grid");
	if (rc != 0) {
		dsp_table_free(t);
		return NULL;
	}
	return t;
}

static int
emit_pairs(struct dsp_opts *o, const struct fit_opts *f, const dsp_refit_pair *p,
    size_t n, size_t capped)
{
	dsp_table *t = dsp_table_alloc(NULL);
	double row[2];
	FILE *fp;
	size_t i;
	int rc = 0;

	if (t == NULL || stamp(o, f, t, n, capped) != DSP_OK ||
	    dsp_table_column(t, "H", "%.17g") != DSP_OK ||
	    dsp_table_column(t, "beta", "%.17g") != DSP_OK)
		rc = dsp_opts_core_fail(o, NULL, dsp_fail_nomem(NULL, 0));
	for (i = 0; rc == 0 && i < n; i++) {
		row[0] = p[i].h;
		row[1] = p[i].beta;
		if (dsp_table_row(t, row) != DSP_OK)
			rc = dsp_opts_core_fail(o, NULL, dsp_fail_nomem(NULL, 0));
	}
	if (rc == 0) {
		/* A file joins the command's outputs: published on success. */
		fp = strcmp(f->emit, "-") == 0 ? stdout : dsp_opts_open_file(o, f->emit, 0);
		if (fp == NULL)
			rc = 1;
		else {
			if ((rc = dsp_table_write(t, fp, DSP_FMT_CSV)) != DSP_OK)
				rc = dsp_opts_core_fail(o, f->emit, rc);
			else if (fp != stdout)
				rc = dsp_opts_close_file(o, fp);
			else if (fflush(fp) != 0 || ferror(fp))
				rc = dsp_opts_fail(o, "%s: write error", f->emit);
		}
	}
	dsp_table_free(t);
	return rc;
}

static int
run(struct dsp_opts *o, struct fit_opts *f)
{
	dsp_refit_pair *pairs = NULL;
	dsp_table *ts[3] = { NULL, NULL, NULL };
	dsp_fit_result r;
	double *x = NULL, *y = NULL, lo, hi, maxdiff;
	size_t n = 0, i, capped = 0;
	int rc;

	dsp_clear_error();
	if (f->pairs != NULL) {
		if ((rc = dsp_load_pairs(f->pairs, &x, &y, &n)) != DSP_OK)
			return dsp_opts_core_fail(o, NULL, rc);
	} else {
		f->spec.delta = o->params.delta;
		f->spec.seed = o->params.seed;
		if ((rc = dsp_refit_generate(&f->spec, &pairs, &n)) != DSP_OK)
			return dsp_opts_core_fail(o, "generate", rc);
		x = dsp_malloc(n * sizeof *x);
		y = dsp_malloc(n * sizeof *y);
		if (x == NULL || y == NULL) {
			rc = dsp_opts_core_fail(o, NULL, dsp_fail_nomem(NULL, 0));
			goto out;
		}
		for (i = 0; i < n; i++) {
			x[i] = pairs[i].h;
			y[i] = pairs[i].beta;
			capped += pairs[i].capped != 0;
		}
		if (f->emit != NULL) {
			if ((rc = emit_pairs(o, f, pairs, n, capped)) != 0 ||
			    strcmp(f->emit, "-") == 0)
				goto out;
		}
	}
	if ((rc = dsp_fit_poly(x, y, n, f->degree, &r)) != DSP_OK) {
		rc = dsp_opts_core_fail(o, "fit", rc);
		goto out;
	}
	grid_range(f, x, n, &lo, &hi);
	ts[0] = coef_table(&r);
	ts[2] = compare_table(f, &r, lo, hi, &maxdiff);
	ts[1] = summary_table(&r, x, n, lo, hi, maxdiff, capped, f->pairs == NULL);
	/* Text with every table: the stamps once, on top. */
	for (i = 0; i < 3; i++)
		if (ts[i] == NULL || ((i == 0 || strcmp(f->table, "all") != 0) &&
		    stamp(o, f, ts[i], n, capped) != DSP_OK)) {
			rc = dsp_opts_core_fail(o, NULL, dsp_fail_nomem(NULL, 0));
			goto out;
		}
	rc = dsp_opts_write_tables(o, (const dsp_table *const *)ts, table_names, 3, f->table);
out:
	for (i = 0; i < 3; i++)
		dsp_table_free(ts[i]);
	free(pairs);
	free(x);
	free(y);
	return rc;
}

static int
cmd_fit_exec(int argc, char **argv)
{
	struct dsp_opts o;
	struct fit_opts f;
	struct dsp_opts_spec spec = {
		"disperse fit [--generate | --pairs FILE.csv] [options]",
		fit_help, fit_opt, NULL,
		DSP_GIVEN_FAMILY | DSP_GIVEN_N | DSP_GIVEN_THETA | DSP_GIVEN_LAMBDA |
		DSP_GIVEN_EPS | DSP_GIVEN_TOPK | DSP_GIVEN_ATTN | DSP_GIVEN_ADAPTIVE |
		DSP_GIVEN_SSMAX_S | DSP_GIVEN_ALPHA | DSP_GIVEN_PRECISION | DSP_GIVEN_MODEL |
		DSP_GIVEN_INPUT,
		fit_values,
		0,	/* figures: none */
		fit_rows, fit_notes
	};
	int rc;

	memset(&f, 0, sizeof f);
	dsp_refit_spec_default(&f.spec);
	f.spec.n_sizes = dsp_refit_default_sizes(f.sizes, MAX_SIZES);
	f.spec.sizes = f.sizes;
	f.degree = DSP_ADAPTIVE_DEGREE;
	f.grid_points = 12;
	f.table = NULL;		/* text: all; csv and json: coef */
	spec.ctx = &f;
	dsp_opts_init(&o, "fit");
	if (dsp_opts_parse(&o, &spec, argc, argv) != 0) {
		dsp_opts_free(&o);
		return o.status;
	}
	if (f.pairs != NULL && f.generate)
		rc = dsp_opts_usage(&o, "--pairs and --generate exclude each other");
	else if (f.pairs != NULL && f.emit != NULL)
		rc = dsp_opts_usage(&o, "--emit-pairs needs generated pairs, not --pairs");
	else if (f.pairs != NULL && (o.given & (DSP_GIVEN_DELTA | DSP_GIVEN_SEED)))
		rc = dsp_opts_usage(&o, "--delta and --seed apply to --generate only");
	else if (!(o.params.delta > 0))
		rc = dsp_opts_usage(&o, "--delta: the max item needs a logit > 0");
	else if (f.spec.noise == DSP_NOISE_UNIFORM && !(f.spec.noise_scale < 1))
		rc = dsp_opts_usage(&o, "--noise: uniform noise ratio must be < 1 "
		    "so the max item is unique");
	else if ((rc = dsp_opts_tables_resolve(&o, table_names, &f.table)) == 0)
		rc = run(&o, &f);
	dsp_opts_free(&o);
	return rc;
}

const struct dsp_command cmd_fit = {
	"fit", "disperse fit [--generate | --pairs FILE.csv] [options]",
	"refit the adaptive-temperature polynomial beta*(H) with GSL",
	cmd_fit_exec
};
