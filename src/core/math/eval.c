/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Evaluation of one view: routes each family to its cheapest exact method
 * and fills the summary the screen, the CLI and the exporters show.  The
 * streamed weights, the large-n routes and the curves are in eval_stream.c,
 * eval_limit.c and eval_curve.c (eval_int.h: what they share). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gsl/gsl_errno.h>

#include "core/alloc.h"
#include "core/math/adaptive.h"
#include "core/math/alt.h"
#include "core/math/bounds.h"
#include "core/math/empirical.h"
#include "core/error.h"
#include "core/math/eval.h"
#include "core/math/eval_int.h"
#include "core/schema/family.h"
#include "core/schema/figures.h"
#include "core/schema/gate.h"
#include "core/job.h"
#include "core/math/kernel.h"
#include "core/math/precision.h"
#include "core/math/quad.h"
#include "core/math/softmax.h"
#include "core/math/typical.h"

double
dsp_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

const char *
dsp_method_name(enum dsp_method m)
{
	switch (m) {
	case DSP_METHOD_EXPLICIT:	return "explicit";
	case DSP_METHOD_RUNS:		return "runs";
	case DSP_METHOD_ANALYTIC:	return "analytic";
	case DSP_METHOD_EXPECTED:	return "expected";
	case DSP_METHOD_TYPICAL:	return "typical";
	}
	return "?";
}

void
dsp_eval_fill_bounds(const dsp_params *p, dsp_summary *s, int softmax_like)
{
	s->spread = s->logit_max - s->logit_min;
	s->entropy_bits = s->entropy / M_LN2;
	s->entropy_norm = s->n > 1 ? s->entropy / log(s->n) : 0;
	s->entropy_ceiling = dsp_entropy_ceiling(s->n);
	s->lo_tight = s->hi_tight = s->lo_loose = s->hi_loose = NAN;
	s->entropy_floor = s->log_critical_n = s->bound_margin = NAN;
	s->bound_holds = -1;
	if (!softmax_like || isnan(s->spread))
		return;
	dsp_lemma_tight(s->n, s->spread, s->theta_eff, &s->lo_tight, &s->hi_tight);
	dsp_lemma_loose(s->n, s->spread, s->theta_eff, &s->lo_loose, &s->hi_loose);
	s->entropy_floor = dsp_entropy_floor(s->n, s->spread, s->theta_eff);
	if (dsp_log_critical_n(p->eps, s->spread, s->theta_eff, &s->log_critical_n) != DSP_OK)
		s->log_critical_n = NAN;
	s->bound_margin = dsp_band_margin(s->min_weight, s->max_weight,
	    dsp_band_lo_underflow(s) ? NAN : s->lo_tight, s->hi_tight);
	/* One policy (figures.h): on the edge within a few ulps is inside. */
	s->bound_holds = s->bound_margin >= -dsp_band_tol(s->n, s->spread, s->theta_eff);
}

/* Weights of a softmax-type function over runs; sets theta_eff and beta. */
static int
softmax_like_runs(const dsp_params *p, const dsp_runs *e, dsp_runs *w, dsp_summary *s)
{
	double th = scaled_theta(p, s->n);
	int rc;

	s->beta = 1;
	if (p->adaptive) {
		if ((rc = dsp_adaptive_softmax_runs(e, th, w, &s->beta)) != DSP_OK)
			return rc;
		th /= s->beta;
	} else if ((rc = dsp_softmax_runs(e, th, w)) != DSP_OK)
		return rc;
	/* Each pass over long runs is tens of ms: look for a cancel between. */
	if ((rc = dsp_job_poll()) != DSP_OK)
		return rc;
	s->theta_eff = th;
	s->entropy = dsp_softmax_entropy_runs(e, th);
	return DSP_OK;
}

