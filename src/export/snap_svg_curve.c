/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Snapshot sets: the SVG figure of the entropy curve against n, with the
 * Lemma 2.1 band, the floors, Theorem 2.2's n*, the overlays and pins. */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/schema/attn.h"
#include "core/math/bounds.h"
#include "core/error.h"
#include "core/math/eval.h"
#include "core/schema/figures.h"
#include "core/math/map.h"
#include "core/schema/params.h"
#include "core/math/runs.h"
#include "export/screen_svg.h"
#include "export/snap_int.h"
#include "export/svg.h"
#include "export/snap_svg_int.h"

/* Range of the finite positive values of several series. */
static void
pos_range(const double *x, size_t n, double *lo, double *hi)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (isfinite(x[i]) && x[i] > 0) {
			*lo = fmin(*lo, x[i]);
			*hi = fmax(*hi, x[i]);
		}
}

/* Two significant digits as the figure's label writes them: 5.4e3, 120,
 * e^812.3 past a double. */
static void
fmt_n2(char *buf, size_t size, double v, double logv)
{
	double m;
	int e;

	if (!isfinite(v)) {
		snprintf(buf, size, "e^%.4g", logv);
		return;
	}
	if (v < 1000) {
		snprintf(buf, size, "%.3g", v);
		return;
	}
	e = (int)floor(log10(v));
	m = v / pow(10, e);
	if (m >= 9.95) {
		m /= 10;
		e++;
	}
	snprintf(buf, size, "%.1fe%d", m, e);
}

/* A label with a white halo so it reads over grid and curves. */
static void
halo_text(dsp_svg *g, double x, double y, const char *anchor, double size,
    const char *color, const char *cls, const char *text)
{
	char esc[512];

	dsp_svg_escape(text, esc, sizeof esc);
	dsp_svg_raw(g, "<text class=\"%s\" x=\"%.2f\" y=\"%.2f\" text-anchor=\"%s\" "
	    "font-size=\"%.3g\" fill=\"%s\" stroke=\"#ffffff\" stroke-width=\"%.3g\" "
	    "paint-order=\"stroke\">%s</text>\n", cls, x, y, anchor, size, color,
	    size * 0.3, esc);
}

/* Theorem 2.2's n* is about one fixed temperature: SSMax and log-n scale
 * it with n (core/math/critical.h), so none is drawn for them (as on screen). */
static int
has_critical(const struct snap *s)
{
	return s->sum_rc == DSP_OK && !dsp_attn_scales_n(s->p.attn) &&
	    isfinite(s->sum.log_critical_n);
}

/* A vertical marker line at n = v across the plot, if on the axis; the
 * exact value in data-n. */
static int
vline(dsp_svg *g, const dsp_plot *pl, double v, const char *color,
    const char *dash, const char *cls)
{
	char extra[96];
	double x;

	if (!(v >= pl->ax.lo && v <= pl->ax.hi))
		return 0;
	x = dsp_plot_px(pl, v);
	snprintf(extra, sizeof extra, "class=\"%s\" data-n=\"%.17g\"", cls, v);
	dsp_svg_line_attr(g, x, pl->y, x, pl->y + pl->h, color, 1.3, dash, extra);
	return 1;
}

/* The curve figure's legend, shared by its two panels (same style, same
 * role: measured, upper / floor, lower / ceiling, overlays, eps, n*, n). */
struct curve_legend {
	dsp_legend_item	 item[6 + DSP_VIEW_SERIES_MAX];
	size_t		 n, first_cmp;
	int		 crit_on, compact;
	double		 crit;
	char		 main[160], cmp[DSP_VIEW_SERIES_MAX][112], eps[64], crit_label[128];
	char		 here[64];
};

