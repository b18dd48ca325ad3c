/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The tour and the refit for the TUI: numbers through the core, cached,
 * copied into view_state for src/view/tour_box.c and refit_box.c. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "app/teach.h"
#include "core/math/adaptive.h"
#include "core/error.h"
#include "core/math/fit.h"
#include "core/io/tour.h"
#include "export/model.h"

#define REFIT_SIZES	64

struct teach {
	dsp_tour		 tour;
	int			 loaded;
	int			 refit_done;
	struct view_refit	 refit;
};

struct teach *
teach_alloc(void)
{
	return dsp_calloc(1, sizeof(struct teach));
}

void
teach_free(struct teach *t)
{
	if (t == NULL)
		return;
	if (t->loaded)
		dsp_tour_free(&t->tour);
	free(t);
}

static const char *
detail(int rc)
{
	return *dsp_last_error() ? dsp_last_error() : dsp_strerror(rc);
}

static int
tour_load(struct teach *t, char *msg, size_t size)
{
	char path[4096];
	int rc;

	if (t->loaded)
		return 0;
	dsp_clear_error();
	if ((rc = dsp_tour_find(path, sizeof path)) != DSP_OK) {
		snprintf(msg, size, "tour not found (doc/tour.txt; set DISPERSE_DATADIR): %s",
		    detail(rc));
		return -1;
	}
	if ((rc = dsp_tour_load(path, &t->tour)) != DSP_OK) {
		snprintf(msg, size, "cannot load the tour: %s", detail(rc));
		return -1;
	}
	if (t->tour.n_steps == 0) {
		dsp_tour_free(&t->tour);
		snprintf(msg, size, "the tour %s has no steps", path);
		return -1;
	}
	t->loaded = 1;
	return 0;
}

int
teach_tour_show(struct teach *t, struct view_state *st, struct view_tour *vt, size_t k,
    uint64_t explicit_max, char *msg, size_t size)
{
	const dsp_tour_step *s;
	dsp_params p, before, *cur = &st->vs.params;
	size_t i;
	int rc;

	if (tour_load(t, msg, size) != 0)
		return -1;
	if (k >= t->tour.n_steps)
		k = t->tour.n_steps - 1;
	s = &t->tour.steps[k];
	dsp_clear_error();
	if ((rc = dsp_tour_apply(s, &p)) != DSP_OK ||
	    (rc = dsp_model_attach_data(&p)) != DSP_OK) {
		snprintf(msg, size, "tour step %zu: %s", k + 1, detail(rc));
		return -1;
	}
	/* A loaded logits file stays available to the family key. */
	p.logits = cur->logits;
	p.n_logits = cur->n_logits;
	p.logits_name = cur->logits_name;
	p.explicit_max = explicit_max;
	*cur = p;
	/* A step's %pin: its "before" curve as a ghost beside it (the
	 * tour's pins stand in for the view's while it is open; closing the
	 * tour brings the view's back, app_tour_close). */
	st->vs.npins = 0;
	if (s->pin != NULL && dsp_tour_pin_params(s, &p, &before) == DSP_OK) {
		*cur = before;
		(void)dsp_view_pin(&st->vs);
		*cur = p;
	}
	vt->open = 1;
	vt->step = k;
	vt->scroll = 0;
	vt->nsteps = t->tour.n_steps;
	vt->title = s->title;
	vt->body = s->body;
	vt->set = s->set;
	vt->nshow = s->n_show < VIEW_TOUR_SHOW ? s->n_show : VIEW_TOUR_SHOW;
	for (i = 0; i < vt->nshow; i++) {
		vt->show[i] = s->show[i];
		vt->value[i] = NAN;
	}
	snprintf(msg, size, "tour step %zu/%zu: %s", k + 1, vt->nsteps, s->title);
	return 0;
}

void
teach_tour_figures(const struct teach *t, const struct view_state *st, struct view_tour *vt)
{
	size_t i;
	double v;

	if (!vt->open || !t->loaded)
		return;
	for (i = 0; i < vt->nshow; i++) {
		if (!st->sum_ok || dsp_tour_value(&st->sum, &st->vs.params, vt->show[i],
		    &v) != DSP_OK)
			v = NAN;
		vt->value[i] = v;
	}
}

