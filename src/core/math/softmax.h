/* SPDX-License-Identifier: GPL-3.0-or-later */
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

#include "core/math/runs.h"

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

/* Entropy of a probability vector, computed as the entropy of p / sum(p)
 * (identical for a probability vector); 0 log 0 = 0.  The dominant item
 * uses -log q = log1p(rest / w), so a nearly one-hot row keeps its full
 * relative accuracy (doc/theory.md, "Accurate entropy"). */
double	dsp_entropy(const double *p, size_t n, enum dsp_entropy_unit unit);
/* -sum p log(p + 1e-9): the paper's code, for parity. */
double	dsp_entropy_paper(const double *p, size_t n);
double	dsp_entropy_runs(const dsp_runs *p, enum dsp_entropy_unit unit);
double	dsp_entropy_paper_runs(const dsp_runs *p);
/* Entropy in nats of the row w normalised to sum 1 (w >= 0, any total;
 * 0 for an all-zero row): the entropy of the unnormalised alternatives. */
double	dsp_row_entropy(const double *w, size_t n);
double	dsp_row_entropy_runs(const dsp_runs *w);
/* Entropy of softmax_theta(e) straight from the logits, in nats, which is
 * more accurate than dsp_entropy(dsp_softmax(e)) for tiny weights. */
double	dsp_softmax_entropy(const double *e, size_t n, double theta);
double	dsp_softmax_entropy_runs(const dsp_runs *e, double theta);

double	dsp_max(const double *p, size_t n);
/* Sum of the k largest entries (k >= n: total). */
double	dsp_topk_mass(const double *p, size_t n, size_t k);
/* The same over runs into *mass: DSP_OK, or DSP_ENOMEM (its heap of
 * runs); *mass is set only on success. */
int	dsp_topk_mass_runs(const dsp_runs *p, uint64_t k, double *mass);

#endif
