/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Figures of `disperse heads`: the logit spread of every attention head as
 * a viridis layer x head grid, and the histogram of the spreads. */
#ifndef DSP_HEADS_SVG_H
#define DSP_HEADS_SVG_H

#include <stddef.h>
#include <stdio.h>

#include "core/schema/figspec.h"

/* Both are laid out on the page of the figure options f (NULL: the
 * defaults, 720 x 480 pt at 12 pt): size and font size honoured.
 * v[l * heads + h] is the spread of layer l, head h (NaN: no value, grey).
 * Colour scale from 0 to the largest value; title and desc are plain text.
 * Each cell carries its value (data-spread). */
int	dsp_heads_svg_grid(FILE *fp, const dsp_figspec *f, const double *v,
	    size_t layers, size_t heads, const char *title, const char *desc);
/* Histogram of count spreads in bins equal-width bins (0: Sturges' rule);
 * the binned range is the bins group's data-lo and data-hi. */
int	dsp_heads_svg_hist(FILE *fp, const dsp_figspec *f, const double *v,
	    size_t count, size_t bins, const char *title, const char *desc);

#endif
