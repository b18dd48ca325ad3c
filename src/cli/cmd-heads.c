/* SPDX-License-Identifier: GPL-3.0-or-later */
/* disperse heads FILE: per-head dispersion of real attention logits
 * (.npy / .npz, src/core/io/npy.h), each row evaluated by dsp_eval. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd.h"
#include "cli/heads_int.h"
#include "cli/progress.h"
#include "core/alloc.h"
#include "core/dsp.h"
#include "core/io/npy.h"
#include "core/io/reader.h"
#include "core/schema/figures.h"
#include "export/table.h"

enum {
	OPT_MEMBER = DSP_OPT_USER,
	OPT_LAYER,
	OPT_HEAD,
	OPT_QUERY,
	OPT_TABLE,
	OPT_SVG,
	OPT_CAP,
	OPT_FIG0	/* the figure rows of the view-option table, in order */
};

static const struct dsp_opt_row heads_rows[] = {
	{ "layer", 0, "L", OPT_LAYER, "only that layer (default all)" },
	{ "head", 0, "H", OPT_HEAD, "only that head (default all)" },
	{ "query", 0, "Q", OPT_QUERY, "only query row Q, or 'last' (default every row)" },
	{ "member", 0, "NAME", OPT_MEMBER, "only this .npz member (default every .npy member)" },
	{ "inflate-cap", 0, "SIZE", OPT_CAP, "largest inflated .npz member (default 1Gi)" },
	{ "table", 0, "NAME", OPT_TABLE, "heads, summary or all (default: all for text; heads for "
	  "csv and json, one table a stream)" },
	{ "svg", 0, "PREFIX", OPT_SVG, "also write PREFIX-grid.svg (spread per layer x head, "
	  "viridis) and PREFIX-hist.svg (spread histogram); with --figure-format also "
	  "-grid.pdf, -grid.png, ..." },
	{ NULL, 0, NULL, 0, NULL }
};

/* The tables a run writes (--table): the per-row one, the spread summary. */
static const char *const table_names[2] = { "heads", "summary" };

static const char *
heads_values(int code)
{
	return code == OPT_TABLE ? dsp_opts_table_values(table_names, 2) : NULL;
}

static const char heads_help[] =
    "Per-head dispersion of attention logits saved before the softmax:\n"
    "FILE is .npy (float16/32/64, shape (n,), (heads, n), (layers, heads, n)\n"
    "or (layers, heads, queries, keys); -inf = masked key) or .npz.\n";

static int
heads_opt(struct dsp_opts *o, int code, const char *arg, void *ctx)
{
	struct heads_opts *h = ctx;
	int st;

	if ((st = dsp_figopts_take(&h->fig, o, code, arg)) >= 0)
		return st;
	switch (code) {
	case OPT_MEMBER:
		h->member = arg;
		return 0;
	case OPT_LAYER:
		return dsp_opts_uint(o, "--layer", arg, &h->layer);
	case OPT_HEAD:
		return dsp_opts_uint(o, "--head", arg, &h->head);
	case OPT_QUERY:
		if (strcmp(arg, "last") == 0) {
			h->query = LAST;
			return 0;
		}
		return dsp_opts_uint(o, "--query", arg, &h->query);
	case OPT_CAP:
		return dsp_opts_size(o, "--inflate-cap", arg, &h->cap);
	case OPT_TABLE:
		return dsp_opts_table_pick(o, arg, table_names, 2, &h->table);
	case OPT_SVG:
		if (*arg == '\0')
			return dsp_opts_usage(o, "--svg: empty prefix");
		h->svg = arg;
		return 0;
	}
	return dsp_opts_usage(o, "internal error: option %d", code);
}

