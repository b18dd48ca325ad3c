/* The learned family: the logits at n are the attention scores that a
 * trained Max Retrieval head (core/maxret.h, `disperse train`) gives the
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
 * Routes: item by item up to DSP_LEARNED_EXPLICIT_MAX (each item costs a
 * width^2 forward pass, so the limit is lower than other families'), and
 * past it the expected large-n limit: items are iid, priority x ~ U[0, 1)
 * and class c uniform, and the logit f_c(x) is piecewise linear in x (a
 * ReLU layer of width d), so the expectations dsp_eval needs are sums over
 * classes of integrals over [0, 1] split at the bends (GSL quadrature,
 * eval.c's expected route).  The logits are bounded independently of n:
 * [min, max] of f_c over the classes and [0, 1] (exact: at the bends or
 * the ends), which is Lemma 2.1's premise. */
#ifndef DSP_LEARNED_H
#define DSP_LEARNED_H

#include <stddef.h>
#include <stdint.h>

#include "core/params.h"

#define DSP_LEARNED_EXPLICIT_MAX	((uint64_t)1 << 22)

/* out[0 .. p->n - 1]: the head's logits on the set (needs p->model_w). */
int	dsp_learned_generate(const dsp_params *p, double *out);
/* The exact logit interval over every item the family can draw. */
int	dsp_learned_range(const dsp_params *p, double *m, double *M);
/* The points of [0, 1] where class cls's logit bends, sorted, with 0 and
 * 1 at the ends: edges needs width + 2 places; returns the number of
 * pieces (edges - 1). */
int	dsp_learned_edges(const dsp_params *p, int cls, double *edges);
/* The logit of an item (priority x, class cls). */
double	dsp_learned_logit(const dsp_params *p, double x, int cls);
/* Number of classes (the mixture's components). */
size_t	dsp_learned_classes(const dsp_params *p);

#endif
