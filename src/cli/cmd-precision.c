/* SPDX-License-Identifier: GPL-3.0-or-later */
/* disperse precision: the limits of each number format, the weights of the
 * current parameters emulated in each, and the n at which a weight first
 * underflows to exactly 0. */
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

enum {
	OPT_FORMATS = DSP_OPT_USER,
	OPT_MODEL,
	OPT_SHOW,
	OPT_N_MAX
};

static const struct dsp_opt_row precision_rows[] = {
	{ "formats", 0, "LIST", OPT_FORMATS, "double,float32,float16,bfloat16,fp8-e4m3,fp8-e5m2 "
	  "(default all)" },
	{ "model", 0, "M", OPT_MODEL, "fp32-accum (default: logits in the format, exp and sum in "
	  "float32), format (every step and the running sum in the format), store (exact "
	  "softmax, weights rounded)" },
	{ "show", 0, "PARTS", OPT_SHOW, "limits,weights,underflow (default all)" },
	{ "n-max", 0, "N", OPT_N_MAX, "largest n of the underflow search (default 2^60 for spike "
	  "and power, 2^20 for the other families)" },
	{ NULL, 0, NULL, 0, NULL }
};

#define SHOW_LIMITS	1
#define SHOW_WEIGHTS	2
#define SHOW_UNDERFLOW	4
/* --show's parts: part i is bit 1 << i. */
static const char *const show_names[] = { "limits", "weights", "underflow" };
#define SHOW_PARTS	((int)(sizeof show_names / sizeof show_names[0]))

struct prec {
	int		 fmt[DSP_PREC_COUNT * 2];
	size_t		 nfmt;
	int		 model;
	unsigned	 show;
	uint64_t	 n_max;		/* 0: by family */
};

static int
prec_list(struct dsp_opts *o, const char *arg, struct prec *pr)
{
	char *s, *tok, *save = NULL;
	int v, rc;

	if ((s = dsp_strdup(arg)) == NULL)
		return dsp_opts_core_fail(o, NULL, dsp_fail_nomem(NULL, 0));
	pr->nfmt = 0;
	for (tok = strtok_r(s, ",", &save); tok != NULL; tok = strtok_r(NULL, ",", &save)) {
		if ((v = dsp_precision_parse(tok)) < 0 ||
		    pr->nfmt == sizeof pr->fmt / sizeof pr->fmt[0]) {
			rc = dsp_opts_usage(o, "--formats: unknown or too many: '%s' "
			    "(double, float32, float16, bfloat16, fp8-e4m3, fp8-e5m2)", tok);
			free(s);
			return rc;
		}
		pr->fmt[pr->nfmt++] = v;
	}
	free(s);
	return pr->nfmt ? 0 : dsp_opts_usage(o, "--formats: empty list");
}

static int
show_list(struct dsp_opts *o, const char *arg, struct prec *pr)
{
	char *s, *tok, *save = NULL;
	int rc, i;

	if ((s = dsp_strdup(arg)) == NULL)
		return dsp_opts_core_fail(o, NULL, dsp_fail_nomem(NULL, 0));
	pr->show = 0;
	for (tok = strtok_r(s, ",", &save); tok != NULL; tok = strtok_r(NULL, ",", &save)) {
		if ((i = dsp_opts_index(show_names, SHOW_PARTS, tok, 0)) >= 0)
			pr->show |= 1u << i;
		else {
			rc = dsp_opts_usage(o, "--show: unknown part '%s' "
			    "(limits, weights, underflow)", tok);
			free(s);
			return rc;
		}
	}
	free(s);
	return pr->show ? 0 : dsp_opts_usage(o, "--show: empty list");
}

static const char *
model_name(int i)
{
	return dsp_prec_model_name((enum dsp_prec_model)i);
}

/* --list-options: the formats (the precision row's names), the models,
 * the parts --show takes. */
static const char *
precision_values(int code)
{
	static char buf[128];
	const dsp_param_def *d = dsp_param_find("precision");

	switch (code) {
	case OPT_FORMATS:
		return d != NULL ? dsp_opts_join(d->names, d->nnames, " ", buf, sizeof buf) : NULL;
	case OPT_MODEL:
		return dsp_opts_names_of(model_name, DSP_PREC_MODEL_COUNT, buf, sizeof buf);
	case OPT_SHOW:
		return dsp_opts_join(show_names, SHOW_PARTS, " ", buf, sizeof buf);
	}
	return NULL;
}