static int
summarise_runs(const dsp_params *p, const dsp_runs *e, dsp_runs *w, dsp_summary *s)
{
	int soft = dsp_attn_is_softmax(p->attn), rc;
	double mn, mx, t = 0;
	size_t i;

	s->n = (double)dsp_runs_total(e);
	dsp_runs_minmax(e, &s->logit_min, &s->logit_max);
	if (soft)
		rc = softmax_like_runs(p, e, w, s);
	else {
		s->theta_eff = p->theta;
		s->beta = 1;
		rc = dsp_alt_weights_runs(p->attn, e, p->theta, p->alpha, w);
	}
	if (rc != DSP_OK || (rc = dsp_job_poll()) != DSP_OK)
		return rc;
	s->zero_weights = 0;
	for (i = 0; i < w->len; i++) {
		t += (double)w->count[i] * w->value[i];
		if (w->value[i] == 0)
			s->zero_weights += (double)w->count[i];
	}
	s->total = t;
	if (!soft)
		s->entropy = dsp_row_entropy_runs(w);
	dsp_runs_minmax(w, &mn, &mx);
	s->min_weight = mn;
	s->max_weight = mx;
	s->entropy_paper = dsp_entropy_paper_runs(w);
	if ((rc = dsp_job_poll()) != DSP_OK)
		return rc;
	if ((rc = dsp_topk_mass_runs(w, p->topk ? p->topk : 1, &s->topk_mass)) != DSP_OK)
		return rc;
	fill_bounds(p, s, soft);
	return DSP_OK;
}

/* -sum p log(p + 1e-9) with p = exp((e - pivot)/theta - log z) and
 * (zeros != NULL) the count of weights that underflow to 0: one
 * vectorised, threaded kernel pass. */
static int
paper_entropy_array(const void *e, int isz, size_t n, double theta, double pivot,
    double logz, double *h, double *zeros)
{
	dsp_stats st;

	st.pivot = pivot;
	st.logz_shift = logz;
	return dsp_softmax_paper_entropy_x(e, isz, n, theta, &st, h, zeros);
}

/* Softmax-type summary straight from the logits, no weight array.  lite:
 * the caller reads neither the paper entropy nor the zero-weight count
 * (the map), so their passes are skipped (both NaN) unless adaptive
 * temperature needs the paper entropy. */
static int
summarise_fast_x(const dsp_params *p, const void *e, int isz, size_t n, int lite,
    dsp_summary *s)
{
	double th = scaled_theta(p, (double)n), pivot, hp;
	dsp_stats st;
	int rc;

	s->n = (double)n;
	s->beta = 1;
	if ((rc = dsp_softmax_stats_x(e, isz, n, th, &st)) != DSP_OK)
		return rc;
	pivot = th > 0 ? st.emax : st.emin;
	if (p->adaptive) {
		if ((rc = paper_entropy_array(e, isz, n, th, pivot, st.logz_shift, &hp,
		    NULL)) != DSP_OK)
			return rc;
		s->beta = dsp_adaptive_beta(hp);
		th /= s->beta;
		/* A tiny theta / beta can round to 0: the argmax limit, which
		 * the kernel does not compute and the runs route does. */
		if (th == 0)
			return DSP_ENOTSUP;
		if ((rc = dsp_softmax_stats_x(e, isz, n, th, &st)) != DSP_OK)
			return rc;
	}
	s->theta_eff = th;
	s->logit_min = st.emin;
	s->logit_max = st.emax;
	s->entropy = st.entropy;
	s->max_weight = st.max_weight;
	s->min_weight = st.min_weight;
	s->total = 1;
	s->topk_mass = st.max_weight;
	s->entropy_paper = NAN;
	if (lite && !p->adaptive) {
		fill_bounds(p, s, 1);
		return DSP_OK;
	}
	/* Its status, not a NaN figure, when the pass fails (its chunks'
	 * partial sums could not be allocated). */
	if ((rc = paper_entropy_array(e, isz, n, th, pivot, st.logz_shift,
	    &s->entropy_paper, &s->zero_weights)) != DSP_OK)
		return rc;
	fill_bounds(p, s, 1);
	return DSP_OK;
}

int
dsp_eval_summarise_fast(const dsp_params *p, const double *e, size_t n, int lite, dsp_summary *s)
{
	return summarise_fast_x(p, e, 8, n, lite, s);
}

/* Whether the explicit route summarises straight from the logits with the
 * softmax kernel (which reads every one and fails on a non-finite one). */
int
dsp_eval_route_kernel(const dsp_params *p)
{
	return dsp_attn_is_softmax(p->attn) && p->theta != 0 && p->topk <= 1;
}

/* given: the family's logits already generated (dsp_eval_logits, whose
 * caller needs no paper entropy or zero count), else NULL.  A file's logits are borrowed, never copied. */
