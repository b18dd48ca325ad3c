/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The table of input families (family.h): one row each, in enum order. */
#include <float.h>
#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "core/alloc.h"
#include "core/math/empirical.h"
#include "core/error.h"
#include "core/schema/attn.h"
#include "core/schema/family.h"
#include "core/job.h"

#define POWER_MAX_RUNS	DSP_POWER_MAX_RUNS

static uint64_t
family_size(const dsp_params *p)
{
	return p->family == DSP_FAM_FILE ? (uint64_t)p->n_logits : p->n;
}

static int
random_fill(const dsp_params *p, double *out, uint64_t n)
{
	gsl_rng *rng;
	uint64_t i;

	if ((rng = DSP_LIB_ALLOC(gsl_rng_alloc(gsl_rng_mt19937))) == NULL)
		return dsp_fail_nomem(NULL, 0);
	gsl_rng_set(rng, (unsigned long)p->seed);
	for (i = 0; i < n; i++) {
		if ((i & DSP_JOB_POLL_MASK) == 0 && dsp_job_cancelled()) {
			gsl_rng_free(rng);
			return dsp_job_poll();
		}
		out[i] = p->family == DSP_FAM_UNIFORM ?
		    p->delta * gsl_rng_uniform(rng) :
		    gsl_ran_gaussian_ziggurat(rng, p->delta);
	}
	gsl_rng_free(rng);
	return DSP_OK;
}

void
dsp_power_begin(dsp_power_iter *it, const dsp_params *p, double tol)
{
	it->t = p->delta;
	it->lambda = p->lambda;
	it->tol = tol;
	it->k = 0;
	it->n = p->n;
}

int
dsp_power_next(dsp_power_iter *it, double *t)
{
	if (it->k >= it->n || (fabs(it->lambda) < 1 && fabs(it->t) < it->tol))
		return 0;
	*t = it->t;
	it->t *= it->lambda;
	it->k++;
	return 1;
}

double
dsp_power_terms(const dsp_params *p, double tol)
{
	double a = fabs(p->lambda), d = fabs(p->delta);

	if (a == 1 && p->lambda > 0)
		return 1;
	if (a >= 1)
		return (double)p->n;
	return a == 0 || d < tol ? 1 : fmin((double)p->n, ceil(log(tol / d) / log(a)) + 1);
}

double
dsp_power_tol(const dsp_params *p)
{
	return (p->theta != 0 ? fabs(p->theta) :
	    (p->delta != 0 ? fabs(p->delta) : 1)) * DSP_POWER_TAIL_REL;
}

static int
power_generate(const dsp_params *p, double *out, uint64_t n)
{
	dsp_power_iter it;
	dsp_params q = *p;
	double t;

	q.n = n;
	dsp_power_begin(&it, &q, 0);
	while (dsp_power_next(&it, &t))
		out[it.k - 1] = t;
	if (n > 0 && !isfinite(out[n - 1]))
		return dsp_fail(DSP_ERANGE,
		    "power series delta*lambda^(n-1) overflows a double");
	return DSP_OK;
}

static int
spike_generate(const dsp_params *p, double *out, uint64_t n)
{
	uint64_t k;

	for (k = 0; k < n; k++)
		out[k] = k == 0 ? p->delta : 0.0;
	return DSP_OK;
}

static int
ramp_generate(const dsp_params *p, double *out, uint64_t n)
{
	uint64_t k;

	for (k = 0; k < n; k++)
		out[k] = n > 1 ? p->delta * (double)k / (double)(n - 1) : 0.0;
	return DSP_OK;
}

static int
file_generate(const dsp_params *p, double *out, uint64_t n)
{
	uint64_t k;

	if (p->logits == NULL)		/* a float row in place (params.h) */
		return dsp_fail(DSP_ENOTSUP, "the logits are not converted to doubles");
	for (k = 0; k < n; k++)
		out[k] = p->logits[k];
	return DSP_OK;
}

