/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Adaptive temperature, exactly as the paper's Figure 4 (JAX):
 *   p = softmax(e); H = -sum p log(p + 1e-9)
 *   beta = H > 0.5 ? max(polyval([-0.037, 0.481, -2.3, 4.917, -1.791], H), 1) : 1
 *   out = softmax(e * beta)
 * jnp.polyval takes DESCENDING powers; gsl_poly_eval takes ascending ones, so
 * the array below is reversed before use.  With a user temperature theta the
 * same recipe runs on e / theta. */
#ifndef DSP_ADAPTIVE_H
#define DSP_ADAPTIVE_H

#include <stddef.h>

#include "core/math/runs.h"

#define DSP_ADAPTIVE_DEGREE 4
/* Descending powers, as printed in the paper. */
extern const double dsp_adaptive_poly_desc[DSP_ADAPTIVE_DEGREE + 1];

/* Inverse temperature for an entropy in nats (paper's thresholds). */
double	dsp_adaptive_beta(double h);
/* Same with another polynomial (descending coefficients, degree deg). */
double	dsp_adaptive_beta_poly(double h, const double *desc, int deg);
int	dsp_adaptive_softmax(const double *e, size_t n, double theta, double *out,
	    double *beta);
int	dsp_adaptive_softmax_runs(const dsp_runs *e, double theta, dsp_runs *out,
	    double *beta);

#endif
