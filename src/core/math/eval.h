/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One evaluation of a view: weights and every figure the screen shows.
 *
 * dsp_eval picks the cheapest exact route: explicit array for small n, runs
 * for structured families at any n, closed forms for the ramp, and for
 * random families past DSP_EXPLICIT_MAX the expected large-n limit computed
 * with GSL quadrature (method DSP_METHOD_EXPECTED, shown as such). */
#ifndef DSP_EVAL_H
#define DSP_EVAL_H

#include <stdint.h>

#include "core/schema/params.h"
#include "core/math/runs.h"
#include "core/math/summary.h"

int	dsp_eval(const dsp_params *p, dsp_summary *out);
/* 1 when dsp_eval(p) goes item by item over the family's generated logits
 * (dsp_family_alloc); the route depends on neither theta nor, except for
 * the power series, lambda. */
int	dsp_eval_is_explicit(const dsp_params *p);
/* 1 when dsp_eval(p) sums the power series in closed form (near |lambda| =
 * 1 past 2^16 terms of its runs form; eval_power.c). */
int	dsp_eval_is_closed(const dsp_params *p);
/* 1 when dsp_eval(p) reads every logit of the file family through the
 * softmax kernel, which fails (DSP_EINVAL) on a NaN or an infinity: a file's
 * row may then be passed unscanned (rowset.h: dsp_rowset_row_unchecked). */
int	dsp_eval_rejects_nonfinite(const dsp_params *p);
/* dsp_eval(p) with the logits dsp_family_alloc(p) would give already in x
 * (callers evaluating many temperatures over the same items); x is ignored
 * where the route is not explicit.  For the map: on the explicit route of a
 * plain softmax, entropy_paper and zero_weights may be NaN (not computed). */
int	dsp_eval_logits(const dsp_params *p, const double *x, dsp_summary *out);
/* Weights in position order as runs (explicit inputs: one run per item).
 * DSP_ETOOBIG when only an expected limit exists. */
int	dsp_eval_weights(const dsp_params *p, dsp_runs *w, dsp_summary *out);
/* Weights in position order without holding them (snapshots: peak memory
 * = the input + O(runs of other routes + curve + map), issue 11 item 4).
 * On the explicit route of a softmax-type function (softmax, ssmax, log-n;
 * top-k <= 1, double precision) only the logits are kept -- a file's
 * borrowed, a family's generated -- and each run of adjacent equal logits
 * gets its weight recomputed from its logit, bit for bit the runs
 * dsp_eval_weights gives (same expressions, same order); out is bit for
 * bit dsp_eval_weights' summary.  Every other route holds its runs in w. */
typedef struct dsp_wstream {
	const double	*x;		/* the logits, or NULL: the weights are w */
	size_t		 n;
	size_t		 runs;		/* runs of adjacent equal logits */
	double		 pivot, theta;	/* weight exp((x - pivot) / theta) / z */
	double		 z;
	double		 tie;		/* theta 0: weight of a logit at the pivot */
	double		*own;		/* generated logits (x), freed with the stream */
	dsp_runs	*w;
} dsp_wstream;
int	dsp_eval_wstream(const dsp_params *p, dsp_wstream *ws, dsp_summary *out);
void	dsp_wstream_free(dsp_wstream *ws);
/* Number of runs in position order (what dsp_eval_weights' w->len is). */
size_t	dsp_wstream_len(const dsp_wstream *ws);
/* The weight of logit v (ws->x != NULL); nondecreasing in v for theta >= 0,
 * nonincreasing for theta < 0 (dsp_wstream_rising). */
double	dsp_wstream_weight(const dsp_wstream *ws, double v);
int	dsp_wstream_rising(const dsp_wstream *ws);
/* fn for each run (weight, count) in position order; a return other than
 * DSP_OK stops the walk and is returned. */
typedef int (*dsp_wrun_fn)(void *ctx, double w, uint64_t count);
int	dsp_wstream_each(const dsp_wstream *ws, dsp_wrun_fn fn, void *ctx);
/* The route policy, one size: random families (uniform, gaussian) are
 * evaluated item by item up to DSP_VIEW_EXPLICIT_MAX items and by their
 * expected large-n limit past it, in every view (TUI panels, snapshots,
 * core/schema/view.h) and every curve over n.  Below it the seeded draw is cheap
 * (a millisecond) and its scatter is what a user asked to see; above it
 * one curve point per octave would draw up to 2^27 samples each (seconds
 * per curve) for a shape the limit already has (doc/theory.md, "Routes").
 * Every command uses it (core/schema/view.h: dsp_view_params, dsp_view_eval);
 * only a library caller of dsp_eval with explicit_max 0 goes item by item
 * up to DSP_EXPLICIT_MAX, the memory cap. */
#define DSP_VIEW_EXPLICIT_MAX ((uint64_t)1 << 16)
/* Summaries for the same parameters at several n (entropy-vs-n curve).
 * With explicit_max 0, random families switch to the expected limit past
 * DSP_VIEW_EXPLICIT_MAX. */
int	dsp_eval_curve(const dsp_params *p, const double *ns, size_t count,
	    dsp_summary *out);
/* The same, keeping what can be computed: points are evaluated in order up
 * to the first that fails (an alternative with no large-n limit past the
 * curve's explicit limit: DSP_ENOTSUP, whose message says up to which n);
 * *done counts the points computed, and out[*done .. count) get their n with
 * every figure NaN (never 0: an absent point is not H = 0).  Returns DSP_OK
 * when every point was computed, else the first failure's code. */
int	dsp_eval_curve_partial(const dsp_params *p, const double *ns, size_t count,
	    dsp_summary *out, size_t *done);
/* Hold the empirical row's law (a sort of its m values) for the calls of
 * this thread that follow, until dsp_eval_law_release(*held): a series of
 * sizes over one row (a curve, the critical-n search) sorts it once.
 * *held is 1 when this call built it (nothing for other families, or when
 * one is held already). */
int	dsp_eval_law_hold(const dsp_params *p, int *held);
void	dsp_eval_law_release(int held);
/* count log-spaced sizes from n_lo to n_hi, rounded to integers, unique. */
size_t	dsp_log_sizes(double n_lo, double n_hi, size_t count, double *ns);
const char *dsp_method_name(enum dsp_method m);
/* Monotonic clock in milliseconds (the clock of elapsed_ms). */
/* Expected count of items per log10-weight bin (bins equal bins from
 * lo10 to hi10) for the random families and the ramp, from the summary s
 * of the same parameters (its max weight and effective theta): n times
 * the logit density's mass where the weight falls in the bin; for the
 * empirical and learned families on the typical route (a law with atoms)
 * the typical configuration's own items, binned. */
int	dsp_eval_expected_hist(const dsp_params *p, const dsp_summary *s,
	    double lo10, double hi10, size_t bins, double *count);
double	dsp_now_ms(void);

#endif
