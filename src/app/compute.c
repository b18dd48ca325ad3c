/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Everything the panels show, through the core, with caches keyed on the
 * inputs of each figure: the curve and the map are the expensive parts and
 * only change with the parameters they depend on.  The summary, weights
 * and map here; the curves in compute_curve.c. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gsl/gsl_histogram.h>

#include "core/alloc.h"
#include "app/compute.h"
#include "app/compute_int.h"
#include "core/math/alt.h"
#include "core/error.h"
#include "core/math/eval.h"
#include "core/math/logbin.h"
#include "core/schema/family.h"
#include "core/schema/pkey.h"
#include "core/job.h"
#include "core/math/map.h"
#include "core/schema/view.h"

static void
set_msg(char *dst, int rc)
{
	const char *d = dsp_last_error();

	snprintf(dst, VIEW_MSG, "%s", d != NULL && *d != '\0' ? d : dsp_strerror(rc));
}

void
compute_key_init(struct key *k, const dsp_params *p)
{
	memset(k, 0, sizeof *k);
	dsp_pkey_of(p, &k->p);
}

struct compute_cache *
compute_alloc(void)
{
	struct compute_cache *c = dsp_calloc(1, sizeof *c);

	if (c == NULL)
		return NULL;
	c->w = dsp_runs_alloc(1024);
	c->curve_buf = dsp_calloc(VIEW_CURVE_MAX, sizeof *c->curve_buf);
	if (c->w == NULL || c->curve_buf == NULL) {
		compute_free(c);
		return NULL;
	}
	return c;
}

void
compute_free(struct compute_cache *c)
{
	if (c == NULL)
		return;
	dsp_runs_free(c->w);
	free(c->sorted);
	free(c->curve_buf);
	free(c);
}

void
compute_invalidate(struct compute_cache *c)
{
	size_t i;

	c->sum_valid = c->hist_valid = c->curve_valid = c->map_valid = 0;
	for (i = 0; i < SERIES_CACHE; i++)
		c->slot[i].valid = 0;
}

static int
run_cmp(const void *a, const void *b)
{
	const struct run *x = a, *y = b;

	return x->v < y->v ? 1 : x->v > y->v ? -1 : 0;
}

/* Heaviest runs and the lightest one, without sorting. */
static void
top_runs(struct view_hist *h, const dsp_runs *w)
{
	size_t i, j, k;

	h->ntop = 0;
	h->last_value = INFINITY;
	h->last_count = 0;
	for (i = 0; i < w->len; i++) {
		if (w->value[i] < h->last_value || (w->value[i] == h->last_value &&
		    w->count[i] > h->last_count)) {
			h->last_value = w->value[i];
			h->last_count = w->count[i];
		}
		for (j = 0; j < h->ntop && h->top_value[j] >= w->value[i]; j++)
			;
		if (j >= VIEW_TOPRUNS)
			continue;
		k = h->ntop < VIEW_TOPRUNS ? h->ntop++ : VIEW_TOPRUNS - 1;
		for (; k > j; k--) {
			h->top_value[k] = h->top_value[k - 1];
			h->top_count[k] = h->top_count[k - 1];
		}
		h->top_value[j] = w->value[i];
		h->top_count[j] = w->count[i];
	}
}

/* Rank of column c: one item per column when they fit, else log-spaced. */
static double
col_rank(const struct view_hist *h, size_t c)
{
	if (!h->logrank)
		return (double)c + 1;
	return floor(exp(log(h->n) * (double)c / (double)(h->cols - 1)));
}

