/* SPDX-License-Identifier: GPL-3.0-or-later */
/* snap_sorted_stream (src/export/snap_sorted.c): the weights of streamed
 * logits (core/math/eval.h, dsp_wstream) largest first, equal weights merged,
 * gathered chunk by chunk by ranges of the logit's order key.  Checked
 * against the weights computed here (dsp_wstream_weight, one by one),
 * sorted by qsort and merged: the same stream a full sort gives, for one
 * chunk and for several (more than 2^22 logits), rising (theta > 0) and
 * falling (theta < 0), with one logit far from the others, with many
 * logits whose weights underflow to 0 or tie across chunk edges. */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/math/eval.h"
#include "export/snap_int.h"
#include "tap.h"

/* glibc's count of bytes in mmap'ed blocks (0 elsewhere: no check). */
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 33)
#include <malloc.h>
#define HELD()	(mallinfo2().hblkhd)
#else
#define HELD()	((size_t)0)
#endif

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
check_with(size_t n, double theta, double outlier, const char *what)
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
		if (outlier != 0 && i == n / 2)
			x[i] = outlier;
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

static void
check(size_t n, double theta, const char *what)
{
	check_with(n, theta, 0, what);
}

/* Bytes glibc holds in mmap'ed blocks (every large buffer), sampled at
 * each emitted run: the sort's buffer is alive then. */
struct flat {
	size_t		 base, peak, runs;
	double		 w[4];
	uint64_t	 c[4];
};

static void
take_flat(void *ctx, double w, uint64_t c)
{
	struct flat *f = ctx;
	size_t now = HELD();

	if (now > f->peak)
		f->peak = now;
	if (f->runs < 4) {
		f->w[f->runs] = w;
		f->c[f->runs] = c;
	}
	f->runs++;
}

/* 2^23 logits, all 0 but every 1024th, which is 1: one logit value
 * holds more items than a chunk.  Weights e / z and 1 / z, z = c1 e + c0.
 * The buffers must stay at most a chunk (2^22 doubles, 32 MiB) and the
 * bucket counts (512 KiB a level, at most 4 levels): gathering the zeros'
 * bucket whole took n doubles (64 MiB). */
static void
check_flat(void)
{
	size_t n = (size_t)1 << 23, i, c1 = 0;
	double *x = malloc(n * sizeof *x), z;
	struct flat f;
	dsp_wstream ws;
	int rc;

	if (x == NULL)
		abort();
	for (i = 0; i < n; i++) {
		x[i] = i % 1024 == 0 ? 1 : 0;
		c1 += i % 1024 == 0;
	}
	memset(&ws, 0, sizeof ws);
	ws.x = x;
	ws.n = n;
	ws.theta = 1;
	ws.pivot = 1;
	ws.z = z = (double)c1 + (double)(n - c1) * exp(-1.0);
	memset(&f, 0, sizeof f);
	f.base = f.peak = HELD();
	rc = snap_sorted_stream(&ws, take_flat, &f);
	is_int(rc, 0, "flat: snap_sorted_stream returns DSP_OK");
	ok(f.runs == 2 && f.c[0] == c1 && f.c[1] == n - c1 && f.w[0] == 1 / z &&
	    f.w[1] == exp(-1.0) / z, "flat: two runs, %zu x 1/z then %zu x e^-1/z "
	    "(got %zu runs: %llu x %g, %llu x %g)", c1, n - c1, f.runs,
	    (unsigned long long)f.c[0], f.w[0], (unsigned long long)f.c[1], f.w[1]);
	ok(f.peak - f.base <= ((size_t)1 << 22) * sizeof(double) + ((size_t)3 << 20),
	    "flat: buffers %.1f MiB <= a chunk (32 MiB) + 3 MiB",
	    (double)(f.peak - f.base) / (1 << 20));
	free(x);
}

int
main(void)
{
	check(1000, 1, "one chunk");
	/* One chunk spread over the logit and weight buckets (snap_sorted.c,
	 * gather_logits and emit_fine), both orders. */
	check((size_t)1 << 20, 1, "one chunk of 2^20, theta 1");
	check((size_t)1 << 20, -0.25, "one chunk of 2^20, theta -0.25");
	check((size_t)1 << 20, -0.004, "one chunk of 2^20, theta -0.004 (zeros)");
	/* One logit far out: every other in one logit bucket. */
	check_with((size_t)1 << 20, 1, 1e6, "one chunk of 2^20, a logit at 1e6");
	check_with((size_t)1 << 20, 1, 30, "one chunk of 2^20, a logit at 30");
	check(((size_t)1 << 22) + 12345, 1, "several chunks, theta 1");
	/* theta 0.004: weights below e^-745 underflow to 0 (most of them),
	 * and the zeros span chunks. */
	check(((size_t)1 << 22) + 777, -0.004, "several chunks, theta -0.004");
	check_flat();
	return tap_done();
}
