/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One view and its one computation (core/schema/view.h): the TUI and `disperse
 * snapshot` both turn a view into figures here, with one route policy. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core/math/alt.h"
#include "core/schema/attn.h"
#include "core/error.h"
#include "core/math/eval.h"
#include "core/schema/family.h"
#include "core/job.h"
#include "core/schema/ptable.h"
#include "core/math/typical.h"
#include "core/schema/grammar.h"
#include "core/schema/view.h"

#define VIEW_MAX_POINTS	100000

static const char *const curve_mode_names[DSP_CURVE_MODES] = {
	"both", "entropy", "max-weight"
};
/* "log" too: the CLI's short name since --hist began. */
static const char *const hist_mode_names[DSP_HIST_MODES + 1] = {
	"sorted", "log-binned", "log"
};

const char *
dsp_curve_mode_name(int mode)
{
	return mode >= 0 && mode < DSP_CURVE_MODES ? curve_mode_names[mode] : "?";
}

int
dsp_curve_mode_parse(const char *s)
{
	return dsp_name_index(curve_mode_names, DSP_CURVE_MODES, s);
}

const char *
dsp_hist_mode_name(int mode)
{
	return mode >= 0 && mode < DSP_HIST_MODES ? hist_mode_names[mode] : "?";
}

int
dsp_hist_mode_parse(const char *s)
{
	int i = dsp_name_index(hist_mode_names, DSP_HIST_MODES + 1, s);

	return i == DSP_HIST_MODES ? DSP_HIST_LOG : i;
}

void
dsp_view_default(dsp_viewstate *v)
{
	memset(v, 0, sizeof *v);
	dsp_params_default(&v->params);
	dsp_map_spec_default(&v->map, DSP_VIEW_MAP_COLS, DSP_VIEW_MAP_ROWS);
	v->curve_lo = 1;
	v->curve_hi = 0x1p40;
	v->curve_points = 256;
	v->curve_mode = DSP_CURVE_BOTH;
	v->compare_mask = 1u << DSP_ATTN_SOFTMAX;
	dsp_figspec_default(&v->fig);
}

int
dsp_view_check(const dsp_viewstate *v)
{
	const dsp_map_spec *m = &v->map;
	size_t i;
	int rc;

	/* The view-option table's domains, as for --map-theta and --map-size. */
	if ((rc = dsp_vopt_check_size(dsp_vopt(DSP_V_MAP_SIZE), m->cols, m->rows,
	    "view.map size")) != DSP_OK)
		return rc;
	if ((unsigned)m->metric >= DSP_METRIC_COUNT)
		return dsp_fail(DSP_EINVAL, "unknown map metric %d", (int)m->metric);
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
	if (v->curve_points < 1 || v->curve_points > VIEW_MAX_POINTS)
		return dsp_fail(DSP_EINVAL, "curve points %zu outside 1 .. %d",
		    v->curve_points, VIEW_MAX_POINTS);
	if (v->curve_mode < 0 || v->curve_mode >= DSP_CURVE_MODES)
		return dsp_fail(DSP_EINVAL, "curve mode %d is not both, entropy or "
		    "max-weight", v->curve_mode);
	if ((rc = dsp_figspec_check(&v->fig, "view.figure")) != DSP_OK)
		return rc;
	if (v->hist_mode != 0 && v->hist_mode != 1)
		return dsp_fail(DSP_EINVAL, "histogram mode %d is neither 0 (sorted) "
		    "nor 1 (log-binned)", v->hist_mode);
	if (v->focus < 0)
		return dsp_fail(DSP_EINVAL, "focus %d is negative", v->focus);
	if (v->compare_mask >= (1u << DSP_ATTN_COUNT))
		return dsp_fail(DSP_EINVAL, "compare mask %#x has unknown bits",
		    v->compare_mask);
	if (v->npins > DSP_VIEW_PINS_MAX)
		return dsp_fail(DSP_EINVAL, "%zu pins: at most %d", v->npins,
		    DSP_VIEW_PINS_MAX);
	for (i = 0; i < v->npins; i++) {
		if (v->pins[i].family == DSP_FAM_FILE)
			return dsp_fail(DSP_EINVAL, "pin %zu: a file's logits have no "
			    "curve to pin", i + 1);
		if ((rc = dsp_params_check(&v->pins[i])) != DSP_OK)
			return rc;
	}
	return DSP_OK;
}

