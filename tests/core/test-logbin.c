/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The one binning rule (core/math/logbin.h) against closed forms: the
 * weights of a geometric softmax row, w_i = w_0 q^i with q = e^{-1/theta},
 * have log10 w_i = a - i s (a = log10 w_0, s = 1 / (theta ln 10)), so the
 * items in bin [e_j, e_{j+1}) are the i with (a - e_{j+1}) / s < i <=
 * (a - e_j) / s: floor((a - e_j) / s) - floor((a - e_{j+1}) / s) of them
 * inside 0 .. N-1, counted here in long double from a and s, not from the
 * weights.  Then the edges of the rule: lo counts, hi counts (the last
 * bin), just outside either does not, nor do NaN and x <= 0 on the log
 * axis; and n evenly spaced points in nb equal linear bins, n / nb each. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/dsp.h"
#include "core/math/logbin.h"
#include "tap.h"

#define N	200
#define THETA	0.37L

/* Items i in 0 .. N-1 with t_i = a - i s in [e0, e1). */
static long double
closed_count(long double a, long double s, long double e0, long double e1, int weighted)
{
	long double hi = floorl((a - e0) / s), lo = floorl((a - e1) / s) + 1, c = 0;
	long i;

	if (lo < 0)
		lo = 0;
	if (hi > N - 1)
		hi = N - 1;
	/* weighted: item i counts i + 1 (a run of i + 1 equal weights). */
	for (i = (long)lo; i <= (long)hi; i++)
		c += weighted ? (long double)(i + 1) : 1;
	return c;
}

static void
test_geometric(int weighted)
{
	long double q = expl(-1 / THETA), w0 = (1 - q) / (1 - powl(q, N)),
	    a = log10l(w0), s = 1 / (THETA * logl(10)), e0, e1, want, dmin = 1;
	double x[N], lo, hi = 0, total = 0;
	gsl_histogram *h;
	size_t i, j, nb, bad = 0;
	int out = 0;

	for (i = 0; i < N; i++)
		x[i] = (double)(w0 * powl(q, (long double)i));
	lo = floor(log10(x[N - 1]));
	nb = (size_t)(4 * (hi - lo));	/* quarter decades */
	/* The closed form needs no item on an edge (within rounding). */
	for (i = 0; i < N; i++)
		for (j = 0; j <= nb; j++)
			dmin = fminl(dmin, fabsl(a - (long double)i * s -
			    ((long double)lo + (long double)j / 4)));
	ok(dmin > 1e-9L, "theta %.2Lf, %d items: no weight within 1e-9 decades of an edge "
	    "(closest %.3Lg)", THETA, N, dmin);
	ok(dsp_bin_alloc(&h, nb, lo, hi) == DSP_OK && h != NULL, "%zu bins over [%g, %g]",
	    nb, lo, hi);
	if (h == NULL)
		return;
	for (i = 0; i < N; i++)
		out |= dsp_logbin_add(h, x[i], weighted ? (double)(i + 1) : 1);
	ok(!out, "every weight counted");
	for (j = 0; j < nb; j++) {
		e0 = (long double)lo + (long double)j / 4;
		e1 = (long double)lo + (long double)(j + 1) / 4;
		want = closed_count(a, s, e0, e1, weighted);
		total += gsl_histogram_get(h, j);
		if (gsl_histogram_get(h, j) != (double)want) {
			diag("bin %zu [%Lg, %Lg): got %g, want %Lg", j, e0, e1,
			    gsl_histogram_get(h, j), want);
			bad++;
		}
	}
	ok(bad == 0, "%s: each of %zu bins holds the closed form's count",
	    weighted ? "runs (item i weighs i + 1)" : "items", nb);
	if (weighted)
		is_rel(total, N * (N + 1) / 2.0, 0, "counts sum to the runs' items, N(N+1)/2");
	else
		is_close(total, N, 0, "counts sum to the row's N items");
	gsl_histogram_free(h);
}

static void
test_edges(void)
{
	gsl_histogram *h, *z;
	double v[4];
	size_t j;

	if (dsp_bin_alloc(&h, 4, -3, 1) != DSP_OK) {
		ok(0, "alloc");
		return;
	}
	ok(dsp_bin_add(h, -3, 1) == 0 && gsl_histogram_get(h, 0) == 1, "t = lo: the first bin");
	ok(dsp_bin_add(h, 1, 1) == 0 && gsl_histogram_get(h, 3) == 1,
	    "t = hi: the last bin (the top edge counts)");
	ok(dsp_bin_add(h, -2, 1) == 0 && gsl_histogram_get(h, 1) == 1,
	    "t = an inner edge: the bin above it");
	ok(dsp_bin_add(h, nextafter(1, 2), 1) == 1 && dsp_bin_add(h, nextafter(-3, -4), 1) == 1 &&
	    dsp_bin_add(h, NAN, 1) == 1 && dsp_bin_add(h, INFINITY, 1) == 1,
	    "just above hi, just below lo, NaN, inf: not counted");
	ok(dsp_logbin_add(h, 0, 1) == 1 && dsp_logbin_add(h, -1, 1) == 1 &&
	    dsp_logbin_add(h, NAN, 1) == 1, "log axis: x = 0, x < 0, NaN not counted");
	ok(dsp_logbin_add(h, 10, 1) == 0 && gsl_histogram_get(h, 3) == 2,
	    "log axis: x = 10^hi in the last bin");
	for (j = 0; j < 4; j++)
		v[j] = gsl_histogram_get(h, j);
	ok(v[0] == 1 && v[1] == 1 && v[2] == 0 && v[3] == 2, "nothing else moved");
	gsl_histogram_free(h);

	dsp_clear_error();
	ok(dsp_bin_alloc(&z, 0, 0, 1) == DSP_EINVAL && z == NULL &&
	    dsp_bin_alloc(&z, 3, 1, 1) == DSP_EINVAL && z == NULL &&
	    dsp_bin_alloc(&z, 3, 0, NAN) == DSP_EINVAL && z == NULL,
	    "no bins or no range: DSP_EINVAL, no histogram");
}

static void
test_linear(void)
{
	const size_t nb = 7, m = 13, n = nb * m;
	gsl_histogram *h;
	size_t i, j, bad = 0;

	if (dsp_bin_alloc(&h, nb, 2, 9) != DSP_OK) {
		ok(0, "alloc");
		return;
	}
	/* Midpoints of n equal cells of [2, 9]: m of them in each bin. */
	for (i = 0; i < n; i++)
		dsp_bin_add(h, 2 + 7 * ((double)i + 0.5) / (double)n, 1);
	for (j = 0; j < nb; j++)
		bad += gsl_histogram_get(h, j) != (double)m;
	ok(bad == 0, "%zu evenly spaced points in %zu linear bins: %zu each", n, nb, m);
	is_int((long long)gsl_histogram_sum(h), (long long)n, "every point counted");
	gsl_histogram_free(h);
}

int
main(void)
{
	dsp_gsl_init();
	test_geometric(0);
	test_geometric(1);
	test_edges();
	test_linear();
	return tap_done();
}
