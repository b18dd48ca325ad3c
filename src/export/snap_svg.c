/* Snapshot sets: the SVG figures (weights histogram, entropy curve with
 * its bounds and overlays, map). */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
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
#include "export/viridis.h"

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

/* What computed the series: "softmax, fixed θ, double",
 * "ssmax + adaptive θ, float16". */
static void
series_what(const struct snap *s, char *buf, size_t size)
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

	series_what(s, w, sizeof w);
	snprintf(ww, sizeof ww, " (%s)", w);
	snprintf(buf, size, "%s: %s, n = %llu, \xce\xb4 = %s, \xce\xb8 = %s%s%s%s", what,
	    dsp_family_name(s->p.family), (unsigned long long)snap_items(&s->p),
	    snap_num(b1, sizeof b1, s->p.delta), snap_num(b2, sizeof b2, s->p.theta),
	    s->p.family == DSP_FAM_POWER ? ", \xce\xbb = " : "",
	    s->p.family == DSP_FAM_POWER ? snap_num(b3, sizeof b3, s->p.lambda) : "",
	    full ? ww : "");
}

static void
fig_title(const struct snap *s, char *buf, size_t size, const char *what)
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
static dsp_svg *
fig_begin(const struct snap *s, FILE *fp, double defw, double defh,
    const char *title, const char *desc, dsp_svg_page *pg, double *top)
{
	return dsp_svg_begin_figure(fp, &s->v->fig, defw, defh, title, desc, pg, top);
}

static void
svg_message(dsp_svg *g, const dsp_plot *pl, const char *msg)
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
	double		 bw, h;
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
		b->h = w;
		b->open = 1;
	}
	b->rank += c;
	if (dsp_plot_px(pl, (double)b->rank) - dsp_plot_px(pl, (double)b->start) >= 1)
		bar_close(b);
}

static int
hist_sorted(dsp_svg *g, const struct snap *s, dsp_plot *pl, uint64_t total,
    double wmax, double wmin)
{
	struct bars b = { g, pl, total, 1, 1, 0, 0, 0, 0 };
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
	rc = snap_sorted_stream(&s->ws, bar_run, &b);
	if (b.open)
		bar_close(&b);
	dsp_svg_raw(g, "</g>\n");
	return rc;
}

/* Items per logarithmic bin, run by run. */
struct bins {
	double	lo, per, *cnt;
	size_t	nb;
};

static int
bin_run(void *ctx, double w, uint64_t count)
{
	struct bins *c = ctx;
	size_t b;

	if (!(w > 0))
		return DSP_OK;
	b = (size_t)floor((log10(w) - c->lo) * c->per);
	if (b >= c->nb)
		b = c->nb - 1;
	c->cnt[b] += (double)count;
	return DSP_OK;
}

/* Log-binned: how many items have a weight in each logarithmic bin; the
 * weight axis spans the band too.  law: no item drawn (the large-n route),
 * the counts of the law's n weights the TUI's panel shows
 * (dsp_eval_expected_hist). */
static void
hist_binned(dsp_svg *g, const struct snap *s, dsp_plot *pl, double wmax, double wmin,
    int law)
{
	double lo, hi, per, edges, cnt[64], cmax = 0, cmin = INFINITY, x0, x1, y;
	double alo = wmin, ahi = wmax;
	struct bins c;
	size_t b, nb;

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
	c = (struct bins){ lo, per, cnt, nb };
	if (!law)
		dsp_wstream_each(&s->ws, bin_run, &c);
	else if (dsp_eval_expected_hist(&s->p, &s->sum, lo, lo + (double)nb / per, nb,
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
	if ((g = fig_begin(s, fp, SVG_W, SVG_H, title, "Attention weights of the "
	    "current view with the tight Lemma 2.1 band", &pg, &top)) == NULL)
		return DSP_ENOMEM;
	if (nr > 0)
		dsp_wstream_each(&s->ws, range_run, &wr);
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
	series_what(s, what, sizeof what);
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
		svg_message(g, &pl, s->w_rc != DSP_OK ? "no per-item weights (see notes)" :
		    "all weights are zero");
		return dsp_svg_end(g);
	}
	dsp_svg_clip(g, &pl, "plot");
	if (mode == 0 && (rc = hist_sorted(g, s, &pl, total, wmax, wmin)) != DSP_OK) {
		dsp_svg_end(g);
		return rc;
	}
	if (mode != 0)
		hist_binned(g, s, &pl, wmax, wmin, law);
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
	return s->sum_rc == DSP_OK && s->p.attn != DSP_ATTN_SSMAX &&
	    s->p.attn != DSP_ATTN_LOGN && isfinite(s->sum.log_critical_n);
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
	series_what(s, what, sizeof what);
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

	fig_title(s, title, sizeof title, "Dispersion with n");
	if ((g = fig_begin(s, fp, SVG_W, s->v->curve_mode == DSP_CURVE_BOTH ?
	    SVG_CURVE_H : SVG_CURVE_H * 0.55, title, "Entropy against n with "
	    "the entropy floor and ceiling; maximum weight against n with the Lemma "
	    "2.1 bounds, epsilon and Theorem 2.2's critical n", &pg, &top)) == NULL)
		return DSP_ENOMEM;
	if (s->curve_rc != DSP_OK || s->ncurve == 0) {
		dsp_plot pl = { 0, 0, 0, 0, { 1, 10, 10, "number of items n", 0 },
		    { 0, 1, 0, "entropy H (nats)", 0 } };

		dsp_svg_layout(g, 0, top, pg.w, pg.h - top, NULL, 0, &pl, &lx, &ly, &cols);
		dsp_svg_axes(g, &pl);
		svg_message(g, &pl, s->curve_err[0] != '\0' ? s->curve_err :
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

	series_what(s, what, sizeof what);
	snprintf(title, sizeof title, "%s over (\xce\xb8, \xce\xbb): e_k = \xce\xb4\xce\xbb^k "
	    "(as disperse defines it), "
	    "n = %llu, \xce\xb4 = %s (%s)", m->metric == DSP_METRIC_ENTROPY ? "Entropy" :
	    m->metric == DSP_METRIC_ENTROPY_NORM ? "Normalised entropy" : "Maximum weight",
	    (unsigned long long)snap_items(&s->mp), snap_num(b1, sizeof b1, s->p.delta), what);
	if ((g = fig_begin(s, fp, SVG_W, SVG_H, title, "Paper Figure 5 style map "
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
		svg_message(g, &pl, "map not computable");
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

	fig_title(s, title, sizeof title, "disperse screen");
	return dsp_screen_svg(s->scr, &s->v->fig, title, fp);
}