/* The one route policy: item by item up to DSP_VIEW_EXPLICIT_MAX, past it
 * the expected large-n limit (random families), a closed form (the ramp's
 * softmax) or runs (power series, spike: any n).  A number-format
 * emulation rounds the same items, so it follows the same route. */
dsp_params
dsp_view_params(const dsp_params *p)
{
	dsp_params q = *p;

	if (q.explicit_max == 0 || q.explicit_max > DSP_VIEW_EXPLICIT_MAX)
		q.explicit_max = DSP_VIEW_EXPLICIT_MAX;
	return q;
}

/* Families whose alternatives have neither a closed form nor a large-n
 * limit: past the policy's size they would go item by item up to 2^27
 * (seconds per figure), so the view stops there and says so. */
static int
no_route(const dsp_params *q, double n)
{
	int no_limit = q->family == DSP_FAM_RAMP ||
	    (dsp_family_iid(q->family) && (!dsp_attn_has(q->attn, DSP_ATTN_F_LARGE_N) ||
	    q->family == DSP_FAM_LEARNED) && !(dsp_typical_family(q->family) &&
	    !dsp_attn_ordered(q->attn)));

	return no_limit && !dsp_attn_is_softmax(q->attn) && n > (double)q->explicit_max;
}

static int
no_route_fail(const dsp_params *q)
{
	return dsp_fail(DSP_ETOOBIG, "%s has no large-n limit for %s: item by item "
	    "only, up to n = %llu (the route policy)",
	    dsp_attn_name(q->attn), dsp_family_name(q->family),
	    (unsigned long long)q->explicit_max);
}

int
dsp_view_eval(const dsp_params *p, dsp_summary *out)
{
	dsp_params q = dsp_view_params(p);

	if (no_route(&q, (double)q.n))
		return no_route_fail(&q);
	return dsp_eval(&q, out);
}

static void
keep_msg(char *dst, int rc)
{
	const char *d = dsp_last_error();

	if (dst != NULL)
		snprintf(dst, DSP_VIEW_MSG, "%s", d != NULL && *d != '\0' ? d :
		    dsp_strerror(rc));
}

/* dsp_view_summary with the weights as runs (w) or streamed (ws). */
static int
view_summary(const dsp_viewstate *v, dsp_summary *sum, char *sum_err,
    dsp_runs *w, dsp_wstream *ws, int *w_rc, char *w_err)
{
	dsp_params q = dsp_view_params(&v->params);
	char why[DSP_VIEW_MSG];
	int rc;

	if (sum_err != NULL)
		sum_err[0] = '\0';
	if (w_err != NULL)
		w_err[0] = '\0';
	if (ws != NULL)
		memset(ws, 0, sizeof *ws);
	if (no_route(&q, (double)q.n))
		rc = no_route_fail(&q);
	else if (ws != NULL)
		rc = dsp_eval_wstream(&q, ws, sum);
	else
		rc = dsp_eval_weights(&q, w, sum);
	*w_rc = rc;
	if (rc == DSP_ETOOBIG && !no_route(&q, (double)q.n)) {
		/* No weights in position order: the summary alone (the
		 * expected limit, or a route without per-item weights). */
		keep_msg(why, rc);
		rc = dsp_eval(&q, sum);
		if (rc == DSP_OK && sum->method == DSP_METHOD_TYPICAL && w_err != NULL)
			snprintf(w_err, DSP_VIEW_MSG, "n = %llu: %s logits past n = %llu "
			    "are evaluated as the typical configuration of their law: "
			    "no per-item weights in position order",
			    (unsigned long long)q.n, dsp_family_name(q.family),
			    (unsigned long long)q.explicit_max);
		else if (rc == DSP_OK && sum->method == DSP_METHOD_EXPECTED && w_err != NULL)
			snprintf(w_err, DSP_VIEW_MSG, "n = %llu: %s logits past n = %llu "
			    "are evaluated as their expected large-n limit: no "
			    "per-item weights", (unsigned long long)q.n,
			    dsp_family_name(q.family),
			    (unsigned long long)q.explicit_max);
		else if (w_err != NULL)
			snprintf(w_err, DSP_VIEW_MSG, "no per-item weights: %.200s", why);
	} else if (rc != DSP_OK)
		keep_msg(w_err, rc);
	if (rc != DSP_OK)
		keep_msg(sum_err, rc);
	return rc;
}

