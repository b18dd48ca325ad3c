/* Evaluation of one view: routes each family to its cheapest exact method
 * and fills the summary the screen, the CLI and the exporters show. */
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
#include "core/schema/family.h"
#include "core/schema/figures.h"
#include "core/schema/gate.h"
#include "core/job.h"
#include "core/math/kernel.h"
#include "core/train/learned.h"
#include "core/train/maxret.h"
#include "core/math/precision.h"
#include "core/math/quad.h"
#include "core/math/softmax.h"
#include "core/math/typical.h"

/* The ramp has closed forms; past the route policy's size (eval.h) they
 * replace the explicit sum (the same numbers, cheaper). */
#define RAMP_EXPLICIT_MAX	DSP_VIEW_EXPLICIT_MAX
_Static_assert(DSP_RAMP_EXPLICIT_MAX == DSP_VIEW_EXPLICIT_MAX,
    "dsp_family_explicit_limit and the route policy name one size for the ramp");

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

static uint64_t
explicit_limit(const dsp_params *p)
{
	return dsp_family_explicit_limit(p);
}

/* Temperature after the n-dependent scalings of SSMax and log-n attention. */
static double
scaled_theta(const dsp_params *p, double n)
{
	if (n <= 1)
		return p->theta;
	switch (p->attn) {
	case DSP_ATTN_SSMAX:
		return p->theta / (p->ssmax_s * log(n));
	case DSP_ATTN_LOGN:
		return p->theta / log(n);
	default:
		return p->theta;
	}
}

static void
fill_bounds(const dsp_params *p, dsp_summary *s, int softmax_like)
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
paper_entropy_array(const double *e, size_t n, double theta, double pivot, double logz,
    double *h, double *zeros)
{
	dsp_stats st;

	st.pivot = pivot;
	st.logz_shift = logz;
	return dsp_softmax_paper_entropy(e, n, theta, &st, h, zeros);
}

/* Softmax-type summary straight from the logits, no weight array.  lite:
 * the caller reads neither the paper entropy nor the zero-weight count
 * (the map), so their passes are skipped (both NaN) unless adaptive
 * temperature needs the paper entropy. */
