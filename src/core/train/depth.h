/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Depth: a stack of L attention layers over random embeddings (the
 * authors' Remark B.2 and Remark C.1, as disperse demonstrates them).
 *
 * The authors' argument (their statement): depth does not rescue a
 * dispersed head; once one layer's attention has dispersed, the layers
 * after it without residual connections see nearly the same input for
 * every item and output nearly the mean embedding, while residual
 * connections carry each item's own embedding forward.
 *
 * disperse's demonstration (its choices, not the paper's): n embeddings
 * x_i uniform on the sphere of radius r in R^d (bounded, as Theorem 2.2's
 * finite vocabulary keeps them), and L layers of one-head self-attention
 * with no projections and identity values,
 *	y_i = sum_j softmax_j(x_i . x_j / (theta sqrt d)) x_j,
 * then x <- y (no residual) or x <- x + y (residual).  The spread of a
 * layer is the root-mean-square distance of its n outputs to the mean
 * embedding (the mean of the layer-0 embeddings), split into the spread
 * across items (around the layer's own mean) and the offset of that mean:
 * a layer that outputs one vector for every item has spread_items 0 and
 * spread = offset, its distance to the mean embedding.
 *
 * Large-n limit (a derivation of disperse's): on the sphere, the output
 * for x tends to r A_d(kappa) x/|x| with kappa = r^2 / (theta sqrt d) and
 * A_d = I_{d/2} / I_{d/2-1} (the mean direction of a von Mises-Fisher law),
 * and the outputs again lie on a sphere with uniform directions, so layer
 * by layer
 *	no residual: r_{l+1} = r_l A_d(r_l^2 / (theta sqrt d)),
 *	residual:    r_{l+1} = r_l (1 + A_d(r_l^2 / (theta sqrt d))).
 * A_d(k) ~ k/d for small k, so without residuals the spread collapses
 * towards the mean embedding within a few layers; with them it never
 * falls below r. */
#ifndef DSP_DEPTH_H
#define DSP_DEPTH_H

#include <stddef.h>
#include <stdint.h>

#define DSP_DEPTH_MAX_LAYERS	64
#define DSP_DEPTH_MAX_DIM	256
#define DSP_DEPTH_MAX_N		((size_t)1 << 14)

typedef struct dsp_depth_opts {
	size_t		dim;		/* d (default 16) */
	size_t		layers;		/* L (default 8) */
	double		radius;		/* r (default 4) */
	double		theta;		/* temperature (default 1) */
	int		residual;	/* x <- x + y instead of x <- y */
	uint64_t	seed;		/* embeddings */
} dsp_depth_opts;

/* What one layer l = 0 .. L of a run measured (l = 0: the embeddings). */
typedef struct dsp_depth_layer {
	double	spread;		/* rms distance of the outputs to the mean embedding */
	double	spread_items;	/* rms distance to their own mean (across items) */
	double	offset;		/* distance of their mean to the mean embedding;
				   spread^2 = spread_items^2 + offset^2 */
	double	max_weight;	/* mean over queries of the largest weight (l >= 1) */
	double	limit;		/* the large-n limit of spread (sphere embeddings) */
} dsp_depth_layer;

void	dsp_depth_default(dsp_depth_opts *o);
/* n x d embeddings, uniform on the sphere of radius r (normalised GSL
 * Gaussians, mt19937 seeded with o->seed). */
int	dsp_depth_embed(const dsp_depth_opts *o, size_t n, double *x);
/* Run the stack over x0 (n x d, row-major) and measure each layer:
 * out has layers + 1 entries.  O(n^2 d L); queries in parallel (each
 * query's sums in a fixed order, so any thread count gives the same bits).
 * Advances the thread's job by n units a query, n^2 a layer, and stops
 * within a layer once it is cancelled. */
int	dsp_depth_run(const dsp_depth_opts *o, const double *x0, size_t n,
	    dsp_depth_layer *out);
/* The limits alone (out[l].limit, l = 0 .. layers), from r, d, theta. */
int	dsp_depth_limit(const dsp_depth_opts *o, dsp_depth_layer *out);
/* A_d(kappa) = I_{d/2}(kappa) / I_{d/2-1}(kappa) (GSL Bessel functions). */
double	dsp_vmf_mean(size_t d, double kappa);

#endif
