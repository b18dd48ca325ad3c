/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Save and load trained Max Retrieval models (see model.h). */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/io/readfile.h"
#include "core/io/tour.h"
#include "core/train/maxret.h"
#include "export/atomic.h"
#include "export/json.h"
#include "export/model.h"

#define MODEL_MAX_BYTES	((size_t)64 << 20)

static void
write_model(dsp_jw *j, const dsp_maxret *m, const dsp_model_meta *meta)
{
	const char *name;
	size_t rows, cols, i;
	double *w;
	int b;

	dsp_jw_object(j);
	dsp_jw_key(j, "format");
	dsp_jw_str(j, DSP_MODEL_FORMAT);
	dsp_jw_key(j, "format_version");
	dsp_jw_int(j, DSP_MODEL_VERSION);
	dsp_jw_key(j, "program");
	dsp_jw_str(j, PACKAGE_NAME " " PACKAGE_VERSION);
	dsp_jw_key(j, "model");
	dsp_jw_str(j, "max retrieval: z = W2 relu(W1 [x, onehot c] + b1) + b2; "
	    "e = q.z; a = softmax(e); o = W4 relu(W3 sum a z + b3) + b4");
	dsp_jw_key(j, "classes");
	dsp_jw_uint(j, m->classes);
	dsp_jw_key(j, "width");
	dsp_jw_uint(j, m->width);
	dsp_jw_key(j, "training");
	dsp_jw_object(j);
	dsp_jw_key(j, "train_n");
	dsp_jw_uint(j, meta->train.train_n);
	dsp_jw_key(j, "steps");
	dsp_jw_uint(j, meta->train.steps);
	dsp_jw_key(j, "batch");
	dsp_jw_uint(j, meta->train.batch);
	dsp_jw_key(j, "lr");
	dsp_jw_num(j, meta->train.lr);
	dsp_jw_key(j, "seed");
	dsp_jw_uint(j, meta->train.seed);
	dsp_jw_key(j, "loss");
	dsp_jw_num(j, meta->train_loss);
	dsp_jw_key(j, "accuracy");
	dsp_jw_num(j, meta->train_accuracy);
	dsp_jw_close(j);
	if (meta->neval > 0) {
		dsp_jw_key(j, "evaluation");
		dsp_jw_object(j);
		dsp_jw_key(j, "seed");
		dsp_jw_uint(j, meta->eval_seed);
		dsp_jw_key(j, "sets");
		dsp_jw_uint(j, meta->eval_sets);
		dsp_jw_key(j, "n");
		dsp_jw_array(j);
		for (i = 0; i < meta->neval; i++)
			dsp_jw_uint(j, meta->eval_n[i]);
		dsp_jw_close(j);
		dsp_jw_key(j, "accuracy");
		dsp_jw_array(j);
		for (i = 0; i < meta->neval; i++)
			dsp_jw_num(j, meta->eval_acc[i]);
		dsp_jw_close(j);
		dsp_jw_key(j, "accuracy_adaptive");
		dsp_jw_array(j);
		for (i = 0; i < meta->neval; i++)
			dsp_jw_num(j, meta->eval_acc_adaptive[i]);
		dsp_jw_close(j);
		dsp_jw_close(j);
	}
	dsp_jw_key(j, "params");
	dsp_jw_object(j);
	for (b = 0; b < DSP_MAXRET_NBLOCKS; b++) {
		dsp_maxret_block(m, b, &name, &rows, &cols, &w);
		dsp_jw_key(j, name);
		dsp_jw_object(j);
		dsp_jw_key(j, "shape");
		dsp_jw_array(j);
		dsp_jw_uint(j, rows);
		dsp_jw_uint(j, cols);
		dsp_jw_close(j);
		dsp_jw_key(j, "data");
		dsp_jw_array(j);
		for (i = 0; i < rows * cols; i++)
			dsp_jw_num(j, w[i]);
		dsp_jw_close(j);
		dsp_jw_close(j);
	}
	dsp_jw_close(j);
	dsp_jw_close(j);
}

/* Split path into its directory and file name. */
static int
split_path(const char *path, char *dir, size_t size, const char **base)
{
	const char *slash = strrchr(path, '/');

	if (slash == NULL) {
		snprintf(dir, size, ".");
		*base = path;
	} else if (slash == path) {
		snprintf(dir, size, "/");
		*base = slash + 1;
	} else {
		snprintf(dir, size, "%.*s", (int)(slash - path), path);
		*base = slash + 1;
	}
	if (**base == '\0' || strlen(path) >= size)
		return dsp_fail(DSP_EINVAL, "cannot write %s: not a file name", path);
	return DSP_OK;
}

