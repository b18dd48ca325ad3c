/* SPDX-License-Identifier: GPL-3.0-or-later */
/* disperse compare: max weight and entropy against n for several attention
 * functions side by side (one column per function and figure). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "cli/cmd.h"
#include "cli/opts.h"
#include "cli/progress.h"
#include "core/dsp.h"
#include "core/schema/view.h"
#include "export/table.h"

#define COMPARE_MAX_POINTS 10000

enum {
	OPT_ATTN_LIST = DSP_OPT_USER,
	OPT_METRICS,
	OPT_FROM,
	OPT_TO,
	OPT_POINTS
};

/* Its own options; --attn-list's help names the attention table's rows
 * (compare_help fills it in). */
static struct dsp_opt_row compare_rows[] = {
	{ "attn-list", 0, "LIST", OPT_ATTN_LIST, NULL },
	{ "metrics", 0, "LIST", OPT_METRICS, "max_weight,entropy (default), entropy_norm, "
	  "min_weight, total, zero_weights; one column per function and metric" },
	{ "from", 0, "N", OPT_FROM, "smallest of the log-spaced sizes (default 2; up to 2^63)" },
	{ "to", 0, "N", OPT_TO, "largest (default 2^20; up to 2^63)" },
	{ "points", 0, "K", OPT_POINTS, "number of sizes (default 11; duplicates dropped)" },
	{ NULL, 0, NULL, 0, NULL }
};

enum { M_MAX, M_ENTROPY, M_ENTROPY_NORM, M_MIN, M_TOTAL, M_ZEROS, M_COUNT };
static const char *const metric_names[M_COUNT] = {
	"max_weight", "entropy", "entropy_norm", "min_weight", "total", "zero_weights"
};

struct compare {
	int		 attn[DSP_ATTN_COUNT * 4];
	size_t		 nattn;
	int		 metric[M_COUNT];
	size_t		 nmetric;
	uint64_t	 from, to, points;
};

/* Comma-separated names into idx[]; 0 or the usage status. */
static int
parse_list(struct dsp_opts *o, const char *opt, const char *arg, int (*lookup)(const char *),
    int *idx, size_t max, size_t *count, const char *known)
{
	char *s, *tok, *save = NULL;
	int v, rc;

	if ((s = dsp_strdup(arg)) == NULL)
		return dsp_opts_core_fail(o, NULL, dsp_fail_nomem(NULL, 0));
	*count = 0;
	for (tok = strtok_r(s, ",", &save); tok != NULL; tok = strtok_r(NULL, ",", &save)) {
		if ((v = lookup(tok)) < 0) {
			rc = dsp_opts_usage(o, "%s: unknown name '%s' (%s)", opt, tok, known);
			free(s);
			return rc;
		}
		if (*count == max) {
			rc = dsp_opts_usage(o, "%s: at most %zu names", opt, max);
			free(s);
			return rc;
		}
		idx[(*count)++] = v;
	}
	free(s);
	if (*count == 0)
		return dsp_opts_usage(o, "%s: empty list", opt);
	return 0;
}

static int
metric_parse(const char *s)
{
	int i;

	for (i = 0; i < M_COUNT; i++)
		if (strcmp(s, metric_names[i]) == 0)
			return i;
	return -1;
}

/* --list-options: the names each list takes (comma separated). */
static const char *
compare_values(int code)
{
	static char buf[256];

	if (code == OPT_ATTN_LIST)
		return dsp_opts_join(dsp_attn_names, DSP_ATTN_COUNT, " ", buf, sizeof buf);
	if (code == OPT_METRICS)
		return dsp_opts_join(metric_names, M_COUNT, " ", buf, sizeof buf);
	return NULL;
}

