/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Snapshot sets: the weights largest first without a sorted copy of all
 * of them.  The sorted-bars figure walks the weights in descending order;
 * a copy of every item (16 bytes an item for distinct weights) is replaced
 * by chunks of at most SORT_CHUNK entries, each gathered by one pass and
 * sorted on its own.  Chunks are ranges of keys that order the items as
 * their weights do, counted first in at most 2^16 buckets:
 *  - weights held as runs: the weight's bit pattern (a non-negative double
 *    orders as its bits);
 *  - weights streamed from the logits (core/math/eval.h, dsp_wstream): the
 *    logit's, since a weight exp((x - pivot) / theta) / z is monotone in
 *    the logit (rising for theta >= 0, falling below); a chunk's weights
 *    are computed only for its own items, so a pass costs a read of the
 *    logits, not an exponential each.
 * A chunk of logits is gathered already spread over SORT_FINE buckets
 * linear in the logit (so in the order of the weights), each then sorted
 * by weight on its own, in cache: a quicksort of 2^22 weights was a fifth
 * of a snapshot's CPU.  Each chunk is sorted by weight, and equal weights
 * merge, within a chunk and across chunk edges (many logits can share a weight: 0 where they
 * underflow): the stream, and so the figure, is the one a full sort gives
 * (for logits, as long as libm's exp is monotone, as it is to the last
 * bit in glibc's tested range). */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/math/eval.h"
#include "core/math/runs.h"
#include "export/snap_int.h"

#define SORT_CHUNK	((size_t)1 << 20)	/* runs a chunk holds: 16 MiB */
#define SORT_LOGITS	((size_t)1 << 22)	/* streamed weights: 32 MiB */
#define SORT_BUCKETS	((size_t)1 << 16)
#define SORT_FINE	((size_t)1 << 8)	/* buckets by logit, for a chunk */
#define SORT_FINE2	((size_t)1 << 10)	/* then by weight, for a bucket */
#define SORT_TMP	((size_t)1 << 16)	/* a bucket spread again: 512 KiB */

struct wrun {
	double		w;
	uint64_t	c;
};

/* The items: runs of held weights, or the stream's logits one by one
 * (gathered as their weights alone, 8 bytes each, sorted in place: glibc's
 * qsort is a merge sort with a buffer as large as the array). */
struct src {
	const double	*x;		/* logits, or NULL */
	const dsp_runs	*r;
	const dsp_wstream *ws;
	size_t		 len, chunk;
	int		 rising;
};

/* Equal weights merge before fn sees them, across chunks too. */
struct merge {
	snap_run_fn	 fn;
	void		*ctx;
	struct wrun	 cur;
	int		 have;
};

static int
wrun_desc(const void *a, const void *b)
{
	double x = ((const struct wrun *)a)->w, y = ((const struct wrun *)b)->w;

	return x < y ? 1 : x > y ? -1 : 0;
}

/* The bits of a double ordered as the doubles (-0 as +0: they compare
 * equal and merge). */
static uint64_t
okey(double v)
{
	uint64_t k;

	v += 0.0;
	memcpy(&k, &v, sizeof k);
	return k >> 63 ? ~k : k | (uint64_t)1 << 63;
}

/* The double whose okey is k (+0 for -0's). */
static double
okey_value(uint64_t k)
{
	double v;

	k = k >> 63 ? k & ~((uint64_t)1 << 63) : ~k;
	memcpy(&v, &k, sizeof v);
	return v;
}

/* Item i's key: larger key, larger weight. */
static uint64_t
src_key(const struct src *s, size_t i)
{
	uint64_t k;

	if (s->x == NULL)
		return okey(s->r->value[i]);
	k = okey(s->x[i]);
	return s->rising ? k : ~k;
}

static void
merge_put(struct merge *m, double w, uint64_t c)
{
	if (m->have && m->cur.w == w) {
		m->cur.c += c;
		return;
	}
	if (m->have)
		m->fn(m->ctx, m->cur.w, m->cur.c);
	m->cur = (struct wrun){ w, c };
	m->have = 1;
}

static void
swap_d(double *a, double *b)
{
	double t = *a;

	*a = *b;
	*b = t;
}

/* a[0, n) largest first, in place: quicksort (Hoare's partition, which
 * splits runs of equal weights evenly; median of three; the smaller side
 * first, so the depth is log n), insertion sort below 16. */
static void
sort_desc(double *a, size_t n)
{
	size_t i, j, m;
	double p;

	while (n > 16) {
		m = n / 2;
		if (a[m] > a[0])
			swap_d(&a[m], &a[0]);
		if (a[n - 1] > a[0])
			swap_d(&a[n - 1], &a[0]);
		if (a[n - 1] > a[m])
			swap_d(&a[n - 1], &a[m]);
		swap_d(&a[0], &a[m]);		/* the median is the pivot, at 0 */
		p = a[0];
		i = 0;
		j = n;
		for (;;) {
			while (a[--j] < p)
				;
			while (a[i] > p)
				i++;
			if (i >= j)
				break;
			swap_d(&a[i++], &a[j]);
		}
		/* [0, j] >= p >= [j + 1, n), both sides non-empty. */
		if (j + 1 < n - j - 1) {
			sort_desc(a, j + 1);
			a += j + 1;
			n -= j + 1;
		} else {
			sort_desc(a + j + 1, n - j - 1);
			n = j + 1;
		}
	}
	for (i = 1; i < n; i++) {
		p = a[i];
		for (j = i; j > 0 && a[j - 1] < p; j--)
			a[j] = a[j - 1];
		a[j] = p;
	}
}

/* Gathered runs r[0, m): sorted largest first, handed on. */
static void
emit(struct wrun *r, size_t m, struct merge *mg)
{
	size_t i;

	qsort(r, m, sizeof *r, wrun_desc);
	for (i = 0; i < m; i++)
		merge_put(mg, r[i].w, r[i].c);
}

/* Run i into slot k of r. */
static void
gather(const struct src *s, struct wrun *r, size_t k, size_t i)
{
	r[k] = (struct wrun){ s->r->value[i], s->r->count[i] };
}

/* The logit's fine bucket: linear in the logit over [lo, lo + SORT_FINE /
 * scale], numbered largest weight first.  Monotone in the logit (each
 * rounding is), so the buckets keep the weights' order. */
static size_t
fine_bucket(double x, double lo, double scale, size_t nb, int rising)
{
	double f = (x - lo) * scale;
	size_t b = f < (double)nb ? (size_t)f : nb - 1;

	return rising ? nb - 1 - b : b;
}

/* Weights w[0, m) largest first, handed on: spread over SORT_FINE2
 * buckets linear in the weight into t (tcap entries; pos: SORT_FINE2 + 1
 * counts), each then sorted on its own; a set too large for t, or of one
 * weight, sorted in place. */
static void
emit_fine(double *w, size_t m, double *t, size_t tcap, size_t *pos, struct merge *mg)
{
	double lo = INFINITY, hi = -INFINITY, scale;
	size_t i, b, at;

	for (i = 0; i < m; i++) {
		lo = w[i] < lo ? w[i] : lo;
		hi = w[i] > hi ? w[i] : hi;
	}
	scale = (double)SORT_FINE2 / (hi - lo);
	if (m <= 64 || m > tcap || !(scale > 0 && scale < INFINITY)) {
		sort_desc(w, m);
		for (i = 0; i < m; i++)
			merge_put(mg, w[i], 1);
		return;
	}
	memset(pos, 0, (SORT_FINE2 + 1) * sizeof *pos);
	for (i = 0; i < m; i++)
		pos[fine_bucket(w[i], lo, scale, SORT_FINE2, 1) + 1]++;
	for (b = 1; b <= SORT_FINE2; b++)
		pos[b] += pos[b - 1];
	for (i = 0; i < m; i++)
		t[pos[fine_bucket(w[i], lo, scale, SORT_FINE2, 1)]++] = w[i];
	/* pos[b] is now the end of bucket b. */
	for (b = 0, at = 0; b < SORT_FINE2; at = pos[b++])
		sort_desc(t + at, pos[b] - at);
	for (i = 0; i < m; i++)
		merge_put(mg, t[i], 1);
}

/* The logits whose key lies in [ka, kb], their weights largest first
 * (w: a chunk): counted into SORT_FINE buckets linear in the logit,
 * gathered straight to their bucket's place (few buckets: few pages
 * written at once), each bucket then spread again by emit_fine, in
 * cache. */
static int
gather_logits(const struct src *s, uint64_t ka, uint64_t kb, double *w, struct merge *mg)
{
	double lo, hi, scale, x, *t;
	size_t i, b, at, *pos, tcap = s->chunk < SORT_TMP ? s->chunk : SORT_TMP;

	pos = dsp_calloc(SORT_FINE + SORT_FINE2 + 2, sizeof *pos);
	t = dsp_malloc(tcap * sizeof *t);
	if (pos == NULL || t == NULL) {
		free(pos);
		free(t);
		return dsp_fail_nomem(NULL, 0);
	}
	lo = okey_value(s->rising ? ka : ~kb);
	hi = okey_value(s->rising ? kb : ~ka);
	scale = (double)SORT_FINE / (hi - lo);
	if (!(scale > 0 && scale < INFINITY))
		scale = 0;		/* one logit, or a span past DBL_MAX */
	for (i = 0; i < s->len; i++) {
		x = s->x[i];
		if (x >= lo && x <= hi)
			pos[fine_bucket(x, lo, scale, SORT_FINE, s->rising) + 1]++;
	}
	for (b = 1; b <= SORT_FINE; b++)
		pos[b] += pos[b - 1];
	if (pos[SORT_FINE] > s->chunk) {	/* the key ranges say otherwise */
		free(pos);
		free(t);
		return dsp_fail(DSP_EINVAL, "sorted weights: a chunk overflows");
	}
	for (i = 0; i < s->len; i++) {
		x = s->x[i];
		if (x >= lo && x <= hi)
			w[pos[fine_bucket(x, lo, scale, SORT_FINE, s->rising)]++] =
			    dsp_wstream_weight(s->ws, x);
	}
	for (b = 0, at = 0; b < SORT_FINE; at = pos[b++])
		emit_fine(w + at, pos[b] - at, t, tcap, pos + SORT_FINE + 1, mg);
	free(pos);
	free(t);
	return DSP_OK;
}

/* Every item whose key is k (equal keys, equal weights): one run. */
static void
one_key(const struct src *s, struct merge *mg, uint64_t k)
{
	uint64_t c = 0;
	double w = 0;
	size_t i;

	for (i = 0; i < s->len; i++) {
		if (src_key(s, i) != k)
			continue;
		if (s->x == NULL) {
			w = s->r->value[i];
			c += s->r->count[i];
		} else {
			w = dsp_wstream_weight(s->ws, s->x[i]);
			c++;
		}
	}
	merge_put(mg, w, c);
}

/* The items whose key lies in [k0, k1], largest first: buckets hi down to
 * lo, as many as fit a chunk (r, of s->chunk entries).  A bucket of more
 * items than a chunk is split again over its own keys (at most 64 / 16
 * levels), and one key needs no buffer: one run (a logit shared by most
 * items, as 0 or a mask value can be, no longer takes a buffer of them
 * all). */
static int
range_chunks(const struct src *s, struct merge *mg, uint64_t k0, uint64_t k1, void *r)
{
	uint64_t k, span;
	size_t i, nb, lo, hi, got, *cnt;
	unsigned shift = 0;
	int rc = DSP_OK;

	while (((k1 - k0) >> shift) >= SORT_BUCKETS)
		shift++;
	nb = (size_t)((k1 - k0) >> shift) + 1;
	if ((cnt = dsp_calloc(nb, sizeof *cnt)) == NULL)
		return dsp_fail_nomem(NULL, 0);
	for (i = 0; i < s->len; i++) {
		k = src_key(s, i);
		if (k >= k0 && k <= k1)
			cnt[(k - k0) >> shift]++;
	}
	for (hi = nb; rc == DSP_OK && hi > 0; hi = lo) {
		lo = hi - 1;
		got = cnt[lo];
		while (lo > 0 && got + cnt[lo - 1] <= s->chunk)
			got += cnt[--lo];
		if (got > s->chunk) {
			/* One bucket, [k, k + span] within [k0, k1]. */
			k = k0 + ((uint64_t)lo << shift);
			span = ((uint64_t)1 << shift) - 1;
			if (shift == 0)
				one_key(s, mg, k);
			else
				rc = range_chunks(s, mg, k, k1 - k > span ? k + span : k1, r);
			continue;
		}
		k = k0 + ((uint64_t)lo << shift);
		if (got == 0)
			continue;
		if (s->x != NULL) {
			span = ((uint64_t)(hi - lo) << shift) - 1;
			rc = gather_logits(s, k, k1 - k > span ? k + span : k1, r, mg);
			continue;
		}
		for (i = 0, got = 0; i < s->len; i++) {
			k = src_key(s, i);
			if (k >= k0 && k <= k1 && ((k - k0) >> shift) >= lo &&
			    ((k - k0) >> shift) < hi)
				gather(s, r, got++, i);
		}
		emit(r, got, mg);
	}
	free(cnt);
	return rc;
}

static int
sorted_chunks(const struct src *s, struct merge *mg)
{
	uint64_t kmin = UINT64_MAX, kmax = 0, k;
	size_t i, m;
	size_t size = s->x == NULL ? sizeof(struct wrun) : sizeof(double);
	void *r;
	int rc;

	m = s->len < s->chunk ? s->len : s->chunk;
	if ((r = dsp_malloc((m ? m : 1) * size)) == NULL)
		return dsp_fail_nomem(NULL, 0);
	if (s->len <= s->chunk && s->x == NULL) {
		for (i = 0; i < s->len; i++)
			gather(s, r, i, i);
		emit(r, s->len, mg);
		free(r);
		return DSP_OK;
	}
	for (i = 0; i < s->len; i++) {
		k = src_key(s, i);
		kmin = k < kmin ? k : kmin;
		kmax = k > kmax ? k : kmax;
	}
	if (s->len <= s->chunk)
		rc = gather_logits(s, kmin, kmax, r, mg);
	else
		rc = range_chunks(s, mg, kmin, kmax, r);
	free(r);
	return rc;
}

static int
sorted_each(const struct src *s, snap_run_fn fn, void *ctx)
{
	struct merge mg = { fn, ctx, { 0, 0 }, 0 };
	int rc;

	rc = sorted_chunks(s, &mg);
	if (rc == DSP_OK && mg.have)
		fn(ctx, mg.cur.w, mg.cur.c);
	return rc;
}

int
snap_sorted_each(const dsp_runs *w, snap_run_fn fn, void *ctx)
{
	struct src s = { NULL, w, NULL, w->len, SORT_CHUNK, 1 };

	return sorted_each(&s, fn, ctx);
}

int
snap_sorted_stream(const dsp_wstream *ws, snap_run_fn fn, void *ctx)
{
	struct src s = { ws->x, ws->w, ws, 0, SORT_LOGITS, dsp_wstream_rising(ws) };

	if (ws->x == NULL)
		return ws->w != NULL ? snap_sorted_each(ws->w, fn, ctx) : DSP_OK;
	s.len = ws->n;
	return sorted_each(&s, fn, ctx);
}
