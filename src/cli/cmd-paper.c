/* SPDX-License-Identifier: GPL-3.0-or-later */
/* disperse paper: every quantitative claim of "Softmax is not Enough"
 * regenerated in one report (issue 28): a Markdown file, the paper_figures (the
 * snapshot figure writers and train's figure) and every number as CSV and
 * JSON, in one directory.  Each section calls the library functions of the
 * command that owns it (bound, sweep, compare, fit, heatmap, train); the
 * paper's words stand beside them as doc/paper-notes records them.
 * Nothing in the output depends on the clock: the same seed gives the same
 * files bit for bit. */
#include "config.h"
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli/paper_int.h"

enum {
	OPT_OUT = DSP_OPT_USER,
	OPT_QUICK,
	OPT_GRID,
	OPT_QUIET,
	OPT_FIG0
};

static const struct dsp_opt_row paper_rows[] = {
	{ "out", 0, "DIR", OPT_OUT, "where to write (default ./disperse-paper)" },
	{ "quick", 0, NULL, OPT_QUICK, "a reduced run (shorter training, fewer sets), about 35 "
	  "CPU-seconds; marked as such in the report" },
	/* make check's run */
	{ "grid", 0, "small", OPT_GRID, "the smallest run (150 training steps, 3 sizes, a 41x21 "
	  "map): seconds; it checks the report's shape, not the paper" },
	{ "quiet", 0, NULL, OPT_QUIET, "no progress lines on stderr" },
	{ NULL, 0, NULL, 0, NULL }
};

static const struct scale scales[] = {
	{ "full", 1, 1, 161, 101, 41, 21, 256, 1, "paper", 0, 0, 0, 3, 1000, 6,
	    { 16, 64, 256, 1024, 4096, 16384 } },
	{ "quick", 1, 1, 161, 101, 41, 21, 256, 1, "paper", 3000, 32, 64, 3, 300, 6,
	    { 16, 64, 256, 1024, 4096, 16384 } },
	{ "small", 8, 0, 41, 21, 9, 5, 33, 3, "paper", 150, 16, 16, 2, 40, 3,
	    { 16, 64, 256 } },
};

static int
paper_opt(struct dsp_opts *o, int code, const char *arg, void *ctx)
{
	struct paper *P = ctx;
	int rc;

	if ((rc = dsp_figopts_take(&P->fo, o, code, arg)) >= 0)
		return rc;
	switch (code) {
	case OPT_OUT:
		P->out = arg;
		return 0;
	case OPT_QUICK:
		if (P->sc == &scales[0])
			P->sc = &scales[1];
		return 0;
	case OPT_GRID:
		if (strcmp(arg, "small") != 0)
			return dsp_opts_usage(o, "--grid: only 'small' (got '%s')", arg);
		P->sc = &scales[2];
		return 0;
	case OPT_QUIET:
		P->quiet = 1;
		return 0;
	}
	return dsp_opts_usage(o, "internal error: option %d", code);
}

