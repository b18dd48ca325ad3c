/* Snapshot sets: text, CSV, JSON and SVG views of one disperse state,
 * published atomically under names that never collide, and the loader that
 * restores the state from the JSON. */
#include "config.h"

#include <sys/stat.h>

#include <errno.h>
#include <inttypes.h>
#include <locale.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/bounds.h"
#include "core/error.h"
#include "core/escape.h"
#include "core/eval.h"
#include "core/figures.h"
#include "core/map.h"
#include "core/params.h"
#include "core/ptable.h"
#include "core/readfile.h"
#include "core/runs.h"
#include "export/atomic.h"
#include "export/json.h"
#include "export/snapshot.h"
#include "export/svg.h"
#include "export/table.h"
#include "export/viridis.h"

#define SNAP_FORMAT		"disperse-snapshot"
#define SNAP_FORMAT_VERSION	1
#define SNAP_DEFAULT_DIR	"./disperse-snapshots"
#define SNAP_MAX_CELLS		((size_t)1 << 20)
#define SNAP_MAX_SIDE		4096
#define SNAP_MAX_POINTS		100000
#define SNAP_MAX_COUNTER	1000000
#define TEXT_MAX_RUNS		64

/* Suffixes in writing order; the first one claims the set's name. */
enum {
	F_TXT, F_JSON, F_WEIGHTS, F_CURVE, F_MAP, F_HIST_SVG, F_CURVE_SVG,
	F_MAP_SVG, F_COUNT
};
static const char *suffix[F_COUNT] = {
	".txt", ".json", "-weights.csv", "-curve.csv", "-map.csv", "-hist.svg",
	"-curve.svg", "-map.svg"
};

/* Line colours: viridis-friendly dark blue, red-orange for bounds. */
#define C_MAIN		"#3b528b"
#define C_BOUND		"#d1495b"
#define C_CEIL		"#777777"
#define C_BAND		"#f4a259"
static const char *cmp_colors[] = {
	"#21918c", "#5ec962", "#b8860b", "#8e44ad", "#e07a5f", "#2a9d8f",
	"#6d597a", "#bc6c25"
};

/* Everything computed for one snapshot, shared by all the writers. */
struct snap {
	const dsp_viewstate	*v;
	dsp_params		 p;
	const char		*screen;
	char			 name[128];	/* disperse-YYYYmmdd-HHMMSS-NNN */
	char			 created[32];	/* ISO 8601 UTC */
	int			 sum_rc;
	char			 sum_err[256];
	dsp_summary		 sum;
	dsp_runs		*w;
	int			 w_rc;
	char			 w_err[256];
	double			*ns;
	size_t			 ncurve;
	dsp_summary		*curve;
	int			 curve_rc;
	char			 curve_err[256];
	/* Overlaid attention functions (compare_mask), plain temperature. */
	double			*cmp_h[DSP_ATTN_COUNT];
	double			*cmp_w[DSP_ATTN_COUNT];
	double			*map;
	dsp_params		 mp;		/* parameters of the map */
	int			 map_rc;
	char			 map_err[256];
};

void
dsp_viewstate_default(dsp_viewstate *v)
{
	memset(v, 0, sizeof *v);
	dsp_params_default(&v->params);
	dsp_map_spec_default(&v->map, 64, 32);
	v->map_row = v->map_col = 0;
	v->curve_lo = 1;
	v->curve_hi = 0x1p40;
	v->curve_points = 256;
	v->focus = 0;
	v->hist_mode = 0;
	v->compare_mask = 1u << DSP_ATTN_SOFTMAX;
}

/* Range checks shared by the writer and the loader (params are checked by
 * dsp_params_check). */
static int
view_check(const dsp_viewstate *v)
{
	const dsp_map_spec *m = &v->map;
	int rc;

	if (m->cols < 1 || m->rows < 1 || m->cols > SNAP_MAX_SIDE ||
	    m->rows > SNAP_MAX_SIDE || m->cols * m->rows > SNAP_MAX_CELLS)
		return dsp_fail(DSP_EINVAL, "map size %zu x %zu outside 1 .. %d per side "
		    "and %zu cells", m->cols, m->rows, SNAP_MAX_SIDE, SNAP_MAX_CELLS);
	if ((unsigned)m->metric >= DSP_METRIC_COUNT)
		return dsp_fail(DSP_EINVAL, "unknown map metric %d", (int)m->metric);
	/* The view-option table's domains, as for --map-theta. */
	if ((rc = dsp_vopt_check_range(dsp_vopt(DSP_V_MAP_THETA), m->theta_lo,
	    m->theta_hi, "view.map theta range")) != DSP_OK ||
	    (rc = dsp_vopt_check_range(dsp_vopt(DSP_V_MAP_LAMBDA), m->lambda_lo,
	    m->lambda_hi, "view.map lambda range")) != DSP_OK)
		return rc;
	if (v->map_row >= m->rows || v->map_col >= m->cols)
		return dsp_fail(DSP_EINVAL, "map cursor (row %zu, col %zu) outside the "
		    "%zu x %zu map", v->map_row, v->map_col, m->cols, m->rows);
	if (!(v->curve_lo >= 1) || !(v->curve_hi >= v->curve_lo) ||
	    !(v->curve_hi <= 0x1p63))
		return dsp_fail(DSP_EINVAL, "curve range %g .. %g must satisfy "
		    "1 <= from <= to <= 2^63", v->curve_lo, v->curve_hi);
	if (v->curve_points < 1 || v->curve_points > SNAP_MAX_POINTS)
		return dsp_fail(DSP_EINVAL, "curve points %zu outside 1 .. %d",
		    v->curve_points, SNAP_MAX_POINTS);
	if (v->hist_mode != 0 && v->hist_mode != 1)
		return dsp_fail(DSP_EINVAL, "histogram mode %d is neither 0 (sorted) "
		    "nor 1 (log-binned)", v->hist_mode);
	if (v->focus < 0)
		return dsp_fail(DSP_EINVAL, "focus %d is negative", v->focus);
	if (v->compare_mask >= (1u << DSP_ATTN_COUNT))
		return dsp_fail(DSP_EINVAL, "compare mask %#x has unknown bits",
		    v->compare_mask);
	return DSP_OK;
}

static void
keep_error(char *buf, size_t size, int rc)
{
	const char *d = dsp_last_error();

	snprintf(buf, size, "%s", d != NULL && *d != '\0' ? d : dsp_strerror(rc));
}

static uint64_t
items_of(const dsp_params *p)
{
	return p->family == DSP_FAM_FILE ? (uint64_t)p->n_logits : p->n;
}

static void
compute_curve(struct snap *s)
{
	const dsp_viewstate *v = s->v;
	dsp_summary *tmp;
	dsp_params q;
	size_t i, done;
	unsigned a;

	if (s->p.family == DSP_FAM_FILE) {
		s->curve_rc = DSP_ENOTSUP;
		snprintf(s->curve_err, sizeof s->curve_err,
		    "a file's logits have one fixed n, so there is no curve");
		return;
	}
	if ((s->ns = calloc(v->curve_points, sizeof *s->ns)) == NULL ||
	    (s->curve = calloc(v->curve_points, sizeof *s->curve)) == NULL) {
		s->curve_rc = DSP_ENOMEM;
		snprintf(s->curve_err, sizeof s->curve_err, "out of memory");
		return;
	}
	s->ncurve = dsp_log_sizes(v->curve_lo, v->curve_hi, v->curve_points, s->ns);
	/* Keep the points that can be computed (an alternative with no large-n
	 * limit stops at the explicit limit) and say where the curve ends. */
	if ((s->curve_rc = dsp_eval_curve_partial(&s->p, s->ns, s->ncurve, s->curve,
	    &done)) != DSP_OK) {
		keep_error(s->curve_err, sizeof s->curve_err, s->curve_rc);
		if (done == 0)
			return;
		s->ncurve = done;
		s->curve_rc = DSP_OK;	/* curve_err stays: a partial curve */
	}
	if ((tmp = calloc(s->ncurve, sizeof *tmp)) == NULL)
		return;
	for (a = 0; a < DSP_ATTN_COUNT; a++) {
		if (!(v->compare_mask & (1u << a)) ||
		    (a == (unsigned)s->p.attn && !s->p.adaptive))
			continue;
		q = s->p;
		q.attn = (enum dsp_attn)a;
		q.adaptive = 0;
		/* An overlay that cannot be computed is left out, not fatal. */
		if (dsp_eval_curve(&q, s->ns, s->ncurve, tmp) != DSP_OK)
			continue;
		s->cmp_h[a] = malloc(s->ncurve * sizeof(double));
		s->cmp_w[a] = malloc(s->ncurve * sizeof(double));
		if (s->cmp_h[a] == NULL || s->cmp_w[a] == NULL)
			break;
		for (i = 0; i < s->ncurve; i++) {
			s->cmp_h[a][i] = tmp[i].entropy;
			s->cmp_w[a][i] = tmp[i].max_weight;
		}
	}
	free(tmp);
}

