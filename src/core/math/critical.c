/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Critical sizes for views whose temperature depends on n (critical.h). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "core/math/adaptive.h"
#include "core/math/alt.h"
#include "core/math/bounds.h"
#include "core/math/critical.h"
#include "core/math/empirical.h"
#include "core/error.h"
#include "core/schema/family.h"
#include "core/math/eval.h"
#include "core/math/fit.h"
#include "core/schema/view.h"

double
dsp_adaptive_beta_ceiling(void)
{
	static double ceiling;
	double h, b;

	if (ceiling == 0) {
		/* The polynomial has one real critical point (a maximum,
		 * leading coefficient < 0), near H = 4.41; [0.5, 8] holds it. */
		if (dsp_poly_desc_max(dsp_adaptive_poly_desc, DSP_ADAPTIVE_DEGREE,
		    0.5, 8, &h, &b) != DSP_OK)
			return NAN;
		ceiling = b > 1 ? b : 1;
	}
	return ceiling;
}

int
dsp_log_critical_n_adaptive(double eps, double spread, double theta,
    double *log_n)
{
	double b = dsp_adaptive_beta_ceiling();

	if (isnan(b))
		return dsp_fail(DSP_EINVAL, "adaptive polynomial has no maximum");
	return dsp_log_critical_n(eps, spread, theta / b, log_n);
}

double
dsp_sharp_exponent(const dsp_params *p)
{
	dsp_params q = *p;
	double s, lo, hi, spread;

	if (!dsp_attn_scales_n(p->attn))
		return NAN;
	s = dsp_attn_row_of(p->attn)->log_scale(p);
	/* The family's logit spread, not --delta: a learned head's is its
	 * model's (56.2 for examples/maxret-model.json), a file's its row's,
	 * the power series' delta (1 - lambda) for lambda < 0.  At n >= 2,
	 * where the spike and the power series have their spread. */
	if (q.n < 2)
		q.n = 2;
	dsp_family_range(&q, &lo, &hi);
	spread = hi - lo;
	if (isnan(spread))
		return NAN;
	if (p->theta == 0)
		return spread > 0 ? INFINITY : 0;
	return s * spread / fabs(p->theta);
}

static int
max_at(const dsp_params *p, uint64_t n, double *mx)
{
	dsp_params q = dsp_view_params(p);	/* the one route policy */
	dsp_summary s;
	int rc;

	q.n = n;
	if ((rc = dsp_eval(&q, &s)) != DSP_OK)
		return rc;
	*mx = s.max_weight;
	return DSP_OK;
}

int
dsp_first_n_below_eps(const dsp_params *p, double *n)
{
	uint64_t lo, hi, mid;
	double mx;
	int k, rc, held;

	if (p->family == DSP_FAM_FILE)
		return dsp_fail(DSP_EINVAL, "a file's logits have one fixed n: no search over n");
	if ((rc = dsp_eval_law_hold(p, &held)) != DSP_OK)
		return rc;
	for (k = 1; k <= 63; k++) {
		if ((rc = max_at(p, (uint64_t)1 << k, &mx)) != DSP_OK) {
			dsp_eval_law_release(held);
			return rc;
		}
		if (mx < p->eps)
			break;
	}
	if (k > 63) {
		dsp_eval_law_release(held);
		*n = INFINITY;
		return DSP_OK;
	}
	/* max(2^{k-1}) >= eps > max(2^k): the first n below lies in
	 * (2^{k-1}, 2^k]. */
	lo = (uint64_t)1 << (k - 1);
	hi = (uint64_t)1 << k;
	while (hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		if ((rc = max_at(p, mid, &mx)) != DSP_OK)
			break;
		if (mx < p->eps)
			hi = mid;
		else
			lo = mid;
	}
	dsp_eval_law_release(held);
	*n = (double)hi;
	return rc;
}

int
dsp_row_eval(const dsp_params *p, const double *v, size_t n, dsp_summary *s,
    double *log_n_eps)
{
	dsp_params q = *p;
	int rc;

	q.family = DSP_FAM_FILE;
	q.logits = v;
	q.n_logits = n;
	q.n = n;
	if ((rc = dsp_eval(&q, s)) != DSP_OK)
		return rc;
	*log_n_eps = dsp_empirical_log_n_eps(v, n, s->theta_eff, p->eps);
	return DSP_OK;
}

static dsp_crit_row *
crit_row(dsp_crit_row *r, const char *name, double v, int is_log, const char *text,
    double theta)
{
	r->name = name;
	r->value = v;
	r->is_log = is_log;
	r->text = text;
	r->theta = theta;
	r->note[0] = '\0';
	return r;
}

