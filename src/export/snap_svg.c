/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Snapshot sets: the SVG figures of the weights histogram, the map and the
 * screen (the entropy curve is snap_svg_curve.c). */
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
#include "core/math/logbin.h"
#include "core/schema/figures.h"
#include "core/math/map.h"
#include "core/schema/params.h"
#include "core/math/runs.h"
#include "export/screen_svg.h"
#include "export/snap_int.h"
#include "export/svg.h"
#include "export/snap_svg_int.h"
#include "export/viridis.h"

/* What computed the series: "softmax, fixed θ, double",
 * "ssmax + adaptive θ, float16". */
void
snap_svg_series_what(const struct snap *s, char *buf, size_t size)
{
	snprintf(buf, size, "%s%s, %s", dsp_attn_name(s->p.attn),
	    s->p.adaptive ? " + adaptive \xce\xb8" : ", fixed \xce\xb8",
	    dsp_precision_name(s->p.precision));
}

/* The title: what, the family and its parameters and, with full, what
 * computed the series (a figure whose legend names it may leave it out). */
static void
fig_title2(const struct snap *s, char *buf, size_t size, const char *what, int full)
{
	char b1[32], b2[32], b3[32], w[96], ww[100];

	snap_svg_series_what(s, w, sizeof w);
	snprintf(ww, sizeof ww, " (%s)", w);
	snprintf(buf, size, "%s: %s, n = %llu, \xce\xb4 = %s, \xce\xb8 = %s%s%s%s", what,
	    dsp_family_name(s->p.family), (unsigned long long)snap_items(&s->p),
	    snap_num(b1, sizeof b1, s->p.delta), snap_num(b2, sizeof b2, s->p.theta),
	    s->p.family == DSP_FAM_POWER ? ", \xce\xbb = " : "",
	    s->p.family == DSP_FAM_POWER ? snap_num(b3, sizeof b3, s->p.lambda) : "",
	    full ? ww : "");
}

void
snap_svg_fig_title(const struct snap *s, char *buf, size_t size, const char *what)
{
	fig_title2(s, buf, size, what, 1);
}

/* A figure whose legend names what computed the series: on a page where
 * the full title would take more than two lines (a small figure, whose
 * plot it would squash) the title leaves that out. */
static void
fig_title_fit(const struct snap *s, char *buf, size_t size, const char *what,
    double defw, double defh)
{
	double w, h, font;

	dsp_figspec_page(&s->v->fig, defw, defh, &w, &h, &font);
	fig_title2(s, buf, size, what, 1);
	if (dsp_svg_title_lines(font, w, buf) > 2)
		fig_title2(s, buf, size, what, 0);
}

/* A figure's page from the view's figure options (its own size defw x
 * defh pt when none is given), the document begun and the title drawn;
 * *top is where the plots may start. */
dsp_svg *
snap_svg_fig_begin(const struct snap *s, FILE *fp, double defw, double defh,
    const char *title, const char *desc, dsp_svg_page *pg, double *top)
{
	return dsp_svg_begin_figure(fp, &s->v->fig, defw, defh, title, desc, pg, top);
}

void
snap_svg_message(dsp_svg *g, const dsp_plot *pl, const char *msg)
{
	dsp_svg_text(g, pl->x + pl->w / 2, pl->y + pl->h / 2, "middle", 13, 0, msg);
}

/* The weights' range widened to the whole tight band (its lower edge
 * only where it is positive: a log axis has no 0). */
static void
with_band(const struct snap *s, double *lo, double *hi)
{
	if (isfinite(s->sum.hi_tight) && s->sum.hi_tight > *hi)
		*hi = s->sum.hi_tight;
	if (isfinite(s->sum.lo_tight) && s->sum.lo_tight > 0 && s->sum.lo_tight < *lo)
		*lo = s->sum.lo_tight;
}

