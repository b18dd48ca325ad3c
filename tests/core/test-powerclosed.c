/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dsp_eval's closed route for the power series near |lambda| = 1
 * (core/math/eval_power.c, issue 26) against exact values:
 *   - tests/data/power-closed-reference.tsv (mpmath, 40 digits, made once by
 *     tests/core/power-closed-reference.py: brute force at n = 2^17, closed-
 *     form integrals and mpmath's Euler-Maclaurin sum past it): entropy,
 *     paper entropy, max / min weight, top-k mass, total and the count of
 *     weights that round to 0, for lambda = 0.9999999, 0.99999, 0.999 (the
 *     runs route: a control), +-1.0000001, 1.00001, -0.99999, -0.9999999,
 *     n from 2^13 to 2^63, delta 0.5 .. 1000, theta of both signs, softmax,
 *     SSMax, log-n scaling, softmax_1 and adaptive temperature;
 *   - the weights of the other route on the same parameters where it can
 *     run (dsp_eval_weights: the runs form for |lambda| < 1, every item for
 *     lambda > 1, n <= 2^22), their figures summed here in long double: the
 *     closed route's to 1e-12 (dsp_eval_weights reports the closed route's
 *     figures with those weights, so the screen and report agree: checked);
 *   - continuity where the route switches on in lambda (n = 2^40): the
 *     runs route at the last lambda below the switch and the closed route
 *     at the next double agree to 1e-12;
 *   - sigmoid (not normalised) and linear attention likewise against the
 *     weights of the other route, and at the switch;
 *   - sparsemax and entmax on a falling series: the route that builds the
 *     support's terms only, against the runs form of every term;
 *   - random parameters near |lambda| = 1 up to n = 2^63: every
 *     evaluation passes the gate (dsp_eval returns DSP_OK) or is refused
 *     for an overflowing delta lambda^(n-1), in milliseconds. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../tap.h"
#include "coretest.h"
#include "core/error.h"
#include "core/math/eval.h"
#include "core/schema/family.h"

/* |got - want| <= rel |want|, or both below the double range's reach (a
 * weight that rounds to 0, or to a subnormal with few digits). */
static int
near(double got, long double want, double rel)
{
	if (fabsl(want) < 1e-300L)
		return fabs(got) < 1e-300;
	return fabsl((long double)got - want) <= (long double)rel * fabsl(want);
}

/* Absolute tolerance scaled by max(1, |want|): entropies. */
static int
near_h(double got, long double want, double tol)
{
	long double sc = fabsl(want) > 1 ? fabsl(want) : 1;

	return fabsl((long double)got - want) <= (long double)tol * sc;
}

static void
params_of(dsp_params *p, const char *attn, double delta, double theta, double lambda,
    uint64_t n, uint64_t topk)
{
	ct_base(p, DSP_FAM_POWER, n, delta, theta);
	p->lambda = lambda;
	p->topk = topk;
	if (strcmp(attn, "adaptive") == 0) {
		p->attn = DSP_ATTN_SOFTMAX;
		p->adaptive = 1;
	} else
		p->attn = (enum dsp_attn)dsp_attn_parse(attn);
}

/* The figures of a and b agree to tol (relative, entropies absolute
 * scaled by max(1, H)). */
static int
same(const dsp_summary *a, const dsp_summary *b, double tol, const char *what)
{
	int c = near_h(a->entropy, b->entropy, tol) &&
	    near_h(a->entropy_paper, b->entropy_paper, tol) &&
	    near(a->max_weight, b->max_weight, tol) &&
	    near(a->min_weight, b->min_weight, tol) &&
	    near(a->topk_mass, b->topk_mass, tol) &&
	    near(a->total, b->total, tol);

	ok(c, "%s", what);
	if (!c)
		diag("  H %.17g / %.17g, paper %.17g / %.17g, max %.17g / %.17g, min %.17g / "
		    "%.17g, top %.17g / %.17g, total %.17g / %.17g", a->entropy, b->entropy,
		    a->entropy_paper, b->entropy_paper, a->max_weight, b->max_weight,
		    a->min_weight, b->min_weight, a->topk_mass, b->topk_mass, a->total,
		    b->total);
	return c;
}

/* Sift the run at i down the min-heap h of m runs (smallest value on
 * top). */