/* A critical size: the formula's value where it is a double, else its
 * log (a row written exp(x)); theta_n is the temperature the size is
 * for, theta the one the note is at. */
static dsp_crit_row *
crit_size(dsp_crit_row *r, const char *name, double eps, double spread,
    double theta_n, double log_n, double theta)
{
	double n;

	if (!isnan(log_n) && dsp_critical_n(eps, spread, theta_n, &n) == DSP_OK &&
	    isfinite(n))
		return crit_row(r, name, n, 0, NULL, theta);
	return crit_row(r, name, log_n, 1, NULL, theta);
}

size_t
dsp_critical_rows(const dsp_params *p, const dsp_summary *s, dsp_crit_row *out)
{
	char eps[64];
	double th = s->theta_eff, lc, fn, k;
	int moving = dsp_attn_scales_n(p->attn);
	size_t i = 0;
	dsp_crit_row *r;

	snprintf(eps, sizeof eps, "eps = %g", p->eps);
	if (moving) {
		k = dsp_sharp_exponent(p);
		r = crit_row(&out[i++], "critical_n", NAN, 1, "n/a", th);
		snprintf(r->note, sizeof r->note,
		    "not for this function: its temperature theta/(s log n) shrinks with n");
		r = crit_row(&out[i++], "sharp_exponent", k, 0, NULL, th);
		snprintf(r->note, sizeof r->note, "%s, delta = %s spread: %s",
		    p->attn == DSP_ATTN_LOGN ? "s = 1 for log-n" : "s = --ssmax-s",
		    dsp_family_name(p->family), isnan(k) ? "unknown" : k >= 1 ?
		    "a weight may keep a share at every n, need not (see max_weight)" :
		    "disperses: every weight -> 0 as n grows");
		r = crit_row(&out[i++], "past_critical", NAN, 0, "n/a", th);
		snprintf(r->note, sizeof r->note, "no fixed-temperature critical n");
	} else if (isnan(s->log_critical_n)) {
		/* Not a softmax (no Lemma 2.1 band), or no spread. */
		const char *why = dsp_attn_is_softmax(p->attn) ?
		    "no logit spread to bound" : dsp_attn_theorem_note(p->attn);

		r = crit_row(&out[i++], "critical_n", NAN, 1, "n/a", th);
		snprintf(r->note, sizeof r->note, "%s", why);
		r = crit_row(&out[i++], "log_critical_n", NAN, 0, "n/a", th);
		snprintf(r->note, sizeof r->note, "%s", why);
		r = crit_row(&out[i++], "past_critical", NAN, 0, "n/a", th);
		snprintf(r->note, sizeof r->note, "%s", why);
	} else {
		r = crit_size(&out[i++], "critical_n", p->eps, s->spread, th,
		    s->log_critical_n, th);
		if (p->adaptive && p->attn == DSP_ATTN_SOFTMAX)
			snprintf(r->note, sizeof r->note, "%s; at this n's beta = %.6g only "
			    "(adaptive: beta changes with n)", eps, s->beta);
		else
			snprintf(r->note, sizeof r->note, "%s", eps);
		crit_row(&out[i++], "log_critical_n", s->log_critical_n, 0, NULL, th);
		crit_row(&out[i++], "past_critical", NAN, 0, isnan(s->log_critical_n) ?
		    "n/a" : log(s->n) > s->log_critical_n ? "yes" : "no", th);
	}
	if (p->adaptive && p->attn == DSP_ATTN_SOFTMAX && !isnan(s->spread)) {
		if (dsp_log_critical_n_adaptive(p->eps, s->spread, p->theta, &lc) != DSP_OK)
			lc = NAN;
		r = crit_size(&out[i++], "critical_n_guaranteed", p->eps, s->spread,
		    p->theta / dsp_adaptive_beta_ceiling(), lc, p->theta);
		snprintf(r->note, sizeof r->note, "%s; beta <= %.6g at every n, spread %.6g",
		    eps, dsp_adaptive_beta_ceiling(), s->spread);
	}
	if ((moving || p->adaptive) && p->family != DSP_FAM_FILE) {
		if (dsp_first_n_below_eps(p, &fn) != DSP_OK)
			fn = NAN;
		r = crit_row(&out[i++], "first_n_below_eps", isinf(fn) ? NAN : fn, 0,
		    isinf(fn) ? "none up to 2^63" : NULL, th);
		snprintf(r->note, sizeof r->note, "%s", eps);
	}
	return i;
}
