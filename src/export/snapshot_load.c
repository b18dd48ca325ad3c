/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Snapshot sets: the loader, which restores a view from a set's JSON. */
#include "config.h"

#include <errno.h>
#include <locale.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/schema/family.h"
#include "core/math/map.h"
#include "core/schema/params.h"
#include "core/schema/ptable.h"
#include "core/io/readfile.h"
#include "export/json.h"
#include "export/snap_int.h"
#include "export/model.h"
#include "export/snapshot.h"

struct ld {
	const char	*file;
	unsigned	 flags;		/* DSP_SNAP_* (snapshot.h) */
	char		*note;		/* DSP_SNAP_MODEL_OPTIONAL: what was dropped */
	size_t		 notesize;
};

/* "FILE: detail" (the detail is copied: dsp_fail reuses its buffer). */
static int
prefix_error(int rc, const char *file)
{
	char d[512];

	snprintf(d, sizeof d, "%s", dsp_last_error());
	return dsp_fail(rc, "%s: %s", file, d);
}

static int
bad(const struct ld *l, int code, const char *field, const char *what)
{
	return dsp_fail(code, "%s: %s: %s", l->file, field, what);
}

/* Optional member: 0 absent (or null where allowed), 1 present. */
static const dsp_jval *
member(const dsp_jval *o, const char *key)
{
	return o != NULL && o->type == DSP_JOBJ ? dsp_json_get(o, key) : NULL;
}

static int
get_double(const struct ld *l, const dsp_jval *o, const char *key,
    const char *field, double *out)
{
	const dsp_jval *j = member(o, key);
	char *end;
	double v;

	if (j == NULL)
		return DSP_OK;
	if (j->type != DSP_JNUM)
		return bad(l, DSP_EPARSE, field, "expected a finite number");
	/* The raw text, so the value is exactly what was written. */
	v = j->str != NULL ? strtod(j->str, &end) : j->num;
	if (!isfinite(v))
		return bad(l, DSP_EPARSE, field, "expected a finite number");
	*out = v;
	return DSP_OK;
}

static int
get_uint(const struct ld *l, const dsp_jval *o, const char *key,
    const char *field, uint64_t max, uint64_t *out)
{
	const dsp_jval *j = member(o, key);
	unsigned long long v;
	const char *p;
	char *end;

	if (j == NULL)
		return DSP_OK;
	if (j->type != DSP_JNUM || j->str == NULL)
		return bad(l, DSP_EPARSE, field, "expected an unsigned integer");
	for (p = j->str; *p != '\0'; p++)
		if (*p < '0' || *p > '9')
			return bad(l, DSP_EPARSE, field, "expected an unsigned integer");
	errno = 0;
	v = strtoull(j->str, &end, 10);
	if (errno != 0 || v > max)
		return bad(l, DSP_EINVAL, field, "integer out of range");
	*out = v;
	return DSP_OK;
}

static int
get_size(const struct ld *l, const dsp_jval *o, const char *key,
    const char *field, size_t *out)
{
	uint64_t v = *out;
	int rc;

	if ((rc = get_uint(l, o, key, field, SIZE_MAX, &v)) == DSP_OK)
		*out = (size_t)v;
	return rc;
}

static int
get_name(const struct ld *l, const dsp_jval *o, const char *key,
    const char *field, int (*parse)(const char *), int *out)
{
	const dsp_jval *j = member(o, key);
	char msg[256];
	int v;

	if (j == NULL)
		return DSP_OK;
	if (j->type != DSP_JSTR)
		return bad(l, DSP_EPARSE, field, "expected a name (string)");
	if ((v = parse(j->str)) < 0) {
		snprintf(msg, sizeof msg, "unknown name \"%.64s\"", j->str);
		/* Issue 4: an unknown family/attn/metric name is a parse error. */
		return bad(l, DSP_EPARSE, field, msg);
	}
	*out = v;
	return DSP_OK;
}

static int
get_object(const struct ld *l, const dsp_jval *o, const char *key,
    const char *field, const dsp_jval **out)
{
	const dsp_jval *j = member(o, key);

	*out = NULL;
	if (j == NULL)
		return DSP_OK;
	if (j->type != DSP_JOBJ)
		return bad(l, DSP_EPARSE, field, "expected an object");
	*out = j;
	return DSP_OK;
}

