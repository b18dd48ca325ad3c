/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Snapshot sets: the JSON file, the one --load reads back, and the check
 * that a file family's logits fit what --load accepts. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/math/bounds.h"
#include "core/error.h"
#include "core/math/eval.h"
#include "core/schema/family.h"
#include "core/schema/figures.h"
#include "core/math/map.h"
#include "core/schema/params.h"
#include "core/schema/ptable.h"
#include "core/io/readfile.h"
#include "core/math/runs.h"
#include "export/json.h"
#include "export/snap_int.h"

static void
jw_knum(dsp_jw *w, const char *key, double v)
{
	dsp_jw_key(w, key);
	dsp_jw_num(w, v);
}

static void
jw_kuint(dsp_jw *w, const char *key, unsigned long long v)
{
	dsp_jw_key(w, key);
	dsp_jw_uint(w, v);
}

static void
jw_kstr(dsp_jw *w, const char *key, const char *v)
{
	dsp_jw_key(w, key);
	dsp_jw_str(w, v);
}

/* Every row of the parameter table under its name.  explicit_max is a
 * program limit, not part of the view: not written, not read. */
static void
json_param_rows(dsp_jw *w, const dsp_params *p)
{
	const dsp_param_def *d;
	char head[48];
	int id;

	for (id = 0; id < DSP_P_COUNT; id++) {
		d = dsp_param(id);
		if (!dsp_param_applies(d, p))
			continue;
		dsp_jw_key(w, d->name);
		switch (d->type) {
		case DSP_PT_REAL:
			dsp_jw_num(w, dsp_param_get_real(d, p));
			break;
		case DSP_PT_SIZE:
		case DSP_PT_UINT:
			dsp_jw_uint(w, dsp_param_get_uint(d, p));
			break;
		case DSP_PT_ENUM:
			dsp_jw_str(w, d->names[dsp_param_get_enum(d, p)]);
			break;
		case DSP_PT_BOOL:
			dsp_jw_bool(w, dsp_param_get_enum(d, p) != 0);
			break;
		case DSP_PT_HEAD:
			dsp_jw_str(w, dsp_param_format(d, p, head, sizeof head));
			break;
		case DSP_PT_PATH:
			dsp_jw_str(w, dsp_param_get_path(d, p));
			break;
		}
	}
}

static void
json_params(const struct snap *s, dsp_jw *w)
{
	const dsp_params *p = &s->p;

	dsp_jw_key(w, "params");
	dsp_jw_object(w);
	json_param_rows(w, p);
	if (dsp_family_has_logits(p->family)) {
		dsp_jw_key(w, "logits_name");
		if (p->logits_name != NULL)
			dsp_jw_str(w, p->logits_name);
		else
			dsp_jw_null(w);
		dsp_jw_key(w, "logits");
		dsp_jw_array(w);
		dsp_jw_nums(w, p->logits, p->n_logits);
		dsp_jw_close(w);
	}
	dsp_jw_close(w);
}

/* The figure rows of the view-option table, as the text each row reads
 * back ("3.3x2.2in", "auto", "svg,pdf"). */
static void
json_figure_options(const dsp_viewstate *v, dsp_jw *w)
{
	const dsp_vopt_def *d;
	char buf[64];
	int i;

	dsp_jw_key(w, "figure");
	dsp_jw_object(w);
	for (i = 0; (d = dsp_vopt(i)) != NULL; i++)
		if (DSP_VOPT_IS_FIG(d))
			jw_kstr(w, d->name, dsp_vopt_fig_format(d, &v->fig, buf, sizeof buf));
	dsp_jw_close(w);
}

