/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Heads: the rows of an --input array with several (layers x heads, at
 * one query), the head the view shows (params.head, through the parameter
 * table: `<` `>`, `:head L.H`, the parameters panel, a snapshot) and the
 * heads panel's list, each head's own figures at the view's temperature. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app_int.h"
#include "core/math/critical.h"
#include "core/error.h"
#include "core/schema/family.h"
#include "core/schema/pkey.h"
#include "core/schema/ptable.h"
#include "core/io/rowset.h"
#include "view/view.h"

/* What the list depends on: the view's parameters without the row. */
static dsp_pkey list_key;
static int list_valid;
/* The head the theta plot's other rows are for. */
static uint64_t th_for;
static int th_valid;

/* loaded: the head whose row the options put in params.logits (a loaded
 * snapshot may name another: the first frame then loads that one). */
void
app_heads_open(struct app *a, struct dsp_rowset *rows, uint64_t loaded)
{
	struct view_heads *h = a->heads;
	uint64_t d[4];

	if (rows == NULL)
		return;
	dsp_rowset_dims(rows, d);
	if (d[0] * d[1] * d[2] <= 1)
		return;		/* one row: nothing to pick */
	a->rows = rows;
	a->head_loaded = loaded;
	h->shown = 1;
	h->layers = a->st->layers = d[0];
	h->heads = a->st->heads = d[1];
	snprintf(h->name, sizeof h->name, "%s", dsp_rowset_name(rows));
	list_valid = 0;
}

/* Load the row of params.head into the view; on failure the previous head
 * stays and the status line says why. */
static void
load_head(struct app *a)
{
	dsp_params *p = &a->st->vs.params;
	const double *v;
	char text[48];
	size_t n;

	dsp_clear_error();
	if (dsp_rowset_row(a->rows, p->head, &v, &n) != DSP_OK) {
		app_say(a, 1, "%s", dsp_last_error());
		p->head = a->head_loaded;
		return;
	}
	p->logits = v;
	p->n_logits = n;
	if (p->family == DSP_FAM_FILE)
		p->n = n;
	a->head_loaded = p->head;
	app_say(a, 0, "head %s: %zu keys", dsp_head_format(p->head, text, sizeof text), n);
}

/* Largest first; NaN (a row that failed) last. */
static int
descending(double a, double b)
{
	if (isnan(a) || isnan(b))
		return isnan(a) - isnan(b);
	return (a < b) - (a > b);
}

/* Sharpest first. */
static int
by_max_weight(const void *x, const void *y)
{
	return descending(((const struct view_head *)x)->max_weight,
	    ((const struct view_head *)y)->max_weight);
}

/* Largest empirical critical n (stays sharp longest) first. */
static int
by_critical_n(const void *x, const void *y)
{
	return descending(((const struct view_head *)x)->log_n_eps,
	    ((const struct view_head *)y)->log_n_eps);
}

static void
sort_list(struct view_heads *h)
{
	qsort(h->row, h->count, sizeof h->row[0], h->by_crit ? by_critical_n :
	    by_max_weight);
}

