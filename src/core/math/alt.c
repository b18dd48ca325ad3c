/* Attention functions other than softmax, over run-length logits so that
 * spike and power-series inputs work at any n up to 2^60.
 *
 * Every function sees x = e/theta.  theta == 0 is read as the limit
 * theta -> 0+ (x = +inf, 0 or -inf by the sign of e) where that limit
 * exists; theta < 0 simply flips the order (small logits win), as for
 * softmax in paper Figure 5.  Sources and formulas: doc/theory.md. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_roots.h>

#include "core/alloc.h"
#include "core/math/alt.h"
#include "core/math/bounds.h"
#include "core/error.h"
#include "core/schema/family.h"
#include "core/job.h"
#include "core/math/quad.h"
#include "core/math/softmax.h"

/* Stick-breaking: items of one run emitted one by one before the rest of
 * the run is summarised in chunks (see stick_run). */
#define STICK_EMIT_MAX	((uint64_t)1 << 14)
#define STICK_CHUNKS	1024
#define ENTMAX_ITER	200

int
dsp_attn_is_softmax(enum dsp_attn a)
{
	return a == DSP_ATTN_SOFTMAX || a == DSP_ATTN_SSMAX || a == DSP_ATTN_LOGN;
}

int
dsp_attn_ordered(enum dsp_attn a)
{
	return a == DSP_ATTN_STICKBREAK || a == DSP_ATTN_SELECTIVE;
}

/* One line per function (doc/theory.md, "Alternatives"). */
static const char *const theorem_notes[DSP_ATTN_COUNT] = {
	[DSP_ATTN_SOFTMAX] = "Theorem 2.2 applies: bounded logits make every "
	    "weight Theta(1/n) [paper]",
	[DSP_ATTN_SSMAX] = "Theorem 2.2 not as stated: theta/(s log n) shrinks "
	    "with n; the Lemma 2.1 envelope lets a weight keep a share at every n "
	    "iff s delta/theta >= 1 (exactly so for a spike) [derived]",
	[DSP_ATTN_LOGN] = "Theorem 2.2 not as stated: theta/log n shrinks with n; "
	    "the envelope lets a weight keep a share at every n iff delta/theta >= 1 "
	    "(exactly so for a spike) [derived]",
	[DSP_ATTN_SIGMOID] = "Theorem 2.2 does not apply (rows not normalised), "
	    "yet each weight is below e^x/n: it still goes to 0 [derived]",
	[DSP_ATTN_STICKBREAK] = "Theorem 2.2 does not apply: an item near the "
	    "query with sigma(x) near 1 keeps its weight at any n [derived]",
	[DSP_ATTN_SOFTMAX1] = "Theorem 2.2 applies in effect: each weight is below "
	    "its softmax weight, so it disperses too [derived]",
	[DSP_ATTN_SPARSEMAX] = "Theorem 2.2 does not apply: exact zeros; a spike "
	    "ahead of the rest by >= theta keeps weight 1 at any n [derived]",
	[DSP_ATTN_ENTMAX] = "Theorem 2.2 does not apply: exact zeros; a large "
	    "enough margin keeps the support and weights at any n [derived]",
	[DSP_ATTN_LINEAR] = "Theorem 2.2's argument applies: elu+1 > 0 is bounded "
	    "on bounded logits, so weights are Theta(1/n) [derived]",
	[DSP_ATTN_SELECTIVE] = "Theorem 2.2 does not apply: masks accumulate with "
	    "n and unbound the logits; a spike (spread 2 delta) still disperses "
	    "[derived]",
};

const char *
dsp_attn_theorem_note(enum dsp_attn a)
{
	return (int)a >= 0 && a < DSP_ATTN_COUNT ? theorem_notes[a] : "?";
}

/* x = e / theta, with theta == 0 as the limit theta -> 0+. */
static double
scaled(double e, double theta)
{
	if (theta != 0)
		return e / theta;
	return e > 0 ? INFINITY : e < 0 ? -INFINITY : 0;
}

static double
logistic(double z)
{
	if (z >= 0)
		return 1 / (1 + exp(-z));
	return exp(z) / (1 + exp(z));
}