static int
load_logits(const struct ld *l, const dsp_jval *pj, dsp_params *p, double **logits)
{
	const dsp_jval *arr = member(pj, "logits"), *nm = member(pj, "logits_name");
	size_t i, nlen = 0;
	double *x;
	char *end;

	if (arr == NULL)
		return bad(l, DSP_EPARSE, "params.logits", "missing (the file family "
		    "embeds its logits)");
	if (arr->type != DSP_JARR || arr->len == 0)
		return bad(l, DSP_EPARSE, "params.logits", "expected a non-empty array "
		    "of numbers");
	if (nm != NULL && nm->type != DSP_JSTR && nm->type != DSP_JNULL)
		return bad(l, DSP_EPARSE, "params.logits_name", "expected a string");
	if (nm != NULL && nm->type == DSP_JSTR)
		nlen = strlen(nm->str) + 1;
	/* One block: the logits, then their name, freed together. */
	if ((x = dsp_malloc(arr->len * sizeof *x + nlen)) == NULL)
		return dsp_fail_nomem(NULL, 0);
	for (i = 0; i < arr->len; i++) {
		const dsp_jval *e = arr->items[i];

		if (e->type != DSP_JNUM || !isfinite(x[i] = e->str != NULL ?
		    strtod(e->str, &end) : e->num)) {
			free(x);
			return dsp_fail(DSP_EPARSE, "%s: params.logits[%zu]: expected a "
			    "finite number", l->file, i);
		}
	}
	p->logits = x;
	p->n_logits = arr->len;
	p->logits_name = NULL;
	if (nlen > 0) {
		memcpy((char *)(x + arr->len), nm->str, nlen);
		p->logits_name = (const char *)(x + arr->len);
	}
	*logits = x;
	return DSP_OK;
}

/* A relative model name that does not open from the working directory:
 * the same name beside the JSON file, when it opens there (a snapshot set
 * moved with its model, or a file written before names were absolute). */
static const char *
model_beside(const struct ld *l, const char *name, char *buf, size_t size)
{
	const char *slash = strrchr(l->file, '/');
	int k;

	if (name == NULL || name[0] == '/' || slash == NULL || access(name, R_OK) == 0)
		return name;
	k = snprintf(buf, size, "%.*s/%s", (int)(slash - l->file), l->file, name);
	if (k <= 0 || (size_t)k >= size || access(buf, R_OK) != 0)
		return name;
	return buf;
}

