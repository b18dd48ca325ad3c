/* SPDX-License-Identifier: GPL-3.0-or-later */
/* disperse sweep: entropy, max weight and bounds against n (log-spaced,
 * dsp_eval_curve) or against theta, lambda or delta (linear). */
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
#include "core/schema/ptable.h"
#include "export/table.h"

#define SWEEP_MAX_POINTS 100000

enum { VARY_N, VARY_THETA, VARY_LAMBDA, VARY_DELTA };
static const char *vary_names[] = { "n", "theta", "lambda", "delta" };

enum {
	OPT_VARY = DSP_OPT_USER,
	OPT_FROM,
	OPT_TO,
	OPT_POINTS
};

static const struct dsp_opt_row sweep_rows[] = {
	{ "vary", 0, "P", OPT_VARY, "n (log-spaced sizes, default), theta, lambda or delta" },
	{ "from", 0, "A", OPT_FROM, "range start (n: 1 .. 2^40; theta: -2 .. 2; lambda: 0 .. 1; "
	  "delta: 0 .. 16)" },
	{ "to", 0, "B", OPT_TO, "range end" },
	{ "points", 0, "K", OPT_POINTS, "number of points (default 41; n: duplicates dropped)" },
	{ NULL, 0, NULL, 0, NULL }
};

struct sweep {
	int		 vary;
	const char	*from, *to;	/* parsed once --vary is known */
	uint64_t	 points;
};

static int
sweep_opt(struct dsp_opts *o, int code, const char *arg, void *ctx)
{
	struct sweep *sw = ctx;

	switch (code) {
	case OPT_VARY:
		if ((sw->vary = dsp_opts_index(vary_names, (int)(sizeof vary_names /
		    sizeof vary_names[0]), arg, 0)) >= 0)
			return 0;
		return dsp_opts_usage(o, "--vary: unknown parameter '%s' "
		    "(n, theta, lambda, delta)", arg);
	case OPT_FROM:
		sw->from = arg;
		return 0;
	case OPT_TO:
		sw->to = arg;
		return 0;
	case OPT_POINTS:
		if (dsp_opts_size(o, "--points", arg, &sw->points) != 0)
			return o->status;
		if (sw->points > SWEEP_MAX_POINTS)
			return dsp_opts_usage(o, "--points: at most %d (got %s)",
			    SWEEP_MAX_POINTS, arg);
		return 0;
	}
	return dsp_opts_usage(o, "internal error: option %d", code);
}

/* The sweep values: log-spaced integers for n, linear otherwise. */
static int
sweep_values(struct dsp_opts *o, const struct sweep *sw, double **xs, size_t *count)
{
	const dsp_param_def *d;
	char lf[40], lt[40];
	double a, b, *v;
	uint64_t ua, ub;
	size_t i, k;

	d = dsp_param_find(vary_names[sw->vary]);
	dsp_param_sweep_range(d, &a, &b);
	if (sw->vary == VARY_N) {
		ua = (uint64_t)a;
		ub = (uint64_t)b;
		if (sw->from != NULL && dsp_opts_size(o, "--from", sw->from, &ua) != 0)
			return o->status;
		if (sw->to != NULL && dsp_opts_size(o, "--to", sw->to, &ub) != 0)
			return o->status;
		if (ub < ua)
			return dsp_opts_usage(o, "--to (%llu) is below --from (%llu)",
			    (unsigned long long)ub, (unsigned long long)ua);
		a = (double)ua;
		b = (double)ub;
	} else {
		if (sw->from != NULL && dsp_opts_double(o, "--from", sw->from, &a) != 0)
			return o->status;
		if (sw->to != NULL && dsp_opts_double(o, "--to", sw->to, &b) != 0)
			return o->status;
		/* Both ends inside the varied parameter's own domain (the
		 * parameter table's row), named as options. */
		snprintf(lf, sizeof lf, "--from (%s)", d->name);
		snprintf(lt, sizeof lt, "--to (%s)", d->name);
		if (dsp_param_check_real(d, a, lf) != DSP_OK ||
		    dsp_param_check_real(d, b, lt) != DSP_OK)
			return dsp_opts_usage(o, "%s", dsp_last_error());
	}
	if ((v = dsp_calloc(sw->points, sizeof *v)) == NULL)
		return dsp_opts_core_fail(o, NULL, dsp_fail_nomem(NULL, 0));
	if (sw->vary == VARY_N)
		k = dsp_log_sizes(a, b, sw->points, v);
	else {
		for (i = 0; i < sw->points; i++)
			/* (1 - t) a + t b: no b - a, which could overflow. */
			v[i] = sw->points > 1 ?
			    a * (1 - (double)i / (double)(sw->points - 1)) +
			    b * ((double)i / (double)(sw->points - 1)) : a;
		k = sw->points;
	}
	*xs = v;
	*count = k;
	return 0;
}

/* One point: the varied value, then every figure on sweep's surface
 * (core/schema/figures.h). */
static int
add_row(dsp_table *t, const dsp_params *p, double x, const dsp_summary *s)
{
	dsp_figctx c;

	dsp_figctx_init(&c, p, s);
	return dsp_table_fig_row(t, DSP_SURF_SWEEP, &c, &x, 1, NULL, 0);
}