/* Sigmoid attention (arXiv 2409.04431): sigma(x - log n), not normalised. */
static int
sigmoid_runs(const dsp_runs *e, double theta, dsp_runs *w)
{
	double b = -log((double)dsp_runs_total(e));
	size_t i;

	for (i = 0; i < e->len; i++)
		w->value[i] = logistic(scaled(e->value[i], theta) + b);
	return DSP_OK;
}

static int
push_log(dsp_runs *w, double logv, uint64_t count)
{
	return dsp_runs_push(w, exp(logv), count);
}

/* One run of c items with equal beta = sigma(x) after a stick of log
 * length L: item j gets exp(L + log beta + j log(1 - beta)), with
 * log beta = -softplus(-x) and log(1 - beta) = -softplus(x), which keeps
 * full accuracy where beta or 1 - beta is tiny.  Items are emitted one by
 * one until they underflow to 0; a run that is still nonzero after
 * STICK_EMIT_MAX items is split into at most STICK_CHUNKS chunks carrying
 * the exact mean of their items (mass exact, per-item values averaged),
 * plus its exact last item.  Spike and power inputs never reach the chunks:
 * their long run is the tail at x = 0, beta = 1/2. */
static int
stick_run(dsp_runs *w, double x, uint64_t c, double L)
{
	double lb = -dsp_softplus(-x), l1 = -dsp_softplus(x), lv, k;
	uint64_t j, left, chunk;
	int rc;

	for (j = 0; j < c && j < STICK_EMIT_MAX; j++) {
		lv = L + lb + (j > 0 ? (double)j * l1 : 0);
		if (exp(lv) == 0)
			return dsp_runs_push(w, 0.0, c - j);
		if ((rc = push_log(w, lv, 1)) != DSP_OK)
			return rc;
	}
	if (j == c)
		return DSP_OK;
	left = c - j - 1;	/* the last item is emitted exactly */
	chunk = left / STICK_CHUNKS + (left % STICK_CHUNKS != 0);
	while (left > 0) {
		if (chunk > left)
			chunk = left;
		k = (double)chunk;
		lv = L + lb + (double)j * l1;
		/* mean of a_j .. a_{j+k-1} = a_j (1 - r^k) / (k (1 - r)). */
		lv += log(-expm1(k * l1)) - log(k) - log(-expm1(l1));
		if ((rc = push_log(w, lv, chunk)) != DSP_OK)
			return rc;
		j += chunk;
		left -= chunk;
	}
	return push_log(w, L + lb + (double)(c - 1) * l1, 1);
}

/* Stick-breaking (arXiv 2410.17980): a_i = beta_i prod_{k<i} (1 - beta_k). */
static int
stickbreak_runs(const dsp_runs *e, double theta, dsp_runs *w)
{
	double L = 0, x, l1;
	size_t i;
	int rc;

	dsp_runs_clear(w);
	for (i = 0; i < e->len; i++) {
		x = scaled(e->value[i], theta);
		if ((rc = stick_run(w, x, e->count[i], L)) != DSP_OK)
			return rc;
		l1 = -dsp_softplus(x);
		if (l1 != 0)
			L += (double)e->count[i] * l1;
	}
	return DSP_OK;
}

/* theta -> 0+ limit of softmax-type rows: ties at the maximum share. */
static void
argmax_runs(const dsp_runs *e, dsp_runs *w, double share)
{
	double lo, hi, ties = 0;
	size_t i;

	dsp_runs_minmax(e, &lo, &hi);
	for (i = 0; i < e->len; i++)
		if (e->value[i] == hi)
			ties += (double)e->count[i];
	for (i = 0; i < e->len; i++)
		w->value[i] = e->value[i] == hi ? share / ties : 0;
}

/* Softmax_1: e^{x_i} / (1 + sum e^{x_j}).  With M = max x and
 * S = sum e^{x_j - M} >= 1 the denominator is e^{softplus(M + log S)}, so
 * the "1" (which is e^{-M} after the shift) never overflows. */
