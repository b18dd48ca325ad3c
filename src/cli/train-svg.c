/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The figure of `disperse train` (--svg) and of the paper's Max Retrieval
 * section: accuracy against n with Wilson intervals, and the mean max
 * weight inside the Lemma 2.1 band (dsp_train_svg, cli/cmd.h). */
#include "config.h"

#include <math.h>
#include <stdio.h>

#include "cli/cmd.h"
#include "core/dsp.h"
#include "export/model.h"
#include "export/svg.h"

#define MAX_SIZES	DSP_MODEL_MAX_EVAL
#define C_PLAIN	"#3b528b"
#define C_ADAPT	"#21918c"
#define C_BAND	"#f4a259"
#define C_BOUND	"#d1495b"
#define C_CEIL	"#777777"

static void
x_axis(dsp_plot *pl, const dsp_maxret_eval_row *r, size_t nr)
{
	double lo = INFINITY, hi = 0;
	size_t i;

	for (i = 0; i < nr; i++) {
		lo = fmin(lo, (double)r[i].n);
		hi = fmax(hi, (double)r[i].n);
	}
	if (!(hi > lo)) {
		lo /= 2;
		hi *= 2;
	}
	pl->ax.lo = lo;
	pl->ax.hi = hi;
	pl->ax.log_base = 2;
	pl->ax.title = "set size n (trained on sets of train_n items)";
	dsp_axis_nice(&pl->ax, 8);
}

/* Accuracy vs n, plain and adaptive, with Wilson whiskers. */
static void
acc_panel(dsp_svg *g, const dsp_maxret_eval_row *r, size_t nr, double top)
{
	dsp_plot pl = { 90, top, 560, 220, { 0, 1, 0, NULL, 0 }, { 0, 1, 0, NULL, 0 } };
	dsp_legend_item leg[2] = {
		{ "plain softmax", C_PLAIN, NULL, 0, 0, DSP_MK_NONE, 0 },
		{ "adaptive temperature", C_ADAPT, "6 3", 0, 0, DSP_MK_NONE, 0 }
	};
	double x[MAX_SIZES] = { 0 }, y[MAX_SIZES] = { 0 }, px, off;
	size_t i;
	int k;

	x_axis(&pl, r, nr);
	pl.ay.lo = 0;
	pl.ay.hi = 1;
	pl.ay.title = "accuracy (95 % Wilson CI)";
	dsp_svg_grid(g, &pl);
	dsp_svg_axes(g, &pl);
	for (k = 0; k < 2; k++) {
		off = k ? 4 : -4;	/* side by side so the whiskers stay apart */
		for (i = 0; i < nr; i++) {
			double lo = k ? r[i].acc_ad_lo : r[i].acc_lo;
			double hi = k ? r[i].acc_ad_hi : r[i].acc_hi;

			px = dsp_plot_px(&pl, (double)r[i].n) + off;
			x[i] = (double)r[i].n;
			y[i] = k ? r[i].acc_ad : r[i].acc;
			/* The point's numbers, for readers of the figure. */
			dsp_svg_raw(g, "<g class=\"%s\" data-n=\"%zu\" data-acc=\"%.17g\" "
			    "data-lo=\"%.17g\" data-hi=\"%.17g\">\n", k ? "acc-adaptive" :
			    "acc", r[i].n, y[i], lo, hi);
			dsp_svg_line(g, px, dsp_plot_py(&pl, lo), px, dsp_plot_py(&pl, hi),
			    k ? C_ADAPT : C_PLAIN, 1.5, NULL);
			dsp_svg_line(g, px - 3, dsp_plot_py(&pl, lo), px + 3,
			    dsp_plot_py(&pl, lo), k ? C_ADAPT : C_PLAIN, 1.5, NULL);
			dsp_svg_line(g, px - 3, dsp_plot_py(&pl, hi), px + 3,
			    dsp_plot_py(&pl, hi), k ? C_ADAPT : C_PLAIN, 1.5, NULL);
			dsp_svg_raw(g, "</g>\n");
		}
		dsp_svg_series(g, &pl, x, y, nr, k ? C_ADAPT : C_PLAIN, 2, k ? "6 3" : NULL);
	}
	dsp_svg_legend(g, pl.x + pl.w - 190, pl.y + pl.h - 50, leg, 2);
}

/* Mean max weight vs n, log scale, inside the Lemma 2.1 band drawn from
 * the largest observed spread. */
