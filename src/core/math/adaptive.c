/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Adaptive temperature as in the paper's Figure 4. */
#include <math.h>
#include <stdlib.h>

#include "core/math/adaptive.h"
#include "core/error.h"
#include "core/math/fit.h"
#include "core/math/softmax.h"

const double dsp_adaptive_poly_desc[DSP_ADAPTIVE_DEGREE + 1] = {
	-0.037, 0.481, -2.3, 4.917, -1.791
};

double
dsp_adaptive_beta_poly(double h, const double *desc, int deg)
{
	double b;

	if (deg < 0 || deg > 15)
		return NAN;
	if (!(h > 0.5))
		return 1.0;
	/* Descending powers, as jnp.polyval (fit.c: the one evaluator). */
	b = dsp_poly_desc_eval(desc, deg, h);
	return b > 1.0 ? b : 1.0;
}

double
dsp_adaptive_beta(double h)
{
	return dsp_adaptive_beta_poly(h, dsp_adaptive_poly_desc, DSP_ADAPTIVE_DEGREE);
}

int
dsp_adaptive_softmax(const double *e, size_t n, double theta, double *out, double *beta)
{
	double b;
	int rc;

	if ((rc = dsp_softmax(e, n, theta, out)) != DSP_OK)
		return rc;
	b = dsp_adaptive_beta(dsp_entropy_paper(out, n));
	if (beta != NULL)
		*beta = b;
	return dsp_softmax(e, n, theta / b, out);
}

int
dsp_adaptive_softmax_runs(const dsp_runs *e, double theta, dsp_runs *out, double *beta)
{
	double b;
	int rc;

	if ((rc = dsp_softmax_runs(e, theta, out)) != DSP_OK)
		return rc;
	b = dsp_adaptive_beta(dsp_entropy_paper_runs(out));
	if (beta != NULL)
		*beta = b;
	return dsp_softmax_runs(e, theta / b, out);
}