static int
softmax1_runs(const dsp_runs *e, double theta, dsp_runs *w)
{
	double M = -INFINITY, S = 0, x, ld, lo, hi;
	uint64_t ties = 0;
	size_t i;

	if (theta == 0) {
		dsp_runs_minmax(e, &lo, &hi);
		if (hi < 0) {
			for (i = 0; i < e->len; i++)
				w->value[i] = 0;
			return DSP_OK;
		}
		if (hi > 0) {
			argmax_runs(e, w, 1);
			return DSP_OK;
		}
		/* max e = 0: x = 0 for the ties, -inf for the rest. */
		for (i = 0; i < e->len; i++)
			if (e->value[i] == 0)
				ties += e->count[i];
		for (i = 0; i < e->len; i++)
			w->value[i] = e->value[i] == 0 ? 1 / (1 + (double)ties) : 0;
		return DSP_OK;
	}
	for (i = 0; i < e->len; i++)
		if ((x = e->value[i] / theta) > M)
			M = x;
	for (i = 0; i < e->len; i++)
		S += (double)e->count[i] * exp(e->value[i] / theta - M);
	/* log denominator - M = softplus(M + log S) - M = log S + softplus(-M - log S),
	 * which keeps exp's argument small when M is large. */
	ld = log(S) + dsp_softplus(-M - log(S));
	for (i = 0; i < e->len; i++)
		w->value[i] = exp((e->value[i] / theta - M) - ld);
	return DSP_OK;
}

/* The per-value loops look for a cancelled job (core/job.h) every 4096
 * values: a few ms of pow at most. */
#define ENTMAX_POLL	4095

/* alpha-entmax over distinct values: z sorted descending with counts. */
struct entmax {
	const double	*z;
	const double	*c;
	size_t		 m;	/* support: z[0..m] */
	double		 q;	/* 1 / (alpha - 1) */
};

/* f(g) = sum_{j <= m} c_j (z_j - z_m + g)^q - 1, increasing in g, where
 * tau = z_m - g is the entmax threshold. */
static double
entmax_f(double g, void *arg)
{
	const struct entmax *s = arg;
	double f = -1;
	size_t j;

	for (j = 0; j <= s->m; j++)
		f += s->c[j] * pow(s->z[j] - s->z[s->m] + g, s->q);
	return f;
}

/* f at tau = z[m + 1]: sum of the top m + 1 values' mass there, minus 1. */
static double
entmax_edge(const double *z, const double *c, size_t m, double q)
{
	double f = -1;
	size_t j;

	for (j = 0; j <= m; j++)
		f += c[j] * pow(z[j] - z[m + 1], q);
	return f;
}

static int
cmp_desc(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x < y) - (x > y);
}

/* Threshold root in [0, hi] with GSL's Brent solver. */
static int
entmax_root(struct entmax *s, double hi, double *g)
{
	gsl_root_fsolver *slv;
	gsl_function F = { entmax_f, s };
	double lo = 0, fh = entmax_f(hi, s);
	int it, rc = GSL_CONTINUE;

	if (fh == 0) {
		*g = hi;
		return DSP_OK;
	}
	if (!(fh > 0))
		return dsp_fail(DSP_ERANGE, "entmax threshold has no bracket");
	if ((slv = DSP_LIB_ALLOC(gsl_root_fsolver_alloc(gsl_root_fsolver_brent))) == NULL)
		return dsp_fail_nomem(NULL, 0);
	gsl_root_fsolver_set(slv, &F, lo, hi);
	for (it = 0; it < ENTMAX_ITER && rc == GSL_CONTINUE; it++) {
		/* Each step is a pass over the support (ms at 2^20 values). */
		if (dsp_job_cancelled()) {
			gsl_root_fsolver_free(slv);
			return dsp_job_poll();
		}
		if ((rc = gsl_root_fsolver_iterate(slv)) != GSL_SUCCESS)
			break;
		lo = gsl_root_fsolver_x_lower(slv);
		hi = gsl_root_fsolver_x_upper(slv);
		rc = gsl_root_test_interval(lo, hi, DBL_MIN, 4 * DBL_EPSILON);
	}
	*g = gsl_root_fsolver_root(slv);
	gsl_root_fsolver_free(slv);
	if (rc != GSL_SUCCESS)
		return dsp_fail(DSP_ERANGE, "entmax threshold did not converge: %s",
		    gsl_strerror(rc));
	return DSP_OK;
}

