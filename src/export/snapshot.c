/* Snapshot sets: one view written as text, CSV, JSON and SVG, every file
 * published atomically under a name no other snapshot can take, and the
 * JSON read back into the exact view. */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/dsp.h"
#include "export/atomic.h"
#include "export/json.h"
#include "export/snapshot.h"
#include "export/svg.h"
#include "export/table.h"
#include "export/viridis.h"

#define DEFAULT_DIR	"./disperse-snapshots"
#define MAX_SEQ		1000
#define MAX_CURVE	4096		/* curve points written at most */
#define MAX_MAP_CELLS	(1u << 20)
#define MAX_BARS	512		/* histogram rectangles drawn at most */
#define MAX_LOAD	(64u << 20)	/* largest snapshot JSON read */

void
dsp_viewstate_default(dsp_viewstate *v)
{
	memset(v, 0, sizeof *v);
	dsp_params_default(&v->params);
	dsp_map_spec_default(&v->map, 64, 32);
	v->map_row = 0;
	v->map_col = 0;
	v->curve_lo = 1;
	v->curve_hi = ldexp(1, 40);
	v->curve_points = 256;
	v->focus = 0;
	v->hist_mode = 0;
	v->compare_mask = 1u << DSP_ATTN_SOFTMAX;
}

/* Everything computed once and shared by the files of a set. */
struct snap {
	const dsp_viewstate	*v;
	const char		*screen;
	char			 base[64];	/* disperse-YYYYmmdd-HHMMSS-NNN */
	char			 created[32];	/* ISO 8601 local time */
	dsp_summary		 sum;
	dsp_runs		*w;		/* weights, NULL if unavailable */
	int			 w_rc;
	char			 w_err[256];
	double			*ns;
	dsp_summary		*curve;
	size_t			 ncurve;
	double			*map;		/* rows * cols */
};

typedef int (*writer_fn)(FILE *fp, const struct snap *sn);

/* ---- text report ---- */

static void
txt_num(FILE *fp, const char *key, double v)
{
	fprintf(fp, "%-18s %.17g\n", key, v);
}

static int
write_txt(FILE *fp, const struct snap *sn)
{
	const dsp_params *p = &sn->v->params;
	const dsp_summary *s = &sn->sum;

	if (sn->screen != NULL) {
		fputs(sn->screen, fp);
		return DSP_OK;
	}
	fprintf(fp, "disperse %s snapshot %s\n\n", PACKAGE_VERSION, sn->base);
	fprintf(fp, "%-18s %s\n", "family", dsp_family_name(p->family));
	fprintf(fp, "%-18s %" PRIu64 "\n", "n", p->family == DSP_FAM_FILE ?
	    (uint64_t)p->n_logits : p->n);
	txt_num(fp, "delta", p->delta);
	txt_num(fp, "theta", p->theta);
	txt_num(fp, "lambda", p->lambda);
	txt_num(fp, "eps", p->eps);
	fprintf(fp, "%-18s %" PRIu64 "\n", "seed", p->seed);
	fprintf(fp, "%-18s %" PRIu64 "\n", "topk", p->topk);
	fprintf(fp, "%-18s %s\n", "attn", dsp_attn_name(p->attn));
	fprintf(fp, "%-18s %s\n", "adaptive", p->adaptive ? "on" : "off");
	txt_num(fp, "ssmax_s", p->ssmax_s);
	txt_num(fp, "alpha", p->alpha);
	fprintf(fp, "%-18s %s\n\n", "precision", dsp_precision_name(p->precision));
	fprintf(fp, "%-18s %s\n", "method", dsp_method_name(s->method));
	txt_num(fp, "logit_min", s->logit_min);
	txt_num(fp, "logit_max", s->logit_max);
	txt_num(fp, "spread", s->spread);
	txt_num(fp, "theta_eff", s->theta_eff);
	txt_num(fp, "beta", s->beta);
	txt_num(fp, "entropy", s->entropy);
	txt_num(fp, "entropy_bits", s->entropy_bits);
	txt_num(fp, "entropy_norm", s->entropy_norm);
	txt_num(fp, "entropy_paper", s->entropy_paper);
	txt_num(fp, "max_weight", s->max_weight);
	txt_num(fp, "min_weight", s->min_weight);
	txt_num(fp, "total", s->total);
	txt_num(fp, "topk_mass", s->topk_mass);
	txt_num(fp, "lemma_tight_lo", s->lo_tight);
	txt_num(fp, "lemma_tight_hi", s->hi_tight);
	txt_num(fp, "lemma_loose_lo", s->lo_loose);
	txt_num(fp, "lemma_loose_hi", s->hi_loose);
	fprintf(fp, "%-18s %s\n", "bound", s->bound_holds < 0 ? "n/a" :
	    s->bound_holds ? "holds" : "violated");
	txt_num(fp, "bound_margin", s->bound_margin);
	txt_num(fp, "entropy_floor", s->entropy_floor);
	txt_num(fp, "entropy_ceiling", s->entropy_ceiling);
	txt_num(fp, "log_critical_n", s->log_critical_n);
	txt_num(fp, "zero_weights", s->zero_weights);
	return DSP_OK;
}

/* ---- JSON ---- */

static void
jnum(dsp_jw *w, const char *key, double v)
{
	dsp_jw_key(w, key);
	dsp_jw_num(w, v);
}

static void
juint(dsp_jw *w, const char *key, unsigned long long v)
{
	dsp_jw_key(w, key);
	dsp_jw_uint(w, v);
}

static void
jstr(dsp_jw *w, const char *key, const char *s)
{
	dsp_jw_key(w, key);
	dsp_jw_str(w, s);
}

static void
json_params(dsp_jw *w, const dsp_params *p)
{
	dsp_jw_key(w, "params");
	dsp_jw_object(w);
	jstr(w, "family", dsp_family_name(p->family));
	juint(w, "n", p->family == DSP_FAM_FILE ? (uint64_t)p->n_logits : p->n);
	jnum(w, "delta", p->delta);
	jnum(w, "theta", p->theta);
	jnum(w, "lambda", p->lambda);
	jnum(w, "eps", p->eps);
	juint(w, "seed", p->seed);
	juint(w, "topk", p->topk);
	juint(w, "explicit_max", p->explicit_max);
	jstr(w, "attn", dsp_attn_name(p->attn));
	dsp_jw_key(w, "adaptive");
	dsp_jw_bool(w, p->adaptive);
	jnum(w, "ssmax_s", p->ssmax_s);
	jnum(w, "alpha", p->alpha);
	jstr(w, "precision", dsp_precision_name(p->precision));
	dsp_jw_close(w);
}

