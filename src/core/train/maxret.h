/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Max Retrieval: a small model with ONE single-head softmax attention,
 * trained to return the class of the item with the largest priority, as a
 * reconstruction of the paper's experiment ("we train this model using sets
 * of 16 items", evaluated on larger sets at inference time).  The paper's
 * exact architecture is not reproduced; doc/theory.md lists what is the
 * paper's and what is disperse's choice.
 *
 * Item i of a set: priority x_i in [0, 1) and class c_i in 0 .. C-1, input
 * f_i = [x_i, onehot(c_i)] (1 + C numbers).  With width d:
 *   embedding  z_i = W2 relu(W1 f_i + b1) + b2          (d)
 *   logits     e_i = q . z_i   (learned query q; keys = values = z_i)
 *   attention  a = softmax(e)  (theta = 1; or the paper's adaptive theta)
 *   readout    o = W4 relu(W3 (sum_i a_i z_i) + b3) + b4   (C class logits)
 *   loss       cross-entropy of o against the class of argmax_i x_i.
 * Training: Adam on batches of sets of train_n items.  Everything is
 * deterministic for a seed: training is serial, evaluation runs sets in
 * parallel (OpenMP) with one RNG seed per set and sums in a fixed order,
 * so the results are bitwise equal for any number of threads. */
#ifndef DSP_MAXRET_H
#define DSP_MAXRET_H

#include <stddef.h>
#include <stdint.h>

#include <gsl/gsl_rng.h>

/* Parameter blocks, in the order of dsp_maxret.w. */
enum dsp_maxret_block {
	DSP_MAXRET_W1, DSP_MAXRET_B1, DSP_MAXRET_W2, DSP_MAXRET_B2,
	DSP_MAXRET_Q,
	DSP_MAXRET_W3, DSP_MAXRET_B3, DSP_MAXRET_W4, DSP_MAXRET_B4,
	DSP_MAXRET_NBLOCKS
};

#define DSP_MAXRET_MAX_CLASSES	1000
#define DSP_MAXRET_MAX_WIDTH	1024

typedef struct dsp_maxret {
	size_t	 classes;	/* C */
	size_t	 width;		/* d */
	size_t	 nparams;
	double	*w;		/* all parameters, blocks in enum order */
} dsp_maxret;

/* Training settings (defaults from dsp_maxret_train_default). */
typedef struct dsp_maxret_train_opts {
	size_t		train_n;	/* items per training set (16, as the paper) */
	size_t		steps;		/* Adam steps */
	size_t		batch;		/* sets per step */
	double		lr;		/* Adam step size (decays linearly to lr/10) */
	uint64_t	seed;		/* initialisation and training sets */
} dsp_maxret_train_opts;

/* Reported every `every` steps and at the last step. */
typedef struct dsp_maxret_progress {
	size_t	step, steps;
	double	loss;		/* mean cross-entropy of the last `every` steps */
	double	accuracy;	/* training accuracy over the same steps */
} dsp_maxret_progress;

/* Return nonzero to stop training early (the model keeps its weights). */
typedef int (*dsp_maxret_progress_fn)(const dsp_maxret_progress *p, void *ctx);

/* Evaluation of one set size: plain softmax and adaptive temperature. */
typedef struct dsp_maxret_eval_row {
	size_t	n, sets;
	size_t	correct, correct_adaptive;
	double	acc, acc_lo, acc_hi;		/* Wilson 95 % */
	double	acc_ad, acc_ad_lo, acc_ad_hi;
	double	max_weight, max_weight_ad;	/* mean over sets */
	double	entropy;			/* mean, nats (plain) */
	double	beta;				/* mean adaptive inverse temperature */
	double	spread, spread_max;		/* logit spread M - m: mean, largest */
	double	band_lo, band_hi;		/* Lemma 2.1 tight band at spread_max */
	size_t	lemma_holds;			/* sets whose weights all lie in their band */
	/* Corollary B.1 (disperse's operational form, see maxret.c margin()):
	 * mean weight on the maximum item and mean least weight on it that
	 * the readout needs to name its class. */
	double	top_weight, margin;
	/* Sets whose top weight >= their margin: equals correct when the
	 * answer is monotone in u (a check, not a figure of its own). */
	size_t	above_margin;
	double	log_n_half;			/* log n* past which every weight < 1/2
						 * (critical size at spread_max) */
} dsp_maxret_eval_row;

dsp_maxret	*dsp_maxret_alloc(size_t classes, size_t width);
void		 dsp_maxret_free(dsp_maxret *m);
/* Name, rows, cols and first parameter of a block. */
void		 dsp_maxret_block(const dsp_maxret *m, int b, const char **name,
		    size_t *rows, size_t *cols, double **w);
/* Random initialisation (He-scaled Gaussians, zero biases) from seed. */
int		 dsp_maxret_init(dsp_maxret *m, uint64_t seed);

void		 dsp_maxret_train_default(dsp_maxret_train_opts *o);

/* Named training settings of `disperse train --preset` and `disperse
 * paper`.  "quick" is train's default (the tour's few CPU-seconds);
 * "paper" follows the paper's description as far as it goes (sets of 16
 * items, an MLP before and after one head, trained to convergence): the
 * width, batch, rate and steps are disperse's choices (issue 28: a wider,
 * longer-trained head tracks the paper's description far better than the
 * quick default), not the paper's, which gives none. */
typedef struct dsp_maxret_preset {
	const char	*name;
	size_t		 width, classes, train_n, steps, batch;
	double		 lr;
	const char	*about;
} dsp_maxret_preset;

/* NULL for an unknown name; dsp_maxret_preset_at(i) lists them (NULL past
 * the last). */
const dsp_maxret_preset *dsp_maxret_preset_find(const char *name);
const dsp_maxret_preset *dsp_maxret_preset_at(size_t i);
/* Initialise m from o->seed, then train it (serial, so bitwise
 * reproducible).  cb (may be NULL) gets a report every `every` steps (0:
 * only at the end).  DSP_ERANGE if the loss stops being finite. */
int		 dsp_maxret_train(dsp_maxret *m, const dsp_maxret_train_opts *o,
		    size_t every, dsp_maxret_progress_fn cb, void *ctx);

/* One set: cross-entropy loss and whether the prediction is right; with
 * grad != NULL, ADD the gradient of the loss to grad (nparams). */
int		 dsp_maxret_set_loss(const dsp_maxret *m, const double *x,
		    const int *cls, size_t n, double *loss, int *correct,
		    double *grad);
/* The attention logits e_i = q . z_i of a set (out: n). */
int		 dsp_maxret_logits(const dsp_maxret *m, const double *x,
		    const int *cls, size_t n, double *out);

/* The logit of one item (priority x, class cls): the score the head gives
 * it, the same arithmetic as dsp_maxret_logits. */
double		 dsp_maxret_item_logit(const dsp_maxret *m, double x, int cls);
/* The priorities in (0, 1) where the logit of an item of class cls bends:
 * between them it is linear in x (a ReLU unit of layer 1 switches).  out
 * needs room for width values; returns how many, unsorted. */
size_t		 dsp_maxret_kinks(const dsp_maxret *m, int cls, double *out);
/* The RNG seed (gsl mt19937) of evaluation set j at size n: the set is
 * dsp_maxret_draw from it.  The learned family draws set j = 0. */
uint64_t	 dsp_maxret_set_seed(uint64_t seed, uint64_t n, uint64_t j);

/* Draw a set: priorities uniform in [0, 1), classes uniform. */
void		 dsp_maxret_draw(const gsl_rng *r, size_t classes, size_t n,
		    double *x, int *cls);

/* Evaluate `sets` held-out sets at each size (set j at size n drawn from
 * its own RNG seeded by a hash of seed, n and j). */
int		 dsp_maxret_eval(const dsp_maxret *m, const size_t *sizes,
		    size_t nsizes, size_t sets, uint64_t seed,
		    dsp_maxret_eval_row *rows);

/* Wilson score interval for k successes of N at normal quantile z
 * (1.959963984540054 for 95 %). */
int		 dsp_wilson(size_t k, size_t n, double z, double *lo, double *hi);
#define DSP_Z95 1.959963984540054

#endif
