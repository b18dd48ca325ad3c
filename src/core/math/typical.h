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
 * O(runs): about 2 (TYPICAL_END + TYPICAL_EVEN + log(n)/log(TYPICAL_GEO)). */
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

/* 1 when the family has a law the configuration can be built from. */
int	dsp_typical_family(enum dsp_family f);
/* The configuration of p's family at p->n, largest logit first, its bins
 * weighted at inverse temperature t. */
int	dsp_typical_runs(const dsp_params *p, double t, dsp_runs *e);

#endif
