/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dsp_eval's closed route for the power series near |lambda| = 1: the
 * softmax-type functions, softmax_1, sigmoid and linear attention from
 * sums over the series' one or two geometric runs (geosum.h), in
 * milliseconds at any n, where the runs form would hold one run per item
 * (issue 26; doc/theory.md, "Power series near |lambda| = 1"). */
#include <float.h>
#include <math.h>
#include <string.h>

#include "core/error.h"
#include "core/math/bounds.h"
#include "core/math/adaptive.h"
#include "core/math/eval_int.h"
#include "core/math/geosum.h"
#include "core/math/softmax.h"
#include "core/schema/attn.h"
#include "core/schema/family.h"

/* The route takes over where the runs form would pass this many distinct
 * terms (below it the runs are exact and as fast). */
#define POWER_CLOSED_TERMS	((uint64_t)1 << 16)
/* G(x) of every sum below is under e^{x} |x| + e^{x}: negligible against
 * the pivot's term 1 for x below this. */
#define POWER_XNEG	(-800.0)
/* Sigmoid's and linear attention's sums take the steep head (geosum.h)
 * down to a log weight 820 under the largest, |x| up to y_max + 820: with
 * |v / theta| at most this, at most (19000 + 820 + log 2^63) / GEO_STEP
 * < 2^20 terms one by one (linear's run of positive y: at most
 * max_L log(19000 |L| / GEO_STEP) / |L| = 950000 / e). */
#define ELEM_YMAX	19000.0

struct series {
	dsp_geo		 seg[2];
	int		 nseg;
	double		 pivot, t;	/* x = (v - pivot) / t */
	int		 pseg;		/* the pivot's run */
	uint64_t	 pj;		/* and index in it */
	double		 xfar;		/* x of the item farthest from the pivot */
	double		 lo, hi;	/* the logit range */
};

/* The runs of p's series, |v| falling along each: lambda in (0, 1) one
 * run from delta; lambda > 1 the same read from its last term; lambda < 0
 * its even and odd terms, ratio lambda^2. */
static int
series_runs(const dsp_params *p, struct series *sr)
{
	double l = log(fabs(p->lambda)), n = (double)p->n, top;
	uint64_t ce = (p->n + 1) / 2, co = p->n / 2;

	memset(sr, 0, sizeof *sr);
	if (p->lambda > 0) {
		sr->nseg = 1;
		sr->seg[0].m = p->n;
		sr->seg[0].L = l < 0 ? l : -l;
		top = l < 0 ? 0 : (n - 1) * l;
		sr->seg[0].a = p->delta * exp(top);
	} else {
		sr->nseg = co > 0 ? 2 : 1;
		sr->seg[0].m = ce;
		sr->seg[1].m = co;
		sr->seg[0].L = sr->seg[1].L = l < 0 ? 2 * l : -2 * l;
		/* Largest |term|: k = 0 and 1 when |lambda| < 1, else the last
		 * even k = 2 (ce - 1) and odd k = 2 co - 1. */
		top = l < 0 ? 0 : 2 * (double)(ce - 1) * l;
		sr->seg[0].a = p->delta * exp(top);
		top = l < 0 ? 0 : (2 * (double)co - 2) * l;
		sr->seg[1].a = p->delta * p->lambda * exp(top);
	}
	if (!isfinite(sr->seg[0].a) || (sr->nseg > 1 && !isfinite(sr->seg[1].a)))
		return dsp_fail(DSP_ERANGE,
		    "power series delta*lambda^(n-1) overflows a double");
	return DSP_OK;
}

/* The pivot (largest logit for t > 0, smallest for t < 0), the range and
 * the farthest item's x: every extreme is a run's first or last term. */
static void
series_pivot(struct series *sr, double t)
{
	double v, far = 0;
	int k, e;

	sr->t = t;
	sr->pseg = 0;
	sr->pj = 0;
	sr->lo = INFINITY;
	sr->hi = -INFINITY;
	for (k = 0; k < sr->nseg; k++)
		for (e = 0; e < 2; e++) {
			v = dsp_geo_value(&sr->seg[k], e ? (double)(sr->seg[k].m - 1) : 0);
			if (v < sr->lo)
				sr->lo = v;
			if (v > sr->hi)
				sr->hi = v;
			if (k == 0 && e == 0) {
				sr->pivot = v;
				far = v;
			}
			if (t > 0 ? v > sr->pivot : v < sr->pivot) {
				sr->pivot = v;
				sr->pseg = k;
				sr->pj = e ? sr->seg[k].m - 1 : 0;
			}
			if (t > 0 ? v < far : v > far)
				far = v;
		}
	sr->xfar = (far - sr->pivot) / t;
}

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