static void
compute_map(struct snap *s)
{
	const dsp_map_spec *m = &s->v->map;

	/* The map is the power-series map of paper Figure 5 at this view's
	 * n, delta and attention function, whatever the view's family. */
	s->mp = s->p;
	s->mp.n = items_of(&s->p);
	s->mp.family = DSP_FAM_POWER;
	s->mp.logits = NULL;
	s->mp.n_logits = 0;
	s->mp.logits_name = NULL;
	if ((s->map = malloc(m->cols * m->rows * sizeof *s->map)) == NULL) {
		s->map_rc = DSP_ENOMEM;
		snprintf(s->map_err, sizeof s->map_err, "out of memory");
		return;
	}
	if ((s->map_rc = dsp_map_compute(&s->mp, m, s->map)) != DSP_OK)
		keep_error(s->map_err, sizeof s->map_err, s->map_rc);
}

static int
compute(struct snap *s)
{
	if ((s->sum_rc = dsp_eval(&s->p, &s->sum)) != DSP_OK)
		keep_error(s->sum_err, sizeof s->sum_err, s->sum_rc);
	if ((s->w = dsp_runs_alloc(64)) == NULL)
		return dsp_fail(DSP_ENOMEM, "out of memory");
	if ((s->w_rc = dsp_eval_weights(&s->p, s->w, NULL)) != DSP_OK) {
		if (s->w_rc == DSP_ETOOBIG && s->sum_rc == DSP_OK &&
		    s->sum.method == DSP_METHOD_EXPECTED)
			snprintf(s->w_err, sizeof s->w_err, "%s logits at n = %llu are "
			    "evaluated as their expected large-n limit: no per-item weights",
			    dsp_family_name(s->p.family),
			    (unsigned long long)items_of(&s->p));
		else
			keep_error(s->w_err, sizeof s->w_err, s->w_rc);
	}
	compute_curve(s);
	compute_map(s);
	return DSP_OK;
}

static void
snap_free(struct snap *s)
{
	int a;

	dsp_runs_free(s->w);
	free(s->ns);
	free(s->curve);
	free(s->map);
	for (a = 0; a < DSP_ATTN_COUNT; a++) {
		free(s->cmp_h[a]);
		free(s->cmp_w[a]);
	}
}

/* A number for text: %.10g, "nan"/"inf" spelled out. */
static const char *
num(char *buf, size_t size, double v)
{
	if (isnan(v))
		snprintf(buf, size, "nan");
	else if (isinf(v))
		snprintf(buf, size, v > 0 ? "inf" : "-inf");
	else
		snprintf(buf, size, "%.10g", v);
	return buf;
}

/* The "# key: value" stamps every table file carries. */
static int
stamp_all(const struct snap *s, dsp_table *t)
{
	const dsp_params *p = &s->p;
	int rc = DSP_OK;

	/* Same stamp key as every CLI table (figure table: one name). */
	rc |= dsp_table_stamp(t, "program", PACKAGE_NAME " " PACKAGE_VERSION);
	rc |= dsp_table_stamp(t, "snapshot", s->name);
	rc |= dsp_table_stamp(t, "created", s->created);
	rc |= dsp_table_stamp_params(t, p, 0);
	return rc != 0 ? DSP_ENOMEM : DSP_OK;
}

/* Weights as runs: position of the first item, multiplicity, weight. */
static dsp_table *
weights_table(const struct snap *s)
{
	dsp_table *t;
	double row[3];
	uint64_t first = 0;
	size_t i;

	if ((t = dsp_table_alloc("disperse snapshot: attention weights as runs "
	    "(first item, count, weight) in position order")) == NULL)
		return NULL;
	if (stamp_all(s, t) != DSP_OK)
		goto fail;
	if (s->w_rc != DSP_OK)
		dsp_table_stamp(t, "note", s->w_err);
	if (dsp_table_column(t, "first", "%.0f") != DSP_OK ||
	    dsp_table_column(t, "count", "%.0f") != DSP_OK ||
	    dsp_table_column(t, "weight", "%.17g") != DSP_OK)
		goto fail;
	for (i = 0; s->w_rc == DSP_OK && i < s->w->len; i++) {
		char buf[32];

		row[0] = (double)first;
		row[1] = (double)s->w->count[i];
		row[2] = s->w->value[i];
		if (dsp_table_row(t, row) != DSP_OK)
			goto fail;
		/* Positions and counts past 2^53 are not exact as doubles. */
		snprintf(buf, sizeof buf, "%" PRIu64, first);
		if (dsp_table_set_text(t, i, 0, buf) != DSP_OK)
			goto fail;
		snprintf(buf, sizeof buf, "%" PRIu64, s->w->count[i]);
		if (dsp_table_set_text(t, i, 1, buf) != DSP_OK)
			goto fail;
		first += s->w->count[i];
	}
	return t;
fail:
	dsp_table_free(t);
	return NULL;
}

static dsp_table *
curve_table(const struct snap *s, int full)
{
	static const char *cols[] = {
		/* The figure table's names (core/figures.h). */
		"n", "entropy_nats", "entropy_norm", "entropy_paper", "entropy_floor",
		"entropy_ceiling", "max_weight", "min_weight", "lemma_tight_lo",
		"lemma_tight_hi", "lemma_loose_lo", "lemma_loose_hi", "theta_eff", "beta",
		"bound", "method"
	};
	/* The text report's short table. */
	static const size_t brief[] = { 0, 1, 4, 5, 6, 8, 9 };
	const size_t ncols = full ? sizeof cols / sizeof cols[0] : 7;
	char name[64];
	double row[32];
	dsp_table *t;
	size_t i, k, c;
	unsigned a;

	if ((t = dsp_table_alloc(full ? "disperse snapshot: entropy and maximum "
	    "weight against n, with the Lemma 2.1 bounds" : NULL)) == NULL)
		return NULL;
	if (full && stamp_all(s, t) != DSP_OK)
		goto fail;
	if (full && s->curve_err[0] != '\0')
		dsp_table_stamp(t, "note", s->curve_err);
	if (full) {
		dsp_table_stampf(t, "curve", "%.17g .. %.17g, %zu points requested",
		    s->v->curve_lo, s->v->curve_hi, s->v->curve_points);
		dsp_table_stamp(t, "units", "entropy in nats; floor = log(1 + (n-1) "
		    "e^(-delta/theta)), ceiling = log n");
	}
	for (c = 0; c < ncols; c++)
		if (dsp_table_column(t, cols[full ? c : brief[c]], c == 0 ? "%.0f" :
		    full ? "%.17g" : "%.6g") != DSP_OK)
			goto fail;
	for (a = 0; full && a < DSP_ATTN_COUNT; a++) {
		if (s->cmp_h[a] == NULL)
			continue;
		snprintf(name, sizeof name, "entropy_%s", dsp_attn_name((enum dsp_attn)a));
		dsp_table_column(t, name, "%.17g");
		snprintf(name, sizeof name, "max_weight_%s", dsp_attn_name((enum dsp_attn)a));
		dsp_table_column(t, name, "%.17g");
	}
	for (i = 0; s->curve_rc == DSP_OK && i < s->ncurve; i++) {
		const dsp_summary *m = &s->curve[i];
		double all[] = {
			m->n, m->entropy, m->entropy_norm, m->entropy_paper,
			m->entropy_floor, m->entropy_ceiling, m->max_weight,
			m->min_weight, m->lo_tight, m->hi_tight, m->lo_loose,
			m->hi_loose, m->theta_eff, m->beta, m->bound_holds, 0
		};

		for (c = 0; c < ncols; c++)
			row[c] = full ? all[c] : all[brief[c]];
		k = ncols;
		for (a = 0; full && a < DSP_ATTN_COUNT; a++)
			if (s->cmp_h[a] != NULL) {
				row[k++] = s->cmp_h[a][i];
				row[k++] = s->cmp_w[a][i];
			}
		if (dsp_table_row(t, row) != DSP_OK)
			goto fail;
		if (full) {
			dsp_table_set_text(t, i, 14, dsp_band_word(dsp_band_verdict(m)));
			dsp_table_set_text(t, i, 15, dsp_method_name(m->method));
		}
	}
	return t;
fail:
	dsp_table_free(t);
	return NULL;
}

