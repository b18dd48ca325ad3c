/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The curve panel's job: entropy and max weight over n for every series
 * the view draws (core/schema/view.h's list), a file's head against theta
 * with the other heads beside it, and the resample's other heads over n.
 * Through the caches of compute_int.h. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "app/compute.h"
#include "app/compute_int.h"
#include "core/error.h"
#include "core/job.h"
#include "core/math/eval.h"
#include "core/schema/view.h"

/* One series of the view at its curve's sizes, through the view's one
 * computation (it stops where the route does, and says why in s->err:
 * the curve is drawn only where it was computed). */
static void
fill_series(struct compute_cache *cc, struct view_series *s, const dsp_params *p,
    const dsp_viewstate *vs)
{
	double ns[VIEW_CURVE_MAX];
	size_t count, i, k;

	s->ok = 0;
	s->err[0] = '\0';
	s->count = 0;
	if ((count = dsp_view_curve_sizes(vs, ns, VIEW_CURVE_MAX)) == 0) {
		snprintf(s->err, sizeof s->err, "empty n range");
		return;
	}
	dsp_view_curve(p, ns, count, cc->curve_buf, &k, s->err);
	for (i = 0; i < k; i++) {
		const dsp_summary *sm = &cc->curve_buf[i];

		s->n[i] = sm->n;
		s->entropy[i] = sm->entropy;
		s->maxw[i] = sm->max_weight;
		s->lo[i] = sm->lo_tight;
		s->hi[i] = sm->hi_tight;
		s->floor[i] = sm->entropy_floor;
		s->expected[i] = sm->method == DSP_METHOD_EXPECTED ||
		    sm->method == DSP_METHOD_TYPICAL;
	}
	s->count = k;
	s->ok = k > 0;
}

/* One series through the per-function cache: toggling a function in
 * compare mode computes only that function. */
static void
cached_series(struct compute_cache *cc, struct view_series *out, const dsp_params *p,
    const dsp_viewstate *vs)
{
	struct series_slot *sl, *victim = &cc->slot[0];
	struct key k;
	size_t i;

	compute_key_init(&k, p);
	dsp_pkey_clear(&k.p, DSP_P_N);
	dsp_pkey_clear(&k.p, DSP_P_EPS);
	k.a = vs->curve_points;
	k.d[0] = vs->curve_lo;
	k.d[1] = vs->curve_hi;
	cc->clock++;
	for (i = 0; i < SERIES_CACHE; i++) {
		sl = &cc->slot[i];
		if (sl->valid && memcmp(&sl->key, &k, sizeof k) == 0) {
			sl->age = cc->clock;
			*out = sl->s;
			return;
		}
		if (!sl->valid || sl->age < victim->age)
			victim = sl;
	}
	fill_series(cc, out, p, vs);
	if (dsp_job_cancelled())
		return;		/* partial: not worth keeping */
	victim->key = k;
	victim->valid = 1;
	victim->age = cc->clock;
	victim->s = *out;
}

/* The other heads' figures at the head's theta (drawn faint beside it):
 * each row through the same evaluation, the view's parameters but its
 * logits. */
static void
other_thetas(struct view_curve *cv, const dsp_params *p)
{
	dsp_params q = *p;
	dsp_summary sm;
	size_t j, i;

	cv->th_nother = 0;
	for (j = 0; j < cv->th_rows.n && j < VIEW_THETA_HEADS; j++) {
		q.logits = cv->th_rows.row[j];
		q.n_logits = q.n = cv->th_rows.len[j];
		q.logits_x = NULL;	/* the head's typed row, not this one */
		q.logits_xsize = 0;
		for (i = 0; i < cv->nthetas; i++) {
			q.theta = cv->th_theta[i];
			if (dsp_job_cancelled())
				return;
			if (dsp_eval(&q, &sm) != DSP_OK)
				sm.entropy = sm.max_weight = NAN;
			cv->th_oentropy[j][i] = sm.entropy;
			cv->th_omaxw[j][i] = sm.max_weight;
		}
		cv->th_nother = j + 1;
	}
}

/* The resample view (family empirical of a file's head): the other heads'
 * rows resampled the same way, each a curve over the view's sizes, faint
 * under the head's. */
static int
resample_view(const dsp_viewstate *vs, const struct view_curve *cv)
{
	return vs->params.family == DSP_FAM_EMPIRICAL && cv->th_rows.n > 0;
}

static size_t
resample_heads(const dsp_viewstate *vs, const struct view_curve *cv)
{
	if (!resample_view(vs, cv))
		return 0;
	return cv->th_rows.n < VIEW_RESAMPLE_HEADS ? cv->th_rows.n : VIEW_RESAMPLE_HEADS;
}

static void
other_series(struct compute_cache *cc, const dsp_viewstate *vs, struct view_curve *cv,
    const dsp_params *p)
{
	dsp_params q = *p;
	struct view_faint *f;
	size_t j, m = resample_heads(vs, cv);

	cv->cv_nother = 0;
	for (j = 0; j < m; j++) {
		q.logits = cv->th_rows.row[j];
		q.n_logits = cv->th_rows.len[j];
		q.logits_x = NULL;	/* the head's typed row, not this one */
		q.logits_xsize = 0;
		fill_series(cc, &cc->other, &q, vs);
		if (dsp_job_cancelled())
			return;
		f = &cv->cv_other[cv->cv_nother++];
		f->count = cc->other.ok ? cc->other.count : 0;
		memcpy(f->n, cc->other.n, f->count * sizeof f->n[0]);
		memcpy(f->entropy, cc->other.entropy, f->count * sizeof f->entropy[0]);
		memcpy(f->maxw, cc->other.maxw, f->count * sizeof f->maxw[0]);
	}
}

uint64_t
compute_curve_units(const dsp_viewstate *vs, const struct view_curve *cv)
{
	return dsp_view_units(vs, 1, 0) +
	    (uint64_t)resample_heads(vs, cv) * vs->curve_points;
}

/* A file's logits (one n): their entropy and max weight at a few theta,
 * the view's own among them, through the same evaluation as the summary. */
static void
file_thetas(struct view_curve *cv, const dsp_params *p)
{
	static const double grid[VIEW_THETAS - 1] = {
		0.125, 0.25, 0.5, 1, 2, 4, 8, 16
	};
	double th[VIEW_THETAS];
	dsp_params q = *p;
	dsp_summary sm;
	size_t i, m = 0, k = 0;
	int placed = 0;

	for (i = 0; i < VIEW_THETAS - 1; i++) {
		if (!placed && p->theta <= grid[i]) {
			th[m++] = p->theta;	/* the view's theta in its place */
			placed = 1;
			if (p->theta == grid[i])
				continue;
		}
		th[m++] = grid[i];
	}
	if (!placed)
		th[m++] = p->theta;
	cv->nthetas = 0;
	for (i = 0; i < m; i++) {
		q.theta = th[i];
		if (dsp_eval(&q, &sm) != DSP_OK || dsp_job_cancelled())
			continue;
		cv->th_theta[k] = th[i];
		cv->th_entropy[k] = sm.entropy;
		cv->th_maxw[k] = sm.max_weight;
		k++;
	}
	cv->nthetas = k;
	other_thetas(cv, p);
}

void
compute_curve(struct compute_cache *cc, const dsp_viewstate *vs, struct view_curve *cv)
{
	const dsp_params *p = &vs->params;
	dsp_view_series def[DSP_VIEW_SERIES_MAX];
	struct view_series *s;
	struct key k;
	size_t n, i;

	compute_key_init(&k, p);
	dsp_pkey_clear(&k.p, DSP_P_N);		/* the curve spans every n */
	dsp_pkey_clear(&k.p, DSP_P_EPS);	/* and draws no per-point critical n */
	k.mask = vs->compare_mask;
	k.compare = vs->overlays;
	k.a = vs->curve_points;
	k.b = vs->npins;
	k.d[0] = vs->curve_lo;
	k.d[1] = vs->curve_hi;
	/* Pins are whole parameter sets: their keys. */
	for (i = 0; i < vs->npins && i < DSP_VIEW_PINS_MAX; i++)
		dsp_pkey_of(&vs->pins[i], &k.pins[i]);
	k.rows = cv->th_rows;
	if (cc->curve_valid && memcmp(&k, &cc->curve_key, sizeof k) == 0)
		return;
	cc->curve_key = k;
	cc->curve_valid = 1;
	cv->nseries = 0;
	cv->nthetas = 0;
	cv->th_nother = 0;
	cv->cv_nother = 0;
	cv->curve_err[0] = '\0';
	/* The series the view draws (core/schema/view.h): the snapshot's list. */
	if ((n = dsp_view_series_list(vs, def)) == 0) {
		snprintf(cv->curve_err, sizeof cv->curve_err,
		    "a file's logits have one fixed n = %zu: no curve over n", p->n_logits);
		file_thetas(cv, p);
		if (dsp_job_cancelled())
			cc->curve_valid = 0;
		return;
	}
	for (i = 0; i < n && i < VIEW_SERIES_MAX; i++) {
		s = &cv->series[cv->nseries++];
		cached_series(cc, s, &def[i].p, vs);
		s->attn = def[i].p.attn;
		s->adaptive = def[i].p.adaptive;
		s->pin = def[i].role == DSP_SERIES_PIN;
		snprintf(s->label, sizeof s->label, "%s", def[i].label);
	}
	if (!cv->series[0].ok)
		snprintf(cv->curve_err, sizeof cv->curve_err, "%s", cv->series[0].err);
	else if (!dsp_job_cancelled())
		other_series(cc, vs, cv, &def[0].p);
	if (dsp_job_cancelled())
		cc->curve_valid = 0;	/* recompute when asked again */
}