static int
summarise_fast(const dsp_params *p, const double *e, size_t n, int lite, dsp_summary *s)
{
	double th = scaled_theta(p, (double)n), pivot, hp;
	dsp_stats st;
	int rc;

	s->n = (double)n;
	s->beta = 1;
	if ((rc = dsp_softmax_stats(e, n, th, &st)) != DSP_OK)
		return rc;
	pivot = th > 0 ? st.emax : st.emin;
	if (p->adaptive) {
		if ((rc = paper_entropy_array(e, n, th, pivot, st.logz_shift, &hp,
		    NULL)) != DSP_OK)
			return rc;
		s->beta = dsp_adaptive_beta(hp);
		th /= s->beta;
		/* A tiny theta / beta can round to 0: the argmax limit, which
		 * the kernel does not compute and the runs route does. */
		if (th == 0)
			return DSP_ENOTSUP;
		if ((rc = dsp_softmax_stats(e, n, th, &st)) != DSP_OK)
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
	if ((rc = paper_entropy_array(e, n, th, pivot, st.logz_shift,
	    &s->entropy_paper, &s->zero_weights)) != DSP_OK)
		return rc;
	fill_bounds(p, s, 1);
	return DSP_OK;
}

/* Whether the explicit route summarises straight from the logits with the
 * softmax kernel (which reads every one and fails on a non-finite one). */
static int
route_kernel(const dsp_params *p)
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

/* ---- Weights streamed from the logits (dsp_eval_wstream) ----
 * Each function below is the twin of a runs function (softmax.c,
 * summarise_runs) over the runs dsp_runs_from_array would build -- one
 * run per stretch of adjacent equal logits, valued at its first -- walked
 * in place, with the same expressions in the same order, so every number
 * is bit for bit the one of the runs route.  No n-sized array is made. */

/* The run of x starting at i: its end. */
static size_t
run_end(const double *x, size_t n, size_t i)
{
	size_t j = i + 1;

	while (j < n && x[j] == x[i])
		j++;
	return j;
}

/* Runs, logit min / max (dsp_runs_minmax), and the first non-finite
 * logit's run index (softmax.c check_finite over the run values). */
static int
stream_scan(const double *x, size_t n, size_t *runs, double *lo, double *hi)
{
	size_t i, j, r = 0;
	double a = INFINITY, b = -INFINITY;

	for (i = 0; i < n; i = j, r++) {
		j = run_end(x, n, i);
		if (!isfinite(x[i]))
			return dsp_fail(DSP_EINVAL, "logit %zu is not finite (%g)", r, x[i]);
		if (x[i] < a)
			a = x[i];
		if (x[i] > b)
			b = x[i];
	}
	*runs = r;
	*lo = a;
	*hi = b;
	return DSP_OK;
}

double
dsp_wstream_weight(const dsp_wstream *ws, double v)
{
	if (ws->theta == 0)
		return v == ws->pivot ? ws->tie : 0.0;
	return exp((v - ws->pivot) / ws->theta) / ws->z;
}

int
dsp_wstream_rising(const dsp_wstream *ws)
{
	return ws->theta >= 0;
}

/* dsp_softmax_runs at theta (its normaliser z, or the ties' share) fused
 * with dsp_softmax_entropy_runs (returned): one pass of exponentials. */
static double
stream_softmax(dsp_wstream *ws, double theta)
{
	const double *x = ws->x;
	double c0 = 0, zr = 0, wx = 0, xx, t, c, z = 0;
	uint64_t ties = 0;
	size_t i, j;

	ws->theta = theta;
	if (theta == 0) {
		for (i = 0; i < ws->n; i = j) {
			j = run_end(x, ws->n, i);
			if (x[i] == ws->pivot)
				ties += (uint64_t)(j - i);
		}
		ws->tie = 1.0 / (double)ties;
		return log((double)ties);
	}
	for (i = 0; i < ws->n; i = j) {
		j = run_end(x, ws->n, i);
		c = (double)(uint64_t)(j - i);
		xx = (x[i] - ws->pivot) / theta;
		t = exp(xx);
		z += c * t;
		if (xx == 0) {
			c0 += c;
			continue;
		}
		zr += c * t;
		wx += c * t * xx;
	}
	ws->z = z;
	return log1p((c0 - 1) + zr) - wx / (c0 + zr);
}

/* dsp_entropy_paper_runs of the weights. */
static double
stream_paper(const dsp_wstream *ws)
{
	double h = 0, w;
	size_t i, j;

	for (i = 0; i < ws->n; i = j) {
		j = run_end(ws->x, ws->n, i);
		w = dsp_wstream_weight(ws, ws->x[i]);
		h -= (double)(uint64_t)(j - i) * w * log(w + DSP_PAPER_ENTROPY_EPS);
	}
	return h;
}

/* summarise_runs for a softmax-type function over streamed weights. */
static int
summarise_stream(const dsp_params *p, dsp_wstream *ws, dsp_summary *s)
{
	double th = scaled_theta(p, (double)ws->n), t = 0, mn = INFINITY, mx = -INFINITY;
	double h = 0, w, c;
	size_t i, j;
	int rc;

	s->n = (double)ws->n;
	if (ws->n == 0)
		return dsp_fail(DSP_EEMPTY, "softmax of no logits");
	if (!isfinite(th))
		return dsp_fail(DSP_EINVAL, "temperature must be finite");
	if ((rc = stream_scan(ws->x, ws->n, &ws->runs, &s->logit_min, &s->logit_max)) != DSP_OK)
		return rc;
	ws->pivot = th >= 0 ? s->logit_max : s->logit_min;
	s->beta = 1;
	s->entropy = stream_softmax(ws, th);
	if (p->adaptive) {
		if ((rc = dsp_job_poll()) != DSP_OK)
			return rc;
		s->beta = dsp_adaptive_beta(stream_paper(ws));
		th /= s->beta;
		/* dsp_adaptive_softmax_runs: the pivot is taken again with the
		 * new temperature's sign.  beta >= 1 keeps it, except where a
		 * tiny negative theta underflows to -0: theta 0, the argmax
		 * limit, pivots at the largest logit. */
		ws->pivot = th >= 0 ? s->logit_max : s->logit_min;
		s->entropy = stream_softmax(ws, th);
	}
	s->theta_eff = th;
	if ((rc = dsp_job_poll()) != DSP_OK)
		return rc;
	/* The summary's figures are the kernel's, as in eval_explicit (the
	 * same bits as report and the screen); the weights stream as set up
	 * above.  Only where the kernel cannot (theta 0) are they summed
	 * from the weights. */
	if (route_kernel(p)) {
		dsp_summary k = *s;

		if ((rc = summarise_fast(p, ws->x, ws->n, 0, &k)) == DSP_OK) {
			*s = k;
			return DSP_OK;
		}
		if (rc != DSP_ENOTSUP)
			return rc;
	}
	/* summarise_runs' total, zero count, weight min / max and paper
	 * entropy: one pass. */
	s->zero_weights = 0;
	for (i = 0; i < ws->n; i = j) {
		j = run_end(ws->x, ws->n, i);
		c = (double)(uint64_t)(j - i);
		w = dsp_wstream_weight(ws, ws->x[i]);
		t += c * w;
		if (w == 0)
			s->zero_weights += c;
		if (w < mn)
			mn = w;
		if (w > mx)
			mx = w;
		h -= c * w * log(w + DSP_PAPER_ENTROPY_EPS);
	}
	s->total = t;
	s->min_weight = mn;
	s->max_weight = mx;
	s->entropy_paper = h;
	/* dsp_topk_mass_runs(w, 1) is the largest weight, exactly. */
	s->topk_mass = mx;
	fill_bounds(p, s, 1);
	return DSP_OK;
}

static int
eval_stream(const dsp_params *p, dsp_wstream *ws, dsp_summary *s)
{
	int rc;

	s->method = DSP_METHOD_EXPLICIT;
	ws->n = p->family == DSP_FAM_FILE ? p->n_logits : (size_t)p->n;
	if (p->family == DSP_FAM_FILE && p->logits != NULL)
		ws->x = p->logits;
	else {
		if ((rc = dsp_family_alloc(p, &ws->own)) != DSP_OK)
			return rc;
		ws->x = ws->own;
	}
	return summarise_stream(p, ws, s);
}

size_t
dsp_wstream_len(const dsp_wstream *ws)
{
	return ws->x != NULL ? ws->runs : ws->w != NULL ? ws->w->len : 0;
}

int
dsp_wstream_each(const dsp_wstream *ws, dsp_wrun_fn fn, void *ctx)
{
	size_t i, j;
	int rc = DSP_OK;

	if (ws->x == NULL) {
		for (i = 0; rc == DSP_OK && ws->w != NULL && i < ws->w->len; i++)
			rc = fn(ctx, ws->w->value[i], ws->w->count[i]);
		return rc;
	}
	for (i = 0; rc == DSP_OK && i < ws->n; i = j) {
		j = run_end(ws->x, ws->n, i);
		rc = fn(ctx, dsp_wstream_weight(ws, ws->x[i]), (uint64_t)(j - i));
	}
	return rc;
}

void
dsp_wstream_free(dsp_wstream *ws)
{
	free(ws->own);
	dsp_runs_free(ws->w);
	memset(ws, 0, sizeof *ws);
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

	for (it = 0; it < ENTMAX_TAIL_ITER; it++) {
		rc = ordered || it > 0 ? dsp_family_runs_tol(p, tol, e) :
		    dsp_family_multiset(p, e);
		if (rc != DSP_OK)
			return rc;
		if ((p->attn != DSP_ATTN_SPARSEMAX && p->attn != DSP_ATTN_ENTMAX) ||
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
 * the empirical row's values, the learned head's logit pieces. */
static int
typical_law(const dsp_params *p, dsp_law *law, int *have)
{
	double *v0, *v1, *pw;
	size_t np;
	int rc;

	*have = 0;
	if (p->family == DSP_FAM_EMPIRICAL)
		rc = dsp_law_atoms(p->logits, p->n_logits, law);
	else if (p->family == DSP_FAM_LEARNED) {
		if ((rc = dsp_learned_pieces(p, &v0, &v1, &pw, &np)) != DSP_OK)
			return rc;
		rc = dsp_law_pieces(v0, v1, pw, np, law);
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
	dsp_law		 law;
	int		 have;
} curve_law;

/* Random families past the item-by-item size: the typical configuration
 * of their law (core/math/typical.h), summarised as runs like any other. */
static int
eval_typical(const dsp_params *p, dsp_summary *s)
{
	dsp_runs *e, *w;
	dsp_law law;
	double th = scaled_theta(p, (double)p->n);
	int rc, have = 0;

	e = dsp_runs_alloc(8192);
	w = dsp_runs_alloc(8192);
	if (e == NULL || w == NULL)
		rc = dsp_fail(DSP_ENOMEM, "out of memory");
	else if (curve_law.have && p->family == DSP_FAM_EMPIRICAL &&
	    p->logits == curve_law.v && p->n_logits == curve_law.m) {
		if ((rc = dsp_typical_runs(p, &curve_law.law, dsp_attn_is_softmax(p->attn) &&
		    th != 0 ? 1 / th : 0, e)) == DSP_OK)
			rc = summarise_runs(p, e, w, s);
	} else if ((rc = typical_law(p, &law, &have)) == DSP_OK &&
	    (rc = dsp_typical_runs(p, have ? &law : NULL,
	    dsp_attn_is_softmax(p->attn) && th != 0 ? 1 / th : 0, e)) == DSP_OK)
		rc = summarise_runs(p, e, w, s);
	if (have)
		dsp_law_free(&law);
	s->method = DSP_METHOD_TYPICAL;
	dsp_runs_free(e);
	dsp_runs_free(w);
	return rc;
}

/* dsp_eval_expected_hist for a tabulated law: the typical configuration
 * itself, binned (an atom has no density; its items sit at its value),
 * with the weights of the summary beside it: max_weight e^{(x - pivot)/theta_eff}. */
static int
typical_hist(const dsp_params *p, const dsp_summary *s, double lo10, double hi10,
    size_t bins, double *count)
{
	dsp_runs *e;
	dsp_law law;
	double th = scaled_theta(p, (double)p->n), mn, mx, pivot, l10;
	size_t i, j;
	int rc, have = 0;

	for (j = 0; j < bins; j++)
		count[j] = 0;
	if ((e = dsp_runs_alloc(8192)) == NULL)
		return dsp_fail_nomem(NULL, 0);
	if ((rc = typical_law(p, &law, &have)) == DSP_OK &&
	    (rc = dsp_typical_runs(p, have ? &law : NULL, th != 0 ? 1 / th : 0, e)) == DSP_OK) {
		dsp_runs_minmax(e, &mn, &mx);
		pivot = s->theta_eff > 0 ? mx : mn;
		for (i = 0; i < e->len; i++) {
			l10 = log10(s->max_weight) + (e->value[i] - pivot) / s->theta_eff / M_LN10;
			if (!(l10 >= lo10) || !(l10 <= hi10))
				continue;
			j = (size_t)((l10 - lo10) / (hi10 - lo10) * (double)bins);
			count[j < bins ? j : bins - 1] += (double)e->count[i];
		}
	}
	if (have)
		dsp_law_free(&law);
	dsp_runs_free(e);
	return rc;
}

/* Ramp e_k = delta k/(n-1): weights are q^j / Z, j = distance from the
 * pivot end, q = e^{-u}, u = |delta/theta|/(n-1); geometric closed forms. */
struct ramp {
	double	u, n, logz;
};

static double
ramp_paper_term(double j, void *arg)
{
	const struct ramp *r = arg;
	double q = exp(-r->u * j - r->logz);

	return -q * log(q + DSP_PAPER_ENTROPY_EPS);
}

/* log(1 - e^{-a}) for a > 0 without cancellation (Maechler 2012): the
 * expm1 form near 0, the log1p form past log 2, where 1 - e^{-a} rounds
 * to 1 and log(-expm1(-a)) would return 0 instead of -e^{-a}. */
static double
log1mexp(double a)
{
	return a <= M_LN2 ? log(-expm1(-a)) : log1p(-exp(-a));
}

static double
ramp_mean_index(double u, double n)
{
	/* E[j] = 1/expm1(u) - n/expm1(n u); series where that cancels. */
	if (n * u < 1e-4)
		return (n - 1) / 2 - (n * n - 1) * u / 12;
	return 1 / expm1(u) - n / expm1(n * u);
}

static int
eval_ramp(const dsp_params *p, dsp_summary *s)
{
	double th, n = (double)p->n, pe;
	struct ramp r;
	int pass, rc;

	s->method = DSP_METHOD_ANALYTIC;
	s->n = n;
	s->logit_min = 0;
	s->logit_max = p->delta;
	s->beta = 1;
	th = scaled_theta(p, n);
	if (th == 0) {
		/* Argmax limit (u would be inf and u * E[j] NaN): one maximum
		 * unless delta = 0, where all n logits tie. */
		double k = (double)(p->topk ? p->topk : 1), q = p->delta > 0 ? 1 : 1 / n;

		s->theta_eff = 0;
		s->entropy = p->delta > 0 ? 0 : log(n);
		s->max_weight = q;
		s->min_weight = p->delta > 0 ? 0 : q;
		s->topk_mass = p->delta > 0 ? 1 : fmin(1, k / n);
		s->entropy_paper = -log(q + DSP_PAPER_ENTROPY_EPS);
		s->total = 1;
		fill_bounds(p, s, 1);
		return DSP_OK;
	}
	for (pass = 0; pass < 1 + (p->adaptive != 0); pass++) {
		r.n = n;
		r.u = fabs(p->delta / th) / (n - 1);
		r.logz = r.u > 0 ? log1mexp(n * r.u) - log1mexp(r.u) : log(n);
		s->entropy = r.logz + r.u * ramp_mean_index(r.u, n);
		if (n <= (double)RAMP_EXPLICIT_MAX) {
			uint64_t j;
			for (pe = 0, j = 0; j < p->n; j++)
				pe += ramp_paper_term((double)j, &r);
		} else {
			gsl_function f = { ramp_paper_term, &r };
			double edge[2] = { 0, n - 1 };
			int st;

			if ((rc = dsp_quad(&f, edge, 1, 0, 1e-10, &pe, &st)) != DSP_OK)
				return rc;
			if (st != 0 && st != GSL_EROUND)
				return dsp_fail(DSP_ERANGE, "ramp quadrature failed");
			/* Euler-Maclaurin end correction of the sum. */
			pe += (ramp_paper_term(0, &r) + ramp_paper_term(n - 1, &r)) / 2;
		}
		s->entropy_paper = pe;
		s->max_weight = exp(-r.logz);
		s->min_weight = exp(-r.u * (n - 1) - r.logz);
		s->topk_mass = r.u > 0 ? expm1(-(double)(p->topk ? p->topk : 1) * r.u) /
		    expm1(-n * r.u) : (double)(p->topk ? p->topk : 1) / n;
		if (s->topk_mass > 1)
			s->topk_mass = 1;
		if (pass == 0 && p->adaptive) {
			s->beta = dsp_adaptive_beta(pe);
			th /= s->beta;
		}
	}
	s->theta_eff = th;
	s->total = 1;
	fill_bounds(p, s, 1);
	return DSP_OK;
}

/* Large-n limit for iid logits with density f on [lo, hi]: the law of large
 * numbers turns sums over items into n times expectations. */
struct expect {
	int	gaussian;
	double	sigma, lo, hi, t, pivot, norm, loga, n;
	int	what;	/* 0: A, 1: B, 2: paper entropy integrand */
	/* The learned family: a density constant on each piece (v0, v1),
	 * integrated piece by piece (expect_integral). */
	const dsp_params *learned;
	double	*v0, *v1, *pw;
	size_t	 npieces;
};

static double
expect_density(const struct expect *x, double v)
{
	if (x->learned != NULL)
		return 1;
	if (!x->gaussian)
		return 1 / (x->hi - x->lo);
	return exp(-v * v / (2 * x->sigma * x->sigma)) /
	    (x->sigma * sqrt(2 * M_PI)) / x->norm;
}

static double
expect_integrand(double v, void *arg)
{
	const struct expect *x = arg;
	double d = v - x->pivot, g = exp(x->t * d), q;

	switch (x->what) {
	case 0:
		return expect_density(x, v) * g;
	case 1:
		return expect_density(x, v) * d * g;
	default:
		q = exp(x->t * d - x->loga) / x->n;
		return -expect_density(x, v) * x->n * q * log(q + DSP_PAPER_ENTROPY_EPS);
	}
}

/* Distance from the pivot to learned piece k's nearest logit. */
static double
piece_gap(const struct expect *x, size_t k)
{
	double a = fmin(x->v0[k], x->v1[k]), b = fmax(x->v0[k], x->v1[k]);

	return x->pivot < a ? a - x->pivot : x->pivot > b ? x->pivot - b : 0;
}

#define QUAD_EPSREL	1e-11

static int
expect_integral(struct expect *x, int what, double *out)
{
	gsl_function f = { expect_integrand, x };
	double edge[2] = { x->lo, x->hi }, part, len;
	size_t k, i, *order;
	int rc, st;

	x->what = what;
	if (x->learned == NULL) {
		if ((rc = dsp_quad(&f, edge, 1, 0, QUAD_EPSREL, out, &st)) != DSP_OK)
			return rc;
		if (st != 0 && st != GSL_EROUND)
			return dsp_fail(DSP_ERANGE, "quadrature failed: %s", gsl_strerror(st));
		return DSP_OK;
	}
	/* The learned family's law: the sum over its pieces of the integral
	 * with density w / |v1 - v0| (density 1 in expect_integrand), or w
	 * times the integrand where the logit is flat.  The three integrands
	 * are one-signed and decay like e^{-t |v - pivot|}, so the pieces are
	 * taken nearest the pivot first and each later one only to
	 * QUAD_EPSREL / npieces of the sum so far: far pieces at a large t
	 * are subnormal (n = 2^23 under log-n: e^{-16 x 45}), where a relative
	 * tolerance alone is out of reach and QAGS ran out of subintervals. */
	if ((order = dsp_malloc(x->npieces * sizeof *order)) == NULL)
		return dsp_fail_nomem(NULL, 0);
	for (k = 0; k < x->npieces; k++) {
		/* Insertion by distance from the pivot (at most classes x
		 * (width + 1) pieces). */
		for (i = k; i > 0 && piece_gap(x, order[i - 1]) > piece_gap(x, k); i--)
			order[i] = order[i - 1];
		order[i] = k;
	}
	*out = 0;
	for (i = 0, rc = DSP_OK; i < x->npieces && rc == DSP_OK; i++) {
		k = order[i];
		edge[0] = fmin(x->v0[k], x->v1[k]);
		edge[1] = fmax(x->v0[k], x->v1[k]);
		len = edge[1] - edge[0];
		if (!(len > 1e-12 * (fabs(edge[0]) + 1))) {
			*out += x->pw[k] * expect_integrand(edge[0], x);
			continue;
		}
		if ((rc = dsp_quad(&f, edge, 1, QUAD_EPSREL * fabs(*out) * len /
		    (x->pw[k] * (double)x->npieces), QUAD_EPSREL, &part, &st)) != DSP_OK)
			break;
		if (st != 0 && st != GSL_EROUND)
			rc = dsp_fail(DSP_ERANGE, "quadrature failed: %s", gsl_strerror(st));
		else
			*out += x->pw[k] / len * part;
	}
	free(order);
	return rc;
}

/* A, B and the paper entropy at x->t about x->pivot: quadrature over the
 * density, or for the empirical family exact sums over its values. */
static int
expect_moments(const dsp_params *p, struct expect *x, double *a, double *b,
    double *pe)
{
	int rc;

	if (p->family == DSP_FAM_EMPIRICAL) {
		dsp_empirical_moments(p->logits, p->n_logits, x->t, x->pivot, x->n,
		    a, b, pe);
		x->loga = log(*a);
		return DSP_OK;
	}
	if ((rc = expect_integral(x, 0, a)) != DSP_OK ||
	    (rc = expect_integral(x, 1, b)) != DSP_OK)
		return rc;
	x->loga = log(*a);
	return expect_integral(x, 2, pe);
}

/* The passes of eval_expected (two with adaptive temperature). */
static int
expected_passes(const dsp_params *p, struct expect *xp, dsp_summary *s)
{
	struct expect x = *xp;
	double n = (double)p->n, th, a, b, pe, ties;
	int pass, rc;

	s->method = DSP_METHOD_EXPECTED;
	s->n = n;
	s->logit_min = x.lo;
	s->logit_max = x.hi;
	s->beta = 1;
	s->total = 1;
	th = scaled_theta(p, n);
	if ((p->delta == 0 && x.learned == NULL && p->family != DSP_FAM_EMPIRICAL) ||
	    x.lo == x.hi || th == 0) {
		/* All logits equal, or the argmax limit: the keys at the
		 * maximum share the weight -- one in a continuum, about n
		 * times the maximum's share of the empirical row's values. */
		ties = th != 0 ? n : p->family != DSP_FAM_EMPIRICAL ? 1 :
		    fmin(n, fmax(1, nearbyint(n * dsp_empirical_top_share(p->logits,
		    p->n_logits))));
		s->theta_eff = th;
		s->entropy = log(ties);
		s->max_weight = 1 / ties;
		s->min_weight = ties == n ? 1 / n : 0;
		s->topk_mass = fmin(1, (double)(p->topk ? p->topk : 1) / ties);
		s->entropy_paper = ties == 1 ? 0 : -log(1 / ties + DSP_PAPER_ENTROPY_EPS);
		fill_bounds(p, s, 1);
		return DSP_OK;
	}
	for (pass = 0; pass < 1 + (p->adaptive != 0); pass++) {
		x.t = 1 / th;
		x.pivot = th > 0 ? x.hi : x.lo;
		if ((rc = expect_moments(p, &x, &a, &b, &pe)) != DSP_OK)
			return rc;
		s->entropy = log(n) + x.loga - x.t * b / a;
		s->entropy_paper = pe;
		s->max_weight = 1 / (n * a);
		s->min_weight = exp(x.t * ((th > 0 ? x.lo : x.hi) - x.pivot)) / (n * a);
		s->topk_mass = fmin(1, (double)(p->topk ? p->topk : 1) * s->max_weight);
		if (pass == 0 && p->adaptive) {
			s->beta = dsp_adaptive_beta(pe);
			th /= s->beta;
		}
	}
	s->theta_eff = th;
	fill_bounds(p, s, 1);
	return DSP_OK;
}

static int
eval_expected(const dsp_params *p, dsp_summary *s)
{
	struct expect x;
	int rc;

	if (p->attn == DSP_ATTN_SIGMOID)
		return dsp_alt_sigmoid_expected(p, s);
	if (!dsp_attn_is_softmax(p->attn))
		return dsp_fail(DSP_ENOTSUP,
		    "%s has no large-n limit for %s: item by item only, up to n = %llu",
		    dsp_attn_name(p->attn), dsp_family_name(p->family),
		    (unsigned long long)explicit_limit(p));
	memset(&x, 0, sizeof x);
	x.n = (double)p->n;
	x.gaussian = p->family == DSP_FAM_GAUSSIAN;
	x.sigma = p->delta;
	dsp_family_range(p, &x.lo, &x.hi);
	if (x.gaussian)
		x.norm = erf(x.hi / (p->delta * M_SQRT2));
	if (p->family == DSP_FAM_LEARNED) {
		if ((rc = dsp_learned_range(p, &x.lo, &x.hi)) != DSP_OK ||
		    (rc = dsp_learned_pieces(p, &x.v0, &x.v1, &x.pw, &x.npieces)) != DSP_OK)
			return rc;
		x.learned = p;
	}
	rc = expected_passes(p, &x, s);
	free(x.v0);
	free(x.v1);
	free(x.pw);
	return rc;
}

/* The expected distribution of the weights where no item is drawn
 * (random families past the explicit size, the ramp's closed form): an
 * item with logit x has weight w(x) = max_weight e^{(x - pivot)/theta_eff}
 * (pivot the top logit, or the bottom one for theta < 0), monotone in x,
 * so the items with log10 w in [b, b'] are those with x in one interval
 * and their expected count is n P(X in it), integrated over the family's
 * logit density with the same quadrature as the expected limit. */
int
dsp_eval_expected_hist(const dsp_params *p, const dsp_summary *s, double lo10,
    double hi10, size_t bins, double *count)
{
	struct expect x;
	double th = s->theta_eff, lm, xa, xb, t, mass, edge[2];
	gsl_function f = { expect_integrand, &x };
	size_t j;
	int rc, st;

	if (p->family != DSP_FAM_UNIFORM && p->family != DSP_FAM_GAUSSIAN &&
	    p->family != DSP_FAM_RAMP && !(s->method == DSP_METHOD_TYPICAL &&
	    dsp_typical_family(p->family)))
		return dsp_fail(DSP_ENOTSUP, "no expected weight distribution for %s",
		    dsp_family_name(p->family));
	if (!dsp_attn_is_softmax(p->attn))
		return dsp_fail(DSP_ENOTSUP, "the expected weight distribution is softmax's");
	if (th == 0 || !(s->max_weight > 0) || bins == 0 || !(hi10 > lo10) ||
	    (p->delta == 0 && (p->family == DSP_FAM_UNIFORM || p->family == DSP_FAM_GAUSSIAN)))
		return dsp_fail(DSP_EINVAL, "no spread of weights to bin");
	if (p->family == DSP_FAM_EMPIRICAL || p->family == DSP_FAM_LEARNED)
		return typical_hist(p, s, lo10, hi10, bins, count);
	memset(&x, 0, sizeof x);
	x.gaussian = p->family == DSP_FAM_GAUSSIAN;
	x.sigma = p->delta;
	x.n = s->n;
	dsp_family_range(p, &x.lo, &x.hi);
	if (x.gaussian)
		x.norm = erf(x.hi / (p->delta * M_SQRT2));
	x.what = 0;
	x.t = 0;		/* integrand 0 is then the density alone */
	/* The typical configuration's extreme items are its own (the law's
	 * median-rank quantiles), not the ends of the law's range. */
	if (s->method == DSP_METHOD_TYPICAL) {
		x.lo = fmax(x.lo, s->logit_min);
		x.hi = fmin(x.hi, s->logit_max);
	}
	x.pivot = th > 0 ? x.hi : x.lo;
	lm = log10(s->max_weight);
	for (j = 0; j < bins; j++) {
		/* x where log10 w equals the bin's edges. */
		xa = x.pivot + th * M_LN10 * (lo10 + (hi10 - lo10) * (double)j / (double)bins - lm);
		xb = x.pivot + th * M_LN10 * (lo10 + (hi10 - lo10) * (double)(j + 1) /
		    (double)bins - lm);
		if (xa > xb) {
			t = xa;
			xa = xb;
			xb = t;
		}
		edge[0] = fmax(xa, x.lo);
		edge[1] = fmin(xb, x.hi);
		count[j] = 0;
		if (!(edge[1] > edge[0]))
			continue;
		if ((rc = dsp_quad(&f, edge, 1, 0, 1e-10, &mass, &st)) != DSP_OK)
			return rc;
		if (st != 0 && st != GSL_EROUND)
			return dsp_fail(DSP_ERANGE, "quadrature failed: %s", gsl_strerror(st));
		count[j] = x.n * mass;
	}
	return DSP_OK;
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

	if (route_structured(p))
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
eval_route(const dsp_params *p, const double *given, dsp_runs *w, dsp_wstream *ws,
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

int
dsp_eval_is_explicit(const dsp_params *p)
{
	return dsp_params_check(p) == DSP_OK && route_explicit(p, 0);
}

int
dsp_eval_rejects_nonfinite(const dsp_params *p)
{
	return p->family == DSP_FAM_FILE && dsp_params_check(p) == DSP_OK &&
	    route_explicit(p, 0) && route_kernel(p);
}

static int
eval_common(const dsp_params *p, const double *given, dsp_runs *w, dsp_wstream *ws,
    dsp_summary *out)
{
	double t0 = dsp_now_ms();
	int rc;

	memset(out, 0, sizeof *out);
	if ((rc = dsp_params_check(p)) != DSP_OK)
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

/* A point that was not computed: its n, every figure NaN. */
static void
absent_point(dsp_summary *s, double n)
{
	memset(s, 0, sizeof *s);
	s->n = n;
	s->logit_min = s->logit_max = s->spread = s->theta_eff = s->beta = NAN;
	s->entropy = s->entropy_bits = s->entropy_norm = s->entropy_paper = NAN;
	s->max_weight = s->min_weight = s->total = s->topk_mass = NAN;
	s->lo_tight = s->hi_tight = s->lo_loose = s->hi_loose = NAN;
	s->entropy_floor = s->entropy_ceiling = s->log_critical_n = NAN;
	s->bound_margin = s->zero_weights = NAN;
	s->bound_holds = -1;
}

int
dsp_eval_law_hold(const dsp_params *p, int *held)
{
	int rc;

	*held = 0;
	if (p->family != DSP_FAM_EMPIRICAL || curve_law.have ||
	    dsp_params_check(p) != DSP_OK)
		return DSP_OK;
	if ((rc = typical_law(p, &curve_law.law, &curve_law.have)) != DSP_OK)
		return rc;
	curve_law.v = p->logits;
	curve_law.m = p->n_logits;
	*held = curve_law.have;
	return DSP_OK;
}

void
dsp_eval_law_release(int held)
{
	if (!held || !curve_law.have)
		return;
	dsp_law_free(&curve_law.law);
	curve_law.have = 0;
	curve_law.v = NULL;
}

int
dsp_eval_curve_partial(const dsp_params *p, const double *ns, size_t count,
    dsp_summary *out, size_t *done)
{
	dsp_params q = *p;
	size_t i, j;
	int rc = DSP_OK, mine = 0;

	*done = 0;
	if (p->family == DSP_FAM_FILE)
		return dsp_fail(DSP_ENOTSUP, "a file's logits have one fixed n");
	if (q.explicit_max == 0 && dsp_family_iid(p->family))
		q.explicit_max = DSP_VIEW_EXPLICIT_MAX;
	/* A learned item is a forward pass: curves stop earlier, whatever
	 * limit the caller set for the other families. */
	if (p->family == DSP_FAM_LEARNED && q.explicit_max > DSP_LEARNED_CURVE_EXPLICIT_MAX)
		q.explicit_max = DSP_LEARNED_CURVE_EXPLICIT_MAX;
	if (count > 1 && ns[count - 1] > (double)dsp_family_explicit_limit(&q))
		rc = dsp_eval_law_hold(p, &mine);
	for (i = 0; i < count && rc == DSP_OK; i++) {
		if (!(ns[i] >= 1) || ns[i] > 0x1p63) {
			rc = dsp_fail(DSP_EINVAL, "curve size %g out of range", ns[i]);
			break;
		}
		q.n = (uint64_t)ns[i];
		if ((rc = dsp_job_poll()) != DSP_OK || (rc = dsp_eval(&q, &out[i])) != DSP_OK)
			break;
		dsp_job_step();
	}
	dsp_eval_law_release(mine);
	*done = i;
	for (j = i; j < count; j++)
		absent_point(&out[j], ns[j]);
	return rc;
}

int
dsp_eval_curve(const dsp_params *p, const double *ns, size_t count, dsp_summary *out)
{
	size_t done;
	int rc;

	if (count == 0)
		return DSP_OK;
	/* The largest size first: a curve that cannot be finished is refused
	 * at once, not after every smaller point. */
	if ((rc = dsp_eval_curve_partial(p, ns + count - 1, 1, out + count - 1,
	    &done)) != DSP_OK)
		return rc;
	return dsp_eval_curve_partial(p, ns, count - 1, out, &done);
}

size_t
dsp_log_sizes(double n_lo, double n_hi, size_t count, double *ns)
{
	double a = log(n_lo), b = log(n_hi), v;
	size_t i, k = 0;

	if (count == 0 || !(n_lo >= 1) || !(n_hi >= n_lo))
		return 0;
	for (i = 0; i < count; i++) {
		v = count > 1 ? exp(a + (b - a) * (double)i / (double)(count - 1)) : n_lo;
		v = nearbyint(v);
		if (i == count - 1)
			v = nearbyint(n_hi);
		if (k == 0 || v > ns[k - 1])
			ns[k++] = v;
	}
	return k;
}