static void
json_view(dsp_jw *w, const dsp_viewstate *v)
{
	int a;

	dsp_jw_key(w, "view");
	dsp_jw_object(w);
	dsp_jw_key(w, "map");
	dsp_jw_object(w);
	jnum(w, "theta_lo", v->map.theta_lo);
	jnum(w, "theta_hi", v->map.theta_hi);
	jnum(w, "lambda_lo", v->map.lambda_lo);
	jnum(w, "lambda_hi", v->map.lambda_hi);
	juint(w, "cols", v->map.cols);
	juint(w, "rows", v->map.rows);
	jstr(w, "metric", dsp_metric_name(v->map.metric));
	dsp_jw_close(w);
	juint(w, "map_row", v->map_row);
	juint(w, "map_col", v->map_col);
	jnum(w, "curve_lo", v->curve_lo);
	jnum(w, "curve_hi", v->curve_hi);
	juint(w, "curve_points", v->curve_points);
	dsp_jw_key(w, "focus");
	dsp_jw_int(w, v->focus);
	dsp_jw_key(w, "hist_mode");
	dsp_jw_int(w, v->hist_mode);
	juint(w, "compare_mask", v->compare_mask);
	dsp_jw_key(w, "compare");
	dsp_jw_array(w);
	for (a = 0; a < DSP_ATTN_COUNT; a++)
		if (v->compare_mask & (1u << a))
			dsp_jw_str(w, dsp_attn_name((enum dsp_attn)a));
	dsp_jw_close(w);
	dsp_jw_close(w);
}

static void
json_figures(dsp_jw *w, const dsp_summary *s)
{
	dsp_jw_key(w, "figures");
	dsp_jw_object(w);
	jstr(w, "method", dsp_method_name(s->method));
	jnum(w, "n", s->n);
	jnum(w, "logit_min", s->logit_min);
	jnum(w, "logit_max", s->logit_max);
	jnum(w, "spread", s->spread);
	jnum(w, "theta_eff", s->theta_eff);
	jnum(w, "beta", s->beta);
	jnum(w, "entropy", s->entropy);
	jnum(w, "entropy_bits", s->entropy_bits);
	jnum(w, "entropy_norm", s->entropy_norm);
	jnum(w, "entropy_paper", s->entropy_paper);
	jnum(w, "max_weight", s->max_weight);
	jnum(w, "min_weight", s->min_weight);
	jnum(w, "total", s->total);
	jnum(w, "topk_mass", s->topk_mass);
	jnum(w, "lemma_tight_lo", s->lo_tight);
	jnum(w, "lemma_tight_hi", s->hi_tight);
	jnum(w, "lemma_loose_lo", s->lo_loose);
	jnum(w, "lemma_loose_hi", s->hi_loose);
	dsp_jw_key(w, "bound_holds");
	if (s->bound_holds < 0)
		dsp_jw_null(w);
	else
		dsp_jw_bool(w, s->bound_holds);
	jnum(w, "bound_margin", s->bound_margin);
	jnum(w, "entropy_floor", s->entropy_floor);
	jnum(w, "entropy_ceiling", s->entropy_ceiling);
	jnum(w, "log_critical_n", s->log_critical_n);
	jnum(w, "critical_n", exp(s->log_critical_n));
	jnum(w, "zero_weights", s->zero_weights);
	dsp_jw_close(w);
}

static int
write_json(FILE *fp, const struct snap *sn)
{
	const dsp_params *p = &sn->v->params;
	dsp_jw *w;
	size_t i;

	if ((w = dsp_jw_new(fp, 2)) == NULL)
		return DSP_ENOMEM;
	dsp_jw_object(w);
	jstr(w, "program", PACKAGE_NAME);
	jstr(w, "version", PACKAGE_VERSION);
	jstr(w, "snapshot", sn->base);
	jstr(w, "created", sn->created);
	json_params(w, p);
	json_view(w, sn->v);
	json_figures(w, &sn->sum);
	if (p->family == DSP_FAM_FILE) {
		dsp_jw_key(w, "logits");
		dsp_jw_array(w);
		for (i = 0; i < p->n_logits; i++)
			dsp_jw_num(w, p->logits[i]);
		dsp_jw_close(w);
	}
	dsp_jw_close(w);
	return dsp_jw_end(w);
}

/* ---- CSV ---- */

static int
stamp(dsp_table *t, const struct snap *sn)
{
	const dsp_params *p = &sn->v->params;
	int rc = 0;

	rc |= dsp_table_stamp(t, "program", PACKAGE_NAME " " PACKAGE_VERSION);
	rc |= dsp_table_stamp(t, "snapshot", sn->base);
	rc |= dsp_table_stamp(t, "family", dsp_family_name(p->family));
	rc |= dsp_table_stampf(t, "n", "%" PRIu64, p->family == DSP_FAM_FILE ?
	    (uint64_t)p->n_logits : p->n);
	rc |= dsp_table_stampf(t, "delta", "%.17g", p->delta);
	rc |= dsp_table_stampf(t, "theta", "%.17g", p->theta);
	rc |= dsp_table_stampf(t, "lambda", "%.17g", p->lambda);
	rc |= dsp_table_stampf(t, "seed", "%" PRIu64, p->seed);
	rc |= dsp_table_stamp(t, "attn", dsp_attn_name(p->attn));
	rc |= dsp_table_stamp(t, "adaptive", p->adaptive ? "on" : "off");
	rc |= dsp_table_stamp(t, "precision", dsp_precision_name(p->precision));
	return rc ? DSP_ENOMEM : DSP_OK;
}

static int
finish_table(dsp_table *t, FILE *fp, int rc)
{
	if (rc == DSP_OK)
		rc = dsp_table_write(t, fp, DSP_FMT_CSV);
	dsp_table_free(t);
	return rc;
}

static int
write_weights(FILE *fp, const struct snap *sn)
{
	char cnt[32];
	dsp_table *t;
	double row[2];
	size_t i;
	int rc;

	if (sn->w == NULL) {
		/* No weights to list, but the file says why. */
		fprintf(fp, "# snapshot: %s\n# weights not available: %s\n",
		    sn->base, sn->w_err);
		return DSP_OK;
	}
	if ((t = dsp_table_alloc("weights")) == NULL)
		return DSP_ENOMEM;
	rc = stamp(t, sn);
	rc |= dsp_table_column(t, "value", "%.17g");
	rc |= dsp_table_column(t, "count", "%.0f");
	for (i = 0; rc == DSP_OK && i < sn->w->len; i++) {
		row[0] = sn->w->value[i];
		row[1] = (double)sn->w->count[i];
		if ((rc = dsp_table_row(t, row)) != DSP_OK)
			break;
		/* Counts past 2^53 are not exact as doubles. */
		snprintf(cnt, sizeof cnt, "%" PRIu64, sn->w->count[i]);
		rc = dsp_table_set_text(t, i, 1, cnt);
	}
	return finish_table(t, fp, rc ? DSP_ENOMEM : DSP_OK);
}

