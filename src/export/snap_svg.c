/* Snapshot sets: the SVG figures (weights histogram, entropy curve with
 * its bounds and overlays, map). */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/bounds.h"
#include "core/error.h"
#include "core/eval.h"
#include "core/figures.h"
#include "core/map.h"
#include "core/params.h"
#include "core/runs.h"
#include "export/snap_int.h"
#include "export/svg.h"
#include "export/viridis.h"

/* Line colours: viridis-friendly dark blue, red-orange for bounds. */
#define C_MAIN		"#3b528b"
#define C_BOUND		"#d1495b"
#define C_CEIL		"#777777"
#define C_PIN		"#b0b0b0"	/* pinned curves: a dim ghost */
#define C_BAND		"#f4a259"
static const char *cmp_colors[] = {
	"#21918c", "#5ec962", "#b8860b", "#8e44ad", "#e07a5f", "#2a9d8f",
	"#6d597a", "#bc6c25"
};

#define SVG_W		720
#define SVG_H		460
#define HIST_MAX_BARS	200

struct wrun {
	double		w;
	uint64_t	c;
};

static int
wrun_desc(const void *a, const void *b)
{
	double x = ((const struct wrun *)a)->w, y = ((const struct wrun *)b)->w;

	return x < y ? 1 : x > y ? -1 : 0;
}

/* Weights sorted largest first, equal values merged. */
static struct wrun *
sorted_runs(const dsp_runs *w, size_t *len)
{
	struct wrun *r;
	size_t i, k = 0;

	if ((r = malloc((w->len ? w->len : 1) * sizeof *r)) == NULL)
		return NULL;
	for (i = 0; i < w->len; i++) {
		r[i].w = w->value[i];
		r[i].c = w->count[i];
	}
	qsort(r, w->len, sizeof *r, wrun_desc);
	for (i = 0; i < w->len; i++) {
		if (k > 0 && r[k - 1].w == r[i].w)
			r[k - 1].c += r[i].c;
		else
			r[k++] = r[i];
	}
	*len = k;
	return r;
}

static void
fig_title(const struct snap *s, char *buf, size_t size, const char *what)
{
	char b1[32], b2[32], b3[32];

	snprintf(buf, size, "%s: %s, n = %llu, \xce\xb4 = %s, \xce\xb8 = %s%s%s", what,
	    dsp_family_name(s->p.family), (unsigned long long)snap_items(&s->p),
	    snap_num(b1, sizeof b1, s->p.delta), snap_num(b2, sizeof b2, s->p.theta),
	    s->p.family == DSP_FAM_POWER ? ", \xce\xbb = " : "",
	    s->p.family == DSP_FAM_POWER ? snap_num(b3, sizeof b3, s->p.lambda) : "");
}

static void
svg_heading(dsp_svg *g, const struct snap *s, const char *title)
{
	char b[64];

	dsp_svg_text(g, SVG_W / 2.0, 24, "middle", 15, 0, title);
	snprintf(b, sizeof b, "%s%s", dsp_attn_name(s->p.attn),
	    s->p.adaptive ? " + adaptive \xce\xb8" : "");
	dsp_svg_text(g, SVG_W - 10, SVG_H - 8, "end", 9, 0, b);
}

static void
svg_message(dsp_svg *g, const dsp_plot *pl, const char *msg)
{
	dsp_svg_text(g, pl->x + pl->w / 2, pl->y + pl->h / 2, "middle", 13, 0, msg);
}

/* Sorted bars: one bar per item up to HIST_MAX_BARS items, else runs on
 * a log rank axis merged until each bar is at least a pixel wide. */