/* The tight band's fill, under the bars (its edges go over them). */
static void
band_fill(dsp_svg *g, const struct snap *s, const dsp_plot *pl, int mode)
{
	double lo = s->sum.lo_tight, hi = s->sum.hi_tight, a, b;

	if (!(isfinite(lo) && isfinite(hi)))
		return;
	dsp_svg_raw(g, "<g class=\"band\" clip-path=\"url(#plot)\">\n");
	if (mode == 0) {
		a = dsp_plot_py(pl, hi);
		b = pl->ay.log_base && !(lo > 0) ? pl->y + pl->h : dsp_plot_py(pl, lo);
		dsp_svg_rect(g, pl->x, a, pl->w, b - a, C_BAND, "fill-opacity=\"0.2\"");
	} else {
		a = lo > 0 ? dsp_plot_px(pl, lo) : pl->x;
		b = dsp_plot_px(pl, hi);
		dsp_svg_rect(g, a, pl->y, b - a, pl->h, C_BAND, "fill-opacity=\"0.2\"");
	}
	dsp_svg_raw(g, "</g>\n");
}

/* Sorted bars as the weights arrive largest first (snap_sorted_each): one
 * bar per item up to HIST_MAX_BARS items, else runs on a log rank axis
 * merged until each bar is at least a pixel wide. */
struct bars {
	dsp_svg		*g;
	const dsp_plot	*pl;
	uint64_t	 total, rank, start;
	double		 bw, h, x0;	/* x0: the open bar's left edge */
	double		 px[2];		/* dsp_plot_px_prep */
	int		 logy, open;
};

static void
bar_close(struct bars *b)
{
	double x0, x1, y;

	b->open = 0;
	if (b->logy && !(b->h > 0))
		return;
	x0 = dsp_plot_px(b->pl, (double)b->start);
	x1 = dsp_plot_px(b->pl, (double)b->rank);
	y = dsp_plot_py(b->pl, b->h);
	dsp_svg_rect(b->g, x0, y, x1 - x0, b->pl->y + b->pl->h - y, C_MAIN, NULL);
}

static void
bar_run(void *ctx, double w, uint64_t c)
{
	struct bars *b = ctx;
	const dsp_plot *pl = b->pl;
	double x0, y;
	uint64_t i;

	if (b->total <= HIST_MAX_BARS) {
		for (i = 0; i < c; i++, b->rank++) {
			x0 = dsp_plot_px(pl, (double)b->rank) - b->bw * 0.4;
			y = dsp_plot_py(pl, b->logy ? fmax(w, pl->ay.lo) : w);
			dsp_svg_rect(b->g, x0, y, b->bw * 0.8, pl->y + pl->h - y, C_MAIN, NULL);
		}
		return;
	}
	if (!b->open) {
		b->start = b->rank;
		b->x0 = dsp_plot_px_fast(pl, b->px, (double)b->start);
		b->h = w;
		b->open = 1;
	}
	b->rank += c;
	if (dsp_plot_px_fast(pl, b->px, (double)b->rank) - b->x0 >= 1)
		bar_close(b);
}

static int
hist_sorted(dsp_svg *g, const struct snap *s, dsp_plot *pl, uint64_t total,
    double wmax, double wmin)
{
	struct bars b = { g, pl, total, 1, 1, 0, 0, 0, { 0, 0 }, 0, 0 };
	double ylo = wmin, yhi = wmax;
	int rc;

	with_band(s, &ylo, &yhi);
	b.logy = ylo > 0 && yhi / ylo > 50;
	pl->ax.lo = total <= HIST_MAX_BARS ? 0.5 : 1;
	pl->ax.hi = total <= HIST_MAX_BARS ? (double)total + 0.5 : (double)total + 1;
	pl->ax.log_base = total <= HIST_MAX_BARS ? 0 : 10;
	pl->ax.title = "rank of the weight (largest first)";
	pl->ay.title = "attention weight";
	if (b.logy) {
		pl->ay.log_base = 10;
		pl->ay.lo = ylo;
		pl->ay.hi = yhi;
	} else {
		pl->ay.lo = 0;
		pl->ay.hi = yhi > 0 ? yhi * 1.05 : 1;
	}
	dsp_axis_nice(&pl->ay, 6);
	if (pl->ax.log_base)
		dsp_axis_nice(&pl->ax, 6);
	dsp_svg_grid(g, pl);
	band_fill(g, s, pl, 0);
	dsp_svg_raw(g, "<g class=\"bars\" clip-path=\"url(#plot)\">\n");
	b.bw = pl->w / (double)total;
	dsp_plot_px_prep(pl, b.px);
	rc = snap_sorted_stream(&s->ws, bar_run, &b);
	if (b.open)
		bar_close(&b);
	dsp_svg_raw(g, "</g>\n");
	return rc;
}

