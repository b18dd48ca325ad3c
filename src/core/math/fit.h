/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Refit of the adaptive-temperature polynomial (paper Figure 4).
 *
 * The paper's polynomial is degree 4, from entropy H to inverse temperature;
 * the paper does not say how it was fitted.  disperse fits a polynomial of
 * that form to (H, beta*) pairs from generated spike-plus-noise inputs under
 * a criterion of its own (see doc/theory.md, "Adaptive-temperature refit"):
 *
 *   H     = -sum p log(p + 1e-9) of softmax(e) at beta = 1 (the paper's H);
 *   beta* = the smallest beta >= 1 with softmax(beta e)_max >= tau, found by
 *           gsl_root_fsolver_brent on log p_max(beta) - log tau (p_max is
 *           non-decreasing in beta: d log p_max / d beta = e_max - E_p[e]);
 *           if even beta_max misses tau, beta* = beta_max (flagged "capped").
 *
 * The least-squares fit runs gsl_multifit_wlinear (unit weights) on a
 * Vandermonde matrix of t = (x - centre) / scale in [-1, 1]; coefficients
 * and their covariance are then mapped back to powers of x. */
#ifndef DSP_FIT_H
#define DSP_FIT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define DSP_FIT_MAX_DEGREE 10

typedef struct dsp_fit_result {
	int	 degree;
	size_t	 n;			/* points used */
	/* Powers of x, DESCENDING like jnp.polyval and the paper:
	 * y = coef[0] x^degree + ... + coef[degree]. */
	double	 coef[DSP_FIT_MAX_DEGREE + 1];
	double	 se[DSP_FIT_MAX_DEGREE + 1];	/* standard errors (NaN if n == degree+1) */
	/* Covariance of coef[] (same order), row-major, (degree+1)^2 used:
	 * s^2 (X^T X)^-1 with s^2 = chisq / (n - degree - 1). */
	double	 cov[(DSP_FIT_MAX_DEGREE + 1) * (DSP_FIT_MAX_DEGREE + 1)];
	double	 chisq;			/* sum of squared residuals */
	double	 rms;			/* sqrt(chisq / n) */
	double	 r2;			/* 1 - chisq / SS_tot (1 if both are 0) */
	/* The scaled form actually solved: y = sum_j scaled[j] t^j (ascending),
	 * t = (x - centre) / scale.  Better conditioned for evaluation. */
	double	 scaled[DSP_FIT_MAX_DEGREE + 1];
	double	 centre, scale;
	size_t	 rank;			/* effective rank reported by the SVD */
} dsp_fit_result;

/* Least-squares polynomial of the given degree (0..DSP_FIT_MAX_DEGREE)
 * through n points.  DSP_EINVAL when n < degree + 1, non-finite data, or
 * all x equal with degree > 0. */
int	dsp_fit_poly(const double *x, const double *y, size_t n, int degree,
	    dsp_fit_result *out);
/* Value of the fitted polynomial (scaled form). */
double	dsp_fit_eval(const dsp_fit_result *f, double x);
/* Descending-coefficient polynomial value (Horner), any degree <= 15. */
double	dsp_poly_desc_eval(const double *desc, int degree, double x);

/* Maximum of a descending-coefficient polynomial on [lo, hi] (golden
 * section / Brent via gsl_min_fminimizer_brent on a sampled bracket).
 * For the paper's polynomial on [0.5, 8]: about 2.42 at H = 4.4. */
int	dsp_poly_desc_max(const double *desc, int degree, double lo, double hi,
	    double *xmax, double *ymax);

/* Best inverse temperature of one logit vector under the criterion above.
 * target in (0, 1), beta_max >= 1.  *capped (may be NULL) is set to 1 when
 * beta_max misses the target. */
int	dsp_best_beta(const double *e, size_t n, double target, double beta_max,
	    double *beta, int *capped);

enum dsp_noise { DSP_NOISE_UNIFORM, DSP_NOISE_GAUSSIAN };

typedef struct dsp_refit_spec {
	const double	*sizes;		/* set sizes n (each >= 2) */
	size_t		 n_sizes;
	unsigned	 reps;		/* independent draws per size (>= 1) */
	double		 delta;		/* logit of the single max item */
	enum dsp_noise	 noise;
	double		 noise_scale;	/* uniform: rest ~ U[0, delta*r], r = this;
					 * gaussian: rest ~ N(0, sigma = this) */
	double		 target;	/* tau, max weight to reach */
	double		 beta_max;	/* cap on beta* */
	uint64_t	 seed;		/* gsl_rng_mt19937 seed */
} dsp_refit_spec;

/* Defaults: n = 2^2 .. 2^14 (sizes must still be supplied by the caller:
 * see dsp_refit_default_sizes), 4 reps, delta = 4, uniform noise r = 0.5,
 * tau = 0.9, beta_max = 4, seed 1. */
void	dsp_refit_spec_default(dsp_refit_spec *s);
/* Powers of two 2^lo .. 2^hi into sizes[]; returns the count. */
size_t	dsp_refit_default_sizes(double *sizes, size_t cap);

typedef struct dsp_refit_pair {
	double	n;
	double	h;		/* paper entropy at beta = 1, nats */
	double	beta;		/* beta* */
	int	capped;
} dsp_refit_pair;

/* n_sizes * reps pairs, malloc'd into *out (caller frees).  Noise items
 * equal to or above delta are redrawn so that the max item is unique. */
int	dsp_refit_generate(const dsp_refit_spec *s, dsp_refit_pair **out,
	    size_t *count);

#endif
