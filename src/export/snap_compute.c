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
#include "core/eval.h"
#include "core/map.h"
#include "core/params.h"
#include "core/runs.h"
#include "core/view.h"
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
 * (core/view.h): the TUI's curve panel calls the same functions. */
static void
compute_curve(struct snap *s)
{
	const dsp_viewstate *v = s->v;
	dsp_view_series def[DSP_VIEW_SERIES_MAX];
	struct snap_series *x;
	dsp_summary *tmp;
	size_t i, k, n, done;

	if ((n = dsp_view_series_list(v, def)) == 0) {
		s->curve_rc = DSP_ENOTSUP;
		snprintf(s->curve_err, sizeof s->curve_err,
		    "a file's logits have one fixed n, so there is no curve");
		return;
	}
	s->main = def[0];
	if ((s->ns = dsp_calloc(v->curve_points, sizeof *s->ns)) == NULL ||
	    (s->curve = dsp_calloc(v->curve_points, sizeof *s->curve)) == NULL) {
		s->curve_rc = DSP_ENOMEM;
		snprintf(s->curve_err, sizeof s->curve_err, "out of memory");
		return;
	}
	s->ncurve = dsp_view_curve_sizes(v, s->ns, v->curve_points);
	/* Keep the points that can be computed and say where the curve ends. */
	if ((s->curve_rc = dsp_view_curve(&def[0].p, s->ns, s->ncurve, s->curve,
	    &done, s->curve_err)) != DSP_OK) {
		if (done == 0)
			return;
		s->ncurve = done;
		s->curve_rc = DSP_OK;	/* curve_err stays: a partial curve */
	}
	if ((tmp = dsp_calloc(s->ncurve, sizeof *tmp)) == NULL)
		return;
	for (k = 1; k < n; k++) {
		x = &s->extra[s->nextra++];
		x->def = def[k];
		/* A series shorter than the main curve ends in NaN (not drawn,
		 * "nan" in the CSV): an absent point is not H = 0. */
		dsp_view_curve(&def[k].p, s->ns, s->ncurve, tmp, &done, NULL);
		if (done == 0)
			continue;
		x->h = dsp_malloc(s->ncurve * sizeof(double));
		x->w = dsp_malloc(s->ncurve * sizeof(double));
		if (x->h == NULL || x->w == NULL)
			break;
		for (i = 0; i < s->ncurve; i++) {
			x->h[i] = i < done ? tmp[i].entropy : NAN;
			x->w[i] = i < done ? tmp[i].max_weight : NAN;
		}
	}
	free(tmp);
}

static void
compute_map(struct snap *s)
{
	const dsp_map_spec *m = &s->v->map;

	/* The view's own figure resolution over its ranges (not the
	 * terminal's cells): the map the view exports. */
	s->mp = dsp_view_map_params(&s->p);
	if ((s->map = dsp_malloc(m->cols * m->rows * sizeof *s->map)) == NULL) {
		s->map_rc = DSP_ENOMEM;
		snprintf(s->map_err, sizeof s->map_err, "out of memory");
		return;
	}
	if ((s->map_rc = dsp_view_map(s->v, m, s->map)) != DSP_OK)
		snap_keep_error(s->map_err, sizeof s->map_err, s->map_rc);
}

int
snap_compute(struct snap *s)
{
	/* Summary and weights: the TUI's compute_summary calls the same
	 * evaluation with the weights held (dsp_view_summary); here they are
	 * streamed to each writer (the same numbers, no n-sized array). */
	s->sum_rc = dsp_view_summary_stream(s->v, &s->sum, s->sum_err, &s->ws,
	    &s->w_rc, s->w_err);
	compute_curve(s);
	compute_map(s);
	return DSP_OK;
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
