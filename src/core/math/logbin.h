/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Binning: the one rule for every histogram disperse draws -- weights on a
 * log10 axis (the TUI's Weights panel, the snapshot's hist SVG) and a
 * linear axis (heads' spread histogram) -- on a gsl_histogram.
 *
 * nb equal bins from lo to hi of t = log10 x (dsp_logbin_add) or of t = x
 * (dsp_bin_add): bin j holds lo + (hi - lo) j / nb <= t < lo + (hi - lo)
 * (j + 1) / nb, as gsl_histogram_set_ranges_uniform sets its edges, and
 * the top edge t = hi counts in the last bin (the largest weight on an
 * axis that ends at it is drawn).  t outside [lo, hi], NaN, and x <= 0 on
 * the log axis are not counted. */
#ifndef DSP_LOGBIN_H
#define DSP_LOGBIN_H

#include <stddef.h>

#include <gsl/gsl_histogram.h>

/* *h: nb >= 1 bins over [lo, hi], lo < hi finite, all zero
 * (gsl_histogram_free); DSP_ENOMEM, or DSP_EINVAL for no bins or no range,
 * with *h NULL. */
int	dsp_bin_alloc(gsl_histogram **h, size_t nb, double lo, double hi);
/* count more items at t; 0 when counted, 1 when outside. */
int	dsp_bin_add(gsl_histogram *h, double t, double count);
/* dsp_bin_add at log10 x. */
int	dsp_logbin_add(gsl_histogram *h, double x, double count);

#endif
