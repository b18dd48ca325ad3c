/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Out-of-line entry points of the vectorisable exp (see fastexp.h). */
/* GCC will not if-convert floating-point selects (the clamp, the x == 0
 * count) while it must preserve FP traps; nothing here relies on traps. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-trapping-math")
#endif
#include "core/math/fastexp.h"

DSP_FE_NOSAN double
dsp_fastexp(double x)
{
	return dsp_fastexp_neg(x);
}

DSP_FE_NOSAN double
dsp_fastlog(double y)
{
	return dsp_fastlog_pos(y);
}

DSP_FE_NOSAN void
dsp_fastexp_array(const double *x, double *y, size_t n)
{
	size_t i;

#pragma omp simd
	for (i = 0; i < n; i++)
		y[i] = dsp_fastexp_neg(x[i]);
}