static int
precision_opt(struct dsp_opts *o, int code, const char *arg, void *ctx)
{
	struct prec *pr = ctx;

	switch (code) {
	case OPT_FORMATS:
		return prec_list(o, arg, pr);
	case OPT_MODEL:
		if ((pr->model = dsp_prec_model_parse(arg)) < 0)
			return dsp_opts_usage(o, "--model: unknown model '%s' "
			    "(format, fp32-accum, store)", arg);
		return 0;
	case OPT_SHOW:
		return show_list(o, arg, pr);
	case OPT_N_MAX:
		if (dsp_opts_size(o, "--n-max", arg, &pr->n_max) != 0)
			return o->status;
		if (pr->n_max < 2 || pr->n_max > (uint64_t)1 << 62)
			return dsp_opts_usage(o, "--n-max: must be in 2 .. 2^62 (got %s)", arg);
		return 0;
	}
	return dsp_opts_usage(o, "internal error: option %d", code);
}

/* Families with exact runs evaluate any n cheaply; the rest cost O(n). */
static uint64_t
default_n_max(const dsp_params *p)
{
	if (p->family == DSP_FAM_SPIKE ||
	    (p->family == DSP_FAM_POWER && fabs(p->lambda) <= 1))
		return (uint64_t)1 << 60;
	return (uint64_t)1 << 20;
}

static const char *lim_cols[] = {
	"bits", "max", "min_normal", "min_subnormal", "epsilon", "digits",
	"decimal_digits", "overflow"
};
static const char *w_cols[] = {
	"max_weight", "min_weight", "entropy", "total", "zero_weights", "zero_fraction"
};
#define NLIM (sizeof lim_cols / sizeof lim_cols[0])
#define NW (sizeof w_cols / sizeof w_cols[0])

static dsp_table *
make_table(const struct dsp_opts *o, const struct prec *pr, uint64_t n_max)
{
	dsp_table *t;
	size_t i;
	int rc;

	if ((t = dsp_table_alloc("disperse precision")) == NULL)
		return NULL;
	rc = dsp_opts_stamp(o, t);
	rc |= dsp_table_stamp(t, "model", dsp_prec_model_name(pr->model));
	rc |= dsp_table_stamp(t, "rounding", "nearest, ties to even; subnormals kept; "
	    "overflow to inf except fp8-e4m3 (saturates to 448)");
	if (pr->show & SHOW_WEIGHTS)
		rc |= dsp_table_stamp(t, "entropy", "nats, of the emulated row normalised to sum 1");
	if (pr->show & SHOW_UNDERFLOW) {
		rc |= dsp_table_stampf(t, "n_max", "%llu", (unsigned long long)n_max);
		rc |= dsp_table_stamp(t, "underflow_n",
		    "smallest n with a weight exactly 0 (bisection; none = not up to n_max)");
	}
	rc |= dsp_table_column(t, "format", "%g");
	if (pr->show & SHOW_LIMITS)
		for (i = 0; i < NLIM; i++)
			rc |= dsp_table_column(t, lim_cols[i], i == 0 || i == 5 ? "%.0f" :
			    i == 6 ? "%.3g" : "%.10g");
	if (pr->show & SHOW_WEIGHTS)
		for (i = 0; i < NW; i++)
			rc |= dsp_table_column(t, w_cols[i], i == 4 ? "%.0f" : "%.10g");
	if (pr->show & SHOW_UNDERFLOW)
		rc |= dsp_table_column(t, "underflow_n", "%.0f");
	if (rc != DSP_OK) {
		dsp_table_free(t);
		return NULL;
	}
	return t;
}