/* Long format: one row per cell. */
static dsp_table *
map_table(const struct snap *s)
{
	const dsp_map_spec *m = &s->v->map;
	double row[5];
	dsp_table *t;
	size_t r, c;

	if ((t = dsp_table_alloc("disperse snapshot: (theta, lambda) map of the "
	    "power series e_k = delta lambda^k (as disperse defines it), one row per "
	    "cell, row 0 = lambda_lo")) == NULL)
		return NULL;
	if (stamp_all(s, t) != DSP_OK)
		goto fail;
	dsp_table_stamp(t, "metric", dsp_metric_name(m->metric));
	dsp_table_stampf(t, "grid", "%zu columns (theta %.17g .. %.17g) x %zu rows "
	    "(lambda %.17g .. %.17g)", m->cols, m->theta_lo, m->theta_hi, m->rows,
	    m->lambda_lo, m->lambda_hi);
	if (s->map_rc != DSP_OK)
		dsp_table_stamp(t, "note", s->map_err);
	if (dsp_table_column(t, "row", "%.0f") != DSP_OK ||
	    dsp_table_column(t, "col", "%.0f") != DSP_OK ||
	    dsp_table_column(t, "theta", "%.17g") != DSP_OK ||
	    dsp_table_column(t, "lambda", "%.17g") != DSP_OK ||
	    dsp_table_column(t, dsp_metric_name(m->metric), "%.17g") != DSP_OK)
		goto fail;
	for (r = 0; s->map != NULL && r < m->rows; r++)
		for (c = 0; c < m->cols; c++) {
			row[0] = (double)r;
			row[1] = (double)c;
			row[2] = dsp_map_theta(m, c);
			row[3] = dsp_map_lambda(m, r);
			row[4] = s->map[r * m->cols + c];
			if (dsp_table_row(t, row) != DSP_OK)
				goto fail;
		}
	return t;
fail:
	dsp_table_free(t);
	return NULL;
}

static int
write_table(FILE *fp, dsp_table *t, enum dsp_format f)
{
	int rc;

	if (t == NULL)
		return dsp_fail(DSP_ENOMEM, "out of memory");
	rc = dsp_table_write(t, fp, f);
	dsp_table_free(t);
	return rc;
}

static int
write_weights_csv(const struct snap *s, FILE *fp)
{
	return write_table(fp, weights_table(s), DSP_FMT_CSV);
}

static int
write_curve_csv(const struct snap *s, FILE *fp)
{
	return write_table(fp, curve_table(s, 1), DSP_FMT_CSV);
}

static int
write_map_csv(const struct snap *s, FILE *fp)
{
	return write_table(fp, map_table(s), DSP_FMT_CSV);
}

/* Map values to a shade for the text report. */
static double
metric_top(const struct snap *s)
{
	switch (s->v->map.metric) {
	case DSP_METRIC_ENTROPY:
		return items_of(&s->mp) > 1 ? log((double)items_of(&s->mp)) : 1;
	default:
		return 1;
	}
}

static void
text_map(const struct snap *s, FILE *fp)
{
	static const char shade[] = " .:-=+*#%@";
	const dsp_map_spec *m = &s->v->map;
	size_t r, c, rs, cs, rr, cc;
	double top = metric_top(s), x;
	char b1[32], b2[32], b3[32], b4[32], b5[32];

	fprintf(fp, "\n(theta, lambda) map, power series e_k = delta lambda^k (as disperse "
	    "defines it), %s, "
	    "%zu x %zu cells\n", dsp_metric_name(m->metric), m->cols, m->rows);
	if (s->map_rc != DSP_OK)
		fprintf(fp, "  note: %s\n", s->map_err);
	if (s->map == NULL)
		return;
	fprintf(fp, "  shades \"%s\" from 0 to %s; top row lambda = %s, bottom row "
	    "lambda = %s; theta %s .. %s left to right; ? = not computable\n",
	    shade, num(b1, sizeof b1, top), num(b2, sizeof b2, m->lambda_hi),
	    num(b3, sizeof b3, m->lambda_lo), num(b4, sizeof b4, m->theta_lo),
	    num(b5, sizeof b5, m->theta_hi));
	/* At most 64 x 32 characters: sample the grid. */
	cs = (m->cols + 63) / 64;
	rs = (m->rows + 31) / 32;
	for (rr = (m->rows - 1) / rs + 1; rr-- > 0;) {
		r = rr * rs;
		fputs("  |", fp);
		for (cc = 0; cc * cs < m->cols; cc++) {
			c = cc * cs;
			x = s->map[r * m->cols + c];
			if (!isfinite(x))
				fputc('?', fp);
			else {
				x = x / top;
				x = x < 0 ? 0 : x > 1 ? 1 : x;
				fputc(shade[(int)lround(x * 9)], fp);
			}
		}
		fputs("|\n", fp);
	}
	fprintf(fp, "  cursor: row %zu, col %zu: theta = %s, lambda = %s, %s = %s\n",
	    s->v->map_row, s->v->map_col,
	    num(b1, sizeof b1, dsp_map_theta(m, s->v->map_col)),
	    num(b2, sizeof b2, dsp_map_lambda(m, s->v->map_row)),
	    dsp_metric_name(m->metric), num(b3, sizeof b3,
	    s->map[s->v->map_row * m->cols + s->v->map_col]));
}

static void
text_summary(const struct snap *s, FILE *fp)
{
	const dsp_summary *m = &s->sum;
	char b1[32], b2[32], b3[32];

	fputs("\nFigures\n", fp);
	if (s->sum_rc != DSP_OK) {
		fprintf(fp, "  not computable: %s\n", s->sum_err);
		return;
	}
	fprintf(fp, "  method            %s\n", dsp_method_name(m->method));
	fprintf(fp, "  items n           %s\n", num(b1, sizeof b1, m->n));
	fprintf(fp, "  logits            [%s, %s], spread %s\n", num(b1, sizeof b1,
	    m->logit_min), num(b2, sizeof b2, m->logit_max),
	    num(b3, sizeof b3, m->spread));
	fprintf(fp, "  theta_eff, beta   %s, %s\n", num(b1, sizeof b1, m->theta_eff),
	    num(b2, sizeof b2, m->beta));
	fprintf(fp, "  entropy           %s nats = %s bits = %s of log n\n",
	    num(b1, sizeof b1, m->entropy), num(b2, sizeof b2, m->entropy_bits),
	    num(b3, sizeof b3, m->entropy_norm));
	if (dsp_row_underflow(m))
		fprintf(fp, "  underflow         %s\n", dsp_band_text(DSP_BAND_UNDERFLOW));
	fprintf(fp, "  paper-exact H     %s (the paper's code)\n", num(b1, sizeof b1,
	    m->entropy_paper));
	fprintf(fp, "  entropy floor     %s (derived), ceiling log n = %s\n",
	    num(b1, sizeof b1, m->entropy_floor), num(b2, sizeof b2, m->entropy_ceiling));
	fprintf(fp, "  max / min weight  %s / %s (total %s)\n",
	    num(b1, sizeof b1, m->max_weight), num(b2, sizeof b2, m->min_weight),
	    num(b3, sizeof b3, m->total));
	fprintf(fp, "  top-%llu mass       %s\n", (unsigned long long)s->p.topk,
	    num(b1, sizeof b1, m->topk_mass));
	/* The paper states Lemma 2.1 as Theta(1/n) with the proof's loose band;
	 * the tight band and the critical n are derivations (figures.h). */
	fprintf(fp, "  Lemma 2.1 tight   [%s, %s] (derived)\n", num(b1, sizeof b1,
	    m->lo_tight), num(b2, sizeof b2, m->hi_tight));
	fprintf(fp, "  Lemma 2.1 loose   [%s, %s] (the paper's proof)\n", num(b1,
	    sizeof b1, m->lo_loose), num(b2, sizeof b2, m->hi_loose));
	fprintf(fp, "  bound             %s (margin %s)\n",
	    dsp_band_text(dsp_band_verdict(m)), num(b1, sizeof b1, m->bound_margin));
	fprintf(fp, "  Theorem 2.2       log n* = %s for eps = %s (derived critical n)\n",
	    num(b1, sizeof b1, m->log_critical_n), num(b2, sizeof b2, s->p.eps));
}