/* Items per logarithmic bin, run by run (core/math/logbin.h). */
static int
bin_run(void *ctx, double w, uint64_t count)
{
	dsp_logbin_add(ctx, w, (double)count);
	return DSP_OK;
}

/* Log-binned: how many items have a weight in each logarithmic bin; the
 * weight axis spans the band too.  law: no item drawn (the large-n route),
 * the counts of the law's n weights the TUI's panel shows
 * (dsp_eval_expected_hist). */
static int
hist_binned(dsp_svg *g, const struct snap *s, dsp_plot *pl, double wmax, double wmin,
    int law)
{
	double lo, hi, per, edges, cnt[64], cmax = 0, cmin = INFINITY, x0, x1, y;
	double alo = wmin, ahi = wmax;
	gsl_histogram *gh;
	size_t b, nb;
	int rc;

	with_band(s, &alo, &ahi);
	lo = floor(log10(alo));
	hi = ceil(log10(ahi));
	if (hi <= lo)
		hi = lo + 1;
	per = (hi - lo) >= 12 ? 1 : (hi - lo) >= 6 ? 2 : (hi - lo) >= 3 ? 5 : 10;
	edges = (hi - lo) * per;
	nb = (size_t)edges;
	if (nb > 64)
		nb = 64;
	per = (double)nb / (hi - lo);
	memset(cnt, 0, sizeof cnt);
	/* Counts are integers below 2^53: any order sums them exactly. */
	if (!law) {
		if ((rc = dsp_bin_alloc(&gh, nb, lo, hi)) != DSP_OK)
			return rc;
		dsp_wstream_each(&s->ws, bin_run, gh);
		for (b = 0; b < nb; b++)
			cnt[b] = gsl_histogram_get(gh, b);
		gsl_histogram_free(gh);
	} else if (dsp_eval_expected_hist(&s->p, &s->sum, lo, lo + (double)nb / per, nb,
	    cnt) != DSP_OK)
		memset(cnt, 0, sizeof cnt);
	for (b = 0; b < nb; b++) {
		cmax = fmax(cmax, cnt[b]);
		if (cnt[b] > 0)
			cmin = fmin(cmin, cnt[b]);
	}
	if (!(cmax > 0))
		cmax = cmin = 1;
	pl->ax.log_base = 10;
	pl->ax.lo = pow(10, lo);
	pl->ax.hi = pow(10, hi);
	pl->ax.title = "attention weight (logarithmic bins)";
	pl->ay.title = "number of items";
	if (cmax / cmin > 100) {
		pl->ay.log_base = 10;
		pl->ay.lo = 0.5;
		pl->ay.hi = cmax;
	} else {
		pl->ay.lo = 0;
		pl->ay.hi = cmax * 1.1;
	}
	dsp_axis_nice(&pl->ay, 6);
	dsp_svg_grid(g, pl);
	band_fill(g, s, pl, 1);
	dsp_svg_raw(g, "<g class=\"bars\" clip-path=\"url(#plot)\">\n");
	for (b = 0; b < nb; b++) {
		if (cnt[b] == 0)
			continue;
		x0 = dsp_plot_px(pl, pow(10, lo + (double)b / per));
		x1 = dsp_plot_px(pl, pow(10, lo + (double)(b + 1) / per));
		y = dsp_plot_py(pl, cnt[b]);
		dsp_svg_rect(g, x0 + 0.5, y, x1 - x0 - 1, pl->y + pl->h - y, C_MAIN, NULL);
	}
	dsp_svg_raw(g, "</g>\n");
	return DSP_OK;
}