static void
json_view(const struct snap *s, dsp_jw *w)
{
	const dsp_viewstate *v = s->v;
	unsigned a;
	size_t i;

	dsp_jw_key(w, "view");
	dsp_jw_object(w);
	dsp_jw_key(w, "map");
	dsp_jw_object(w);
	jw_knum(w, "theta_lo", v->map.theta_lo);
	jw_knum(w, "theta_hi", v->map.theta_hi);
	jw_knum(w, "lambda_lo", v->map.lambda_lo);
	jw_knum(w, "lambda_hi", v->map.lambda_hi);
	jw_kuint(w, "cols", v->map.cols);
	jw_kuint(w, "rows", v->map.rows);
	jw_kstr(w, "metric", dsp_metric_name(v->map.metric));
	dsp_jw_close(w);
	dsp_jw_key(w, "cursor");
	dsp_jw_object(w);
	jw_kuint(w, "row", v->map_row);
	jw_kuint(w, "col", v->map_col);
	dsp_jw_close(w);
	dsp_jw_key(w, "curve");
	dsp_jw_object(w);
	jw_knum(w, "from", v->curve_lo);
	jw_knum(w, "to", v->curve_hi);
	jw_kuint(w, "points", v->curve_points);
	dsp_jw_close(w);
	dsp_jw_key(w, "focus");
	dsp_jw_int(w, v->focus);
	jw_kstr(w, "curve_mode", dsp_curve_mode_name(v->curve_mode));
	jw_kstr(w, "hist_mode", dsp_hist_mode_name(v->hist_mode != 0));
	dsp_jw_key(w, "overlays");
	dsp_jw_bool(w, v->overlays != 0);
	jw_kuint(w, "compare_mask", v->compare_mask);
	/* Names for people; compare_mask is what the loader reads. */
	dsp_jw_key(w, "compare");
	dsp_jw_array(w);
	for (a = 0; a < DSP_ATTN_COUNT; a++)
		if (v->compare_mask & (1u << a))
			dsp_jw_str(w, dsp_attn_name((enum dsp_attn)a));
	dsp_jw_close(w);
	json_figure_options(v, w);
	/* Pinned curves: each one a full parameter set, as "params". */
	dsp_jw_key(w, "pins");
	dsp_jw_array(w);
	for (i = 0; i < v->npins; i++) {
		dsp_jw_object(w);
		json_param_rows(w, &v->pins[i]);
		dsp_jw_close(w);
	}
	dsp_jw_close(w);
	dsp_jw_close(w);
}

static const char *const series_role[] = { "main", "plain", "overlay", "pin" };

/* One drawn curve: its role, CSV key and label; label NULL: not computed. */
static void
json_series(dsp_jw *w, const char *role, const char *key, const char *label)
{
	dsp_jw_object(w);
	jw_kstr(w, "role", role);
	jw_kstr(w, "key", key);
	dsp_jw_key(w, "label");
	if (label != NULL)
		dsp_jw_str(w, label);
	else
		dsp_jw_null(w);
	dsp_jw_close(w);
}

/* Every figure on report's surface (core/schema/figures.h) under its
 * name, as report writes it: a size or band edge outside the double range
 * as the text "exp(x)"; a text value ("n/a", "none up to 2^63") with
 * its reason under NAME_note; bound and method as table words. */
static void
json_figure_rows(dsp_jw *w, const struct snap *s)
{
	const dsp_figure *f[DSP_FIGURES_MAX];
	size_t i, k = dsp_figure_list(DSP_SURF_FIGS, f, DSP_FIGURES_MAX);
	char key[96], buf[64];
	dsp_figctx c;
	dsp_figcell v;

	dsp_figctx_init(&c, &s->p, &s->sum);
	for (i = 0; i < k && i < DSP_FIGURES_MAX; i++) {
		if (dsp_figure_cell(f[i], DSP_SURF_FIGS, &c, &v) != DSP_OK ||
		    v.form == DSP_CELL_NONE)
			continue;
		if (v.form == DSP_CELL_TEXT)
			jw_kstr(w, f[i]->name, v.text);
		else if (v.form == DSP_CELL_NUM || v.v == -INFINITY || isnan(v.v))
			jw_knum(w, f[i]->name, v.form == DSP_CELL_LOG ? exp(v.v) : v.v);
		else if (v.v < DSP_LOG_DBL_MAX && v.v >= DSP_LOG_DBL_MIN)
			jw_knum(w, f[i]->name, exp(v.v));
		else {
			snprintf(buf, sizeof buf, isinf(v.v) ? "inf" : "exp(%.10g)", v.v);
			jw_kstr(w, f[i]->name, buf);
		}
		if (v.kept && v.note[0] != '\0') {
			snprintf(key, sizeof key, "%s_note", f[i]->name);
			jw_kstr(w, key, v.note);
		}
	}
}