static void
sorted_columns_exact(struct compute_cache *cc, struct view_hist *h, const dsp_runs *w)
{
	double cum = 0, r;
	size_t i = 0, c;

	if (cc->sorted_cap < w->len) {
		free(cc->sorted);
		cc->sorted_cap = w->len;
		if ((cc->sorted = dsp_malloc(w->len * sizeof *cc->sorted)) == NULL) {
			cc->sorted_cap = 0;
			h->cols = 0;
			return;
		}
	}
	for (i = 0; i < w->len; i++) {
		cc->sorted[i].v = w->value[i];
		cc->sorted[i].c = w->count[i];
	}
	qsort(cc->sorted, w->len, sizeof *cc->sorted, run_cmp);
	cum = (double)cc->sorted[0].c;
	i = 0;
	for (c = 0; c < h->cols; c++) {
		r = col_rank(h, c);
		while (cum < r && i + 1 < w->len)
			cum += (double)cc->sorted[++i].c;
		h->rank[c] = r;
		h->logw[c] = cc->sorted[i].v > 0 ? log10(cc->sorted[i].v) : -INFINITY;
	}
}

/* Quantiles from a fine histogram of log10 weight: O(runs), no sort. */
static void
sorted_columns_binned(struct view_hist *h, const dsp_runs *w, double lo, double hi)
{
	gsl_histogram *g;
	double cum = 0, r, blo, bhi;
	size_t i, c, b;

	if (dsp_bin_alloc(&g, FINE_BINS, lo, hi > lo ? hi : lo + 1) != DSP_OK) {
		h->cols = 0;
		return;
	}
	for (i = 0; i < w->len; i++)
		dsp_logbin_add(g, w->value[i], (double)w->count[i]);
	b = FINE_BINS - 1;
	cum = gsl_histogram_get(g, b);
	for (c = 0; c < h->cols; c++) {
		r = col_rank(h, c);
		while (cum < r && b > 0)
			cum += gsl_histogram_get(g, --b);
		gsl_histogram_get_range(g, b, &blo, &bhi);
		h->rank[c] = r;
		h->logw[c] = (blo + bhi) / 2;
	}
	gsl_histogram_free(g);
}

static void
binned_columns(struct view_hist *h, const dsp_runs *w)
{
	gsl_histogram *g;
	size_t i;

	h->count_max = 0;
	if (dsp_bin_alloc(&g, h->cols, h->ylo, h->yhi) != DSP_OK) {
		h->cols = 0;
		return;
	}
	for (i = 0; i < w->len; i++)
		dsp_logbin_add(g, w->value[i], (double)w->count[i]);
	for (i = 0; i < h->cols; i++)
		h->count[i] = gsl_histogram_get(g, i);
	h->count_max = gsl_histogram_max_val(g);
	gsl_histogram_free(g);
}