static void
heap_down(double (*h)[2], size_t m, size_t i)
{
	double t[2];
	size_t c;

	for (; (c = 2 * i + 1) < m; i = c) {
		if (c + 1 < m && h[c + 1][0] < h[c][0])
			c++;
		if (h[i][0] <= h[c][0])
			break;
		memcpy(t, h[i], sizeof t);
		memcpy(h[i], h[c], sizeof t);
		memcpy(h[c], t, sizeof t);
	}
}

static int
by_value_desc(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? 1 : x > y ? -1 : 0;
}

/* The figures of weights given as runs, in long double: what a row of
 * those weights holds, whatever route made them. */
static int
figures_of_weights(const dsp_runs *w, uint64_t topk, dsp_summary *f)
{
	long double t = 0, h = 0, hp = 0, top = 0, v, c;
	double (*vc)[2], mx = 0, mn = INFINITY;
	uint64_t left = topk ? topk : 1, take;
	size_t i, m = 0, cap;

	/* The top-k items lie in the k runs of largest value (each run holds
	 * an item at least): a min-heap keeps those, so that only they are
	 * sorted (every item is a run of its own for lambda > 1: millions). */
	cap = left < w->len ? (size_t)left : w->len;
	if ((vc = malloc((cap ? cap : 1) * sizeof *vc)) == NULL)
		return -1;
	memset(f, 0, sizeof *f);
	for (i = 0; i < w->len; i++) {
		v = w->value[i];
		c = (long double)w->count[i];
		t += c * v;
		if (v > 0)
			h -= c * v * logl(v);
		hp -= c * v * logl(v + 1e-9L);
		if (w->value[i] > mx)
			mx = w->value[i];
		if (w->value[i] < mn)
			mn = w->value[i];
		if (w->value[i] == 0)
			f->zero_weights += (double)w->count[i];
		if (m < cap) {
			vc[m][0] = w->value[i];
			vc[m][1] = (double)w->count[i];
			if (++m == cap)
				for (size_t j = cap / 2; j-- > 0;)
					heap_down(vc, cap, j);
		} else if (cap > 0 && w->value[i] > vc[0][0]) {
			vc[0][0] = w->value[i];
			vc[0][1] = (double)w->count[i];
			heap_down(vc, cap, 0);
		}
	}
	qsort(vc, m, sizeof *vc, by_value_desc);
	for (i = 0; i < m && left > 0; i++) {
		take = (uint64_t)vc[i][1] < left ? (uint64_t)vc[i][1] : left;
		top += (long double)take * vc[i][0];
		left -= take;
	}
	free(vc);
	/* The entropy of the row normalised (softmax_1's sums to below 1):
	 * -sum (w/t) log(w/t) = (h + t log t) / t. */
	f->entropy = (double)((h + t * logl(t)) / t);
	f->entropy_paper = (double)hp;
	f->max_weight = mx;
	f->min_weight = mn;
	f->topk_mass = (double)top;
	f->total = (double)t;
	return 0;
}

/* The closed route's figures s of p against the figures of the weights
 * that dsp_eval_weights computes by the other route (which reports s
 * with them): 1 when compared. */
static int
against_weights(const dsp_params *p, const dsp_summary *s, const char *what0)
{
	dsp_summary r, fw;
	dsp_runs *w;
	char what[240];
	int rc = 0;

	if ((w = dsp_runs_alloc(64)) == NULL) {
		ok(0, "%s: out of memory", what0);
		return 0;
	}
	if (dsp_eval_weights(p, w, &r) != DSP_OK)
		ok(0, "%s: the weights route: %s", what0, dsp_last_error());
	else if (figures_of_weights(w, p->topk, &fw) != 0)
		ok(0, "%s: out of memory", what0);
	else {
		rc = 1;
		ok(memcmp(&r.entropy, &s->entropy, sizeof s->entropy) == 0 &&
		    memcmp(&r.max_weight, &s->max_weight, sizeof s->max_weight) == 0 &&
		    r.method == DSP_METHOD_ANALYTIC,
		    "%s: dsp_eval_weights reports the closed route's figures", what0);
		snprintf(what, sizeof what, "%s: closed route = the figures of %llu "
		    "weight runs", what0, (unsigned long long)w->len);
		same(s, &fw, 1e-12, what);
		ok(fabs(s->zero_weights - fw.zero_weights) <= 2, "  zero weights %.17g = %.17g",
		    s->zero_weights, fw.zero_weights);
	}
	dsp_runs_free(w);
	return rc;
}

