/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The table of input families: one row per family (how its logits are
 * generated, whether they have a runs form, their range, the density of
 * one logit's law, whether they are random draws).  Logits as an explicit
 * array or as runs.  The learned family's row lives with the model
 * (core/train/learned.c): the schema declares the interface, train fills
 * it, so neither schema nor math includes train. */
#ifndef DSP_FAMILY_H
#define DSP_FAMILY_H

#include <stddef.h>
#include <stdint.h>

#include "core/schema/params.h"
#include "core/math/runs.h"

/* Largest n that the core materialises as doubles (1 GiB). */
#define DSP_EXPLICIT_MAX ((uint64_t)1 << 27)

/* The law of one logit of an iid family, as a density on [lo, hi] for the
 * expected large-n route (eval.c, attn_sigmoid.c). */
enum dsp_law {
	DSP_LAW_NONE,		/* no density: exact sums or pieces instead */
	DSP_LAW_UNIFORM,	/* 1 / (hi - lo) */
	DSP_LAW_TGAUSS		/* N(0, sigma) truncated to [-hi, hi] */
};
/* Density of law at v; norm is the truncated normal's mass on [-hi, hi]
 * (dsp_law_norm), ignored for the uniform. */
double	dsp_law_density(enum dsp_law law, double sigma, double norm, double lo,
	    double hi, double v);
/* erf(hi / (sigma sqrt 2)) for DSP_LAW_TGAUSS, else 1. */
double	dsp_law_norm(enum dsp_law law, double sigma, double hi);

enum {
	/* Keys are i.i.d. draws (uniform, gaussian, empirical, learned): item
	 * by item up to the explicit limit, then the expected large-n limit. */
	DSP_FAM_F_IID		= 1u << 0,
	/* The array at n is the first n items of the array at any larger n. */
	DSP_FAM_F_NESTED	= 1u << 1,
	/* Built on given logits (params.logits), which a snapshot embeds. */
	DSP_FAM_F_LOGITS	= 1u << 2,
	/* Needs a trained model (params.model_w). */
	DSP_FAM_F_MODEL		= 1u << 3
};

typedef struct dsp_family_row {
	enum dsp_family	 id;
	unsigned	 flags;		/* DSP_FAM_F_* */
	enum dsp_law	 law;		/* one logit's density, if any */
	/* out[0 .. n-1]: the logits. */
	int		(*generate)(const dsp_params *p, double *out, uint64_t n);
	/* Runs form (position order), tail cut at tol; NULL: none. */
	int		(*runs)(const dsp_params *p, double tol, dsp_runs *out);
	/* 1 when p has a runs form (runs may still refuse); NULL: never. */
	int		(*has_runs)(const dsp_params *p);
	/* [m, M] a priori; 1 when bounded independently of n. */
	int		(*range)(const dsp_params *p, double *m, double *M);
	/* The law as pieces (learned only; see learned.h); NULL otherwise. */
	int		(*pieces)(const dsp_params *p, double **v0, double **v1,
			    double **w, size_t *count);
	/* Caps on the item-by-item size: any caller's, and a curve's (0: none). */
	uint64_t	 explicit_cap;
	uint64_t	 curve_explicit_cap;
	/* Place in the TUI's `f` walk (0 .. DSP_FAM_COUNT - 1, each once). */
	int		 walk;
} dsp_family_row;

/* The learned family's row (core/train/learned.c). */
extern const dsp_family_row dsp_family_learned_row;

/* Row of family f (NULL for an unknown value). */
const dsp_family_row *dsp_family_row_of(enum dsp_family f);
/* 1 when f's row has every flag in fl. */
int	dsp_family_has(enum dsp_family f, unsigned fl);

/* The power series' terms delta lambda^k by repeated multiplication (one
 * generator for the array, the runs and the map's fast cells). */
typedef struct dsp_power_iter {
	double		 t, lambda, tol;
	uint64_t	 k, n;
} dsp_power_iter;
/* A term below this fraction of |theta| changes exp(e/theta) by less than
 * one part in 2^60: the tail past it merges into one run. */
#define DSP_POWER_TAIL_REL	0x1p-60
/* Most distinct terms a power-series runs vector may hold. */
#define DSP_POWER_MAX_RUNS	((uint64_t)1 << 22)
/* The default cut: |theta| 2^-60 (theta = 0: |delta| 2^-60, or 2^-60). */
double	dsp_power_tol(const dsp_params *p);
/* The distinct terms the runs form holds with the cut tol: n, or (|lambda|
 * < 1) the terms down to the first below tol; 1 for lambda = 1 (one run).
 * Counted in closed form, the one count every route decides by. */
double	dsp_power_terms(const dsp_params *p, double tol);
/* Terms k = 0 .. n-1, stopping early (|lambda| < 1) at the first term
 * below tol (tol <= 0: never). */
void	dsp_power_begin(dsp_power_iter *it, const dsp_params *p, double tol);
/* 1 with *t the next term; 0 at n or at the cut (it->t is then the first
 * term not given, it->k its index). */
int	dsp_power_next(dsp_power_iter *it, double *t);

/* Fill out[0..n-1] with the family's logits.  DSP_ETOOBIG past
 * DSP_EXPLICIT_MAX (nothing allocated). */
int	dsp_family_generate(const dsp_params *p, double *out);
/* Allocate and fill; caller frees. */
int	dsp_family_alloc(const dsp_params *p, double **out);
/* Runs representation when the family has one (spike, power with
 * |lambda| <= 1, uniform-in-value of random families is NOT exact):
 * returns DSP_ENOTSUP when the family needs explicit evaluation. */
int	dsp_family_runs(const dsp_params *p, dsp_runs *out);
/* The same with the power series' tail cut where |delta lambda^k| < tail_tol
 * (logit units; <= 0: the default |theta| 2^-60).  Past the cut the terms
 * are one run at 0 (theta != 0), or, at theta = 0 where only signs and the
 * maximum matter, runs that keep each term's sign and the tail's maximum
 * (doc/theory.md, "Runs representation"). */
int	dsp_family_runs_tol(const dsp_params *p, double tail_tol, dsp_runs *out);

/* The power series (0 < |lambda| < 1) past its first head terms: *far,
 * the tail's term of largest e/theta (theta's sign picks its largest or
 * smallest logit; theta = 0 as theta -> 0+), *other its other extreme.
 * DSP_ENOTSUP for another family or lambda, or head + 2 >= n. */
int	dsp_family_power_tail(const dsp_params *p, uint64_t head, double *far,
	    double *other);
/* The series in position order cut after its first head terms: those,
 * then n - head - 1 items at the tail's far term and one at its other
 * extreme (the logits' range stays the series' own).  For an attention
 * function whose weights past the head are at most that of an item at the
 * far term there (its row's tail_log, core/schema/attn.h): where that is
 * 0, so is every weight the run stands for. */
int	dsp_family_power_head(const dsp_params *p, uint64_t head, dsp_runs *out);

/* The same logits as a multiset, not in position order, where that is
 * shorter (power with lambda = -1: two runs instead of n); for figures
 * that do not depend on the order. */
int	dsp_family_multiset(const dsp_params *p, dsp_runs *out);
/* A-priori logit interval [m, M] for n items; returns 1 when the family is
 * bounded independently of n (Lemma 2.1 premise), 0 when not (Gaussian,
 * power with lambda > 1 or lambda < -1, file: actual min/max). */
int	dsp_family_range(const dsp_params *p, double *m, double *M);
/* Largest n dsp_eval takes item by item for p (the caller's explicit_max,
 * else DSP_EXPLICIT_MAX; 2^16 for the ramp, whose closed forms are
 * cheaper; at most DSP_LEARNED_EXPLICIT_MAX for the learned family). */
#define DSP_RAMP_EXPLICIT_MAX	((uint64_t)1 << 16)
uint64_t dsp_family_explicit_limit(const dsp_params *p);
/* 1 for the families whose keys are i.i.d. draws (uniform, gaussian,
 * empirical, learned): item by item up to the explicit limit, then the
 * expected large-n limit. */
int	dsp_family_iid(enum dsp_family f);
/* 1 when dsp_family_runs(p) has a runs form (spike, power with
 * |lambda| <= 1); the other families are arrays (dsp_family_alloc). */
int	dsp_family_has_runs(const dsp_params *p);
/* 1 when the array at n is the first n items of the array at any larger n
 * (the same other parameters): the seeded draws (uniform, gaussian,
 * empirical: one generator stream, item by item) and the power series
 * (delta lambda^k by repeated multiplication).  Not the ramp (its step is
 * delta/(n-1)) nor the learned head (its evaluation set depends on n). */
int	dsp_family_nested(const dsp_params *p);
/* 1 for the families built on given logits (file, empirical): they need
 * params.logits, and a snapshot embeds them. */
int	dsp_family_has_logits(enum dsp_family f);

#endif
