/* SPDX-License-Identifier: GPL-3.0-or-later */
/* disperse bound: Lemma 2.1 / Theorem 2.2 calculator for given n, delta,
 * theta and eps, with --solve for the parameter that puts the tight upper
 * bound exactly at eps.
 *
 * The tight upper bound hi = 1/(1 + (n-1) e^{-delta/theta}) reaches eps
 * exactly when delta/theta = log((n-1) eps/(1-eps)) =: L.  So, for n > 1
 * and eps < 1 (derivation, not the paper's statement):
 *   theta_max = delta / L   largest |theta| at which a weight >= eps is still
 *                           possible at n (L <= 0: every theta)
 *   delta_min = |theta| L   smallest spread that still allows a weight >= eps
 *   n_max     = 1 + (1/eps - 1) e^{delta/theta}   the critical n
 *   eps_max   = hi          largest weight Lemma 2.1 allows at n */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cli/cmd.h"
#include "cli/opts.h"
#include "core/dsp.h"
#include "export/table.h"

enum { SOLVE_NONE, SOLVE_THETA, SOLVE_DELTA, SOLVE_N, SOLVE_EPS };
static const char *solve_names[] = { "none", "theta", "delta", "n", "eps" };

enum { OPT_SOLVE = DSP_OPT_USER, OPT_LOG_N };

static const struct dsp_opt_row bound_rows[] = {
	{ "log-n", 0, "L", OPT_LOG_N, "n = e^L (n past 2^63, e.g. --log-n 1000)" },
	{ "solve", 0, "P", OPT_SOLVE, "theta: largest |theta| keeping a weight >= eps possible at n; "
	  "delta: smallest such spread; n: largest such n (critical n); eps: largest possible "
	  "weight at n" },
	{ NULL, 0, NULL, 0, NULL }
};

struct bound {
	int	solve;
	double	log_n;		/* NAN unless --log-n */
};

static int
bound_opt(struct dsp_opts *o, int code, const char *arg, void *ctx)
{
	struct bound *b = ctx;
	int i;

	switch (code) {
	case OPT_SOLVE:
		/* solve_names[0] ("none") is the default, not a value. */
		if ((i = dsp_opts_index(solve_names + 1, (int)(sizeof solve_names /
		    sizeof solve_names[0]) - 1, arg, 0)) >= 0) {
			b->solve = i + 1;
			return 0;
		}
		return dsp_opts_usage(o, "--solve: unknown parameter '%s' "
		    "(theta, delta, n, eps)", arg);
	case OPT_LOG_N:
		if (dsp_opts_double(o, "--log-n", arg, &b->log_n) != 0)
			return o->status;
		if (b->log_n < 0)
			return dsp_opts_usage(o, "--log-n: must be >= 0 (n >= 1)");
		return 0;
	}
	return dsp_opts_usage(o, "internal error: option %d", code);
}

/* log(n - 1) for n = e^ln, stable for huge and for small n. */
static double
log_nm1(double ln)
{
	if (ln <= 0)
		return -INFINITY;
	if (ln > 40)
		return ln + log1p(-exp(-ln));
	return log(expm1(ln));
}

/* Logs of the Lemma 2.1 tight band from log n (so n may exceed a double
 * and the edges may be below the smallest double: printed as exp(x)). */
static void
band_tight_log(double ln, double r, double *lo, double *hi)
{
	double l1 = log_nm1(ln);

	if (ln <= 0) {
		*lo = *hi = 0;
		return;
	}
	*lo = -dsp_softplus(l1 + r);
	*hi = -dsp_softplus(l1 - r);
}