static void
reference_rows(void)
{
	const char *top = getenv("top_srcdir");
	/* The other route item by item: to 2^22 items, or 2^20 under the
	 * sanitizers (a 2^22 row of runs costs a second there; the rows past
	 * 2^20 are still checked against mpmath). */
	uint64_t cross_max = (uint64_t)1 << (getenv("DSP_SANITIZERS") ? 20 : 22);
	char path[4096], line[4096], attn[32], what[200], *fld[14], *tok, *save = NULL;
	double delta, theta, lambda, tol;
	unsigned long long n, topk;
	long double H, wmax, wmin, hp, tk, tot, zeros;
	dsp_params p;
	dsp_summary s;
	int rows = 0, closed = 0, cross = 0, c, nf;
	FILE *fp;

	snprintf(path, sizeof path, "%s/tests/data/power-closed-reference.tsv",
	    top ? top : ".");
	if ((fp = fopen(path, "r")) == NULL) {
		ok(0, "read %s", path);
		return;
	}
	while (fgets(line, sizeof line, fp) != NULL) {
		if (line[0] == '#' || strncmp(line, "attn", 4) == 0)
			continue;
		/* Fields split at tabs: an underflowed mpmath weight can
		 * print an exponent of 60 digits. */
		for (nf = 0, tok = strtok_r(line, "\t\n", &save); tok != NULL && nf < 14;
		    tok = strtok_r(NULL, "\t\n", &save))
			fld[nf++] = tok;
		if (nf != 14)
			continue;
		snprintf(attn, sizeof attn, "%s", fld[0]);
		delta = strtod(fld[1], NULL);
		theta = strtod(fld[2], NULL);
		lambda = strtod(fld[3], NULL);
		n = strtoull(fld[4], NULL, 10);
		topk = strtoull(fld[5], NULL, 10);
		H = strtold(fld[7], NULL);
		wmax = strtold(fld[8], NULL);
		wmin = strtold(fld[9], NULL);
		hp = strtold(fld[10], NULL);
		tk = strtold(fld[11], NULL);
		tot = strtold(fld[12], NULL);
		zeros = strtold(fld[13], NULL);
		rows++;
		params_of(&p, attn, delta, theta, lambda, n, topk);
		snprintf(what, sizeof what, "%s delta %g theta %g lambda %.10g n %llu top-%llu",
		    attn, delta, theta, lambda, n, topk);
		if (dsp_eval(&p, &s) != DSP_OK) {
			ok(0, "%s: %s", what, dsp_last_error());
			continue;
		}
		closed += s.method == DSP_METHOD_ANALYTIC;
		/* Weights near the subnormal range carry fewer digits. */
		tol = 1e-11;
		c = near_h(s.entropy, H, 1e-12) && near_h(s.entropy_paper, hp, 1e-12) &&
		    near(s.max_weight, wmax, tol) && near(s.min_weight, wmin, tol) &&
		    near(s.topk_mass, tk, tol) && near(s.total, tot, 1e-13) &&
		    fabsl((long double)s.zero_weights - zeros) <= 2;
		ok(c, "%s (%s): mpmath", what, dsp_method_name(s.method));
		if (!c)
			diag("  H %.17g / %.17Lg, paper %.17g / %.17Lg, max %.17g / %.17Lg, "
			    "min %.17g / %.17Lg, top %.17g / %.17Lg, total %.17g / %.17Lg, "
			    "zeros %.17g / %.17Lg", s.entropy, H, s.entropy_paper, hp,
			    s.max_weight, wmax, s.min_weight, wmin, s.topk_mass, tk,
			    s.total, tot, s.zero_weights, zeros);
		/* The other route on the same parameters. */
		if (s.method == DSP_METHOD_ANALYTIC && n <= cross_max)
			cross += against_weights(&p, &s, what);
	}
	fclose(fp);
	ok(rows >= 60 && closed >= 50 && cross >= 10,
	    "%d reference rows, %d by the closed route, %d against the other route",
	    rows, closed, cross);
}

