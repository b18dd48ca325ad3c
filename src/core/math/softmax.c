/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Softmax with temperature, entropy, top-k mass.
 *
 * Logits are shifted by the pivot (the maximum for theta > 0, the minimum
 * for theta < 0) so every exponent is <= 0 and nothing overflows. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/job.h"
#include "core/math/softmax.h"

static double
pivot_array(const double *e, size_t n, double theta)
{
	double p = e[0];
	size_t i;

	for (i = 1; i < n; i++)
		if (theta >= 0 ? e[i] > p : e[i] < p)
			p = e[i];
	return p;
}

/* NaN poisons every weight through Z and an infinite logit makes the shift
 * inf - inf; both are caller errors, reported with the item. */
static int
check_finite(const double *e, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!isfinite(e[i]))
			return dsp_fail(DSP_EINVAL, "logit %zu is not finite (%g)", i, e[i]);
	return DSP_OK;
}

static double
pivot_runs(const dsp_runs *e, double theta)
{
	double lo, hi;

	dsp_runs_minmax(e, &lo, &hi);
	return theta >= 0 ? hi : lo;
}

double
dsp_logsumexp(const double *e, size_t n, double theta)
{
	double p, s = 0;
	size_t i;

	if (n == 0)
		return -INFINITY;
	p = pivot_array(e, n, theta);
	for (i = 0; i < n; i++)
		s += exp((e[i] - p) / theta);
	return p / theta + log(s);
}

int
dsp_softmax(const double *e, size_t n, double theta, double *out)
{
	double p, s = 0;
	size_t i, ties = 0;

	if (n == 0)
		return dsp_fail(DSP_EEMPTY, "softmax of no logits");
	if (!isfinite(theta))
		return dsp_fail(DSP_EINVAL, "temperature must be finite");
	if (check_finite(e, n) != DSP_OK)
		return DSP_EINVAL;
	p = pivot_array(e, n, theta);
	if (theta == 0) {
		for (i = 0; i < n; i++)
			ties += e[i] == p;
		for (i = 0; i < n; i++)
			out[i] = e[i] == p ? 1.0 / (double)ties : 0.0;
		return DSP_OK;
	}
	for (i = 0; i < n; i++)
		s += out[i] = exp((e[i] - p) / theta);
	for (i = 0; i < n; i++)
		out[i] /= s;
	return DSP_OK;
}

int
dsp_softmax_runs(const dsp_runs *in, double theta, dsp_runs *out)
{
	double p, s = 0;
	uint64_t ties = 0;
	size_t i;
	int rc;

	if (dsp_runs_total(in) == 0)
		return dsp_fail(DSP_EEMPTY, "softmax of no logits");
	if (!isfinite(theta))
		return dsp_fail(DSP_EINVAL, "temperature must be finite");
	if (check_finite(in->value, in->len) != DSP_OK)
		return DSP_EINVAL;
	if ((rc = dsp_runs_copy(out, in)) != DSP_OK)
		return rc;
	p = pivot_runs(in, theta);
	if (theta == 0) {
		for (i = 0; i < in->len; i++)
			if (in->value[i] == p)
				ties += in->count[i];
		for (i = 0; i < in->len; i++)
			out->value[i] = in->value[i] == p ? 1.0 / (double)ties : 0.0;
		return DSP_OK;
	}
	for (i = 0; i < in->len; i++) {
		out->value[i] = exp((in->value[i] - p) / theta);
		s += (double)in->count[i] * out->value[i];
	}
	for (i = 0; i < in->len; i++)
		out->value[i] /= s;
	return DSP_OK;
}

static double
to_unit(double h, double n, enum dsp_entropy_unit unit)
{
	switch (unit) {
	case DSP_BITS:
		return h / M_LN2;
	case DSP_NORMALISED:
		return n > 1 ? h / log(n) : 0.0;
	case DSP_NATS:
		break;
	}
	return h;
}

/* -log(w_i / t) for a weight w_i > 0 of a row with total t = w_i + rest_i.
 * For the dominant item (q near 1) log(t / w) would lose every digit that
 * t = w (1 + r) kept below 2^-53; log1p(rest / w) keeps them.  Elsewhere
 * t / w >= 2 or so and log(t / w) is accurate (log t - log w if that
 * ratio overflows for subnormal w). */