int
heads_stamp(const struct run *r, dsp_table *t, const char *shape, const char *dtype)
{
	char buf[64];
	int rc = 0;

	rc |= dsp_table_stamp(t, "program", PACKAGE_NAME " " PACKAGE_VERSION);
	rc |= dsp_table_stamp(t, "command", "heads");
	rc |= dsp_table_stamp(t, "input", r->h->file);
	if (r->h->member != NULL)
		rc |= dsp_table_stamp(t, "member", r->h->member);
	if (shape != NULL)
		rc |= dsp_table_stamp(t, "shape", shape);
	if (dtype != NULL)
		rc |= dsp_table_stamp(t, "dtype", dtype);
	rc |= dsp_table_stamp(t, "theta", dsp_fmt_double(buf, sizeof buf,
	    r->o->params.theta));
	rc |= dsp_table_stamp(t, "eps", dsp_fmt_double(buf, sizeof buf,
	    r->o->params.eps));
	if (r->h->layer != ALL)
		rc |= dsp_table_stampf(t, "layer", "%llu", (unsigned long long)r->h->layer);
	if (r->h->head != ALL)
		rc |= dsp_table_stampf(t, "head", "%llu", (unsigned long long)r->h->head);
	if (r->h->query == LAST)
		rc |= dsp_table_stamp(t, "query", "last");
	else if (r->h->query != ALL)
		rc |= dsp_table_stampf(t, "query", "%llu", (unsigned long long)r->h->query);
	rc |= dsp_table_stamp(t, "masked", "-inf keys are excluded from n");
	return rc ? DSP_ENOMEM : DSP_OK;
}

/* The per-row table: heads' own identifying columns ("array" only for
 * .npz, "query" only for 4-D arrays), then the figure table's heads rows
 * (DSP_SURF_HEADS), then the empirical critical n.  That last pair is
 * heads' own, not a table row: it is computed from the row's logits by
 * dsp_row_eval beside the summary (doc/theory.md section 13), not read
 * from one evaluation's summary as every surface's figure is. */
enum { C_ARRAY, C_LAYER, C_HEAD, C_QUERY, C_N, C_OWN };

static const char *const own_names[C_OWN] = { "array", "layer", "head", "query", "n" };

static int
want_col(const struct run *r, int c)
{
	return (c != C_ARRAY || r->is_npz) && (c != C_QUERY || r->has_query);
}

static int
make_table(struct run *r, const char *shape, const char *dtype)
{
	int c, rc = DSP_OK;

	if ((r->t = dsp_table_alloc("disperse heads: per-head dispersion")) == NULL ||
	    heads_stamp(r, r->t, shape, dtype) != DSP_OK)
		return DSP_ENOMEM;
	for (c = 0; c < C_OWN; c++)
		if (want_col(r, c))
			rc |= dsp_table_column(r->t, own_names[c], "%.0f");
	/* The heads rows, its empirical critical n (computed below) last. */
	rc |= dsp_table_fig_columns(r->t, DSP_SURF_HEADS, "%.10g");
	return rc != DSP_OK ? DSP_ENOMEM : DSP_OK;
}

/* One row: every figure from dsp_eval on the row's unmasked logits. */
static int
add_row(struct run *r, size_t arr, uint64_t l, uint64_t hd, uint64_t q,
    const double *e, size_t n)
{
	double v[C_OWN], pre[C_OWN], emp[2], log_emp;
	dsp_figctx fc;
	dsp_summary s;
	size_t k = 0;
	int c, rc;

	/* The empirical critical n: where the empirical family's large-n
	 * limit over this row's logits puts the largest weight below eps
	 * (doc/theory.md §13). */
	if ((rc = dsp_row_eval(&r->o->params, e, n, &s, &log_emp)) != DSP_OK)
		return rc;
	v[C_ARRAY] = NAN;
	v[C_LAYER] = (double)l;
	v[C_HEAD] = (double)hd;
	v[C_QUERY] = (double)q;
	v[C_N] = (double)n;
	for (c = 0; c < C_OWN; c++)
		if (want_col(r, c))
			pre[k++] = v[c];
	emp[0] = exp(log_emp);
	emp[1] = log_emp;
	dsp_figctx_init(&fc, &r->o->params, &s);
	if ((rc = dsp_table_fig_row(r->t, DSP_SURF_HEADS, &fc, pre, k, emp, 2)) != DSP_OK)
		return rc;
	if (r->is_npz && dsp_table_set_text(r->t, dsp_table_rows(r->t) - 1, 0,
	    r->arr_names[arr]) != DSP_OK)
		return DSP_ENOMEM;
	if (r->nrec == r->cap) {
		size_t nc = r->cap ? 2 * r->cap : 64;
		struct rec *nr = dsp_realloc(r->recs, nc * sizeof *nr);

		if (nr == NULL)
			return DSP_ENOMEM;
		r->recs = nr;
		r->cap = nc;
	}
	r->recs[r->nrec].arr = arr;
	r->recs[r->nrec].layer = l;
	r->recs[r->nrec].head = hd;
	r->recs[r->nrec].spread = s.spread;
	r->nrec++;
	return DSP_OK;
}