static void
build_hist(struct compute_cache *cc, const struct view_state *st, struct view_hist *h,
    size_t cols)
{
	const dsp_runs *w = cc->w;
	double mn, mx, lo;

	h->ok = 0;
	if (!st->sum_ok) {
		snprintf(h->err, sizeof h->err, "%s", st->sum_err);
		return;
	}
	h->expected = 0;
	if (!cc->w_ok) {
		/* No items drawn (a random family or the ramp past the explicit
		 * size): the expected distribution of the weights, if any. */
		double c[VIEW_COLS_MAX], m = st->sum.max_weight, lo10, hi10;
		size_t j;

		if (cols > VIEW_COLS_MAX)
			cols = VIEW_COLS_MAX;
		hi10 = m > 0 ? ceil(log10(m) * 2 + 0.5) / 2 : 0;
		lo10 = st->sum.min_weight > 0 ? floor(log10(st->sum.min_weight) - 0.25) :
		    hi10 - 16;
		if (cols < 2 || dsp_eval_expected_hist(&st->vs.params, &st->sum, lo10, hi10,
		    cols, c) != DSP_OK)
			return;		/* h->err set by compute_summary */
		h->cols = cols;
		h->ylo = lo10;
		h->yhi = hi10;
		h->n = st->sum.n;
		h->nruns = h->ntop = 0;
		h->count_max = 0;
		for (j = 0; j < cols; j++)
			if ((h->count[j] = c[j]) > h->count_max)
				h->count_max = c[j];
		h->expected = h->ok = 1;
		return;
	}
	if (w->len == 0 || cols < 2) {
		snprintf(h->err, sizeof h->err, "no weights");
		return;
	}
	if (cols > VIEW_COLS_MAX)
		cols = VIEW_COLS_MAX;
	h->n = (double)dsp_runs_total(w);
	h->nruns = w->len;
	top_runs(h, w);
	dsp_runs_minmax(w, &mn, &mx);
	/* Show at least the Lemma band and the smallest positive weight. */
	lo = mn > 0 ? log10(mn) : log10(st->sum.max_weight) - 16;
	if (isfinite(st->sum.lo_tight) && st->sum.lo_tight > 0 && log10(st->sum.lo_tight) < lo)
		lo = log10(st->sum.lo_tight);
	lo = floor(lo - 0.25);
	if (lo < -320)
		lo = -320;
	if (lo > -1)
		lo = -1;
	h->ylo = lo;
	/* Up to the heavier of the max weight and the band's top, not 1:
	 * at n = 2^40 every weight is near 1e-12. */
	h->yhi = mx > 0 ? log10(mx) : 0;
	if (isfinite(st->sum.hi_tight) && st->sum.hi_tight > 0 &&
	    log10(st->sum.hi_tight) > h->yhi)
		h->yhi = log10(st->sum.hi_tight);
	h->yhi = ceil(h->yhi * 2 + 0.5) / 2;
	if (h->yhi > 0)
		h->yhi = 0;
	if (h->yhi < h->ylo + 1)
		h->yhi = h->ylo + 1;
	if (st->vs.hist_mode == 1) {
		h->cols = cols;
		h->logrank = 0;
		binned_columns(h, w);
	} else {
		h->logrank = h->n > (double)cols;
		h->cols = h->logrank ? cols : (size_t)h->n;
		if (w->len <= SORT_MAX)
			sorted_columns_exact(cc, h, w);
		else
			sorted_columns_binned(h, w, lo, mx > 0 ? log10(mx) : 0);
	}
	h->ok = h->cols > 0;
	if (!h->ok)
		snprintf(h->err, sizeof h->err, "out of memory for the histogram");
}

/* The summary's cost is its item count on the explicit route (a file's
 * logits, a random family up to the route policy's size): 2^13 items with
 * the histogram's sort take a few ms, 2^16 some 30 ms and an alternative
 * such as entmax over 2^20 items seconds (bench/bench-app.c).  Runs,
 * closed forms and the expected limit stay on the loop. */
int
compute_summary_is_job(const dsp_params *p)
{
	dsp_params q = dsp_view_params(p);
	uint64_t items = q.family == DSP_FAM_FILE ? (uint64_t)q.n_logits : q.n;

	return items > COMPUTE_INLINE_ITEMS && dsp_eval_is_explicit(&q);
}

void
compute_forget_summary(struct compute_cache *cc)
{
	cc->sum_valid = cc->hist_valid = 0;
}

void
compute_summary(struct compute_cache *cc, struct view_state *st, struct view_hist *hist)
{
	struct key k, hk;
	double m, M;
	int w_rc;

	compute_key_init(&k, &st->vs.params);
	if (!cc->sum_valid || memcmp(&k, &cc->sum_key, sizeof k) != 0) {
		cc->sum_key = k;
		cc->sum_valid = 1;
		cc->hist_valid = 0;
		/* The view's one computation (core/schema/view.h): the snapshot
		 * calls the same function. */
		st->sum_ok = dsp_view_summary(&st->vs, &st->sum, st->sum_err, cc->w,
		    &w_rc, hist->err) == DSP_OK;
		if (dsp_job_cancelled()) {
			cc->sum_valid = 0;	/* a stale job's part: never kept */
			return;
		}
		cc->w_ok = w_rc == DSP_OK;
		st->bounded = dsp_family_range(&st->vs.params, &m, &M) == 1;
	}
	/* At the figure's own resolution, never the panel's: the panel
	 * resamples it to its cells (a width in the key made a summary job
	 * that moved the layout cancel itself for ever). */
	compute_key_init(&hk, &st->vs.params);
	hk.extra = st->vs.hist_mode;
	if (!cc->hist_valid || memcmp(&hk, &cc->hist_key, sizeof hk) != 0) {
		cc->hist_key = hk;
		cc->hist_valid = 1;
		build_hist(cc, st, hist, VIEW_HIST_RES);
	}
}


