/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The typical configuration of a random family's law (typical.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/math/typical.h"

int
dsp_typical_family(enum dsp_family f)
{
	return f == DSP_FAM_UNIFORM || f == DSP_FAM_GAUSSIAN ||
	    f == DSP_FAM_EMPIRICAL || f == DSP_FAM_LEARNED;
}

void
dsp_lawtab_free(dsp_lawtab *law)
{
	free(law->hi);
	free(law->lo);
	free(law->mass);
	free(law->above);
	free(law->below);
	memset(law, 0, sizeof *law);
}

static int
law_alloc(dsp_lawtab *law, size_t cap)
{
	memset(law, 0, sizeof *law);
	law->hi = dsp_malloc(cap * sizeof *law->hi);
	law->lo = dsp_malloc(cap * sizeof *law->lo);
	law->mass = dsp_malloc(cap * sizeof *law->mass);
	law->above = dsp_malloc((cap + 1) * sizeof *law->above);
	law->below = dsp_malloc((cap + 1) * sizeof *law->below);
	if (law->hi == NULL || law->lo == NULL || law->mass == NULL ||
	    law->above == NULL || law->below == NULL) {
		dsp_lawtab_free(law);
		return dsp_fail_nomem(NULL, 0);
	}
	return DSP_OK;
}

/* Append a segment (from the top down); an atom at the last atom's value
 * joins it. */
static void
law_push(dsp_lawtab *law, double hi, double lo, double mass)
{
	size_t k = law->len;

	if (!(mass > 0))
		return;
	if (k > 0 && hi == lo && law->hi[k - 1] == hi && law->lo[k - 1] == lo) {
		law->mass[k - 1] += mass;
		return;
	}
	law->hi[k] = hi;
	law->lo[k] = lo;
	law->mass[k] = mass;
	law->len++;
}

/* Normalise the masses and sum the tails from each end. */
static int
law_finish(dsp_lawtab *law)
{
	double total = 0;
	size_t k;

	for (k = 0; k < law->len; k++)
		total += law->mass[k];
	if (law->len == 0 || !(total > 0) || !isfinite(total)) {
		dsp_lawtab_free(law);
		return dsp_fail(DSP_EINVAL, "the law has no mass");
	}
	law->above[0] = 0;
	for (k = 0; k < law->len; k++) {
		law->mass[k] /= total;
		law->above[k + 1] = law->above[k] + law->mass[k];
	}
	law->below[law->len] = 0;
	for (k = law->len; k-- > 0;)
		law->below[k] = law->below[k + 1] + law->mass[k];
	return DSP_OK;
}

static int
cmp_desc(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x > y ? -1 : x < y;
}

/* The order-preserving unsigned key of a double (no NaN): negative
 * values bit-flipped, positive ones with the sign bit set. */
static uint64_t
double_key(double x)
{
	uint64_t u;

	memcpy(&u, &x, sizeof u);
	return u >> 63 ? ~u : u | (uint64_t)1 << 63;
}

static double
key_double(uint64_t u)
{
	double x;

	u = u >> 63 ? u & ~((uint64_t)1 << 63) : ~u;
	memcpy(&x, &u, sizeof x);
	return x;
}

/* v's keys sorted ascending into k (tmp: m more keys): LSD radix, 8 bits a
 * pass (a row of 2^20 values in about 20 ms; qsort took 100). */
static void
radix_keys(const double *v, size_t m, uint64_t *k, uint64_t *tmp)
{
	size_t count[256], i, pass, sum, c;
	uint64_t *src = k, *dst = tmp, *swap;

	for (i = 0; i < m; i++)
		k[i] = double_key(v[i] == 0 ? 0.0 : v[i]);	/* -0 joins +0 */
	for (pass = 0; pass < 8; pass++) {
		memset(count, 0, sizeof count);
		for (i = 0; i < m; i++)
			count[(src[i] >> (8 * pass)) & 255]++;
		if (count[(src[0] >> (8 * pass)) & 255] == m)
			continue;	/* every key shares this byte */
		for (i = 0, sum = 0; i < 256; i++) {
			c = count[i];
			count[i] = sum;
			sum += c;
		}
		for (i = 0; i < m; i++)
			dst[count[(src[i] >> (8 * pass)) & 255]++] = src[i];
		swap = src;
		src = dst;
		dst = swap;
	}
	if (src != k)
		memcpy(k, src, m * sizeof *k);
}

