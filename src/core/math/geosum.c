/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Sums of a smooth function over a geometric run of logits: the steep head
 * term by term, the rest by Gregory's Euler-Maclaurin form and a piecewise
 * Gauss-Legendre integral (geosum.h has the derivation). */
#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_integration.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/math/geosum.h"

/* Gregory's coefficients g_1 .. g_8 (|G_2| .. |G_9|, OEIS A002206 /
 * A002207): 1/12, 1/24, 19/720, 3/160, 863/60480, 275/24192,
 * 33953/3628800, 8183/1036800. */
static const double gregory[GEO_ORDER] = {
	1.0 / 12, 1.0 / 24, 19.0 / 720, 3.0 / 160, 863.0 / 60480,
	275.0 / 24192, 33953.0 / 3628800, 8183.0 / 1036800
};

/* Most terms added one by one in one sum. */
#define GEO_TERMS_MAX	((uint64_t)1 << 20)
/* Gauss-Legendre points per piece, and the longest piece (in x or in
 * log|y|: the integrands vary on a unit scale there). */
#define GEO_GL_POINTS	32
#define GEO_PIECE	4.0
/* |y| below e^{-42} |L|: G(y - p) = G(-p) to double precision over the
 * rest of the run (its first-order term sums to under e^{-42} G'). */
#define GEO_FLAT_LOG	42.0

double
dsp_geo_value(const dsp_geo *g, double j)
{
	return g->a * exp(j * g->L);
}

double
dsp_geo_x(const dsp_geo *g, double j, double pivot, double t)
{
	double last;

	if (pivot == g->a)
		return g->a * expm1(j * g->L) / t;
	/* v_j - v_{m-1} = -v_j expm1((m-1-j) L): the argument is <= 0, so no
	 * overflow where v_{m-1} underflowed to 0 (theta < 0, lambda < 1:
	 * the pivot is the run's far end). */
	last = g->m > 0 ? dsp_geo_value(g, (double)(g->m - 1)) : NAN;
	if (pivot == last)
		return -dsp_geo_value(g, j) * expm1(((double)(g->m - 1) - j) * g->L) / t;
	return (dsp_geo_value(g, j) - pivot) / t;
}

struct integrand {
	const dsp_geo_sum *f;
	double		 p;	/* pivot / t */
	double		 sigma;	/* sign of a / t */
	double		 L;
	int		 logy;	/* 1: the variable is log|y|, 0: it is x */
};

/* f(j) dj/du in the variable u: x (dj = dx / ((x + p) L)) or
 * log|y| (dj = du / L). */
static double
integrand_at(double u, const struct integrand *in)
{
	if (in->logy)
		return in->f->G(in->sigma * exp(u) - in->p, in->f->ctx) / in->L;
	return in->f->G(u, in->f->ctx) / ((u + in->p) * in->L);
}

/* Oriented integral of the integrand from u0 to u1, in pieces of at most
 * GEO_PIECE, each by the Gauss-Legendre rule. */
static double
integrate(const struct integrand *in, const gsl_integration_glfixed_table *tab,
    double u0, double u1)
{
	double len = u1 - u0, s = 0, a, b, xi, wi, h, c, part;
	size_t pieces, k, i;

	if (len == 0)
		return 0;
	pieces = (size_t)ceil(fabs(len) / GEO_PIECE);
	if (pieces == 0)
		pieces = 1;
	for (k = 0; k < pieces; k++) {
		a = u0 + len * (double)k / (double)pieces;
		b = k + 1 == pieces ? u1 : u0 + len * (double)(k + 1) / (double)pieces;
		h = (b - a) / 2;
		c = (a + b) / 2;
		part = 0;
		for (i = 0; i < GEO_GL_POINTS; i++) {
			gsl_integration_glfixed_point(-1, 1, i, &xi, &wi, tab);
			part += wi * integrand_at(c + h * xi, in);
		}
		s += h * part;
	}
	return s;
}

/* int_A^B f(j) dj for the flat-enough part of the run. */
static double
em_integral(const dsp_geo *g, double A, double B, const dsp_geo_sum *f,
    const gsl_integration_glfixed_table *tab)
{
	struct integrand in;
	double l0, jy1, jflat, j_a, j_b, u0, u1, s = 0, lflat;

	in.f = f;
	in.p = f->pivot / f->t;
	in.sigma = (g->a / f->t) > 0 ? 1 : -1;
	in.L = g->L;
	l0 = log(fabs(g->a / f->t));		/* log|y_0| */
	/* j where |y| = 1, and where the run turns flat. */
	lflat = log(-g->L) - GEO_FLAT_LOG;
	jy1 = (0 - l0) / g->L;
	jflat = (lflat - l0) / g->L;
	/* Region |y| >= 1, in x (restricted to x >= xneg). */
	j_a = A;
	j_b = fmin(B, jy1);
	if (j_b > j_a) {
		in.logy = 0;
		u0 = dsp_geo_x(g, j_a, f->pivot, f->t);
		u1 = j_b == jy1 ? in.sigma - in.p : dsp_geo_x(g, j_b, f->pivot, f->t);
		/* x moves against sigma as j grows. */
		if (in.sigma > 0) {		/* x falls from u0 to u1 */
			if (u1 < f->xneg)
				u1 = f->xneg;
			if (u0 > u1)
				s += integrate(&in, tab, u0, u1);
		} else {
			if (u0 < f->xneg)
				u0 = f->xneg;
			if (u1 > u0)
				s += integrate(&in, tab, u0, u1);
		}
	}
	/* Region e^{lflat} <= |y| < 1, in log|y|. */
	j_a = fmax(A, jy1);
	j_b = fmin(B, jflat);
	if (j_b > j_a) {
		in.logy = 1;
		u0 = l0 + j_a * g->L;
		u1 = l0 + j_b * g->L;
		s += integrate(&in, tab, u0, u1);
	}
	/* The flat rest: B - j terms' worth of G(-p). */
	j_a = fmax(A, jflat);
	if (B > j_a)
		s += (B - j_a) * f->G(-in.p, f->ctx);
	return s;
}