/* sh: the underflow searches' logits, drawn once for every format. */
static int
run(struct dsp_opts *o, const struct prec *pr, uint64_t n_max, const dsp_prec_search *sh,
    dsp_table *t)
{
	double row[1 + NLIM + NW + 1], un;
	const dsp_prec_info *f;
	dsp_params q = o->params;
	dsp_summary s;
	size_t i, k, r, ov = 0, uc = 0;
	int rc, noted = 0;

	/* A format a unit: each is an evaluation and an underflow search. */
	dsp_progress_begin("precision", "formats", pr->nfmt);
	for (i = 0; i < pr->nfmt; i++) {
		dsp_progress_at(i);
		f = dsp_prec_info_of((enum dsp_precision)pr->fmt[i]);
		q.precision = f->prec;
		k = 0;
		row[k++] = NAN;
		if (pr->show & SHOW_LIMITS) {
			row[k++] = f->bits;
			row[k++] = f->max;
			row[k++] = f->min_normal;
			row[k++] = f->min_subnormal;
			row[k++] = f->epsilon;
			row[k++] = f->digits;
			row[k++] = f->decimal_digits;
			ov = k;
			row[k++] = NAN;
		}
		if (pr->show & SHOW_WEIGHTS) {
			/* The weights are a view's figures: its route policy
			 * (the underflow search below spans its own n). */
			dsp_params vq = dsp_view_params(&q);

			dsp_clear_error();
			rc = dsp_prec_eval(&vq, pr->model, NULL, &s);
			if (rc == DSP_ETOOBIG || rc == DSP_ENOTSUP) {
				/* No logits to round (random family past the
				 * route policy's 2^16). */
				if (!noted++)
					dsp_table_stamp(t, "note_weights", dsp_last_error());
				memset(&s, 0, sizeof s);
				s.max_weight = s.min_weight = s.entropy = s.total = NAN;
				s.zero_weights = NAN;
				s.n = 1;
			} else if (rc != DSP_OK)
				return dsp_opts_core_fail(o, dsp_precision_name(f->prec), rc);
			row[k++] = s.max_weight;
			row[k++] = s.min_weight;
			row[k++] = s.entropy;
			row[k++] = s.total;
			row[k++] = s.zero_weights;
			row[k++] = s.zero_weights / s.n;
		}
		un = NAN;
		if (pr->show & SHOW_UNDERFLOW) {
			uc = k;
			if (q.family != DSP_FAM_FILE) {
				dsp_clear_error();
				if ((rc = dsp_prec_underflow_n_shared(&q, pr->model,
				    (double)n_max, sh, &un)) != DSP_OK)
					return dsp_opts_core_fail(o, dsp_precision_name(f->prec), rc);
			}
			row[k++] = un;
		}
		if (dsp_table_row(t, row) != DSP_OK)
			return dsp_opts_core_fail(o, NULL, dsp_fail_nomem(NULL, 0));
		r = dsp_table_rows(t) - 1;
		rc = dsp_table_set_text(t, r, 0, dsp_precision_name(f->prec));
		if (pr->show & SHOW_LIMITS)
			rc |= dsp_table_set_text(t, r, ov, f->saturates ? "saturate" : "inf");
		if ((pr->show & SHOW_UNDERFLOW) && un == 0)
			rc |= dsp_table_set_text(t, r, uc, "none");
		if (rc != DSP_OK)
			return dsp_opts_core_fail(o, NULL, dsp_fail_nomem(NULL, 0));
	}
	dsp_progress_end();
	return 0;
}

static int
cmd_precision_exec(int argc, char **argv)
{
	struct prec pr = {
		{ DSP_PREC_DOUBLE, DSP_PREC_FLOAT32, DSP_PREC_FLOAT16, DSP_PREC_BFLOAT16,
		  DSP_PREC_FP8_E4M3, DSP_PREC_FP8_E5M2 }, DSP_PREC_COUNT,
		DSP_PREC_MODEL_DEFAULT, SHOW_LIMITS | SHOW_WEIGHTS | SHOW_UNDERFLOW, 0
	};
	struct dsp_opts_spec spec = {
		"disperse precision [--formats F,...] [--model M] [--show PARTS] [--n-max N] [options]",
		"Number formats: limits, the weights of these parameters emulated in each\n"
		"format, and the n at which a weight first underflows to exactly 0.\n",
		precision_opt, NULL, DSP_GIVEN_PRECISION | DSP_GIVEN_MODEL,
		precision_values,
		0,	/* figures: none */
		precision_rows, NULL
	};
	struct dsp_opts o;
	dsp_table *t = NULL;
	dsp_prec_search *sh = NULL;
	uint64_t n_max;
	int rc;

	spec.ctx = &pr;
	dsp_opts_init(&o, "precision");
	if (dsp_opts_parse(&o, &spec, argc, argv) != 0) {
		rc = o.status;
		goto out;
	}
	n_max = pr.n_max ? pr.n_max : default_n_max(&o.params);
	if ((t = make_table(&o, &pr, n_max)) == NULL) {
		rc = dsp_opts_core_fail(&o, NULL, dsp_fail_nomem(NULL, 0));
		goto out;
	}
	if ((pr.show & SHOW_UNDERFLOW) && o.params.family != DSP_FAM_FILE)
		sh = dsp_prec_search_alloc(&o.params, pr.model, (double)n_max);
	if ((rc = run(&o, &pr, n_max, sh, t)) == 0)
		rc = dsp_opts_write_table(&o, t);
out:
	dsp_prec_search_free(sh);
	dsp_table_free(t);
	dsp_opts_free(&o);
	return rc;
}

const struct dsp_command cmd_precision = {
	"precision", "disperse precision [options]",
	"number-format limits, emulated weights and where weights underflow to 0",
	cmd_precision_exec
};