static int
write_curve(FILE *fp, const struct snap *sn)
{
	dsp_table *t;
	double row[8];
	size_t i;
	int rc;
	const dsp_summary *s;

	if ((t = dsp_table_alloc("entropy vs n")) == NULL)
		return DSP_ENOMEM;
	rc = stamp(t, sn);
	rc |= dsp_table_column(t, "n", "%.17g");
	rc |= dsp_table_column(t, "entropy", "%.17g");
	rc |= dsp_table_column(t, "entropy_floor", "%.17g");
	rc |= dsp_table_column(t, "entropy_ceiling", "%.17g");
	rc |= dsp_table_column(t, "max_weight", "%.17g");
	rc |= dsp_table_column(t, "lo_tight", "%.17g");
	rc |= dsp_table_column(t, "hi_tight", "%.17g");
	rc |= dsp_table_column(t, "method", "%g");
	for (i = 0; rc == DSP_OK && i < sn->ncurve; i++) {
		s = &sn->curve[i];
		row[0] = sn->ns[i];
		row[1] = s->entropy;
		row[2] = s->entropy_floor;
		row[3] = s->entropy_ceiling;
		row[4] = s->max_weight;
		row[5] = s->lo_tight;
		row[6] = s->hi_tight;
		row[7] = 0;
		if ((rc = dsp_table_row(t, row)) == DSP_OK)
			rc = dsp_table_set_text(t, i, 7, dsp_method_name(s->method));
	}
	return finish_table(t, fp, rc ? DSP_ENOMEM : DSP_OK);
}

static int
write_map(FILE *fp, const struct snap *sn)
{
	const dsp_map_spec *m = &sn->v->map;
	dsp_table *t;
	double row[3];
	size_t r, c;
	int rc;

	if ((t = dsp_table_alloc("theta-lambda map")) == NULL)
		return DSP_ENOMEM;
	rc = stamp(t, sn);
	rc |= dsp_table_stamp(t, "metric", dsp_metric_name(m->metric));
	rc |= dsp_table_column(t, "theta", "%.17g");
	rc |= dsp_table_column(t, "lambda", "%.17g");
	rc |= dsp_table_column(t, "value", "%.17g");
	for (r = 0; rc == DSP_OK && r < m->rows; r++)
		for (c = 0; rc == DSP_OK && c < m->cols; c++) {
			row[0] = dsp_map_theta(m, c);
			row[1] = dsp_map_lambda(m, r);
			row[2] = sn->map[r * m->cols + c];
			rc = dsp_table_row(t, row);
		}
	return finish_table(t, fp, rc ? DSP_ENOMEM : DSP_OK);
}

/* ---- SVG figures ---- */

#define SVG_W	720
#define SVG_H	460

static const char *const attn_colors[DSP_ATTN_COUNT] = {
	"#1f77b4", "#d62728", "#2ca02c", "#9467bd",
	"#8c564b", "#e377c2", "#ff7f0e", "#17becf"
};

static void
std_plot(dsp_plot *pl)
{
	memset(pl, 0, sizeof *pl);
	pl->x = 84;
	pl->y = 48;
	pl->w = SVG_W - 84 - 24;
	pl->h = SVG_H - 48 - 64;
}

static void
figure_title(dsp_svg *s, const char *title, const struct snap *sn)
{
	const dsp_params *p = &sn->v->params;

	dsp_svg_text(s, SVG_W / 2.0, 22, "middle", 15, 0, title);
	dsp_svg_textf(s, SVG_W / 2.0, 38, "middle", 11, 0,
	    "%s, n = %" PRIu64 ", \xce\xb4 = %g, \xce\xb8 = %g, \xce\xbb = %g, %s%s",
	    dsp_family_name(p->family), p->family == DSP_FAM_FILE ?
	    (uint64_t)p->n_logits : p->n, p->delta, p->theta, p->lambda,
	    dsp_attn_name(p->attn), p->adaptive ? " (adaptive)" : "");
}

struct wrun {
	double		v;
	uint64_t	c;
};

static int
wrun_desc(const void *a, const void *b)
{
	double x = ((const struct wrun *)a)->v, y = ((const struct wrun *)b)->v;

	return x < y ? 1 : x > y ? -1 : 0;
}