static int
write_text_report(const struct snap *s, FILE *fp)
{
	const dsp_viewstate *v = s->v;
	const dsp_param_def *d;
	size_t i, show, col, len;
	int rc, id;
	uint64_t first = 0;
	char b1[32], val[64];

	fprintf(fp, "disperse %s snapshot %s\ncreated %s\n", PACKAGE_VERSION,
	    s->name, s->created);
	fputs("\nParameters\n", fp);
	/* Every row of the parameter table, as the stamps write it. */
	for (id = 0, col = 0; id < DSP_P_COUNT; id++) {
		d = dsp_param(id);
		if (id == DSP_P_N)
			snprintf(val, sizeof val, "%llu", (unsigned long long)items_of(&s->p));
		else
			dsp_param_format(d, &s->p, val, sizeof val);
		len = strlen(d->name) + strlen(val) + 5;
		if (col > 0 && col + len > 78) {
			fputs(",\n", fp);
			col = 0;
		}
		col += (size_t)fprintf(fp, "%s%s = %s", col == 0 ? "  " : ", ", d->name, val);
	}
	fputc('\n', fp);
	if (s->p.family == DSP_FAM_FILE) {
		char *e = dsp_escape_dup(s->p.logits_name ? s->p.logits_name : "-", 0);

		fprintf(fp, "  logits from %s\n", e != NULL ? e : "?");
		free(e);
	}
	text_summary(s, fp);

	fputs("\nWeights (runs in position order: first item, count, weight)\n", fp);
	if (s->w_rc != DSP_OK)
		fprintf(fp, "  not available: %s\n", s->w_err);
	show = s->w_rc == DSP_OK ? s->w->len : 0;
	if (show > TEXT_MAX_RUNS)
		show = TEXT_MAX_RUNS;
	for (i = 0; i < show; i++) {
		fprintf(fp, "  %12llu  %12llu  %s\n", (unsigned long long)first,
		    (unsigned long long)s->w->count[i], num(b1, sizeof b1, s->w->value[i]));
		first += s->w->count[i];
	}
	if (s->w_rc == DSP_OK && s->w->len > show)
		fprintf(fp, "  ... %zu more runs in the weights CSV\n", s->w->len - show);

	fprintf(fp, "\nEntropy vs n (%zu points from %s", s->ncurve,
	    num(b1, sizeof b1, v->curve_lo));
	fprintf(fp, " to %s)\n", num(b1, sizeof b1, v->curve_hi));
	if (s->curve_rc != DSP_OK)
		fprintf(fp, "  not available: %s\n", s->curve_err);
	else if ((rc = write_table(fp, curve_table(s, 0), DSP_FMT_TEXT)) != DSP_OK)
		return ferror(fp) ? DSP_EIO : rc;
	else if (s->curve_err[0] != '\0')
		fprintf(fp, "  the curve ends at n = %s: %s\n",
		    num(b1, sizeof b1, s->ns[s->ncurve - 1]), s->curve_err);
	text_map(s, fp);
	return ferror(fp) ? DSP_EIO : DSP_OK;
}

static int
write_txt(const struct snap *s, FILE *fp)
{
	size_t len;
	char *e;

	if (s->screen == NULL)
		return write_text_report(s, fp);
	/* The screen is a file's content: its lines kept, controls escaped. */
	if ((e = dsp_escape_dup(s->screen, 1)) == NULL)
		return DSP_ENOMEM;
	len = strlen(e);
	fwrite(e, 1, len, fp);
	if (len == 0 || e[len - 1] != '\n')
		fputc('\n', fp);
	free(e);
	return DSP_OK;
}

static void
jw_knum(dsp_jw *w, const char *key, double v)
{
	dsp_jw_key(w, key);
	dsp_jw_num(w, v);
}

static void
jw_kuint(dsp_jw *w, const char *key, unsigned long long v)
{
	dsp_jw_key(w, key);
	dsp_jw_uint(w, v);
}

static void
jw_kstr(dsp_jw *w, const char *key, const char *v)
{
	dsp_jw_key(w, key);
	dsp_jw_str(w, v);
}

static void
json_params(const struct snap *s, dsp_jw *w)
{
	const dsp_params *p = &s->p;
	const dsp_param_def *d;
	size_t i;
	int id;

	dsp_jw_key(w, "params");
	dsp_jw_object(w);
	/* Every row of the parameter table under its name.  explicit_max is
	 * a program limit, not part of the view: not written, not read. */
	for (id = 0; id < DSP_P_COUNT; id++) {
		d = dsp_param(id);
		dsp_jw_key(w, d->name);
		switch (d->type) {
		case DSP_PT_REAL:
			dsp_jw_num(w, dsp_param_get_real(d, p));
			break;
		case DSP_PT_SIZE:
		case DSP_PT_UINT:
			dsp_jw_uint(w, dsp_param_get_uint(d, p));
			break;
		case DSP_PT_ENUM:
			dsp_jw_str(w, d->names[dsp_param_get_enum(d, p)]);
			break;
		case DSP_PT_BOOL:
			dsp_jw_bool(w, dsp_param_get_enum(d, p) != 0);
			break;
		}
	}
	if (p->family == DSP_FAM_FILE) {
		dsp_jw_key(w, "logits_name");
		if (p->logits_name != NULL)
			dsp_jw_str(w, p->logits_name);
		else
			dsp_jw_null(w);
		dsp_jw_key(w, "logits");
		dsp_jw_array(w);
		for (i = 0; i < p->n_logits; i++)
			dsp_jw_num(w, p->logits[i]);
		dsp_jw_close(w);
	}
	dsp_jw_close(w);
}

static void
json_view(const struct snap *s, dsp_jw *w)
{
	const dsp_viewstate *v = s->v;
	unsigned a;

	dsp_jw_key(w, "view");
	dsp_jw_object(w);
	dsp_jw_key(w, "map");
	dsp_jw_object(w);
	jw_knum(w, "theta_lo", v->map.theta_lo);
	jw_knum(w, "theta_hi", v->map.theta_hi);
	jw_knum(w, "lambda_lo", v->map.lambda_lo);
	jw_knum(w, "lambda_hi", v->map.lambda_hi);
	jw_kuint(w, "cols", v->map.cols);
	jw_kuint(w, "rows", v->map.rows);
	jw_kstr(w, "metric", dsp_metric_name(v->map.metric));
	dsp_jw_close(w);
	dsp_jw_key(w, "cursor");
	dsp_jw_object(w);
	jw_kuint(w, "row", v->map_row);
	jw_kuint(w, "col", v->map_col);
	dsp_jw_close(w);
	dsp_jw_key(w, "curve");
	dsp_jw_object(w);
	jw_knum(w, "from", v->curve_lo);
	jw_knum(w, "to", v->curve_hi);
	jw_kuint(w, "points", v->curve_points);
	dsp_jw_close(w);
	dsp_jw_key(w, "focus");
	dsp_jw_int(w, v->focus);
	jw_kstr(w, "hist_mode", v->hist_mode ? "log-binned" : "sorted");
	jw_kuint(w, "compare_mask", v->compare_mask);
	/* Names for people; compare_mask is what the loader reads. */
	dsp_jw_key(w, "compare");
	dsp_jw_array(w);
	for (a = 0; a < DSP_ATTN_COUNT; a++)
		if (v->compare_mask & (1u << a))
			dsp_jw_str(w, dsp_attn_name((enum dsp_attn)a));
	dsp_jw_close(w);
	dsp_jw_close(w);
}