static void
hist_sorted(dsp_svg *g, const struct snap *s, dsp_plot *pl, const struct wrun *r,
    size_t nr, uint64_t total, double wmax, double wmin)
{
	double x0, x1, y, bw, h = 0;
	uint64_t rank = 1, i, start;
	size_t k, j;
	int logy = wmin > 0 && wmax / wmin > 50;
	char extra[64];

	pl->ax.lo = total <= HIST_MAX_BARS ? 0.5 : 1;
	pl->ax.hi = total <= HIST_MAX_BARS ? (double)total + 0.5 : (double)total + 1;
	pl->ax.log_base = total <= HIST_MAX_BARS ? 0 : 10;
	pl->ax.title = "rank of the weight (largest first)";
	pl->ay.title = "attention weight";
	if (logy) {
		pl->ay.log_base = 10;
		pl->ay.lo = wmin;
		pl->ay.hi = fmax(wmax, isfinite(s->sum.hi_tight) ? s->sum.hi_tight : wmax);
	} else {
		pl->ay.lo = 0;
		pl->ay.hi = wmax > 0 ? wmax * 1.1 : 1;
	}
	dsp_axis_nice(&pl->ay, 6);
	if (pl->ax.log_base)
		dsp_axis_nice(&pl->ax, 6);
	snprintf(extra, sizeof extra, "clip-path=\"url(#plot)\"");
	dsp_svg_raw(g, "<g class=\"bars\" %s>\n", extra);
	if (total <= HIST_MAX_BARS) {
		bw = pl->w / (double)total;
		for (k = 0; k < nr; k++)
			for (i = 0; i < r[k].c; i++, rank++) {
				x0 = dsp_plot_px(pl, (double)rank) - bw * 0.4;
				y = dsp_plot_py(pl, logy ? fmax(r[k].w, pl->ay.lo) : r[k].w);
				dsp_svg_rect(g, x0, y, bw * 0.8, pl->y + pl->h - y, C_MAIN, NULL);
			}
	} else {
		for (k = 0; k < nr; k = j) {
			start = rank;
			h = r[k].w;
			for (j = k; j < nr; j++) {
				rank += r[j].c;
				if (dsp_plot_px(pl, (double)rank) - dsp_plot_px(pl,
				    (double)start) >= 1)
					{ j++; break; }
			}
			if (logy && !(h > 0))
				continue;
			x0 = dsp_plot_px(pl, (double)start);
			x1 = dsp_plot_px(pl, (double)rank);
			y = dsp_plot_py(pl, h);
			dsp_svg_rect(g, x0, y, x1 - x0, pl->y + pl->h - y, C_MAIN, NULL);
		}
	}
	dsp_svg_raw(g, "</g>\n");
}