static void
curve_legend(const struct snap *s, struct curve_legend *L, int compact)
{
	const char *col, *dash;
	enum dsp_marker mk;
	char what[96], b1[32], b2[32];
	size_t ci = 0, pi = 0;
	unsigned a;
	int mode = s->v->curve_mode;

	memset(L, 0, sizeof *L);
	L->compact = compact;
	snap_svg_series_what(s, what, sizeof what);
	L->crit_on = has_critical(s);
	L->crit = L->crit_on ? exp(s->sum.log_critical_n) : NAN;
	/* The labels name only the plots the view's curve mode draws. */
	snprintf(L->main, sizeof L->main, "%s (%s)", mode == DSP_CURVE_BOTH ?
	    "H, max weight" : mode == DSP_CURVE_ENTROPY ? "H" : "max weight", what);
	L->item[L->n++] = (dsp_legend_item){ L->main, C_MAIN, NULL, 0, 0, DSP_MK_CIRCLE, 2.2 };
	/* Whose line is it (figures.h): the tight band and the floor are
	 * derivations from Lemma 2.1, not the paper's statement. */
	L->item[L->n++] = (dsp_legend_item){ mode == DSP_CURVE_BOTH ?
	    "entropy floor, tight upper bound (derived)" : mode == DSP_CURVE_ENTROPY ?
	    "entropy floor (derived)" : "tight upper bound (derived)",
	    C_BOUND, D_UPPER, 0, 0, DSP_MK_SQUARE, 1.5 };
	L->item[L->n++] = (dsp_legend_item){ mode == DSP_CURVE_BOTH ?
	    "log n, tight lower bound (derived)" : mode == DSP_CURVE_ENTROPY ?
	    "log n" : "tight lower bound (derived)",
	    C_LOWER, D_LOWER, 0, 0, DSP_MK_TRIANGLE, 1.5 };
	/* The view's further series as the screen has them: the plain twin
	 * or the overlays, then the pins as dim ghosts; one legend item each,
	 * in s->extra's order (curve_panel walks the same order). */
	L->first_cmp = L->n;
	for (a = 0; a < s->nextra; a++) {
		const struct snap_series *xs = &s->extra[a];

		if (xs->def.role == DSP_SERIES_PIN) {
			snprintf(L->cmp[a], sizeof L->cmp[a], "%s", xs->def.label);
			dsp_svg_series_style(pi++, NULL, &dash, &mk);
			L->item[L->n++] = (dsp_legend_item){ L->cmp[a], C_PIN, dash, 0, 0,
			    mk, 1.4 };
			continue;
		}
		dsp_svg_series_style(ci++, &col, &dash, &mk);
		snprintf(L->cmp[a], sizeof L->cmp[a], "%s (plain \xce\xb8)",
		    dsp_attn_name(xs->def.p.attn));
		L->item[L->n++] = (dsp_legend_item){ L->cmp[a], col, dash, 0, 0, mk, 1.6 };
	}
	snprintf(L->eps, sizeof L->eps, "\xce\xb5 = %s", snap_num(b1, sizeof b1, s->p.eps));
	if (L->crit_on) {
		fmt_n2(b2, sizeof b2, L->crit, s->sum.log_critical_n);
		snprintf(L->crit_label, sizeof L->crit_label, "n* = %s (%s)%s", b2, L->eps,
		    s->p.adaptive ? " at this n's \xce\xb2" : "");
	}
	snprintf(L->here, sizeof L->here, "n = %llu", (unsigned long long)snap_items(&s->p));
	/* The lines of eps, n* and n carry labels of their own on the plot: a
	 * small page leaves them out of the legend. */
	if (compact)
		return;
	L->item[L->n++] = (dsp_legend_item){ L->eps, C_EPS, D_EPS, 0, 0, DSP_MK_NONE, 1.2 };
	if (L->crit_on)
		L->item[L->n++] = (dsp_legend_item){ "Theorem 2.2 n* (derived)",
		    C_CRIT, D_CRIT, 0, 0, DSP_MK_NONE, 1.3 };
	L->item[L->n++] = (dsp_legend_item){ "this view's n", C_HERE, D_HERE, 0, 0,
	    DSP_MK_NONE, 1.3 };
}

/* Label beside a vertical line at x: right of it in the left part of the
 * plot, left of it beyond. */