static void
json_figures(const struct snap *s, dsp_jw *w)
{
	const dsp_summary *m = &s->sum;
	const dsp_map_spec *ms = &s->v->map;

	dsp_jw_key(w, "figures");
	dsp_jw_object(w);
	if (s->sum_rc != DSP_OK)
		jw_kstr(w, "error", s->sum_err);
	else {
		jw_kstr(w, "method", dsp_method_name(m->method));
		jw_knum(w, "n", m->n);
		jw_knum(w, "logit_min", m->logit_min);
		jw_knum(w, "logit_max", m->logit_max);
		jw_knum(w, "spread", m->spread);
		jw_knum(w, "theta_eff", m->theta_eff);
		jw_knum(w, "beta", m->beta);
		jw_knum(w, "entropy_nats", m->entropy);
		jw_knum(w, "entropy_bits", m->entropy_bits);
		jw_knum(w, "entropy_norm", m->entropy_norm);
		jw_knum(w, "entropy_paper", m->entropy_paper);
		jw_knum(w, "max_weight", m->max_weight);
		jw_knum(w, "min_weight", m->min_weight);
		jw_knum(w, "total", m->total);
		jw_knum(w, "topk_mass", m->topk_mass);
		jw_knum(w, "lemma_tight_lo", m->lo_tight);
		jw_knum(w, "lemma_tight_hi", m->hi_tight);
		jw_knum(w, "lemma_loose_lo", m->lo_loose);
		jw_knum(w, "lemma_loose_hi", m->hi_loose);
		jw_knum(w, "entropy_floor", m->entropy_floor);
		jw_knum(w, "entropy_ceiling", m->entropy_ceiling);
		jw_knum(w, "log_critical_n", m->log_critical_n);
		jw_knum(w, "critical_n", exp(m->log_critical_n));
		jw_kstr(w, "bound", dsp_band_word(dsp_band_verdict(m)));
		jw_knum(w, "bound_margin", m->bound_margin);
	}
	dsp_jw_key(w, "map_cursor");
	dsp_jw_object(w);
	jw_knum(w, "theta", dsp_map_theta(ms, s->v->map_col));
	jw_knum(w, "lambda", dsp_map_lambda(ms, s->v->map_row));
	jw_knum(w, ms->metric == DSP_METRIC_ENTROPY ? "entropy" :
	    dsp_metric_name(ms->metric), s->map != NULL ?
	    s->map[s->v->map_row * ms->cols + s->v->map_col] : NAN);
	dsp_jw_close(w);
	dsp_jw_key(w, "notes");
	dsp_jw_array(w);
	if (s->w_rc != DSP_OK)
		dsp_jw_str(w, s->w_err);
	if (s->curve_err[0] != '\0')
		dsp_jw_str(w, s->curve_err);
	if (s->map_rc != DSP_OK)
		dsp_jw_str(w, s->map_err);
	dsp_jw_close(w);
	dsp_jw_close(w);
}

static int
write_json(const struct snap *s, FILE *fp)
{
	dsp_jw *w;

	if ((w = dsp_jw_new(fp, 1)) == NULL)
		return dsp_fail(DSP_ENOMEM, "out of memory");
	dsp_jw_object(w);
	jw_kstr(w, "format", SNAP_FORMAT);
	jw_kuint(w, "format_version", SNAP_FORMAT_VERSION);
	jw_kstr(w, "program", PACKAGE_NAME " " PACKAGE_VERSION);
	jw_kstr(w, "name", s->name);
	jw_kstr(w, "created", s->created);
	json_params(s, w);
	json_view(s, w);
	json_figures(s, w);
	dsp_jw_close(w);
	return dsp_jw_end(w);
}

/* Most bytes one logit takes in the JSON: indentation (6), the longest
 * %.17g (24: "-1.2345678901234567e-308"), ",\n" (2). */
#define JSON_LOGIT_MAX	32
#define JSON_SLACK	64

/* Write only what --load reads back (issue 16): the JSON of a file family
 * embeds every logit, and a file over the loader's cap (DSP_CAP_SNAPSHOT,
 * or DISPERSE_MAX_INPUT, which raises both sides alike) would be data loss.
 * The rest of the document is measured once computed, the logits bounded
 * from above (JSON_SLACK: the array's own line breaks); refused before any
 * file is written. */
static int
json_fits(const struct snap *s)
{
	struct snap t = *s;
	size_t cap, ml = 0;
	char *m = NULL;
	FILE *fp;
	int rc;

	if (s->p.family != DSP_FAM_FILE)
		return DSP_OK;
	if ((rc = dsp_input_cap(DSP_CAP_SNAPSHOT, &cap)) != DSP_OK)
		return rc;
	t.p.n_logits = 0;
	if ((fp = open_memstream(&m, &ml)) == NULL)
		return dsp_fail(DSP_ENOMEM, "out of memory");
	rc = write_json(&t, fp);
	fclose(fp);
	free(m);
	if (rc != DSP_OK)
		return rc;
	ml += JSON_SLACK;
	if (s->p.n_logits > (cap - (ml < cap ? ml : cap)) / JSON_LOGIT_MAX)
		return dsp_fail(DSP_ETOOBIG, "%zu logits do not fit a snapshot that "
		    "--load can read back (at most %zu within its %zu-byte cap; "
		    "DISPERSE_MAX_INPUT raises it)", s->p.n_logits,
		    (cap - (ml < cap ? ml : cap)) / JSON_LOGIT_MAX, cap);
	return DSP_OK;
}

/* ---- SVG figures ---- */

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
	    dsp_family_name(s->p.family), (unsigned long long)items_of(&s->p),
	    num(b1, sizeof b1, s->p.delta), num(b2, sizeof b2, s->p.theta),
	    s->p.family == DSP_FAM_POWER ? ", \xce\xbb = " : "",
	    s->p.family == DSP_FAM_POWER ? num(b3, sizeof b3, s->p.lambda) : "");
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