/* alpha-entmax (Peters et al. 2019): p_i = [(alpha-1) x_i - tau]_+^{1/(alpha-1)}
 * with sum p = 1.  The distinct values are sorted; the support (a prefix) is
 * found by bisection on the prefix length, then tau inside that segment by
 * Brent on g = z_m - tau, which keeps the smallest support weights g^q
 * accurate even when 2^60 items share them. */
static int
entmax_runs(const dsp_runs *e, double theta, double alpha, dsp_runs *w,
    double *edge)
{
	struct entmax s;
	double *z = NULL, *c = NULL, *tmp = NULL, hi, g = 0, zi, t = 0;
	size_t i, k = 0, lo, up, mid;
	int rc = DSP_OK;

	*edge = NAN;
	if (theta == 0) {
		argmax_runs(e, w, 1);
		return DSP_OK;
	}
	if ((z = dsp_malloc(e->len * sizeof *z)) == NULL ||
	    (c = dsp_malloc(e->len * sizeof *c)) == NULL ||
	    (tmp = dsp_malloc(e->len * sizeof *tmp)) == NULL) {
		rc = dsp_fail_nomem(NULL, 0);
		goto out;
	}
	for (i = 0; i < e->len; i++)
		tmp[i] = (alpha - 1) * (e->value[i] / theta);
	qsort(tmp, e->len, sizeof *tmp, cmp_desc);
	for (i = 0; i < e->len; i++)
		if (k == 0 || tmp[i] != z[k - 1])
			z[k++] = tmp[i];
	for (i = 0; i < k; i++)
		c[i] = 0;
	for (i = 0; i < e->len; i++) {
		if ((i & ENTMAX_POLL) == ENTMAX_POLL && (rc = dsp_job_poll()) != DSP_OK)
			goto out;
		zi = (alpha - 1) * (e->value[i] / theta);
		lo = 0, up = k - 1;	/* first z[lo] <= zi, which is zi */
		while (lo < up) {
			mid = (lo + up) / 2;
			if (z[mid] > zi)
				lo = mid + 1;
			else
				up = mid;
		}
		c[lo] += (double)e->count[i];
	}
	s.z = z;
	s.c = c;
	s.q = 1 / (alpha - 1);
	/* Smallest m whose edge value is >= 0 (monotone in m). */
	lo = 0, up = k - 1;
	while (lo < up) {
		if ((rc = dsp_job_poll()) != DSP_OK)
			goto out;
		mid = (lo + up) / 2;
		if (entmax_edge(z, c, mid, s.q) >= 0)
			up = mid;
		else
			lo = mid + 1;
	}
	s.m = lo;
	hi = 1 - (z[0] - z[s.m]);
	if (s.m + 1 < k && z[s.m] - z[s.m + 1] < hi)
		hi = z[s.m] - z[s.m + 1];
	if ((rc = entmax_root(&s, hi, &g)) != DSP_OK)
		goto out;
	/* tau = z_m - g, as a logit: z = (alpha - 1) e / theta. */
	*edge = (z[s.m] - g) * theta / (alpha - 1);
	for (i = 0; i < e->len; i++) {
		if ((i & ENTMAX_POLL) == ENTMAX_POLL && (rc = dsp_job_poll()) != DSP_OK)
			goto out;
		zi = (alpha - 1) * (e->value[i] / theta);
		w->value[i] = zi >= z[s.m] ? pow(zi - z[s.m] + g, s.q) : 0;
		t += (double)e->count[i] * w->value[i];
	}
	for (i = 0; i < e->len; i++)
		w->value[i] /= t;
out:
	free(z);
	free(c);
	free(tmp);
	return rc;
}