static int
empirical_generate(const dsp_params *p, double *out, uint64_t n)
{
	return dsp_empirical_fill(p->logits, p->n_logits, p->seed, out, n);
}

int
dsp_family_generate(const dsp_params *p, double *out)
{
	const dsp_family_row *r = dsp_family_row_of(p->family);
	uint64_t n = family_size(p);

	if (n > DSP_EXPLICIT_MAX)
		return dsp_fail(DSP_ETOOBIG, "n = %llu exceeds the explicit limit 2^27",
		    (unsigned long long)n);
	if (r == NULL)
		return dsp_fail(DSP_EINVAL, "unknown family");
	return r->generate(p, out, n);
}

int
dsp_family_alloc(const dsp_params *p, double **out)
{
	uint64_t n = family_size(p);
	double *x;
	int rc;
	char what[64];

	if (n > DSP_EXPLICIT_MAX)
		return dsp_fail(DSP_ETOOBIG, "n = %llu exceeds the explicit limit 2^27",
		    (unsigned long long)n);
	snprintf(what, sizeof what, "%s at n = %llu item by item",
	    dsp_family_name(p->family), (unsigned long long)n);
	if ((rc = dsp_job_need(n * sizeof *x, what)) != DSP_OK)
		return rc;
	if ((x = dsp_malloc((n ? n : 1) * sizeof *x)) == NULL)
		return dsp_fail(DSP_ENOMEM, "cannot allocate %llu logits",
		    (unsigned long long)n);
	dsp_alloc_huge(x, n * sizeof *x);
	if ((rc = dsp_family_generate(p, x)) != DSP_OK) {
		free(x);
		return rc;
	}
	*out = x;
	return DSP_OK;
}

/* Refuse at once, naming the whole need, when the distinct terms (until
 * the tail drops below tol) do not fit in the job's memory budget: they
 * become a run each, twice (logits and weights), with the attention
 * function's scratch beside (its row in attn.c): sparsemax at 2^24 terms
 * held 0.9 GiB and was refused at its own allocation, after the work. */
static int
power_budget(const dsp_params *p, double tol, double *nterms)
{
	const dsp_attn_row *row = dsp_attn_row_of(p->attn);
	double terms = dsp_power_terms(p, tol);
	char what[64];

	*nterms = terms;
	if (fabs(p->lambda) == 1 && p->lambda > 0)
		return DSP_OK;
	if (terms > (double)POWER_MAX_RUNS && p->n > DSP_EXPLICIT_MAX)
		/* Refused up front, not after building 2^22 runs. */
		return dsp_fail(DSP_ETOOBIG,
		    "power series with lambda = %.10g: more than 2^22 distinct "
		    "terms in position order at n = %llu", p->lambda,
		    (unsigned long long)p->n);
	if (terms <= 65536)
		return DSP_OK;
	/* Short: a panel shows it on one line. */
	snprintf(what, sizeof what, "the power series to n = %llu", (unsigned long long)p->n);
	return dsp_job_need((size_t)terms * (2 * (sizeof(double) + sizeof(uint64_t)) +
	    (row != NULL ? row->scratch : 0)), what);
}

/* Term v of the tail with its exact sign: the exact delta lambda^k is never
 * 0 for lambda != 0, so a term that underflowed keeps its sign as the
 * smallest subnormal. */
static double
signed_term(double v, int negative)
{
	if (v != 0)
		return v;
	return negative ? -DBL_TRUE_MIN : DBL_TRUE_MIN;
}

/* theta = 0 (argmax, and the sign-only limits of sigmoid and
 * stick-breaking): the m tail terms t, t lambda, ... cannot merge into a
 * run at 0, whose sign is neither (sigmoid of 0 is 1/(1 + n), not 1).
 * delta >= 0 puts the maximum at item 0 (in the head), so only the tail's
 * signs matter: lambda > 0, one run with the sign of t; lambda < 0, the
 * signs alternate, one run per sign (sigmoid only counts them; a
 * stick-breaking row has no stick left after item 0).  Each run holds the
 * largest term of its sign. */