static int
compare_opt(struct dsp_opts *o, int code, const char *arg, void *ctx)
{
	struct compare *c = ctx;
	char known[512];

	switch (code) {
	case OPT_ATTN_LIST:
		dsp_opts_join(dsp_attn_names, DSP_ATTN_COUNT, ", ", known, sizeof known);
		return parse_list(o, "--attn-list", arg, dsp_attn_parse, c->attn,
		    sizeof c->attn / sizeof c->attn[0], &c->nattn, known);
	case OPT_METRICS:
		dsp_opts_join(metric_names, M_COUNT, ", ", known, sizeof known);
		return parse_list(o, "--metrics", arg, metric_parse, c->metric, M_COUNT,
		    &c->nmetric, known);
	case OPT_FROM:
		return dsp_opts_size(o, "--from", arg, &c->from);
	case OPT_TO:
		return dsp_opts_size(o, "--to", arg, &c->to);
	case OPT_POINTS:
		if (dsp_opts_size(o, "--points", arg, &c->points) != 0)
			return o->status;
		if (c->points > COMPARE_MAX_POINTS)
			return dsp_opts_usage(o, "--points: at most %d (got %s)",
			    COMPARE_MAX_POINTS, arg);
		return 0;
	}
	return dsp_opts_usage(o, "internal error: option %d", code);
}

static double
metric_of(const dsp_summary *s, int m)
{
	switch (m) {
	case M_MAX:		return s->max_weight;
	case M_ENTROPY:		return s->entropy;
	case M_ENTROPY_NORM:	return s->entropy_norm;
	case M_MIN:		return s->min_weight;
	case M_TOTAL:		return s->total;
	default:		return s->zero_weights;
	}
}

static dsp_table *
make_table(const struct dsp_opts *o, const struct compare *c)
{
	char name[64], list[256] = "";
	dsp_table *t;
	size_t i, j;
	int rc;

	if ((t = dsp_table_alloc("disperse compare")) == NULL)
		return NULL;
	rc = dsp_opts_stamp(o, t);
	for (i = 0; i < c->nattn; i++) {
		strncat(list, dsp_attn_name(c->attn[i]), sizeof list - strlen(list) - 2);
		if (i + 1 < c->nattn)
			strcat(list, ",");
	}
	rc |= dsp_table_stamp(t, "attn_list", list);
	/* Each function's Theorem 2.2 note, as report and the TUI give it. */
	for (i = 0; i < c->nattn; i++) {
		snprintf(name, sizeof name, "theorem_%s", dsp_attn_name(c->attn[i]));
		rc |= dsp_table_stamp(t, name, dsp_attn_theorem_note(c->attn[i]));
	}
	if (o->params.family != DSP_FAM_FILE) {
		rc |= dsp_table_stampf(t, "from", "%llu", (unsigned long long)c->from);
		rc |= dsp_table_stampf(t, "to", "%llu", (unsigned long long)c->to);
		rc |= dsp_table_stampf(t, "points", "%llu", (unsigned long long)c->points);
	}
	rc |= dsp_table_stamp(t, "entropy", "nats, of the row normalised to sum 1");
	rc |= dsp_table_column(t, "n", "%.0f");
	for (i = 0; i < c->nattn; i++)
		for (j = 0; j < c->nmetric; j++) {
			snprintf(name, sizeof name, "%s_%s", dsp_attn_name(c->attn[i]),
			    metric_names[c->metric[j]]);
			rc |= dsp_table_column(t, name, "%.10g");
		}
	if (rc != DSP_OK) {
		dsp_table_free(t);
		return NULL;
	}
	return t;
}

/* One row per n; a function with no route at that n (e.g. sparsemax on a
 * random family past the route policy's 2^16) gets NaN cells and a stamp
 * line. */