static int
eval_explicit(const dsp_params *p, const double *given, dsp_runs *w, dsp_summary *s)
{
	dsp_runs *e = NULL, *tmp = NULL;
	const double *x = given;
	double *own = NULL;
	size_t n = p->family == DSP_FAM_FILE ? p->n_logits : (size_t)p->n;
	dsp_summary ks;
	int rc, kernel = 0;

	if (x == NULL && p->family == DSP_FAM_FILE && p->logits != NULL)
		x = p->logits;
	/* A float row in place: the kernel reads it, nothing else can. */
	if (x == NULL && p->family == DSP_FAM_FILE && p->logits_x != NULL) {
		s->method = DSP_METHOD_EXPLICIT;
		if (route_kernel(p) && w == NULL)
			return summarise_fast_x(p, p->logits_x, p->logits_xsize, n, 0, s);
		return dsp_fail(DSP_ENOTSUP, "the logits are not converted to doubles");
	}
	if (x == NULL) {
		if ((rc = dsp_family_alloc(p, &own)) != DSP_OK)
			return rc;
		x = own;
	}
	s->method = DSP_METHOD_EXPLICIT;
	/* The summary's figures come from the kernel wherever it can compute
	 * them, also when the weights are wanted (the TUI's histogram): so
	 * report, the screen and a snapshot print the same bits.  The weights
	 * are then the runs route's, below. */
	if (route_kernel(p) &&
	    (rc = summarise_fast(p, x, n, given != NULL, s)) != DSP_ENOTSUP) {
		if (rc != DSP_OK || w == NULL) {
			free(own);
			return rc;
		}
		ks = *s;
		kernel = 1;
	}
	if ((e = dsp_runs_alloc(1024)) == NULL || (w == NULL &&
	    (tmp = dsp_runs_alloc(1024)) == NULL)) {
		rc = dsp_fail_nomem(NULL, 0);
		goto out;
	}
	/* Item by item: adjacent equal logits merge, which is still exact. */
	if ((rc = dsp_runs_from_array(e, x, n)) != DSP_OK)
		goto out;
	rc = summarise_runs(p, e, w ? w : tmp, s);
	if (rc == DSP_OK && kernel)
		*s = ks;
out:
	free(own);
	dsp_runs_free(e);
	dsp_runs_free(tmp);
	return rc;
}

/* Stick-breaking and selective attention follow the items in position
 * order, so the power series near |lambda| = 1 is a run a term: past 2^22
 * of them refused, 2^26 asked 2 GiB.  But both put their weight at the
 * front: an item past the first J weighs at most what an item with the
 * tail's largest x = e/theta would weigh there (the row's tail_log, a pass
 * over J terms with nothing allocated).  Where that is under e^-750, far
 * below the least double, every tail weight is 0 in double, and the head
 * of J terms with the tail as that item's run (dsp_family_power_head)
 * gives every figure of the whole row: J = 2^16, 2^18, ... 2^22, the
 * first that does.  Else DSP_ENOTSUP: the whole series, as before. */
#define ORDERED_HEAD_MIN	((uint64_t)1 << 16)
#define ORDERED_LOG_ZERO	(-750.0)

static int
ordered_head(const dsp_params *p, dsp_runs *e)
{
	const dsp_attn_row *row = dsp_attn_row_of(p->attn);
	double terms, far, other, bound;
	uint64_t j;
	int rc;

	if (row == NULL || row->tail_log == NULL || p->family != DSP_FAM_POWER ||
	    !(fabs(p->lambda) < 1) || p->lambda == 0)
		return DSP_ENOTSUP;
	terms = dsp_power_terms(p, dsp_power_tol(p));
	for (j = ORDERED_HEAD_MIN; j <= DSP_POWER_MAX_RUNS && (double)j < terms &&
	    j + 2 < p->n; j <<= 2) {
		if ((rc = dsp_family_power_tail(p, j, &far, &other)) != DSP_OK)
			return rc;
		bound = row->tail_log(p, j, dsp_alt_scaled(far, p->theta));
		if ((rc = dsp_job_poll()) != DSP_OK)
			return rc;
		if (bound < ORDERED_LOG_ZERO)
			return dsp_family_power_head(p, j, e);
	}
	return DSP_ENOTSUP;
}

/* The family's runs for p.  sparsemax and entmax cut the support at a
 * threshold, and the power series' tail run (one value, 0, for every term
 * with |e| below the cut) gets one weight: right only if all those terms lie
 * on the same side of the support edge, and far enough from it that their
 * weights agree to double precision.  At 2^60 items the edge lies within
 * ~n^-(alpha-1) of the tail, far inside the default cut |theta| 2^-60
 * (entmax 2.44 at 2^60 counted 22 zero weights instead of 32).  So: cut,
 * solve, and while the tail's largest term |last head term * lambda| is not
 * below |edge| 2^-52, cut again at |edge| 2^-60 (twice suffices in practice;
 * the loop is bounded). */
