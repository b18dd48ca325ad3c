/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Frames of an animation (`disperse animate`): one view per frame, its
 * figures computed once the way a snapshot computes them and its weights
 * and curve drawn by the snapshot's own SVG writers, so a frame is the
 * figure `disperse snapshot` would give for that view. */
#ifndef DSP_FRAME_H
#define DSP_FRAME_H

#include <stdio.h>

#include "core/math/summary.h"
#include "export/snapshot.h"

/* A frame's figures, for the frames table and the GIF. */
typedef struct dsp_frame_figs {
	int		 sum_rc;	/* DSP_OK or why sum is not there */
	dsp_summary	 sum;
	size_t		 ncurve;	/* points of the entropy-vs-n curve */
	double		*ns, *entropy, *maxw;	/* malloc'd, ncurve each */
} dsp_frame_figs;

/* Compute v's figures into *out and write its weights SVG and its curve
 * SVG to the two streams.  DSP_OK, or an error code with the detail in
 * dsp_last_error(); out is filled as far as it got (free it either way). */
int	dsp_frame_write(const dsp_viewstate *v, FILE *weights_svg, FILE *curve_svg,
	    dsp_frame_figs *out);
void	dsp_frame_figs_free(dsp_frame_figs *f);

#endif