static int
run(struct dsp_opts *o, const struct sweep *sw, const double *xs, size_t count,
    dsp_table *t)
{
	dsp_summary *s;
	dsp_params q = o->params;
	size_t i, done, one;
	int rc = DSP_OK, st;

	if ((s = dsp_calloc(count, sizeof *s)) == NULL)
		return dsp_opts_core_fail(o, NULL, dsp_fail_nomem(NULL, 0));
	dsp_clear_error();
	/* Along n the largest size first: a sweep that cannot reach its end
	 * is refused at once in one line, not after every smaller point.
	 * Then one point at a time: when a point fails, the points before it
	 * are still printed, then the one-line error (issue 16). */
	if (sw->vary == VARY_N && count > 0 &&
	    (rc = dsp_view_curve(&o->params, &xs[count - 1], 1, &s[count - 1], &one, NULL)) != DSP_OK) {
		free(s);
		st = dsp_opts_core_fail(o, NULL, rc);
		return st ? st : 1;
	}
	for (i = 0; i < (sw->vary == VARY_N ? count - 1 : count) && rc == DSP_OK; i++) {
		if (sw->vary == VARY_N)
			rc = dsp_view_curve(&o->params, &xs[i], 1, &s[i], &one, NULL);
		else {
			if (sw->vary == VARY_THETA)
				q.theta = xs[i];
			else if (sw->vary == VARY_LAMBDA)
				q.lambda = xs[i];
			else
				q.delta = xs[i];
			rc = dsp_view_eval(&q, &s[i]);
		}
	}
	done = rc == DSP_OK ? count : i - 1;
	for (i = 0; i < done; i++)
		if (add_row(t, &o->params, xs[i], &s[i]) != DSP_OK) {
			free(s);
			return dsp_opts_core_fail(o, NULL, dsp_fail_nomem(NULL, 0));
		}
	free(s);
	if (rc != DSP_OK) {
		char why[512];

		snprintf(why, sizeof why, "%s", dsp_last_error());
		if (done > 0 && dsp_opts_write_table(o, t) != 0)
			return 1;
		dsp_fail(rc, "point %zu of %zu (%s = %.17g): %s", done + 1, count,
		    vary_names[sw->vary], xs[done], why);
		st = dsp_opts_core_fail(o, NULL, rc);
		return st ? st : 1;
	}
	return 0;
}

static dsp_table *
make_table(const struct dsp_opts *o, const struct sweep *sw, size_t count,
    const double *xs)
{
	dsp_table *t;
	int rc;

	if ((t = dsp_table_alloc("disperse sweep")) == NULL)
		return NULL;
	rc = dsp_opts_stamp(o, t);
	rc |= dsp_table_stamp(t, "vary", vary_names[sw->vary]);
	rc |= dsp_table_stampf(t, "from", "%.17g", xs[0]);
	rc |= dsp_table_stampf(t, "to", "%.17g", xs[count - 1]);
	rc |= dsp_table_stampf(t, "points", "%zu", count);
	rc |= dsp_table_column(t, vary_names[sw->vary],
	    sw->vary == VARY_N ? "%.0f" : "%.10g");
	rc |= dsp_table_fig_columns(t, DSP_SURF_SWEEP, "%.10g");
	if (rc != DSP_OK) {
		dsp_table_free(t);
		return NULL;
	}
	return t;
}

static const char *
vary_values(int code)
{
	static char buf[64];

	return code == OPT_VARY ? dsp_opts_join(vary_names, (int)(sizeof vary_names /
	    sizeof vary_names[0]), " ", buf, sizeof buf) : NULL;
}

static int
cmd_sweep_exec(int argc, char **argv)
{
	struct sweep sw = { VARY_N, NULL, NULL, 41 };
	struct dsp_opts_spec spec = {
		.usage = "disperse sweep [--vary n|theta|lambda|delta] [--from A --to B --points K] "
		    "[options]",
		.help = "Entropy, max weight and the Lemma 2.1 band over a range of one parameter.\n",
		.rows = sweep_rows,
		.cb = sweep_opt,
		.values = vary_values
	};
	struct dsp_opts o;
	dsp_table *t = NULL;
	double *xs = NULL;
	size_t count = 0;
	int rc;

	spec.ctx = &sw;
	dsp_opts_init(&o, "sweep");
	if (dsp_opts_parse(&o, &spec, argc, argv) != 0) {
		rc = o.status;
		goto out;
	}
	if (sw.vary == VARY_N && o.params.family == DSP_FAM_FILE) {
		rc = dsp_opts_usage(&o, "--vary n needs a generated family: a file's "
		    "logits have one fixed n");
		goto out;
	}
	if ((rc = sweep_values(&o, &sw, &xs, &count)) != 0)
		goto out;
	if (count == 0) {
		rc = dsp_opts_usage(&o, "empty sweep");
		goto out;
	}
	if ((t = make_table(&o, &sw, count, xs)) == NULL) {
		rc = dsp_opts_core_fail(&o, NULL, dsp_fail_nomem(NULL, 0));
		goto out;
	}
	if ((rc = run(&o, &sw, xs, count, t)) == 0)
		rc = dsp_opts_write_table(&o, t);
out:
	dsp_table_free(t);
	free(xs);
	dsp_opts_free(&o);
	return rc;
}

const struct dsp_command cmd_sweep = {
	"sweep", "disperse sweep [options]",
	"entropy, max weight and bounds against n, theta, lambda or delta",
	cmd_sweep_exec
};