/* Softmax over runs of the logs l_i (counts c_i): w_i = e^{l_i} / sum c e^l. */
static void
normalise_logs(const dsp_runs *e, const double *l, dsp_runs *w)
{
	double M = -INFINITY, S = 0;
	size_t i;

	for (i = 0; i < e->len; i++)
		M = fmax(M, l[i]);
	for (i = 0; i < e->len; i++)
		S += (double)e->count[i] * exp(l[i] - M);
	for (i = 0; i < e->len; i++)
		w->value[i] = exp(l[i] - M - log(S));
}

/* Linear attention with the positive feature map phi = elu + 1
 * (Katharopoulos et al. 2020), on the logits as disperse has them:
 * a_i = phi(x_i) / sum_j phi(x_j), phi(x) = x + 1 for x > 0, e^x
 * otherwise; in logs (log1p(x) or x) so neither huge nor tiny logits
 * overflow.  theta -> 0+: with a positive maximum phi(x/theta) ~ x/theta,
 * so the weights tend to the positive parts of the logits, normalised;
 * otherwise to the argmax. */
static int
linear_runs(const dsp_runs *e, double theta, dsp_runs *w)
{
	double *l, lo, hi, t = 0, x;
	size_t i;

	if (theta == 0) {
		dsp_runs_minmax(e, &lo, &hi);
		if (!(hi > 0)) {
			argmax_runs(e, w, 1);
			return DSP_OK;
		}
		for (i = 0; i < e->len; i++)
			t += (double)e->count[i] * fmax(e->value[i], 0) / hi;
		for (i = 0; i < e->len; i++)
			w->value[i] = fmax(e->value[i], 0) / hi / t;
		return DSP_OK;
	}
	if ((l = dsp_malloc(e->len * sizeof *l)) == NULL)
		return dsp_fail_nomem(NULL, 0);
	for (i = 0; i < e->len; i++) {
		x = e->value[i] / theta;
		l[i] = x > 0 ? log1p(x) : x;
	}
	normalise_logs(e, l, w);
	free(l);
	return DSP_OK;
}

/* Binary search: the index of v in the sorted distinct values z[0..k). */
static size_t
rank_of(const double *z, size_t k, double v)
{
	size_t lo = 0, up = k - 1, mid;

	while (lo < up) {
		mid = (lo + up) / 2;
		if (z[mid] < v)
			lo = mid + 1;
		else
			up = mid;
	}
	return lo;
}

/* Selective attention (Leviathan et al. 2024), a simplified reconstruction
 * on scalar logits: the paper subtracts from the logits the masking scores
 * that earlier tokens accumulated for each key (a ReLU of another head's
 * scores).  Here item j (position order, item 0 nearest the query, so the
 * nearer items are the later tokens) is masked by every nearer item k by
 * relu(x_k - x_j): a later item that scores higher makes it obsolete.
 * Weights: softmax of x_j - F_j, F_j = sum_{k < j} relu(x_k - x_j).  Items
 * of one run share F (equal logits mask each other by 0).  F comes from
 * two Fenwick trees over the ranks of the distinct logits (count and
 * count * x of the items seen so far above each rank): O(R log R) for R
 * runs.  theta -> 0+: the maxima are never masked, so the argmax. */
static int
selective_runs(const dsp_runs *e, double theta, dsp_runs *w)
{
	/* long double sums: F is a difference of sums over up to 2^27 items. */
	long double *fc = NULL, *fx = NULL, c, cx, tc = 0, tx = 0;
	double *z = NULL, *l = NULL, x;
	size_t i, j, k = 0, r;
	int rc = DSP_OK;

	if (theta == 0) {
		argmax_runs(e, w, 1);
		return DSP_OK;
	}
	z = dsp_malloc(e->len * sizeof *z);
	fc = dsp_calloc(e->len + 1, sizeof *fc);
	fx = dsp_calloc(e->len + 1, sizeof *fx);
	l = dsp_malloc(e->len * sizeof *l);
	if (z == NULL || fc == NULL || fx == NULL || l == NULL) {
		rc = dsp_fail_nomem(NULL, 0);
		goto out;
	}
	for (i = 0; i < e->len; i++)
		z[i] = e->value[i] / theta;
	qsort(z, e->len, sizeof *z, dsp_cmp_double);
	for (i = 0; i < e->len; i++)
		if (k == 0 || z[i] != z[k - 1])
			z[k++] = z[i];
	for (i = 0; i < e->len; i++) {
		x = e->value[i] / theta;
		r = rank_of(z, k, x);
		/* Items seen at ranks <= r (Fenwick prefix sums, 1-based). */
		for (c = cx = 0, j = r + 1; j > 0; j -= j & -j) {
			c += fc[j];
			cx += fx[j];
		}
		/* Nearer items above x: count tc - c, sum of their x tx - cx. */
		l[i] = x - fmax((double)((tx - cx) - x * (tc - c)), 0);
		for (j = r + 1; j <= k; j += j & -j) {
			fc[j] += (long double)e->count[i];
			fx[j] += (long double)e->count[i] * x;
		}
		tc += (long double)e->count[i];
		tx += (long double)e->count[i] * x;
	}
	normalise_logs(e, l, w);
out:
	free(z);
	free(fc);
	free(fx);
	free(l);
	return rc;
}

