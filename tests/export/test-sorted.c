/* SPDX-License-Identifier: GPL-3.0-or-later */
/* snap_sorted_each (src/export/snap_sorted.c): the weight runs largest
 * first, equal weights merged, gathered chunk by chunk.  Checked against
 * the runs as built: value j of a known descending list, with a count
 * tallied here while the runs are written (no sort involved). */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/math/runs.h"
#include "export/snap_int.h"
#include "tap.h"

struct seen {
	const double	*vals;
	const uint64_t	*want;
	size_t		 nv, k, bad_order, bad_value, bad_count;
	double		 last, first, items;
};

static void
take(void *ctx, double w, uint64_t c)
{
	struct seen *s = ctx;

	if (s->k > 0 && !(w < s->last))
		s->bad_order++;
	if (s->k < s->nv && w != s->vals[s->k])
		s->bad_value++;
	if (s->k < s->nv && c != s->want[s->k])
		s->bad_count++;
	if (s->k == 0)
		s->first = w;
	s->items += (double)c;
	s->last = w;
	s->k++;
}

/* n runs over nv distinct values (vals descending): run i has value
 * vals[(i * step) % nv] (-0 for some runs of the value 0) and count
 * 1 + i % 3.  dense: neighbouring doubles near 1 and near 2^-30 (many keys
 * in one bucket, and buckets larger than a chunk); else 2^(-40 j / nv),
 * spread over the buckets (many chunks). */
static void
check(size_t n, size_t nv, int dense, const char *what)
{
	double *vals = malloc(nv * sizeof *vals);
	uint64_t *want = calloc(nv, sizeof *want);
	dsp_runs *r = dsp_runs_alloc(n);
	struct seen s;
	size_t i, j, step = 7919;
	int rc;

	if (vals == NULL || want == NULL || r == NULL)
		abort();
	for (j = 0; j + 1 < nv; j++)
		vals[j] = !dense ? exp2(-40.0 * (double)j / (double)nv) - 0x1p-53 :
		    j < nv / 2 ? nextafter(1.0, 0) - (double)j * 0x1p-52 :
		    0x1p-30 - (double)(j - nv / 2) * 0x1p-82;
	vals[nv - 1] = 0;
	for (i = 0; i < n; i++) {
		j = (i * step) % nv;
		r->value[i] = j == nv - 1 && i % 2 ? -0.0 : vals[j];
		r->count[i] = 1 + i % 3;
		want[j] += r->count[i];
	}
	r->len = n;
	memset(&s, 0, sizeof s);
	s.vals = vals;
	s.want = want;
	s.nv = nv;
	rc = snap_sorted_each(r, take, &s);
	is_int(rc, 0, "snap_sorted_each returns DSP_OK");
	is_int((long long)s.k, (long long)nv, "one call per distinct weight");
	/* Counts 1, 2, 3 repeating: 6 per three runs, plus 1 (and 2) left. */
	is_rel(s.items, (double)(n / 3 * 6 + (n % 3 >= 1) + 2 * (n % 3 >= 2)), 0,
	    "items: the sum of the counts");
	is_close(s.first, nextafter(1.0, 0), 0, "first: the largest weight");
	ok(rc == 0 && s.k == nv && s.bad_order == 0 && s.bad_value == 0 &&
	    s.bad_count == 0, "%s: %zu runs, %zu distinct: %zu emitted, order %zu, "
	    "value %zu, count %zu wrong", what, n, nv, s.k, s.bad_order, s.bad_value,
	    s.bad_count);
	dsp_runs_free(r);
	free(vals);
	free(want);
}

int
main(void)
{
	check(1000, 37, 1, "one chunk");
	check(3 * ((size_t)1 << 20) + 5, 1000, 1, "few values, buckets over a chunk");
	check(3 * ((size_t)1 << 20) + 5, ((size_t)1 << 21) + 1, 1, "many close values");
	check(3 * ((size_t)1 << 20) + 5, ((size_t)1 << 21) + 1, 0, "many spread values");
	return tap_done();
}
