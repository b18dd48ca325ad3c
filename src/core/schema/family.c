/* Input families. */
#include <float.h>
#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "core/alloc.h"
#include "core/math/empirical.h"
#include "core/error.h"
#include "core/schema/family.h"
#include "core/job.h"
#include "core/train/learned.h"

/* A power-series term below this fraction of |theta| changes exp(e/theta)
 * by less than one part in 2^60, so the tail merges into one run at 0
 * (theta = 0: |delta| 2^-60, and the tail keeps its signs). */
#define POWER_TAIL_REL	0x1p-60
/* Long loops look at the job (cancelled?) every this many items. */
#define POLL_MASK	0xffff
/* Most distinct terms a power-series runs vector may hold. */
#define POWER_MAX_RUNS	((uint64_t)1 << 22)

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
		if ((i & POLL_MASK) == 0 && dsp_job_cancelled()) {
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

int
dsp_family_generate(const dsp_params *p, double *out)
{
	uint64_t n = family_size(p), k;
	double t;

	if (n > DSP_EXPLICIT_MAX)
		return dsp_fail(DSP_ETOOBIG, "n = %llu exceeds the explicit limit 2^27",
		    (unsigned long long)n);
	switch (p->family) {
	case DSP_FAM_POWER:
		t = p->delta;
		for (k = 0; k < n; k++) {
			out[k] = t;
			t *= p->lambda;
		}
		if (n > 0 && !isfinite(out[n - 1]))
			return dsp_fail(DSP_ERANGE,
			    "power series delta*lambda^(n-1) overflows a double");
		return DSP_OK;
	case DSP_FAM_SPIKE:
		for (k = 0; k < n; k++)
			out[k] = k == 0 ? p->delta : 0.0;
		return DSP_OK;
	case DSP_FAM_UNIFORM:
	case DSP_FAM_GAUSSIAN:
		return random_fill(p, out, n);
	case DSP_FAM_RAMP:
		for (k = 0; k < n; k++)
			out[k] = n > 1 ? p->delta * (double)k / (double)(n - 1) : 0.0;
		return DSP_OK;
	case DSP_FAM_FILE:
		for (k = 0; k < n; k++)
			out[k] = p->logits[k];
		return DSP_OK;
	case DSP_FAM_EMPIRICAL:
		return dsp_empirical_fill(p->logits, p->n_logits, p->seed, out, n);
	case DSP_FAM_LEARNED:
		return dsp_learned_generate(p, out);
	case DSP_FAM_COUNT:
		break;
	}
	return dsp_fail(DSP_EINVAL, "unknown family");
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
	if ((rc = dsp_family_generate(p, x)) != DSP_OK) {
		free(x);
		return rc;
	}
	*out = x;
	return DSP_OK;
}

/* Refuse at once, naming the whole need, when the distinct terms (until
 * the tail drops below tol) do not fit in the job's memory budget: they
 * become a run each, twice (logits and weights). */
static int
power_budget(const dsp_params *p, double tol)
{
	double terms = (double)p->n, a = fabs(p->lambda), d = fabs(p->delta);
	char what[64];

	if (a == 1 && p->lambda > 0)
		return DSP_OK;
	if (a < 1)
		terms = a == 0 || d < tol ? 1 : fmin(terms, ceil(log(tol / d) / log(a)) + 1);
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
	return dsp_job_need((size_t)terms * 2 * (sizeof(double) + sizeof(uint64_t)), what);
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

/* Terms until |delta lambda^k| < tol, then the tail (see family.h). */
static int
power_runs(const dsp_params *p, double tol, dsp_runs *out)
{
	double t = p->delta;
	uint64_t k;
	int rc;

	if (fabs(p->lambda) > 1)
		return dsp_fail(DSP_ENOTSUP,
		    "power series with |lambda| > 1 has no bounded runs form");
	if (!(tol > 0))
		tol = (p->theta != 0 ? fabs(p->theta) :
		    (p->delta != 0 ? fabs(p->delta) : 1)) * POWER_TAIL_REL;
	if ((rc = power_budget(p, tol)) != DSP_OK)
		return rc;
	for (k = 0; k < p->n; k++) {
		if (fabs(p->lambda) < 1 && fabs(t) < tol)
			break;
		if ((k & POLL_MASK) == POLL_MASK && (rc = dsp_job_poll()) != DSP_OK)
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
		t *= p->lambda;
	}
	if (k == p->n)
		return DSP_OK;
	if (p->theta == 0 && p->lambda != 0 && p->delta != 0)
		return power_tail_signs(p, t, p->n - k, out);
	return dsp_runs_push(out, 0.0, p->n - k);
}

int
dsp_family_runs_tol(const dsp_params *p, double tail_tol, dsp_runs *out)
{
	dsp_runs_clear(out);
	switch (p->family) {
	case DSP_FAM_POWER:
		return power_runs(p, tail_tol, out);
	case DSP_FAM_SPIKE:
		if (dsp_runs_push(out, p->delta, 1) != DSP_OK)
			return DSP_ENOMEM;
		return dsp_runs_push(out, 0.0, p->n - 1);
	default:
		break;
	}
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

int
dsp_family_range(const dsp_params *p, double *m, double *M)
{
	double a, b;

	switch (p->family) {
	case DSP_FAM_POWER:
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
	case DSP_FAM_SPIKE:
		*m = p->n > 1 ? 0 : p->delta;
		*M = p->delta;
		return 1;
	case DSP_FAM_UNIFORM:
	case DSP_FAM_RAMP:
		*m = 0;
		*M = p->delta;
		return 1;
	case DSP_FAM_GAUSSIAN:
		/* Unbounded: the expected spread grows like 2 sigma sqrt(2 log n). */
		*M = p->n > 1 ? p->delta * sqrt(2 * log((double)p->n)) : 0;
		*m = -*M;
		return 0;
	case DSP_FAM_FILE:
		array_minmax(p->logits, p->n_logits, m, M);
		return 0;
	case DSP_FAM_EMPIRICAL:
		/* Every draw is one of the row's values: bounded for every n. */
		array_minmax(p->logits, p->n_logits, m, M);
		return 1;
	case DSP_FAM_LEARNED:
		/* Bounded by the model alone, whatever n (Lemma 2.1's premise). */
		return dsp_learned_range(p, m, M) == DSP_OK;
	case DSP_FAM_COUNT:
		break;
	}
	*m = *M = NAN;
	return 0;
}

int
dsp_family_iid(enum dsp_family f)
{
	return f == DSP_FAM_UNIFORM || f == DSP_FAM_GAUSSIAN || f == DSP_FAM_EMPIRICAL ||
	    f == DSP_FAM_LEARNED;
}

int
dsp_family_has_runs(const dsp_params *p)
{
	return p->family == DSP_FAM_SPIKE ||
	    (p->family == DSP_FAM_POWER && fabs(p->lambda) <= 1);
}

int
dsp_family_nested(const dsp_params *p)
{
	switch (p->family) {
	case DSP_FAM_UNIFORM:
	case DSP_FAM_GAUSSIAN:
	case DSP_FAM_EMPIRICAL:
	case DSP_FAM_POWER:
		return 1;
	default:
		return 0;
	}
}

int
dsp_family_has_logits(enum dsp_family f)
{
	return f == DSP_FAM_FILE || f == DSP_FAM_EMPIRICAL;
}

uint64_t
dsp_family_explicit_limit(const dsp_params *p)
{
	uint64_t lim = p->explicit_max ? p->explicit_max : DSP_EXPLICIT_MAX;

	if (p->family == DSP_FAM_RAMP && p->explicit_max == 0)
		lim = DSP_RAMP_EXPLICIT_MAX;
	if (p->family == DSP_FAM_LEARNED && lim > DSP_LEARNED_EXPLICIT_MAX)
		lim = DSP_LEARNED_EXPLICIT_MAX;
	return lim < DSP_EXPLICIT_MAX ? lim : DSP_EXPLICIT_MAX;
}