/* Items, zero weights, the largest weight and the smallest positive one. */
struct wrange {
	uint64_t	total, zeros;
	double		wmax, wmin;
};

static int
range_run(void *ctx, double w, uint64_t count)
{
	struct wrange *c = ctx;

	c->total += count;
	c->wmax = fmax(c->wmax, w);
	if (w > 0)
		c->wmin = fmin(c->wmin, w);
	else
		c->zeros += count;
	return DSP_OK;
}

/* The same from the extreme logits alone when the smallest weight is
 * positive (no zeros): a weight is monotone in its logit, as the sorted
 * bars rely on (snap_sorted.c), so the extremes' weights are the largest
 * and the smallest; a pass of exponentials saved.  Else run by run. */
static void
weights_range(const dsp_wstream *ws, struct wrange *wr)
{
	double lo = INFINITY, hi = -INFINITY, a, b;
	size_t i;

	if (ws->x != NULL && ws->n > 0) {
		for (i = 0; i < ws->n; i++) {
			lo = ws->x[i] < lo ? ws->x[i] : lo;
			hi = ws->x[i] > hi ? ws->x[i] : hi;
		}
		a = dsp_wstream_weight(ws, dsp_wstream_rising(ws) ? lo : hi);
		b = dsp_wstream_weight(ws, dsp_wstream_rising(ws) ? hi : lo);
		if (a > 0 && b >= a) {
			wr->total = ws->n;
			wr->wmax = b;
			wr->wmin = a;
			return;
		}
	}
	dsp_wstream_each(ws, range_run, wr);
}