static int
load_params(const struct ld *l, const dsp_jval *pj, dsp_params *p, double **logits)
{
	const dsp_param_def *d;
	const dsp_jval *j;
	dsp_params def;
	char field[64], msg[256], beside[4096];
	uint64_t u;
	double x;
	int rc = DSP_OK, e, id;

#define TRY(x) do { if ((rc = (x)) != DSP_OK) return rc; } while (0)
	/* Every row of the parameter table, through the row's checked setter:
	 * a loaded value meets the same domain as a typed one.  A member that
	 * is missing keeps its default; explicit_max (older files) is ignored,
	 * so a file never lifts the program's limit. */
	for (id = 0; id < DSP_P_COUNT; id++) {
		d = dsp_param(id);
		snprintf(field, sizeof field, "params.%s", d->name);
		if ((j = member(pj, d->name)) == NULL)
			continue;
		switch (d->type) {
		case DSP_PT_REAL:
			x = dsp_param_get_real(d, p);
			TRY(get_double(l, pj, d->name, field, &x));
			rc = dsp_param_set_real(d, p, x, field);
			break;
		case DSP_PT_SIZE:
		case DSP_PT_UINT:
			u = dsp_param_get_uint(d, p);
			TRY(get_uint(l, pj, d->name, field, UINT64_MAX, &u));
			rc = dsp_param_set_uint(d, p, u, field);
			break;
		case DSP_PT_ENUM:
			if (j->type != DSP_JSTR)
				return bad(l, DSP_EPARSE, field, "expected a name (string)");
			for (e = 0; e < d->nnames && strcmp(j->str, d->names[e]) != 0; e++)
				;
			if (e == d->nnames) {
				snprintf(msg, sizeof msg, "unknown name \"%.64s\"", j->str);
				return bad(l, DSP_EPARSE, field, msg);
			}
			rc = dsp_param_set_enum(d, p, e, field);
			break;
		case DSP_PT_BOOL:
			if (j->type != DSP_JBOOL)
				return bad(l, DSP_EPARSE, field, "expected true or false");
			rc = dsp_param_set_enum(d, p, j->boolean != 0, field);
			break;
		case DSP_PT_HEAD:
			if (j->type != DSP_JSTR)
				return bad(l, DSP_EPARSE, field, "expected \"L.H\" (string)");
			if ((rc = dsp_head_parse(j->str, &u, field)) == DSP_OK)
				rc = dsp_param_set_uint(d, p, u, field);
			break;
		case DSP_PT_PATH:
			if (j->type != DSP_JSTR || j->str[0] == '\0')
				return bad(l, DSP_EPARSE, field, "expected a file name (string)");
			/* Points into the tree until dsp_model_attach below
			 * replaces it with its own copy. */
			rc = dsp_param_set_path(d, p, j->str);
			break;
		}
		if (rc != DSP_OK)
			return prefix_error(rc, l->file);
	}
	if (p->family == DSP_FAM_EMPIRICAL)
		TRY(load_logits(l, pj, p, logits));
	if (p->family == DSP_FAM_LEARNED && p->model == NULL)
		return bad(l, DSP_EPARSE, "params.model", "missing (the learned "
		    "family names its model file)");
	if (p->family != DSP_FAM_LEARNED)
		p->model = NULL;
	else
		p->model = model_beside(l, p->model, beside, sizeof beside);
	if ((rc = dsp_model_attach(p)) != DSP_OK &&
	    (l->flags & DSP_SNAP_MODEL_OPTIONAL) && p->family == DSP_FAM_LEARNED) {
		/* Everything else of the view stays; the family falls back to
		 * the default, and the caller says so once. */
		if (l->note != NULL && l->note[0] == '\0')
			snprintf(l->note, l->notesize, "%s", dsp_last_error());
		dsp_clear_error();
		dsp_params_default(&def);
		p->family = def.family;
		p->model = NULL;
		p->model_w = NULL;
		rc = DSP_OK;
	}
	if (rc != DSP_OK)
		return prefix_error(rc, l->file);
	if (p->family == DSP_FAM_FILE) {
		TRY(load_logits(l, pj, p, logits));
		/* n of a file is the number of its logits: a file that says
		 * otherwise was edited by hand, and which one it meant is
		 * unknown. */
		if (member(pj, "n") != NULL && p->n != (uint64_t)p->n_logits) {
			snprintf(msg, sizeof msg, "%llu disagrees with the %zu logits",
			    (unsigned long long)p->n, p->n_logits);
			free(*logits);
			*logits = NULL;
			p->logits = NULL;
			return bad(l, DSP_EINVAL, "params.n", msg);
		}
		p->n = p->n_logits;
	}
	return DSP_OK;
}

/* view.figure: each row of the view-option table that is a figure option,
 * as text (a number is taken as its shortest text). */
static int
load_figure_options(const struct ld *l, const dsp_jval *o, dsp_figspec *f)
{
	const dsp_vopt_def *d;
	const dsp_jval *j;
	char field[64], num[40], msg[256];
	int i;

	for (i = 0; o != NULL && (d = dsp_vopt(i)) != NULL; i++) {
		if (!DSP_VOPT_IS_FIG(d) || (j = member(o, d->name)) == NULL)
			continue;
		snprintf(field, sizeof field, "view.figure.%s", d->name);
		if (j->type == DSP_JNUM)
			dsp_real_format(num, sizeof num, j->num);
		else if (j->type != DSP_JSTR)
			return bad(l, DSP_EPARSE, field, "expected a string or a number");
		dsp_clear_error();
		if (dsp_vopt_fig_set(d, f, j->type == DSP_JNUM ? num : j->str, NULL) != DSP_OK) {
			snprintf(msg, sizeof msg, "%s", dsp_last_error());
			return bad(l, DSP_EINVAL, field, msg);
		}
	}
	if (o != NULL && dsp_figspec_check(f, "view.figure") != DSP_OK) {
		snprintf(msg, sizeof msg, "%s", dsp_last_error());
		return bad(l, DSP_EINVAL, "view.figure", msg);
	}
	return DSP_OK;
}

/* view.pins: parameter sets like "params" (no file family: a file's
 * logits have no curve to pin). */
