/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Figures as PDF and PNG, rendered from their SVG with librsvg and cairo,
 * so that every format comes from the one drawing code (svg.c and the
 * figure writers). */
#ifndef DSP_RENDER_H
#define DSP_RENDER_H

#include <stddef.h>
#include <stdio.h>

#include "core/schema/figspec.h"

/* Render the SVG document svg (len bytes) as fmt (DSP_FIG_PDF: vector, the
 * page the SVG's width x height, fonts embedded; DSP_FIG_PNG: at dpi
 * pixels per inch on white) onto out.  DSP_FIG_SVG copies the document.
 * DSP_EPARSE when librsvg cannot read the SVG, DSP_EIO on a failed write. */
int	dsp_render_svg(const char *svg, size_t len, unsigned fmt, double dpi,
	    FILE *out);

/* Write a figure in format fmt: run writer into memory as SVG, then
 * render it (DSP_FIG_SVG writes straight to out). */
typedef int (*dsp_svg_writer)(const void *ctx, FILE *fp);
int	dsp_render_figure(dsp_svg_writer writer, const void *ctx, unsigned fmt,
	    double dpi, FILE *out);

#endif
