/* Input families: logits as an explicit array or as runs. */
#ifndef DSP_FAMILY_H
#define DSP_FAMILY_H

#include <stddef.h>
#include <stdint.h>

#include "core/schema/params.h"
#include "core/math/runs.h"

/* Largest n that the core materialises as doubles (1 GiB). */
#define DSP_EXPLICIT_MAX ((uint64_t)1 << 27)

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