int
dsp_alt_weights_runs_edge(enum dsp_attn a, const dsp_runs *e, double theta,
    double alpha, dsp_runs *w, double *edge)
{
	double unused;
	int rc;

	if (edge == NULL)
		edge = &unused;
	*edge = NAN;
	if (dsp_runs_total(e) == 0)
		return dsp_fail(DSP_EEMPTY, "attention over no logits");
	if (!isfinite(theta))
		return dsp_fail(DSP_EINVAL, "temperature must be finite");
	if (a != DSP_ATTN_STICKBREAK && (rc = dsp_runs_copy(w, e)) != DSP_OK)
		return rc;
	switch (a) {
	case DSP_ATTN_SIGMOID:
		return sigmoid_runs(e, theta, w);
	case DSP_ATTN_STICKBREAK:
		return stickbreak_runs(e, theta, w);
	case DSP_ATTN_SOFTMAX1:
		return softmax1_runs(e, theta, w);
	case DSP_ATTN_SPARSEMAX:
		return entmax_runs(e, theta, 2, w, edge);
	case DSP_ATTN_ENTMAX:
		if (!(alpha > 1) || !isfinite(alpha))
			return dsp_fail(DSP_EINVAL,
			    "entmax alpha must be finite and > 1 (got %g)", alpha);
		return entmax_runs(e, theta, alpha, w, edge);
	case DSP_ATTN_LINEAR:
		return linear_runs(e, theta, w);
	case DSP_ATTN_SELECTIVE:
		return selective_runs(e, theta, w);
	default:
		break;
	}
	return dsp_fail(DSP_ENOTSUP, "%s is a softmax; dsp_eval computes it",
	    dsp_attn_name(a));
}

int
dsp_alt_weights_runs(enum dsp_attn a, const dsp_runs *e, double theta,
    double alpha, dsp_runs *w)
{
	return dsp_alt_weights_runs_edge(a, e, theta, alpha, w, NULL);
}

/* Large-n limit of sigmoid attention over iid logits (uniform on [0, delta],
 * the truncated normal of eval.c's expected route, or the empirical
 * family's row of values): sums over items are n times expectations,
 * a(v) = sigma(v/theta - log n). */
struct sig_expect {
	int	gaussian, what;
	double	sigma, norm, lo, hi, theta, logn;
	const double *vals;	/* empirical: the row (an exact mean, no quadrature) */
	size_t	nvals;
};

static double
sig_density(const struct sig_expect *x, double v)
{
	if (x->vals != NULL)
		return 1;	/* sig_integral takes the mean over the values */
	if (!x->gaussian)
		return 1 / (x->hi - x->lo);
	return exp(-v * v / (2 * x->sigma * x->sigma)) /
	    (x->sigma * sqrt(2 * M_PI)) / x->norm;
}

/* log a(v) = -softplus(log n - v/theta), accurate when a is tiny. */
static double
sig_integrand(double v, void *arg)
{
	const struct sig_expect *x = arg;
	double la = -dsp_softplus(x->logn - scaled(v, x->theta)), a = exp(la);

	switch (x->what) {
	case 0:
		return sig_density(x, v) * a;
	case 1:
		return sig_density(x, v) * (a > 0 ? a * la : 0);
	default:
		return sig_density(x, v) * a * log(a + DSP_PAPER_ENTROPY_EPS);
	}
}