#define IN_PLACE_MIN	((uint64_t)1 << 16)

/* Row (l, h, q) of a: in place when it can be (float64 in host order,
 * contiguous, every key finite), else converted into *buf, allocated at
 * the first such row.  One row at a time, its mapped pages released by
 * the caller once it is done: the memory is a row's, refused at once when
 * that would not fit. */
static int
row_of(const dsp_npy *a, uint64_t l, uint64_t h, uint64_t q, double **buf,
    const double **v, size_t *n)
{
	uint64_t d[4];
	int rc;

	/* In place only where a copy would cost: a short row's scan (a few
	 * parallel-region calls) cost more than its conversion ((2^18, 1, 1):
	 * 12 % of heads). */
	dsp_npy_dims(a, d);
	if (d[3] >= IN_PLACE_MIN &&
	    (rc = dsp_npy_row_view(a, l, h, q, v, n)) != DSP_ENOTSUP)
		return rc;
	if (*buf == NULL) {
		if ((rc = dsp_npy_row_need(a, 1)) != DSP_OK)
			return rc;
		if (d[3] > SIZE_MAX / sizeof **buf ||
		    (*buf = dsp_malloc((size_t)d[3] * sizeof **buf)) == NULL)
			return dsp_fail(DSP_ENOMEM, "%s: out of memory for one row",
			    dsp_npy_name(a));
	}
	*v = *buf;
	return dsp_npy_row(a, l, h, q, *buf, n);
}

static int
do_array(struct run *r, size_t arr, const dsp_npy *a)
{
	uint64_t d[4], l, hd, q, q0, q1;
	const double *v;
	double *buf = NULL;
	size_t n;
	int rc = DSP_OK;

	dsp_npy_dims(a, d);
	if (r->h->layer != ALL && r->h->layer >= d[0])
		return dsp_fail(DSP_EINVAL, "%s: --layer %llu: the array has %llu layer(s)",
		    dsp_npy_name(a), (unsigned long long)r->h->layer,
		    (unsigned long long)d[0]);
	if (r->h->head != ALL && r->h->head >= d[1])
		return dsp_fail(DSP_EINVAL, "%s: --head %llu: the array has %llu head(s)",
		    dsp_npy_name(a), (unsigned long long)r->h->head,
		    (unsigned long long)d[1]);
	if (r->h->query != ALL && r->h->query != LAST && r->h->query >= d[2])
		return dsp_fail(DSP_EINVAL, "%s: --query %llu: the array has %llu query row(s)",
		    dsp_npy_name(a), (unsigned long long)r->h->query,
		    (unsigned long long)d[2]);
	/* A row's mapped bytes, once for the array (each row's pages leave
	 * once it is done). */
	if ((rc = dsp_npy_row_need(a, 0)) != DSP_OK)
		return rc;
	q0 = r->h->query == ALL ? 0 : r->h->query == LAST ? d[2] - 1 : r->h->query;
	q1 = r->h->query == ALL ? d[2] : q0 + 1;
	for (l = 0; l < d[0] && rc == DSP_OK; l++) {
		if (r->h->layer != ALL && l != r->h->layer)
			continue;
		for (hd = 0; hd < d[1] && rc == DSP_OK; hd++) {
			if (r->h->head != ALL && hd != r->h->head)
				continue;
			for (q = q0; q < q1 && rc == DSP_OK; q++) {
				if ((rc = row_of(a, l, hd, q, &buf, &v, &n)) == DSP_OK)
					rc = add_row(r, arr, l, hd, q, v, n);
				dsp_npy_row_release(a, l, hd, q);
				dsp_job_advance(dsp_job_current(), d[3]);
			}
		}
	}
	free(buf);
	if (d[0] > r->max_layers)
		r->max_layers = d[0];
	if (d[1] > r->max_heads)
		r->max_heads = d[1];
	return rc;
}

