/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Figures of `disperse heads` (see heads_svg.h).  Both are laid out on the
 * page of the figure options (the svg.c page helpers, as the snapshot
 * figures): any --figure-size, type of --font-size. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/math/logbin.h"
#include "export/heads_svg.h"
#include "export/svg.h"
#include "export/viridis.h"

/* The size of both figures when none is given, pt. */
#define W	720
#define H	480

/* The page begun and the title drawn; *top is where the plot may start,
 * *foot the height kept for the note line at the bottom. */
static dsp_svg *
page_begin(FILE *fp, const dsp_figspec *f, const char *title, const char *desc,
    dsp_svg_page *pg, double *top, double *foot)
{
	dsp_svg *g = dsp_svg_begin_figure(fp, f, W, H, title, desc, pg, top);

	*foot = pg->font * 1.5;
	return g;
}

int
dsp_heads_svg_grid(FILE *fp, const dsp_figspec *f, const double *v, size_t layers,
    size_t heads, const char *title, const char *desc)
{
	dsp_plot pl = { 0, 0, 0, 0, { 0, 1, 0, "head", 0 }, { 0, 1, 0, "layer", 0 } };
	dsp_plot bar = { 0, 0, 0, 0, { 0, 1, 0, NULL, 1 }, { 0, 1, 0, NULL, 0 } };
	double top = 0, x0, x1, y0, y1, ftop, foot, lx, ly, fs, strip;
	char col[8], attr[128];
	dsp_svg_page pg;
	size_t l, h, cols;
	dsp_svg *g;

	for (l = 0; l < layers * heads; l++)
		if (isfinite(v[l]) && v[l] > top)
			top = v[l];
	if (!(top > 0))
		top = 1;
	if ((g = page_begin(fp, f, title, desc, &pg, &ftop, &foot)) == NULL)
		return DSP_ENOMEM;
	fs = pg.font * 11 / 12;
	/* Right of the grid: the colour bar with its tick labels left of it
	 * and its title centred above it. */
	strip = fs * 3.6 + 9 + pg.font * 1.5 + pg.font * 2.5;
	dsp_svg_layout(g, 0, ftop + pg.font, pg.w - strip, pg.h - ftop - pg.font - foot,
	    NULL, 0, &pl, &lx, &ly, &cols);
	bar.x = pl.x + pl.w + fs * 3.6 + 9;
	bar.y = pl.y;
	bar.w = pg.font * 1.5;
	bar.h = pl.h;
	/* Cell centres at integers: head h spans [h - 0.5, h + 0.5]; layer 0 at
	 * the bottom.  Integer labels of our own (nice ticks would fall between
	 * cells), at most about 16 per axis. */
	pl.ax.lo = -0.5;
	pl.ax.hi = (double)heads - 0.5;
	pl.ay.lo = -0.5;
	pl.ay.hi = (double)layers - 0.5;
	pl.ax.bare = pl.ay.bare = 1;
	dsp_svg_raw(g, "<g class=\"cells\" shape-rendering=\"crispEdges\">\n");
	for (l = 0; l < layers; l++)
		for (h = 0; h < heads; h++) {
			double c = v[l * heads + h];

			if (isfinite(c))
				dsp_viridis_hex(c / top, col);
			else
				strcpy(col, "#bbbbbb");
			x0 = dsp_plot_px(&pl, (double)h - 0.5);
			x1 = dsp_plot_px(&pl, (double)h + 0.5);
			y0 = dsp_plot_py(&pl, (double)l - 0.5);
			y1 = dsp_plot_py(&pl, (double)l + 0.5);
			/* The value itself, for readers of the figure. */
			snprintf(attr, sizeof attr, "data-layer=\"%zu\" data-head=\"%zu\" "
			    "data-spread=\"%.17g\"", l, h, c);
			dsp_svg_rect(g, x0, y0 < y1 ? y0 : y1, x1 - x0, fabs(y1 - y0),
			    col, isfinite(c) ? attr : NULL);
		}
	dsp_svg_raw(g, "</g>\n");
	dsp_svg_axes(g, &pl);
	for (h = 0; h < heads; h += (heads + 15) / 16)
		dsp_svg_textf(g, dsp_plot_px(&pl, (double)h), pl.y + pl.h + fs * 1.45,
		    "middle", fs, 0, "%zu", h);
	for (l = 0; l < layers; l += (layers + 15) / 16)
		dsp_svg_textf(g, pl.x - 6, dsp_plot_py(&pl, (double)l) + fs * 0.36, "end",
		    fs, 0, "%zu", l);
	dsp_svg_viridis_bar(g, &bar);
	bar.ay.lo = 0;
	bar.ay.hi = top;
	dsp_svg_axes(g, &bar);
	dsp_svg_text(g, bar.x + bar.w / 2, bar.y - pg.font * 0.8, "middle", pg.font, 0,
	    "spread \xce\xb4");
	dsp_svg_text(g, pl.x, pg.h - pg.font * 0.6, "start", pg.font * 10 / 12, 0,
	    "colour scale from 0 to the largest spread; grey = no value");
	return dsp_svg_end(g);
}