static int
sig_integral(struct sig_expect *x, int what, double *out)
{
	gsl_function f = { sig_integrand, x };
	double edge[3] = { x->lo, x->hi, x->hi };
	int rc, st, parts = 1;

	x->what = what;
	if (x->vals != NULL) {
		long double sum = 0;
		size_t i;

		for (i = 0; i < x->nvals; i++)
			sum += sig_integrand(x->vals[i], x);
		*out = (double)(sum / (long double)x->nvals);
		return DSP_OK;
	}
	/* theta == 0 makes a(v) jump at v = 0: integrate each side. */
	if (x->lo < 0 && x->hi > 0) {
		edge[1] = 0;
		parts = 2;
	}
	if ((rc = dsp_quad(&f, edge, parts, 0, 1e-11, out, &st)) != DSP_OK)
		return rc;
	if (st != 0 && st != GSL_EROUND)
		return dsp_fail(DSP_ERANGE, "sigmoid quadrature failed: %s", gsl_strerror(st));
	return DSP_OK;
}

int
dsp_alt_sigmoid_expected(const dsp_params *p, dsp_summary *s)
{
	struct sig_expect x;
	double n = (double)p->n, A, B, P, lmax, lmin, k;
	int rc;

	if (p->attn != DSP_ATTN_SIGMOID || !dsp_family_iid(p->family))
		return dsp_fail(DSP_ENOTSUP, "%s has no expected large-n limit for %s",
		    dsp_attn_name(p->attn), dsp_family_name(p->family));
	memset(&x, 0, sizeof x);
	if (p->family == DSP_FAM_EMPIRICAL) {
		x.vals = p->logits;
		x.nvals = p->n_logits;
	}
	x.gaussian = p->family == DSP_FAM_GAUSSIAN;
	x.sigma = p->delta;
	dsp_family_range(p, &x.lo, &x.hi);
	x.norm = x.gaussian ? erf(x.hi / (p->delta * M_SQRT2)) : 1;
	x.theta = p->theta;
	x.logn = log(n);
	s->method = DSP_METHOD_EXPECTED;
	s->n = n;
	s->logit_min = x.lo;
	s->logit_max = x.hi;
	s->spread = x.hi - x.lo;
	s->theta_eff = p->theta;
	s->beta = 1;
	if (p->delta == 0 && x.vals == NULL) {
		A = 1 / (1 + n);
		B = A * log(A);
		P = A * log(A + DSP_PAPER_ENTROPY_EPS);
	} else if ((rc = sig_integral(&x, 0, &A)) != DSP_OK ||
	    (rc = sig_integral(&x, 1, &B)) != DSP_OK ||
	    (rc = sig_integral(&x, 2, &P)) != DSP_OK)
		return rc;
	/* Row total n A; entropy of the row normalised by it. */
	s->total = n * A;
	s->entropy = A > 0 ? log(s->total) - B / A : 0;
	s->entropy_bits = s->entropy / M_LN2;
	s->entropy_norm = n > 1 ? s->entropy / log(n) : 0;
	s->entropy_paper = -n * P;
	lmax = -dsp_softplus(x.logn - scaled(p->theta >= 0 ? x.hi : x.lo, p->theta));
	lmin = -dsp_softplus(x.logn - scaled(p->theta >= 0 ? x.lo : x.hi, p->theta));
	s->max_weight = exp(lmax);
	s->min_weight = exp(lmin);
	k = (double)(p->topk ? p->topk : 1);
	s->topk_mass = fmin(s->total, k * s->max_weight);
	s->zero_weights = s->min_weight > 0 ? 0 : NAN;
	s->lo_tight = s->hi_tight = s->lo_loose = s->hi_loose = NAN;
	s->entropy_floor = s->log_critical_n = s->bound_margin = NAN;
	s->entropy_ceiling = dsp_entropy_ceiling(n);
	s->bound_holds = -1;
	return DSP_OK;
}
