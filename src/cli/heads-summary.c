/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What `disperse heads` derives from the kept records: the summary in the
 * authors' form and the two figures (cmd-heads.c reads and evaluates). */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/heads_int.h"
#include "core/alloc.h"
#include "core/dsp.h"
#include "export/heads_svg.h"

/* Summary in the authors' form: range and mean +- sd of the spread, per
 * layer and overall.  sd is the population standard deviation (divide by
 * the count, numpy's default). */
static int
summary_row(dsp_table *t, const char *arr, const char *layer, const double *v,
    size_t n, int is_npz)
{
	double lo = INFINITY, hi = -INFINITY, sum = 0, m, ss = 0, row[6];
	char form[160];
	size_t i, col = 0, at;
	int rc = 0;

	for (i = 0; i < n; i++) {
		lo = v[i] < lo ? v[i] : lo;
		hi = v[i] > hi ? v[i] : hi;
		sum += v[i];
	}
	m = sum / (double)n;
	for (i = 0; i < n; i++)
		ss += (v[i] - m) * (v[i] - m);
	row[0] = (double)n;
	row[1] = lo;
	row[2] = hi;
	row[3] = m;
	row[4] = sqrt(ss / (double)n);
	snprintf(form, sizeof form, "[%.2f, %.2f], %.2f \xc2\xb1 %.2f", lo, hi, m, row[4]);
	{
		double cells[9];

		if (is_npz)
			cells[col++] = NAN;
		cells[col++] = NAN;
		memcpy(cells + col, row, 5 * sizeof *row);
		cells[col + 5] = NAN;
		rc |= dsp_table_row(t, cells);
	}
	at = dsp_table_rows(t) - 1;
	col = 0;
	if (is_npz)
		rc |= dsp_table_set_text(t, at, col++, arr);
	rc |= dsp_table_set_text(t, at, col, layer);
	rc |= dsp_table_set_text(t, at, col + 6, form);
	return rc ? DSP_ENOMEM : DSP_OK;
}

/* Record order for the per-layer summary (qsort has no context argument;
 * the command runs one summary at a time). */
static const struct rec *by_layer_recs;

static int
by_layer(const void *x, const void *y)
{
	const struct rec *a = &by_layer_recs[*(const size_t *)x];
	const struct rec *b = &by_layer_recs[*(const size_t *)y];

	if (a->arr != b->arr)
		return a->arr < b->arr ? -1 : 1;
	if (a->layer != b->layer)
		return a->layer < b->layer ? -1 : 1;
	return *(const size_t *)x < *(const size_t *)y ? -1 : 1;
}

dsp_table *
heads_summary_table(struct run *r, const char *shape, const char *dtype)
{
	static const char *cols[] = { "rows", "spread_min", "spread_max",
	    "spread_mean", "spread_sd", "authors_form" };
	dsp_table *t = dsp_table_alloc("disperse heads: spread summary (range, mean \xc2\xb1 sd)");
	double *v = NULL;
	size_t *ord = NULL, i, j, n, a;
	uint64_t l;
	char name[32];
	int rc = 0;

	if (t == NULL || (v = dsp_malloc((r->nrec ? r->nrec : 1) * sizeof *v)) == NULL ||
	    (ord = dsp_malloc((r->nrec ? r->nrec : 1) * sizeof *ord)) == NULL) {
		free(v);
		dsp_table_free(t);
		return NULL;
	}
	rc |= heads_stamp(r, t, shape, dtype);
	rc |= dsp_table_stamp(t, "sd", "population (divide by the count)");
	if (r->is_npz)
		rc |= dsp_table_column(t, "array", NULL);
	rc |= dsp_table_column(t, "layer", NULL);
	for (j = 0; j < 6; j++)
		rc |= dsp_table_column(t, cols[j], j == 0 ? "%.0f" : "%.10g");
	/* One pass over the records in (array, layer, record) order: scanning
	 * every record for every (array, layer) was quadratic (an (L, 1, 1)
	 * array of L = 2^18 took 36 s).  The record order inside a group is
	 * kept, so each row sums its spreads in the same order as before. */
	for (i = 0; i < r->nrec; i++)
		ord[i] = i;
	by_layer_recs = r->recs;
	qsort(ord, r->nrec, sizeof *ord, by_layer);
	for (i = 0; i < r->nrec && rc == 0; i = j) {
		a = r->recs[ord[i]].arr;
		l = r->recs[ord[i]].layer;
		for (j = i, n = 0; j < r->nrec && r->recs[ord[j]].arr == a &&
		    r->recs[ord[j]].layer == l; j++)
			v[n++] = r->recs[ord[j]].spread;
		snprintf(name, sizeof name, "%llu", (unsigned long long)l);
		rc |= summary_row(t, r->is_npz ? r->arr_names[a] : NULL, name, v, n, r->is_npz);
	}
	free(ord);
	for (i = 0; i < r->nrec; i++)
		v[i] = r->recs[i].spread;
	if (rc == 0 && r->nrec > 0)
		rc |= summary_row(t, "all", "all", v, r->nrec, r->is_npz);
	free(v);
	if (rc != 0) {
		dsp_table_free(t);
		return NULL;
	}
	return t;
}

