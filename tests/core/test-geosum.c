/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Sums over a geometric run (core/math/geosum.h, issue 26) against brute
 * force: every term of v_j = a e^{jL}, x_j = (v_j - pivot) / t computed and
 * added in long double (compensated), for runs of up to 2^21 terms whose
 * steep head, Gregory's end differences, the x and log|y| integrals and the
 * flat rest each carry part of the sum; ratios 0.9999999, 0.99999 and
 * 0.99999^2 (a power series' even terms), pivots at either end of the run
 * and inside the other run's range, t of both signs, sub-ranges [j0, j1).
 * Relative error <= 1e-13 of the sum of |G|: geosum.h promises ~1e-15, the
 * long double reference itself is good to ~1e-17 per term.  The figures of
 * the power series at n up to 2^63 are tests/core/test-powerclosed's
 * (mpmath). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "../tap.h"
#include "core/error.h"
#include "core/math/geosum.h"

static double
g_exp(double x, void *ctx)
{
	(void)ctx;
	return exp(x);
}

static double
g_xexp(double x, void *ctx)
{
	(void)ctx;
	return x * exp(x);
}

/* sum_{j0 <= j < j1} G(x_j) and sum |G| in long double, Kahan-compensated. */
static void
brute(const dsp_geo *g, uint64_t j0, uint64_t j1, long double pivot, double t,
    int xexp, long double *sum, long double *mag)
{
	long double s = 0, c = 0, m = 0, x, term, y, u;
	uint64_t j;

	for (j = j0; j < j1; j++) {
		x = ((long double)g->a * expl((long double)j * g->L) - pivot) / t;
		term = xexp ? x * expl(x) : expl(x);
		y = term - c;
		u = s + y;
		c = (u - s) - y;
		s = u;
		m += fabsl(term);
	}
	*sum = s;
	*mag = m;
}

static void
check(double a, double r, uint64_t m, int piv, double t, int xexp, uint64_t j0,
    uint64_t j1)
{
	dsp_geo g = { a, log(r), m };
	dsp_geo_sum f;
	long double want, mag;
	double got, pivot;
	int rc;

	/* piv: 0 the first term, 1 the last, 2 a value outside the run
	 * (another run's end, as for a power series' odd terms). */
	pivot = piv == 0 ? a : piv == 1 ? dsp_geo_value(&g, (double)(m - 1)) : -a * 1.5;
	f.pivot = pivot;
	f.t = t;
	f.xneg = -800;
	f.G = xexp ? g_xexp : g_exp;
	f.ctx = NULL;
	/* The last term exactly: dsp_geo_x measures from it, not from its
	 * rounding (a shift of every x by one ulp of pivot / t). */
	brute(&g, j0, j1, piv == 1 ? a * expl((long double)(m - 1) * g.L) : pivot, t,
	    xexp, &want, &mag);
	rc = dsp_geo_sum_range(&g, j0, j1, &f, &got);
	ok(rc == DSP_OK && fabsl((long double)got - want) <= 1e-13L * mag,
	    "a %g r %.10g m %llu pivot %s t %g %s [%llu, %llu)", a, r,
	    (unsigned long long)m, piv == 0 ? "first" : piv == 1 ? "last" : "outside",
	    t, xexp ? "x e^x" : "e^x", (unsigned long long)j0, (unsigned long long)j1);
	if (rc != DSP_OK || !(fabsl((long double)got - want) <= 1e-13L * mag))
		diag("  rc %d got %.17g want %.17Lg (|G| sum %.6Lg, off %.3Lg)", rc, got,
		    want, mag, fabsl((long double)got - want) / mag);
}

/* The piv whose x is the run's largest for t's sign (where a power series
 * puts its pivot: x <= 0 throughout, as dsp_geo_sum_range assumes when it
 * drops terms below xneg). */
static int
top_end(double a, double t)
{
	return (a > 0) == (t > 0) ? 0 : 1;
}

static int
under(double x, void *ctx)
{
	return exp(x - *(const double *)ctx) == 0;
}

int
main(void)
{
	static const double ratios[] = { 0.9999999, 0.99999, 0.99999 * 0.99999 };
	static const double as[] = { 4, 1000, 0.5, -4 };
	static const double ts[] = { 1, -0.5, 0.05, 2 };
	static const uint64_t ms[] = { (uint64_t)1 << 17, (uint64_t)1 << 21 };
	size_t ri, ai, ti, mi;
	uint64_t m, cnt, j, want;
	double lz;
	dsp_geo g;
	int xexp;

	(void)is_close;
	(void)is_rel;
	dsp_gsl_init();
	for (ri = 0; ri < sizeof ratios / sizeof ratios[0]; ri++)
		for (ai = 0; ai < sizeof as / sizeof as[0]; ai++)
			for (ti = 0; ti < sizeof ts / sizeof ts[0]; ti++)
				for (mi = 0; mi < 2; mi++)
					for (xexp = 0; xexp < 2; xexp++) {
						m = ms[mi];
						/* Only the big runs at the ratio nearest 1 and one a, one
						 * t: brute force is 2^21 expl calls a case. */
						if (mi == 1 && (ri != 0 || ai != 0 || ti > 1))
							continue;
						check(as[ai], ratios[ri], m, top_end(as[ai], ts[ti]),
						    ts[ti], xexp, 0, m);
					}
	/* Sub-ranges: a head only, a tail only, a short middle (term by
	 * term), the pivot's neighbours cut out. */
	m = (uint64_t)1 << 17;
	check(4, 0.99999, m, 0, 1, 0, 0, 1000);
	check(4, 0.99999, m, 0, 1, 1, m - 1000, m);
	check(4, 0.99999, m, 0, 0.05, 0, 12345, m - 7);
	check(4, 0.99999, m, 0, 1, 0, 500, 530);
	check(4, 0.99999, m, 1, -0.5, 1, 1, m - 1);
	/* A pivot outside the run (a power series' other run). */
	check(4, 0.99999 * 0.99999, m, 2, -0.5, 0, 0, m);
	check(4, 0.99999 * 0.99999, m, 2, -2, 1, 0, m);
	/* Steep heads: the terms fall by more than GEO_STEP a step near the
	 * top (|a L / t| >> 1) and by less further on. */
	check(1e6, 0.99999, m, 0, 1, 0, 0, m);
	check(1e6, 0.99999, m, 0, 1, 1, 0, m);
	check(3e4, 0.99999, m, 0, 0.5, 0, 0, m);
	check(3e4, 0.9999999, m, 1, -0.5, 0, 0, m);
	/* The flat rest: most of the run has |y| below e^{-42} |L|. */
	check(4, 0.999, m, 0, 1, 0, 0, m);
	check(4, 0.999, m, 1, -1, 1, 0, m);
	/* Empty and one-term ranges. */
	check(4, 0.99999, m, 0, 1, 0, 7, 7);
	check(4, 0.99999, m, 0, 1, 0, 7, 8);

	/* dsp_geo_count against a count by hand: the terms whose weight
	 * underflows, with the pivot at the first term and lz chosen so
	 * that the boundary falls inside the run. */
	g.a = 1e6;
	g.L = log(0.99999);
	g.m = (uint64_t)1 << 17;
	lz = 0;
	want = 0;
	for (j = 0; j < g.m; j++)
		want += exp(dsp_geo_x(&g, (double)j, g.a, 1) - lz) == 0;
	cnt = dsp_geo_count(&g, g.a, 1, under, &lz);
	is_int((long long)cnt, (long long)want, "dsp_geo_count: underflowing weights, pivot first");
	ok(want > 0 && want < g.m, "  (the boundary is inside the run: %llu of %llu)",
	    (unsigned long long)want, (unsigned long long)g.m);
	/* Pivot last, t < 0: x rises along the run. */
	g.a = 3e4;
	want = 0;
	lz = 0;
	{
		double piv = dsp_geo_value(&g, (double)(g.m - 1));

		for (j = 0; j < g.m; j++)
			want += exp(dsp_geo_x(&g, (double)j, piv, -0.05) - lz) == 0;
		cnt = dsp_geo_count(&g, piv, -0.05, under, &lz);
	}
	is_int((long long)cnt, (long long)want, "dsp_geo_count: pivot last, t < 0");
	ok(want > 0 && want < g.m, "  (the boundary is inside the run: %llu of %llu)",
	    (unsigned long long)want, (unsigned long long)g.m);
	/* x_j without cancellation: v_j - pivot for the pivot at the last
	 * term where that term underflowed (v_{m-1} = 0, the expm1 form
	 * must not be 0 * inf). */
	g.a = 4;
	g.L = log(0.9999999);
	g.m = (uint64_t)1 << 40;
	ok(isfinite(dsp_geo_x(&g, 0, dsp_geo_value(&g, (double)(g.m - 1)), -0.5)) &&
	    fabs(dsp_geo_x(&g, 0, dsp_geo_value(&g, (double)(g.m - 1)), -0.5) + 8) < 1e-15,
	    "dsp_geo_x: pivot at an underflowed last term");
	return tap_done();
}