static void
line_label(dsp_svg *g, const dsp_plot *pl, double xc, double y, const char *color,
    const char *cls, const char *text)
{
	int right = xc < pl->x + pl->w * 0.6;

	halo_text(g, xc + (right ? 4 : -4), y, right ? "start" : "end",
	    dsp_svg_font(g) * 0.85, color, cls, text);
}

/* The y axis title among names (longest first) that fits along the
 * plot's height; the shortest when none does. */
static const char *
ytitle(const dsp_svg *g, const dsp_plot *pl, const char *const *names, size_t n)
{
	size_t i;

	for (i = 0; i + 1 < n; i++)
		if (dsp_svg_text_width(dsp_svg_font(g) * 13 / 12, names[i]) <= pl->h)
			break;
	return names[i];
}

/* One panel of the curve figure, its frame at y = top + pad, ph high,
 * across w.  With xtitle it carries the shared x axis's labels and title
 * below; without, ticks only (the panel below labels them). */
static void
curve_panel(dsp_svg *g, const struct snap *s, const struct curve_legend *L,
    int lower, int xtitle, double top, double w, double ph)
{
	static const char *const hnames[] = { "entropy H (nats)", "H (nats)", "H" };
	static const char *const wnames[] = { "maximum weight", "max weight", "max w" };
	dsp_plot pl = { 0, 0, 0, 0, { 0, 1, 0, NULL, 0 }, { 0, 1, 0, NULL, 0 } };
	double *x, *y[4], lo = INFINITY, hi = 0, yh = 0, cn = (double)snap_items(&s->p);
	double f = dsp_svg_font(g), mr = f * 0.3, ye;
	size_t i, j, n = s->ncurve, ci;
	unsigned a;
	char clip[16], extra[64];

	snprintf(clip, sizeof clip, "panel%d", lower);
	/* dsp_svg_layout's frame without a legend, at the height given. */
	pl.x = dsp_svg_margin_left(g);
	pl.y = top + f * 0.8;
	pl.w = w - pl.x - 2 * f * 0.8;
	pl.h = ph;
	pl.ax.lo = s->ns[0];
	pl.ax.hi = s->ns[n - 1] > s->ns[0] ? s->ns[n - 1] : s->ns[0] * 2;
	pl.ax.log_base = dsp_log_base_for(pl.ax.lo, pl.ax.hi);
	/* The panels share the x axis: its labels and title once, under the
	 * lower. */
	pl.ax.title = xtitle ? "number of items n" : NULL;
	pl.ax.bare = xtitle ? 0 : DSP_AXIS_NOLABELS;
	dsp_axis_nice(&pl.ax, 6);
	x = dsp_malloc(n * sizeof *x);
	for (j = 0; j < 4; j++)
		y[j] = dsp_malloc(n * sizeof *y[j]);
	if (x == NULL || y[0] == NULL || y[1] == NULL || y[2] == NULL || y[3] == NULL) {
		dsp_svg_nomem(g, "the curve's points", 5 * n * sizeof *x);
		goto out;
	}
	for (i = 0; i < n; i++) {
		const dsp_summary *m = &s->curve[i];

		x[i] = dsp_plot_px(&pl, s->ns[i]);
		y[0][i] = lower ? m->max_weight : m->entropy;
		y[1][i] = lower ? m->hi_tight : m->entropy_floor;
		y[2][i] = lower ? m->lo_tight : m->entropy_ceiling;
		if (!lower)
			yh = fmax(yh, fmax(m->entropy_ceiling, m->entropy));
	}
	if (lower) {
		pos_range(y[0], n, &lo, &hi);
		pos_range(y[1], n, &lo, &hi);
		/* The lower bound too, unless it would squash the rest. */
		for (i = 0; i < n; i++)
			if (y[2][i] > 0 && y[2][i] >= lo * 1e-6)
				lo = fmin(lo, y[2][i]);
		for (a = 0; a < s->nextra; a++)
			if (s->extra[a].w != NULL)
				pos_range(s->extra[a].w, n, &lo, &hi);
		/* eps is on the axis, inside the frame: its line is the point
		 * of the panel. */
		lo = fmin(lo, s->p.eps * 0.5);
		pl.ay.log_base = 10;
		pl.ay.lo = isfinite(lo) ? lo : 1e-3;
		pl.ay.hi = hi > 0 ? fmax(hi, 1) : 1;
		pl.ay.title = ytitle(g, &pl, wnames, 3);
	} else {
		for (a = 0; a < s->nextra; a++)
			if (s->extra[a].h != NULL)
				for (i = 0; i < n; i++)
					if (isfinite(s->extra[a].h[i]))
						yh = fmax(yh, s->extra[a].h[i]);
		pl.ay.lo = 0;
		pl.ay.hi = yh > 0 ? yh : 1;
		pl.ay.title = ytitle(g, &pl, hnames, 3);
	}
	dsp_axis_nice(&pl.ay, 6);
	dsp_svg_clip(g, &pl, clip);
	/* Grid, then the lines of n, then bounds and data, the upper bound
	 * last: thin and dashed over the thick measured line, so where the
	 * weights sit on the bound both stay visible. */
	dsp_svg_grid(g, &pl);
	dsp_svg_raw(g, "<g class=\"curves\" clip-path=\"url(#%s)\">\n", clip);
	vline(g, &pl, cn, C_HERE, D_HERE, "current-n");
	if (L->crit_on)
		vline(g, &pl, L->crit, C_CRIT, D_CRIT, "critical-n");
	for (j = 0; j < 3; j++)
		for (i = 0; i < n; i++)
			y[j][i] = lower && !(y[j][i] > 0) ? NAN : dsp_plot_py(&pl, y[j][i]);
	dsp_svg_polyline(g, x, y[2], n, C_LOWER, 1.5, D_LOWER);
	dsp_svg_markers(g, x, y[2], n, MARKERS, 1, DSP_MK_TRIANGLE, mr * 1.1, C_LOWER);
	for (a = 0, ci = L->first_cmp; a < s->nextra; a++, ci++) {
		const double *src = lower ? s->extra[a].w : s->extra[a].h;

		if (src == NULL)
			continue;
		for (i = 0; i < n; i++)
			y[3][i] = lower && !(src[i] > 0) ? NAN : dsp_plot_py(&pl, src[i]);
		dsp_svg_polyline(g, x, y[3], n, L->item[ci].color, L->item[ci].width,
		    L->item[ci].dash);
		if (L->item[ci].marker != DSP_MK_NONE)
			dsp_svg_markers(g, x, y[3], n, MARKERS, 3, L->item[ci].marker, mr,
			    L->item[ci].color);
	}
	dsp_svg_polyline(g, x, y[0], n, C_MAIN, 2.2, NULL);
	dsp_svg_markers(g, x, y[0], n, MARKERS, 0, DSP_MK_CIRCLE, mr * 1.1, C_MAIN);
	dsp_svg_polyline(g, x, y[1], n, C_BOUND, 1.5, D_UPPER);
	dsp_svg_markers(g, x, y[1], n, MARKERS, 2, DSP_MK_SQUARE, mr, C_BOUND);
	if (lower && s->p.eps >= pl.ay.lo && s->p.eps <= pl.ay.hi) {
		ye = dsp_plot_py(&pl, s->p.eps);
		snprintf(extra, sizeof extra, "class=\"eps\" data-eps=\"%.17g\"", s->p.eps);
		dsp_svg_line_attr(g, pl.x, ye, pl.x + pl.w, ye, C_EPS, 1.2, D_EPS, extra);
		halo_text(g, pl.x + pl.w - 4, ye - 4, "end", f * 0.85, C_EPS, "eps-label",
		    L->eps);
	}
	dsp_svg_raw(g, "</g>\n");
	/* n* is labelled on the upper panel, beside its line or, off the
	 * axis, in the corner; the exact value goes in data-critical-n (the
	 * snapshot JSON's figures.critical_n) beside the rounded label. */
	if (L->crit_on && (!lower || s->v->curve_mode == DSP_CURVE_MAXW)) {
		dsp_svg_raw(g, "<g class=\"critical-n\" data-critical-n=\"%.17g\">\n", L->crit);
		/* A small panel has no room inside for it off the curves:
		 * it goes above the frame. */
		if (L->crit >= pl.ax.lo && L->crit <= pl.ax.hi)
			line_label(g, &pl, dsp_plot_px(&pl, L->crit), L->compact ?
			    pl.y - f * 0.3 : pl.y + f * 1.2, C_CRIT, "critical-n-label",
			    L->crit_label);
		else {
			char off[160];

			snprintf(off, sizeof off, "%s, right of the axis", L->crit_label);
			halo_text(g, pl.x + pl.w - 4, pl.y + f * 1.2, "end", f * 0.85, C_CRIT,
			    "critical-n-label", off);
		}
		dsp_svg_raw(g, "</g>\n");
	}
	if (lower && cn >= pl.ax.lo && cn <= pl.ax.hi)
		line_label(g, &pl, dsp_plot_px(&pl, cn), pl.y + pl.h - f * 0.6, C_HERE,
		    "current-n-label", L->here);
	dsp_svg_axes(g, &pl);
out:
	free(x);
	for (j = 0; j < 4; j++)
		free(y[j]);
}

