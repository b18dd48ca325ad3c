/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The figures of one evaluation (dsp_summary), in their own header so that
 * the modules dsp_eval calls (alt.c, precision.c) can fill one without
 * including eval.h. */
#ifndef DSP_SUMMARY_H
#define DSP_SUMMARY_H

enum dsp_method {
	DSP_METHOD_EXPLICIT,
	DSP_METHOD_RUNS,
	DSP_METHOD_ANALYTIC,
	DSP_METHOD_EXPECTED,
	/* The typical configuration of a random family's law (typical.h):
	 * no draw, and no per-item weights in position order. */
	DSP_METHOD_TYPICAL
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

#endif