/* -w log(w + 1e-9), w = e^{x - lz}: the paper's entropy term. */
static double
g_paper(double x, void *ctx)
{
	double w = exp(x - *(const double *)ctx);

	return -w * log(w + DSP_PAPER_ENTROPY_EPS);
}

/* Sum of G over the items of run k in [j0, j1), the pivot left out. */
static int
series_sum(const struct series *sr, int k, uint64_t j0, uint64_t j1,
    dsp_geo_fn G, void *ctx, double xneg, double *out)
{
	dsp_geo_sum f = { sr->pivot, sr->t, xneg, G, ctx };
	double a = 0, b = 0;
	int rc;

	*out = 0;
	if (k != sr->pseg || sr->pj < j0 || sr->pj >= j1)
		return dsp_geo_sum_range(&sr->seg[k], j0, j1, &f, out);
	if ((rc = dsp_geo_sum_range(&sr->seg[k], j0, sr->pj, &f, &a)) != DSP_OK ||
	    (rc = dsp_geo_sum_range(&sr->seg[k], sr->pj + 1, j1, &f, &b)) != DSP_OK)
		return rc;
	*out = a + b;
	return DSP_OK;
}

/* Sum of G over every item but the pivot. */
static int
series_total(const struct series *sr, dsp_geo_fn G, void *ctx, double xneg,
    double *out)
{
	double part;
	int k, rc;

	*out = 0;
	for (k = 0; k < sr->nseg; k++) {
		if ((rc = series_sum(sr, k, 0, sr->seg[k].m, G, ctx, xneg, &part)) != DSP_OK)
			return rc;
		*out += part;
	}
	return DSP_OK;
}

/* Sum of G over the kk items of largest x, the pivot's G(0) = 1
 * included: the runs whose logits share t's sign first (their x is above
 * every other run's), each from its end nearest the pivot. */
static int
series_top(const struct series *sr, uint64_t kk, dsp_geo_fn G, void *ctx,
    double xneg, double *out)
{
	double part;
	uint64_t take, m;
	int order, k, rc;

	*out = 0;
	for (order = 0; order < 2 && kk > 0; order++)
		for (k = 0; k < sr->nseg && kk > 0; k++) {
			int up = sr->seg[k].a / sr->t > 0;

			if (up != (order == 0))
				continue;
			m = sr->seg[k].m;
			take = kk < m ? kk : m;
			rc = up ? series_sum(sr, k, 0, take, G, ctx, xneg, &part) :
			    series_sum(sr, k, m - take, m, G, ctx, xneg, &part);
			if (rc != DSP_OK)
				return rc;
			if (k == sr->pseg && (up ? sr->pj < take : sr->pj >= m - take))
				part += 1;
			*out += part;
			kk -= take;
		}
	return DSP_OK;
}

static int
underflows(double x, void *ctx)
{
	return exp(x - *(const double *)ctx) == 0;
}

/* The softmax figures at temperature t into s (lz: log Z, the log of the
 * sum of e^x with the pivot's 1); for softmax_1 ld replaces lz in the
 * weights (their sum is then below 1). */
struct figs {
	double	 lz, h, paper, top, zeros;
};

static int
series_figures(const dsp_params *p, struct series *sr, double t, double lw,
    int use_lw, struct figs *fg)
{
	double zr, wx, w;
	uint64_t kk = p->topk ? p->topk : 1;
	int k, rc;

	series_pivot(sr, t);
	if ((rc = series_total(sr, g_exp, NULL, POWER_XNEG, &zr)) != DSP_OK ||
	    (rc = series_total(sr, g_xexp, NULL, POWER_XNEG, &wx)) != DSP_OK)
		return rc;
	/* As dsp_softmax_entropy_runs: log Z = log1p(zr) keeps a nearly
	 * one-hot row's whole first term. */
	fg->lz = log1p(zr);
	fg->h = fg->lz - wx / (1 + zr);
	w = use_lw ? lw : fg->lz;
	if ((rc = series_total(sr, g_paper, &w, w + POWER_XNEG, &fg->paper)) != DSP_OK)
		return rc;
	/* The pivot's own term. */
	fg->paper += g_paper(0, &w);
	fg->top = 1;
	if (kk < p->n && (rc = series_top(sr, kk, g_exp, NULL, POWER_XNEG,
	    &fg->top)) == DSP_OK)
		fg->top /= 1 + zr;
	if (rc != DSP_OK)
		return rc;
	fg->zeros = 0;
	for (k = 0; k < sr->nseg; k++)
		fg->zeros += (double)dsp_geo_count(&sr->seg[k], sr->pivot, t, underflows, &w);
	return DSP_OK;
}

