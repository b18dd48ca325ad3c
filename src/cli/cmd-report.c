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
	}
	return "?";
}

/* Theorem 2.2 rows.  Its critical n is a statement about one fixed
 * temperature: for SSMax / log-n (temperature shrinks like 1/log n) and
 * adaptive theta (beta depends on n) the rows say so and give what does
 * hold (core/critical.h), each labelled. */
static int
critical_rows(dsp_table *t, const dsp_params *p, const dsp_summary *s, double th)
{
	char note[200], eps[64];
	double lc, fn, k;
	int rc = 0, moving = p->attn == DSP_ATTN_SSMAX || p->attn == DSP_ATTN_LOGN;

	snprintf(eps, sizeof eps, "eps = %g", p->eps);
	if (moving) {
		k = dsp_sharp_exponent(p);
		rc |= dsp_fig_text(t, "critical_n", "n/a", th,
		    "not for this function: its temperature theta/(s log n) shrinks with n");
		snprintf(note, sizeof note, "%s, delta = %s spread: %s", p->attn == DSP_ATTN_LOGN ?
		    "s = 1 for log-n" : "s = --ssmax-s", dsp_family_name(p->family),
		    isnan(k) ? "unknown" : k >= 1 ?
		    "a weight may keep a share at every n, need not (see max_weight)" :
		    "disperses: every weight -> 0 as n grows");
		rc |= dsp_fig_num(t, "sharp_exponent", k, th, note);
		rc |= dsp_fig_text(t, "past_critical", "n/a", th, "no fixed-temperature critical n");
	} else {
		if (p->adaptive && p->attn == DSP_ATTN_SOFTMAX)
			snprintf(note, sizeof note, "%s; at this n's beta = %.6g only "
			    "(adaptive: beta changes with n)", eps, s->beta);
		else
			snprintf(note, sizeof note, "%s", eps);
		rc |= dsp_fig_logsize(t, "critical_n", s->log_critical_n, th, note);
		rc |= dsp_fig_num(t, "log_critical_n", s->log_critical_n, th, NULL);
		rc |= dsp_fig_text(t, "past_critical", isnan(s->log_critical_n) ? "n/a" :
		    log(s->n) > s->log_critical_n ? "yes" : "no", th, NULL);
	}
	if (p->adaptive && p->attn == DSP_ATTN_SOFTMAX && !isnan(s->spread)) {
		if (dsp_log_critical_n_adaptive(p->eps, s->spread, p->theta, &lc) != DSP_OK)
			lc = NAN;
		snprintf(note, sizeof note, "%s; beta <= %.6g at every n, spread %.6g",
		    eps, dsp_adaptive_beta_ceiling(), s->spread);
		rc |= dsp_fig_logsize(t, "critical_n_guaranteed", lc, p->theta, note);
	}
	if ((moving || p->adaptive) && p->family != DSP_FAM_FILE) {
		if (dsp_first_n_below_eps(p, &fn) != DSP_OK)
			fn = NAN;
		rc |= isinf(fn) ? dsp_fig_text(t, "first_n_below_eps", "none up to 2^63",
		    th, eps) : dsp_fig_num(t, "first_n_below_eps", fn, th, eps);
	}
	return rc;
}

static int
fill(dsp_table *t, const dsp_params *p, const dsp_summary *s, int timing)
{
	char note[400];
	double th = s->theta_eff;
	enum dsp_band v = dsp_band_verdict(s);
	int rc = 0;

	rc |= dsp_kv_text(t, "method", method_text(s->method), dsp_method_name(s->method));
	rc |= dsp_fig_num(t, "n", s->n, th, NULL);
	rc |= dsp_fig_num_at(t, "logit_min", s->logit_min, th, (int)s->method, NULL);
	rc |= dsp_fig_num_at(t, "logit_max", s->logit_max, th, (int)s->method, NULL);
	rc |= dsp_fig_num_at(t, "spread", s->spread, th, (int)s->method, NULL);
	rc |= dsp_fig_num(t, "theta_eff", s->theta_eff, th, NULL);
	rc |= dsp_fig_num(t, "beta", s->beta, th, p->adaptive ? NULL : "adaptive off");
	rc |= dsp_fig_num(t, "entropy_nats", s->entropy, th, dsp_row_underflow(s) ?
	    dsp_band_text(DSP_BAND_UNDERFLOW) : NULL);
	rc |= dsp_fig_num(t, "entropy_bits", s->entropy_bits, th, NULL);
	rc |= dsp_fig_num(t, "entropy_norm", s->entropy_norm, th, NULL);
	rc |= dsp_fig_num(t, "entropy_paper", s->entropy_paper, th, NULL);
	rc |= dsp_fig_num(t, "max_weight", s->max_weight, th, NULL);
	rc |= dsp_fig_num(t, "min_weight", s->min_weight, th, NULL);
	rc |= dsp_fig_num(t, "total", s->total, th, dsp_row_underflow(s) ?
	    dsp_band_text(DSP_BAND_UNDERFLOW) : NULL);
	snprintf(note, sizeof note, "k = %llu", (unsigned long long)p->topk);
	rc |= dsp_fig_num(t, "topk_mass", s->topk_mass, th, note);
	rc |= dsp_fig_num(t, "lemma_tight_lo", s->lo_tight, th, NULL);
	rc |= dsp_fig_num(t, "lemma_tight_hi", s->hi_tight, th, NULL);
	rc |= dsp_fig_num(t, "lemma_loose_lo", s->lo_loose, th, NULL);
	rc |= dsp_fig_num(t, "lemma_loose_hi", s->hi_loose, th, NULL);
	if (v == DSP_BAND_NA)
		snprintf(note, sizeof note, "not a softmax: Lemma 2.1 does not apply; %s",
		    dsp_attn_theorem_note(p->attn));
	rc |= dsp_fig_text(t, "bound", dsp_band_text(v), th, v == DSP_BAND_NA ?
	    note : NULL);
	snprintf(note, sizeof note, "|margin| <= %.2g: on the bound", DSP_BAND_TOL);
	rc |= dsp_fig_num(t, "bound_margin", s->bound_margin, th, note);
	rc |= dsp_fig_num(t, "entropy_floor", s->entropy_floor, th, NULL);
	rc |= dsp_fig_num(t, "entropy_ceiling", s->entropy_ceiling, th, NULL);
	rc |= critical_rows(t, p, s, th);
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