static double
neg_log_share(double w, double t, double rest, int dominant)
{
	double r;

	if (dominant)
		return log1p(rest / w);
	r = t / w;
	return isfinite(r) ? log(r) : log(t) - log(w);
}

/* Entropy of w / sum(w) over runs; the dominant run (largest c w) is the
 * only one whose share can be near 1, so only its "rest" is summed apart. */
double
dsp_row_entropy_runs(const dsp_runs *w)
{
	double t = 0, rest = 0, m, best = -1, h = 0;
	size_t i, b = 0;

	for (i = 0; i < w->len; i++) {
		m = (double)w->count[i] * w->value[i];
		t += m;
		if (m > best) {
			best = m;
			b = i;
		}
	}
	if (!(t > 0))
		return 0;
	for (i = 0; i < w->len; i++)
		if (i != b)
			rest += (double)w->count[i] * w->value[i];
	for (i = 0; i < w->len; i++) {
		if (!(w->value[i] > 0))
			continue;
		m = (double)w->count[i] * w->value[i];
		h += m / t * neg_log_share(w->value[i], t, rest, i == b &&
		    w->count[i] == 1);
	}
	return h;
}

double
dsp_row_entropy(const double *w, size_t n)
{
	double t = 0, rest = 0, best = -1, h = 0;
	size_t i, b = 0;

	for (i = 0; i < n; i++) {
		t += w[i];
		if (w[i] > best) {
			best = w[i];
			b = i;
		}
	}
	if (!(t > 0))
		return 0;
	for (i = 0; i < n; i++)
		if (i != b)
			rest += w[i];
	for (i = 0; i < n; i++)
		if (w[i] > 0)
			h += w[i] / t * neg_log_share(w[i], t, rest, i == b);
	return h;
}

double
dsp_entropy(const double *p, size_t n, enum dsp_entropy_unit unit)
{
	return to_unit(dsp_row_entropy(p, n), (double)n, unit);
}

double
dsp_entropy_paper(const double *p, size_t n)
{
	double h = 0;
	size_t i;

	for (i = 0; i < n; i++)
		h -= p[i] * log(p[i] + DSP_PAPER_ENTROPY_EPS);
	return h;
}

double
dsp_entropy_runs(const dsp_runs *p, enum dsp_entropy_unit unit)
{
	return to_unit(dsp_row_entropy_runs(p), (double)dsp_runs_total(p), unit);
}

double
dsp_entropy_paper_runs(const dsp_runs *p)
{
	double h = 0;
	size_t i;

	for (i = 0; i < p->len; i++)
		h -= (double)p->count[i] * p->value[i] *
		    log(p->value[i] + DSP_PAPER_ENTROPY_EPS);
	return h;
}

/* H = log Z - sum_i w_i x_i with x_i = (e_i - pivot) / theta <= 0, both
 * terms >= 0.  Z = c0 + zr, c0 the items at the pivot (exp(0) = 1 exactly)
 * and zr the sum of the others, so log Z = log1p(c0 - 1 + zr): for a nearly
 * one-hot row Z = 1 + zr rounds to 1 and log(Z) would drop zr, which is
 * the whole of H's first term (spike n = 2, delta 50: 2 % of H). */
double
dsp_softmax_entropy(const double *e, size_t n, double theta)
{
	double p, c0 = 0, zr = 0, wx = 0, x, t;
	size_t i, ties = 0;

	if (n == 0)
		return NAN;
	p = pivot_array(e, n, theta);
	if (theta == 0) {
		for (i = 0; i < n; i++)
			ties += e[i] == p;
		return log((double)ties);
	}
	for (i = 0; i < n; i++) {
		x = (e[i] - p) / theta;
		if (x == 0) {
			c0 += 1;
			continue;
		}
		t = exp(x);
		zr += t;
		wx += t * x;
	}
	return log1p((c0 - 1) + zr) - wx / (c0 + zr);
}

