/* One evaluation of a view: weights and every figure the screen shows.
 *
 * dsp_eval picks the cheapest exact route: explicit array for small n, runs
 * for structured families at any n, closed forms for the ramp, and for
 * random families past DSP_EXPLICIT_MAX the expected large-n limit computed
 * with GSL quadrature (method DSP_METHOD_EXPECTED, shown as such). */
#ifndef DSP_EVAL_H
#define DSP_EVAL_H

#include <stdint.h>

#include "core/params.h"
#include "core/runs.h"

enum dsp_method {
	DSP_METHOD_EXPLICIT,
	DSP_METHOD_RUNS,
	DSP_METHOD_ANALYTIC,
	DSP_METHOD_EXPECTED
};

typedef struct dsp_summary {
	double		 n;
	enum dsp_method	 method;
	double		 logit_min;	/* actual min/max of the logits */
	double		 logit_max;
	double		 spread;	/* logit_max - logit_min */
	double		 theta_eff;	/* temperature after adaptive / n-scaling */
	double		 beta;		/* adaptive inverse temperature (1 if off) */
	double		 entropy;	/* nats */
	double		 entropy_bits;
	double		 entropy_norm;	/* H / log n */
	double		 entropy_paper;	/* -sum p log(p + 1e-9) */
	double		 max_weight;
	double		 min_weight;
	double		 total;		/* sum of weights (1 unless unnormalised) */
	double		 topk_mass;
	/* Lemma 2.1 band for the actual spread at theta_eff; NaN where the
	 * attention function is not a softmax. */
	double		 lo_tight, hi_tight, lo_loose, hi_loose;
	double		 entropy_floor;
	double		 entropy_ceiling;
	double		 log_critical_n;	/* Theorem 2.2 for params.eps */
	int		 bound_holds;		/* min/max weight inside the tight band */
	double		 bound_margin;		/* smallest distance to the band edge (<0: violated) */
	double		 elapsed_ms;		/* compute time of this evaluation */
	/* Items whose weight is exactly 0 (underflow; in the emulated format when
	 * params.precision != DOUBLE); NaN where a closed-form route cannot count. */
	double		 zero_weights;
} dsp_summary;

int	dsp_eval(const dsp_params *p, dsp_summary *out);
/* 1 when dsp_eval(p) goes item by item over the family's generated logits
 * (dsp_family_alloc); the route depends on neither theta nor, except for
 * the power series, lambda. */
int	dsp_eval_is_explicit(const dsp_params *p);
/* dsp_eval(p) with the logits dsp_family_alloc(p) would give already in x
 * (callers evaluating many temperatures over the same items); x is ignored
 * where the route is not explicit.  For the map: on the explicit route of a
 * plain softmax, entropy_paper and zero_weights may be NaN (not computed). */
int	dsp_eval_logits(const dsp_params *p, const double *x, dsp_summary *out);
/* Weights in position order as runs (explicit inputs: one run per item).
 * DSP_ETOOBIG when only an expected limit exists. */
int	dsp_eval_weights(const dsp_params *p, dsp_runs *w, dsp_summary *out);
/* Summaries for the same parameters at several n (entropy-vs-n curve).
 * With explicit_max 0, random families switch to the expected limit past
 * DSP_CURVE_EXPLICIT_MAX: one point per octave would otherwise draw up to
 * 2^27 samples each (seconds per curve) for a shape the limit already has. */
#define DSP_CURVE_EXPLICIT_MAX ((uint64_t)1 << 18)
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
/* count log-spaced sizes from n_lo to n_hi, rounded to integers, unique. */
size_t	dsp_log_sizes(double n_lo, double n_hi, size_t count, double *ns);
const char *dsp_method_name(enum dsp_method m);
/* Monotonic clock in milliseconds (the clock of elapsed_ms). */
double	dsp_now_ms(void);

#endif
