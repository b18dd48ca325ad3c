/* SPDX-License-Identifier: GPL-3.0-or-later */
/* disperse tour: the teaching tour in batch form.  Each step's text comes
 * from doc/tour.txt; its numbers are computed live with dsp_eval. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd.h"
#include "cli/opts.h"
#include "core/dsp.h"
#include "core/io/escape.h"
#include "core/schema/view.h"
#include "export/model.h"
#include "export/table.h"

enum {
	OPT_STEP = DSP_OPT_USER,
	OPT_LIST,
	OPT_FILE
};

static const struct dsp_opt_row tour_rows[] = {
	{ "step", 0, "K", OPT_STEP, "only step K (1-based)" },
	{ "list", 0, NULL, OPT_LIST, "step numbers and titles only" },
	{ "file", 0, "PATH", OPT_FILE, "another tour file (default: tour.txt from the folders of "
	  "$DISPERSE_DATADIR, then the installed data dir)" },
	{ NULL, 0, NULL, 0, NULL }
};
/* The common --format, as the tour reads it. */
static const char tour_notes[] =
    "  --format F         text (the tour); csv or json give the live figures\n"
    "                     as a table: step, title, figure, value\n";

static const char tour_help[] =
    "The teaching tour: softmax and temperature, dispersion, Lemma 2.1,\n"
    "Theorem 2.2, bounded spreads, adaptive temperature, alternatives.\n";

struct tour_opts {
	uint64_t	 step;		/* 0 = all */
	int		 list;
	const char	*file;
};

static int
tour_opt(struct dsp_opts *o, int code, const char *arg, void *ctx)
{
	struct tour_opts *t = ctx;

	switch (code) {
	case OPT_STEP:
		return dsp_opts_size(o, "--step", arg, &t->step);
	case OPT_LIST:
		t->list = 1;
		return 0;
	case OPT_FILE:
		t->file = arg;
		return 0;
	}
	return dsp_opts_usage(o, "internal error: option %d", code);
}

/* A tour file's text is untrusted like any input: printed through the one
 * escaping (core/io/escape.h), so a crafted file cannot drive the terminal.
 * -1 when out of memory. */
static int
put_text(FILE *fp, const char *pre, const char *text, int keep_newline, const char *post)
{
	char *e = dsp_escape_dup(text, keep_newline);

	if (e == NULL)
		return -1;
	fprintf(fp, "%s%s%s", pre, e, post);
	free(e);
	return 0;
}

static int
print_step(FILE *fp, const dsp_tour *tour, size_t k, const dsp_params *p,
    const dsp_summary *s)
{
	const dsp_tour_step *st = &tour->steps[k];
	double v;
	size_t i, w = 0;

	fprintf(fp, "Step %zu/%zu: ", k + 1, tour->n_steps);
	if (put_text(fp, "", st->title, 0, "\n") != 0 ||
	    put_text(fp, "parameters: ", st->set != NULL ? st->set : "(defaults)", 0, "\n") != 0)
		return -1;
	/* (the TUI draws the pinned "before" as a ghost) */
	if (st->pin != NULL && put_text(fp, "pinned before: ", st->pin, 0, "\n") != 0)
		return -1;
	fprintf(fp, "method: %s\n\n", dsp_method_name(s->method));
	if (put_text(fp, "", st->body, 1, "\n\n") != 0)
		return -1;
	for (i = 0; i < st->n_show; i++)
		if (strlen(st->show[i]) > w)
			w = strlen(st->show[i]);
	for (i = 0; i < st->n_show; i++) {
		if (dsp_tour_value(s, p, st->show[i], &v) != DSP_OK)
			v = NAN;
		fprintf(fp, "  %-*s  %.10g\n", (int)w, st->show[i], v);
	}
	return 0;
}

static int
add_rows(dsp_table *t, const dsp_tour *tour, size_t k, const dsp_params *p,
    const dsp_summary *s)
{
	const dsp_tour_step *st = &tour->steps[k];
	double row[4], v;
	size_t i, r;
	int rc;

	for (i = 0; i < st->n_show; i++) {
		if (dsp_tour_value(s, p, st->show[i], &v) != DSP_OK)
			v = NAN;
		row[0] = (double)(k + 1);
		row[1] = row[2] = NAN;
		row[3] = v;
		if ((rc = dsp_table_row(t, row)) != DSP_OK)
			return rc;
		r = dsp_table_rows(t) - 1;
		if ((rc = dsp_table_set_text(t, r, 1, st->title)) != DSP_OK ||
		    (rc = dsp_table_set_text(t, r, 2, st->show[i])) != DSP_OK)
			return rc;
	}
	return DSP_OK;
}