#define ENTMAX_TAIL_ITER 8

static int
family_runs_for(const dsp_params *p, int ordered, dsp_runs *e, dsp_runs *scratch)
{
	double tol = 0, tail, edge;
	int it, rc;

	if ((rc = dsp_eval_support_runs(p, ordered, e, scratch)) != DSP_ENOTSUP)
		return rc;
	if (ordered && (rc = ordered_head(p, e)) != DSP_ENOTSUP)
		return rc;
	dsp_runs_clear(e);
	for (it = 0; it < ENTMAX_TAIL_ITER; it++) {
		rc = ordered || it > 0 ? dsp_family_runs_tol(p, tol, e) :
		    dsp_family_multiset(p, e);
		if (rc != DSP_OK)
			return rc;
		if (!dsp_attn_has(p->attn, DSP_ATTN_F_SUPPORT) ||
		    p->family != DSP_FAM_POWER || p->theta == 0 || p->lambda == 0 ||
		    p->delta == 0 || e->len == 0 || e->value[e->len - 1] != 0)
			return DSP_OK;	/* no tail run standing for other values */
		tail = e->len > 1 ? fabs(e->value[e->len - 2] * p->lambda) : fabs(p->delta);
		if ((rc = dsp_alt_weights_runs_edge(p->attn, e, p->theta, p->alpha,
		    scratch, &edge)) != DSP_OK)
			return rc;
		if (!(tail > fabs(edge) * 0x1p-52) || !(fabs(edge) * 0x1p-60 > 0))
			return DSP_OK;
		tol = fabs(edge) * 0x1p-60;
	}
	return DSP_OK;
}

static int
eval_runs(const dsp_params *p, dsp_runs *w, dsp_summary *s)
{
	dsp_runs *e, *tmp = NULL;
	int rc;

	if ((e = dsp_runs_alloc(64)) == NULL ||
	    (w == NULL && (tmp = dsp_runs_alloc(64)) == NULL)) {
		dsp_runs_free(e);
		return dsp_fail_nomem(NULL, 0);
	}
	s->method = DSP_METHOD_RUNS;
	/* Without weights to return the order of the items is free. */
	if ((rc = family_runs_for(p, w != NULL || dsp_attn_ordered(p->attn), e,
	    w ? w : tmp)) == DSP_OK)
		rc = summarise_runs(p, e, w ? w : tmp, s);
	dsp_runs_free(e);
	dsp_runs_free(tmp);
	return rc;
}

/* The tabulated law of a family without a closed quantile (typical.h):
 * the empirical row's values, the pieces of a family row that has them
 * (the learned head's). */
static int
dsp_eval_typical_law(const dsp_params *p, dsp_lawtab *law, int *have)
{
	const dsp_family_row *fr = dsp_family_row_of(p->family);
	double *v0, *v1, *pw;
	size_t np;
	int rc;

	*have = 0;
	if (p->family == DSP_FAM_EMPIRICAL)
		rc = dsp_lawtab_atoms(p->logits, p->n_logits, law);
	else if (fr != NULL && fr->pieces != NULL) {
		if ((rc = fr->pieces(p, &v0, &v1, &pw, &np)) != DSP_OK)
			return rc;
		rc = dsp_lawtab_pieces(v0, v1, pw, np, law);
		free(v0);
		free(v1);
		free(pw);
	} else
		return DSP_OK;
	*have = rc == DSP_OK;
	return rc;
}

/* The empirical row's law held by dsp_eval_law_hold (eval.h) for a series
 * of sizes; per thread, as curves run on workers. */
static _Thread_local struct {
	const double	*v;
	size_t		 m;
	dsp_lawtab	 law;
	int		 have;
} held_law;

int
dsp_eval_law_hold(const dsp_params *p, int *held)
{
	int rc;

	*held = 0;
	if (p->family != DSP_FAM_EMPIRICAL || held_law.have ||
	    dsp_params_check(p) != DSP_OK)
		return DSP_OK;
	if ((rc = dsp_eval_typical_law(p, &held_law.law, &held_law.have)) != DSP_OK)
		return rc;
	held_law.v = p->logits;
	held_law.m = p->n_logits;
	*held = held_law.have;
	return DSP_OK;
}

void
dsp_eval_law_release(int held)
{
	if (!held || !held_law.have)
		return;
	dsp_lawtab_free(&held_law.law);
	held_law.have = 0;
	held_law.v = NULL;
}