static int
load_pins(const struct ld *l, const dsp_jval *pins, dsp_viewstate *v)
{
	double *none = NULL;
	size_t i;
	int rc;

	v->npins = 0;
	if (pins == NULL)
		return DSP_OK;
	if (pins->type != DSP_JARR)
		return bad(l, DSP_EPARSE, "view.pins", "expected an array");
	if (pins->len > DSP_VIEW_PINS_MAX)
		return bad(l, DSP_EINVAL, "view.pins", "too many pins (at most 8)");
	for (i = 0; i < pins->len; i++) {
		if (pins->items[i]->type != DSP_JOBJ)
			return bad(l, DSP_EPARSE, "view.pins", "expected objects");
		dsp_params_default(&v->pins[i]);
		if ((rc = load_params(l, pins->items[i], &v->pins[i], &none)) != DSP_OK)
			return rc;
		if (none != NULL) {
			free(none);
			return bad(l, DSP_EINVAL, "view.pins", "a file's logits have no "
			    "curve to pin");
		}
		v->npins = i + 1;
	}
	return DSP_OK;
}

static int
load_view(const struct ld *l, const dsp_jval *vj, dsp_viewstate *v)
{
	const dsp_jval *m, *c, *cv, *j;
	uint64_t u;
	double d;
	int rc, e;

	TRY(get_object(l, vj, "map", "view.map", &m));
	TRY(get_double(l, m, "theta_lo", "view.map.theta_lo", &v->map.theta_lo));
	TRY(get_double(l, m, "theta_hi", "view.map.theta_hi", &v->map.theta_hi));
	TRY(get_double(l, m, "lambda_lo", "view.map.lambda_lo", &v->map.lambda_lo));
	TRY(get_double(l, m, "lambda_hi", "view.map.lambda_hi", &v->map.lambda_hi));
	TRY(get_size(l, m, "cols", "view.map.cols", &v->map.cols));
	TRY(get_size(l, m, "rows", "view.map.rows", &v->map.rows));
	e = (int)v->map.metric;
	TRY(get_name(l, m, "metric", "view.map.metric", dsp_metric_parse, &e));
	v->map.metric = (enum dsp_metric)e;
	TRY(get_object(l, vj, "cursor", "view.cursor", &c));
	TRY(get_size(l, c, "row", "view.cursor.row", &v->map_row));
	TRY(get_size(l, c, "col", "view.cursor.col", &v->map_col));
	TRY(get_object(l, vj, "curve", "view.curve", &cv));
	TRY(get_double(l, cv, "from", "view.curve.from", &v->curve_lo));
	TRY(get_double(l, cv, "to", "view.curve.to", &v->curve_hi));
	TRY(get_size(l, cv, "points", "view.curve.points", &v->curve_points));
	if ((j = member(vj, "focus")) != NULL) {
		d = NAN;
		TRY(get_double(l, vj, "focus", "view.focus", &d));
		if (d != floor(d) || d < 0 || d > 1000)
			return bad(l, DSP_EINVAL, "view.focus", "expected a panel number "
			    "0 .. 1000");
		v->focus = (int)d;
	}
	e = v->hist_mode;
	TRY(get_name(l, vj, "hist_mode", "view.hist_mode", dsp_hist_mode_parse, &e));
	v->hist_mode = e;
	e = v->curve_mode;
	TRY(get_name(l, vj, "curve_mode", "view.curve_mode", dsp_curve_mode_parse, &e));
	v->curve_mode = e;
	u = v->compare_mask;
	TRY(get_uint(l, vj, "compare_mask", "view.compare_mask",
	    (1u << DSP_ATTN_COUNT) - 1, &u));
	v->compare_mask = (unsigned)u;
	TRY(get_object(l, vj, "figure", "view.figure", &j));
	TRY(load_figure_options(l, j, &v->fig));
	if ((j = member(vj, "overlays")) != NULL) {
		if (j->type != DSP_JBOOL)
			return bad(l, DSP_EPARSE, "view.overlays", "expected true or false");
		v->overlays = j->boolean != 0;
	} else	/* Older files: a saved overlay of other functions meant on. */
		v->overlays = (v->compare_mask & ~(1u << v->params.attn)) != 0;
	return load_pins(l, member(vj, "pins"), v);
#undef TRY
}

/* The members load_tree reads; the rest (figures, notes, anything a
 * crafted file adds) is checked for syntax but never built. */
static int
snap_keep(const char *key)
{
	return strcmp(key, "format") == 0 || strcmp(key, "format_version") == 0 ||
	    strcmp(key, "params") == 0 || strcmp(key, "view") == 0;
}

/* The tree may take LOAD_BUDGET times the text cap: a logit costs at most
 * about 106 bytes of tree (node, its text, its slot) and snap_json_fits lets a
 * written file hold at most one logit per JSON_LOGIT_MAX (32) bytes of the
 * cap, so whatever the writer accepts loads. */