static int
run(struct dsp_opts *o, const struct tour_opts *to)
{
	char path[4096];
	const char *file = to->file;
	dsp_tour tour;
	dsp_table *t = NULL;
	dsp_params p;
	dsp_summary s;
	FILE *fp = NULL;
	size_t k, first = 0, last;
	int rc;

	dsp_clear_error();
	if (file == NULL) {
		if ((rc = dsp_tour_find(path, sizeof path)) != DSP_OK)
			return dsp_opts_core_fail(o, NULL, rc);
		file = path;
	}
	if ((rc = dsp_tour_load(file, &tour)) != DSP_OK)
		return dsp_opts_core_fail(o, NULL, rc);
	last = tour.n_steps;
	if (to->step != 0) {
		if (to->step > tour.n_steps) {
			rc = dsp_opts_usage(o, "--step: %llu is past the last step (%zu)",
			    (unsigned long long)to->step, tour.n_steps);
			goto out;
		}
		first = (size_t)to->step - 1;
		last = first + 1;
	}
	if (o->format != DSP_FMT_TEXT && !to->list) {
		if ((t = dsp_table_alloc("disperse tour: live figures")) == NULL ||
		    dsp_table_stamp(t, "program", PACKAGE_NAME " " PACKAGE_VERSION) ||
		    dsp_table_stamp(t, "command", "tour") ||
		    dsp_table_stamp(t, "tour", file) ||
		    dsp_table_column(t, "step", "%.0f") ||
		    dsp_table_column(t, "title", NULL) ||
		    dsp_table_column(t, "figure", NULL) ||
		    dsp_table_column(t, "value", "%.17g")) {
			rc = dsp_opts_core_fail(o, NULL, dsp_fail_nomem(NULL, 0));
			goto out;
		}
	} else if ((fp = dsp_opts_open_output(o)) == NULL) {
		rc = 1;
		goto out;
	}
	for (k = first, rc = 0; k < last && rc == 0; k++) {
		if (to->list) {
			fprintf(fp, "%zu  ", k + 1);
			if (put_text(fp, "", tour.steps[k].title, 0, "\n") != 0)
				rc = dsp_opts_fail(o, "out of memory");
			continue;
		}
		dsp_clear_error();
		if ((rc = dsp_tour_apply(&tour.steps[k], &p)) != DSP_OK ||
		    (rc = dsp_model_attach_data(&p)) != DSP_OK ||
		    (rc = dsp_view_eval(&p, &s)) != DSP_OK) {
			char what[64];

			snprintf(what, sizeof what, "step %zu", k + 1);
			rc = dsp_opts_core_fail(o, what, rc);
		} else if (t != NULL) {
			if (add_rows(t, &tour, k, &p, &s) != DSP_OK)
				rc = dsp_opts_core_fail(o, NULL, dsp_fail_nomem(NULL, 0));
		} else {
			if (k > first)
				fputs("\n", fp);
			if (print_step(fp, &tour, k, &p, &s) != 0)
				rc = dsp_opts_fail(o, "out of memory");
		}
	}
	if (t != NULL && rc == 0)
		rc = dsp_opts_write_table(o, t);
	if (fp != NULL && dsp_opts_close_output(o, fp) != 0)
		rc = 1;
out:
	dsp_table_free(t);
	dsp_tour_free(&tour);
	return rc;
}

static int
cmd_tour_exec(int argc, char **argv)
{
	struct dsp_opts o;
	struct tour_opts to = { 0, 0, NULL };
	struct dsp_opts_spec spec = {
		"disperse tour [--step K] [--list] [--file PATH] [options]",
		tour_help, tour_opt, NULL,
		DSP_GIVEN_FAMILY | DSP_GIVEN_N | DSP_GIVEN_DELTA | DSP_GIVEN_THETA |
		DSP_GIVEN_LAMBDA | DSP_GIVEN_EPS | DSP_GIVEN_SEED | DSP_GIVEN_TOPK |
		DSP_GIVEN_ATTN | DSP_GIVEN_ADAPTIVE | DSP_GIVEN_SSMAX_S |
		DSP_GIVEN_ALPHA | DSP_GIVEN_PRECISION | DSP_GIVEN_MODEL | DSP_GIVEN_INPUT,
		NULL,	/* values: none listed */
		0,	/* figures: none */
		tour_rows, tour_notes
	};
	int rc;

	spec.ctx = &to;
	dsp_opts_init(&o, "tour");
	if (dsp_opts_parse(&o, &spec, argc, argv) != 0) {
		dsp_opts_free(&o);
		return o.status;
	}
	rc = run(&o, &to);
	dsp_opts_free(&o);
	return rc;
}

const struct dsp_command cmd_tour = {
	"tour", "disperse tour [--step K] [--list] [--file PATH] [options]",
	"the teaching tour, with live numbers from dsp_eval",
	cmd_tour_exec
};