int
dsp_model_check_path(const char *path)
{
	char dir[4096];
	const char *base;
	dsp_afile a;
	int rc;

	if ((rc = split_path(path, dir, sizeof dir, &base)) != DSP_OK)
		return rc;
	if ((rc = dsp_afile_open(&a, dir)) != DSP_OK)
		return rc;
	dsp_afile_abort(&a);
	return DSP_OK;
}

int
dsp_model_save(const dsp_maxret *m, const dsp_model_meta *meta, const char *path)
{
	char dir[4096];
	const char *base;
	locale_t cloc, old = (locale_t)0;
	dsp_afile a;
	dsp_jw *j;
	int rc;

	if ((rc = split_path(path, dir, sizeof dir, &base)) != DSP_OK)
		return rc;
	if ((rc = dsp_afile_open(&a, dir)) != DSP_OK)
		return rc;
	if ((cloc = newlocale(LC_ALL_MASK, "C", (locale_t)0)) != (locale_t)0)
		old = uselocale(cloc);
	if ((j = dsp_jw_new(a.fp, 2)) == NULL) {
		rc = dsp_fail_nomem(NULL, 0);
	} else {
		write_model(j, m, meta);
		rc = dsp_jw_end(j);
		if (fputc('\n', a.fp) == EOF || ferror(a.fp))
			rc = DSP_EIO;
	}
	if (cloc != (locale_t)0) {
		uselocale(old);
		freelocale(cloc);
	}
	if (rc != DSP_OK) {
		int e = errno;

		dsp_afile_abort(&a);
		if (rc == DSP_EIO)
			return dsp_fail(DSP_EIO, "cannot write %s: %s", path,
			    strerror(e ? e : EIO));
		return rc;
	}
	return dsp_afile_commit(&a, base, 0);
}

/* A whole number in [lo, hi]. */
static int
get_size(const char *path, const dsp_jval *obj, const char *key, double lo,
    double hi, size_t *v)
{
	const dsp_jval *x = dsp_json_get(obj, key);

	if (x == NULL || x->type != DSP_JNUM || !(x->num >= lo && x->num <= hi) ||
	    x->num != floor(x->num))
		return dsp_fail(DSP_EPARSE, "%s: \"%s\": missing or not a whole number "
		    "in %.0f .. %.0f", path, key, lo, hi);
	*v = (size_t)x->num;
	return DSP_OK;
}

static int
get_num(const char *path, const dsp_jval *obj, const char *key, double *v)
{
	const dsp_jval *x = dsp_json_get(obj, key);

	if (x == NULL)
		return DSP_OK;		/* optional record: keep the default */
	if (x->type == DSP_JNULL) {
		*v = NAN;
		return DSP_OK;
	}
	if (x->type != DSP_JNUM)
		return dsp_fail(DSP_EPARSE, "%s: \"%s\" is not a number", path, key);
	*v = x->num;
	return DSP_OK;
}

