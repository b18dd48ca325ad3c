/* Snapshot sets: the figures of one set (summary, weights, entropy curve
 * with its overlays, map), computed once and shared by every format. */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/eval.h"
#include "core/map.h"
#include "core/params.h"
#include "core/runs.h"
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
		snap_keep_error(s->curve_err, sizeof s->curve_err, s->curve_rc);
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
	s->mp.n = snap_items(&s->p);
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
		snap_keep_error(s->map_err, sizeof s->map_err, s->map_rc);
}

int
snap_compute(struct snap *s)
{
	if ((s->sum_rc = dsp_eval(&s->p, &s->sum)) != DSP_OK)
		snap_keep_error(s->sum_err, sizeof s->sum_err, s->sum_rc);
	if ((s->w = dsp_runs_alloc(64)) == NULL)
		return dsp_fail(DSP_ENOMEM, "out of memory");
	if ((s->w_rc = dsp_eval_weights(&s->p, s->w, NULL)) != DSP_OK) {
		if (s->w_rc == DSP_ETOOBIG && s->sum_rc == DSP_OK &&
		    s->sum.method == DSP_METHOD_EXPECTED)
			snprintf(s->w_err, sizeof s->w_err, "%s logits at n = %llu are "
			    "evaluated as their expected large-n limit: no per-item weights",
			    dsp_family_name(s->p.family),
			    (unsigned long long)snap_items(&s->p));
		else
			snap_keep_error(s->w_err, sizeof s->w_err, s->w_rc);
	}
	compute_curve(s);
	compute_map(s);
	return DSP_OK;
}

void
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