/* The runs route below the switch, the closed route above, at adjacent
 * lambdas. */
static void
switch_continuity(const char *attn, double delta, double theta)
{
	double lo = 0.99, hi = 0.9999999, mid;
	dsp_params p;
	dsp_summary a, b;
	char what[160];
	int i;

	params_of(&p, attn, delta, theta, lo, (uint64_t)1 << 40, 3);
	for (i = 0; i < 200 && nextafter(lo, 1) < hi; i++) {
		mid = (lo + hi) / 2;
		if (mid <= lo || mid >= hi)
			break;
		p.lambda = mid;
		if (dsp_eval(&p, &a) != DSP_OK)
			break;
		if (a.method == DSP_METHOD_ANALYTIC)
			hi = mid;
		else
			lo = mid;
	}
	p.lambda = lo;
	if (dsp_eval(&p, &a) != DSP_OK) {
		ok(0, "%s: below the switch: %s", attn, dsp_last_error());
		return;
	}
	p.lambda = hi;
	if (dsp_eval(&p, &b) != DSP_OK) {
		ok(0, "%s: above the switch: %s", attn, dsp_last_error());
		return;
	}
	ok(a.method == DSP_METHOD_RUNS && b.method == DSP_METHOD_ANALYTIC &&
	    nextafter(lo, 1) == hi, "%s delta %g theta %g: the switch at lambda %.17g "
	    "(runs below, closed above)", attn, delta, theta, hi);
	snprintf(what, sizeof what, "%s delta %g theta %g n 2^40: runs at %.17g = closed "
	    "at the next double", attn, delta, theta, lo);
	same(&a, &b, 1e-12, what);
}

/* Random views near |lambda| = 1: the gate passes every one. */
static void
random_views(void)
{
	static const char *const attns[] = { "softmax", "ssmax", "logn", "softmax1", "adaptive",
		"sigmoid", "linear" };
	uint64_t st = 0x9e3779b97f4a7c15ULL, n;
	double lambda, theta, delta, t0, worst = 0, ms;
	dsp_params p;
	dsp_summary s;
	int i, good = 0, overflow = 0, other = 0, rc, closed = 0;

	for (i = 0; i < 300; i++) {
		lambda = 1 + ((double)(tap_xorshift(&st) >> 11) * 0x1p-53 * 2 - 1) * 1e-4;
		if (tap_xorshift(&st) & 1)
			lambda = -lambda;
		n = (tap_xorshift(&st) >> (1 + tap_xorshift(&st) % 46)) | ((uint64_t)1 << 17);
		theta = ((double)(tap_xorshift(&st) >> 11) * 0x1p-53 - 0.3) * 4;
		delta = (double)(tap_xorshift(&st) >> 11) * 0x1p-53 * 50;
		params_of(&p, attns[tap_xorshift(&st) % 7], delta, theta == 0 ? 1 : theta,
		    lambda, n, 1 + tap_xorshift(&st) % 1000);
		/* Sigmoid's and linear attention's weights depend on v /
		 * theta itself, not on its distance to the largest: their
		 * closed route holds |v / theta| to 19000, so |lambda| > 1 past
		 * a few e^{(n-1) log |lambda|} is item by item, and refused
		 * past 2^27 items. */
		if ((p.attn == DSP_ATTN_SIGMOID || p.attn == DSP_ATTN_LINEAR) &&
		    fabs(lambda) > 1)
			p.lambda = 1 / lambda;
		t0 = dsp_now_ms();
		rc = dsp_eval(&p, &s);
		ms = dsp_now_ms() - t0;
		if (rc == DSP_OK) {
			good++;
			closed += s.method == DSP_METHOD_ANALYTIC;
			if (s.method == DSP_METHOD_ANALYTIC && ms > worst)
				worst = ms;
		} else if (rc == DSP_ERANGE)
			overflow++;
		else {
			other++;
			diag("  lambda %.17g n %llu theta %g delta %g %s: %s", lambda,
			    (unsigned long long)n, p.theta, delta, dsp_attn_name(p.attn),
			    dsp_last_error());
		}
	}
	ok(other == 0 && closed > 100, "300 random views near |lambda| = 1: %d pass the gate "
	    "(%d by the closed route), %d overflow delta lambda^(n-1)", good, closed,
	    overflow);
	diag("slowest closed evaluation %.1f ms (not asserted)", worst);
}

