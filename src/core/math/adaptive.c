/* Adaptive temperature as in the paper's Figure 4. */
#include <gsl/gsl_poly.h>
#include <math.h>
#include <stdlib.h>

#include "core/math/adaptive.h"
#include "core/error.h"
#include "core/math/softmax.h"

const double dsp_adaptive_poly_desc[DSP_ADAPTIVE_DEGREE + 1] = {
	-0.037, 0.481, -2.3, 4.917, -1.791
};

double
dsp_adaptive_beta_poly(double h, const double *desc, int deg)
{
	double asc[16], b;
	int i;

	if (deg < 0 || deg > 15)
		return NAN;
	/* gsl_poly_eval wants ascending powers: reverse jnp.polyval's order. */
	for (i = 0; i <= deg; i++)
		asc[i] = desc[deg - i];
	if (!(h > 0.5))
		return 1.0;
	b = gsl_poly_eval(asc, deg + 1, h);
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
