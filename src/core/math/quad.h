/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The one quadrature of the large-n limits (expected entropy of random
 * families, the sigmoid's expectation, the ramp's paper entropy): GSL QAGS
 * on a workspace of DSP_QUAD_LIMIT intervals. */
#ifndef DSP_QUAD_H
#define DSP_QUAD_H

#include <gsl/gsl_math.h>

#define DSP_QUAD_LIMIT	256

/* Integral of f over [edge[0], edge[parts]], one QAGS per piece (a jump of
 * the integrand goes at an edge), summed from +0 in order; tolerances
 * epsabs (absolute, 0 for none) and epsrel (relative).  Returns DSP_OK or DSP_ENOMEM;
 * *status is GSL's status of the last piece run (a piece that fails stops
 * the sum): 0 or GSL_EROUND (as good as doubles allow) mean success, and
 * the caller names what failed.  epsabs > 0 lets a piece negligible
 * against a known scale stop there: on subnormal values (about e^{-708}
 * and below) no relative tolerance is reachable and QAGS would run out of
 * subintervals. */
int	dsp_quad(const gsl_function *f, const double *edge, int parts, double epsabs,
	    double epsrel, double *out, int *status);

#endif