int
dsp_heads_svg_hist(FILE *fp, const dsp_figspec *f, const double *v, size_t count,
    size_t bins, const char *title, const char *desc)
{
	dsp_plot pl = { 0, 0, 0, 0, { 0, 1, 0, "logit spread \xce\xb4 = M \xe2\x88\x92 m", 0 },
	    { 0, 1, 0, "heads", 0 } };
	double lo = INFINITY, hi = -INFINITY, wid, top, x0, x1, y0, ftop, foot, lx, ly;
	gsl_histogram *cnt;
	size_t i, b, cols;
	int rc;
	dsp_svg_page pg;
	dsp_svg *g;

	for (i = 0; i < count; i++)
		if (isfinite(v[i])) {
			lo = v[i] < lo ? v[i] : lo;
			hi = v[i] > hi ? v[i] : hi;
		}
	if (!(hi >= lo)) {
		lo = 0;
		hi = 1;
	}
	if (bins == 0)		/* Sturges: 1 + log2 count */
		bins = 1 + (size_t)ceil(log2((double)(count > 1 ? count : 1)));
	if (hi == lo) {
		lo -= 0.5;
		hi += 0.5;
	}
	wid = (hi - lo) / (double)bins;
	/* The one binning rule (core/math/logbin.h), on the spread itself. */
	if ((rc = dsp_bin_alloc(&cnt, bins, lo, hi)) != DSP_OK)
		return rc;
	for (i = 0; i < count; i++)
		dsp_bin_add(cnt, v[i], 1);
	top = gsl_histogram_max_val(cnt);
	if ((g = page_begin(fp, f, title, desc, &pg, &ftop, &foot)) == NULL) {
		gsl_histogram_free(cnt);
		return DSP_ENOMEM;
	}
	dsp_svg_layout(g, 0, ftop + pg.font, pg.w - pg.font, pg.h - ftop - pg.font - foot,
	    NULL, 0, &pl, &lx, &ly, &cols);
	pl.ax.lo = lo;
	pl.ax.hi = hi;
	pl.ay.lo = 0;
	pl.ay.hi = top > 0 ? top : 1;
	dsp_axis_nice(&pl.ay, 6);
	dsp_svg_grid(g, &pl);
	/* The binned range itself, for readers of the figure. */
	dsp_svg_raw(g, "<g class=\"bins\" data-lo=\"%.17g\" data-hi=\"%.17g\" "
	    "data-rows=\"%zu\">\n", lo, hi, count);
	for (b = 0; b < bins; b++) {
		x0 = dsp_plot_px(&pl, lo + (double)b * wid);
		x1 = dsp_plot_px(&pl, lo + (double)(b + 1) * wid);
		y0 = dsp_plot_py(&pl, gsl_histogram_get(cnt, b));
		dsp_svg_rect(g, x0, y0, x1 - x0, dsp_plot_py(&pl, 0) - y0, "#3b528b",
		    "stroke=\"#ffffff\" stroke-width=\"0.5\"");
	}
	dsp_svg_raw(g, "</g>\n");
	dsp_svg_axes(g, &pl);
	dsp_svg_textf(g, pl.x, pg.h - pg.font * 0.6, "start", pg.font * 10 / 12, 0,
	    "%zu rows in %zu bins of width %.4g", count, bins, wid);
	gsl_histogram_free(cnt);
	return dsp_svg_end(g);
}
