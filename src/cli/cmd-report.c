/* disperse report: every figure of one evaluation (dsp_eval). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli/cmd.h"
#include "cli/opts.h"
#include "core/dsp.h"
#include "export/table.h"

enum { OPT_TIME = DSP_OPT_USER };

static const struct option report_longopts[] = {
	{ "time", no_argument, NULL, OPT_TIME },
	{ NULL, 0, NULL, 0 }
};

static int
report_opt(struct dsp_opts *o, int code, const char *arg, void *ctx)
{
	(void)o; (void)arg;
	if (code == OPT_TIME)
		*(int *)ctx = 1;
	return 0;
}

static const char *
method_text(enum dsp_method m)
{
	switch (m) {
	case DSP_METHOD_EXPLICIT:
		return "explicit (every item)";
	case DSP_METHOD_RUNS:
		return "runs (exact run-length)";
	case DSP_METHOD_ANALYTIC:
		return "analytic (closed form)";
	case DSP_METHOD_EXPECTED:
		return "expected large-n limit (not one sample)";
	case DSP_METHOD_TYPICAL:
		return "typical configuration of the law (not one sample)";
	}
	return "?";
}

/* Theorem 2.2 rows: the one list (core/math/critical.h, dsp_critical_rows)
 * that a snapshot's figures carry too.  Its critical n is a statement
 * about one fixed temperature: for SSMax / log-n and adaptive theta the
 * rows say so and give what does hold, each labelled. */
static int
critical_rows(dsp_table *t, const dsp_params *p, const dsp_summary *s)
{
	dsp_crit_row r[DSP_CRIT_ROWS_MAX];
	size_t i, k = dsp_critical_rows(p, s, r);
	int rc = 0;

	for (i = 0; i < k; i++)
		if (r[i].text != NULL)
			rc |= dsp_fig_text(t, r[i].name, r[i].text, r[i].theta, r[i].note);
		else if (r[i].is_log)
			rc |= dsp_fig_logsize(t, r[i].name, r[i].value, r[i].theta, r[i].note);
		else
			rc |= dsp_fig_num(t, r[i].name, r[i].value, r[i].theta, r[i].note);
	return rc;
}

/* A band edge that underflows to 0 or overflows in double as exp(x), as
 * `bound` prints it (core/math/bounds.h, dsp_band_edge_log). */
static int
edge_row(dsp_table *t, const char *name, double v, const dsp_summary *s, int which)
{
	double lv;

	if (dsp_band_edge_outside(v, s->n, s->spread, s->theta_eff, which, &lv))
		return dsp_fig_logsize(t, name, lv, s->theta_eff, NULL);
	return dsp_fig_num(t, name, v, s->theta_eff, NULL);
}