static int
power_tail_signs(const dsp_params *p, double t, uint64_t m, dsp_runs *out)
{
	int neg = signbit(t) != 0, rc;	/* an underflowed t is +-0 */
	uint64_t same = p->lambda < 0 ? m - m / 2 : m;

	if ((rc = dsp_runs_push(out, signed_term(t, neg), same)) != DSP_OK)
		return rc;
	return dsp_runs_push(out, signed_term(t * p->lambda, !neg), m - same);
}

/* theta = 0 near |lambda| = 1, where the runs form would refuse (more
 * than 2^22 distinct terms past 2^27 items): a weight then sees only the
 * argmax (item 0, delta > 0, |lambda| < 1) and each term's sign, so the
 * terms past the first two make the tail's sign runs (power_tail_signs),
 * and the logit range stays exact: lambda < 0 has both extremes among the
 * first two; lambda > 0 keeps its last term, from exp, as one item.  Only
 * for the functions whose theta = 0 limit is sign-only (their rows'
 * DSP_ATTN_F_SIGN_LIMIT: not linear attention's, proportional to the
 * logit, nor those that follow the items' order). */
static int
power_runs_argmax(const dsp_params *p, dsp_runs *out)
{
	double last = p->delta * exp((double)(p->n - 1) * log(fabs(p->lambda)));
	int rc;

	if ((rc = dsp_runs_push(out, p->delta, 1)) != DSP_OK ||
	    (rc = dsp_runs_push(out, p->delta * p->lambda, 1)) != DSP_OK)
		return rc;
	if (p->lambda < 0)
		return power_tail_signs(p, p->delta * p->lambda * p->lambda, p->n - 2, out);
	if ((rc = power_tail_signs(p, p->delta * p->lambda * p->lambda, p->n - 3, out)) != DSP_OK)
		return rc;
	return dsp_runs_push(out, signed_term(last, 0), 1);
}

/* Terms until |delta lambda^k| < tol, then the tail (see family.h). */
static int
power_runs(const dsp_params *p, double tol, dsp_runs *out)
{
	dsp_power_iter it;
	double t, terms;
	uint64_t k;
	int rc;

	if (fabs(p->lambda) > 1)
		return dsp_fail(DSP_ENOTSUP,
		    "power series with |lambda| > 1 has no bounded runs form");
	if (!(tol > 0))
		tol = dsp_power_tol(p);
	if (p->theta == 0 && p->delta > 0 && p->lambda != 0 && fabs(p->lambda) < 1 &&
	    p->n > DSP_EXPLICIT_MAX && dsp_attn_has(p->attn, DSP_ATTN_F_SIGN_LIMIT) &&
	    dsp_power_terms(p, tol) > (double)POWER_MAX_RUNS)
		return power_runs_argmax(p, out);
	if ((rc = power_budget(p, tol, &terms)) != DSP_OK)
		return rc;
	/* The terms and the tail's run: exactly what the check counted. */
	if (terms > 65536 && (rc = dsp_runs_reserve(out, out->len + (size_t)terms + 1)) != DSP_OK)
		return rc;
	dsp_power_begin(&it, p, tol);
	while (dsp_power_next(&it, &t)) {
		k = it.k - 1;
		if ((k & DSP_JOB_POLL_MASK) == DSP_JOB_POLL_MASK && (rc = dsp_job_poll()) != DSP_OK)
			return rc;
		if (k >= POWER_MAX_RUNS && p->n > DSP_EXPLICIT_MAX)
			return dsp_fail(DSP_ETOOBIG,
			    "power series with lambda = %.10g: more than 2^22 distinct "
			    "terms in position order at n = %llu", p->lambda,
			    (unsigned long long)p->n);
		if ((rc = dsp_runs_push(out, t, 1)) != DSP_OK)
			return rc;
		if (fabs(p->lambda) == 1 && p->lambda > 0) {
			/* lambda = 1: all equal, one run. */
			out->count[out->len - 1] = p->n;
			return DSP_OK;
		}
	}
	k = it.k;
	t = it.t;
	if (k == p->n)
		return DSP_OK;
	if (p->theta == 0 && p->lambda != 0 && p->delta != 0)
		return power_tail_signs(p, t, p->n - k, out);
	return dsp_runs_push(out, 0.0, p->n - k);
}