static int
load_meta(const char *path, const dsp_jval *root, dsp_model_meta *meta)
{
	const dsp_jval *t, *e, *an, *aa, *ap;
	size_t v, i;
	int rc = DSP_OK;

	memset(meta, 0, sizeof *meta);
	dsp_maxret_train_default(&meta->train);
	meta->train_loss = meta->train_accuracy = NAN;
	if ((t = dsp_json_get(root, "training")) != NULL && t->type == DSP_JOBJ) {
		if (dsp_json_get(t, "train_n") != NULL &&
		    (rc = get_size(path, t, "train_n", 1, 1 << 20, &meta->train.train_n)))
			return rc;
		if (dsp_json_get(t, "steps") != NULL &&
		    (rc = get_size(path, t, "steps", 0, 1e15, &meta->train.steps)))
			return rc;
		if (dsp_json_get(t, "batch") != NULL &&
		    (rc = get_size(path, t, "batch", 1, 1 << 20, &meta->train.batch)))
			return rc;
		if (dsp_json_get(t, "seed") != NULL) {
			if ((rc = get_size(path, t, "seed", 0, 9007199254740992.0, &v)))
				return rc;
			meta->train.seed = v;
		}
		if ((rc = get_num(path, t, "lr", &meta->train.lr)) ||
		    (rc = get_num(path, t, "loss", &meta->train_loss)) ||
		    (rc = get_num(path, t, "accuracy", &meta->train_accuracy)))
			return rc;
	}
	if ((e = dsp_json_get(root, "evaluation")) == NULL || e->type != DSP_JOBJ)
		return DSP_OK;
	an = dsp_json_get(e, "n");
	aa = dsp_json_get(e, "accuracy");
	ap = dsp_json_get(e, "accuracy_adaptive");
	if (an == NULL || aa == NULL || ap == NULL || an->type != DSP_JARR ||
	    aa->type != DSP_JARR || ap->type != DSP_JARR || an->len != aa->len ||
	    an->len != ap->len || an->len > DSP_MODEL_MAX_EVAL)
		return dsp_fail(DSP_EPARSE, "%s: \"evaluation\": n, accuracy and "
		    "accuracy_adaptive must be arrays of one length <= %d", path,
		    DSP_MODEL_MAX_EVAL);
	if ((rc = get_size(path, e, "sets", 1, 1 << 24, &meta->eval_sets)) ||
	    (rc = get_size(path, e, "seed", 0, 9007199254740992.0, &v)))
		return rc;
	meta->eval_seed = v;
	for (i = 0; i < an->len; i++) {
		if (an->items[i]->type != DSP_JNUM || aa->items[i]->type != DSP_JNUM ||
		    ap->items[i]->type != DSP_JNUM || !(an->items[i]->num >= 1 &&
		    an->items[i]->num <= (1 << 24)))
			return dsp_fail(DSP_EPARSE, "%s: \"evaluation\": entry %zu is "
			    "not a number", path, i);
		meta->eval_n[i] = (size_t)an->items[i]->num;
		meta->eval_acc[i] = aa->items[i]->num;
		meta->eval_acc_adaptive[i] = ap->items[i]->num;
	}
	meta->neval = an->len;
	return DSP_OK;
}

static int
load_tree(const char *path, const dsp_jval *root, dsp_maxret **out,
    dsp_model_meta *meta)
{
	const dsp_jval *f, *p, *blk, *sh, *data;
	const char *name;
	size_t C, d, rows, cols, i, ver;
	dsp_maxret *m;
	double *w;
	int b, rc;

	if (root->type != DSP_JOBJ || (f = dsp_json_get(root, "format")) == NULL ||
	    f->type != DSP_JSTR || strcmp(f->str, DSP_MODEL_FORMAT) != 0)
		return dsp_fail(DSP_EPARSE, "%s: not a disperse model (\"format\" is not "
		    "\"" DSP_MODEL_FORMAT "\")", path);
	if ((rc = get_size(path, root, "format_version", 0, 1e9, &ver)) != DSP_OK)
		return rc;
	if (ver != DSP_MODEL_VERSION)
		return dsp_fail(DSP_ENOTSUP, "%s: model format version %zu is not "
		    "supported (this disperse reads version %d)", path, ver,
		    DSP_MODEL_VERSION);
	if ((rc = get_size(path, root, "classes", 2, DSP_MAXRET_MAX_CLASSES, &C)) ||
	    (rc = get_size(path, root, "width", 1, DSP_MAXRET_MAX_WIDTH, &d)))
		return rc;
	if ((p = dsp_json_get(root, "params")) == NULL || p->type != DSP_JOBJ)
		return dsp_fail(DSP_EPARSE, "%s: \"params\": missing or not an object",
		    path);
	if ((m = dsp_maxret_alloc(C, d)) == NULL)
		return DSP_ENOMEM;
	for (b = 0; b < DSP_MAXRET_NBLOCKS; b++) {
		dsp_maxret_block(m, b, &name, &rows, &cols, &w);
		blk = dsp_json_get(p, name);
		sh = blk != NULL && blk->type == DSP_JOBJ ? dsp_json_get(blk, "shape") : NULL;
		data = blk != NULL && blk->type == DSP_JOBJ ? dsp_json_get(blk, "data") : NULL;
		if (sh == NULL || sh->type != DSP_JARR || sh->len != 2 ||
		    sh->items[0]->type != DSP_JNUM || sh->items[1]->type != DSP_JNUM ||
		    sh->items[0]->num != (double)rows || sh->items[1]->num != (double)cols) {
			dsp_maxret_free(m);
			return dsp_fail(DSP_EPARSE, "%s: params.%s: missing, or shape is "
			    "not [%zu, %zu]", path, name, rows, cols);
		}
		if (data == NULL || data->type != DSP_JARR || data->len != rows * cols) {
			dsp_maxret_free(m);
			return dsp_fail(DSP_EPARSE, "%s: params.%s.data: not an array of "
			    "%zu numbers", path, name, rows * cols);
		}
		for (i = 0; i < rows * cols; i++) {
			if (data->items[i]->type != DSP_JNUM ||
			    !isfinite(data->items[i]->num)) {
				dsp_maxret_free(m);
				return dsp_fail(DSP_EPARSE, "%s: params.%s.data[%zu]: not a "
				    "finite number", path, name, i);
			}
			w[i] = data->items[i]->num;
		}
	}
	if (meta != NULL && (rc = load_meta(path, root, meta)) != DSP_OK) {
		dsp_maxret_free(m);
		return rc;
	}
	*out = m;
	return DSP_OK;
}