int
dsp_view_summary(const dsp_viewstate *v, dsp_summary *sum, char *sum_err,
    dsp_runs *w, int *w_rc, char *w_err)
{
	return view_summary(v, sum, sum_err, w, NULL, w_rc, w_err);
}

int
dsp_view_summary_stream(const dsp_viewstate *v, dsp_summary *sum, char *sum_err,
    dsp_wstream *ws, int *w_rc, char *w_err)
{
	return view_summary(v, sum, sum_err, NULL, ws, w_rc, w_err);
}

uint64_t
dsp_view_units(const dsp_viewstate *v, int curve, int map)
{
	dsp_view_series def[DSP_VIEW_SERIES_MAX];
	uint64_t u = 0;

	if (curve)
		u += (uint64_t)dsp_view_series_list(v, def) * v->curve_points;
	if (map)
		u += (uint64_t)v->map.cols * v->map.rows;
	return u;
}

size_t
dsp_view_series_list(const dsp_viewstate *v, dsp_view_series *out)
{
	const dsp_params *p = &v->params;
	dsp_view_series *s;
	size_t k = 0, i;
	char lab[80];
	int a;

	if (p->family == DSP_FAM_FILE)
		return 0;
	s = &out[k++];
	s->p = *p;
	s->role = DSP_SERIES_MAIN;
	snprintf(s->key, sizeof s->key, "%s", dsp_attn_name(p->attn));
	snprintf(s->label, sizeof s->label, "%s%s", dsp_attn_name(p->attn),
	    p->adaptive ? " adaptive" : "");
	if (p->adaptive && !v->overlays) {
		s = &out[k++];
		s->p = *p;
		s->p.adaptive = 0;
		s->role = DSP_SERIES_PLAIN;
		snprintf(s->key, sizeof s->key, "%s", dsp_attn_name(p->attn));
		snprintf(s->label, sizeof s->label, "%s plain", dsp_attn_name(p->attn));
	}
	for (a = 0; v->overlays && a < DSP_ATTN_COUNT; a++) {
		if (!(v->compare_mask & (1u << a)) || (a == (int)p->attn && !p->adaptive))
			continue;
		s = &out[k++];
		s->p = *p;
		s->p.attn = (enum dsp_attn)a;
		s->p.adaptive = 0;
		s->role = DSP_SERIES_OVERLAY;
		snprintf(s->key, sizeof s->key, "%s", dsp_attn_name((enum dsp_attn)a));
		snprintf(s->label, sizeof s->label, "%s", dsp_attn_name((enum dsp_attn)a));
	}
	for (i = 0; i < v->npins && i < DSP_VIEW_PINS_MAX; i++) {
		s = &out[k++];
		s->p = v->pins[i];
		s->role = DSP_SERIES_PIN;
		snprintf(s->key, sizeof s->key, "pin%zu", i + 1);
		snprintf(s->label, sizeof s->label, "pin %zu: %s", i + 1,
		    dsp_view_pin_label(&v->pins[i], p, lab, sizeof lab));
	}
	return k;
}

size_t
dsp_view_curve_sizes(const dsp_viewstate *v, double *ns, size_t cap)
{
	size_t count = v->curve_points < cap ? v->curve_points : cap;

	return dsp_log_sizes(v->curve_lo, v->curve_hi, count, ns);
}

int
dsp_view_curve(const dsp_params *p, const double *ns, size_t count,
    dsp_summary *out, size_t *done, char *err)
{
	dsp_params q = dsp_view_params(p);
	size_t split;
	int rc;

	if (err != NULL)
		err[0] = '\0';
	*done = 0;
	if (p->family == DSP_FAM_FILE) {
		rc = dsp_fail(DSP_ENOTSUP, "a file's logits have one fixed n = %zu: "
		    "no curve over n", p->n_logits);
		keep_msg(err, rc);
		return rc;
	}
	for (split = 0; split < count && !no_route(&q, ns[split]); split++)
		;
	if ((rc = dsp_eval_curve_partial(&q, ns, split, out, done)) != DSP_OK) {
		keep_msg(err, rc);
		return rc;
	}
	if (split < count) {
		rc = no_route_fail(&q);
		keep_msg(err, rc);
		return rc;
	}
	return DSP_OK;
}