/* Sigmoid (attn_sigmoid.c: w = sigma(y - log n) per item, the row not
 * normalised) and linear attention (attn_linear.c: w = phi(y) / sum phi,
 * phi = elu + 1), y = v / theta: each weight is a function of y itself, not
 * of its distance to the largest, so the sums are taken in logs.  lw(y) =
 * -softplus(log n - y) (sigmoid), log1p(y) or y (linear: y keeps its sign
 * along a run, so phi is smooth on each); with P = pivot / theta (the
 * largest weight's y) and c = lw(P) the sums run over d(x) = lw(P + x) - c
 * <= 0: e^d and d e^d (the row's entropy, as softmax's from e^x and x e^x),
 * the paper's term of w = e^{d - shift} and the weights that round to 0
 * (shift = -c for sigmoid, log of the sum of e^d for linear). */
struct elem {
	int	 linear;
	double	 P, logn, c, shift;
};

static double
elem_lw(double x, const struct elem *g)
{
	double y = g->P + x;

	if (g->linear)
		return y > 0 ? log1p(y) : y;
	return -dsp_softplus(g->logn - y);
}

static double
g_elem_exp(double x, void *ctx)
{
	const struct elem *g = ctx;

	return exp(elem_lw(x, g) - g->c);
}

static double
g_elem_xexp(double x, void *ctx)
{
	const struct elem *g = ctx;
	double d = elem_lw(x, g) - g->c;

	return d * exp(d);
}

static double
g_elem_paper(double x, void *ctx)
{
	const struct elem *g = ctx;
	double w = exp(elem_lw(x, g) - g->c - g->shift);

	return -w * log(w + DSP_PAPER_ENTROPY_EPS);
}

static int
elem_zero(double x, void *ctx)
{
	const struct elem *g = ctx;

	return exp(elem_lw(x, g) - g->c - g->shift) == 0;
}

static int
elem_figures(const dsp_params *p, struct series *sr, dsp_summary *s)
{
	struct elem g;
	double xneg, zr, wx, paper, top = 1, zeros = 0, scale;
	uint64_t kk = p->topk ? p->topk : 1;
	int k, rc;

	series_pivot(sr, p->theta);
	g.linear = p->attn == DSP_ATTN_LINEAR;
	g.P = sr->pivot / p->theta;
	g.logn = log((double)p->n);
	g.c = elem_lw(0, &g);
	/* Where d is 820 under 0.  Sigmoid: below log n lw(y) <= y - log n,
	 * and c is at least -log 2 (P >= log n) or P - log n - log 2.
	 * Linear: d >= -log1p(P) > -710 on a run of positive y; on one of
	 * negative y d = y - c, c = log1p(P) or P. */
	if (g.linear)
		xneg = (g.P > 0 ? log1p(g.P) - g.P : 0) - 820;
	else
		xneg = (g.P >= g.logn ? g.logn - g.P : 0) - 820;
	if ((rc = series_total(sr, g_elem_exp, &g, xneg, &zr)) != DSP_OK ||
	    (rc = series_total(sr, g_elem_xexp, &g, xneg, &wx)) != DSP_OK)
		return rc;
	g.shift = g.linear ? log1p(zr) : -g.c;
	if ((rc = series_total(sr, g_elem_paper, &g, xneg, &paper)) != DSP_OK)
		return rc;
	if (kk < p->n && (rc = series_top(sr, kk, g_elem_exp, &g, xneg, &top)) != DSP_OK)
		return rc;
	for (k = 0; k < sr->nseg; k++)
		zeros += (double)dsp_geo_count(&sr->seg[k], sr->pivot, p->theta, elem_zero, &g);
	/* w = e^{d - shift}: the pivot's weight is the scale. */
	scale = exp(-g.shift);
	s->theta_eff = p->theta;
	s->entropy = log1p(zr) - wx / (1 + zr);
	s->entropy_paper = paper + g_elem_paper(0, &g);
	s->max_weight = scale;
	s->min_weight = exp(elem_lw(sr->xfar, &g) - g.c - g.shift);
	s->total = g.linear ? 1 : scale * (1 + zr);
	s->topk_mass = kk < p->n ? scale * top : s->total;
	s->zero_weights = zeros;
	return DSP_OK;
}