/* The map at the view's figure resolution (what a snapshot exports, the
 * same cells) into m; the screen's cells are taken from it by
 * compute_map_cells, so a panel's size is never part of this job. */
void
compute_map(struct compute_cache *cc, const dsp_viewstate *vs, struct view_map *m)
{
	const dsp_map_spec *fig = &vs->map;
	dsp_params q = dsp_view_map_params(&vs->params);
	size_t n = fig->cols * fig->rows;
	struct key k;
	int rc;

	compute_key_init(&k, &q);
	k.metric = fig->metric;
	k.a = fig->cols;
	k.b = fig->rows;
	k.d[0] = fig->theta_lo;
	k.d[1] = fig->theta_hi;
	k.d[2] = fig->lambda_lo;
	k.d[3] = fig->lambda_hi;
	if (cc->map_valid && memcmp(&k, &cc->map_key, sizeof k) == 0)
		return;
	m->spec = *fig;
	if (m->cap < n) {
		free(m->cell);
		m->cap = 0;
		if ((m->cell = dsp_malloc(n * sizeof *m->cell)) == NULL) {
			m->ok = 0;
			snprintf(m->err, sizeof m->err, "out of memory for the map");
			return;
		}
		m->cap = n;
	}
	rc = dsp_view_map(vs, fig, m->cell);
	/* Not kept: the next request computes it again. */
	if (rc == DSP_ECANCELED || rc == DSP_ENOMEM) {
		cc->map_valid = 0;
		m->ok = 0;
		snprintf(m->err, sizeof m->err, "%s", rc == DSP_ECANCELED ?
		    "cancelled" : dsp_last_error());
		return;
	}
	cc->map_key = k;
	cc->map_valid = 1;
	/* A failed cell is not finite; the cells that are still show. */
	m->ok = 1;
	m->err[0] = '\0';
	if (rc != DSP_OK)
		set_msg(m->err, rc);
}

void
compute_map_cells(struct view_map *m, const struct view_map *full, size_t cols, size_t rows)
{
	const dsp_map_spec *fig = &full->spec;
	size_t i, r, c, sc, sr;

	if (!full->ok || full->cell == NULL || fig->cols < 2 || fig->rows < 2) {
		m->ok = 0;
		snprintf(m->err, sizeof m->err, "%s", full->ok ? "no map" : full->err);
		return;
	}
	m->spec = *fig;
	m->spec.cols = sc = dsp_view_share(fig->cols, cols < 2 ? 2 : cols);
	m->spec.rows = sr = dsp_view_share(fig->rows, rows < 2 ? 2 : rows);
	if (m->cap < sc * sr) {
		free(m->cell);
		m->cap = 0;
		if ((m->cell = dsp_malloc(sc * sr * sizeof *m->cell)) == NULL) {
			m->ok = 0;
			snprintf(m->err, sizeof m->err, "out of memory for the map");
			return;
		}
		m->cap = sc * sr;
	}
	for (r = 0; r < sr; r++)
		for (c = 0; c < sc; c++)
			m->cell[r * sc + c] = full->cell[(r * ((fig->rows - 1) / (sr - 1))) *
			    fig->cols + c * ((fig->cols - 1) / (sc - 1))];
	m->min = INFINITY;
	m->max = -INFINITY;
	for (i = 0; i < sc * sr; i++)
		if (isfinite(m->cell[i])) {
			if (m->cell[i] < m->min)
				m->min = m->cell[i];
			if (m->cell[i] > m->max)
				m->max = m->cell[i];
		}
	m->ok = m->min <= m->max;
	if (!m->ok)
		snprintf(m->err, sizeof m->err, "%s", full->err[0] != '\0' ? full->err :
		    "map has no finite cells");
}