int
dsp_family_power_tail(const dsp_params *p, uint64_t head, double *far, double *other)
{
	double a, b;

	if (p->family != DSP_FAM_POWER || !(fabs(p->lambda) < 1) || p->lambda == 0 ||
	    head + 2 >= p->n)
		return dsp_fail(DSP_ENOTSUP, "no power-series tail past %llu terms",
		    (unsigned long long)head);
	/* lambda > 0: the tail's first and last terms; lambda < 0: its first
	 * two (the largest of each sign). */
	a = p->delta * pow(p->lambda, (double)head);
	b = p->lambda > 0 ? p->delta * pow(p->lambda, (double)(p->n - 1)) : a * p->lambda;
	*far = p->theta < 0 ? fmin(a, b) : fmax(a, b);
	*other = p->theta < 0 ? fmax(a, b) : fmin(a, b);
	return DSP_OK;
}

int
dsp_family_power_head(const dsp_params *p, uint64_t head, dsp_runs *out)
{
	dsp_power_iter it;
	double t, far, other;
	int rc;

	if ((rc = dsp_family_power_tail(p, head, &far, &other)) != DSP_OK)
		return rc;
	dsp_runs_clear(out);
	if ((rc = dsp_runs_reserve(out, (size_t)head + 2)) != DSP_OK)
		return rc;
	dsp_power_begin(&it, p, 0);
	while (it.k < head && dsp_power_next(&it, &t)) {
		if ((it.k & DSP_JOB_POLL_MASK) == 0 && (rc = dsp_job_poll()) != DSP_OK)
			return rc;
		if ((rc = dsp_runs_push(out, t, 1)) != DSP_OK)
			return rc;
	}
	if ((rc = dsp_runs_push(out, far, p->n - head - 1)) != DSP_OK)
		return rc;
	return dsp_runs_push(out, other, 1);
}

static int
spike_runs(const dsp_params *p, double tol, dsp_runs *out)
{
	int rc;

	(void)tol;
	/* The push's own failure: a cancelled job is not out of memory. */
	if ((rc = dsp_runs_push(out, p->delta, 1)) != DSP_OK)
		return rc;
	return dsp_runs_push(out, 0.0, p->n - 1);
}

int
dsp_family_runs_tol(const dsp_params *p, double tail_tol, dsp_runs *out)
{
	const dsp_family_row *r = dsp_family_row_of(p->family);

	dsp_runs_clear(out);
	if (r != NULL && r->runs != NULL)
		return r->runs(p, tail_tol, out);
	return dsp_fail(DSP_ENOTSUP, "%s family has no exact runs form",
	    dsp_family_name(p->family));
}

int
dsp_family_runs(const dsp_params *p, dsp_runs *out)
{
	return dsp_family_runs_tol(p, 0, out);
}

int
dsp_family_multiset(const dsp_params *p, dsp_runs *out)
{
	/* lambda = -1 alternates delta, -delta: n runs in position order, two
	 * as a multiset (the first term is delta, so it has the extra one). */
	int rc;

	if (p->family == DSP_FAM_POWER && p->lambda == -1 && p->n > 2) {
		dsp_runs_clear(out);
		if ((rc = dsp_runs_push(out, p->delta, p->n - p->n / 2)) != DSP_OK)
			return rc;
		return dsp_runs_push(out, -p->delta, p->n / 2);
	}
	return dsp_family_runs(p, out);
}

