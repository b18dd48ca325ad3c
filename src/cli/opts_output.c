/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A command's outputs: the stamps, the output files published together
 * when the command succeeds, and the key-value tables of report-like
 * commands. */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/alloc.h"
#include "cli/opts.h"
#include "core/error.h"
#include "core/io/escape.h"
#include "core/math/eval.h"
#include "core/schema/family.h"
#include "core/job.h"
#include "core/io/npy.h"
#include "core/io/rowset.h"
#include "export/atomic.h"
#include "core/io/parse.h"
#include "core/schema/view.h"
#include "export/model.h"
#include "export/table.h"

char *
dsp_fmt_double(char *buf, size_t size, double v)
{
	return dsp_real_format(buf, size, v);
}

int
dsp_opts_stamp(const struct dsp_opts *o, dsp_table *t)
{
	int rc = 0;

	rc |= dsp_table_stamp(t, "program", PACKAGE_NAME " " PACKAGE_VERSION);
	if (o->cmd != NULL)
		rc |= dsp_table_stamp(t, "command", o->cmd);
	/* n, delta, theta and eps are figures of every command: always
	 * stamped. */
	rc |= dsp_table_stamp_params(t, &o->params, o->omit &
	    ~(DSP_GIVEN_N | DSP_GIVEN_DELTA | DSP_GIVEN_THETA | DSP_GIVEN_EPS));
	return rc ? DSP_ENOMEM : DSP_OK;
}

/* The command's output files, published together when it succeeds
 * (dsp_opts_outputs_finish); one set a process. */
static dsp_afset *outputs;
/* The command's data went to stdout: the paths go to stderr. */
static int stdout_data;

FILE *
dsp_opts_open_file(struct dsp_opts *o, const char *path, int announce)
{
	FILE *fp;

	if (outputs == NULL) {
		if ((outputs = dsp_afset_alloc()) == NULL) {
			dsp_opts_core_fail(o, NULL, DSP_ENOMEM);
			return NULL;
		}
		/* A killed command leaves no temporary behind. */
		dsp_afile_trap_signals();
	}
	if ((fp = dsp_afset_open(outputs, path, announce)) == NULL)
		dsp_opts_core_fail(o, NULL, DSP_EIO);
	return fp;
}

int
dsp_opts_close_file(struct dsp_opts *o, FILE *fp)
{
	if (fp == NULL)
		return 1;
	if (outputs == NULL || dsp_afset_close(outputs, fp) != DSP_OK)
		return dsp_opts_core_fail(o, NULL, DSP_EIO);
	return 0;
}

int
dsp_opts_outputs_finish(const char *cmd, int status)
{
	if (outputs == NULL)
		return status;
	if (status == 0) {
		fflush(stdout);
		if (dsp_afset_commit(outputs, stdout_data ? stderr : stdout) != DSP_OK) {
			fprintf(stderr, "disperse %s: %s\n", cmd, dsp_last_error());
			status = 1;
		} else if (fflush(stdout) != 0 || ferror(stdout)) {
			fprintf(stderr, "disperse %s: standard output: write error\n", cmd);
			status = 1;
		}
	}
	dsp_afset_free(outputs);
	outputs = NULL;
	return status;
}

FILE *
dsp_opts_open_output(struct dsp_opts *o)
{
	if (o->output == NULL) {
		stdout_data = 1;
		return stdout;
	}
	return dsp_opts_open_file(o, o->output, 0);
}

int
dsp_opts_close_output(struct dsp_opts *o, FILE *fp)
{
	if (fp == NULL)
		return 1;
	if (fp != stdout)
		return dsp_opts_close_file(o, fp);
	if (fflush(fp) != 0 || ferror(fp))
		return dsp_opts_fail(o, "stdout: write error");
	return 0;
}

int
dsp_opts_write_table(struct dsp_opts *o, const dsp_table *t)
{
	const char *name = "table";

	return dsp_opts_write_tables(o, &t, &name, 1, "all");
}

const char *
dsp_opts_table_values(const char *const *names, size_t count)
{
	static char buf[256];
	size_t k = strlen(dsp_opts_join(names, (int)count, " ", buf, sizeof buf));

	snprintf(buf + k, sizeof buf - k, " all");
	return buf;
}

int
dsp_opts_table_pick(struct dsp_opts *o, const char *arg, const char *const *names,
    size_t count, const char **which)
{
	char list[256];
	size_t i, len = 0;

	for (i = 0; i < count; i++)
		if (strcmp(arg, names[i]) == 0) {
			*which = names[i];
			return 0;
		}
	if (strcmp(arg, "all") == 0) {
		*which = "all";
		return 0;
	}
	for (i = 0; i < count && len < sizeof list; i++)
		len += (size_t)snprintf(list + len, sizeof list - len, "%s, ", names[i]);
	return dsp_opts_usage(o, "--table: '%s' is not %sor all", arg, list);
}

int
dsp_opts_tables_resolve(struct dsp_opts *o, const char *const *names, const char **which)
{
	/* Unchosen: every table as text (one after another); the first for
	 * CSV and JSON, which a reader takes as one table a stream. */
	if (*which == NULL)
		*which = o->format == DSP_FMT_TEXT ? "all" : names[0];
	else if (strcmp(*which, "all") == 0 && o->format != DSP_FMT_TEXT)
		return dsp_opts_usage(o, "--table all is text only: a %s stream is one "
		    "table (--table %s, ...)", o->format == DSP_FMT_CSV ? "csv" : "json",
		    names[0]);
	return 0;
}