/* Log-binned: how many items have a weight in each logarithmic bin. */
static void
hist_binned(dsp_svg *g, dsp_plot *pl, const struct wrun *r, size_t nr,
    double wmax, double wmin)
{
	double lo, hi, per, edges, cnt[64], cmax = 0, cmin = INFINITY, x0, x1, y;
	size_t k, b, nb;

	lo = floor(log10(wmin));
	hi = ceil(log10(wmax));
	if (hi <= lo)
		hi = lo + 1;
	per = (hi - lo) >= 12 ? 1 : (hi - lo) >= 6 ? 2 : (hi - lo) >= 3 ? 5 : 10;
	edges = (hi - lo) * per;
	nb = (size_t)edges;
	if (nb > 64)
		nb = 64;
	per = (double)nb / (hi - lo);
	memset(cnt, 0, sizeof cnt);
	for (k = 0; k < nr; k++) {
		if (!(r[k].w > 0))
			continue;
		b = (size_t)floor((log10(r[k].w) - lo) * per);
		if (b >= nb)
			b = nb - 1;
		cnt[b] += (double)r[k].c;
	}
	for (b = 0; b < nb; b++) {
		cmax = fmax(cmax, cnt[b]);
		if (cnt[b] > 0)
			cmin = fmin(cmin, cnt[b]);
	}
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

int
snap_write_hist_svg(const struct snap *s, FILE *fp)
{
	dsp_plot pl = { 90, 50, 560, 320, { 0, 1, 0, NULL, 0 }, { 0, 1, 0, NULL, 0 } };
	dsp_legend_item leg[4];
	double wmax = 0, wmin = INFINITY, lo = s->sum.lo_tight, hi = s->sum.hi_tight;
	double un, a, b;
	struct wrun *r = NULL;
	size_t nr = 0, k, nl = 0, zeros = 0;
	uint64_t total = 0;
	char title[256], note[128];
	dsp_svg *g;
	int mode = s->v->hist_mode, band;

	fig_title(s, title, sizeof title, mode ? "Weight histogram" : "Sorted attention weights");
	if ((g = dsp_svg_begin(fp, SVG_W, SVG_H, title, "Attention weights of the "
	    "current view with the tight Lemma 2.1 band")) == NULL)
		return DSP_ENOMEM;
	svg_heading(g, s, title);
	if (s->w_rc == DSP_OK && (r = sorted_runs(s->w, &nr)) == NULL) {
		dsp_svg_end(g);
		return dsp_fail(DSP_ENOMEM, "out of memory");
	}
	for (k = 0; k < nr; k++) {
		total += r[k].c;
		wmax = fmax(wmax, r[k].w);
		if (r[k].w > 0)
			wmin = fmin(wmin, r[k].w);
		else
			zeros += r[k].c;
	}
	if (nr == 0 || !(wmax > 0)) {
		pl.ax.title = "rank";
		pl.ay.title = "attention weight";
		dsp_svg_axes(g, &pl);
		svg_message(g, &pl, s->w_rc != DSP_OK ? "no per-item weights (see notes)" :
		    "all weights are zero");
		free(r);
		return dsp_svg_end(g);
	}
	dsp_svg_clip(g, &pl, "plot");
	/* The band is drawn first so the bars sit on top of it. */
	if (mode == 0)
		hist_sorted(g, s, &pl, r, nr, total, wmax, wmin);
	else
		hist_binned(g, &pl, r, nr, wmax, wmin);
	band = isfinite(lo) && isfinite(hi);
	un = 1 / (double)total;
	dsp_svg_raw(g, "<g class=\"band\" clip-path=\"url(#plot)\">\n");
	if (band && mode == 0) {
		a = dsp_plot_py(&pl, hi);
		b = pl.ay.log_base && !(lo > 0) ? pl.y + pl.h : dsp_plot_py(&pl, lo);
		dsp_svg_rect(g, pl.x, a, pl.w, b - a, C_BAND, "fill-opacity=\"0.18\"");
		dsp_svg_line(g, pl.x, a, pl.x + pl.w, a, C_BOUND, 1.5, "6 3");
		dsp_svg_line(g, pl.x, b, pl.x + pl.w, b, C_BOUND, 1.5, "6 3");
		dsp_svg_line(g, pl.x, dsp_plot_py(&pl, un), pl.x + pl.w,
		    dsp_plot_py(&pl, un), C_CEIL, 1, "2 3");
	} else if (band) {
		a = lo > 0 ? dsp_plot_px(&pl, lo) : pl.x;
		b = dsp_plot_px(&pl, hi);
		dsp_svg_rect(g, a, pl.y, b - a, pl.h, C_BAND, "fill-opacity=\"0.18\"");
		dsp_svg_line(g, a, pl.y, a, pl.y + pl.h, C_BOUND, 1.5, "6 3");
		dsp_svg_line(g, b, pl.y, b, pl.y + pl.h, C_BOUND, 1.5, "6 3");
		dsp_svg_line(g, dsp_plot_px(&pl, un), pl.y, dsp_plot_px(&pl, un),
		    pl.y + pl.h, C_CEIL, 1, "2 3");
	}
	dsp_svg_raw(g, "</g>\n");
	dsp_svg_axes(g, &pl);
	leg[nl++] = (dsp_legend_item){ mode ? "items per bin" : "weights", C_MAIN, NULL, 1, 1 };
	if (band) {
		leg[nl++] = (dsp_legend_item){ "Lemma 2.1 tight band (derived)", C_BAND, NULL, 1, 0.35 };
		leg[nl++] = (dsp_legend_item){ "band edges", C_BOUND, "6 3", 0, 0 };
		leg[nl++] = (dsp_legend_item){ "uniform 1/n", C_CEIL, "2 3", 0, 0 };
	}
	dsp_svg_legend(g, pl.x + pl.w - 240, pl.y + 8, leg, nl);
	if (zeros > 0 && (mode == 1 || pl.ay.log_base)) {
		snprintf(note, sizeof note, "%llu items with weight 0 not shown",
		    (unsigned long long)zeros);
		dsp_svg_text(g, pl.x, SVG_H - 8, "start", 10, 0, note);
	}
	free(r);
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

static void
curve_panel(dsp_svg *g, const struct snap *s, int lower, double top)
{
	dsp_plot pl = { 90, top, 560, 200, { 0, 1, 0, NULL, 0 }, { 0, 1, 0, NULL, 0 } };
	double *x, *y[4], lo = INFINITY, hi = 0, yh = 0, cn = (double)snap_items(&s->p);
	dsp_legend_item leg[4 + DSP_VIEW_SERIES_MAX];
	size_t i, j, nl = 0, n = s->ncurve, a;
	unsigned ci = 0;
	char clip[16], lab[DSP_VIEW_SERIES_MAX][112];

	snprintf(clip, sizeof clip, "panel%d", lower);
	pl.ax.lo = s->ns[0];
	pl.ax.hi = s->ns[n - 1] > s->ns[0] ? s->ns[n - 1] : s->ns[0] * 2;
	pl.ax.log_base = dsp_log_base_for(pl.ax.lo, pl.ax.hi);
	pl.ax.title = "number of items n";
	dsp_axis_nice(&pl.ax, 6);
	x = malloc(n * sizeof *x);
	for (j = 0; j < 4; j++)
		y[j] = malloc(n * sizeof *y[j]);
	if (x == NULL || y[0] == NULL || y[1] == NULL || y[2] == NULL || y[3] == NULL)
		goto out;
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
		pl.ay.log_base = 10;
		pl.ay.lo = isfinite(lo) ? lo : 1e-3;
		pl.ay.hi = hi > 0 ? fmax(hi, 1) : 1;
		pl.ay.title = "maximum weight";
	} else {
		for (a = 0; a < s->nextra; a++)
			if (s->extra[a].h != NULL)
				for (i = 0; i < n; i++)
					if (isfinite(s->extra[a].h[i]))
						yh = fmax(yh, s->extra[a].h[i]);
		pl.ay.lo = 0;
		pl.ay.hi = yh > 0 ? yh : 1;
		pl.ay.title = "entropy H (nats)";
	}
	dsp_axis_nice(&pl.ay, 6);
	dsp_svg_clip(g, &pl, clip);
	dsp_svg_axes(g, &pl);
	dsp_svg_raw(g, "<g class=\"curves\" clip-path=\"url(#%s)\">\n", clip);
	if (cn >= pl.ax.lo && cn <= pl.ax.hi)
		dsp_svg_line(g, dsp_plot_px(&pl, cn), pl.y, dsp_plot_px(&pl, cn),
		    pl.y + pl.h, "#999999", 1, "1 3");
	for (j = 0; j < 3; j++)
		for (i = 0; i < n; i++)
			y[j][i] = lower && !(y[j][i] > 0) ? NAN : dsp_plot_py(&pl, y[j][i]);
	dsp_svg_polyline(g, x, y[2], n, lower ? C_BOUND : C_CEIL, 1.5,
	    lower ? "2 3" : "2 3");
	dsp_svg_polyline(g, x, y[1], n, C_BOUND, 1.5, "6 3");
	/* The view's further series as the screen has them: the plain twin
	 * or the overlays, then the pins as dim ghosts. */
	for (a = 0; a < s->nextra; a++) {
		const struct snap_series *xs = &s->extra[a];
		const double *src = lower ? xs->w : xs->h;
		int pin = xs->def.role == DSP_SERIES_PIN;
		const char *col = pin ? C_PIN : cmp_colors[ci % 8];

		if (src == NULL)
			continue;
		for (i = 0; i < n; i++)
			y[3][i] = lower && !(src[i] > 0) ? NAN : dsp_plot_py(&pl, src[i]);
		dsp_svg_polyline(g, x, y[3], n, col, pin ? 1.4 : 1.8, pin ? "3 2" : "8 2 2 2");
		if (xs->def.role == DSP_SERIES_PIN)
			snprintf(lab[ci], sizeof lab[ci], "%s", xs->def.label);
		else
			snprintf(lab[ci], sizeof lab[ci], "%s (plain \xce\xb8)",
			    dsp_attn_name(xs->def.p.attn));
		leg[4 + ci] = (dsp_legend_item){ lab[ci], col, pin ? "3 2" : "8 2 2 2", 0, 0 };
		ci++;
	}
	dsp_svg_polyline(g, x, y[0], n, C_MAIN, 2.2, NULL);
	dsp_svg_raw(g, "</g>\n");
	leg[nl++] = (dsp_legend_item){ lower ? "maximum weight" : "entropy H", C_MAIN,
	    NULL, 0, 0 };
	/* Whose line is it (figures.h): the tight band and the floor are
	 * derivations from Lemma 2.1, not the paper's statement. */
	leg[nl++] = (dsp_legend_item){ lower ? "tight upper bound (derived)" :
	    "floor log(1+(n\xe2\x88\x92" "1)e^(\xe2\x88\x92\xce\xb4/\xce\xb8)) (derived)",
	    C_BOUND, "6 3", 0, 0 };
	leg[nl++] = (dsp_legend_item){ lower ? "tight lower bound (derived)" :
	    "ceiling log n", lower ? C_BOUND : C_CEIL, "2 3", 0, 0 };
	for (j = 0; j < ci; j++)
		leg[nl++] = leg[4 + j];
	dsp_svg_legend(g, lower ? pl.x + pl.w - 230 : pl.x + 8, pl.y + 8, leg, nl);
out:
	free(x);
	for (j = 0; j < 4; j++)
		free(y[j]);
}

int
snap_write_curve_svg(const struct snap *s, FILE *fp)
{
	char title[256];
	dsp_svg *g;
	int h = s->v->curve_mode == DSP_CURVE_BOTH ? 600 : 320;

	fig_title(s, title, sizeof title, "Dispersion with n");
	if ((g = dsp_svg_begin(fp, SVG_W, h, title, "Entropy against n with the "
	    "entropy floor and ceiling; maximum weight against n with the Lemma 2.1 "
	    "bounds")) == NULL)
		return DSP_ENOMEM;
	dsp_svg_text(g, SVG_W / 2.0, 24, "middle", 15, 0, title);
	if (s->curve_rc != DSP_OK || s->ncurve == 0) {
		dsp_plot pl = { 90, 50, 560, 200, { 1, 10, 10, "number of items n", 0 },
		    { 0, 1, 0, "entropy H (nats)", 0 } };

		dsp_svg_axes(g, &pl);
		svg_message(g, &pl, s->curve_err[0] != '\0' ? s->curve_err :
		    "curve not computable");
		return dsp_svg_end(g);
	}
	if (s->curve_err[0] != '\0')	/* partial: say where and why it ends */
		dsp_svg_text(g, SVG_W / 2.0, 42, "middle", 11, 0, s->curve_err);
	/* The view's curve mode: the plots its curve panel shows. */
	if (s->v->curve_mode != DSP_CURVE_MAXW)
		curve_panel(g, s, 0, 50);
	if (s->v->curve_mode != DSP_CURVE_ENTROPY)
		curve_panel(g, s, 1, s->v->curve_mode == DSP_CURVE_MAXW ? 50 : 330);
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

int
snap_write_map_svg(const struct snap *s, FILE *fp)
{
	const dsp_map_spec *m = &s->v->map;
	/* Room below the axis title for the footnote. */
	dsp_plot pl = { 80, 50, 520, 340, { 0, 1, 0, "temperature \xce\xb8", 0 },
	    { 0, 1, 0, "power-series ratio \xce\xbb", 0 } };
	dsp_plot bar = { 640, 50, 18, 340, { 0, 1, 0, NULL, 1 }, { 0, 1, 0, NULL, 0 } };
	double dt, dl, x0, x1, y0, y1, v, top = snap_metric_top(s);
	char title[256], col[8], prev[8], b1[32];
	size_t r, c, c0;
	dsp_svg *g;

	snprintf(title, sizeof title, "%s over (\xce\xb8, \xce\xbb): e_k = \xce\xb4\xce\xbb^k "
	    "(as disperse defines it), "
	    "n = %llu, \xce\xb4 = %s", m->metric == DSP_METRIC_ENTROPY ? "Entropy" :
	    m->metric == DSP_METRIC_ENTROPY_NORM ? "Normalised entropy" : "Maximum weight",
	    (unsigned long long)snap_items(&s->mp), snap_num(b1, sizeof b1, s->p.delta));
	if ((g = dsp_svg_begin(fp, SVG_W, SVG_H, title, "Paper Figure 5 style map "
	    "over disperse's power series e_k = delta lambda^k (as disperse defines "
	    "it), viridis colour map")) == NULL)
		return DSP_ENOMEM;
	svg_heading(g, s, title);
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
		y0 = dsp_plot_py(&pl, in_range(dsp_map_lambda(m, r) + dl / 2, &pl.ay));
		y1 = dsp_plot_py(&pl, in_range(dsp_map_lambda(m, r) - dl / 2, &pl.ay));
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
			x0 = dsp_plot_px(&pl, in_range(dsp_map_theta(m, c0) - dt / 2, &pl.ax));
			x1 = dsp_plot_px(&pl, in_range(dsp_map_theta(m, c - 1) + dt / 2, &pl.ax));
			dsp_svg_rect(g, x0, y0, x1 - x0, y1 - y0, prev, NULL);
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
	dsp_svg_text(g, bar.x + bar.w / 2, bar.y - 10, "middle", 12, 0,
	    m->metric == DSP_METRIC_ENTROPY ? "H (nats)" :
	    m->metric == DSP_METRIC_ENTROPY_NORM ? "H / log n" : "max weight");
	dsp_svg_text(g, pl.x, SVG_H - 8, "start", 10, 0,
	    "colour scale from 0 to its maximum (log n for entropy, 1 otherwise); "
	    "grey = not computable");
	return dsp_svg_end(g);
}