static int
fill(dsp_table *t, const dsp_params *p, const struct bound *b, double ln)
{
	double r, lo, hi, llo, lhi, floor_h, lcrit, ncrit, L, th;
	char eps[64];
	int rc = 0;

	if (p->theta == 0)
		r = p->delta > 0 ? INFINITY : 0;
	else
		r = p->delta / fabs(p->theta);
	band_tight_log(ln, r, &lo, &hi);
	if (p->theta == 0 && p->delta > 0 && ln > 0) {
		lo = -INFINITY;
		hi = 0;
	}
	llo = -r - ln;
	lhi = r - ln;
	floor_h = ln <= 0 ? 0 : isinf(r) ? 0 : dsp_softplus(log_nm1(ln) - r);
	if (dsp_log_critical_n(p->eps, p->delta, p->theta, &lcrit) != DSP_OK)
		lcrit = NAN;
	/* L = log((n-1) eps / (1-eps)) */
	L = p->eps >= 1 ? INFINITY : log_nm1(ln) + log(p->eps) - log1p(-p->eps);

	th = p->theta;
	snprintf(eps, sizeof eps, "eps = %g", p->eps);
	/* n exactly as given (exp(log n) is 999999.9999999995 for 1e6); from
	 * --log-n, exp of it. */
	rc |= isnan(b->log_n) ? dsp_fig_num(t, "n", (double)p->n, th, NULL) :
	    dsp_fig_logsize(t, "n", ln, th, NULL);
	rc |= dsp_fig_num(t, "log_n", ln, th, NULL);
	rc |= dsp_fig_num(t, "delta_over_theta", r, th, NULL);
	/* Edges past the range of a double in exp(x) form, as critical_n
	 * (--log-n 1000: e^-1004 and e^-996, not 0). */
	rc |= dsp_fig_logsize(t, "lemma_tight_lo", lo, th, NULL);
	rc |= dsp_fig_logsize(t, "lemma_tight_hi", hi, th, "largest possible weight");
	rc |= dsp_fig_logsize(t, "lemma_loose_lo", llo, th, NULL);
	rc |= dsp_fig_logsize(t, "lemma_loose_hi", lhi, th, NULL);
	rc |= dsp_fig_num(t, "entropy_floor", floor_h, th, NULL);
	rc |= dsp_fig_num(t, "entropy_ceiling", ln, th, NULL);
	/* The formula's n* where it is a double (exp of its log gave
	 * 99.99999999999996 for 100), exp(x) past that. */
	if (!isnan(lcrit) && dsp_critical_n(p->eps, p->delta, p->theta, &ncrit) == DSP_OK &&
	    isfinite(ncrit))
		rc |= dsp_fig_num(t, "critical_n", ncrit, th, eps);
	else
		rc |= dsp_fig_logsize(t, "critical_n", lcrit, th, eps);
	rc |= dsp_fig_num(t, "log_critical_n", lcrit, th, NULL);
	rc |= dsp_fig_text(t, "dispersed", isnan(lcrit) ? "n/a" : ln > lcrit ?
	    "yes" : "no", th, NULL);

	switch (b->solve) {
	case SOLVE_THETA:
		if (ln <= 0 || L <= 0)
			rc |= dsp_kv_num(t, "theta_max", INFINITY,
			    "every theta allows a weight >= eps at this n");
		else if (p->delta == 0)
			rc |= dsp_kv_text(t, "theta_max", "none",
			    "delta = 0: uniform weights 1/n < eps at every theta");
		else
			rc |= dsp_fig_num(t, "theta_max", isinf(L) ? 0 : p->delta / L, th, NULL);
		break;
	case SOLVE_DELTA:
		if (p->theta == 0)
			rc |= dsp_kv_num(t, "delta_min", ln <= 0 || L <= 0 ? 0 : DBL_MIN,
			    "theta = 0 (argmax): any positive spread is sharp");
		else
			rc |= dsp_fig_num(t, "delta_min", ln <= 0 || L <= 0 ? 0 :
			    fabs(p->theta) * L, th, NULL);
		break;
	case SOLVE_N:
		rc |= dsp_fig_logsize(t, "n_max", lcrit, th, NULL);
		break;
	case SOLVE_EPS:
		rc |= dsp_fig_logsize(t, "eps_max", hi, th, NULL);
		break;
	}
	return rc;
}

/* solve_names[0] is the default, not a value. */
static const char *
bound_values(int code)
{
	static char buf[64];

	return code == OPT_SOLVE ? dsp_opts_join(solve_names + 1, (int)(sizeof solve_names /
	    sizeof solve_names[0]) - 1, " ", buf, sizeof buf) : NULL;
}

static int
cmd_bound_exec(int argc, char **argv)
{
	struct bound b = { SOLVE_NONE, NAN };
	struct dsp_opts_spec spec = {
		"disperse bound [-n N | --log-n L] [--delta D] [--theta T] [--eps E] "
		"[--solve theta|delta|n|eps] [options]",
		"Lemma 2.1 band, entropy floor and Theorem 2.2 critical n for logits\n"
		"spread over delta at temperature theta; no weights are computed.\n",
		bound_opt, NULL,
		DSP_GIVEN_FAMILY | DSP_GIVEN_LAMBDA | DSP_GIVEN_SEED | DSP_GIVEN_TOPK |
		    DSP_GIVEN_ATTN | DSP_GIVEN_ADAPTIVE | DSP_GIVEN_SSMAX_S |
		    DSP_GIVEN_ALPHA | DSP_GIVEN_PRECISION | DSP_GIVEN_MODEL | DSP_GIVEN_INPUT,
		bound_values,
		0,	/* figures: none */
		bound_rows, NULL
	};
	struct dsp_opts o;
	dsp_table *t = NULL;
	double ln;
	int rc;

	spec.ctx = &b;
	dsp_opts_init(&o, "bound");
	if (dsp_opts_parse(&o, &spec, argc, argv) != 0) {
		rc = o.status;
		goto out;
	}
	if (!isnan(b.log_n) && (o.given & DSP_GIVEN_N)) {
		rc = dsp_opts_usage(&o, "--n and --log-n exclude each other");
		goto out;
	}
	ln = isnan(b.log_n) ? log((double)o.params.n) : b.log_n;
	if ((t = dsp_kv_table(&o, "disperse bound")) == NULL ||
	    (!isnan(b.log_n) && dsp_table_stampf(t, "log_n", "%.17g", b.log_n) != DSP_OK) ||
	    dsp_table_stamp(t, "solve", solve_names[b.solve]) != DSP_OK ||
	    fill(t, &o.params, &b, ln) != DSP_OK) {
		rc = dsp_opts_core_fail(&o, NULL, dsp_fail_nomem(NULL, 0));
		goto out;
	}
	rc = dsp_opts_write_table(&o, t);
out:
	dsp_table_free(t);
	dsp_opts_free(&o);
	return rc;
}

const struct dsp_command cmd_bound = {
	"bound", "disperse bound [options]",
	"Lemma 2.1 band and Theorem 2.2 critical n calculator (--solve)",
	cmd_bound_exec
};
