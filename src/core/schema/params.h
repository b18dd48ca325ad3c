/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The full parameter set of one disperse view: input family, size, spread,
 * temperature, attention function.  Shared by the TUI, the CLI, the
 * exporters and the snapshot loader so that a snapshot restores exactly. */
#ifndef DSP_PARAMS_H
#define DSP_PARAMS_H

#include <stddef.h>
#include <stdint.h>

enum dsp_family {
	DSP_FAM_POWER,		/* e_k = delta * lambda^k, k = 0..n-1 */
	DSP_FAM_SPIKE,		/* e_0 = delta, the rest 0 */
	DSP_FAM_UNIFORM,	/* iid U[0, delta], GSL RNG, explicit seed */
	DSP_FAM_GAUSSIAN,	/* iid N(0, sigma = delta), GSL RNG */
	DSP_FAM_RAMP,		/* e_k = delta * k / (n-1) */
	DSP_FAM_FILE,		/* logits given by the user (file or stdin) */
	DSP_FAM_EMPIRICAL,	/* n iid draws from the given logits (core/math/empirical.h) */
	DSP_FAM_LEARNED,	/* a trained Max Retrieval head's scores on a random
				   set (core/train/learned.h; model from params.model) */
	DSP_FAM_COUNT
};

enum dsp_attn {
	DSP_ATTN_SOFTMAX,
	DSP_ATTN_SSMAX,		/* softmax(s log(n) e / theta)   (arXiv 2501.19399) */
	DSP_ATTN_LOGN,		/* softmax(log(n) e / theta)      (Chiang & Cholak) */
	DSP_ATTN_SIGMOID,	/* sigma(e/theta - log n), rows not normalised */
	DSP_ATTN_STICKBREAK,	/* beta_i = sigma(e_i/theta), item 0 nearest the query */
	DSP_ATTN_SOFTMAX1,	/* e^{x_i} / (1 + sum e^{x_j}), x = e/theta */
	DSP_ATTN_SPARSEMAX,	/* alpha-entmax with alpha = 2 */
	DSP_ATTN_ENTMAX,	/* alpha-entmax, alpha = params.alpha */
	DSP_ATTN_LINEAR,	/* phi(x_i) / sum phi(x_j), phi = elu + 1 (x = e/theta) */
	DSP_ATTN_SELECTIVE,	/* softmax of x_i - F_i, F_i the accumulated masking
				   by nearer items (a simplified reconstruction) */
	DSP_ATTN_COUNT
};

enum dsp_precision {
	DSP_PREC_DOUBLE,
	DSP_PREC_FLOAT32,
	DSP_PREC_FLOAT16,
	DSP_PREC_BFLOAT16,
	DSP_PREC_FP8_E4M3,
	DSP_PREC_FP8_E5M2,
	DSP_PREC_COUNT
};

typedef struct dsp_params {
	enum dsp_family	 family;
	uint64_t	 n;		/* number of items (>= 1) */
	double		 delta;		/* logit spread scale (>= 0) */
	double		 theta;		/* temperature; 0 = argmax limit */
	double		 lambda;	/* power-series ratio */
	double		 eps;		/* Theorem 2.2 threshold, (0, 1] */
	uint64_t	 seed;		/* RNG seed for random families */
	uint64_t	 topk;		/* k of the top-k mass figure */
	uint64_t	 explicit_max;	/* largest n evaluated item by item; 0 = default */
	enum dsp_attn	 attn;
	int		 adaptive;	/* adaptive temperature on softmax */
	double		 ssmax_s;	/* SSMax scale s */
	double		 alpha;		/* entmax alpha (> 1) */
	enum dsp_precision precision;	/* emulated number format */
	uint64_t	 head;		/* row of a logits array (ptable.h,
					   dsp_head_pack); the loader picks it */
	const double	*logits;	/* DSP_FAM_FILE: borrowed, n_logits items */
	size_t		 n_logits;
	/* DSP_FAM_FILE with logits NULL: the same n_logits logits in their
	 * file's type, borrowed (a float32 or float16 .npy row in place;
	 * logits_xsize 4 or 2).  Only the softmax kernel's route reads them
	 * (core/math/kernel.h, dsp_softmax_stats_x); any other is DSP_ENOTSUP,
	 * and the caller converts them into logits and evaluates again
	 * (cli/opts.c, dsp_opts_eval). */
	const void	*logits_x;
	int		 logits_xsize;
	const char	*logits_name;	/* where they came from, for stamping */
	/* DSP_FAM_LEARNED: the model file (a parameter row, saved in
	 * snapshots) and its weights, borrowed from whoever loaded it
	 * (export/model.h dsp_model_attach). */
	const char	*model;
	const struct dsp_maxret *model_w;
} dsp_params;

/* The documented default view: power series, n = 16, delta = 4, theta = 1,
 * lambda = 0.5, eps = 0.01, seed 1, softmax. */
void		 dsp_params_default(dsp_params *p);
/* DSP_OK or DSP_EINVAL with a detail message naming the bad field. */
int		 dsp_params_check(const dsp_params *p);

const char	*dsp_family_name(enum dsp_family f);
const char	*dsp_attn_name(enum dsp_attn a);
const char	*dsp_precision_name(enum dsp_precision p);
/* Name -> enum; -1 if unknown. */
int		 dsp_family_parse(const char *s);
int		 dsp_attn_parse(const char *s);
int		 dsp_precision_parse(const char *s);

#endif