int
dsp_opts_write_tables(struct dsp_opts *o, const dsp_table *const *ts,
    const char *const *names, size_t count, const char *which)
{
	FILE *fp;
	size_t i, done = 0;
	int rc = DSP_OK;

	if ((fp = dsp_opts_open_output(o)) == NULL)
		return 1;
	for (i = 0; i < count && rc == DSP_OK; i++) {
		if (strcmp(which, "all") != 0 && strcmp(which, names[i]) != 0)
			continue;
		if (done++ > 0 && o->format != DSP_FMT_JSON)
			fputc('\n', fp);
		rc = dsp_table_write(ts[i], fp, o->format);
	}
	if (dsp_opts_close_output(o, fp) != 0)
		return 1;
	if (rc != DSP_OK)
		return dsp_opts_core_fail(o, "writing output", rc);
	return 0;
}

dsp_table *
dsp_kv_table(const struct dsp_opts *o, const char *title)
{
	dsp_table *t;

	if ((t = dsp_table_alloc(title)) == NULL)
		return NULL;
	if (dsp_opts_stamp(o, t) != DSP_OK ||
	    dsp_table_column(t, "quantity", NULL) != DSP_OK ||
	    dsp_table_column(t, "value", "%.10g") != DSP_OK ||
	    dsp_table_column(t, "note", NULL) != DSP_OK) {
		dsp_table_free(t);
		return NULL;
	}
	return t;
}

static int
kv_row(dsp_table *t, const char *key, double v, const char *text,
    const char *note)
{
	double row[3] = { NAN, v, NAN };
	size_t r;
	int rc;

	if ((rc = dsp_table_row(t, row)) != DSP_OK)
		return rc;
	r = dsp_table_rows(t) - 1;
	if ((rc = dsp_table_set_text(t, r, 0, key)) != DSP_OK ||
	    (text != NULL && (rc = dsp_table_set_text(t, r, 1, text)) != DSP_OK) ||
	    (rc = dsp_table_set_text(t, r, 2, note != NULL ? note : "")) != DSP_OK)
		return rc;
	return DSP_OK;
}

int
dsp_kv_num(dsp_table *t, const char *key, double v, const char *note)
{
	return kv_row(t, key, v, NULL, note);
}

int
dsp_kv_text(dsp_table *t, const char *key, const char *text, const char *note)
{
	return kv_row(t, key, NAN, text, note);
}

char *
dsp_fmt_exp(char *buf, size_t size, double logv)
{
	if (isnan(logv))
		snprintf(buf, size, "nan");
	else if (isinf(logv))
		snprintf(buf, size, logv > 0 ? "inf" : "0");
	else if (logv < DSP_LOG_DBL_MAX && logv >= DSP_LOG_DBL_MIN)
		snprintf(buf, size, "%.10g", exp(logv));
	else
		snprintf(buf, size, "exp(%.10g)", logv);
	return buf;
}

int
dsp_kv_logsize(dsp_table *t, const char *key, double logv, const char *note)
{
	char buf[64];

	if (logv == -INFINITY || (logv < DSP_LOG_DBL_MAX && logv >= DSP_LOG_DBL_MIN))
		return dsp_kv_num(t, key, exp(logv), note);
	return dsp_kv_text(t, key, dsp_fmt_exp(buf, sizeof buf, logv), note);
}

void
dsp_opts_override(const struct dsp_opts *o, dsp_params *p)
{
	const dsp_params *q = &o->params;
	const dsp_param_def *d;
	unsigned g = o->given;
	int id;

	if (g & (DSP_GIVEN_FAMILY | DSP_GIVEN_INPUT | DSP_GIVEN_MODEL)) {
		p->family = q->family;
		p->logits = q->logits;
		p->logits_x = q->logits_x;
		p->logits_xsize = q->logits_xsize;
		p->n_logits = q->n_logits;
		p->logits_name = q->logits_name;
		if (g & DSP_GIVEN_INPUT)	/* the row read is the --head one */
			p->head = q->head;
		if (dsp_family_has_logits(q->family) && !(g & DSP_GIVEN_N))
			p->n = q->n;
	}
	/* Every other row by its given bit: a value copied raw through the
	 * row's offset, whatever its type. */
	for (id = 0; id < DSP_P_COUNT; id++) {
		if (id == DSP_P_FAMILY || !(g & DSP_GIVEN_PARAM(id)))
			continue;
		d = dsp_param(id);
		switch (d->type) {
		case DSP_PT_REAL:
			dsp_param_set_real(d, p, dsp_param_get_real(d, q), NULL);
			break;
		case DSP_PT_SIZE:
		case DSP_PT_UINT:
		case DSP_PT_HEAD:
			dsp_param_set_uint(d, p, dsp_param_get_uint(d, q), NULL);
			break;
		case DSP_PT_ENUM:
		case DSP_PT_BOOL:
			dsp_param_set_enum(d, p, dsp_param_get_enum(d, q), NULL);
			break;
		case DSP_PT_PATH:
			dsp_param_set_path(d, p, dsp_param_get_path(d, q));
			break;
		}
	}
	/* The weights follow the model's name. */
	if (g & DSP_GIVEN_MODEL)
		p->model_w = q->model_w;
}