void
paper_progress(struct paper *P, const char *fmt, ...)
{
	va_list ap;

	if (P->quiet)
		return;
	fprintf(stderr, "disperse paper: [%5.0f s] ", (dsp_now_ms() - P->t0) / 1000);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* ---- files ---- */

int
paper_write_file(struct paper *P, const char *name, int (*fn)(void *, FILE *), void *ctx)
{
	dsp_afile a;
	int rc;

	if ((rc = dsp_afile_open(&a, P->out)) != DSP_OK)
		return rc;
	rc = fn(ctx, a.fp);
	if (rc == DSP_OK && ferror(a.fp))
		rc = dsp_fail(DSP_EIO, "cannot write %s/%s", P->out, name);
	if (rc != DSP_OK) {
		dsp_afile_abort(&a);
		return rc;
	}
	return dsp_afile_commit(&a, name, 0);
}

static int
csv_fn(void *ctx, FILE *fp)
{
	return dsp_table_write(ctx, fp, DSP_FMT_CSV);
}

/* A section's numbers: NAME.csv now, and into numbers.json at the end. */
int
paper_keep_table(struct paper *P, const char *name, dsp_table *t)
{
	char fname[64];
	int rc;

	if (P->ntables >= MAX_TABLES) {
		dsp_table_free(t);
		return dsp_fail(DSP_EINVAL, "too many tables");
	}
	snprintf(P->tables[P->ntables].name, sizeof P->tables[0].name, "%s", name);
	P->tables[P->ntables++].t = t;
	snprintf(fname, sizeof fname, "%s.csv", name);
	if ((rc = dsp_table_stamp(t, "program", PACKAGE_NAME " " PACKAGE_VERSION)) != DSP_OK)
		return rc;
	return paper_write_file(P, fname, csv_fn, t);
}

dsp_table *
paper_new_table(const char *title, const char *const *cols, size_t n)
{
	dsp_table *t;
	size_t i;

	if ((t = dsp_table_alloc(title)) == NULL)
		return NULL;
	for (i = 0; i < n; i++)
		if (dsp_table_column(t, cols[i], "%.17g") != DSP_OK) {
			dsp_table_free(t);
			return NULL;
		}
	return t;
}

static int
json_fn(void *ctx, FILE *fp)
{
	struct paper *P = ctx;
	size_t i;
	int rc;

	fprintf(fp, "{\n\"program\": \"%s %s\",\n\"seed\": %llu,\n\"scale\": \"%s\",\n"
	    "\"tables\": {\n", PACKAGE_NAME, PACKAGE_VERSION,
	    (unsigned long long)P->o->params.seed, P->sc->name);
	for (i = 0; i < P->ntables; i++) {
		fprintf(fp, "%s\"%s\": ", i ? ",\n" : "", P->tables[i].name);
		if ((rc = dsp_table_write(P->tables[i].t, fp, DSP_FMT_JSON)) != DSP_OK)
			return rc;
	}
	fputs("}\n}\n", fp);
	return DSP_OK;
}

static int
md_fn(void *ctx, FILE *fp)
{
	struct paper *P = ctx;

	fwrite(P->mdbuf, 1, P->mdlen, fp);
	return DSP_OK;
}

/* The default view at the run's scale (curve points, map resolution). */
void
paper_scaled_view(const struct paper *P, dsp_viewstate *v)
{
	dsp_view_default(v);
	v->curve_points = P->sc->curve_points;
	v->map.cols = P->sc->map_cols;
	v->map.rows = P->sc->map_rows;
}

/* A view's snapshot figures under fixed names. */
int
paper_figures(struct paper *P, dsp_viewstate *v, const char *base, unsigned which)
{
	v->fig = P->fig;
	return dsp_snapshot_figures(v, P->out, base, which, NULL);
}

const char *
paper_fmt_logsize(char *buf, size_t size, double logv)
{
	return dsp_fmt_exp(buf, size, logv);
}

/* ---- the report ---- */

static int
report_head(struct paper *P)
{
	fprintf(P->md, "# \"Softmax is not Enough\": the paper's quantitative claims, "
	    "regenerated\n\n"
	    "Veličković, Perivolaropoulos, Barbero, Pascanu, *Softmax is not Enough (for "
	    "Sharp Size Generalisation)*, ICML 2025, arXiv 2410.01104.\n\n"
	    "- command: `%s`\n- program: %s %s\n- seed: %llu\n- scale: %s%s\n\n"
	    "Every number below is computed by disperse's library (the functions of "
	    "`bound`, `sweep`, `compare`, `fit`, `heatmap` and `train`); every number "
	    "is also in the CSV files beside this report and in "
	    "[numbers.json](numbers.json).  **Paper** marks the paper's own words or "
	    "numbers as the project's notes record them; *not stated in the paper* "
	    "marks what it does not give; *derivation* marks what disperse derives.  "
	    "The same command and seed give the same files bit for bit.\n\n",
	    P->cmdline, PACKAGE_NAME, PACKAGE_VERSION,
	    (unsigned long long)P->o->params.seed, P->sc->name,
	    P->sc != &scales[0] ? " (reduced: smaller training, fewer sets, wider "
	    "intervals than the full run)" : "");
	return DSP_OK;
}

static int
run(struct paper *P)
{
	int rc;

	if ((rc = dsp_mkdir_p(P->out)) != DSP_OK)
		return rc;
	dsp_afile_sweep(P->out);
	if ((rc = report_head(P)) != DSP_OK ||
	    (rc = paper_lemma(P)) != DSP_OK ||
	    (rc = paper_critical(P)) != DSP_OK ||
	    (rc = paper_dispersion(P)) != DSP_OK ||
	    (rc = paper_adaptive(P)) != DSP_OK ||
	    (rc = paper_maxret(P)) != DSP_OK ||
	    (rc = paper_alternatives(P)) != DSP_OK ||
	    (rc = paper_map(P)) != DSP_OK)
		return rc;
	if ((rc = paper_write_file(P, "numbers.json", json_fn, P)) != DSP_OK)
		return rc;
	if (fflush(P->md) != 0)
		return dsp_fail(DSP_ENOMEM, "out of memory");
	return paper_write_file(P, "README.md", md_fn, P);
}

static int
cmd_paper_exec(int argc, char **argv)
{
	struct paper P;
	struct dsp_opts_spec spec = {
		"disperse paper [--out DIR] [--quick] [options]",
		"Regenerate every quantitative claim of the paper in one report:\n"
		"DIR/README.md, the paper_figures (SVG; PDF, PNG with --figure-format), every\n"
		"number as CSV and DIR/numbers.json.  Sections: Lemma 2.1, Theorem 2.2,\n"
		"dispersion, adaptive temperature, Max Retrieval (train --preset paper),\n"
		"alternatives, the (theta, lambda) map.\n",
		paper_opt, NULL,
		~(DSP_GIVEN_SEED | DSP_GIVEN_MEM_BUDGET),
		NULL,	/* values: none listed */
		OPT_FIG0,	/* figures: the figure options */
		paper_rows,
		"  --seed S           every random choice (default 1)\n"
	};
	struct dsp_opts o;
	size_t i, len;
	int rc;

	memset(&P, 0, sizeof P);
	P.sc = &scales[0];
	P.out = "disperse-paper";
	P.o = &o;
	spec.ctx = &P;
	P.fo.code0 = OPT_FIG0;
	dsp_opts_init(&o, "paper");
	if (dsp_opts_parse(&o, &spec, argc, argv) != 0) {
		rc = o.status;
		goto done;
	}
	if ((rc = dsp_figopts_spec(&P.fo, &o, &P.fig)) != 0)
		goto done;
	/* The command as typed, for the report (--grid included). */
	len = (size_t)snprintf(P.cmdline, sizeof P.cmdline, "disperse");
	for (i = 0; i < (size_t)argc && len < sizeof P.cmdline - 1; i++)
		len += (size_t)snprintf(P.cmdline + len, sizeof P.cmdline - len, " %s",
		    argv[i]);
	if ((P.md = open_memstream(&P.mdbuf, &P.mdlen)) == NULL) {
		rc = dsp_opts_fail(&o, "out of memory");
		goto done;
	}
	dsp_afile_trap_signals();
	P.t0 = dsp_now_ms();
	if ((rc = run(&P)) != DSP_OK)
		rc = dsp_opts_core_fail(&o, NULL, rc);
	else
		paper_progress(&P, "wrote %s/README.md", P.out);
	fclose(P.md);
	free(P.mdbuf);
	for (i = 0; i < P.ntables; i++)
		dsp_table_free(P.tables[i].t);
done:
	dsp_opts_free(&o);
	return rc;
}

const struct dsp_command cmd_paper = {
	"paper", "disperse paper [--out DIR] [--quick] [options]",
	"regenerate every quantitative claim of the paper in one report",
	cmd_paper_exec
};
