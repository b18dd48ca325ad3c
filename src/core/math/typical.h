/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The typical configuration of a random family's law: the large-n route
 * for iid logits past the item-by-item size (issue 23).
 *
 * Instead of a law-of-large-numbers limit (which divides the top weight by
 * n E[e^{x/theta}] and leaves the simplex once the partition sum is
 * dominated by its top items: the frozen regime, and always under SSMax
 * and log-n scaling at large n), the route evaluates one concrete n-item
 * configuration in run-length form:
 *   - the TYPICAL_END largest and smallest items one by one, each at its
 *     median rank's quantile (survival (i - 0.3)/(n + 0.4), Benard);
 *   - the bulk in bins, each holding a whole number of items at the
 *     logit whose weight e^{t x} is the bin's mean weight (its logits
 *     taken as evenly spread; t = 1/theta_eff for softmax-type functions,
 *     0 -- the middle -- for the others): bin edges both geometric in the rank
 *     from the nearer end (ratio TYPICAL_GEO) and even in the logit
 *     (TYPICAL_EVEN per half), so the bins next to the extremes are narrow
 *     where they can still carry weight.
 * The counts sum to n exactly, so every figure (H, the extreme weights,
 * the top-k mass, the paper entropy) is computed by the runs route from
 * weights that sum to 1, under every unordered attention function.
 * O(runs): about 2 (TYPICAL_END + TYPICAL_EVEN + log(n)/log(TYPICAL_GEO)).
 *
 * Laws without a closed quantile (the empirical family's atoms, the learned
 * family's piecewise-uniform logit) are tabulated (dsp_lawtab): segments from
 * the largest logit down, each an atom or a stretch of constant density.
 * Their bins also break at every segment edge (up to TYPICAL_SEG_EDGES
 * segments), and a bin's logit is the
 * one whose weight is its exact mean weight over the law (the integral of
 * e^{t x} over the bin's quantiles), so an atom's items sit at its value. */
#ifndef DSP_TYPICAL_H
#define DSP_TYPICAL_H

#include "core/schema/params.h"
#include "core/math/runs.h"

#ifndef TYPICAL_RANK_A
#define TYPICAL_RANK_A	0.3
#endif
#define TYPICAL_END	512
#define TYPICAL_GEO	1.02
#define TYPICAL_EVEN	4096
/* A tabulated law's segment edges are bin edges up to this many segments. */
#define TYPICAL_SEG_EDGES	8192

/* A tabulated law: segment k's logits fall linearly from hi[k] to lo[k]
 * (hi = lo: an atom) as its mass is passed; segments are ordered from the
 * largest logit down, without overlap.  above[k] is the mass of segments
 * 0 .. k-1 summed from the top, below[k] that of k .. len-1 summed from
 * the bottom (so each tail is accurate down to its smallest mass). */
typedef struct dsp_lawtab {
	size_t	 len;
	double	*hi, *lo, *mass, *above, *below;
} dsp_lawtab;

/* The law of one draw from v[0 .. m-1] (each value mass 1/m; equal values
 * merge into one atom). */
int	dsp_lawtab_atoms(const double *v, size_t m, dsp_lawtab *law);
/* The mixture of count pieces: piece k uniform from v0[k] to v1[k] with
 * mass w[k] (an atom where |v1 - v0| <= 1e-12 (|v0| + 1)); masses are
 * normalised to sum to 1. */
int	dsp_lawtab_pieces(const double *v0, const double *v1, const double *w,
	    size_t count, dsp_lawtab *law);
void	dsp_lawtab_free(dsp_lawtab *law);

/* 1 when the family has a law the configuration can be built from. */
int	dsp_typical_family(enum dsp_family f);
/* The configuration of p's family at p->n, largest logit first, its bins
 * weighted at inverse temperature t: the law is p's family's (uniform,
 * gaussian) or, when law is not NULL, the tabulated one. */
int	dsp_typical_runs(const dsp_params *p, const dsp_lawtab *law, double t,
	    dsp_runs *e);

#endif
