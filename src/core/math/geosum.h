/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Sums of a smooth function over a geometric run of logits, in
 * milliseconds at any length up to 2^63: the power series near |lambda| = 1
 * (issue 26), whose run-length form would hold one run per item.
 *
 * A run is v_j = a e^{j L}, j = 0 .. m-1, with L = log r < 0 (so |v_j|
 * falls with j; a power series with |lambda| > 1 is read from its far
 * end).  The sums are S = sum_{j0 <= j < j1} G(x_j) with the scaled logit
 * x_j = (v_j - pivot) / t, x monotone in j.  Derivation (doc/theory.md,
 * "Power series near |lambda| = 1"):
 *   - where x moves by more than GEO_STEP per item (the steep head, near
 *     the largest |v|) the terms are added one by one, skipping those with
 *     x below xneg (G negligible there: monotone x makes them one range);
 *   - past it f(j) = G(x_j) changes by less than GEO_STEP per item, and
 *     Gregory's form of the Euler-Maclaurin formula,
 *       sum_{j=A}^{B} f(j) = int_A^B f + (f(A) + f(B))/2
 *         + sum_{q>=1} g_q (nabla^q f(B) + (-1)^q Delta^q f(A)),
 *     g = 1/12, 1/24, 19/720, 3/160, 863/60480, ... (Gregory's
 *     coefficients), with differences of order q of size GEO_STEP^q |f|,
 *     turns the rest into one integral and 2 x GEO_ORDER + 2 values;
 *   - the integral in j is taken in the variable where the integrand is
 *     smooth on a unit scale: x where |v/t| >= 1 (dj = dx / (y L), y =
 *     v/t), log|y| where |v/t| < 1 (dj = d log|y| / L), and past
 *     |y| = e^{-42} |L| the terms equal G(-pivot/t) to double precision
 *     and count by their number (closed form), each piece by a 32-point
 *     Gauss-Legendre rule on intervals of length <= 4 (analytic
 *     integrands: far below a double's rounding).
 * Relative error below 1e-13 of the sum of |G| (tests/core/test-geosum
 * against brute force in long double: 2e-15 .. 5e-14 observed), and the
 * power series' figures to 1e-12 at n up to 2^63 (tests/core/
 * test-powerclosed against mpmath, tests/core/power-closed-reference.py). */
#ifndef DSP_GEOSUM_H
#define DSP_GEOSUM_H

#include <stdint.h>

typedef struct dsp_geo {
	double		 a;	/* v_0, finite and nonzero */
	double		 L;	/* log r, < 0 */
	uint64_t	 m;	/* number of terms */
} dsp_geo;

/* The summand, a function of the scaled logit x. */
typedef double (*dsp_geo_fn)(double x, void *ctx);

typedef struct dsp_geo_sum {
	double		 pivot, t;	/* x = (v - pivot) / t, t != 0 */
	double		 xneg;		/* |G(x)| negligible for x < xneg */
	dsp_geo_fn	 G;
	void		*ctx;
} dsp_geo_sum;

/* Largest per-item change of x where the sum switches from terms to
 * the Euler-Maclaurin form, and the order of Gregory's differences. */
#define GEO_STEP	0.02
#define GEO_ORDER	8

/* v_j (j as a double: exact below 2^53, and past it the run is flat). */
double	dsp_geo_value(const dsp_geo *g, double j);
/* x_j, without the cancellation of v_j - pivot when the pivot is the run's
 * first or last term. */
double	dsp_geo_x(const dsp_geo *g, double j, double pivot, double t);
/* *out = sum_{j0 <= j < j1} G(x_j) (0 when j1 <= j0).  DSP_ENOMEM (the
 * quadrature table), DSP_ERANGE when more than 2^20 terms would be added
 * one by one (not with a sensible xneg: the steep head holds at most
 * |xneg| / GEO_STEP terms above xneg). */
int	dsp_geo_sum_range(const dsp_geo *g, uint64_t j0, uint64_t j1,
	    const dsp_geo_sum *f, double *out);
/* The number of j in [0, m) with G(x_j) "below" by pred (x monotone in j,
 * pred monotone in x): the terms where pred(x_j, ctx) is 1, found by
 * bisection (pred must hold on one end of the run only). */
uint64_t dsp_geo_count(const dsp_geo *g, double pivot, double t,
	    int (*pred)(double x, void *ctx), void *ctx);

#endif