static int
fill(dsp_table *t, const dsp_params *p, const dsp_summary *s, int timing)
{
	char note[400];
	double th = s->theta_eff;
	enum dsp_band v = dsp_band_verdict(s);
	int rc = 0, m = (int)s->method;	/* the weights' figures say what was computed */

	rc |= dsp_kv_text(t, "method", method_text(s->method), dsp_method_name(s->method));
	rc |= dsp_fig_num(t, "n", s->n, th, NULL);
	rc |= dsp_fig_num_at(t, "logit_min", s->logit_min, th, (int)s->method, NULL);
	rc |= dsp_fig_num_at(t, "logit_max", s->logit_max, th, (int)s->method, NULL);
	rc |= dsp_fig_num_at(t, "spread", s->spread, th, (int)s->method, NULL);
	rc |= dsp_fig_num(t, "theta_eff", s->theta_eff, th, NULL);
	rc |= dsp_fig_num(t, "beta", s->beta, th, p->adaptive ? NULL : "adaptive off");
	rc |= dsp_fig_num_at(t, "entropy_nats", s->entropy, th, m,
	    dsp_row_underflow(s) ? dsp_band_text(DSP_BAND_UNDERFLOW) : NULL);
	rc |= dsp_fig_num_at(t, "entropy_bits", s->entropy_bits, th, m, NULL);
	rc |= dsp_fig_num_at(t, "entropy_norm", s->entropy_norm, th, m, NULL);
	rc |= dsp_fig_num_at(t, "entropy_paper", s->entropy_paper, th, m, NULL);
	rc |= dsp_fig_num_at(t, "max_weight", s->max_weight, th, m, NULL);
	rc |= dsp_fig_num_at(t, "min_weight", s->min_weight, th, m, NULL);
	rc |= dsp_fig_num_at(t, "total", s->total, th, m, dsp_row_underflow(s) ?
	    dsp_band_text(DSP_BAND_UNDERFLOW) : NULL);
	snprintf(note, sizeof note, "k = %llu", (unsigned long long)p->topk);
	rc |= dsp_fig_num_at(t, "topk_mass", s->topk_mass, th, m, note);
	rc |= edge_row(t, "lemma_tight_lo", s->lo_tight, s, 0);
	rc |= edge_row(t, "lemma_tight_hi", s->hi_tight, s, 1);
	rc |= edge_row(t, "lemma_loose_lo", s->lo_loose, s, 2);
	rc |= edge_row(t, "lemma_loose_hi", s->hi_loose, s, 3);
	if (v == DSP_BAND_NA)
		snprintf(note, sizeof note, "not a softmax: Lemma 2.1 does not apply; %s",
		    dsp_attn_theorem_note(p->attn));
	rc |= dsp_fig_text(t, "bound", dsp_band_text(v), th, v == DSP_BAND_NA ?
	    note : NULL);
	snprintf(note, sizeof note, "|margin| <= %.2g (rounding allowance): on the bound",
	    dsp_band_tol(s->n, s->spread, s->theta_eff));
	rc |= dsp_fig_num(t, "bound_margin", s->bound_margin, th, note);
	rc |= dsp_fig_num(t, "entropy_floor", s->entropy_floor, th, NULL);
	rc |= dsp_fig_num(t, "entropy_ceiling", s->entropy_ceiling, th, NULL);
	rc |= critical_rows(t, p, s);
	if (timing)
		rc |= dsp_fig_num(t, "elapsed_ms", s->elapsed_ms, th, NULL);
	return rc;
}

static int
cmd_report_exec(int argc, char **argv)
{
	struct dsp_opts o;
	struct dsp_opts_spec spec = {
		"disperse report [options]",
		"Every figure of one evaluation: entropy, weights, Lemma 2.1 band,\n"
		"Theorem 2.2 critical n, method used.\n"
		"  --time             also print the compute time (not stamped)\n\n",
		report_longopts, NULL, report_opt, NULL, 0
	};
	dsp_summary s;
	dsp_table *t;
	int timing = 0, rc;

	spec.ctx = &timing;
	dsp_opts_init(&o, "report");
	o.input_lazy = 1;	/* dsp_opts_eval below */
	if (dsp_opts_parse(&o, &spec, argc, argv) != 0) {
		dsp_opts_free(&o);
		return o.status;
	}
	dsp_clear_error();
	if ((rc = dsp_opts_eval(&o, &s)) != DSP_OK) {
		rc = dsp_opts_core_fail(&o, NULL, rc);
		dsp_opts_free(&o);
		return rc;
	}
	if ((t = dsp_kv_table(&o, "disperse report")) == NULL ||
	    fill(t, &o.params, &s, timing) != DSP_OK)
		rc = dsp_opts_core_fail(&o, NULL, dsp_fail_nomem(NULL, 0));
	else
		rc = dsp_opts_write_table(&o, t);
	dsp_table_free(t);
	dsp_opts_free(&o);
	return rc;
}

const struct dsp_command cmd_report = {
	"report", "disperse report [options]",
	"every figure for one parameter set (entropy, bounds, critical n)",
	cmd_report_exec
};