static void
array_minmax(const double *x, size_t n, double *m, double *M)
{
	size_t i;

	*m = INFINITY;
	*M = -INFINITY;
	for (i = 0; i < n; i++) {
		if (x[i] < *m)
			*m = x[i];
		if (x[i] > *M)
			*M = x[i];
	}
}

static int
power_range(const dsp_params *p, double *m, double *M)
{
	double a, b;

	if (p->lambda >= 0 && p->lambda <= 1) {
		*m = p->lambda == 1 || p->n == 1 ? p->delta : 0;
		*M = p->delta;
		return 1;
	}
	if (p->lambda >= -1 && p->lambda < 0) {
		*m = p->n > 1 ? p->delta * p->lambda : p->delta;
		*M = p->delta;
		return 1;
	}
	/* |lambda| > 1: the spread grows with n. */
	a = p->delta * pow(p->lambda, (double)(p->n - 1));
	b = p->n > 1 ? p->delta * pow(p->lambda, (double)(p->n - 2)) : a;
	*m = fmin(fmin(a, b), p->delta);
	*M = fmax(fmax(a, b), p->delta);
	return 0;
}

static int
spike_range(const dsp_params *p, double *m, double *M)
{
	*m = p->n > 1 ? 0 : p->delta;
	*M = p->delta;
	return 1;
}

/* Uniform and ramp. */
static int
zero_delta_range(const dsp_params *p, double *m, double *M)
{
	*m = 0;
	*M = p->delta;
	return 1;
}

static int
gaussian_range(const dsp_params *p, double *m, double *M)
{
	/* Unbounded: the expected spread grows like 2 sigma sqrt(2 log n). */
	*M = p->n > 1 ? p->delta * sqrt(2 * log((double)p->n)) : 0;
	*m = -*M;
	return 0;
}

static int
file_range(const dsp_params *p, double *m, double *M)
{
	if (p->logits == NULL) {	/* a float row in place (params.h) */
		*m = *M = NAN;
		return 0;
	}
	array_minmax(p->logits, p->n_logits, m, M);
	return 0;
}

static int
empirical_range(const dsp_params *p, double *m, double *M)
{
	/* Every draw is one of the row's values: bounded for every n. */
	array_minmax(p->logits, p->n_logits, m, M);
	return 1;
}

int
dsp_family_range(const dsp_params *p, double *m, double *M)
{
	const dsp_family_row *r = dsp_family_row_of(p->family);

	if (r != NULL)
		return r->range(p, m, M);
	*m = *M = NAN;
	return 0;
}

static int
power_has_runs(const dsp_params *p)
{
	return fabs(p->lambda) <= 1;
}

static int
always(const dsp_params *p)
{
	(void)p;
	return 1;
}

double
dsp_law_density(enum dsp_law law, double sigma, double norm, double lo, double hi,
    double v)
{
	switch (law) {
	case DSP_LAW_UNIFORM:
		return 1 / (hi - lo);
	case DSP_LAW_TGAUSS:
		return exp(-v * v / (2 * sigma * sigma)) /
		    (sigma * sqrt(2 * M_PI)) / norm;
	default:
		return NAN;
	}
}

double
dsp_law_norm(enum dsp_law law, double sigma, double hi)
{
	return law == DSP_LAW_TGAUSS ? erf(hi / (sigma * M_SQRT2)) : 1;
}