static int
write_tables(struct run *r, dsp_table *summary)
{
	const dsp_table *ts[2] = { r->t, summary };

	return dsp_opts_write_tables(r->o, ts, table_names, 2, r->h->table);
}

static void
describe(const dsp_npy_header *h, char *shape, size_t ss, char *dtype, size_t ds)
{
	size_t used;
	int i;

	used = (size_t)snprintf(shape, ss, "(");
	for (i = 0; i < h->ndim && used < ss; i++)
		used += (size_t)snprintf(shape + used, ss - used, "%s%llu",
		    i ? ", " : "", (unsigned long long)h->shape[i]);
	if (used < ss)
		snprintf(shape + used, ss - used, h->ndim == 1 ? ",)" : ")");
	snprintf(dtype, ds, "%s %s-endian, %s order, .npy %d.%d",
	    h->itemsize == 2 ? "float16" : h->itemsize == 4 ? "float32" : "float64",
	    h->big_endian ? "big" : "little", h->fortran ? "Fortran" : "C",
	    h->major, h->minor);
}

/* The arrays are opened, evaluated and closed one at a time (an .npz's
 * members are inflated one at a time: all at once took 2 GB for a 1.5 MB
 * archive of three 512 MiB members); only their headers are read first,
 * for the columns. */
static int
run_heads(struct dsp_opts *o, struct heads_opts *h)
{
	struct run r;
	dsp_npz *z = NULL;
	dsp_npy *file = NULL, *a;
	dsp_npy_header hd;
	dsp_table *summary = NULL;
	char shape[160] = "", dtype[96] = "";
	size_t i, k, *sel = NULL, total;
	uint64_t work = 0, done = 0;
	int rc = DSP_OK, status;

	memset(&r, 0, sizeof r);
	r.o = o;
	r.h = h;
	dsp_clear_error();
	if (dsp_reader_pick(h->file)->archive) {
		r.is_npz = 1;
		if ((rc = dsp_npz_open(h->file, h->cap, &z)) != DSP_OK)
			return dsp_opts_core_fail(o, NULL, rc);
		total = dsp_npz_count(z);
	} else {
		if (h->member != NULL) {
			status = dsp_opts_usage(o, "--member needs an .npz archive");
			goto usage;
		}
		if ((rc = dsp_npy_open(h->file, &file)) != DSP_OK)
			goto out;
		total = 1;
	}
	if ((sel = dsp_calloc(total, sizeof *sel)) == NULL ||
	    (r.arr_names = dsp_calloc(total, sizeof *r.arr_names)) == NULL) {
		rc = dsp_fail_nomem(NULL, 0);
		goto out;
	}
	for (i = k = 0; i < total; i++) {
		if (z == NULL)
			hd = *dsp_npy_header_of(file);
		else if (h->member != NULL && strcmp(h->member, dsp_npz_member(z, i)) != 0)
			continue;
		else if ((rc = dsp_npz_header(z, i, &hd)) != DSP_OK)
			goto out;
		r.arr_names[k] = (char *)(z != NULL ? dsp_npz_member(z, i) : h->file);
		if (hd.ndim == 4)
			r.has_query = 1;
		if (k == 0)
			describe(&hd, shape, sizeof shape, dtype, sizeof dtype);
		work += hd.count;
		sel[k++] = i;
	}
	if (k == 0) {
		rc = dsp_fail(DSP_EINVAL, "%s: no member '%s' in the archive", h->file,
		    h->member);
		goto out;
	}
	r.narr = k;
	if ((rc = make_table(&r, r.narr == 1 ? shape : NULL,
	    r.narr == 1 ? dtype : NULL)) != DSP_OK)
		goto out;
	/* Progress in keys: each row read advances it, and an array's rows
	 * left out by --layer, --head or --query count once it is done. */
	dsp_progress_begin("heads", "evaluating", work);
	for (k = 0; k < r.narr && rc == DSP_OK; k++) {
		a = file;
		if (z != NULL && (rc = dsp_npz_array(z, sel[k], &a)) != DSP_OK)
			break;
		rc = do_array(&r, k, a);
		dsp_progress_at(done += dsp_npy_header_of(a)->count);
		if (a != file)
			dsp_npy_close(a);
	}
	dsp_progress_end();
	if (rc != DSP_OK)
		goto out;
	if ((summary = heads_summary_table(&r, r.narr == 1 ? shape : NULL,
	    r.narr == 1 ? dtype : NULL)) == NULL) {
		rc = dsp_fail_nomem(NULL, 0);
		goto out;
	}
	if (h->svg != NULL && (status = heads_write_svgs(&r)) != 0)
		goto done;
	status = write_tables(&r, summary);
	goto done;
out:
	status = dsp_opts_core_fail(o, NULL, rc);
usage:
done:
	dsp_table_free(summary);
	dsp_table_free(r.t);
	dsp_npy_close(file);
	free(sel);
	free(r.arr_names);
	free(r.recs);
	dsp_npz_close(z);
	return status;
}