int
dsp_lawtab_atoms(const double *v, size_t m, dsp_lawtab *law)
{
	uint64_t *k, *tmp;
	size_t i, j, len = 0;
	int rc;

	if (m == 0)
		return dsp_fail(DSP_EINVAL, "the law has no values");
	k = dsp_malloc(m * sizeof *k);
	tmp = dsp_malloc(m * sizeof *tmp);
	if (k == NULL || tmp == NULL) {
		free(k);
		free(tmp);
		return dsp_fail_nomem(NULL, 0);
	}
	radix_keys(v, m, k, tmp);
	free(tmp);
	for (i = 0; i < m; i++)
		len += i == 0 || k[i] != k[i - 1];
	if ((rc = law_alloc(law, len)) == DSP_OK) {
		/* From the largest value down, each distinct one an atom. */
		for (i = m; i > 0; i = j) {
			for (j = i - 1; j > 0 && k[j - 1] == k[i - 1]; j--)
				;
			law_push(law, key_double(k[i - 1]), key_double(k[i - 1]),
			    (double)(i - j));
		}
		rc = law_finish(law);
	}
	free(k);
	return rc;
}

/* A piece's edge as a sweep event: density d starts (below it, going
 * down) at x. */
struct event {
	double	x, d;
	int	start;
};

static int
cmp_event(const void *a, const void *b)
{
	const struct event *x = a, *y = b;

	return x->x > y->x ? -1 : x->x < y->x;
}

static int
flat_piece(double a, double b)
{
	return !(fabs(b - a) > 1e-12 * (fabs(a) + 1));
}

int
dsp_lawtab_pieces(const double *v0, const double *v1, const double *w,
    size_t count, dsp_lawtab *law)
{
	struct event *ev;
	double *atom, d = 0, hi, lo, len;
	size_t k, i, j, ne = 0, na = 0, a = 0;
	long active = 0;
	int rc;

	if ((ev = dsp_malloc((2 * count + 1) * sizeof *ev)) == NULL ||
	    (atom = dsp_malloc((2 * count + 1) * sizeof *atom)) == NULL) {
		free(ev);
		return dsp_fail_nomem(NULL, 0);
	}
	/* Atoms as (value, mass) pairs in atom[], continuous pieces as a
	 * start event at the top and an end event at the bottom. */
	for (k = 0; k < count; k++) {
		if (!(w[k] > 0))
			continue;
		if (flat_piece(v0[k], v1[k])) {
			atom[2 * na] = v0[k];
			atom[2 * na++ + 1] = w[k];
			continue;
		}
		hi = fmax(v0[k], v1[k]);
		lo = fmin(v0[k], v1[k]);
		ev[ne++] = (struct event){ hi, w[k] / (hi - lo), 1 };
		ev[ne++] = (struct event){ lo, w[k] / (hi - lo), 0 };
	}
	qsort(ev, ne, sizeof *ev, cmp_event);
	qsort(atom, na, 2 * sizeof *atom, cmp_desc);
	/* At most one stretch between consecutive events (ne - 1), one more
	 * for each atom that splits a stretch, and the atoms: ne + 2 na. */
	if ((rc = law_alloc(law, ne + 2 * na + 1)) != DSP_OK)
		goto out;
	/* Sweep from the top: between consecutive event positions the density
	 * is the sum of the active pieces' (0 exactly when none is active);
	 * an atom inside a stretch splits it. */
	for (i = 0; i < ne; i = j) {
		hi = ev[i].x;
		for (; a < na && atom[2 * a] >= hi; a++)
			law_push(law, atom[2 * a], atom[2 * a], atom[2 * a + 1]);
		for (j = i; j < ne && ev[j].x == hi; j++) {
			active += ev[j].start ? 1 : -1;
			d += ev[j].start ? ev[j].d : -ev[j].d;
		}
		if (active == 0)
			d = 0;
		if (j == ne)
			break;
		lo = ev[j].x;
		while (d > 0) {
			double top = hi, bot = lo;

			if (a < na && atom[2 * a] > lo)
				bot = atom[2 * a];
			len = top - bot;
			law_push(law, top, bot, d * len);
			if (bot == lo)
				break;
			law_push(law, bot, bot, atom[2 * a + 1]);
			a++;
			hi = bot;
		}
	}
	for (; a < na; a++)
		law_push(law, atom[2 * a], atom[2 * a], atom[2 * a + 1]);
	rc = law_finish(law);
out:
	free(ev);
	free(atom);
	return rc;
}

/* Segment k's span in the side's coordinate (the mass beyond, counted
 * from the top or from the bottom). */
static void
seg_span(const dsp_lawtab *L, int top, size_t k, double *s0, double *s1)
{
	*s0 = top ? L->above[k] : L->below[k + 1];
	*s1 = top ? L->above[k + 1] : L->below[k];
}