double
dsp_softmax_entropy_runs(const dsp_runs *e, double theta)
{
	double p, c0 = 0, zr = 0, wx = 0, x, t, c;
	uint64_t ties = 0;
	size_t i;

	if (dsp_runs_total(e) == 0)
		return NAN;
	p = pivot_runs(e, theta);
	if (theta == 0) {
		for (i = 0; i < e->len; i++)
			if (e->value[i] == p)
				ties += e->count[i];
		return log((double)ties);
	}
	for (i = 0; i < e->len; i++) {
		c = (double)e->count[i];
		x = (e->value[i] - p) / theta;
		if (x == 0) {
			c0 += c;
			continue;
		}
		t = exp(x);
		zr += c * t;
		wx += c * t * x;
	}
	return log1p((c0 - 1) + zr) - wx / (c0 + zr);
}

double
dsp_max(const double *p, size_t n)
{
	double m = -INFINITY;
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i] > m)
			m = p[i];
	return m;
}

static int
cmp_desc(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x < y) - (x > y);
}

double
dsp_topk_mass(const double *p, size_t n, size_t k)
{
	double *tmp, s = 0;
	size_t i;

	if (k >= n) {
		for (i = 0; i < n; i++)
			s += p[i];
		return s;
	}
	if ((tmp = dsp_malloc(n * sizeof *tmp)) == NULL)
		return NAN;
	memcpy(tmp, p, n * sizeof *tmp);
	if (dsp_qsort(tmp, n, sizeof *tmp, cmp_desc, "the weights") != DSP_OK) {
		free(tmp);
		return NAN;
	}
	for (i = 0; i < k; i++)
		s += tmp[i];
	free(tmp);
	return s;
}

struct vrun {
	double		value;
	uint64_t	count;
};

static int
vrun_desc(const void *a, const void *b)
{
	double x = ((const struct vrun *)a)->value, y = ((const struct vrun *)b)->value;

	return (x < y) - (x > y);
}

/* Min-heap of runs by value: h[0] is the lightest. */
static void
vrun_sift_down(struct vrun *h, size_t len, size_t i)
{
	struct vrun t;
	size_t c;

	for (; (c = 2 * i + 1) < len; i = c) {
		if (c + 1 < len && h[c + 1].value < h[c].value)
			c++;
		if (!(h[c].value < h[i].value))
			break;
		t = h[i], h[i] = h[c], h[c] = t;
	}
}

static void
vrun_sift_up(struct vrun *h, size_t i)
{
	struct vrun t;

	for (; i > 0 && h[i].value < h[(i - 1) / 2].value; i = (i - 1) / 2)
		t = h[i], h[i] = h[(i - 1) / 2], h[(i - 1) / 2] = t;
}

/* The heaviest runs holding at least k items, in a min-heap (O(r log h),
 * h the runs kept: one or a few for the usual small k, where sorting all
 * 2^20 runs of a file's weights took 100 ms), then sorted by weight and
 * taken from the largest until k items are taken: k past the total simply
 * takes everything.  (Picking the largest remaining run k times was
 * quadratic in the number of distinct weights: issue 16.) */
int
dsp_topk_mass_runs(const dsp_runs *p, uint64_t k, double *mass)
{
	struct vrun *r;
	double s = 0;
	size_t i, len = 0;
	uint64_t take, held = 0;
	int rc;

	if (k == 0) {
		*mass = 0;
		return DSP_OK;
	}
	if ((rc = dsp_job_need((p->len ? p->len : 1) * sizeof *r, "the top-k heap")) != DSP_OK)
		return rc;
	if ((r = dsp_malloc((p->len ? p->len : 1) * sizeof *r)) == NULL)
		return dsp_fail_nomem("the top-k heap", (p->len ? p->len : 1) * sizeof *r);
	for (i = 0; i < p->len; i++) {
		if (held >= k && !(p->value[i] > r[0].value))
			continue;
		r[len].value = p->value[i];
		r[len].count = p->count[i];
		held += p->count[i];
		vrun_sift_up(r, len++);
		/* Drop the lightest while the rest still hold k items. */
		while (len > 1 && held - r[0].count >= k) {
			held -= r[0].count;
			r[0] = r[--len];
			vrun_sift_down(r, len, 0);
		}
	}
	if ((rc = dsp_qsort(r, len, sizeof *r, vrun_desc, "the top-k runs")) != DSP_OK) {
		free(r);
		return rc;
	}
	for (i = 0; i < len && k > 0; i++) {
		take = r[i].count < k ? r[i].count : k;
		s += (double)take * r[i].value;
		k -= take;
	}
	free(r);
	*mass = s;
	return DSP_OK;
}