/* The route's domain is every |lambda| != 1 past 2^16 terms: lambda > 1
 * up to about e^{709 / 2^16} = 1.011 (further out delta lambda^(n-1)
 * overflows a double past 2^16 items), |lambda| < 1 only where the runs
 * form passes 2^16 terms (0.9 never); against the items' weights. */
static void
far_from_one(void)
{
	static const struct {
		const char *attn;
		double delta, theta, lambda;
	} c[] = {
		{ "softmax", 4, 1, 1.001 }, { "softmax", 4, -0.5, 1.001 },
		{ "softmax", 0.01, 1, 1.005 }, { "softmax1", 1, 2, 1.0005 },
		{ "softmax", 1e-3, 3, -1.003 }, { "logn", 1e-6, 1, 1.004 },
		{ "adaptive", 1e-4, 0.01, -1.005 },
		/* Sigmoid (not normalised): rows below, around and above log n
		 * = 11.8, saturated (y up to 5000), both signs of theta. */
		{ "sigmoid", 4, 1, 0.99995 }, { "sigmoid", 4, -0.5, 0.99995 },
		{ "sigmoid", 20, 1, 0.99995 }, { "sigmoid", 5000, 1, 0.9999 },
		{ "sigmoid", 1, 2, 1.00005 }, { "sigmoid", 30, 1, -0.99995 },
		{ "sigmoid", 1e-3, 3, -1.00003 },
		/* Linear (elu + 1): positive and negative runs, theta of both
		 * signs, y up to 5000. */
		{ "linear", 4, 1, 0.99995 }, { "linear", 4, -0.5, 0.99995 },
		{ "linear", 5000, 1, 0.9999 }, { "linear", 30, 1, -0.99995 },
		{ "linear", 1, 2, 1.00005 }, { "linear", 1e-3, -3, -1.00003 },
	};
	dsp_params p;
	dsp_summary s;
	char what[160];
	size_t i;

	for (i = 0; i < sizeof c / sizeof c[0]; i++) {
		params_of(&p, c[i].attn, c[i].delta, c[i].theta, c[i].lambda,
		    ((uint64_t)1 << 17) + 3, 5);
		snprintf(what, sizeof what, "%s delta %g theta %g lambda %g n 2^17 + 3",
		    c[i].attn, c[i].delta, c[i].theta, c[i].lambda);
		if (dsp_eval(&p, &s) != DSP_OK)
			ok(0, "%s: %s", what, dsp_last_error());
		else if (ok(s.method == DSP_METHOD_ANALYTIC, "%s: the closed route", what))
			against_weights(&p, &s, what);
	}
}

/* Sparsemax and entmax on a falling or alternating power series
 * (eval_support.c): only the support's terms and the rest as runs of
 * weight 0, against the runs form
 * of every term (dsp_eval_weights keeps the weights, so it builds them all)
 * at n = 2^18 and 2^20 (the second goes on from the first's last term, as
 * a curve does): every figure to 1e-12, the zero count and the logit range
 * exactly (the screen keeps the weights, so it shows the runs form's
 * figures; report's must be the same bits).  Past the runs form's reach
 * (2^40, 2^63) the support is the same prefix, so the figures are those at
 * 2^20 and the zeros n - (support): checked against the runs form there. */
/* The reference for the support route: the runs form of every term.  A
 * falling series' kept weights are that form (dsp_eval_weights); an
 * alternating series keeps its head in position order too, so there the
 * same terms go in as a file's logits, item by item. */
static int
runs_form(const dsp_params *p, dsp_runs *w, dsp_summary *b)
{
	dsp_params f = *p;
	double *x = NULL;
	int rc;

	if (p->lambda > 0)
		return dsp_eval_weights(p, w, b);
	if ((rc = dsp_family_alloc(p, &x)) != DSP_OK)
		return rc;
	f.family = DSP_FAM_FILE;
	f.logits = x;
	f.n_logits = (size_t)p->n;
	rc = dsp_eval(&f, b);
	free(x);
	return rc;
}