/* Every head's figures at the view's query, temperature and function. */
static void
compute_list(struct app *a)
{
	struct view_heads *h = a->heads;
	const dsp_params *p = &a->st->vs.params;
	dsp_pkey key;
	uint64_t l, hd, q, packed;
	struct view_head *r;
	const double *v;
	dsp_summary s;
	size_t n;

	/* Every row but those a head's own logits replace (family, n, delta,
	 * lambda, seed, topk, model; the view's row and input), the query for
	 * the head: generated from the parameter table (core/schema/pkey.h). */
	dsp_head_unpack(p->head, &l, &hd, &q);
	dsp_pkey_of(p, &key);
	dsp_pkey_clear(&key, DSP_P_FAMILY);
	dsp_pkey_clear(&key, DSP_P_N);
	dsp_pkey_clear(&key, DSP_P_DELTA);
	dsp_pkey_clear(&key, DSP_P_LAMBDA);
	dsp_pkey_clear(&key, DSP_P_SEED);
	dsp_pkey_clear(&key, DSP_P_TOPK);
	dsp_pkey_clear(&key, DSP_P_MODEL);
	dsp_pkey_clear_input(&key);
	dsp_pkey_set(&key, DSP_P_HEAD, q);
	if (list_valid && dsp_pkey_eq(&key, &list_key))
		return;
	list_key = key;
	list_valid = 1;
	h->count = 0;
	h->err[0] = '\0';
	if (h->layers * h->heads > VIEW_HEADS_MAX) {
		snprintf(h->err, sizeof h->err, "%llu heads: more than the panel lists "
		    "(%d); `disperse heads` lists them all",
		    (unsigned long long)(h->layers * h->heads), VIEW_HEADS_MAX);
		return;
	}
	for (l = 0; l < h->layers; l++)
		for (hd = 0; hd < h->heads; hd++) {
			r = &h->row[h->count++];
			memset(r, 0, sizeof *r);
			r->n = r->spread = r->max_weight = r->entropy = r->log_n_eps = NAN;
			if (dsp_head_pack(l, hd, q, &packed) != DSP_OK)
				continue;
			r->head = packed;
			if (dsp_rowset_row(a->rows, packed, &v, &n) != DSP_OK ||
			    dsp_row_eval(&a->st->vs.params, v, n, &s, &r->log_n_eps) != DSP_OK) {
				if (h->err[0] == '\0')
					snprintf(h->err, sizeof h->err, "%s", dsp_last_error());
				continue;
			}
			r->n = (double)n;
			r->spread = s.spread;
			r->max_weight = s.max_weight;
			r->entropy = s.entropy;
		}
	sort_list(h);
}

/* The other heads at the view's query for the theta plot (faint lines):
 * the first VIEW_THETA_HEADS in layer.head order.  Their rows stay loaded
 * until the rowset closes, after the worker that reads them has stopped. */
static void
theta_rows(struct app *a)
{
	struct view_curve *cv = a->curve;
	uint64_t l, hd, q, packed, shown = a->st->vs.params.head;
	struct view_heads *h = a->heads;
	const double *v;
	size_t n;

	dsp_head_unpack(shown, &l, &hd, &q);
	/* Whole, unused entries zeroed: job and cache keys compare it. */
	memset(&cv->th_rows, 0, sizeof cv->th_rows);
	cv->th_others = h->layers * h->heads - 1;
	for (l = 0; l < h->layers && cv->th_rows.n < VIEW_THETA_HEADS; l++)
		for (hd = 0; hd < h->heads && cv->th_rows.n < VIEW_THETA_HEADS; hd++) {
			if (dsp_head_pack(l, hd, q, &packed) != DSP_OK || packed == shown ||
			    dsp_rowset_row(a->rows, packed, &v, &n) != DSP_OK)
				continue;
			cv->th_rows.row[cv->th_rows.n] = v;
			cv->th_rows.len[cv->th_rows.n++] = n;
		}
	dsp_clear_error();	/* a row that failed is left out, not news */
}

void
app_heads_sync(struct app *a)
{
	if (a->rows == NULL)
		return;
	if (a->st->vs.params.head != a->head_loaded ||
	    a->st->vs.params.logits == NULL)
		load_head(a);
	if (!th_valid || th_for != a->st->vs.params.head) {
		theta_rows(a);
		th_for = a->st->vs.params.head;
		th_valid = 1;
	}
	compute_list(a);
}

void
app_heads_step(struct app *a, int dir)
{
	dsp_params *p = &a->st->vs.params;

	if (a->rows == NULL) {
		app_say(a, 1, "no heads to step: start with --input FILE.npy of several rows");
		return;
	}
	p->head = dsp_rowset_step(a->rows, p->head, dir);
	app_heads_sync(a);
}

void
app_heads_sort(struct app *a)
{
	struct view_heads *h = a->heads;

	if (a->rows == NULL) {
		app_say(a, 1, "no heads panel: start with --input FILE.npy of several rows");
		return;
	}
	h->by_crit = !h->by_crit;
	sort_list(h);
	app_say(a, 0, "heads sorted by %s", h->by_crit ? "empirical critical n" :
	    "max weight");
}

void
app_heads_draw(struct app *a)
{
	struct view_panel *p = &a->headspn;

	app_make_win(p);
	if (p->visible) {
		p->cls->update(p, a->st);
		p->cls->draw(p, p->win);
	}
}
