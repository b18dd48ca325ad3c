/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Snapshot sets: the figures of one set (summary, weights, entropy curve
 * with its overlays, map), computed once and shared by every format. */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/math/eval.h"
#include "core/math/map.h"
#include "core/schema/params.h"
#include "core/math/runs.h"
#include "core/schema/view.h"
#include "export/snap_int.h"

void
snap_keep_error(char *buf, size_t size, int rc)
{
	const char *d = dsp_last_error();

	snprintf(buf, size, "%s", d != NULL && *d != '\0' ? d : dsp_strerror(rc));
}

uint64_t
snap_items(const dsp_params *p)
{
	return p->family == DSP_FAM_FILE ? (uint64_t)p->n_logits : p->n;
}

/* The curve and its further series, through the view's one computation
 * (core/schema/view.h): the TUI's curve panel calls the same functions.  A point
 * that has no route ends the curve there (a note says where and why); one
 * that could not be allocated fails the snapshot: DSP_ENOMEM. */
static int
snap_compute_curve(struct snap *s)
{
	const dsp_viewstate *v = s->v;
	dsp_view_series def[DSP_VIEW_SERIES_MAX];
	struct snap_series *x;
	dsp_summary *tmp;
	size_t i, k, n, done;
	int rc = DSP_OK;

	if ((n = dsp_view_series_list(v, def)) == 0) {
		s->curve_rc = DSP_ENOTSUP;
		snprintf(s->curve_err, sizeof s->curve_err,
		    "a file's logits have one fixed n, so there is no curve");
		return DSP_OK;
	}
	s->main = def[0];
	if ((s->ns = dsp_calloc(v->curve_points, sizeof *s->ns)) == NULL ||
	    (s->curve = dsp_calloc(v->curve_points, sizeof *s->curve)) == NULL)
		return dsp_fail_nomem("the entropy curve", v->curve_points *
		    (sizeof *s->ns + sizeof *s->curve));
	s->ncurve = dsp_view_curve_sizes(v, s->ns, v->curve_points);
	/* Keep the points that can be computed and say where the curve ends. */
	if ((s->curve_rc = dsp_view_curve(&def[0].p, s->ns, s->ncurve, s->curve,
	    &done, s->curve_err)) != DSP_OK) {
		if (s->curve_rc == DSP_ENOMEM || s->curve_rc == DSP_ECANCELED)
			return dsp_fail(s->curve_rc, "%s", s->curve_err);
		if (done == 0)
			return DSP_OK;
		s->ncurve = done;
		s->curve_rc = DSP_OK;	/* curve_err stays: a partial curve */
	}
	if ((tmp = dsp_calloc(s->ncurve, sizeof *tmp)) == NULL)
		return dsp_fail_nomem("a curve series", s->ncurve * sizeof *tmp);
	for (k = 1; k < n; k++) {
		x = &s->extra[s->nextra++];
		x->def = def[k];
		/* A series shorter than the main curve ends in NaN (not drawn,
		 * "nan" in the CSV): an absent point is not H = 0. */
		rc = dsp_view_curve(&def[k].p, s->ns, s->ncurve, tmp, &done, NULL);
		if (rc == DSP_ENOMEM || rc == DSP_ECANCELED)
			break;
		rc = DSP_OK;
		if (done == 0)
			continue;
		x->h = dsp_malloc(s->ncurve * sizeof(double));
		x->w = dsp_malloc(s->ncurve * sizeof(double));
		if (x->h == NULL || x->w == NULL) {
			rc = dsp_fail_nomem("a curve series", 2 * s->ncurve * sizeof(double));
			break;
		}
		for (i = 0; i < s->ncurve; i++) {
			x->h[i] = i < done ? tmp[i].entropy : NAN;
			x->w[i] = i < done ? tmp[i].max_weight : NAN;
		}
	}
	free(tmp);
	return rc;
}

/* The map; cells out of range are a note, out of memory fails. */
static int
snap_compute_map(struct snap *s)
{
	const dsp_map_spec *m = &s->v->map;

	/* The view's own figure resolution over its ranges (not the
	 * terminal's cells): the map the view exports. */
	s->mp = dsp_view_map_params(&s->p);
	if ((s->map = dsp_malloc(m->cols * m->rows * sizeof *s->map)) == NULL)
		return dsp_fail_nomem("the map", m->cols * m->rows * sizeof *s->map);
	if ((s->map_rc = dsp_view_map(s->v, m, s->map)) == DSP_ENOMEM ||
	    s->map_rc == DSP_ECANCELED)
		return s->map_rc;
	if (s->map_rc != DSP_OK)
		snap_keep_error(s->map_err, sizeof s->map_err, s->map_rc);
	return DSP_OK;
}

int
snap_compute(struct snap *s)
{
	/* Summary and weights: the TUI's compute_summary calls the same
	 * evaluation with the weights held (dsp_view_summary); here they are
	 * streamed to each writer (the same numbers, no n-sized array). */
	int rc;

	s->sum_rc = dsp_view_summary_stream(s->v, &s->sum, s->sum_err, &s->ws,
	    &s->w_rc, s->w_err);
	/* A figure that could not be allocated fails the set (written whole
	 * or not at all); only a figure with no route is a note. */
	if (s->sum_rc == DSP_ENOMEM || s->sum_rc == DSP_ECANCELED)
		return dsp_fail(s->sum_rc, "%s", s->sum_err);
	if (s->w_rc == DSP_ENOMEM || s->w_rc == DSP_ECANCELED)
		return dsp_fail(s->w_rc, "%s", s->w_err);
	if ((rc = snap_compute_curve(s)) != DSP_OK)
		return rc;
	return snap_compute_map(s);
}

void
snap_free(struct snap *s)
{
	size_t k;

	dsp_wstream_free(&s->ws);
	free(s->ns);
	free(s->curve);
	free(s->map);
	for (k = 0; k < s->nextra; k++) {
		free(s->extra[k].h);
		free(s->extra[k].w);
	}
}

/* Map values to a shade for the text report. */
double
snap_metric_top(const struct snap *s)
{
	switch (s->v->map.metric) {
	case DSP_METRIC_ENTROPY:
		return snap_items(&s->mp) > 1 ? log((double)snap_items(&s->mp)) : 1;
	default:
		return 1;
	}
}