static int
pin_differs(const dsp_param_def *d, const dsp_params *a, const dsp_params *b)
{
	char x[64], y[64];

	return strcmp(dsp_param_format(d, a, x, sizeof x),
	    dsp_param_format(d, b, y, sizeof y)) != 0;
}

char *
dsp_view_pin_label(const dsp_params *pin, const dsp_params *cur, char *buf,
    size_t size)
{
	const dsp_param_def *d;
	char x[64], y[64];
	size_t len = 0;
	int id;

	buf[0] = '\0';
	for (id = 0; id < DSP_P_COUNT && len < size; id++) {
		d = dsp_param(id);
		/* n and epsilon change no curve (it spans every n). */
		if (id == DSP_P_N || id == DSP_P_EPS || !pin_differs(d, pin, cur))
			continue;
		if (d->type == DSP_PT_BOOL)
			len += (size_t)snprintf(buf + len, size - len, "%s%s %s",
			    len ? ", " : "", d->name,
			    dsp_param_get_enum(d, pin) ? "on" : "off");
		else
			len += (size_t)snprintf(buf + len, size - len, "%s%s = %s \xe2\x86\x92 %s",
			    len ? ", " : "", d->uname != NULL ? d->uname : d->name,
			    dsp_param_format(d, pin, x, sizeof x),
			    dsp_param_format(d, cur, y, sizeof y));
	}
	if (len == 0)
		snprintf(buf, size, "same parameters");
	return buf;
}

int
dsp_view_pin(dsp_viewstate *v)
{
	size_t i;

	if (v->params.family == DSP_FAM_FILE)
		return dsp_fail(DSP_ENOTSUP, "a file's logits have one n: no curve to pin");
	if (v->npins >= DSP_VIEW_PINS_MAX)
		return dsp_fail(DSP_ETOOBIG, "%d pins already (B clears them)",
		    DSP_VIEW_PINS_MAX);
	i = v->npins++;
	v->pins[i] = v->params;
	v->pins[i].logits = NULL;
	v->pins[i].n_logits = 0;
	v->pins[i].logits_name = NULL;
	v->pins[i].explicit_max = 0;
	return DSP_OK;
}

dsp_params
dsp_view_map_params(const dsp_params *p)
{
	dsp_params q = dsp_view_params(p);

	/* The map is the power-series map of paper Figure 5 at this view's
	 * n, delta and attention function, whatever the view's family;
	 * theta and lambda come from the grid, epsilon changes no cell. */
	q.n = p->family == DSP_FAM_FILE ? (uint64_t)p->n_logits : p->n;
	q.family = DSP_FAM_POWER;
	q.logits = NULL;
	q.n_logits = 0;
	q.logits_name = NULL;
	q.theta = q.lambda = 0;
	q.eps = 1;
	return q;
}

int
dsp_view_map(const dsp_viewstate *v, const dsp_map_spec *spec, double *out)
{
	dsp_params q = dsp_view_map_params(&v->params);

	return dsp_map_compute(&q, spec, out);
}

static size_t
rescale(size_t i, size_t from, size_t to)
{
	double f;

	if (to < 2)
		return 0;
	f = from > 1 ? (double)(i < from ? i : from - 1) / (double)(from - 1) : 0;
	return (size_t)lround(f * (double)(to - 1));
}

void
dsp_view_cell(const dsp_map_spec *from, size_t row, size_t col,
    const dsp_map_spec *to, size_t *to_row, size_t *to_col)
{
	*to_row = rescale(row, from->rows, to->rows);
	*to_col = rescale(col, from->cols, to->cols);
}

size_t
dsp_view_share(size_t fig, size_t avail)
{
	size_t d;

	if (fig < 2)
		return fig;
	for (d = avail > 1 ? avail - 1 : 1; d > 1; d--)
		if ((fig - 1) % d == 0)
			break;
	return d + 1;
}