static int
write_hist_svg(const struct snap *s, FILE *fp)
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
	double *x, *y[4], lo = INFINITY, hi = 0, yh = 0, cn = (double)items_of(&s->p);
	dsp_legend_item leg[4 + DSP_ATTN_COUNT];
	size_t i, j, nl = 0, n = s->ncurve;
	unsigned a, ci = 0;
	char clip[16], lab[DSP_ATTN_COUNT][48];

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
		for (a = 0; a < DSP_ATTN_COUNT; a++)
			if (s->cmp_w[a] != NULL)
				pos_range(s->cmp_w[a], n, &lo, &hi);
		pl.ay.log_base = 10;
		pl.ay.lo = isfinite(lo) ? lo : 1e-3;
		pl.ay.hi = hi > 0 ? fmax(hi, 1) : 1;
		pl.ay.title = "maximum weight";
	} else {
		for (a = 0; a < DSP_ATTN_COUNT; a++)
			if (s->cmp_h[a] != NULL)
				for (i = 0; i < n; i++)
					if (isfinite(s->cmp_h[a][i]))
						yh = fmax(yh, s->cmp_h[a][i]);
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
	for (a = 0; a < DSP_ATTN_COUNT; a++) {
		const double *src = lower ? s->cmp_w[a] : s->cmp_h[a];

		if (src == NULL)
			continue;
		for (i = 0; i < n; i++)
			y[3][i] = lower && !(src[i] > 0) ? NAN : dsp_plot_py(&pl, src[i]);
		dsp_svg_polyline(g, x, y[3], n, cmp_colors[ci % 8], 1.8, "8 2 2 2");
		snprintf(lab[ci], sizeof lab[ci], "%s (plain \xce\xb8)",
		    dsp_attn_name((enum dsp_attn)a));
		leg[4 + ci] = (dsp_legend_item){ lab[ci], cmp_colors[ci % 8], "8 2 2 2", 0, 0 };
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

static int
write_curve_svg(const struct snap *s, FILE *fp)
{
	char title[256];
	dsp_svg *g;
	int h = 600;

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
	curve_panel(g, s, 0, 50);
	curve_panel(g, s, 1, 330);
	return dsp_svg_end(g);
}

static double
map_scale(const struct snap *s, double v)
{
	double t = v / metric_top(s);

	return t < 0 ? 0 : t > 1 ? 1 : t;
}

static int
write_map_svg(const struct snap *s, FILE *fp)
{
	const dsp_map_spec *m = &s->v->map;
	/* Room below the axis title for the footnote. */
	dsp_plot pl = { 80, 50, 520, 340, { 0, 1, 0, "temperature \xce\xb8", 0 },
	    { 0, 1, 0, "power-series ratio \xce\xbb", 0 } };
	dsp_plot bar = { 640, 50, 18, 340, { 0, 1, 0, NULL, 1 }, { 0, 1, 0, NULL, 0 } };
	double dt, dl, x0, x1, y0, y1, v, top = metric_top(s);
	char title[256], col[8], prev[8], b1[32];
	size_t r, c, c0;
	dsp_svg *g;

	snprintf(title, sizeof title, "%s over (\xce\xb8, \xce\xbb): e_k = \xce\xb4\xce\xbb^k "
	    "(as disperse defines it), "
	    "n = %llu, \xce\xb4 = %s", m->metric == DSP_METRIC_ENTROPY ? "Entropy" :
	    m->metric == DSP_METRIC_ENTROPY_NORM ? "Normalised entropy" : "Maximum weight",
	    (unsigned long long)items_of(&s->mp), num(b1, sizeof b1, s->p.delta));
	if ((g = dsp_svg_begin(fp, SVG_W, SVG_H, title, "Paper Figure 5 style map "
	    "over disperse's power series e_k = delta lambda^k (as disperse defines "
	    "it), viridis colour map")) == NULL)
		return DSP_ENOMEM;
	svg_heading(g, s, title);
	dt = m->cols > 1 ? (m->theta_hi - m->theta_lo) / (double)(m->cols - 1) : 1;
	dl = m->rows > 1 ? (m->lambda_hi - m->lambda_lo) / (double)(m->rows - 1) : 1;
	pl.ax.lo = m->theta_lo - dt / 2;
	pl.ax.hi = m->theta_hi + dt / 2;
	pl.ay.lo = m->lambda_lo - dl / 2;
	pl.ay.hi = m->lambda_hi + dl / 2;
	/* Cells of one colour in a row merge into one rect. */
	dsp_svg_raw(g, "<g class=\"cells\" shape-rendering=\"crispEdges\">\n");
	for (r = 0; s->map != NULL && r < m->rows; r++) {
		y0 = dsp_plot_py(&pl, dsp_map_lambda(m, r) + dl / 2);
		y1 = dsp_plot_py(&pl, dsp_map_lambda(m, r) - dl / 2);
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
			x0 = dsp_plot_px(&pl, dsp_map_theta(m, c0) - dt / 2);
			x1 = dsp_plot_px(&pl, dsp_map_theta(m, c - 1) + dt / 2);
			dsp_svg_rect(g, x0, y0, x1 - x0, y1 - y0, prev, NULL);
		}
	}
	dsp_svg_raw(g, "</g>\n");
	if (s->map == NULL)
		svg_message(g, &pl, "map not computable");
	dsp_svg_axes(g, &pl);
	/* Cursor cell. */
	x0 = dsp_plot_px(&pl, dsp_map_theta(m, s->v->map_col) - dt / 2);
	x1 = dsp_plot_px(&pl, dsp_map_theta(m, s->v->map_col) + dt / 2);
	y0 = dsp_plot_py(&pl, dsp_map_lambda(m, s->v->map_row) + dl / 2);
	y1 = dsp_plot_py(&pl, dsp_map_lambda(m, s->v->map_row) - dl / 2);
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

/* ---- publication ---- */

typedef int (*writer_fn)(const struct snap *, FILE *);

static const writer_fn writers[F_COUNT] = {
	write_txt, write_json, write_weights_csv, write_curve_csv, write_map_csv,
	write_hist_svg, write_curve_svg, write_map_svg
};

/* SOURCE_DATE_EPOCH (reproducible builds convention) fixes the clock. */
static time_t
snapshot_time(time_t *now)
{
	const char *e = getenv("SOURCE_DATE_EPOCH");
	char *end;
	long long t;

	*now = time(NULL);
	if (e == NULL || *e == '\0')
		return DSP_OK;
	errno = 0;
	t = strtoll(e, &end, 10);
	/* Up to the end of year 9999: four-digit years in the names; past
	 * that gmtime left the name to uninitialised memory (issue 16). */
	if (errno != 0 || *end != '\0' || t < 0 || t > 253402300799LL)
		return dsp_fail(DSP_EINVAL, "SOURCE_DATE_EPOCH: '%.40s' is not a time in "
		    "seconds from 0 to 253402300799 (year 9999)", e);
	*now = (time_t)t;
	return DSP_OK;
}

static int
any_exists(const char *dir, const char *base)
{
	char path[8192];
	struct stat st;
	int f;

	for (f = 0; f < F_COUNT; f++) {
		snprintf(path, sizeof path, "%s/%s%s", dir, base, suffix[f]);
		if (lstat(path, &st) == 0)
			return 1;
	}
	return 0;
}

static void
record(dsp_snapshot_files *out, const char *dir, const char *name)
{
	if (out == NULL || out->count >= DSP_SNAPSHOT_MAX_FILES)
		return;
	snprintf(out->path[out->count++], sizeof out->path[0], "%s/%s", dir, name);
}

/* Write file f into a temporary file and publish it.  The first file
 * claims the set's name: the counter goes up until no file of the set
 * exists and the exclusive link succeeds. */
static int
publish(struct snap *s, const char *dir, int f, const char *stamp,
    unsigned *counter)
{
	char fname[256];
	dsp_afile a;
	int rc;

	for (;;) {
		/* The first file claims the name; it also prints it, so it is
		 * rewritten for every candidate. */
		if (f == F_TXT) {
			while (*counter < SNAP_MAX_COUNTER) {
				snprintf(s->name, sizeof s->name, "%s-%03u", stamp, *counter);
				if (!any_exists(dir, s->name))
					break;
				(*counter)++;
			}
			if (*counter >= SNAP_MAX_COUNTER)
				return dsp_fail(DSP_EIO, "cannot write in %s: no free "
				    "snapshot name for %s", dir, stamp);
		}
		snprintf(fname, sizeof fname, "%s%s", s->name, suffix[f]);
		if ((rc = dsp_afile_open(&a, dir)) != DSP_OK)
			return rc;
		errno = 0;
		rc = writers[f](s, a.fp);
		if (ferror(a.fp))
			rc = DSP_EIO;
		if (rc != DSP_OK) {
			int e = errno;

			dsp_afile_abort(&a);
			if (rc == DSP_EIO)
				return dsp_fail(DSP_EIO, "cannot write %s/%s: %s", dir,
				    fname, strerror(e ? e : EIO));
			return rc;
		}
		rc = dsp_afile_commit(&a, fname, 1);
		if (rc == DSP_AFILE_EXISTS) {
			dsp_afile_abort(&a);
			if (f == F_TXT) {
				(*counter)++;
				continue;
			}
			return dsp_fail(DSP_EIO, "cannot write %s/%s: %s", dir, fname,
			    strerror(EEXIST));
		}
		return rc;
	}
}

int
dsp_snapshot_write(const dsp_viewstate *v, const char *screen_text,
    const char *dir, dsp_snapshot_files *written)
{
	static char last_stamp[64];
	static unsigned last_counter;
	struct snap s;
	char stamp[64], fname[256];
	locale_t cloc, old = (locale_t)0;
	struct tm tm;
	time_t now;
	unsigned counter = 0;
	char clean[4096];
	size_t k;
	int rc, f;

	if (written != NULL)
		written->count = 0;
	if (v == NULL)
		return dsp_fail(DSP_EINVAL, "no view to snapshot");
	if ((rc = dsp_params_check(&v->params)) != DSP_OK ||
	    (rc = view_check(v)) != DSP_OK)
		return rc;
	if (dir == NULL || *dir == '\0')
		dir = SNAP_DEFAULT_DIR;
	/* "out/" and "out" name the same place: no "out//name" in messages. */
	if (strlen(dir) >= sizeof clean)
		return dsp_fail(DSP_EINVAL, "snapshot directory name too long");
	strcpy(clean, dir);
	for (k = strlen(clean); k > 1 && clean[k - 1] == '/'; k--)
		clean[k - 1] = '\0';
	dir = clean;
	if ((rc = dsp_mkdir_p(dir)) != DSP_OK)
		return rc;
	if (access(dir, W_OK | X_OK) != 0)
		return dsp_fail(DSP_EIO, "cannot write in %s: %s", dir, strerror(errno));
	dsp_afile_sweep(dir);
	memset(&s, 0, sizeof s);
	s.v = v;
	s.p = v->params;
	s.screen = screen_text;
	if ((rc = snapshot_time(&now)) != DSP_OK)
		return rc;
	if (gmtime_r(&now, &tm) == NULL)
		return dsp_fail(DSP_EINVAL, "the clock is out of range");
	strftime(s.created, sizeof s.created, "%Y-%m-%dT%H:%M:%SZ", &tm);
	if (localtime_r(&now, &tm) == NULL)
		return dsp_fail(DSP_EINVAL, "the clock is out of range");
	strftime(stamp, sizeof stamp, "disperse-%Y%m%d-%H%M%S", &tm);
	/* Several snapshots in one second: start after this process's last. */
	if (strcmp(stamp, last_stamp) == 0)
		counter = last_counter + 1;
	/* Numbers in files are C-locale whatever LC_NUMERIC the TUI set. */
	if ((cloc = newlocale(LC_ALL_MASK, "C", (locale_t)0)) != (locale_t)0)
		old = uselocale(cloc);
	if ((rc = compute(&s)) != DSP_OK || (rc = json_fits(&s)) != DSP_OK)
		goto out;
	for (f = 0; f < F_COUNT; f++) {
		if ((rc = publish(&s, dir, f, stamp, &counter)) != DSP_OK)
			break;
		snprintf(fname, sizeof fname, "%s%s", s.name, suffix[f]);
		record(written, dir, fname);
		if (f == F_TXT) {
			snprintf(last_stamp, sizeof last_stamp, "%s", stamp);
			last_counter = counter;
		}
	}
out:
	if (cloc != (locale_t)0) {
		uselocale(old);
		freelocale(cloc);
	}
	snap_free(&s);
	return rc;
}

/* ---- loading ---- */

struct ld {
	const char	*file;
};

/* "FILE: detail" (the detail is copied: dsp_fail reuses its buffer). */
static int
prefix_error(int rc, const char *file)
{
	char d[512];

	snprintf(d, sizeof d, "%s", dsp_last_error());
	return dsp_fail(rc, "%s: %s", file, d);
}

static int
bad(const struct ld *l, int code, const char *field, const char *what)
{
	return dsp_fail(code, "%s: %s: %s", l->file, field, what);
}

/* Optional member: 0 absent (or null where allowed), 1 present. */
static const dsp_jval *
member(const dsp_jval *o, const char *key)
{
	return o != NULL && o->type == DSP_JOBJ ? dsp_json_get(o, key) : NULL;
}

static int
get_double(const struct ld *l, const dsp_jval *o, const char *key,
    const char *field, double *out)
{
	const dsp_jval *j = member(o, key);
	char *end;
	double v;

	if (j == NULL)
		return DSP_OK;
	if (j->type != DSP_JNUM)
		return bad(l, DSP_EPARSE, field, "expected a finite number");
	/* The raw text, so the value is exactly what was written. */
	v = j->str != NULL ? strtod(j->str, &end) : j->num;
	if (!isfinite(v))
		return bad(l, DSP_EPARSE, field, "expected a finite number");
	*out = v;
	return DSP_OK;
}

static int
get_uint(const struct ld *l, const dsp_jval *o, const char *key,
    const char *field, uint64_t max, uint64_t *out)
{
	const dsp_jval *j = member(o, key);
	unsigned long long v;
	const char *p;
	char *end;

	if (j == NULL)
		return DSP_OK;
	if (j->type != DSP_JNUM || j->str == NULL)
		return bad(l, DSP_EPARSE, field, "expected an unsigned integer");
	for (p = j->str; *p != '\0'; p++)
		if (*p < '0' || *p > '9')
			return bad(l, DSP_EPARSE, field, "expected an unsigned integer");
	errno = 0;
	v = strtoull(j->str, &end, 10);
	if (errno != 0 || v > max)
		return bad(l, DSP_EINVAL, field, "integer out of range");
	*out = v;
	return DSP_OK;
}

static int
get_size(const struct ld *l, const dsp_jval *o, const char *key,
    const char *field, size_t *out)
{
	uint64_t v = *out;
	int rc;

	if ((rc = get_uint(l, o, key, field, SIZE_MAX, &v)) == DSP_OK)
		*out = (size_t)v;
	return rc;
}

static int
get_name(const struct ld *l, const dsp_jval *o, const char *key,
    const char *field, int (*parse)(const char *), int *out)
{
	const dsp_jval *j = member(o, key);
	char msg[256];
	int v;

	if (j == NULL)
		return DSP_OK;
	if (j->type != DSP_JSTR)
		return bad(l, DSP_EPARSE, field, "expected a name (string)");
	if ((v = parse(j->str)) < 0) {
		snprintf(msg, sizeof msg, "unknown name \"%.64s\"", j->str);
		/* Issue 4: an unknown family/attn/metric name is a parse error. */
		return bad(l, DSP_EPARSE, field, msg);
	}
	*out = v;
	return DSP_OK;
}

static int
get_object(const struct ld *l, const dsp_jval *o, const char *key,
    const char *field, const dsp_jval **out)
{
	const dsp_jval *j = member(o, key);

	*out = NULL;
	if (j == NULL)
		return DSP_OK;
	if (j->type != DSP_JOBJ)
		return bad(l, DSP_EPARSE, field, "expected an object");
	*out = j;
	return DSP_OK;
}

static int
hist_parse(const char *s)
{
	if (strcmp(s, "sorted") == 0)
		return 0;
	if (strcmp(s, "log-binned") == 0)
		return 1;
	return -1;
}

static int
load_logits(const struct ld *l, const dsp_jval *pj, dsp_params *p, double **logits)
{
	const dsp_jval *arr = member(pj, "logits"), *nm = member(pj, "logits_name");
	size_t i, nlen = 0;
	double *x;
	char *end;

	if (arr == NULL)
		return bad(l, DSP_EPARSE, "params.logits", "missing (the file family "
		    "embeds its logits)");
	if (arr->type != DSP_JARR || arr->len == 0)
		return bad(l, DSP_EPARSE, "params.logits", "expected a non-empty array "
		    "of numbers");
	if (nm != NULL && nm->type != DSP_JSTR && nm->type != DSP_JNULL)
		return bad(l, DSP_EPARSE, "params.logits_name", "expected a string");
	if (nm != NULL && nm->type == DSP_JSTR)
		nlen = strlen(nm->str) + 1;
	/* One block: the logits, then their name, freed together. */
	if ((x = malloc(arr->len * sizeof *x + nlen)) == NULL)
		return dsp_fail(DSP_ENOMEM, "out of memory");
	for (i = 0; i < arr->len; i++) {
		const dsp_jval *e = arr->items[i];

		if (e->type != DSP_JNUM || !isfinite(x[i] = e->str != NULL ?
		    strtod(e->str, &end) : e->num)) {
			free(x);
			return dsp_fail(DSP_EPARSE, "%s: params.logits[%zu]: expected a "
			    "finite number", l->file, i);
		}
	}
	p->logits = x;
	p->n_logits = arr->len;
	p->logits_name = NULL;
	if (nlen > 0) {
		memcpy((char *)(x + arr->len), nm->str, nlen);
		p->logits_name = (const char *)(x + arr->len);
	}
	*logits = x;
	return DSP_OK;
}

static int
load_params(const struct ld *l, const dsp_jval *pj, dsp_params *p, double **logits)
{
	const dsp_param_def *d;
	const dsp_jval *j;
	char field[64], msg[256];
	uint64_t u;
	double x;
	int rc = DSP_OK, e, id;

#define TRY(x) do { if ((rc = (x)) != DSP_OK) return rc; } while (0)
	/* Every row of the parameter table, through the row's checked setter:
	 * a loaded value meets the same domain as a typed one.  A member that
	 * is missing keeps its default; explicit_max (older files) is ignored,
	 * so a file never lifts the program's limit. */
	for (id = 0; id < DSP_P_COUNT; id++) {
		d = dsp_param(id);
		snprintf(field, sizeof field, "params.%s", d->name);
		if ((j = member(pj, d->name)) == NULL)
			continue;
		switch (d->type) {
		case DSP_PT_REAL:
			x = dsp_param_get_real(d, p);
			TRY(get_double(l, pj, d->name, field, &x));
			rc = dsp_param_set_real(d, p, x, field);
			break;
		case DSP_PT_SIZE:
		case DSP_PT_UINT:
			u = dsp_param_get_uint(d, p);
			TRY(get_uint(l, pj, d->name, field, UINT64_MAX, &u));
			rc = dsp_param_set_uint(d, p, u, field);
			break;
		case DSP_PT_ENUM:
			if (j->type != DSP_JSTR)
				return bad(l, DSP_EPARSE, field, "expected a name (string)");
			for (e = 0; e < d->nnames && strcmp(j->str, d->names[e]) != 0; e++)
				;
			if (e == d->nnames) {
				snprintf(msg, sizeof msg, "unknown name \"%.64s\"", j->str);
				return bad(l, DSP_EPARSE, field, msg);
			}
			rc = dsp_param_set_enum(d, p, e, field);
			break;
		case DSP_PT_BOOL:
			if (j->type != DSP_JBOOL)
				return bad(l, DSP_EPARSE, field, "expected true or false");
			rc = dsp_param_set_enum(d, p, j->boolean != 0, field);
			break;
		}
		if (rc != DSP_OK)
			return prefix_error(rc, l->file);
	}
	if (p->family == DSP_FAM_FILE) {
		TRY(load_logits(l, pj, p, logits));
		/* n of a file is the number of its logits: a file that says
		 * otherwise was edited by hand, and which one it meant is
		 * unknown. */
		if (member(pj, "n") != NULL && p->n != (uint64_t)p->n_logits) {
			snprintf(msg, sizeof msg, "%llu disagrees with the %zu logits",
			    (unsigned long long)p->n, p->n_logits);
			free(*logits);
			*logits = NULL;
			p->logits = NULL;
			return bad(l, DSP_EINVAL, "params.n", msg);
		}
		p->n = p->n_logits;
	}
	return DSP_OK;
}

static int
load_view(const struct ld *l, const dsp_jval *vj, dsp_viewstate *v)
{
	const dsp_jval *m, *c, *cv, *j;
	uint64_t u;
	double d;
	int rc, e;

	TRY(get_object(l, vj, "map", "view.map", &m));
	TRY(get_double(l, m, "theta_lo", "view.map.theta_lo", &v->map.theta_lo));
	TRY(get_double(l, m, "theta_hi", "view.map.theta_hi", &v->map.theta_hi));
	TRY(get_double(l, m, "lambda_lo", "view.map.lambda_lo", &v->map.lambda_lo));
	TRY(get_double(l, m, "lambda_hi", "view.map.lambda_hi", &v->map.lambda_hi));
	TRY(get_size(l, m, "cols", "view.map.cols", &v->map.cols));
	TRY(get_size(l, m, "rows", "view.map.rows", &v->map.rows));
	e = (int)v->map.metric;
	TRY(get_name(l, m, "metric", "view.map.metric", dsp_metric_parse, &e));
	v->map.metric = (enum dsp_metric)e;
	TRY(get_object(l, vj, "cursor", "view.cursor", &c));
	TRY(get_size(l, c, "row", "view.cursor.row", &v->map_row));
	TRY(get_size(l, c, "col", "view.cursor.col", &v->map_col));
	TRY(get_object(l, vj, "curve", "view.curve", &cv));
	TRY(get_double(l, cv, "from", "view.curve.from", &v->curve_lo));
	TRY(get_double(l, cv, "to", "view.curve.to", &v->curve_hi));
	TRY(get_size(l, cv, "points", "view.curve.points", &v->curve_points));
	if ((j = member(vj, "focus")) != NULL) {
		d = NAN;
		TRY(get_double(l, vj, "focus", "view.focus", &d));
		if (d != floor(d) || d < 0 || d > 1000)
			return bad(l, DSP_EINVAL, "view.focus", "expected a panel number "
			    "0 .. 1000");
		v->focus = (int)d;
	}
	e = v->hist_mode;
	TRY(get_name(l, vj, "hist_mode", "view.hist_mode", hist_parse, &e));
	v->hist_mode = e;
	u = v->compare_mask;
	TRY(get_uint(l, vj, "compare_mask", "view.compare_mask",
	    (1u << DSP_ATTN_COUNT) - 1, &u));
	v->compare_mask = (unsigned)u;
	return DSP_OK;
#undef TRY
}

/* The members load_tree reads; the rest (figures, notes, anything a
 * crafted file adds) is checked for syntax but never built. */
static int
snap_keep(const char *key)
{
	return strcmp(key, "format") == 0 || strcmp(key, "format_version") == 0 ||
	    strcmp(key, "params") == 0 || strcmp(key, "view") == 0;
}

/* The tree may take LOAD_BUDGET times the text cap: a logit costs at most
 * about 106 bytes of tree (node, its text, its slot) and json_fits lets a
 * written file hold at most one logit per JSON_LOGIT_MAX (32) bytes of the
 * cap, so whatever the writer accepts loads. */
#define LOAD_BUDGET	4

static int
read_all(const char *path, char **buf, size_t *len)
{
	return dsp_read_file(path, NULL, DSP_CAP_SNAPSHOT, buf, len);
}

static int
load_tree(const struct ld *l, const dsp_jval *root, dsp_viewstate *v, double **logits)
{
	const dsp_jval *fmt, *pj, *vj;
	uint64_t ver = 1;
	int rc;

	if (root->type != DSP_JOBJ)
		return dsp_fail(DSP_EPARSE, "%s: not a disperse snapshot (top level is "
		    "not an object)", l->file);
	fmt = member(root, "format");
	if (fmt == NULL || fmt->type != DSP_JSTR || strcmp(fmt->str, SNAP_FORMAT) != 0)
		return dsp_fail(DSP_EPARSE, "%s: not a disperse snapshot (\"format\" is "
		    "not \"" SNAP_FORMAT "\")", l->file);
	/* Required: a file without it may be anything (issue 16). */
	if (member(root, "format_version") == NULL)
		return bad(l, DSP_EPARSE, "format_version", "missing");
	if ((rc = get_uint(l, root, "format_version", "format_version", UINT64_MAX,
	    &ver)) != DSP_OK)
		return rc;
	if (ver != SNAP_FORMAT_VERSION)
		return dsp_fail(DSP_ENOTSUP, "%s: snapshot format version %llu is not "
		    "supported (this disperse reads version %d)", l->file,
		    (unsigned long long)ver, SNAP_FORMAT_VERSION);
	if ((pj = member(root, "params")) == NULL || pj->type != DSP_JOBJ)
		return dsp_fail(DSP_EPARSE, "%s: params: missing or not an object",
		    l->file);
	if ((rc = load_params(l, pj, &v->params, logits)) != DSP_OK)
		return rc;
	if ((rc = get_object(l, root, "view", "view", &vj)) != DSP_OK)
		return rc;
	if (vj != NULL && (rc = load_view(l, vj, v)) != DSP_OK)
		return rc;
	if ((rc = dsp_params_check(&v->params)) != DSP_OK ||
	    (rc = view_check(v)) != DSP_OK)
		return prefix_error(rc, l->file);
	return DSP_OK;
}

int
dsp_snapshot_load(const char *path, dsp_viewstate *v, double **logits)
{
	struct ld l = { path };
	dsp_viewstate tmp;
	dsp_jval *root = NULL;
	double *x = NULL;
	locale_t cloc, old = (locale_t)0;
	char *buf = NULL;
	size_t len = 0, cap;
	int rc;

	if (logits != NULL)
		*logits = NULL;
	if ((rc = read_all(path, &buf, &len)) != DSP_OK)
		return rc;
	if ((cloc = newlocale(LC_ALL_MASK, "C", (locale_t)0)) != (locale_t)0)
		old = uselocale(cloc);
	if ((rc = dsp_input_cap(DSP_CAP_SNAPSHOT, &cap)) == DSP_OK)
		rc = dsp_json_parse_ex(buf, len, cap, LOAD_BUDGET * cap, snap_keep, &root);
	free(buf);
	if (rc != DSP_OK) {
		char d[512];

		snprintf(d, sizeof d, "%s", dsp_last_error());
		rc = dsp_fail(rc, "%s: %s%s", path, rc == DSP_EPARSE ? "malformed JSON: " :
		    "", d);
		goto out;
	}
	/* Missing fields keep the documented defaults. */
	dsp_viewstate_default(&tmp);
	if ((rc = load_tree(&l, root, &tmp, &x)) != DSP_OK) {
		free(x);
		goto out;
	}
	if (logits == NULL && x != NULL) {
		free(x);
		rc = dsp_fail(DSP_EINVAL, "%s: file-family snapshot needs a logits buffer",
		    path);
		goto out;
	}
	*v = tmp;
	if (logits != NULL)
		*logits = x;
out:
	if (cloc != (locale_t)0) {
		uselocale(old);
		freelocale(cloc);
	}
	dsp_json_free(root);
	return rc;
}
