/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Animated GIF of the entropy-vs-n curve with a moving "you are here"
 * marker (`disperse animate`): a small self-contained raster, in the
 * viridis colours of the SVG figures, written with giflib. */
#ifndef DSP_GIF_H
#define DSP_GIF_H

#include <stddef.h>
#include <stdio.h>

typedef struct dsp_gif dsp_gif;

/* One frame's picture: the entropy H(n) and the largest weight on a log n
 * axis from n_lo to n_hi with ticks at the decades (H on 0 .. h_max, the
 * left axis; the largest weight on 0 .. 1, the right), a legend naming
 * both, the frame's label (its varied value, "n = 2^20"; NULL: none)
 * written large above the plot, the marker at n = marker_n (H = marker_h;
 * NaN: no dot) and a progress bar filled to progress in [0, 1]. */
typedef struct dsp_gif_curve {
	const double	*ns, *entropy, *maxw;
	size_t		 count;
	double		 n_lo, n_hi, h_max;
	double		 marker_n, marker_h;
	double		 progress;
	const char	*label;
} dsp_gif_curve;

/* Start a w x h GIF that loops forever, delay_cs hundredths of a second a
 * frame, written to fp (the caller opens and closes it).  NULL on error,
 * with the detail in dsp_last_error(). */
dsp_gif	*dsp_gif_begin(FILE *fp, int w, int h, int delay_cs);
int	 dsp_gif_frame(dsp_gif *g, const dsp_gif_curve *c);
/* Finish the file and free g (also after a failed frame). */
int	 dsp_gif_end(dsp_gif *g);

#endif
