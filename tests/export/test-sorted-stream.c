/* snap_sorted_stream (src/export/snap_sorted.c): the weights of streamed
 * logits (core/eval.h, dsp_wstream) largest first, equal weights merged,
 * gathered chunk by chunk by ranges of the logit's order key.  Checked
 * against the weights computed here (dsp_wstream_weight, one by one),
 * sorted by qsort and merged: the same stream a full sort gives, for one
 * chunk and for several (more than 2^22 logits), rising (theta > 0) and
 * falling (theta < 0), with many logits whose weights underflow to 0 or
 * tie across chunk edges. */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/eval.h"
#include "export/snap_int.h"
#include "tap.h"

struct seen {
	const double	*w;		/* the reference, sorted, largest first */
	size_t		 n, i, runs, bad;
	double		 first;
};

/* Each run must be the next stretch of equal weights of the reference. */
static void
take(void *ctx, double w, uint64_t c)
{
	struct seen *s = ctx;
	size_t j = s->i;

	if (s->runs == 0)
		s->first = w;

	while (j < s->n && s->w[j] == w)
		j++;
	if (s->i >= s->n || s->w[s->i] != w || j - s->i != c ||
	    (j < s->n && s->w[j] == w))
		s->bad++;
	s->i = j;
	s->runs++;
}

static int
desc(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? 1 : x > y ? -1 : 0;
}

/* n logits: uniform on [-4, 4), every third rounded to a quarter (ties),
 * at theta: weights exp((x - pivot) / theta) / z. */
static void
check(size_t n, double theta, const char *what)
{
	double *x = malloc(n * sizeof *x), *w = malloc(n * sizeof *w), lo = INFINITY,
	    hi = -INFINITY, z = 0;
	dsp_wstream ws;
	struct seen s;
	uint64_t r = 88172645463325252ULL;
	size_t i, distinct = 0;
	int rc;

	if (x == NULL || w == NULL)
		abort();
	for (i = 0; i < n; i++) {
		r ^= r << 13, r ^= r >> 7, r ^= r << 17;	/* xorshift64 */
		x[i] = (double)(r >> 11) * 0x1p-53 * 8 - 4;
		if (i % 3 == 0)
			x[i] = nearbyint(x[i] * 4) / 4;
		lo = fmin(lo, x[i]);
		hi = fmax(hi, x[i]);
	}
	memset(&ws, 0, sizeof ws);
	ws.x = x;
	ws.n = n;
	ws.theta = theta;
	ws.pivot = theta > 0 ? hi : lo;
	for (i = 0; i < n; i++)
		z += exp((x[i] - ws.pivot) / theta);
	ws.z = z;
	for (i = 0; i < n; i++)
		w[i] = dsp_wstream_weight(&ws, x[i]);
	qsort(w, n, sizeof *w, desc);
	for (i = 0; i < n; i++)
		distinct += i == 0 || w[i] != w[i - 1];
	memset(&s, 0, sizeof s);
	s.w = w;
	s.n = n;
	rc = snap_sorted_stream(&ws, take, &s);
	is_int(rc, 0, "snap_sorted_stream returns DSP_OK");
	is_close(s.first, w[0], 0, "first: the largest weight");
	is_rel((double)s.i, (double)n, 0, "items: every logit once");
	ok(s.bad == 0 && s.i == n && s.runs == distinct, "%s: %zu logits, %zu distinct "
	    "weights (%s zero): %zu runs emitted, %zu wrong, %zu items", what, n,
	    distinct, w[n - 1] == 0 ? "some" : "none", s.runs, s.bad, s.i);
	free(x);
	free(w);
}

int
main(void)
{
	check(1000, 1, "one chunk");
	check(((size_t)1 << 22) + 12345, 1, "several chunks, theta 1");
	/* theta 0.004: weights below e^-745 underflow to 0 (most of them),
	 * and the zeros span chunks. */
	check(((size_t)1 << 22) + 777, -0.004, "several chunks, theta -0.004");
	return tap_done();
}