static int
cmd_heads_exec(int argc, char **argv)
{
	struct dsp_opts o;
	struct heads_opts h;
	struct dsp_opts_spec spec = {
		"disperse heads FILE [options]", heads_help,
		heads_opt, NULL,
		DSP_GIVEN_FAMILY | DSP_GIVEN_N | DSP_GIVEN_DELTA | DSP_GIVEN_LAMBDA |
		DSP_GIVEN_SEED | DSP_GIVEN_TOPK | DSP_GIVEN_ATTN | DSP_GIVEN_ADAPTIVE |
		DSP_GIVEN_SSMAX_S | DSP_GIVEN_ALPHA | DSP_GIVEN_PRECISION | DSP_GIVEN_MODEL |
		DSP_GIVEN_INPUT | DSP_GIVEN_HEAD,	/* its own --head H selects */
		heads_values,
		OPT_FIG0,	/* figures: the figure options */
		heads_rows, NULL
	};
	char *args[256];
	int i, nargs = 0, rc;

	memset(&h, 0, sizeof h);
	h.table = NULL;	/* text: all; csv and json: heads (one table a stream) */
	h.layer = h.head = h.query = ALL;
	spec.ctx = &h;
	h.fig.code0 = OPT_FIG0;
	dsp_opts_init(&o, "heads");
	/* FILE is the first word after the command (the shared parser takes
	 * options only). */
	if (argc > (int)(sizeof args / sizeof args[0]) - 1) {
		dsp_opts_usage(&o, "too many arguments");
		return o.status;
	}
	for (i = 0; i < argc; i++)
		if (i == 1 && h.file == NULL && argv[1][0] != '-')
			h.file = argv[1];
		else
			args[nargs++] = argv[i];
	args[nargs] = NULL;
	if (dsp_opts_parse(&o, &spec, nargs, args) != 0) {
		dsp_opts_free(&o);
		return o.status;
	}
	if (h.file == NULL) {
		rc = dsp_opts_usage(&o, "missing FILE (disperse heads FILE.npy|FILE.npz)");
		dsp_opts_free(&o);
		return rc;
	}
	/* A CSV or JSON stream is one table: a reader of either sees rows of
	 * one shape (the spread summary is its own --table summary run). */
	if ((rc = dsp_opts_tables_resolve(&o, table_names, &h.table)) != 0) {
		dsp_opts_free(&o);
		return rc;
	}
	if (dsp_figopts_any(&h.fig) && h.svg == NULL) {
		rc = dsp_opts_usage(&o, "the figure options need --svg PREFIX");
		dsp_opts_free(&o);
		return rc;
	}
	if ((rc = dsp_figopts_spec(&h.fig, &o, &h.figspec)) != 0) {
		dsp_opts_free(&o);
		return rc;
	}
	rc = run_heads(&o, &h);
	dsp_opts_free(&o);
	return rc;
}

const struct dsp_command cmd_heads = {
	"heads", "disperse heads FILE [options]",
	"per-head dispersion of your model's attention logits (.npy/.npz)",
	cmd_heads_exec
};