int
snap_write_hist_svg(const struct snap *s, FILE *fp)
{
	dsp_plot pl = { 0, 0, 0, 0, { 0, 1, 0, NULL, 0 }, { 0, 1, 0, NULL, 0 } };
	dsp_legend_item leg[4];
	double wmax = 0, wmin = INFINITY, lo = s->sum.lo_tight, hi = s->sum.hi_tight;
	double un, a, b, top, lx, ly;
	size_t nr = s->w_rc == DSP_OK ? dsp_wstream_len(&s->ws) : 0, nl = 0, cols;
	struct wrange wr = { 0, 0, 0, INFINITY };
	uint64_t total, zeros;
	char title[320], note[128], what[96], wlab[160];
	dsp_svg_page pg;
	dsp_svg *g;
	int mode = s->v->hist_mode, band = isfinite(lo) && isfinite(hi), rc, law;

	fig_title_fit(s, title, sizeof title, mode ? "Weight histogram" :
	    "Sorted attention weights", SVG_W, SVG_H);
	if ((g = snap_svg_fig_begin(s, fp, SVG_W, SVG_H, title, "Attention weights of the "
	    "current view with the tight Lemma 2.1 band", &pg, &top)) == NULL)
		return DSP_ENOMEM;
	if (nr > 0)
		weights_range(&s->ws, &wr);
	total = wr.total;
	zeros = wr.zeros;
	wmax = wr.wmax;
	wmin = wr.wmin;
	/* No item drawn (the large-n route): the law's n weights in bins, as
	 * the TUI's Weights panel shows them. */
	law = nr == 0 && s->sum_rc == DSP_OK && s->sum.max_weight > 0 &&
	    dsp_eval_expected_hist(&s->p, &s->sum, log10(s->sum.max_weight) - 1,
	    log10(s->sum.max_weight), 1, &a) == DSP_OK;
	if (law) {
		mode = 1;
		nr = 1;
		wmax = s->sum.max_weight;
		wmin = s->sum.min_weight > 0 ? s->sum.min_weight : wmax * 1e-16;
		total = s->sum.n < 0x1p63 ? (uint64_t)s->sum.n : UINT64_MAX;
	}
	snap_svg_series_what(s, what, sizeof what);
	snprintf(wlab, sizeof wlab, "%s (%s)", law ? "items per bin, the law's n weights" :
	    mode ? "items per bin" : "weights", what);
	leg[nl++] = (dsp_legend_item){ wlab, C_MAIN, NULL, 1, 1, DSP_MK_NONE, 0 };
	if (band && nr > 0 && wmax > 0) {
		leg[nl++] = (dsp_legend_item){ "Lemma 2.1 tight band (derived)", C_BAND,
		    NULL, 1, 0.3, DSP_MK_NONE, 0 };
		leg[nl++] = (dsp_legend_item){ "band edges", C_BOUND, D_UPPER, 0, 0,
		    DSP_MK_NONE, 1.5 };
		leg[nl++] = (dsp_legend_item){ "uniform 1/n", C_CEIL, D_HERE, 0, 0,
		    DSP_MK_NONE, 1.2 };
	}
	dsp_svg_layout(g, 0, top, pg.w, pg.h - top - pg.font * 1.2, leg, nl, &pl,
	    &lx, &ly, &cols);
	if (nr == 0 || !(wmax > 0)) {
		pl.ax.title = "rank";
		pl.ay.title = "attention weight";
		dsp_svg_axes(g, &pl);
		snap_svg_message(g, &pl, s->w_rc != DSP_OK ? "no per-item weights (see notes)" :
		    "all weights are zero");
		return dsp_svg_end(g);
	}
	dsp_svg_clip(g, &pl, "plot");
	if (mode == 0 && (rc = hist_sorted(g, s, &pl, total, wmax, wmin)) != DSP_OK) {
		dsp_svg_end(g);
		return rc;
	}
	if (mode != 0 && (rc = hist_binned(g, s, &pl, wmax, wmin, law)) != DSP_OK) {
		dsp_svg_end(g);
		return rc;
	}
	/* The band's edges and 1/n go over the bars, dashed. */
	un = 1 / (double)total;
	dsp_svg_raw(g, "<g class=\"band-edges\" clip-path=\"url(#plot)\">\n");
	if (band && mode == 0) {
		a = dsp_plot_py(&pl, hi);
		b = pl.ay.log_base && !(lo > 0) ? pl.y + pl.h : dsp_plot_py(&pl, lo);
		dsp_svg_line(g, pl.x, a, pl.x + pl.w, a, C_BOUND, 1.5, D_UPPER);
		dsp_svg_line(g, pl.x, b, pl.x + pl.w, b, C_BOUND, 1.5, D_UPPER);
		dsp_svg_line(g, pl.x, dsp_plot_py(&pl, un), pl.x + pl.w,
		    dsp_plot_py(&pl, un), C_CEIL, 1.2, D_HERE);
	} else if (band) {
		a = lo > 0 ? dsp_plot_px(&pl, lo) : pl.x;
		b = dsp_plot_px(&pl, hi);
		dsp_svg_line(g, a, pl.y, a, pl.y + pl.h, C_BOUND, 1.5, D_UPPER);
		dsp_svg_line(g, b, pl.y, b, pl.y + pl.h, C_BOUND, 1.5, D_UPPER);
		dsp_svg_line(g, dsp_plot_px(&pl, un), pl.y, dsp_plot_px(&pl, un),
		    pl.y + pl.h, C_CEIL, 1.2, D_HERE);
	}
	dsp_svg_raw(g, "</g>\n");
	dsp_svg_axes(g, &pl);
	dsp_svg_legend_cols(g, lx, ly, leg, nl, cols);
	if (zeros > 0 && (mode == 1 || pl.ay.log_base)) {
		snprintf(note, sizeof note, "%llu items with weight 0 not shown",
		    (unsigned long long)zeros);
		dsp_svg_text(g, pg.font, pg.h - pg.font * 0.6, "start", pg.font * 0.8, 0, note);
	}
	return dsp_svg_end(g);
}