static const dsp_family_row power_row = {
	DSP_FAM_POWER, DSP_FAM_F_NESTED, DSP_LAW_NONE, power_generate, power_runs,
	power_has_runs, power_range, NULL, 0, 0, 0
};
static const dsp_family_row spike_row = {
	DSP_FAM_SPIKE, 0, DSP_LAW_NONE, spike_generate, spike_runs, always,
	spike_range, NULL, 0, 0, 1
};
static const dsp_family_row uniform_row = {
	DSP_FAM_UNIFORM, DSP_FAM_F_IID | DSP_FAM_F_NESTED, DSP_LAW_UNIFORM,
	random_fill, NULL, NULL, zero_delta_range, NULL, 0, 0, 2
};
static const dsp_family_row gaussian_row = {
	DSP_FAM_GAUSSIAN, DSP_FAM_F_IID | DSP_FAM_F_NESTED, DSP_LAW_TGAUSS,
	random_fill, NULL, NULL, gaussian_range, NULL, 0, 0, 3
};
/* The ramp's logits are uniform on [0, delta] in the limit.  The walk of
 * `f`: a head of an --input array opens on empirical (its logits scaled
 * over n), and `f` from there reaches file (the row itself), next to it,
 * as README says; the enum order would go on to learned or wrap to power
 * and leave the head. */
static const dsp_family_row ramp_row = {
	DSP_FAM_RAMP, 0, DSP_LAW_UNIFORM, ramp_generate, NULL, NULL,
	zero_delta_range, NULL, 0, 0, 4
};
static const dsp_family_row file_row = {
	DSP_FAM_FILE, DSP_FAM_F_LOGITS, DSP_LAW_NONE, file_generate, NULL, NULL,
	file_range, NULL, 0, 0, 6
};
static const dsp_family_row empirical_row = {
	DSP_FAM_EMPIRICAL, DSP_FAM_F_IID | DSP_FAM_F_NESTED | DSP_FAM_F_LOGITS,
	DSP_LAW_NONE, empirical_generate, NULL, NULL, empirical_range, NULL, 0, 0, 5
};

static const dsp_family_row *const rows[DSP_FAM_COUNT] = {
	[DSP_FAM_POWER] = &power_row,
	[DSP_FAM_SPIKE] = &spike_row,
	[DSP_FAM_UNIFORM] = &uniform_row,
	[DSP_FAM_GAUSSIAN] = &gaussian_row,
	[DSP_FAM_RAMP] = &ramp_row,
	[DSP_FAM_FILE] = &file_row,
	[DSP_FAM_EMPIRICAL] = &empirical_row,
	[DSP_FAM_LEARNED] = &dsp_family_learned_row,
};

const dsp_family_row *
dsp_family_row_of(enum dsp_family f)
{
	return (int)f >= 0 && f < DSP_FAM_COUNT ? rows[f] : NULL;
}

int
dsp_family_has(enum dsp_family f, unsigned fl)
{
	const dsp_family_row *r = dsp_family_row_of(f);

	return r != NULL && (r->flags & fl) == fl;
}

int
dsp_family_iid(enum dsp_family f)
{
	return dsp_family_has(f, DSP_FAM_F_IID);
}

int
dsp_family_has_runs(const dsp_params *p)
{
	const dsp_family_row *r = dsp_family_row_of(p->family);

	return r != NULL && r->has_runs != NULL && r->has_runs(p);
}

int
dsp_family_nested(const dsp_params *p)
{
	return dsp_family_has(p->family, DSP_FAM_F_NESTED);
}

int
dsp_family_has_logits(enum dsp_family f)
{
	return dsp_family_has(f, DSP_FAM_F_LOGITS);
}

uint64_t
dsp_family_explicit_limit(const dsp_params *p)
{
	const dsp_family_row *r = dsp_family_row_of(p->family);
	uint64_t lim = p->explicit_max ? p->explicit_max : DSP_EXPLICIT_MAX;

	if (p->family == DSP_FAM_RAMP && p->explicit_max == 0)
		lim = DSP_RAMP_EXPLICIT_MAX;
	if (r != NULL && r->explicit_cap != 0 && lim > r->explicit_cap)
		lim = r->explicit_cap;
	return lim < DSP_EXPLICIT_MAX ? lim : DSP_EXPLICIT_MAX;
}