/* The configuration of p's law at p->n, its bins weighted at t. */
int
dsp_eval_typical_runs(const dsp_params *p, double t, dsp_runs *e)
{
	dsp_lawtab law;
	int rc, have = 0;

	if (held_law.have && p->family == DSP_FAM_EMPIRICAL &&
	    p->logits == held_law.v && p->n_logits == held_law.m)
		return dsp_typical_runs(p, &held_law.law, t, e);
	if ((rc = dsp_eval_typical_law(p, &law, &have)) == DSP_OK)
		rc = dsp_typical_runs(p, have ? &law : NULL, t, e);
	if (have)
		dsp_lawtab_free(&law);
	return rc;
}

/* Random families past the item-by-item size: the typical configuration
 * of their law (core/math/typical.h), summarised as runs like any other. */
static int
eval_typical(const dsp_params *p, dsp_summary *s)
{
	dsp_runs *e, *w;
	double th = scaled_theta(p, (double)p->n);
	int rc;

	e = dsp_runs_alloc(8192);
	w = dsp_runs_alloc(8192);
	if (e == NULL || w == NULL)
		rc = dsp_fail(DSP_ENOMEM, "out of memory");
	else if ((rc = dsp_eval_typical_runs(p, dsp_attn_is_softmax(p->attn) && th != 0 ?
	    1 / th : 0, e)) == DSP_OK)
		rc = summarise_runs(p, e, w, s);
	s->method = DSP_METHOD_TYPICAL;
	dsp_runs_free(e);
	dsp_runs_free(w);
	return rc;
}

/* The route of an evaluation without weights: 1 when it is item by item
 * over the family's generated logits.  Depends on neither theta nor
 * lambda's value for families other than the power series. */
static int
route_structured(const dsp_params *p)
{
	return p->family == DSP_FAM_SPIKE ||
	    (p->family == DSP_FAM_POWER && fabs(p->lambda) <= 1);
}

static int
route_explicit(const dsp_params *p, int weights)
{
	uint64_t n = p->family == DSP_FAM_FILE ? p->n_logits : p->n;

	if (route_structured(p) || (!weights && dsp_eval_power_applies(p)))
		return 0;
	/* A file's logits are in memory already: their weights are one pass
	 * up to the memory cap, whatever size a view draws random families
	 * to (its explicit_max). */
	if (weights && p->family == DSP_FAM_FILE && n <= DSP_EXPLICIT_MAX)
		return 1;
	if (n <= explicit_limit(p) || (weights && n <= DSP_EXPLICIT_MAX &&
	    p->explicit_max == 0 && p->family != DSP_FAM_LEARNED))
		return 1;
	if (weights)
		return 0;
	if (p->family == DSP_FAM_RAMP && dsp_attn_is_softmax(p->attn) && n > 1)
		return 0;
	if (dsp_family_iid(p->family))
		return 0;
	return 1;
}

/* 1 when dsp_eval_wstream(p) streams its weights from the logits. */
static int
route_stream(const dsp_params *p)
{
	return !route_structured(p) && route_explicit(p, 1) &&
	    dsp_attn_is_softmax(p->attn) && p->topk <= 1 &&
	    p->precision == DSP_PREC_DOUBLE;
}

static int
eval_route_any(const dsp_params *p, const double *given, dsp_runs *w, dsp_wstream *ws,
    dsp_summary *s)
{
	uint64_t n = p->family == DSP_FAM_FILE ? p->n_logits : p->n;

	if (ws != NULL)
		return eval_stream(p, ws, s);
	if (route_structured(p))
		return eval_runs(p, w, s);
	if (route_explicit(p, w != NULL))
		return eval_explicit(p, given, w, s);
	if (w != NULL)
		return dsp_fail(DSP_ETOOBIG,
		    "%s weights at n = %llu need more memory than the 2^27 limit",
		    dsp_family_name(p->family), (unsigned long long)n);
	if (p->family == DSP_FAM_RAMP && dsp_attn_is_softmax(p->attn) && n > 1)
		return eval_ramp(p, s);
	if (dsp_typical_family(p->family) && !dsp_attn_ordered(p->attn))
		return eval_typical(p, s);
	return eval_expected(p, s);
}

/* The power series near |lambda| = 1 in closed form (eval_power.c).  With
 * weights, they come from their own route and the figures from the closed
 * form, so report, the screen and a snapshot print the same bits (as
 * eval_explicit does with the kernel). */