/* Gregory's end corrections and the trapezoid ends on [A, B]. */
static double
em_ends(const dsp_geo *g, double A, double B, const dsp_geo_sum *f)
{
	double fa[GEO_ORDER + 1], fb[GEO_ORDER + 1], s;
	int q, i;

	for (i = 0; i <= GEO_ORDER; i++) {
		fa[i] = f->G(dsp_geo_x(g, A + i, f->pivot, f->t), f->ctx);
		fb[i] = f->G(dsp_geo_x(g, B - i, f->pivot, f->t), f->ctx);
	}
	s = (fa[0] + fb[0]) / 2;
	/* Differences in place: after step q, fa[0] = Delta^q f(A) and
	 * fb[0] = nabla^q f(B). */
	for (q = 1; q <= GEO_ORDER; q++) {
		for (i = 0; i + q <= GEO_ORDER; i++) {
			fa[i] = fa[i + 1] - fa[i];
			fb[i] = fb[i] - fb[i + 1];
		}
		s += gregory[q - 1] * (fb[0] + (q % 2 ? -fa[0] : fa[0]));
	}
	return s;
}

int
dsp_geo_sum_range(const dsp_geo *g, uint64_t j0, uint64_t j1,
    const dsp_geo_sum *f, double *out)
{
	gsl_integration_glfixed_table *tab;
	double l0, jd, p, js, x, s = 0, sigma;
	uint64_t J0, j, added = 0;

	*out = 0;
	if (j1 > g->m)
		j1 = g->m;
	if (j1 <= j0)
		return DSP_OK;
	sigma = (g->a / f->t) > 0 ? 1 : -1;
	p = f->pivot / f->t;
	l0 = log(fabs(g->a / f->t));
	/* The steep head ends where |y L| <= GEO_STEP. */
	jd = (log(GEO_STEP / -g->L) - l0) / g->L;
	J0 = jd <= (double)j0 ? j0 : jd >= (double)j1 ? j1 : (uint64_t)ceil(jd);
	j = j0;
	if (sigma < 0) {
		/* x rises with j: start where it reaches xneg. */
		if (!(-p >= f->xneg))
			return DSP_OK;		/* never: every term negligible */
		js = (log(-(f->xneg + p)) - l0) / g->L;
		if (-(f->xneg + p) > 0 && js > (double)j0 + 2) {
			j = js >= (double)j1 ? j1 : (uint64_t)floor(js) - 2;
			while (j > j0 && dsp_geo_x(g, (double)(j - 1), f->pivot,
			    f->t) >= f->xneg)
				j--;
		}
	}
	for (; j < J0; j++) {
		x = dsp_geo_x(g, (double)j, f->pivot, f->t);
		if (sigma > 0 && x < f->xneg) {
			*out = s;		/* x only falls from here */
			return DSP_OK;
		}
		if (++added > GEO_TERMS_MAX)
			return dsp_fail(DSP_ERANGE,
			    "more than 2^20 terms of a geometric run to add one by one");
		s += f->G(x, f->ctx);
	}
	if (J0 >= j1) {
		*out = s;
		return DSP_OK;
	}
	if (J0 < j)
		J0 = j;
	/* A short rest: term by term as well. */
	if (j1 - J0 < 4 * (GEO_ORDER + 1)) {
		for (j = J0; j < j1; j++)
			s += f->G(dsp_geo_x(g, (double)j, f->pivot, f->t), f->ctx);
		*out = s;
		return DSP_OK;
	}
	if ((tab = DSP_LIB_ALLOC(gsl_integration_glfixed_table_alloc(GEO_GL_POINTS))) == NULL)
		return dsp_fail_nomem("a quadrature table", 0);
	s += em_integral(g, (double)J0, (double)(j1 - 1), f, tab) +
	    em_ends(g, (double)J0, (double)(j1 - 1), f);
	gsl_integration_glfixed_table_free(tab);
	*out = s;
	return DSP_OK;
}

uint64_t
dsp_geo_count(const dsp_geo *g, double pivot, double t,
    int (*pred)(double x, void *ctx), void *ctx)
{
	uint64_t lo, hi, mid;
	int first, last;

	if (g->m == 0)
		return 0;
	first = pred(dsp_geo_x(g, 0, pivot, t), ctx);
	last = pred(dsp_geo_x(g, (double)(g->m - 1), pivot, t), ctx);
	if (first == last)
		return first ? g->m : 0;
	/* Bisect for the boundary: lo holds first's answer, hi last's. */
	lo = 0;
	hi = g->m - 1;
	while (hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		if (pred(dsp_geo_x(g, (double)mid, pivot, t), ctx) == first)
			lo = mid;
		else
			hi = mid;
	}
	return first ? lo + 1 : g->m - hi;
}
