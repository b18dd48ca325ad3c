/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the SVG writer's files share (svg.c: the document, shapes, text,
 * markers, legends and layout; svg_axes.c: ticks, axes and grid).  Nothing
 * outside src/export/svg*.c includes it. */
#ifndef DSP_SVG_INT_H
#define DSP_SVG_INT_H

#include <stdio.h>

#include "export/svg.h"

#define MAX_TICKS	64
#define MINUS		"\xe2\x88\x92"	/* U+2212, typographic minus */
#define AXIS_COLOR	"#222222"
#define GRID_COLOR	"#e4e4e4"

struct dsp_svg {
	FILE	*fp;
	double	 font;		/* base font size in user units (pt) */
	double	 lw;		/* line widths and dashes: font / 12 */
	char	 nomem[160];	/* a part that could not be allocated */
};

/* Sizes relative to the base font: tick labels, axis titles. */
#define TICK_FONT(s)	((s)->font * 11 / 12)
#define TITLE_FONT(s)	((s)->font * 13 / 12)

/* stroke-width and stroke-dasharray attributes, scaled with the type. */
void	 svg_stroke_attrs(dsp_svg *s, double width, const char *dash);

#endif