/* The same pairs and fit as `disperse fit` with no options: the refit
 * spec defaults, sizes 2^2 .. 2^14, delta and seed from the parameter
 * defaults (4 and 1), degree 4. */
static int
refit_compute(struct view_refit *r)
{
	double sizes[REFIT_SIZES], *x = NULL, *y = NULL, lo = INFINITY, hi = -INFINITY;
	dsp_refit_pair *pairs = NULL;
	dsp_refit_spec spec;
	dsp_fit_result f;
	dsp_params def;
	size_t n = 0, i;
	int rc, k;

	memset(r, 0, sizeof *r);
	dsp_params_default(&def);
	dsp_refit_spec_default(&spec);
	spec.n_sizes = dsp_refit_default_sizes(sizes, REFIT_SIZES);
	spec.sizes = sizes;
	spec.delta = def.delta;
	spec.seed = def.seed;
	dsp_clear_error();
	if ((rc = dsp_refit_generate(&spec, &pairs, &n)) != DSP_OK) {
		snprintf(r->err, sizeof r->err, "refit: generate: %s", detail(rc));
		return -1;
	}
	x = dsp_malloc(n * sizeof *x);
	y = dsp_malloc(n * sizeof *y);
	if (x == NULL || y == NULL) {
		snprintf(r->err, sizeof r->err, "refit: out of memory");
		goto fail;
	}
	r->h_lo = INFINITY;
	r->h_hi = -INFINITY;
	for (i = 0; i < n; i++) {
		x[i] = pairs[i].h;
		y[i] = pairs[i].beta;
		r->capped += pairs[i].capped != 0;
		r->h_lo = fmin(r->h_lo, x[i]);
		r->h_hi = fmax(r->h_hi, x[i]);
	}
	if ((rc = dsp_fit_poly(x, y, n, DSP_ADAPTIVE_DEGREE, &f)) != DSP_OK) {
		snprintf(r->err, sizeof r->err, "refit: fit: %s", detail(rc));
		goto fail;
	}
	r->degree = f.degree;
	r->paper_degree = DSP_ADAPTIVE_DEGREE;
	for (k = 0; k <= f.degree && k < VIEW_REFIT_COEF; k++) {
		r->coef[k] = f.coef[k];
		r->se[k] = f.se[k];
	}
	for (k = 0; k <= DSP_ADAPTIVE_DEGREE; k++)
		r->paper[k] = dsp_adaptive_poly_desc[k];
	r->r2 = f.r2;
	r->rms = f.rms;
	r->points = f.n;
	for (k = 0; k < VIEW_REFIT_GRID; k++) {
		r->grid_h[k] = 8.0 * k / (VIEW_REFIT_GRID - 1);
		r->grid_paper[k] = dsp_poly_desc_eval(dsp_adaptive_poly_desc,
		    DSP_ADAPTIVE_DEGREE, r->grid_h[k]);
		r->grid_refit[k] = dsp_poly_desc_eval(f.coef, f.degree, r->grid_h[k]);
		r->grid_diff[k] = r->grid_refit[k] - r->grid_paper[k];
		lo = fmin(lo, fmin(r->grid_paper[k], r->grid_refit[k]));
		hi = fmax(hi, fmax(r->grid_paper[k], r->grid_refit[k]));
	}
	r->plot_lo = lo;
	r->plot_hi = hi;
	r->ok = 1;
	free(pairs);
	free(x);
	free(y);
	return 0;
fail:
	free(pairs);
	free(x);
	free(y);
	return -1;
}

int
teach_refit(struct teach *t, struct view_refit *r, char *msg, size_t size)
{
	int open = r->open;

	if (!t->refit_done) {
		refit_compute(&t->refit);
		t->refit_done = t->refit.ok;
	}
	*r = t->refit;
	r->open = open;
	if (!t->refit.ok) {
		snprintf(msg, size, "%s", t->refit.err);
		return -1;
	}
	return 0;
}
