/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Attention functions other than (scaled) softmax: sigmoid, stick-breaking,
 * softmax_1, sparsemax, alpha-entmax, linear attention (elu + 1) and
 * selective attention.  See doc/theory.md for sources.
 *
 * x = e / theta throughout; theta == 0 is the limit theta -> 0+ (sigmoid
 * and stick-breaking per item: x = +inf, 0, -inf by the sign of e;
 * softmax_1 gives 1 to the maximum if it is > 0 (ties share), 1/(1 + t)
 * to each of t maxima equal to 0, nothing if the maximum is < 0;
 * sparsemax and entmax become argmax, ties sharing).  theta < 0 favours
 * the smallest logits, as for softmax. */
#ifndef DSP_ALT_H
#define DSP_ALT_H

#include "core/schema/attn.h"
#include "core/schema/params.h"
#include "core/math/runs.h"
#include "core/math/summary.h"

/* Weights per item for attention function a over logits e (position order,
 * item 0 nearest the query), temperature theta, n = total items, alpha for
 * entmax.  w receives the same counts as e, except for stick-breaking,
 * whose weights fall geometrically along a run of equal logits: there w
 * holds one run per item until the weights underflow to 0 (exact), and a
 * run still nonzero after 2^14 items is summarised by 1024 chunks holding
 * the exact mean of their items (mass exact).  DSP_ENOTSUP for
 * softmax-type functions (handled by dsp_eval). */
int	dsp_alt_weights_runs(enum dsp_attn a, const dsp_runs *e, double theta,
	    double alpha, dsp_runs *w);
/* The same; for sparsemax and entmax at theta != 0 also the support edge
 * as a logit, edge = tau theta / (alpha - 1): an item is in the support
 * iff e/theta > edge/theta (NaN for the other functions and theta = 0).
 * Callers that merged logits into a run use it to check that the run's
 * items all lie on one side (dsp_eval's power-series tail). */
int	dsp_alt_weights_runs_edge(enum dsp_attn a, const dsp_runs *e, double theta,
	    double alpha, dsp_runs *w, double *edge);
/* Expected large-n limit of sigmoid attention for the uniform and Gaussian
 * families (GSL quadrature of n E[sigma(v/theta - log n)] and friends):
 * total, entropy of the normalised row, extreme weights at the ends of the
 * logit range.  DSP_ENOTSUP for anything else. */
int	dsp_alt_sigmoid_expected(const dsp_params *p, dsp_summary *s);
/* Each function's weights over runs, one file each (attn_<name>.c); the
 * rows of core/schema/attn.c point at them (dsp_attn_weights_fn). */
int	dsp_attn_sigmoid_weights(const dsp_runs *e, double theta, double alpha,
	    dsp_runs *w, double *edge);
int	dsp_attn_stickbreak_weights(const dsp_runs *e, double theta, double alpha,
	    dsp_runs *w, double *edge);
int	dsp_attn_softmax1_weights(const dsp_runs *e, double theta, double alpha,
	    dsp_runs *w, double *edge);
int	dsp_attn_sparsemax_weights(const dsp_runs *e, double theta, double alpha,
	    dsp_runs *w, double *edge);
int	dsp_attn_entmax_weights(const dsp_runs *e, double theta, double alpha,
	    dsp_runs *w, double *edge);
int	dsp_attn_linear_weights(const dsp_runs *e, double theta, double alpha,
	    dsp_runs *w, double *edge);
int	dsp_attn_selective_weights(const dsp_runs *e, double theta, double alpha,
	    dsp_runs *w, double *edge);

/* The ORDERED rows' bounds past a power series' head (dsp_attn_tail_fn,
 * core/schema/attn.h), one in each function's file. */
double	dsp_attn_stickbreak_tail(const dsp_params *p, uint64_t head, double xfar);
double	dsp_attn_selective_tail(const dsp_params *p, uint64_t head, double xfar);

/* Shared by those files.  x = e / theta, theta == 0 the limit theta -> 0+. */
double	dsp_alt_scaled(double e, double theta);
/* theta -> 0+ limit of softmax-type rows: ties at the maximum share. */
void	dsp_alt_argmax_runs(const dsp_runs *e, dsp_runs *w, double share);
/* Softmax over runs of the logs l_i (counts c_i): w_i = e^{l_i} / sum c e^l. */
void	dsp_alt_normalise_logs(const dsp_runs *e, const double *l, dsp_runs *w);

#endif