static int
run(struct dsp_opts *o, const struct compare *c, const double *ns, size_t count,
    dsp_table *t)
{
	double *row;
	dsp_params q = o->params;
	dsp_summary s;
	size_t i, a, j, k, one;
	int rc, noted[DSP_ATTN_COUNT] = { 0 };
	char key[64];

	if ((row = dsp_calloc(1 + c->nattn * c->nmetric, sizeof *row)) == NULL)
		return dsp_opts_core_fail(o, NULL, dsp_fail_nomem(NULL, 0));
	dsp_progress_begin("compare", "evaluating", (uint64_t)(count * c->nattn));
	for (i = 0; i < count; i++) {
		row[0] = ns[i];
		if (q.family != DSP_FAM_FILE)
			q.n = (uint64_t)ns[i];
		for (k = 1, a = 0; a < c->nattn; a++) {
			dsp_progress_at((uint64_t)(i * c->nattn + a));
			q.attn = (enum dsp_attn)c->attn[a];
			dsp_clear_error();
			/* The view's overlay curves: its route policy. */
			rc = q.family == DSP_FAM_FILE ? dsp_view_eval(&q, &s) :
			    dsp_view_curve(&q, &ns[i], 1, &s, &one, NULL);
			if (rc == DSP_ENOTSUP || rc == DSP_ETOOBIG) {
				if (!noted[q.attn]) {
					noted[q.attn] = 1;
					snprintf(key, sizeof key, "note_%s", dsp_attn_name(q.attn));
					dsp_table_stamp(t, key, dsp_last_error());
				}
				for (j = 0; j < c->nmetric; j++)
					row[k++] = NAN;
				continue;
			}
			if (rc != DSP_OK) {
				dsp_progress_end();
				free(row);
				return dsp_opts_core_fail(o, dsp_attn_name(q.attn), rc);
			}
			if (q.family == DSP_FAM_FILE)
				row[0] = s.n;
			for (j = 0; j < c->nmetric; j++)
				row[k++] = metric_of(&s, c->metric[j]);
		}
		if (dsp_table_row(t, row) != DSP_OK) {
			dsp_progress_end();
			free(row);
			return dsp_opts_core_fail(o, NULL, dsp_fail_nomem(NULL, 0));
		}
	}
	dsp_progress_end();
	free(row);
	return 0;
}

/* --attn-list's help: the default list is the attention table's rows. */
static void
compare_help(void)
{
	static char help[1024];
	char names[768];

	snprintf(help, sizeof help, "functions (default all: %s)", dsp_opts_join(dsp_attn_names,
	    DSP_ATTN_COUNT, ", ", names, sizeof names));
	compare_rows[0].help = help;
}

static int
cmd_compare_exec(int argc, char **argv)
{
	struct compare c = {
		{ 0 }, DSP_ATTN_COUNT,
		{ M_MAX, M_ENTROPY }, 2, 2, (uint64_t)1 << 20, 11
	};
	struct dsp_opts_spec spec = {
		.usage = "disperse compare [--attn-list A,B,...] [--metrics M,...] "
		    "[--from N --to N --points K] [options]",
		.help = "Figures of several attention functions against n, side by side.\n",
		.rows = compare_rows,
		.notes = "Entropy is of the row normalised to sum 1 (sigmoid and stick-breaking rows\n"
		    "do not sum to 1: see total).  --precision emulates a number format.\n",
		.cb = compare_opt,
		.omit = DSP_GIVEN_ATTN | DSP_GIVEN_N,
		.values = compare_values
	};
	struct dsp_opts o;
	dsp_table *t = NULL;
	double *ns = NULL;
	size_t count = 1;
	int rc, a;

	/* Default: every row of the attention table, in its order. */
	for (a = 0; a < DSP_ATTN_COUNT; a++)
		c.attn[a] = dsp_attn_row_of((enum dsp_attn)a)->id;
	compare_help();
	spec.ctx = &c;
	dsp_opts_init(&o, "compare");
	if (dsp_opts_parse(&o, &spec, argc, argv) != 0) {
		rc = o.status;
		goto out;
	}
	if (c.to < c.from) {
		rc = dsp_opts_usage(&o, "--to (%llu) is below --from (%llu)",
		    (unsigned long long)c.to, (unsigned long long)c.from);
		goto out;
	}
	if ((ns = dsp_calloc(c.points ? c.points : 1, sizeof *ns)) == NULL) {
		rc = dsp_opts_core_fail(&o, NULL, dsp_fail_nomem(NULL, 0));
		goto out;
	}
	if (o.params.family == DSP_FAM_FILE)
		ns[0] = (double)o.params.n_logits;	/* one fixed n */
	else if ((count = dsp_log_sizes((double)c.from, (double)c.to, c.points, ns)) == 0) {
		rc = dsp_opts_usage(&o, "empty range of sizes");
		goto out;
	}
	if ((t = make_table(&o, &c)) == NULL) {
		rc = dsp_opts_core_fail(&o, NULL, dsp_fail_nomem(NULL, 0));
		goto out;
	}
	if ((rc = run(&o, &c, ns, count, t)) == 0)
		rc = dsp_opts_write_table(&o, t);
out:
	dsp_table_free(t);
	free(ns);
	dsp_opts_free(&o);
	return rc;
}

const struct dsp_command cmd_compare = {
	"compare", "disperse compare [options]",
	"max weight and entropy against n for several attention functions",
	cmd_compare_exec
};
