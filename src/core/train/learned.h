/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The learned family: the logits at n are the attention scores that a
 * trained Max Retrieval head (core/train/maxret.h, `disperse train`) gives the
 * items of one random set of n items, so every panel of a view shows real
 * learned attention.
 *
 * The set at (seed, n) is evaluation set 0 of `disperse train --seed seed`
 * at that size (dsp_maxret_set_seed(seed, n, 0), then dsp_maxret_draw):
 * `report --model M --seed S --n N` reproduces the first set of
 * `train --load M --seed S --eval-sizes N`.  Sets of different n are drawn
 * independently (not nested), as the training evaluation draws them, so a
 * curve over n is one sample per size, not one growing set.
 *
 * Routes: item by item up to the route policy's DSP_VIEW_EXPLICIT_MAX
 * (core/schema/view.h; DSP_LEARNED_EXPLICIT_MAX caps a caller that asks for more:
 * each item costs a width^2 forward pass; 2^14 on curves), and
 * past it the expected large-n limit: items are iid, priority x ~ U[0, 1)
 * and class c uniform, and the logit f_c(x) is piecewise linear in x (a
 * ReLU layer of width d), so the expectations dsp_eval needs are sums over
 * classes of integrals over [0, 1] split at the bends; on each linear
 * piece the integral over the priority is one over the logit with a
 * constant density (dsp_learned_pieces; GSL quadrature in eval.c's
 * expected route, no forward pass per point).  The logits are bounded independently of n:
 * [min, max] of f_c over the classes and [0, 1] (exact: at the bends or
 * the ends), which is Lemma 2.1's premise. */
#ifndef DSP_LEARNED_H
#define DSP_LEARNED_H

#include <stddef.h>
#include <stdint.h>

#include "core/schema/params.h"

#define DSP_LEARNED_EXPLICIT_MAX	((uint64_t)1 << 22)
/* On curves (hundreds of sizes) item by item only this far. */
#define DSP_LEARNED_CURVE_EXPLICIT_MAX	((uint64_t)1 << 14)

/* out[0 .. p->n - 1]: the head's logits on the set (needs p->model_w). */
int	dsp_learned_generate(const dsp_params *p, double *out);
/* The exact logit interval over every item the family can draw. */
int	dsp_learned_range(const dsp_params *p, double *m, double *M);
/* The law of one item's logit as pieces: on piece k the logit runs
 * linearly from v0[k] to v1[k] while the priority covers a length of
 * probability w[k] (its length in [0, 1] over the number of classes), so
 * its density is w / |v1 - v0| there (a point mass w if v0 = v1).
 * Allocates the three arrays (free them); *count gets their length. */
int	dsp_learned_pieces(const dsp_params *p, double **v0, double **v1,
	    double **w, size_t *count);

#endif