#define LOAD_BUDGET	4

static int
read_all(const char *path, char **buf, size_t *len)
{
	return dsp_read_file(path, NULL, DSP_CAP_SNAPSHOT, buf, len);
}

static int
load_tree(const struct ld *l, const dsp_jval *root, dsp_viewstate *v, double **logits)
{
	const dsp_jval *fmt, *pj, *vj;
	uint64_t ver = 1;
	int rc;

	if (root->type != DSP_JOBJ)
		return dsp_fail(DSP_EPARSE, "%s: not a disperse snapshot (top level is "
		    "not an object)", l->file);
	fmt = member(root, "format");
	if (fmt == NULL || fmt->type != DSP_JSTR || strcmp(fmt->str, SNAP_FORMAT) != 0)
		return dsp_fail(DSP_EPARSE, "%s: not a disperse snapshot (\"format\" is "
		    "not \"" SNAP_FORMAT "\")", l->file);
	/* Required: a file without it may be anything (issue 16). */
	if (member(root, "format_version") == NULL)
		return bad(l, DSP_EPARSE, "format_version", "missing");
	if ((rc = get_uint(l, root, "format_version", "format_version", UINT64_MAX,
	    &ver)) != DSP_OK)
		return rc;
	if (ver != SNAP_FORMAT_VERSION)
		return dsp_fail(DSP_ENOTSUP, "%s: snapshot format version %llu is not "
		    "supported (this disperse reads version %d)", l->file,
		    (unsigned long long)ver, SNAP_FORMAT_VERSION);
	if ((pj = member(root, "params")) == NULL || pj->type != DSP_JOBJ)
		return dsp_fail(DSP_EPARSE, "%s: params: missing or not an object",
		    l->file);
	if ((rc = load_params(l, pj, &v->params, logits)) != DSP_OK)
		return rc;
	if ((rc = get_object(l, root, "view", "view", &vj)) != DSP_OK)
		return rc;
	if (vj != NULL && (rc = load_view(l, vj, v)) != DSP_OK)
		return rc;
	if ((rc = dsp_params_check(&v->params)) != DSP_OK ||
	    (rc = dsp_view_check(v)) != DSP_OK)
		return prefix_error(rc, l->file);
	return DSP_OK;
}

int
dsp_snapshot_load(const char *path, dsp_viewstate *v, double **logits)
{
	return dsp_snapshot_load_ex(path, v, logits, 0, NULL, 0);
}

int
dsp_snapshot_load_ex(const char *path, dsp_viewstate *v, double **logits,
    unsigned flags, char *note, size_t notesize)
{
	struct ld l = { path, flags, note, notesize };
	dsp_viewstate tmp;
	dsp_jval *root = NULL;
	double *x = NULL;
	locale_t cloc, old = (locale_t)0;
	char *buf = NULL;
	size_t len = 0, cap;
	int rc;

	if (logits != NULL)
		*logits = NULL;
	if (note != NULL && notesize > 0)
		note[0] = '\0';
	if ((rc = read_all(path, &buf, &len)) != DSP_OK)
		return rc;
	if ((cloc = newlocale(LC_ALL_MASK, "C", (locale_t)0)) != (locale_t)0)
		old = uselocale(cloc);
	if ((rc = dsp_input_cap(DSP_CAP_SNAPSHOT, &cap)) == DSP_OK)
		rc = dsp_json_parse_ex(buf, len, cap, LOAD_BUDGET * cap, snap_keep, &root);
	free(buf);
	if (rc != DSP_OK) {
		char d[512];

		snprintf(d, sizeof d, "%s", dsp_last_error());
		rc = dsp_fail(rc, "%s: %s%s", path, rc == DSP_EPARSE ? "malformed JSON: " :
		    "", d);
		goto out;
	}
	/* Missing fields keep the documented defaults. */
	dsp_view_default(&tmp);
	if ((rc = load_tree(&l, root, &tmp, &x)) != DSP_OK) {
		free(x);
		goto out;
	}
	if (logits == NULL && x != NULL) {
		free(x);
		rc = dsp_fail(DSP_EINVAL, "%s: file-family snapshot needs a logits buffer",
		    path);
		goto out;
	}
	*v = tmp;
	if (logits != NULL)
		*logits = x;
out:
	if (cloc != (locale_t)0) {
		uselocale(old);
		freelocale(cloc);
	}
	dsp_json_free(root);
	return rc;
}