/* The logit at side coordinate s inside segment k. */
static double
seg_x(const dsp_lawtab *L, int top, size_t k, double s)
{
	double s0, s1, f;

	seg_span(L, top, k, &s0, &s1);
	f = fmin(1, fmax(0, (s - s0) / L->mass[k]));
	return top ? L->hi[k] - (L->hi[k] - L->lo[k]) * f :
	    L->lo[k] + (L->hi[k] - L->lo[k]) * f;
}

/* The segment holding side coordinate s. */
static size_t
seg_find(const dsp_lawtab *L, int top, double s)
{
	size_t a = 0, b = L->len - 1, m;

	if (top) {	/* largest k with above[k] <= s */
		while (a < b) {
			m = a + (b - a + 1) / 2;
			if (L->above[m] <= s)
				a = m;
			else
				b = m - 1;
		}
		return a;
	}
	while (a < b) {	/* smallest k with below[k + 1] <= s */
		m = a + (b - a) / 2;
		if (L->below[m + 1] <= s)
			b = m;
		else
			a = m + 1;
	}
	return a;
}

/* The mass beyond logit x on the side (the inverse of seg_x). */
static double
table_q(const dsp_lawtab *L, int top, double x)
{
	size_t a = 0, b = L->len, m;
	double f;

	/* First segment k (from the top) with lo[k] < x, or len. */
	while (a < b) {
		m = a + (b - a) / 2;
		if (L->lo[m] < x)
			b = m;
		else
			a = m + 1;
	}
	if (a == L->len)
		return top ? 1 : 0;
	f = x >= L->hi[a] ? 0 : (L->hi[a] - x) / (L->hi[a] - L->lo[a]);
	return top ? L->above[a] + L->mass[a] * f :
	    L->below[a + 1] + L->mass[a] * (1 - f);
}

/* The logit whose survival (top half, top = 1) or distribution function
 * (bottom half) is q: ranks are counted from the nearer end, so q stays
 * accurate down to 1/n at any n. */
struct law {
	const dsp_params *p;
	const dsp_lawtab	 *table;
};

static double
law_x(const struct law *l, int top, double q)
{
	const dsp_params *p = l->p;

	if (l->table != NULL)
		return seg_x(l->table, top, seg_find(l->table, top, q), q);
	if (p->family == DSP_FAM_UNIFORM)
		return top ? p->delta - p->delta * q : p->delta * q;
	return (top ? 1 : -1) * p->delta * gsl_cdf_ugaussian_Qinv(q);
}

/* The tail probability beyond logit x on the given side (inverse of
 * law_x). */
static double
law_q(const struct law *l, int top, double x)
{
	const dsp_params *p = l->p;

	if (l->table != NULL)
		return table_q(l->table, top, x);
	if (p->family == DSP_FAM_UNIFORM)
		return top ? (p->delta - x) / p->delta : x / p->delta;
	return gsl_cdf_ugaussian_Q((top ? x : -x) / p->delta);
}

/* The logit in [a, b] whose weight e^{tx} is the mean of e^{tx} over
 * [a, b] (a bin's logits spread evenly): the bin then carries its exact
 * share of the partition sum; t = 0 gives the middle. */
static double
mean_weight_x(double a, double b, double t)
{
	double d = b - a, u = t * d;

	if (!(fabs(u) > 1e-8))
		return a + d / 2;
	if (u > 0)
		return b + (log(-expm1(-u)) - log(u)) / t;
	return a + (log(-expm1(u)) - log(-u)) / t;
}

/* The end of the ascending run of e that starts at lo (k: the length). */
static size_t
run_end(const uint64_t *e, size_t lo, size_t k)
{
	for (lo++; lo < k && e[lo - 1] <= e[lo]; lo++)
		;
	return lo;
}

/* Sort e[0 .. k) by merging its ascending runs pairwise (tmp: k more).
 * The edges come as three ascending lists (geometric, logit-even, the
 * table's), so this is two or three linear passes; qsort of the 10,000
 * edges of a point at 2^40 took 40 % of a typical-configuration curve. */
static void
sort_edges(uint64_t *e, size_t k, uint64_t *tmp)
{
	size_t lo, mid, hi, i, j, o, runs;

	do {
		runs = 0;
		for (lo = 0; lo < k; lo = hi) {
			mid = run_end(e, lo, k);
			hi = mid < k ? run_end(e, mid, k) : k;
			for (i = lo, j = mid, o = lo; i < mid && j < hi; )
				tmp[o++] = e[j] < e[i] ? e[j++] : e[i++];
			while (i < mid)
				tmp[o++] = e[i++];
			while (j < hi)
				tmp[o++] = e[j++];
			runs++;
		}
		memcpy(e, tmp, k * sizeof *e);
	} while (runs > 1);
}

