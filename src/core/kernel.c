/* Fused softmax statistics in two passes: extremes, then an accumulation
 * of Z = sum exp(x) and sum x exp(x) with x = (e - pivot) / theta <= 0. */
#include <math.h>

#include "core/error.h"
#include "core/kernel.h"

int
dsp_softmax_stats(const double *e, size_t n, double theta, dsp_stats *out)
{
	double lo = INFINITY, hi = -INFINITY, p, q, z = 0, wx = 0, x, t;
	size_t i;

	if (n == 0)
		return dsp_fail(DSP_EEMPTY, "no logits");
	if (theta == 0 || !isfinite(theta))
		return dsp_fail(DSP_EINVAL, "kernel needs a finite non-zero theta");
	for (i = 0; i < n; i++) {
		lo = e[i] < lo ? e[i] : lo;
		hi = e[i] > hi ? e[i] : hi;
	}
	p = theta > 0 ? hi : lo;
	q = theta > 0 ? lo : hi;
	for (i = 0; i < n; i++) {
		x = (e[i] - p) / theta;
		t = exp(x);
		z += t;
		wx += t * x;
	}
	out->logz = p / theta + log(z);
	out->entropy = log(z) - wx / z;
	out->max_weight = 1 / z;
	out->min_weight = exp((q - p) / theta) / z;
	out->emin = lo;
	out->emax = hi;
	return DSP_OK;
}