/* Sigmoid and linear attention: the functions of the route whose
 * weights are not softmax's (nor softmax_1's, a softmax over a bigger
 * denominator). */
static int
elem_of(const dsp_params *p)
{
	return p->attn == DSP_ATTN_SIGMOID || p->attn == DSP_ATTN_LINEAR;
}

/* The largest |v| / theta of the series (its last term for |lambda| > 1):
 * sigmoid's and linear attention's route holds it under ELEM_YMAX. */
static int
elem_fits(const dsp_params *p)
{
	double l = log(fabs(p->lambda)), top = log(fabs(p->delta) / fabs(p->theta));

	if (l > 0)
		top += ((double)p->n - 1) * l;
	return top <= log(ELEM_YMAX);
}

int
dsp_eval_power_applies(const dsp_params *p)
{
	double a = fabs(p->lambda), th;

	if (p->family != DSP_FAM_POWER || p->precision != DSP_PREC_DOUBLE ||
	    !dsp_attn_has(p->attn, DSP_ATTN_F_POWER_CLOSED) ||
	    p->delta == 0 || !isfinite(p->delta) || a == 0 || a == 1 ||
	    !isfinite(a) || p->n <= POWER_CLOSED_TERMS)
		return 0;
	th = scaled_theta(p, (double)p->n);
	if (th == 0 || !isfinite(th) || (elem_of(p) && !elem_fits(p)))
		return 0;
	return dsp_power_terms(p, dsp_power_tol(p)) > (double)POWER_CLOSED_TERMS;
}

int
dsp_eval_power_route(const dsp_params *p, dsp_summary *s)
{
	struct series sr;
	struct figs fg;
	double th = scaled_theta(p, (double)p->n), lw = 0, lS;
	int soft = dsp_attn_is_softmax(p->attn), rc;

	if ((rc = series_runs(p, &sr)) != DSP_OK)
		return rc;
	s->method = DSP_METHOD_ANALYTIC;
	s->n = (double)p->n;
	s->beta = 1;
	if (elem_of(p)) {
		if ((rc = elem_figures(p, &sr, s)) != DSP_OK)
			return rc;
		s->logit_min = sr.lo;
		s->logit_max = sr.hi;
		fill_bounds(p, s, 0);
		return DSP_OK;
	}
	if (soft) {
		if ((rc = series_figures(p, &sr, th, 0, 0, &fg)) != DSP_OK)
			return rc;
		if (p->adaptive) {
			s->beta = dsp_adaptive_beta(fg.paper);
			th /= s->beta;
			if (th == 0)
				return dsp_fail(DSP_ERANGE,
				    "adaptive temperature rounds to 0");
			if ((rc = series_figures(p, &sr, th, 0, 0, &fg)) != DSP_OK)
				return rc;
		}
		s->theta_eff = th;
		s->max_weight = exp(-fg.lz);
		s->min_weight = exp(sr.xfar - fg.lz);
		s->total = 1;
		s->topk_mass = fg.top;
	} else {
		/* softmax_1: e^{x_i} / (1 + sum e^{x_j}) with x = e / theta;
		 * in the shifted x (max 0) its log denominator is
		 * ld = log S + softplus(-M - log S), M = pivot / theta, S = Z
		 * (attn_softmax1.c). */
		th = p->theta;
		series_pivot(&sr, th);
		if ((rc = series_figures(p, &sr, th, 0, 0, &fg)) != DSP_OK)
			return rc;
		lS = fg.lz;
		lw = lS + dsp_softplus(-sr.pivot / th - lS);
		if ((rc = series_figures(p, &sr, th, lw, 1, &fg)) != DSP_OK)
			return rc;
		s->theta_eff = th;
		s->max_weight = exp(-lw);
		s->min_weight = exp(sr.xfar - lw);
		s->total = exp(lS - lw);
		s->topk_mass = fg.top * exp(lS - lw);
	}
	s->logit_min = sr.lo;
	s->logit_max = sr.hi;
	s->entropy = fg.h;
	s->entropy_paper = fg.paper;
	s->zero_weights = fg.zeros;
	fill_bounds(p, s, soft);
	return DSP_OK;
}
