/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Figure options (figspec.h); parsed and checked by the view-option
 * table (ptable.c). */
#include <math.h>

#include "core/schema/figspec.h"

void
dsp_figspec_default(dsp_figspec *f)
{
	f->w = f->h = 0;
	f->unit = DSP_UNIT_AUTO;
	f->font = 0;
	f->formats = DSP_FIG_SVG;
	f->dpi = 300;
}

static double
to_pt(double v, int unit)
{
	switch (unit) {
	case DSP_UNIT_IN:
		return v * 72;
	case DSP_UNIT_MM:
		return v * 72 / 25.4;
	default:
		return v;
	}
}

void
dsp_figspec_page(const dsp_figspec *f, double defw, double defh, double *w,
    double *h, double *font)
{
	int given = f->unit != DSP_UNIT_AUTO && f->w > 0 && f->h > 0;

	double k;

	*w = given ? to_pt(f->w, f->unit) : defw;
	*h = given ? to_pt(f->h, f->unit) : defh;
	/* Auto: 12 pt on a page of the default size, smaller with the page
	 * (about 36 characters a line, 24 lines a page), 6 pt at least. */
	k = fmin(*w / 36, *h / 24);
	*font = f->font > 0 ? f->font : !given ? 12 : k > 12 ? 12 : k < 6 ? 6 : k;
}

const char *
dsp_figfmt_ext(unsigned fmt)
{
	return fmt == DSP_FIG_PDF ? "pdf" : fmt == DSP_FIG_PNG ? "png" : "svg";
}