static double
map_scale(const struct snap *s, double v)
{
	double t = v / snap_metric_top(s);

	return t < 0 ? 0 : t > 1 ? 1 : t;
}

/* A cell edge inside the axis range: edge cells are cut at the range. */
static double
in_range(double v, const dsp_axis *a)
{
	return v < a->lo ? a->lo : v > a->hi ? a->hi : v;
}

/* The edge before map column (row: rows != 0) k, 0 .. cols (rows), in
 * user units, rounded as the SVG writes it (0.01).  Computed from k
 * alone, so two neighbouring cells share the very same number: edges
 * computed apart, from each cell's centre, differed in the last digit and
 * left pixel-wide white seams where crispEdges rounds them. */
static double
cell_edge(const dsp_axis *a, const dsp_map_spec *m, size_t k, double step,
    const dsp_plot *pl, int rows)
{
	size_t last = (rows ? m->rows : m->cols) - 1;
	double v = k <= last ? (rows ? dsp_map_lambda(m, k) : dsp_map_theta(m, k)) -
	    step / 2 : (rows ? dsp_map_lambda(m, last) : dsp_map_theta(m, last)) + step / 2;

	v = in_range(v, a);
	v = rows ? dsp_plot_py(pl, v) : dsp_plot_px(pl, v);
	return round(v * 100) / 100;
}

static void
cell_rect(dsp_svg *g, double x0, double y0, double x1, double y1, const char *fill)
{
	dsp_svg_rect(g, x0, y0, x1 - x0, y1 - y0, fill, NULL);
}

