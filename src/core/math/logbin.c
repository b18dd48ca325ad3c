/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Binning on a gsl_histogram: the rule of logbin.h. */
#include <math.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_histogram.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/math/logbin.h"

int
dsp_bin_alloc(gsl_histogram **h, size_t nb, double lo, double hi)
{
	*h = NULL;
	if (nb == 0 || !(lo < hi) || !isfinite(lo) || !isfinite(hi))
		return dsp_fail(DSP_EINVAL, "no range to bin (%zu bins, %g .. %g)", nb,
		    lo, hi);
	if ((*h = DSP_LIB_ALLOC(gsl_histogram_alloc(nb))) == NULL)
		return dsp_fail_nomem(NULL, 0);
	if (gsl_histogram_set_ranges_uniform(*h, lo, hi) != GSL_SUCCESS) {
		gsl_histogram_free(*h);
		*h = NULL;
		return dsp_fail(DSP_EINVAL, "no range to bin (%g .. %g)", lo, hi);
	}
	return DSP_OK;
}

int
dsp_bin_add(gsl_histogram *h, double t, double count)
{
	/* gsl_histogram's bins are half open: the top edge is its own
	 * case.  Its search would index the ranges by a NaN. */
	if (isnan(t))
		return 1;
	if (t == h->range[h->n]) {
		h->bin[h->n - 1] += count;
		return 0;
	}
	return gsl_histogram_accumulate(h, t, count) == GSL_SUCCESS ? 0 : 1;
}

int
dsp_logbin_add(gsl_histogram *h, double x, double count)
{
	return x > 0 ? dsp_bin_add(h, log10(x), count) : 1;
}
