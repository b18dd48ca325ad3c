/* Snapshot sets: the weight runs largest first without a sorted copy of
 * all of them.  The sorted-bars figure walks the weights in descending
 * order; a copy of every run (16 bytes an item for distinct weights, the
 * snapshot's peak memory) is replaced by chunks of at most SORT_CHUNK runs,
 * each gathered by one pass over the runs and sorted on its own.  Chunks
 * are ranges of the weights' bit patterns (a non-negative double orders as
 * its bits), counted first in at most 2^16 buckets, so equal weights always
 * fall in one chunk and merge as before: the stream, and so the figure, is
 * the one a full sort gives. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/runs.h"
#include "export/snap_int.h"

#define SORT_CHUNK	((size_t)1 << 20)	/* runs a chunk holds: 16 MiB */
#define SORT_BUCKETS	((size_t)1 << 16)

struct wrun {
	double		w;
	uint64_t	c;
};

static int
wrun_desc(const void *a, const void *b)
{
	double x = ((const struct wrun *)a)->w, y = ((const struct wrun *)b)->w;

	return x < y ? 1 : x > y ? -1 : 0;
}

/* The bits of a weight; -0 as +0 (they compare equal and merge). */
static uint64_t
wkey(double v)
{
	uint64_t k;

	v += 0.0;
	memcpy(&k, &v, sizeof k);
	return k;
}

/* Sort r[0, m) largest first, merge equal weights, hand each to fn. */
static void
emit(struct wrun *r, size_t m, snap_run_fn fn, void *ctx)
{
	size_t i, k = 0;

	qsort(r, m, sizeof *r, wrun_desc);
	for (i = 0; i < m; i++) {
		if (k > 0 && r[k - 1].w == r[i].w)
			r[k - 1].c += r[i].c;
		else
			r[k++] = r[i];
	}
	for (i = 0; i < k; i++)
		fn(ctx, r[i].w, r[i].c);
}

int
snap_sorted_each(const dsp_runs *w, snap_run_fn fn, void *ctx)
{
	uint64_t kmin = UINT64_MAX, kmax = 0, k;
	size_t i, m, nb, b, lo, hi, got, *cnt = NULL;
	struct wrun *r;
	unsigned shift = 0;

	m = w->len < SORT_CHUNK ? w->len : SORT_CHUNK;
	if ((r = malloc((m ? m : 1) * sizeof *r)) == NULL)
		return dsp_fail(DSP_ENOMEM, "out of memory");
	if (w->len <= SORT_CHUNK) {
		for (i = 0; i < w->len; i++)
			r[i] = (struct wrun){ w->value[i], w->count[i] };
		emit(r, w->len, fn, ctx);
		free(r);
		return DSP_OK;
	}
	for (i = 0; i < w->len; i++) {
		k = wkey(w->value[i]);
		kmin = k < kmin ? k : kmin;
		kmax = k > kmax ? k : kmax;
	}
	while (((kmax - kmin) >> shift) >= SORT_BUCKETS)
		shift++;
	nb = (size_t)((kmax - kmin) >> shift) + 1;
	if ((cnt = calloc(nb, sizeof *cnt)) == NULL) {
		free(r);
		return dsp_fail(DSP_ENOMEM, "out of memory");
	}
	for (i = 0; i < w->len; i++)
		cnt[(wkey(w->value[i]) - kmin) >> shift]++;
	/* Buckets hi down to lo, as many as fit a chunk (one at least: a
	 * bucket of more runs than SORT_CHUNK gets a larger buffer). */
	for (hi = nb; hi > 0; hi = lo) {
		lo = hi - 1;
		got = cnt[lo];
		while (lo > 0 && got + cnt[lo - 1] <= SORT_CHUNK)
			got += cnt[--lo];
		if (got > m) {
			struct wrun *t = realloc(r, got * sizeof *r);

			if (t == NULL) {
				free(r);
				free(cnt);
				return dsp_fail(DSP_ENOMEM, "out of memory");
			}
			r = t;
			m = got;
		}
		for (i = 0, got = 0; i < w->len; i++) {
			b = (size_t)((wkey(w->value[i]) - kmin) >> shift);
			if (b >= lo && b < hi)
				r[got++] = (struct wrun){ w->value[i], w->count[i] };
		}
		emit(r, got, fn, ctx);
	}
	free(r);
	free(cnt);
	return DSP_OK;
}