/* The logit of a bin holding side coordinates (s0, s1] of a tabulated
 * law: the one whose weight e^{t x} is the bin's exact mean weight (the
 * mean of its pieces' mean weights, each piece linear in s); t = 0 gives
 * the mean logit; item is one item's mass, 1/n. */
static double
table_bin_x(const dsp_lawtab *L, int top, double s0, double s1, double t, double item)
{
	double a, b, u0, u1, xa, xb, x, w, ref = NAN, sum = 0, len = 0, lo = s0, hi = s1;
	size_t k, k0;

	/* A piece under half an item at either end of the bin is the rounding
	 * of its edges to whole items (they sit at segment edges rounded): it
	 * belongs to the next bin, and would pull this bin off its atom. */
	seg_span(L, top, seg_find(L, top, s0), &a, &b);
	if (b - s0 < 0.5 * item && b < s1)
		lo = b;
	seg_span(L, top, seg_find(L, top, s1), &a, &b);
	if (s1 - a < 0.5 * item && a > lo)
		hi = a;
	/* One pass, the sum of e^{t(x - ref)} about the heaviest x so far
	 * (rescaled when a heavier one comes: no overflow, no second pass). */
	k0 = seg_find(L, top, lo);
	for (k = k0; k < L->len; k = top ? k + 1 : k - 1) {
		seg_span(L, top, k, &a, &b);
		if (a >= hi && k != k0)
			break;
		u0 = a > lo ? a : lo;
		u1 = b < hi ? b : hi;
		if (u1 > u0 || k == k0) {
			if (L->hi[k] == L->lo[k])
				x = L->hi[k];	/* an atom */
			else {
				xa = seg_x(L, top, k, u0);
				xb = seg_x(L, top, k, u1);
				x = mean_weight_x(fmin(xa, xb), fmax(xa, xb), t);
			}
			w = u1 > u0 ? u1 - u0 : 0;
			if (isnan(ref))
				ref = x;
			else if (t * (x - ref) > 0) {
				sum *= exp(t * (ref - x));
				ref = x;
			}
			/* About ref: a bin inside one atom gets its value
			 * exactly. */
			sum += w * (t == 0 ? x - ref : exp(t * (x - ref)));
			len += w;
		}
		if (!top && k == 0)
			break;
	}
	if (!(len > 0))
		return ref;
	return ref + (t == 0 ? sum / len : log(sum / len) / t);
}

/* At most how many edges half_edges makes for a half of `half` items. */
static size_t
edges_max(const struct law *l, uint64_t end, uint64_t half)
{
	size_t cap = 2 * TYPICAL_EVEN + 64;
	double r;

	for (r = (double)end; r < (double)half; r *= TYPICAL_GEO)
		cap++;
	if (l->table != NULL && l->table->len <= TYPICAL_SEG_EDGES)
		cap += l->table->len;
	return cap;
}

/* At most how many runs dsp_typical_runs pushes (n > 8 TYPICAL_END). */
static size_t
typical_runs_max(const struct law *l, uint64_t n, uint64_t end, uint64_t top_half)
{
	return 2 * (size_t)end + edges_max(l, end, top_half) + edges_max(l, end, n - top_half);
}

/* Rank edges of one half of `half` items beyond the `end` kept one by
 * one: geometric and logit-even edges (and a tabulated law's segment
 * edges) merged, whole, increasing, ending at half.  *m edges; the caller
 * frees them. */