static void
json_figures(const struct snap *s, dsp_jw *w)
{
	const dsp_map_spec *ms = &s->v->map;
	size_t i;

	dsp_jw_key(w, "figures");
	dsp_jw_object(w);
	if (s->sum_rc != DSP_OK)
		jw_kstr(w, "error", s->sum_err);
	else
		json_figure_rows(w, s);
	dsp_jw_key(w, "map_cursor");
	dsp_jw_object(w);
	jw_knum(w, "theta", dsp_map_theta(ms, s->v->map_col));
	jw_knum(w, "lambda", dsp_map_lambda(ms, s->v->map_row));
	jw_knum(w, ms->metric == DSP_METRIC_ENTROPY ? "entropy" :
	    dsp_metric_name(ms->metric), s->map != NULL ?
	    s->map[s->v->map_row * ms->cols + s->v->map_col] : NAN);
	dsp_jw_close(w);
	/* The curves drawn, in the curve CSV's column order (entropy_KEY). */
	dsp_jw_key(w, "series");
	dsp_jw_array(w);
	if (s->main.label[0] != '\0')
		json_series(w, "main", s->main.key, s->curve_rc == DSP_OK ?
		    s->main.label : NULL);
	for (i = 0; i < s->nextra; i++)
		json_series(w, series_role[s->extra[i].def.role], s->extra[i].def.key,
		    s->extra[i].h != NULL ? s->extra[i].def.label : NULL);
	dsp_jw_close(w);
	dsp_jw_key(w, "notes");
	dsp_jw_array(w);
	if (s->w_rc != DSP_OK)
		dsp_jw_str(w, s->w_err);
	if (s->curve_err[0] != '\0')
		dsp_jw_str(w, s->curve_err);
	if (s->map_rc != DSP_OK)
		dsp_jw_str(w, s->map_err);
	dsp_jw_close(w);
	dsp_jw_close(w);
}

static void
json_head(dsp_jw *w)
{
	jw_kstr(w, "format", SNAP_FORMAT);
	jw_kuint(w, "format_version", SNAP_FORMAT_VERSION);
	jw_kstr(w, "program", PACKAGE_NAME " " PACKAGE_VERSION);
}

void
dsp_snapshot_json_view(dsp_jw *w, const dsp_viewstate *v)
{
	struct snap s;

	memset(&s, 0, sizeof s);
	s.v = v;
	s.p = v->params;
	json_head(w);
	json_params(&s, w);
	json_view(&s, w);
}

int
snap_write_json(const struct snap *s, FILE *fp)
{
	dsp_jw *w;

	if ((w = dsp_jw_new(fp, 1)) == NULL)
		return dsp_fail_nomem(NULL, 0);
	dsp_jw_object(w);
	json_head(w);
	jw_kstr(w, "name", s->name);
	jw_kstr(w, "created", s->created);
	json_params(s, w);
	json_view(s, w);
	json_figures(s, w);
	dsp_jw_close(w);
	return dsp_jw_end(w);
}

/* Most bytes one logit takes in the JSON: indentation (6), the longest
 * %.17g (24: "-1.2345678901234567e-308"), ",\n" (2). */
#define JSON_LOGIT_MAX	32
#define JSON_SLACK	64

/* Write only what --load reads back (issue 16): the JSON of a file family
 * embeds every logit, and a file over the loader's cap (DSP_CAP_SNAPSHOT,
 * or DISPERSE_MAX_INPUT, which raises both sides alike) would be data loss.
 * The rest of the document is measured once computed, the logits bounded
 * from above (JSON_SLACK: the array's own line breaks); refused before any
 * file is written. */
int
snap_json_fits(const struct snap *s)
{
	struct snap t = *s;
	size_t cap, ml = 0;
	char *m = NULL;
	FILE *fp;
	int rc;

	if (!dsp_family_has_logits(s->p.family))
		return DSP_OK;
	if ((rc = dsp_input_cap(DSP_CAP_SNAPSHOT, &cap)) != DSP_OK)
		return rc;
	t.p.n_logits = 0;
	if ((fp = open_memstream(&m, &ml)) == NULL)
		return dsp_fail_nomem(NULL, 0);
	rc = snap_write_json(&t, fp);
	fclose(fp);
	free(m);
	if (rc != DSP_OK)
		return rc;
	ml += JSON_SLACK;
	if (s->p.n_logits > (cap - (ml < cap ? ml : cap)) / JSON_LOGIT_MAX)
		return dsp_fail(DSP_ETOOBIG, "%zu logits do not fit a snapshot that "
		    "--load can read back (at most %zu within its %zu-byte cap; "
		    "DISPERSE_MAX_INPUT raises it)", s->p.n_logits,
		    (cap - (ml < cap ? ml : cap)) / JSON_LOGIT_MAX, cap);
	return DSP_OK;
}