static int
write_hist_svg(FILE *fp, const struct snap *sn)
{
	const dsp_summary *sum = &sn->sum;
	struct wrun *r = NULL;
	dsp_legend_item leg[3];
	size_t nr = 0, i, nleg = 0;
	double total = 0, rank, hi, x0, x1, y0;
	dsp_plot pl;
	dsp_svg *s;

	if (sn->w != NULL && sn->w->len > 0) {
		if ((r = malloc(sn->w->len * sizeof *r)) == NULL)
			return DSP_ENOMEM;
		for (i = 0; i < sn->w->len; i++) {
			r[i].v = sn->w->value[i];
			r[i].c = sn->w->count[i];
			total += (double)r[i].c;
		}
		nr = sn->w->len;
		qsort(r, nr, sizeof *r, wrun_desc);
	}
	std_plot(&pl);
	pl.ax.title = "rank of weight (largest first)";
	pl.ay.title = "attention weight";
	pl.ax.lo = 0;
	pl.ax.hi = total > 0 ? total : (sum->n > 0 ? sum->n : 1);
	hi = sum->max_weight;
	if (isfinite(sum->hi_tight) && sum->hi_tight > hi)
		hi = sum->hi_tight;
	pl.ay.lo = 0;
	pl.ay.hi = isfinite(hi) && hi > 0 ? hi * 1.05 : 1;
	dsp_axis_nice(&pl.ax, 6);
	dsp_axis_nice(&pl.ay, 6);
	pl.ax.lo = 0;
	pl.ay.lo = 0;
	if ((s = dsp_svg_begin(fp, SVG_W, SVG_H, "Sorted attention weights",
	    "Weights sorted from largest to smallest, with the Lemma 2.1 band")) == NULL) {
		free(r);
		return DSP_ENOMEM;
	}
	figure_title(s, "Sorted attention weights with the Lemma 2.1 band", sn);
	dsp_svg_axes(s, &pl);
	dsp_svg_clip(s, &pl, "hist-clip");
	dsp_svg_raw(s, "<g clip-path=\"url(#hist-clip)\">\n");
	if (isfinite(sum->lo_tight) && isfinite(sum->hi_tight)) {
		y0 = dsp_plot_py(&pl, sum->hi_tight);
		dsp_svg_rect(s, pl.x, y0, pl.w, dsp_plot_py(&pl, sum->lo_tight) - y0,
		    "#fdae61", "fill-opacity=\"0.35\" class=\"band\"");
		dsp_svg_line(s, pl.x, y0, pl.x + pl.w, y0, "#d7191c", 1.2, "6 3");
		dsp_svg_line(s, pl.x, dsp_plot_py(&pl, sum->lo_tight), pl.x + pl.w,
		    dsp_plot_py(&pl, sum->lo_tight), "#d7191c", 1.2, "6 3");
		leg[nleg++] = (dsp_legend_item){ "Lemma 2.1 tight band", "#fdae61",
		    NULL, 1, 0.35 };
	}
	/* One bar per run of equal weights; past MAX_BARS runs the tail is
	 * drawn as one step line, still exact at every run edge. */
	rank = 0;
	for (i = 0; i < nr; i++) {
		x0 = dsp_plot_px(&pl, rank);
		rank += (double)r[i].c;
		x1 = dsp_plot_px(&pl, rank);
		y0 = dsp_plot_py(&pl, r[i].v);
		if (i < MAX_BARS)
			dsp_svg_rect(s, x0, y0, x1 - x0 > 0.3 ? x1 - x0 : 0.3,
			    pl.y + pl.h - y0, "#3b528b", "class=\"bar\"");
	}
	if (nr > MAX_BARS) {
		double *xs = malloc(2 * (nr - MAX_BARS) * sizeof *xs);
		double *ys = malloc(2 * (nr - MAX_BARS) * sizeof *ys);
		size_t k = 0;

		if (xs != NULL && ys != NULL) {
			rank = 0;
			for (i = 0; i < nr; i++) {
				if (i >= MAX_BARS) {
					xs[k] = dsp_plot_px(&pl, rank);
					ys[k++] = dsp_plot_py(&pl, r[i].v);
				}
				rank += (double)r[i].c;
				if (i >= MAX_BARS) {
					xs[k] = dsp_plot_px(&pl, rank);
					ys[k++] = dsp_plot_py(&pl, r[i].v);
				}
			}
			dsp_svg_polyline(s, xs, ys, k, "#3b528b", 1.5, NULL);
		}
		free(xs);
		free(ys);
	}
	dsp_svg_raw(s, "</g>\n");
	if (nr == 0)
		dsp_svg_textf(s, pl.x + pl.w / 2, pl.y + pl.h / 2, "middle", 13, 0,
		    "weights not available: %s", sn->w_err);
	leg[nleg++] = (dsp_legend_item){ "weights (sorted)", "#3b528b", NULL, 1, 0 };
	dsp_svg_legend(s, pl.x + pl.w - 190, pl.y + 8, leg, nleg);
	free(r);
	return dsp_svg_end(s);
}

static int
write_curve_svg(FILE *fp, const struct snap *sn)
{
	const dsp_viewstate *v = sn->v;
	dsp_legend_item leg[DSP_ATTN_COUNT + 3];
	dsp_summary *cmp = NULL;
	double *xs = NULL, *ys = NULL, *yf = NULL, *yc = NULL, hi = 0;
	size_t i, nleg = 0;
	dsp_plot pl;
	dsp_params q;
	dsp_svg *s;
	int a, rc = DSP_OK;

	if (sn->ncurve > 0) {
		xs = malloc(sn->ncurve * sizeof *xs);
		ys = malloc(sn->ncurve * sizeof *ys);
		yf = malloc(sn->ncurve * sizeof *yf);
		yc = malloc(sn->ncurve * sizeof *yc);
		cmp = malloc(sn->ncurve * sizeof *cmp);
		if (xs == NULL || ys == NULL || yf == NULL || yc == NULL || cmp == NULL) {
			rc = DSP_ENOMEM;
			goto out;
		}
	}
	for (i = 0; i < sn->ncurve; i++) {
		if (isfinite(sn->curve[i].entropy_ceiling) && sn->curve[i].entropy_ceiling > hi)
			hi = sn->curve[i].entropy_ceiling;
		if (isfinite(sn->curve[i].entropy) && sn->curve[i].entropy > hi)
			hi = sn->curve[i].entropy;
	}
	std_plot(&pl);
	pl.ax.title = "n (number of items, log scale)";
	pl.ay.title = "entropy H (nats)";
	pl.ax.lo = sn->ncurve > 0 ? sn->ns[0] : v->curve_lo;
	pl.ax.hi = sn->ncurve > 0 ? sn->ns[sn->ncurve - 1] : v->curve_hi;
	pl.ax.log_base = dsp_log_base_for(pl.ax.lo, pl.ax.hi);
	pl.ay.lo = 0;
	pl.ay.hi = hi > 0 ? hi : 1;
	dsp_axis_nice(&pl.ax, 6);
	dsp_axis_nice(&pl.ay, 6);
	pl.ay.lo = 0;
	if ((s = dsp_svg_begin(fp, SVG_W, SVG_H, "Entropy against n",
	    "Entropy of the attention weights as n grows, with the Lemma 2.1 "
	    "floor and the log n ceiling")) == NULL) {
		rc = DSP_ENOMEM;
		goto out;
	}
	figure_title(s, "Entropy against n: dispersion (Lemma 2.1)", sn);
	dsp_svg_axes(s, &pl);
	dsp_svg_clip(s, &pl, "curve-clip");
	dsp_svg_raw(s, "<g clip-path=\"url(#curve-clip)\">\n");
	for (i = 0; i < sn->ncurve; i++) {
		xs[i] = dsp_plot_px(&pl, sn->ns[i]);
		yf[i] = dsp_plot_py(&pl, sn->curve[i].entropy_floor);
		yc[i] = dsp_plot_py(&pl, sn->curve[i].entropy_ceiling);
		ys[i] = dsp_plot_py(&pl, sn->curve[i].entropy);
	}
	dsp_svg_polyline(s, xs, yc, sn->ncurve, "#555555", 1.2, "2 3");
	leg[nleg++] = (dsp_legend_item){ "ceiling log n", "#555555", "2 3", 0, 0 };
	dsp_svg_polyline(s, xs, yf, sn->ncurve, "#d7191c", 1.2, "6 3");
	leg[nleg++] = (dsp_legend_item){ "Lemma 2.1 floor", "#d7191c", "6 3", 0, 0 };
	/* Overlaid attention functions of the compare set. */
	for (a = 0; a < DSP_ATTN_COUNT && sn->ncurve > 0; a++) {
		if (!(v->compare_mask & (1u << a)) || a == (int)v->params.attn)
			continue;
		q = v->params;
		q.attn = (enum dsp_attn)a;
		if (dsp_eval_curve(&q, sn->ns, sn->ncurve, cmp) != DSP_OK)
			continue;
		for (i = 0; i < sn->ncurve; i++)
			yf[i] = dsp_plot_py(&pl, cmp[i].entropy);
		dsp_svg_polyline(s, xs, yf, sn->ncurve, attn_colors[a], 1.5, "4 2");
		leg[nleg++] = (dsp_legend_item){ dsp_attn_name((enum dsp_attn)a),
		    attn_colors[a], "4 2", 0, 0 };
	}
	dsp_svg_polyline(s, xs, ys, sn->ncurve, attn_colors[v->params.attn], 2.2, NULL);
	leg[nleg++] = (dsp_legend_item){ dsp_attn_name(v->params.attn),
	    attn_colors[v->params.attn], NULL, 0, 0 };
	dsp_svg_raw(s, "</g>\n");
	dsp_svg_legend(s, pl.x + 10, pl.y + 8, leg, nleg);
	rc = dsp_svg_end(s);
out:
	free(xs);
	free(ys);
	free(yf);
	free(yc);
	free(cmp);
	return rc;
}

