/* Softmax with temperature (paper eq. 1) and entropy.
 *
 * softmax_theta(e)_i = exp(e_i / theta) / sum_k exp(e_k / theta).
 * theta > 0 favours the largest logits, theta < 0 the smallest (paper
 * Figure 5); theta == 0 is the limit theta -> 0+: ties at the maximum share
 * the mass equally.  All routines shift by the extreme logit first.
 * dsp_softmax and dsp_softmax_runs reject NaN and +-Inf logits with
 * DSP_EINVAL (no -inf masking: a masked item is simply left out). */
#ifndef DSP_SOFTMAX_H
#define DSP_SOFTMAX_H

#include <stddef.h>
#include <stdint.h>

#include "core/runs.h"

/* Paper's JAX entropy adds this inside the log. */
#define DSP_PAPER_ENTROPY_EPS 1e-9

enum dsp_entropy_unit {
	DSP_NATS,
	DSP_BITS,
	DSP_NORMALISED	/* H / log n, in [0, 1]; 0 for n == 1 */
};

/* Stable log sum_k exp(e_k / theta) (theta != 0). */
double	dsp_logsumexp(const double *e, size_t n, double theta);
int	dsp_softmax(const double *e, size_t n, double theta, double *out);
/* Weights per item of each run; out gets the same counts as in. */
int	dsp_softmax_runs(const dsp_runs *in, double theta, dsp_runs *out);

/* Entropy of a probability vector; 0 log 0 = 0. */
double	dsp_entropy(const double *p, size_t n, enum dsp_entropy_unit unit);
/* -sum p log(p + 1e-9): the paper's code, for parity. */
double	dsp_entropy_paper(const double *p, size_t n);
double	dsp_entropy_runs(const dsp_runs *p, enum dsp_entropy_unit unit);
double	dsp_entropy_paper_runs(const dsp_runs *p);
/* Entropy of softmax_theta(e) straight from the logits, in nats, which is
 * more accurate than dsp_entropy(dsp_softmax(e)) for tiny weights. */
double	dsp_softmax_entropy(const double *e, size_t n, double theta);
double	dsp_softmax_entropy_runs(const dsp_runs *e, double theta);

double	dsp_max(const double *p, size_t n);
/* Sum of the k largest entries (k >= n: total). */
double	dsp_topk_mass(const double *p, size_t n, size_t k);
double	dsp_topk_mass_runs(const dsp_runs *p, uint64_t k);

#endif