int
snap_write_map_svg(const struct snap *s, FILE *fp)
{
	const dsp_map_spec *m = &s->v->map;
	dsp_plot pl = { 0, 0, 0, 0, { 0, 1, 0, "temperature \xce\xb8", 0 },
	    { 0, 1, 0, "power-series ratio \xce\xbb", 0 } };
	dsp_plot bar = { 0, 0, 0, 0, { 0, 1, 0, NULL, 1 }, { 0, 1, 0, NULL, 0 } };
	double dt, dl, x0, x1, y0, y1, v, top = snap_metric_top(s), ytop, f;
	char title[320], col[8], prev[8], b1[32], what[96];
	dsp_svg_page pg;
	size_t r, c, c0;
	dsp_svg *g;

	snap_svg_series_what(s, what, sizeof what);
	snprintf(title, sizeof title, "%s over (\xce\xb8, \xce\xbb): e_k = \xce\xb4\xce\xbb^k "
	    "(as disperse defines it), "
	    "n = %llu, \xce\xb4 = %s (%s)", m->metric == DSP_METRIC_ENTROPY ? "Entropy" :
	    m->metric == DSP_METRIC_ENTROPY_NORM ? "Normalised entropy" : "Maximum weight",
	    (unsigned long long)snap_items(&s->mp), snap_num(b1, sizeof b1, s->p.delta), what);
	if ((g = snap_svg_fig_begin(s, fp, SVG_W, SVG_H, title, "Paper Figure 5 style map "
	    "over disperse's power series e_k = delta lambda^k (as disperse defines "
	    "it), viridis colour map", &pg, &ytop)) == NULL)
		return DSP_ENOMEM;
	/* Plot, a gap for the colour bar's tick labels, the bar; room below
	 * for the axis title and the footnote. */
	f = pg.font;
	bar.w = f * 1.5;
	bar.x = pg.w - f - bar.w;
	pl.x = dsp_svg_margin_left(g);
	pl.y = ytop + f * 1.4;
	pl.w = bar.x - f * 3.8 - pl.x;
	pl.h = pg.h - pl.y - dsp_svg_margin_bottom(g) - f * 1.4;
	bar.y = pl.y;
	bar.h = pl.h;
	dt = m->cols > 1 ? (m->theta_hi - m->theta_lo) / (double)(m->cols - 1) : 1;
	dl = m->rows > 1 ? (m->lambda_hi - m->lambda_lo) / (double)(m->rows - 1) : 1;
	/* The axes span exactly the view's ranges (the first and last cells
	 * are centred on the ends, so half of each edge cell is inside). */
	pl.ax.lo = m->theta_lo;
	pl.ax.hi = m->theta_hi;
	pl.ay.lo = m->lambda_lo;
	pl.ay.hi = m->lambda_hi;
	/* Cells of one colour in a row merge into one rect. */
	dsp_svg_raw(g, "<g class=\"cells\" shape-rendering=\"crispEdges\">\n");
	for (r = 0; s->map != NULL && r < m->rows; r++) {
		y0 = cell_edge(&pl.ay, m, r + 1, dl, &pl, 1);
		y1 = cell_edge(&pl.ay, m, r, dl, &pl, 1);
		for (c0 = 0; c0 < m->cols; c0 = c) {
			v = s->map[r * m->cols + c0];
			if (isfinite(v))
				dsp_viridis_hex(map_scale(s, v), prev);
			else
				strcpy(prev, "#bbbbbb");
			for (c = c0 + 1; c < m->cols; c++) {
				v = s->map[r * m->cols + c];
				if (isfinite(v))
					dsp_viridis_hex(map_scale(s, v), col);
				else
					strcpy(col, "#bbbbbb");
				if (strcmp(col, prev) != 0)
					break;
			}
			x0 = cell_edge(&pl.ax, m, c0, dt, &pl, 0);
			x1 = cell_edge(&pl.ax, m, c, dt, &pl, 0);
			cell_rect(g, x0, y0, x1, y1, prev);
		}
	}
	dsp_svg_raw(g, "</g>\n");
	if (s->map == NULL)
		snap_svg_message(g, &pl, "map not computable");
	dsp_svg_axes(g, &pl);
	/* Cursor cell. */
	x0 = dsp_plot_px(&pl, in_range(dsp_map_theta(m, s->v->map_col) - dt / 2, &pl.ax));
	x1 = dsp_plot_px(&pl, in_range(dsp_map_theta(m, s->v->map_col) + dt / 2, &pl.ax));
	y0 = dsp_plot_py(&pl, in_range(dsp_map_lambda(m, s->v->map_row) + dl / 2, &pl.ay));
	y1 = dsp_plot_py(&pl, in_range(dsp_map_lambda(m, s->v->map_row) - dl / 2, &pl.ay));
	dsp_svg_rect(g, x0, y0, x1 - x0, y1 - y0, "none",
	    "stroke=\"#ffffff\" stroke-width=\"2\" class=\"cursor\"");
	dsp_svg_rect(g, x0 - 1, y0 - 1, x1 - x0 + 2, y1 - y0 + 2, "none",
	    "stroke=\"#000000\" stroke-width=\"1\"");
	/* Colour bar: a vertical gradient, value 0 at the bottom. */
	dsp_svg_viridis_bar(g, &bar);
	bar.ay.lo = 0;
	bar.ay.hi = top;
	bar.ay.title = NULL;
	dsp_svg_axes(g, &bar);
	dsp_svg_text(g, bar.x + bar.w, bar.y - f * 0.5, "end", f * 0.9, 0,
	    m->metric == DSP_METRIC_ENTROPY ? "H (nats)" :
	    m->metric == DSP_METRIC_ENTROPY_NORM ? "H / log n" : "max weight");
	{
		const char *note = "colour scale from 0 to its maximum (log n for "
		    "entropy, 1 otherwise); grey = not computable";

		if (dsp_svg_text_width(f * 0.8, note) > pg.w - 2 * f)
			note = "colour from 0 to log n (entropy) or 1; grey = no value";
		dsp_svg_text(g, f, pg.h - f * 0.6, "start", f * 0.8, 0, note);
	}
	return dsp_svg_end(g);
}

int
snap_write_screen_svg(const struct snap *s, FILE *fp)
{
	char title[320];

	snap_svg_fig_title(s, title, sizeof title, "disperse screen");
	return dsp_screen_svg(s->scr, &s->v->fig, title, fp);
}