static void
weight_panel(dsp_svg *g, const dsp_maxret_eval_row *r, size_t nr, double top)
{
	dsp_plot pl = { 90, top, 560, 220, { 0, 1, 0, NULL, 0 }, { 0, 1, 0, NULL, 0 } };
	dsp_legend_item leg[5] = {
		{ "Lemma 2.1 band (tight, observed spread)", C_BAND, NULL, 1, 0.35, DSP_MK_NONE, 0 },
		{ "max weight, plain", C_PLAIN, NULL, 0, 0, DSP_MK_NONE, 0 },
		{ "max weight, adaptive", C_ADAPT, "6 3", 0, 0, DSP_MK_NONE, 0 },
		{ "readout margin (Corollary B.1)", C_BOUND, "8 2 2 2", 0, 0, DSP_MK_NONE, 0 },
		{ "uniform 1/n", C_CEIL, "2 3", 0, 0, DSP_MK_NONE, 0 }
	};
	double x[MAX_SIZES] = { 0 }, y[MAX_SIZES] = { 0 }, lo = 1;
	size_t i;

	x_axis(&pl, r, nr);
	/* The band's lower edge can be astronomically small: the axis stops a
	 * decade below the data and the band is clipped there. */
	for (i = 0; i < nr; i++)
		lo = fmin(lo, fmin(r[i].max_weight, 1 / (double)r[i].n));
	pl.ay.lo = fmax(lo / 10, 1e-300);
	pl.ay.hi = 1;
	pl.ay.log_base = 10;
	pl.ay.title = "attention weight";
	dsp_axis_nice(&pl.ay, 6);
	dsp_svg_clip(g, &pl, "wpanel");
	dsp_svg_grid(g, &pl);
	dsp_svg_raw(g, "<g clip-path=\"url(#wpanel)\">\n<polygon fill=\"%s\" "
	    "fill-opacity=\"0.25\" points=\"", C_BAND);
	for (i = 0; i < nr; i++)
		dsp_svg_raw(g, "%.2f,%.2f ", dsp_plot_px(&pl, (double)r[i].n),
		    dsp_plot_py(&pl, r[i].band_hi));
	for (i = nr; i-- > 0;)
		dsp_svg_raw(g, "%.2f,%.2f ", dsp_plot_px(&pl, (double)r[i].n),
		    dsp_plot_py(&pl, fmax(r[i].band_lo, pl.ay.lo)));
	dsp_svg_raw(g, "\"/>\n</g>\n");
	dsp_svg_axes(g, &pl);
	for (i = 0; i < nr; i++) {
		x[i] = (double)r[i].n;
		y[i] = 1 / (double)r[i].n;
	}
	dsp_svg_series(g, &pl, x, y, nr, C_CEIL, 1, "2 3");
	for (i = 0; i < nr; i++)
		y[i] = r[i].max_weight;
	dsp_svg_series(g, &pl, x, y, nr, C_PLAIN, 2, NULL);
	for (i = 0; i < nr; i++)
		y[i] = r[i].max_weight_ad;
	dsp_svg_series(g, &pl, x, y, nr, C_ADAPT, 2, "6 3");
	for (i = 0; i < nr; i++)
		y[i] = r[i].margin;
	dsp_svg_series(g, &pl, x, y, nr, C_BOUND, 1.5, "8 2 2 2");
	/* Corollary B.1 marker: the first size whose mean weight on the
	 * maximum item is below the margin the readout needs. */
	for (i = 0; i < nr && !(r[i].top_weight < r[i].margin); i++)
		;
	if (i < nr) {
		double px = dsp_plot_px(&pl, (double)r[i].n);

		dsp_svg_line(g, px, pl.y, px, pl.y + pl.h, C_BOUND, 1, "2 2");
		dsp_svg_textf(g, px - 4, pl.y + 14, "end", DSP_SVG_FS(g, 10), 0,
		    "weight on the maximum below the margin: n = %zu", r[i].n);
	}
	dsp_svg_legend(g, pl.x + 10, pl.y + pl.h - 94, leg, 5);
	if (nr > 0 && isfinite(r[nr - 1].log_n_half))
		dsp_svg_textf(g, pl.x, pl.y + pl.h + 48, "start", DSP_SVG_FS(g, 11), 0,
		    "Lemma 2.1 band at "
		    "the largest spread %.3g: it forces every weight below 1/2 only "
		    "for n > exp(%.4g)",
		    r[nr - 1].spread_max, r[nr - 1].log_n_half);
}

/* The figure, for dsp_figopts_write: a fixed layout of 700 x 610 scaled
 * to the page of the figure options (dsp_svg_begin_fixed). */

int
dsp_train_svg(const void *ctx, FILE *fp)
{
	const struct dsp_trainfig *c = ctx;
	dsp_svg *g;

	if ((g = dsp_svg_begin_fixed(fp, 700, 610, c->f, "Max Retrieval: a trained "
	    "attention head disperses", "Accuracy and max attention weight of the "
	    "trained head versus set size, with the Lemma 2.1 band")) == NULL)
		return DSP_ENOMEM;
	dsp_svg_textf(g, 350, 24, "middle", DSP_SVG_FS(g, 15), 0, "Max Retrieval, "
	    "trained on n = %zu (width %zu, %zu classes, seed %llu)",
	    c->meta->train.train_n, c->m->width, c->m->classes,
	    (unsigned long long)c->meta->train.seed);
	acc_panel(g, c->r, c->nr, 50);
	weight_panel(g, c->r, c->nr, 320);
	return dsp_svg_end(g);
}
