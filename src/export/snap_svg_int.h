/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the snapshot's SVG figure files share (snap_svg.c: the weights
 * histogram, the map and the screen; snap_svg_curve.c: the entropy curve
 * with its bounds and overlays): the roles' colours and dashes, the sizes,
 * and the titles.  Nothing outside these files includes it. */
#ifndef DSP_SNAP_SVG_INT_H
#define DSP_SNAP_SVG_INT_H

#include <stddef.h>
#include <stdio.h>

#include "export/snap_int.h"
#include "export/svg.h"

/* Colours: the Okabe-Ito palette (svg.h), each role one colour with its
 * own dash and marker, so the figure reads in grey print and for every
 * colour vision. */
#define C_MAIN		"#0072B2"	/* blue: the measured series */
#define C_BOUND		"#D55E00"	/* vermillion: upper bound / floor */
#define C_LOWER		"#009E73"	/* bluish green: lower bound / ceiling */
#define C_CEIL		"#777777"
#define C_BAND		"#E69F00"	/* orange: the band's fill */
#define C_CRIT		"#CC79A7"	/* reddish purple: Theorem 2.2's n* */
#define C_EPS		"#000000"
#define C_HERE		"#555555"
#define D_UPPER		"6 3"
#define D_LOWER		"2 2"
#define D_EPS		"8 3 2 3"
#define D_CRIT		"4 2"
#define D_HERE		"1 2"
/* Overlays and the plain twin take the series styles (svg.h) in order,
 * whose dashes none of the roles above use; pins are dim ghosts in grey,
 * each with the dash and marker of its own series style. */
#define C_PIN		"#B0B0B0"

/* Default page (pt at font 12) of the weights and map figures, and of the
 * two-panel curve figure. */
#define SVG_W		720
#define SVG_H		460
#define SVG_CURVE_H	600
#define HIST_MAX_BARS	200
#define MARKERS		8	/* markers along each series */

void	 snap_svg_series_what(const struct snap *s, char *buf, size_t size);
void	 snap_svg_fig_title(const struct snap *s, char *buf, size_t size, const char *what);
dsp_svg	*snap_svg_fig_begin(const struct snap *s, FILE *fp, double defw, double defh,
    const char *title, const char *desc, dsp_svg_page *pg, double *top);
void	 snap_svg_message(dsp_svg *g, const dsp_plot *pl, const char *msg);

#endif