static int
half_edges(const struct law *l, int top, double n, uint64_t end, uint64_t half,
    uint64_t **out, size_t *m)
{
	size_t cap = edges_max(l, end, half), k = 0, i, j;
	double r, x0, x1, x, g = TYPICAL_GEO;
	uint64_t *e, v;

	/* The edges, then as many for sort_edges' merges. */
	if ((e = dsp_malloc(2 * cap * sizeof *e)) == NULL)
		return dsp_fail(DSP_ENOMEM, "out of memory");
	for (r = (double)end; r < (double)half && k < cap - 2; r *= g)
		e[k++] = (uint64_t)nearbyint(r);
	x0 = law_x(l, top, ((double)end + 0.5) / n);
	x1 = law_x(l, top, ((double)half - 0.5) / n);
	for (i = 1; i < TYPICAL_EVEN && k < cap - 1; i++) {
		x = x0 + (x1 - x0) * (double)i / TYPICAL_EVEN;
		v = (uint64_t)nearbyint(n * law_q(l, top, x));
		if (v > end && v < half)
			e[k++] = v;
	}
	/* A law of few segments keeps each one's items to itself (every row
	 * value n/m times to one item); past TYPICAL_SEG_EDGES the geometric
	 * and logit-even bins hold several, at their exact mean weight (a bin
	 * a segment would cost O(m) runs a point: 0.7 s for 2^20 values). */
	for (i = 1; l->table != NULL && l->table->len <= TYPICAL_SEG_EDGES &&
	    i < l->table->len && k < cap - 1; i++) {
		v = (uint64_t)nearbyint(n * (top ? l->table->above[i] : l->table->below[i]));
		if (v > end && v < half)
			e[k++] = v;
	}
	e[k++] = half;
	sort_edges(e, k, e + cap);
	for (i = 0, j = 0; i < k; i++)
		if (e[i] > end && (j == 0 || e[i] != e[j - 1]))
			e[j++] = e[i];
	*out = e;
	*m = j;
	return DSP_OK;
}

/* The logit of item i (rank from the top, or from the bottom) at its
 * median rank's quantile. */
static double
item_x(const struct law *l, int top, double n, double i)
{
	return law_x(l, top, (i - TYPICAL_RANK_A) / (n + 1 - 2 * TYPICAL_RANK_A));
}

/* Push one half's bins: top half from the largest logit down, bottom half
 * from the median down to the smallest (reverse). */
static int
push_half(const struct law *l, int top, double n, uint64_t end, uint64_t half,
    double t, dsp_runs *e)
{
	uint64_t *edge = NULL, lo;
	double xa, xb, x;
	size_t m = 0, i, b;
	int rc = DSP_OK;

	if (top)
		for (i = 1; i <= end && rc == DSP_OK; i++)
			rc = dsp_runs_push(e, item_x(l, 1, n, (double)i), 1);
	if (rc != DSP_OK || (rc = half_edges(l, top, n, end, half, &edge, &m)) != DSP_OK)
		return rc;
	for (b = 0; b < m && rc == DSP_OK; b++) {
		i = top ? b : m - 1 - b;
		lo = i == 0 ? end : edge[i - 1];
		/* Ranks lo + 1 .. edge[i] from this end. */
		if (l->table != NULL)
			x = table_bin_x(l->table, top, (double)lo / n,
			    (double)edge[i] / n, t, 1 / n);
		else {
			xa = law_x(l, top, (double)lo / n);
			xb = law_x(l, top, (double)edge[i] / n);
			x = mean_weight_x(fmin(xa, xb), fmax(xa, xb), t);
		}
		rc = dsp_runs_push(e, x, edge[i] - lo);
	}
	free(edge);
	if (!top)
		for (i = end; i >= 1 && rc == DSP_OK; i--)
			rc = dsp_runs_push(e, item_x(l, 0, n, (double)i), 1);
	return rc;
}

int
dsp_typical_runs(const dsp_params *p, const dsp_lawtab *law, double t, dsp_runs *e)
{
	struct law l = { p, law };
	double n = (double)p->n;
	uint64_t end = TYPICAL_END, top_half = p->n / 2, i;
	int rc;

	if (law == NULL && p->family != DSP_FAM_UNIFORM && p->family != DSP_FAM_GAUSSIAN)
		return dsp_fail(DSP_ENOTSUP, "no typical configuration for %s",
		    dsp_family_name(p->family));
	if (law != NULL && law->len == 0)
		return dsp_fail(DSP_EINVAL, "the law has no mass");
	dsp_runs_clear(e);
	if (law == NULL && p->delta == 0)	/* every logit 0 */
		return dsp_runs_push(e, 0, p->n);
	if (p->n <= 8 * (uint64_t)TYPICAL_END) {
		for (i = 1, rc = DSP_OK; i <= p->n && rc == DSP_OK; i++)
			rc = dsp_runs_push(e, item_x(&l, 1, n, (double)i), 1);
		return rc;
	}
	/* Room for every run at once (half_edges' bound for each half and
	 * the items kept one by one): grown by doubling, the vector was
	 * copied a dozen times a point. */
	if ((rc = dsp_runs_reserve(e, typical_runs_max(&l, p->n, end, top_half))) != DSP_OK ||
	    (rc = push_half(&l, 1, n, end, top_half, t, e)) != DSP_OK)
		return rc;
	return push_half(&l, 0, n, end, p->n - top_half, t, e);
}
