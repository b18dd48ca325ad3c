/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Internal to dsp_eval's files (eval.c: routes and summaries; eval_stream.c;
 * eval_limit.c: the large-n routes; eval_curve.c): what they share, under
 * the names the functions have always called it by. */
#ifndef DSP_EVAL_INT_H
#define DSP_EVAL_INT_H

#include <stddef.h>
#include <stdint.h>

#include "core/math/eval.h"
#include "core/schema/attn.h"
#include "core/schema/family.h"

/* eval.c */
void	dsp_eval_fill_bounds(const dsp_params *p, dsp_summary *s, int softmax_like);
int	dsp_eval_summarise_fast(const dsp_params *p, const double *e, size_t n,
	    int lite, dsp_summary *s);
int	dsp_eval_route_kernel(const dsp_params *p);
/* The typical configuration of p's law at p->n (a held law if any), its
 * bins weighted at inverse temperature t. */
int	dsp_eval_typical_runs(const dsp_params *p, double t, dsp_runs *e);
/* eval_stream.c */
int	dsp_eval_stream_route(const dsp_params *p, dsp_wstream *ws, dsp_summary *s);
/* eval_limit.c */
int	dsp_eval_ramp_route(const dsp_params *p, dsp_summary *s);
int	dsp_eval_expected_route(const dsp_params *p, dsp_summary *s);
/* eval_power.c: the power series near |lambda| = 1 in closed form (the
 * softmax-type functions, softmax_1, sigmoid and linear attention, double
 * precision, no weights). */
int	dsp_eval_power_applies(const dsp_params *p);
int	dsp_eval_power_route(const dsp_params *p, dsp_summary *s);
/* Sparsemax and entmax on a power series whose support is among its first
 * terms (falling from its first term, or alternating, -1 < lambda < 0): e
 * the head's terms and the rest as runs of weight 0, w their weights;
 * DSP_ENOTSUP, with no message, where the series or the function does not
 * allow it or the support is too wide (eval_support.c).  ordered: e must
 * follow the items' order (weights are asked for). */
int	dsp_eval_support_runs(const dsp_params *p, int ordered, dsp_runs *e, dsp_runs *w);

static inline uint64_t
explicit_limit(const dsp_params *p)
{
	return dsp_family_explicit_limit(p);
}

/* Temperature after the n-dependent scalings (the attention row's). */
static inline double
scaled_theta(const dsp_params *p, double n)
{
	return dsp_attn_theta_at(p, n);
}

static inline void
fill_bounds(const dsp_params *p, dsp_summary *s, int softmax_like)
{
	dsp_eval_fill_bounds(p, s, softmax_like);
}

static inline int
summarise_fast(const dsp_params *p, const double *e, size_t n, int lite, dsp_summary *s)
{
	return dsp_eval_summarise_fast(p, e, n, lite, s);
}

static inline int
route_kernel(const dsp_params *p)
{
	return dsp_eval_route_kernel(p);
}

static inline int
eval_stream(const dsp_params *p, dsp_wstream *ws, dsp_summary *s)
{
	return dsp_eval_stream_route(p, ws, s);
}

static inline int
eval_ramp(const dsp_params *p, dsp_summary *s)
{
	return dsp_eval_ramp_route(p, s);
}

static inline int
eval_expected(const dsp_params *p, dsp_summary *s)
{
	return dsp_eval_expected_route(p, s);
}

#endif