int
dsp_model_load(const char *path, dsp_maxret **m, dsp_model_meta *meta)
{
	locale_t cloc, old = (locale_t)0;
	dsp_jval *root = NULL;
	char *buf = NULL;
	size_t len = 0;
	int rc;

	*m = NULL;
	/* The one bounded reader: cap, NUL refusal, the file named. */
	if ((rc = dsp_read_file(path, NULL, MODEL_MAX_BYTES, &buf, &len)) != DSP_OK)
		return rc;
	if ((cloc = newlocale(LC_ALL_MASK, "C", (locale_t)0)) != (locale_t)0)
		old = uselocale(cloc);
	rc = dsp_json_parse(buf, len, &root);
	free(buf);
	if (rc != DSP_OK) {
		char d[512];

		snprintf(d, sizeof d, "%s", dsp_last_error());
		rc = dsp_fail(rc, "%s: malformed JSON: %s", path, d);
	} else
		rc = load_tree(path, root, m, meta);
	dsp_json_free(root);
	if (cloc != (locale_t)0) {
		uselocale(old);
		freelocale(cloc);
	}
	return rc;
}

/* Models opened for the learned family, by path (see model.h). */
#define MODEL_CACHE	16
static struct {
	char		*path;
	dsp_maxret	*m;
} cache[MODEL_CACHE];
static size_t ncache;

static void
cache_free(void)
{
	size_t i;

	for (i = 0; i < ncache; i++) {
		free(cache[i].path);
		dsp_maxret_free(cache[i].m);
	}
	ncache = 0;
}

int
dsp_model_attach(dsp_params *p)
{
	dsp_maxret *m = NULL;
	char abs[PATH_MAX], *path;
	const char *name;
	size_t i;
	int rc;

	if (p->model == NULL) {
		p->model_w = NULL;
		if (p->family == DSP_FAM_LEARNED)
			return dsp_fail(DSP_EINVAL, "the learned family needs a model "
			    "(--model FILE, from disperse train --save)");
		return DSP_OK;
	}
	/* The absolute name: a view saved in a settings file or a snapshot
	 * must open the same model from any working directory.  A name that
	 * does not resolve stays as given, for the loader's error. */
	name = realpath(p->model, abs) != NULL ? abs : p->model;
	for (i = 0; i < ncache; i++)
		if (strcmp(cache[i].path, name) == 0) {
			p->model = cache[i].path;
			p->model_w = cache[i].m;
			return DSP_OK;
		}
	if (ncache == MODEL_CACHE)
		return dsp_fail(DSP_ETOOBIG, "%s: more than %d models opened",
		    name, MODEL_CACHE);
	if ((rc = dsp_model_load(name, &m, NULL)) != DSP_OK)
		return rc;
	if ((path = dsp_strdup(name)) == NULL) {
		dsp_maxret_free(m);
		return dsp_fail_nomem(NULL, 0);
	}
	if (ncache == 0)
		atexit(cache_free);
	cache[ncache].path = path;
	cache[ncache++].m = m;
	p->model = path;
	p->model_w = m;
	return DSP_OK;
}

int
dsp_model_attach_data(dsp_params *p)
{
	char path[4096];
	int rc;

	if (p->model == NULL || p->family != DSP_FAM_LEARNED)
		return dsp_model_attach(p);
	if ((rc = dsp_data_find(p->model, path, sizeof path)) != DSP_OK)
		return rc;
	p->model = path;	/* dsp_model_attach keeps its own copy */
	return dsp_model_attach(p);
}
