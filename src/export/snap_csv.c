/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Snapshot sets: the tables (weights runs, entropy curve, map) and
 * their CSV files; the text report prints the curve table too. */
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/math/eval.h"
#include "core/schema/figures.h"
#include "core/math/map.h"
#include "core/schema/params.h"
#include "core/math/runs.h"
#include "export/snap_int.h"
#include "export/table.h"

/* The "# key: value" stamps every table file carries. */
int
snap_stamp_all(const struct snap *s, dsp_table *t)
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

/* Weights as runs: position of the first item, multiplicity, weight.  The
 * stamps and column names only: the rows are written as they are made
 * (snap_write_weights_csv), never held (~126 bytes a run as table text). */
static dsp_table *
weights_head(const struct snap *s)
{
	dsp_table *t;

	if ((t = dsp_table_alloc("disperse snapshot: attention weights as runs "
	    "(first item, count, weight) in position order")) == NULL)
		return NULL;
	if (snap_stamp_all(s, t) != DSP_OK)
		goto fail;
	if (s->w_rc != DSP_OK)
		dsp_table_stamp(t, "note", s->w_err);
	if (dsp_table_column(t, "first", "%.0f") != DSP_OK ||
	    dsp_table_column(t, "count", "%.0f") != DSP_OK ||
	    dsp_table_column(t, "weight", "%.17g") != DSP_OK)
		goto fail;
	return t;
fail:
	dsp_table_free(t);
	return NULL;
}

dsp_table *
snap_curve_table(const struct snap *s, int full)
{
	/* The full CSV's figures, or the text report's short table
	 * (core/schema/figures.h). */
	const int surface = full ? DSP_SURF_CURVE : DSP_SURF_BRIEF;
	char name[64];
	double post[2 * DSP_VIEW_SERIES_MAX];
	dsp_figctx c;
	dsp_table *t;
	size_t i, k, a;

	if ((t = dsp_table_alloc(full ? "disperse snapshot: entropy and maximum "
	    "weight against n, with the Lemma 2.1 bounds" : NULL)) == NULL)
		return NULL;
	if (full && snap_stamp_all(s, t) != DSP_OK)
		goto fail;
	if (full && s->curve_err[0] != '\0')
		dsp_table_stamp(t, "note", s->curve_err);
	if (full) {
		dsp_table_stampf(t, "curve", "%.17g .. %.17g, %zu points requested",
		    s->v->curve_lo, s->v->curve_hi, s->v->curve_points);
		dsp_table_stamp(t, "units", "entropy in nats; floor = log(1 + (n-1) "
		    "e^(-delta/theta)), ceiling = log n");
	}
	if (dsp_table_fig_columns(t, surface, full ? "%.17g" : "%.6g") != DSP_OK)
		goto fail;
	/* The view's further series: plain twin or overlays, then pins
	 * ("entropy_pin1"; a "pin" stamp line says what each one is). */
	for (a = 0; full && a < s->nextra; a++) {
		const struct snap_series *x = &s->extra[a];

		if (x->h == NULL)
			continue;
		if (x->def.role == DSP_SERIES_PIN)
			dsp_table_stamp(t, "pin", x->def.label);
		snprintf(name, sizeof name, "entropy_%s", x->def.key);
		dsp_table_column(t, name, "%.17g");
		snprintf(name, sizeof name, "max_weight_%s", x->def.key);
		dsp_table_column(t, name, "%.17g");
	}
	for (i = 0; s->curve_rc == DSP_OK && i < s->ncurve; i++) {
		k = 0;
		for (a = 0; full && a < s->nextra; a++)
			if (s->extra[a].h != NULL) {
				post[k++] = s->extra[a].h[i];
				post[k++] = s->extra[a].w[i];
			}
		dsp_figctx_init(&c, &s->p, &s->curve[i]);
		if (dsp_table_fig_row(t, surface, &c, NULL, 0, post, k) != DSP_OK)
			goto fail;
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
	if (snap_stamp_all(s, t) != DSP_OK)
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

int
snap_write_table(FILE *fp, dsp_table *t, enum dsp_format f)
{
	int rc;

	if (t == NULL)
		return dsp_fail_nomem(NULL, 0);
	rc = dsp_table_write(t, fp, f);
	dsp_table_free(t);
	return rc;
}

/* The weights' rows, assembled in a block and written a block at a time
 * (a row through stdio cost more than its number). */
#define WROW_BLOCK	((size_t)1 << 16)
#define CELL_TEXT	64		/* a number's text, past DSP_DTOA_SIZE */

struct wrow {
	dsp_table	*t;
	FILE		*fp;
	uint64_t	 first;
	char		*buf;
	size_t		 len;
};

/* v in decimal at p; returns the end. */
static char *
u64_text(char *p, uint64_t v)
{
	char tmp[24];
	int n = 0;

	do
		tmp[n++] = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	while (n > 0)
		*p++ = tmp[--n];
	return p;
}

/* One run's row, written as the stream computes it: first and count as
 * whole numbers (past 2^53 not exact as doubles), the weight in its
 * column's format. */
static int
weights_row(void *ctx, double w, uint64_t count)
{
	struct wrow *c = ctx;
	char *p;

	if (c->len + 2 * 24 + CELL_TEXT > WROW_BLOCK) {
		fwrite(c->buf, 1, c->len, c->fp);
		c->len = 0;
	}
	p = u64_text(c->buf + c->len, c->first);
	*p++ = ',';
	p = u64_text(p, count);
	*p++ = ',';
	p += dsp_table_cell(c->t, 2, w, p, CELL_TEXT);
	*p++ = '\n';
	c->len = (size_t)(p - c->buf);
	c->first += count;
	return DSP_OK;
}

int
snap_write_weights_csv(const struct snap *s, FILE *fp)
{
	struct wrow c = { weights_head(s), fp, 0, NULL, 0 };
	int rc;

	if (c.t == NULL || (c.buf = dsp_malloc(WROW_BLOCK)) == NULL) {
		dsp_table_free(c.t);
		return dsp_fail_nomem(NULL, 0);
	}
	rc = dsp_table_write(c.t, fp, DSP_FMT_CSV);
	if (rc == DSP_OK && s->w_rc == DSP_OK) {
		rc = dsp_wstream_each(&s->ws, weights_row, &c);
		fwrite(c.buf, 1, c.len, fp);
		if (rc == DSP_OK && ferror(fp))
			rc = dsp_fail(DSP_EIO, "write failed");
	}
	free(c.buf);
	dsp_table_free(c.t);
	return rc;
}

int
snap_write_curve_csv(const struct snap *s, FILE *fp)
{
	return snap_write_table(fp, snap_curve_table(s, 1), DSP_FMT_CSV);
}

int
snap_write_map_csv(const struct snap *s, FILE *fp)
{
	return snap_write_table(fp, map_table(s), DSP_FMT_CSV);
}
