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

static int
fill(dsp_table *t, const dsp_params *p, const dsp_summary *s, int timing)
{
	char note[160];
	int rc = 0;

	rc |= dsp_kv_text(t, "method", method_text(s->method), dsp_method_name(s->method));
	rc |= dsp_kv_num(t, "n", s->n, "items");
	rc |= dsp_kv_num(t, "logit_min", s->logit_min, "smallest logit");
	rc |= dsp_kv_num(t, "logit_max", s->logit_max, "largest logit");
	rc |= dsp_kv_num(t, "spread", s->spread, "logit_max - logit_min (delta of Lemma 2.1)");
	rc |= dsp_kv_num(t, "theta_eff", s->theta_eff, "temperature after adaptive / n scaling");
	rc |= dsp_kv_num(t, "beta", s->beta, p->adaptive ?
	    "adaptive inverse temperature (paper Fig. 4)" : "adaptive off");
	rc |= dsp_kv_num(t, "entropy_nats", s->entropy, "H = -sum p log p");
	rc |= dsp_kv_num(t, "entropy_bits", s->entropy_bits, "H / log 2");
	rc |= dsp_kv_num(t, "entropy_norm", s->entropy_norm, "H / log n");
	rc |= dsp_kv_num(t, "entropy_paper", s->entropy_paper, "-sum p log(p + 1e-9) (paper code)");
	rc |= dsp_kv_num(t, "max_weight", s->max_weight, "largest coefficient");
	rc |= dsp_kv_num(t, "min_weight", s->min_weight, "smallest coefficient");
	rc |= dsp_kv_num(t, "total", s->total, "sum of weights");
	snprintf(note, sizeof note, "mass of the %llu largest weights",
	    (unsigned long long)p->topk);
	rc |= dsp_kv_num(t, "topk_mass", s->topk_mass, note);
	rc |= dsp_kv_num(t, "lemma_tight_lo", s->lo_tight, "1/(1+(n-1)e^{delta/theta})");
	rc |= dsp_kv_num(t, "lemma_tight_hi", s->hi_tight, "1/(1+(n-1)e^{-delta/theta})");
	rc |= dsp_kv_num(t, "lemma_loose_lo", s->lo_loose, "e^{-delta/theta}/n");
	rc |= dsp_kv_num(t, "lemma_loose_hi", s->hi_loose, "e^{delta/theta}/n");
	rc |= dsp_kv_text(t, "bound", s->bound_holds < 0 ? "n/a" :
	    s->bound_holds ? "holds" : "violated", s->bound_holds < 0 ?
	    "not a softmax: Lemma 2.1 does not apply" :
	    "min/max weight inside the tight band");
	rc |= dsp_kv_num(t, "bound_margin", s->bound_margin,
	    "relative distance to the band edge (< 0: violated)");
	rc |= dsp_kv_num(t, "entropy_floor", s->entropy_floor, "log(1+(n-1)e^{-delta/theta}) nats");
	rc |= dsp_kv_num(t, "entropy_ceiling", s->entropy_ceiling, "log n nats");
	snprintf(note, sizeof note, "Theorem 2.2: past it every weight < eps = %g", p->eps);
	rc |= dsp_kv_logsize(t, "critical_n", s->log_critical_n, note);
	rc |= dsp_kv_num(t, "log_critical_n", s->log_critical_n, "natural log of critical_n");
	rc |= dsp_kv_text(t, "past_critical", isnan(s->log_critical_n) ? "n/a" :
	    log(s->n) > s->log_critical_n ? "yes" : "no",
	    "n > critical_n: dispersion certain");
	if (timing)
		rc |= dsp_kv_num(t, "elapsed_ms", s->elapsed_ms, "compute time (--time)");
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
	if (dsp_opts_parse(&o, &spec, argc, argv) != 0) {
		dsp_opts_free(&o);
		return o.status;
	}
	dsp_clear_error();
	if ((rc = dsp_eval(&o.params, &s)) != DSP_OK) {
		rc = dsp_opts_core_fail(&o, NULL, rc);
		dsp_opts_free(&o);
		return rc;
	}
	if ((t = dsp_kv_table(&o, "disperse report")) == NULL ||
	    fill(t, &o.params, &s, timing) != DSP_OK)
		rc = dsp_opts_fail(&o, "out of memory");
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