static int
eval_route(const dsp_params *p, const double *given, dsp_runs *w, dsp_wstream *ws,
    dsp_summary *s)
{
	dsp_summary c;
	int rc;

	if (!dsp_eval_power_applies(p))
		return eval_route_any(p, given, w, ws, s);
	if (w == NULL && ws == NULL)
		return dsp_eval_power_route(p, s);
	memset(&c, 0, sizeof c);
	c.zero_weights = NAN;
	if ((rc = eval_route_any(p, given, w, ws, s)) != DSP_OK ||
	    (rc = dsp_eval_power_route(p, &c)) != DSP_OK)
		return rc;
	*s = c;
	return DSP_OK;
}

int
dsp_eval_is_explicit(const dsp_params *p)
{
	return dsp_params_check(p) == DSP_OK && route_explicit(p, 0);
}

int
dsp_eval_is_closed(const dsp_params *p)
{
	return dsp_params_check(p) == DSP_OK && dsp_eval_power_applies(p);
}

int
dsp_eval_rejects_nonfinite(const dsp_params *p)
{
	return p->family == DSP_FAM_FILE && dsp_params_check(p) == DSP_OK &&
	    route_explicit(p, 0) && route_kernel(p);
}

/* A temperature scaled with n (SSMax's theta / (s log n), log-n's) that no
 * double holds says why here, instead of a route's "temperature must be
 * finite" (--ssmax-s 1e-320 at n = 2^63 overflowed). */
static int
scaled_theta_check(const dsp_params *p)
{
	uint64_t n = p->family == DSP_FAM_FILE ? p->n_logits : p->n;
	double th = scaled_theta(p, (double)n);
	int over = th != 0;

	if (!dsp_attn_scales_n(p->attn) || n <= 1 || (isfinite(th) && th != 0))
		return DSP_OK;
	return dsp_fail(DSP_EINVAL, "%s at n = %llu: the temperature theta / (s log n) = "
	    "%g / (%g x %.6g) %s a double (give a %s --ssmax-s or a %s --theta)",
	    dsp_attn_name(p->attn), (unsigned long long)n, p->theta,
	    dsp_attn_row_of(p->attn)->log_scale(p), log((double)n),
	    over ? "overflows" : "underflows", over ? "larger" : "smaller",
	    over ? "smaller" : "larger");
}

static int
eval_common(const dsp_params *p, const double *given, dsp_runs *w, dsp_wstream *ws,
    dsp_summary *out)
{
	double t0 = dsp_now_ms();
	int rc;

	memset(out, 0, sizeof *out);
	if ((rc = dsp_params_check(p)) != DSP_OK || (rc = scaled_theta_check(p)) != DSP_OK)
		return rc;
	if (w != NULL)
		dsp_runs_clear(w);
	out->zero_weights = NAN;
	rc = eval_route(p, given, w, ws, out);
	if (rc == DSP_OK && isnan(out->zero_weights) && out->min_weight > 0)
		out->zero_weights = 0;
	/* Number-format emulation re-summarises the exact evaluation. */
	if (rc == DSP_OK && p->precision != DSP_PREC_DOUBLE)
		rc = dsp_prec_resummarise(p, DSP_PREC_MODEL_DEFAULT, w, out);
	/* The gate (core/schema/gate.h): every route ends here, so no figure leaves
	 * the core unchecked. */
	if (rc == DSP_OK)
		rc = dsp_gate(p, out);
	out->elapsed_ms = dsp_now_ms() - t0;
	return rc;
}

int
dsp_eval(const dsp_params *p, dsp_summary *out)
{
	return eval_common(p, NULL, NULL, NULL, out);
}

int
dsp_eval_logits(const dsp_params *p, const double *x, dsp_summary *out)
{
	return eval_common(p, route_explicit(p, 0) ? x : NULL, NULL, NULL, out);
}

int
dsp_eval_weights(const dsp_params *p, dsp_runs *w, dsp_summary *out)
{
	dsp_summary tmp;

	return eval_common(p, NULL, w, NULL, out ? out : &tmp);
}

int
dsp_eval_wstream(const dsp_params *p, dsp_wstream *ws, dsp_summary *out)
{
	memset(ws, 0, sizeof *ws);
	if (dsp_params_check(p) == DSP_OK && route_stream(p))
		return eval_common(p, NULL, NULL, ws, out);
	if ((ws->w = dsp_runs_alloc(64)) == NULL)
		return dsp_fail_nomem(NULL, 0);
	return dsp_eval_weights(p, ws->w, out);
}