int
snap_write_curve_svg(const struct snap *s, FILE *fp)
{
	char title[320];
	struct curve_legend L;
	dsp_plot box = { 0, 0, 0, 0, { 0, 1, 0, NULL, 0 }, { 0, 1, 0, NULL, 0 } };
	dsp_svg_page pg;
	dsp_svg *g;
	double top, ph, lx, ly, gap;
	size_t cols;

	snap_svg_fig_title(s, title, sizeof title, "Dispersion with n");
	if ((g = snap_svg_fig_begin(s, fp, SVG_W, s->v->curve_mode == DSP_CURVE_BOTH ?
	    SVG_CURVE_H : SVG_CURVE_H * 0.55, title, "Entropy against n with "
	    "the entropy floor and ceiling; maximum weight against n with the Lemma "
	    "2.1 bounds, epsilon and Theorem 2.2's critical n", &pg, &top)) == NULL)
		return DSP_ENOMEM;
	if (s->curve_rc != DSP_OK || s->ncurve == 0) {
		dsp_plot pl = { 0, 0, 0, 0, { 1, 10, 10, "number of items n", 0 },
		    { 0, 1, 0, "entropy H (nats)", 0 } };

		dsp_svg_layout(g, 0, top, pg.w, pg.h - top, NULL, 0, &pl, &lx, &ly, &cols);
		dsp_svg_axes(g, &pl);
		snap_svg_message(g, &pl, s->curve_err[0] != '\0' ? s->curve_err :
		    "curve not computable");
		return dsp_svg_end(g);
	}
	if (s->curve_err[0] != '\0') {	/* partial: say where and why it ends */
		dsp_svg_text(g, pg.w / 2, top + pg.font * 0.4, "middle", pg.font * 0.85, 0,
		    s->curve_err);
		top += pg.font * 1.2;
	}
	/* One legend for both panels, outside them; the panels share what is
	 * left (the layout's plot box, widened back by its axis margins). */
	curve_legend(s, &L, pg.h < 30 * pg.font);
	dsp_svg_layout(g, 0, top, pg.w, pg.h - top, L.item, L.n, &box, &lx, &ly, &cols);
	box.w += box.x + pg.font * 0.8;
	/* The layout's frame box.h high ends the x axis's margin above the
	 * legend: the panels share that height, the upper one without tick
	 * labels, a gap of its ticks' length between them. */
	if (s->v->curve_mode == DSP_CURVE_BOTH) {
		gap = pg.font * 1.1;
		ph = (box.h - gap) / 2;
		curve_panel(g, s, &L, 0, 0, top, box.w, ph);
		curve_panel(g, s, &L, 1, 1, top + ph + gap, box.w, ph);
	} else
		curve_panel(g, s, &L, s->v->curve_mode == DSP_CURVE_MAXW, 1, top, box.w,
		    box.h);
	dsp_svg_legend_cols(g, lx, ly, L.item, L.n, cols);
	return dsp_svg_end(g);
}