static int
write_map_svg(FILE *fp, const struct snap *sn)
{
	const dsp_map_spec *m = &sn->v->map;
	double vmin = INFINITY, vmax = -INFINITY, val, cw, ch, t, x, y;
	double ticks[16], step;
	unsigned char rgb[3];
	size_t r, c, cells = m->rows * m->cols, nt, i;
	dsp_plot pl;
	dsp_svg *s;
	int k;

	for (i = 0; i < cells; i++)
		if (isfinite(sn->map[i])) {
			if (sn->map[i] < vmin)
				vmin = sn->map[i];
			if (sn->map[i] > vmax)
				vmax = sn->map[i];
		}
	if (!(vmin <= vmax))
		vmin = 0, vmax = 1;
	std_plot(&pl);
	pl.w -= 80;		/* room for the colour bar */
	pl.ax.title = "temperature \xce\xb8";
	pl.ay.title = "power-series ratio \xce\xbb";
	/* Cells are centred on their grid values. */
	cw = m->cols > 1 ? (m->theta_hi - m->theta_lo) / (double)(m->cols - 1) : 1;
	ch = m->rows > 1 ? (m->lambda_hi - m->lambda_lo) / (double)(m->rows - 1) : 1;
	pl.ax.lo = m->theta_lo - cw / 2;
	pl.ax.hi = m->theta_hi + cw / 2;
	pl.ay.lo = m->lambda_lo - ch / 2;
	pl.ay.hi = m->lambda_hi + ch / 2;
	if ((s = dsp_svg_begin(fp, SVG_W, SVG_H, "Entropy map over temperature and ratio",
	    "Paper Figure 5: a metric of the power-series softmax over a "
	    "(theta, lambda) grid, viridis colours")) == NULL)
		return DSP_ENOMEM;
	figure_title(s, "(\xce\xb8, \xce\xbb) map (paper Figure 5), viridis", sn);
	dsp_svg_raw(s, "<g class=\"cells\" shape-rendering=\"crispEdges\">\n");
	for (r = 0; r < m->rows; r++)
		for (c = 0; c < m->cols; c++) {
			char fill[8];
			double x0, x1, y0, y1;

			val = sn->map[r * m->cols + c];
			t = vmax > vmin ? (val - vmin) / (vmax - vmin) : 0.5;
			if (isfinite(val))
				dsp_viridis(t, rgb);
			else
				rgb[0] = rgb[1] = rgb[2] = 0x99;
			snprintf(fill, sizeof fill, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
			x0 = dsp_plot_px(&pl, dsp_map_theta(m, c) - cw / 2);
			x1 = dsp_plot_px(&pl, dsp_map_theta(m, c) + cw / 2);
			y0 = dsp_plot_py(&pl, dsp_map_lambda(m, r) + ch / 2);
			y1 = dsp_plot_py(&pl, dsp_map_lambda(m, r) - ch / 2);
			dsp_svg_rect(s, x0, y0, x1 - x0, y1 - y0, fill, NULL);
		}
	dsp_svg_raw(s, "</g>\n");
	dsp_svg_axes(s, &pl);
	/* Cursor cell. */
	if (sn->v->map_row < m->rows && sn->v->map_col < m->cols) {
		x = dsp_plot_px(&pl, dsp_map_theta(m, sn->v->map_col) - cw / 2);
		y = dsp_plot_py(&pl, dsp_map_lambda(m, sn->v->map_row) + ch / 2);
		dsp_svg_rect(s, x, y, dsp_plot_px(&pl, dsp_map_theta(m,
		    sn->v->map_col) + cw / 2) - x, dsp_plot_py(&pl,
		    dsp_map_lambda(m, sn->v->map_row) - ch / 2) - y, "none",
		    "stroke=\"#ff0000\" stroke-width=\"2\" class=\"cursor\"");
	}
	/* Colour bar: 64 bands from vmin (bottom) to vmax (top). */
	x = pl.x + pl.w + 24;
	dsp_svg_raw(s, "<g class=\"colorbar\" shape-rendering=\"crispEdges\">\n");
	for (k = 0; k < 64; k++) {
		char fill[8];

		dsp_viridis((k + 0.5) / 64, rgb);
		snprintf(fill, sizeof fill, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
		dsp_svg_rect(s, x, pl.y + pl.h * (1 - (k + 1) / 64.0), 16,
		    pl.h / 64 + 0.05, fill, NULL);
	}
	dsp_svg_raw(s, "<rect x=\"%.2f\" y=\"%.2f\" width=\"16\" height=\"%.2f\" "
	    "fill=\"none\" stroke=\"#222222\"/>\n", x, pl.y, pl.h);
	nt = dsp_nice_ticks(vmin, vmax, 5, ticks, 16, &step);
	for (i = 0; i < nt; i++) {
		if (ticks[i] < vmin - 1e-12 || ticks[i] > vmax + 1e-12)
			continue;
		y = vmax > vmin ? pl.y + pl.h * (1 - (ticks[i] - vmin) / (vmax - vmin)) :
		    pl.y + pl.h / 2;
		dsp_svg_line(s, x + 16, y, x + 20, y, "#222222", 1, NULL);
		dsp_svg_textf(s, x + 22, y + 4, "start", 10, 0, "%g", ticks[i]);
	}
	dsp_svg_raw(s, "</g>\n");
	dsp_svg_text(s, x + 8, pl.y - 8, "middle", 11, 0,
	    dsp_metric_name(m->metric));
	return dsp_svg_end(s);
}

/* ---- computing the set ---- */

static void
snap_free(struct snap *sn)
{
	dsp_runs_free(sn->w);
	free(sn->ns);
	free(sn->curve);
	free(sn->map);
}

static int
snap_compute(struct snap *sn)
{
	const dsp_viewstate *v = sn->v;
	dsp_summary tmp;
	dsp_params q;
	size_t count, cells;
	int rc;

	if ((rc = dsp_params_check(&v->params)) != DSP_OK)
		return rc;
	if ((rc = dsp_eval(&v->params, &sn->sum)) != DSP_OK)
		return rc;
	if ((sn->w = dsp_runs_alloc(1024)) == NULL)
		return dsp_fail(DSP_ENOMEM, "out of memory");
	dsp_clear_error();
	if ((sn->w_rc = dsp_eval_weights(&v->params, sn->w, &tmp)) != DSP_OK) {
		snprintf(sn->w_err, sizeof sn->w_err, "%s (%s)",
		    *dsp_last_error() ? dsp_last_error() : dsp_strerror(sn->w_rc),
		    sn->w_rc == DSP_ETOOBIG ? "only the expected large-n limit "
		    "exists for this family at this n" : dsp_strerror(sn->w_rc));
		dsp_runs_free(sn->w);
		sn->w = NULL;
		if (sn->w_rc != DSP_ETOOBIG)
			return dsp_fail(sn->w_rc, "weights: %s", sn->w_err);
	}
	count = v->curve_points;
	if (count > MAX_CURVE)
		count = MAX_CURVE;
	if (!(v->curve_lo >= 1 && v->curve_hi >= v->curve_lo && count >= 1))
		return dsp_fail(DSP_EINVAL, "curve range %g .. %g with %zu points "
		    "is empty", v->curve_lo, v->curve_hi, v->curve_points);
	if ((sn->ns = calloc(count, sizeof *sn->ns)) == NULL ||
	    (sn->curve = calloc(count, sizeof *sn->curve)) == NULL)
		return dsp_fail(DSP_ENOMEM, "out of memory");
	sn->ncurve = dsp_log_sizes(v->curve_lo, v->curve_hi, count, sn->ns);
	if (sn->ncurve > 0 && (rc = dsp_eval_curve(&v->params, sn->ns,
	    sn->ncurve, sn->curve)) != DSP_OK)
		return rc;
	if (v->map.cols == 0 || v->map.rows == 0 ||
	    v->map.cols > MAX_MAP_CELLS / v->map.rows)
		return dsp_fail(DSP_EINVAL, "map size %zu x %zu out of range",
		    v->map.cols, v->map.rows);
	cells = v->map.cols * v->map.rows;
	if ((sn->map = calloc(cells, sizeof *sn->map)) == NULL)
		return dsp_fail(DSP_ENOMEM, "out of memory");
	/* Figure 5 is the power series, as in the TUI: theta and lambda come
	 * from the grid, n, delta and the attention function from the view. */
	q = v->params;
	q.family = DSP_FAM_POWER;
	q.logits = NULL;
	q.n_logits = 0;
	if (v->params.family == DSP_FAM_FILE)
		q.n = v->params.n_logits;
	q.eps = 1;
	if ((rc = dsp_map_compute(&q, &v->map, sn->map)) != DSP_OK) {
		size_t i, bad = 0;

		/* Failed cells are NaN and drawn grey; only all-failed is fatal. */
		for (i = 0; i < cells; i++)
			bad += isnan(sn->map[i]) != 0;
		if (bad == cells)
			return rc;
	}
	return DSP_OK;
}

/* ---- publication ---- */

static const struct part {
	const char	*suffix;
	writer_fn	 fn;
} parts[] = {
	{ ".txt",		write_txt },
	{ ".json",		write_json },
	{ "-weights.csv",	write_weights },
	{ "-curve.csv",		write_curve },
	{ "-map.csv",		write_map },
	{ "-hist.svg",		write_hist_svg },
	{ "-curve.svg",		write_curve_svg },
	{ "-map.svg",		write_map_svg },
};
#define NPARTS (sizeof parts / sizeof parts[0])

static int
write_one(const char *dir, const char *name, writer_fn fn,
    const struct snap *sn, int *exists)
{
	dsp_afile a;
	int rc;

	*exists = 0;
	if ((rc = dsp_afile_open(&a, dir)) != DSP_OK)
		return rc;
	dsp_clear_error();
	if ((rc = fn(a.fp, sn)) != DSP_OK) {
		char why[512];

		snprintf(why, sizeof why, "%s", *dsp_last_error() ?
		    dsp_last_error() : dsp_strerror(rc));
		dsp_afile_abort(&a);
		return dsp_fail(rc, "cannot write %s/%s: %s", dir, name, why);
	}
	rc = dsp_afile_commit(&a, name, 1);
	if (rc == DSP_AFILE_EXISTS) {
		*exists = 1;
		dsp_afile_abort(&a);
		return DSP_OK;
	}
	return rc;
}

int
dsp_snapshot_write(const dsp_viewstate *v, const char *screen_text,
    const char *dir, dsp_snapshot_files *written)
{
	struct snap sn;
	struct tm tm;
	time_t now;
	char name[128], stamp[32];
	unsigned seq;
	size_t i;
	int rc, exists;

	written->count = 0;
	if (dir == NULL || *dir == '\0')
		dir = DEFAULT_DIR;
	memset(&sn, 0, sizeof sn);
	sn.v = v;
	sn.screen = screen_text;
	/* Compute first: a bad view writes nothing at all. */
	if ((rc = snap_compute(&sn)) != DSP_OK)
		goto out;
	if ((rc = dsp_mkdir_p(dir)) != DSP_OK)
		goto out;
	now = time(NULL);
	localtime_r(&now, &tm);
	strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
	strftime(sn.created, sizeof sn.created, "%Y-%m-%dT%H:%M:%S%z", &tm);
	for (seq = 0; seq < MAX_SEQ; seq++) {
		snprintf(sn.base, sizeof sn.base, "disperse-%s-%03u", stamp, seq);
		/* The .txt claims the base name for the whole set. */
		for (i = 0; i < NPARTS; i++) {
			snprintf(name, sizeof name, "%s%s", sn.base, parts[i].suffix);
			if ((rc = write_one(dir, name, parts[i].fn, &sn, &exists)) != DSP_OK)
				goto out;
			if (exists && i == 0)
				break;
			if (exists) {
				rc = dsp_fail(DSP_EIO, "cannot write %s/%s: %s", dir,
				    name, strerror(EEXIST));
				goto out;
			}
			snprintf(written->path[written->count++],
			    sizeof written->path[0], "%s/%s", dir, name);
		}
		if (i == NPARTS) {
			rc = DSP_OK;
			goto out;
		}
	}
	rc = dsp_fail(DSP_EIO, "cannot name a snapshot in %s: %u names taken this "
	    "second", dir, MAX_SEQ);
out:
	snap_free(&sn);
	return rc;
}

/* ---- loading ---- */

/* Field lookup with a type check; NULL when absent (defaults apply). */
static int
field(const dsp_jval *obj, const char *prefix, const char *key,
    enum dsp_jtype type, const dsp_jval **out)
{
	static const char *const tname[] = {
		"null", "a boolean", "a number", "a string", "an array", "an object"
	};
	const dsp_jval *f = dsp_json_get(obj, key);

	*out = NULL;
	if (f == NULL)
		return DSP_OK;
	if (f->type != type)
		return dsp_fail(DSP_EPARSE, "%s%s: expected %s, got %s", prefix, key,
		    tname[type], tname[f->type]);
	*out = f;
	return DSP_OK;
}

static int
get_num(const dsp_jval *obj, const char *prefix, const char *key, double *v)
{
	const dsp_jval *f;
	int rc;

	if ((rc = field(obj, prefix, key, DSP_JNUM, &f)) != DSP_OK)
		return rc;
	if (f != NULL)
		*v = f->num;
	return DSP_OK;
}

/* Unsigned integers are read from the number's text: seeds reach 2^64. */
static int
get_u64(const dsp_jval *obj, const char *prefix, const char *key, uint64_t *v)
{
	const dsp_jval *f;
	unsigned long long x;
	char *end;
	int rc;

	if ((rc = field(obj, prefix, key, DSP_JNUM, &f)) != DSP_OK)
		return rc;
	if (f == NULL)
		return DSP_OK;
	errno = 0;
	x = f->str != NULL ? strtoull(f->str, &end, 10) : 0;
	if (f->str == NULL || f->str[0] == '-' || *end != '\0' || errno != 0)
		return dsp_fail(DSP_EPARSE, "%s%s: expected an unsigned integer, got %s",
		    prefix, key, f->str != NULL ? f->str : "?");
	*v = x;
	return DSP_OK;
}

static int
get_size(const dsp_jval *obj, const char *prefix, const char *key, size_t *v)
{
	uint64_t x = *v;
	int rc;

	if ((rc = get_u64(obj, prefix, key, &x)) != DSP_OK)
		return rc;
	if (x > SIZE_MAX)
		return dsp_fail(DSP_EPARSE, "%s%s: too large", prefix, key);
	*v = (size_t)x;
	return DSP_OK;
}

static int
get_int(const dsp_jval *obj, const char *prefix, const char *key, int *v)
{
	const dsp_jval *f;
	int rc;

	if ((rc = field(obj, prefix, key, DSP_JNUM, &f)) != DSP_OK)
		return rc;
	if (f == NULL)
		return DSP_OK;
	if (!(f->num == floor(f->num) && fabs(f->num) < 1e9))
		return dsp_fail(DSP_EPARSE, "%s%s: expected an integer, got %s",
		    prefix, key, f->str != NULL ? f->str : "?");
	*v = (int)f->num;
	return DSP_OK;
}

static int
get_enum(const dsp_jval *obj, const char *prefix, const char *key,
    int (*parse)(const char *), const char *what, int *v)
{
	const dsp_jval *f;
	int rc, e;

	if ((rc = field(obj, prefix, key, DSP_JSTR, &f)) != DSP_OK)
		return rc;
	if (f == NULL)
		return DSP_OK;
	if ((e = parse(f->str)) < 0)
		return dsp_fail(DSP_EPARSE, "%s%s: unknown %s '%s'", prefix, key,
		    what, f->str);
	*v = e;
	return DSP_OK;
}

static int
load_params(const dsp_jval *root, dsp_params *p)
{
	const dsp_jval *o, *f;
	int rc = DSP_OK, e;

	if ((rc = field(root, "", "params", DSP_JOBJ, &o)) != DSP_OK || o == NULL)
		return rc;
	e = (int)p->family;
	if ((rc = get_enum(o, "params.", "family", dsp_family_parse, "family", &e)))
		return rc;
	p->family = (enum dsp_family)e;
	e = (int)p->attn;
	if ((rc = get_enum(o, "params.", "attn", dsp_attn_parse,
	    "attention function", &e)))
		return rc;
	p->attn = (enum dsp_attn)e;
	e = (int)p->precision;
	if ((rc = get_enum(o, "params.", "precision", dsp_precision_parse,
	    "precision", &e)))
		return rc;
	p->precision = (enum dsp_precision)e;
	if ((rc = get_u64(o, "params.", "n", &p->n)) ||
	    (rc = get_num(o, "params.", "delta", &p->delta)) ||
	    (rc = get_num(o, "params.", "theta", &p->theta)) ||
	    (rc = get_num(o, "params.", "lambda", &p->lambda)) ||
	    (rc = get_num(o, "params.", "eps", &p->eps)) ||
	    (rc = get_u64(o, "params.", "seed", &p->seed)) ||
	    (rc = get_u64(o, "params.", "topk", &p->topk)) ||
	    (rc = get_u64(o, "params.", "explicit_max", &p->explicit_max)) ||
	    (rc = get_num(o, "params.", "ssmax_s", &p->ssmax_s)) ||
	    (rc = get_num(o, "params.", "alpha", &p->alpha)))
		return rc;
	if ((rc = field(o, "params.", "adaptive", DSP_JBOOL, &f)) != DSP_OK)
		return rc;
	if (f != NULL)
		p->adaptive = f->boolean;
	return DSP_OK;
}

static int
load_view(const dsp_jval *root, dsp_viewstate *v)
{
	const dsp_jval *o, *m, *f;
	int rc, e;
	uint64_t mask;

	if ((rc = field(root, "", "view", DSP_JOBJ, &o)) != DSP_OK || o == NULL)
		return rc;
	if ((rc = field(o, "view.", "map", DSP_JOBJ, &m)) != DSP_OK)
		return rc;
	if (m != NULL) {
		e = (int)v->map.metric;
		if ((rc = get_num(m, "view.map.", "theta_lo", &v->map.theta_lo)) ||
		    (rc = get_num(m, "view.map.", "theta_hi", &v->map.theta_hi)) ||
		    (rc = get_num(m, "view.map.", "lambda_lo", &v->map.lambda_lo)) ||
		    (rc = get_num(m, "view.map.", "lambda_hi", &v->map.lambda_hi)) ||
		    (rc = get_size(m, "view.map.", "cols", &v->map.cols)) ||
		    (rc = get_size(m, "view.map.", "rows", &v->map.rows)) ||
		    (rc = get_enum(m, "view.map.", "metric", dsp_metric_parse,
		    "metric", &e)))
			return rc;
		v->map.metric = (enum dsp_metric)e;
		if (v->map.cols == 0 || v->map.rows == 0 ||
		    v->map.cols > MAX_MAP_CELLS / v->map.rows)
			return dsp_fail(DSP_EPARSE, "view.map: size %zu x %zu out of "
			    "range", v->map.cols, v->map.rows);
	}
	mask = v->compare_mask;
	if ((rc = get_size(o, "view.", "map_row", &v->map_row)) ||
	    (rc = get_size(o, "view.", "map_col", &v->map_col)) ||
	    (rc = get_num(o, "view.", "curve_lo", &v->curve_lo)) ||
	    (rc = get_num(o, "view.", "curve_hi", &v->curve_hi)) ||
	    (rc = get_size(o, "view.", "curve_points", &v->curve_points)) ||
	    (rc = get_int(o, "view.", "focus", &v->focus)) ||
	    (rc = get_int(o, "view.", "hist_mode", &v->hist_mode)) ||
	    (rc = get_u64(o, "view.", "compare_mask", &mask)))
		return rc;
	if (mask >= (1u << DSP_ATTN_COUNT))
		return dsp_fail(DSP_EPARSE, "view.compare_mask: %" PRIu64
		    " names unknown attention functions", mask);
	v->compare_mask = (unsigned)mask;
	/* Without a mask, the list of names sets it. */
	if (dsp_json_get(o, "compare_mask") == NULL) {
		size_t i;

		if ((rc = field(o, "view.", "compare", DSP_JARR, &f)) != DSP_OK)
			return rc;
		for (i = 0; f != NULL && i < f->len; i++) {
			if (i == 0)
				v->compare_mask = 0;
			if (f->items[i]->type != DSP_JSTR ||
			    (e = dsp_attn_parse(f->items[i]->str)) < 0)
				return dsp_fail(DSP_EPARSE, "view.compare[%zu]: unknown "
				    "attention function", i);
			v->compare_mask |= 1u << e;
		}
	}
	if (!(v->curve_lo >= 1 && v->curve_hi >= v->curve_lo))
		return dsp_fail(DSP_EPARSE, "view.curve_lo, curve_hi: need 1 <= lo "
		    "<= hi, got %g, %g", v->curve_lo, v->curve_hi);
	if (v->curve_points == 0)
		return dsp_fail(DSP_EPARSE, "view.curve_points: must be at least 1");
	return DSP_OK;
}

static int
load_logits(const dsp_jval *root, dsp_params *p, double **logits)
{
	const dsp_jval *a;
	size_t i;
	int rc;

	if ((rc = field(root, "", "logits", DSP_JARR, &a)) != DSP_OK)
		return rc;
	if (p->family != DSP_FAM_FILE)
		return DSP_OK;
	if (a == NULL || a->len == 0)
		return dsp_fail(DSP_EPARSE, "logits: family file needs a non-empty "
		    "logits array");
	if ((*logits = malloc(a->len * sizeof **logits)) == NULL)
		return dsp_fail(DSP_ENOMEM, "out of memory");
	for (i = 0; i < a->len; i++) {
		if (a->items[i]->type != DSP_JNUM || !isfinite(a->items[i]->num))
			return dsp_fail(DSP_EPARSE, "logits[%zu]: expected a finite "
			    "number", i);
		(*logits)[i] = a->items[i]->num;
	}
	p->logits = *logits;
	p->n_logits = a->len;
	p->n = a->len;
	p->logits_name = "snapshot";
	return DSP_OK;
}

static int
read_all(const char *path, char **buf, size_t *len)
{
	FILE *fp;
	size_t cap = 65536, n = 0, k;
	char *b, *nb;

	if ((fp = fopen(path, "rb")) == NULL)
		return dsp_fail(DSP_EIO, "%s: %s", path, strerror(errno));
	if ((b = malloc(cap)) == NULL) {
		fclose(fp);
		return dsp_fail(DSP_ENOMEM, "out of memory");
	}
	while ((k = fread(b + n, 1, cap - n, fp)) > 0) {
		n += k;
		if (n == cap) {
			if (cap >= MAX_LOAD) {
				free(b);
				fclose(fp);
				return dsp_fail(DSP_EPARSE, "%s: larger than %u MiB",
				    path, MAX_LOAD >> 20);
			}
			if ((nb = realloc(b, cap * 2)) == NULL) {
				free(b);
				fclose(fp);
				return dsp_fail(DSP_ENOMEM, "out of memory");
			}
			b = nb;
			cap *= 2;
		}
	}
	if (ferror(fp)) {
		int e = errno;

		free(b);
		fclose(fp);
		return dsp_fail(DSP_EIO, "%s: %s", path, strerror(e));
	}
	fclose(fp);
	*buf = b;
	*len = n;
	return DSP_OK;
}

int
dsp_snapshot_load(const char *path, dsp_viewstate *v, double **logits)
{
	dsp_viewstate nv;
	dsp_jval *root = NULL;
	char *buf = NULL, why[512];
	size_t len = 0;
	int rc;

	*logits = NULL;
	if ((rc = read_all(path, &buf, &len)) != DSP_OK)
		return rc;
	rc = dsp_json_parse(buf, len, &root);
	free(buf);
	if (rc != DSP_OK) {
		snprintf(why, sizeof why, "%s", dsp_last_error());
		return dsp_fail(DSP_EPARSE, "%s: %s", path, why);
	}
	if (root->type != DSP_JOBJ) {
		rc = dsp_fail(DSP_EPARSE, "%s: not a snapshot (top level is not an "
		    "object)", path);
		goto out;
	}
	/* Start from the caller's state (normally the defaults): absent
	 * fields keep it, so an older or hand-written snapshot still loads. */
	nv = *v;
	if ((rc = load_params(root, &nv.params)) != DSP_OK ||
	    (rc = load_view(root, &nv)) != DSP_OK ||
	    (rc = load_logits(root, &nv.params, logits)) != DSP_OK)
		goto fail;
	if (nv.params.family != DSP_FAM_FILE) {
		nv.params.logits = NULL;
		nv.params.n_logits = 0;
	}
	dsp_clear_error();
	if ((rc = dsp_params_check(&nv.params)) != DSP_OK) {
		rc = dsp_fail(DSP_EPARSE, "params: %s", dsp_last_error());
		goto fail;
	}
	*v = nv;
	rc = DSP_OK;
	goto out;
fail:
	snprintf(why, sizeof why, "%s", dsp_last_error());
	dsp_fail(rc, "%s: %s", path, why);
	free(*logits);
	*logits = NULL;
out:
	dsp_json_free(root);
	return rc;
}