/* One of the two figures, for dsp_figopts_write. */
struct headsfig {
	const dsp_figspec	*f;
	int			 grid;
	const double		*v;
	size_t			 a, b;	/* layers, heads; or count */
	const char		*title;
};

static int
headsfig_svg(const void *ctx, FILE *fp)
{
	const struct headsfig *c = ctx;

	return c->grid ? dsp_heads_svg_grid(fp, c->f, c->v, c->a, c->b, c->title,
	    "mean spread M - m of each head's rows, viridis") :
	    dsp_heads_svg_hist(fp, c->f, c->v, c->a, 0, c->title,
	    "histogram of the spread M - m of every row");
}

/* PREFIX-grid.svg (mean spread of each layer x head over its rows; the
 * arrays of an .npz side by side in layer order) and PREFIX-hist.svg, in
 * every format of the figure options.  0 or the exit status (printed). */
int
heads_write_svgs(struct run *r)
{
	size_t L = (size_t)r->max_layers * r->narr, Hd = (size_t)r->max_heads, i, k;
	double *sum = dsp_calloc(L * Hd + 1, sizeof *sum), *cnt = dsp_calloc(L * Hd + 1, sizeof *cnt);
	double *sp = dsp_malloc((r->nrec + 1) * sizeof *sp);
	char path[4096], title[256];
	struct headsfig c;
	int st = 0, w;

	if (sum == NULL || cnt == NULL || sp == NULL) {
		free(sum), free(cnt), free(sp);
		return dsp_opts_core_fail(r->o, NULL, dsp_fail_nomem(NULL, 0));
	}
	for (i = 0; i < r->nrec; i++) {
		k = (r->recs[i].arr * (size_t)r->max_layers + r->recs[i].layer) * Hd +
		    r->recs[i].head;
		sum[k] += r->recs[i].spread;
		cnt[k] += 1;
		sp[i] = r->recs[i].spread;
	}
	for (k = 0; k < L * Hd; k++)
		sum[k] = cnt[k] > 0 ? sum[k] / cnt[k] : NAN;
	for (w = 0; w < 2 && st == 0; w++) {
		snprintf(path, sizeof path, "%s-%s.svg", r->h->svg, w == 0 ? "grid" : "hist");
		snprintf(title, sizeof title, w == 0 ?
		    "Logit spread \xce\xb4 per layer and head: %s" :
		    "Logit spread \xce\xb4 over attention rows: %s", r->h->file);
		c.f = &r->h->figspec;
		c.grid = w == 0;
		c.v = w == 0 ? sum : sp;
		c.a = w == 0 ? L : r->nrec;
		c.b = Hd;
		c.title = title;
		st = dsp_figopts_write(r->o, &r->h->figspec, path, headsfig_svg, &c, 1);
	}
	free(sum), free(cnt), free(sp);
	return st;
}