static void
support_route(void)
{
	static const struct {
		const char *attn;
		double delta, theta, lambda, alpha;
		uint64_t topk;
	} c[] = {
		{ "sparsemax", 4, 1, 0.9999999, 1.5, 1 },
		{ "sparsemax", 4, 1, 0.9999999, 1.5, 10 },
		{ "sparsemax", 4, 1, 0.9999999, 1.5, 1000000 },
		{ "sparsemax", 4, 2, 0.9999999, 1.5, 1 },
		{ "sparsemax", 30, 0.5, 0.99999, 1.5, 100 },
		{ "entmax", 4, 1, 0.9999999, 1.5, 1 },
		{ "entmax", 4, 0.25, 0.9999999, 1.5, 10 },
		{ "entmax", 4, 1, 0.9999999, 3, 1 },
		{ "entmax", 2, 1, 0.99999, 1.2, 1 },
		/* The alternating series (support_alternating): from 2^16
		 * distinct terms, as the falling one. */
		{ "sparsemax", 4, 1, -0.9999999, 1.5, 1 },
		{ "sparsemax", 4, -1, -0.9999999, 1.5, 100 },
		{ "entmax", 4, 1, -0.9999999, 1.5, 1 },
		{ "entmax", 4, -0.5, -0.99999, 1.2, 10 },
		{ "entmax", 2, 1, -0.9999999, 2, 1000 },
	};
	static const uint64_t ns[] = { (uint64_t)1 << 18, (uint64_t)1 << 20,
	    (uint64_t)1 << 40, (uint64_t)1 << 63 };
	dsp_summary a, b, ref;
	dsp_params p;
	dsp_runs *w;
	size_t i, j;
	char what[160];
	int rc;

	if ((w = dsp_runs_alloc(64)) == NULL) {
		ok(0, "runs for the support route");
		return;
	}
	for (i = 0; i < sizeof c / sizeof c[0]; i++) {
		for (j = 0; j < sizeof ns / sizeof ns[0]; j++) {
			params_of(&p, c[i].attn, c[i].delta, c[i].theta, c[i].lambda, ns[j],
			    c[i].topk);
			p.alpha = c[i].alpha;
			snprintf(what, sizeof what, "%s alpha %g delta %g theta %g lambda %.10g "
			    "n 2^%d top-%llu: the support's terms", c[i].attn, c[i].alpha,
			    c[i].delta, c[i].theta, c[i].lambda, (int)log2((double)ns[j]),
			    (unsigned long long)c[i].topk);
			rc = dsp_eval(&p, &a);
			if (!ok(rc == DSP_OK && a.method == DSP_METHOD_RUNS, "%s: evaluated%s%s",
			    what, rc == DSP_OK ? "" : ": ", rc == DSP_OK ? "" : dsp_last_error()))
				continue;
			if (j < 2) {
				if (runs_form(&p, w, &b) != DSP_OK) {
					ok(0, "%s: the runs form (%s)", what, dsp_last_error());
					continue;
				}
				same(&a, &b, 1e-12, what);
				ok(a.zero_weights == b.zero_weights && a.logit_min == b.logit_min &&
				    a.logit_max == b.logit_max, "%s: zeros %.0f, logits [%.17g, %.17g]",
				    what, a.zero_weights, a.logit_min, a.logit_max);
				if (!(a.zero_weights == b.zero_weights))
					diag("  zeros %.17g / %.17g, min logit %.17g / %.17g",
					    a.zero_weights, b.zero_weights, a.logit_min, b.logit_min);
				ref = b;
			} else {
				same(&a, &ref, 1e-12, what);
				ok(a.zero_weights - ((double)ns[j] - ((double)ns[1] - ref.zero_weights))
				    == 0, "%s: zeros n - support (%.17g)", what, a.zero_weights);
			}
		}
	}
	dsp_runs_free(w);
}

int
main(void)
{
	(void)is_close;
	(void)is_rel;
	(void)is_int;
	dsp_gsl_init();
	reference_rows();
	switch_continuity("softmax", 4, 1);
	switch_continuity("softmax", 4, -0.5);
	switch_continuity("softmax1", 0.5, 0.5);
	switch_continuity("logn", 4, 1);
	switch_continuity("sigmoid", 4, 1);
	switch_continuity("sigmoid", 30, -0.5);
	switch_continuity("linear", 4, 1);
	switch_continuity("linear", 30, -0.5);
	far_from_one();
	support_route();
	random_views();
	return tap_done();
}
