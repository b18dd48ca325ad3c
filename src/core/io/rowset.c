/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Rows of a logits array on demand (rowset.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/schema/ptable.h"
#include "core/io/reader.h"
#include "core/io/rowset.h"

struct row {
	uint64_t	 head;		/* packed, query resolved */
	double		*own;		/* converted copy, or NULL (in place) */
	size_t		 own_map;	/* bytes if own is mapped, else 0 */
	const double	*v;
	size_t		 n;
	int		 checked;	/* every value finite, no masked key */
};

struct dsp_rowset {
	dsp_npz		*z;
	dsp_npy		*a;
	uint64_t	 dims[4];
	struct row	*rows;
	size_t		 nrows, cap;
	char		 name[];
};

/* Room for a converted row of k doubles.  A large one is mapped with its
 * pages populated in one call: faulting 2^24 doubles' 32768 pages in one
 * by one as the conversion writes them cost 78 ms, populated 48 ms
 * (memory bandwidth plus the kernel's zeroing).  Not MADV_HUGEPAGE: with
 * the kernel's defrag on madvise it may compact memory first (a 0.35 s
 * stall was seen). */
#define OWN_MAP_MIN	((size_t)1 << 20)

static double *
own_alloc(size_t k, size_t *mapped)
{
	size_t bytes = (k ? k : 1) * sizeof(double);
	double *p;

	*mapped = 0;
	if (bytes >= OWN_MAP_MIN) {
		if ((p = dsp_map_anon(bytes, 1)) != NULL)
			*mapped = bytes;
		return p;
	}
	return dsp_malloc(bytes);
}

static void
own_free(double *p, size_t mapped)
{
	if (mapped)
		dsp_unmap_anon(p, mapped);
	else
		free(p);
}

int
dsp_rowset_open(const char *path, dsp_rowset **out)
{
	dsp_rowset *r;
	const struct dsp_reader *rd;
	size_t len = strlen(path) + 64;
	int rc;

	*out = NULL;
	if ((r = dsp_calloc(1, sizeof *r + len)) == NULL)
		return dsp_fail(DSP_ENOMEM, "%s: out of memory", path);
	if ((rd = dsp_reader_pick(path))->open == NULL) {
		/* Text is parsed whole, not opened as rows: its callers load
		 * it (dsp_load_logits) instead. */
		rc = dsp_fail(DSP_ENOTSUP, "%s: not an .npy or .npz file", path);
		goto fail;
	}
	if ((rc = rd->open(path, &r->z, &r->a, r->name, len)) != DSP_OK)
		goto fail;
	dsp_npy_dims(r->a, r->dims);
	*out = r;
	return DSP_OK;
fail:
	dsp_rowset_close(r);
	return rc;
}

void
dsp_rowset_close(dsp_rowset *r)
{
	size_t i;

	if (r == NULL)
		return;
	for (i = 0; i < r->nrows; i++)
		own_free(r->rows[i].own, r->rows[i].own_map);
	free(r->rows);
	dsp_npy_close(r->a);
	dsp_npz_close(r->z);
	free(r);
}

void
dsp_rowset_dims(const dsp_rowset *r, uint64_t dims[4])
{
	memcpy(dims, r->dims, sizeof r->dims);
}

const char *
dsp_rowset_name(const dsp_rowset *r)
{
	return r->name;
}

/* Turn row w of (l, h, q) into a checked one: in place if every value is
 * finite, else converted (masked keys skipped; a NaN or +inf is an error,
 * and w stays as it was). */
static int
check_row(dsp_rowset *r, struct row *w, uint64_t l, uint64_t h, uint64_t q)
{
	double *own;
	size_t mapped, n;
	int rc;

	if ((rc = dsp_npy_row_view(r->a, l, h, q, &w->v, &w->n)) == DSP_OK) {
		w->checked = 1;
		return DSP_OK;
	}
	if (rc != DSP_ENOTSUP)
		return rc;
	/* Refused at once, in one line naming the row, when the converted
	 * copy would pass the budget (the wrappers would refuse it too, less
	 * clearly). */
	if ((rc = dsp_npy_row_need(r->a, 1)) != DSP_OK)
		return rc;
	if ((own = own_alloc((size_t)r->dims[3], &mapped)) == NULL)
		return dsp_fail(DSP_ENOMEM, "%s: out of memory for one row", r->name);
	/* Into n, not w->n: dsp_npy_row zeroes it first, and a failed check
	 * must leave an unchecked row as it was. */
	if ((rc = dsp_npy_row(r->a, l, h, q, own, &n)) != DSP_OK) {
		own_free(own, mapped);
		return rc;
	}
	w->n = n;
	w->own = own;
	w->own_map = mapped;
	w->v = own;
	w->checked = 1;
	return DSP_OK;
}

static int
get_row(dsp_rowset *r, uint64_t head, int check, const double **v, size_t *n,
    int *checked)
{
	uint64_t l, h, q, key;
	struct row *w;
	char text[48];
	size_t i;
	int rc;

	dsp_head_unpack(head, &l, &h, &q);
	if (q == DSP_HEAD_LAST)
		q = r->dims[2] - 1;
	if (l >= r->dims[0] || h >= r->dims[1] || q >= r->dims[2])
		return dsp_fail(DSP_EINVAL, "%s: head %s: the array has %llu layer(s), "
		    "%llu head(s) and %llu query row(s) (L.H and L.H.Q count from 0)",
		    r->name, dsp_head_format(head, text, sizeof text),
		    (unsigned long long)r->dims[0], (unsigned long long)r->dims[1],
		    (unsigned long long)r->dims[2]);
	if ((rc = dsp_head_pack(l, h, q, &key)) != DSP_OK)
		return rc;
	for (i = 0; i < r->nrows && r->rows[i].head != key; i++)
		;
	if (i == r->nrows) {
		if (r->nrows == r->cap) {
			size_t nc = r->cap ? 2 * r->cap : 16;
			struct row *nr = dsp_realloc(r->rows, nc * sizeof *nr);

			if (nr == NULL)
				return dsp_fail(DSP_ENOMEM, "%s: out of memory", r->name);
			r->rows = nr;
			r->cap = nc;
		}
		if ((rc = dsp_npy_row_need(r->a, 0)) != DSP_OK)
			return rc;
		w = &r->rows[i];
		memset(w, 0, sizeof *w);
		w->head = key;
		/* A row that cannot be used in place is converted (and so
		 * checked) even when the caller would check it. */
		if (!check && dsp_npy_row_inplace(r->a, l, h, q, &w->v, &w->n) == DSP_OK)
			rc = DSP_OK;
		else
			rc = check_row(r, w, l, h, q);
		if (rc != DSP_OK)
			return rc;
		r->nrows++;
	} else {
		w = &r->rows[i];
		if (check && !w->checked && (rc = check_row(r, w, l, h, q)) != DSP_OK)
			return rc;
	}
	*v = w->v;
	*n = w->n;
	if (checked != NULL)
		*checked = w->checked;
	return DSP_OK;
}

int
dsp_rowset_row_raw(dsp_rowset *r, uint64_t head, const void **v, int *itemsize,
    size_t *n)
{
	uint64_t l, h, q;
	int rc;

	dsp_head_unpack(head, &l, &h, &q);
	if (q == DSP_HEAD_LAST)
		q = r->dims[2] - 1;
	if (l >= r->dims[0] || h >= r->dims[1] || q >= r->dims[2])
		return DSP_ENOTSUP;	/* dsp_rowset_row names the range */
	if ((rc = dsp_npy_row_raw(r->a, l, h, q, v, itemsize, n)) != DSP_OK)
		return rc;
	return dsp_npy_row_need(r->a, 0);
}

int
dsp_rowset_row(dsp_rowset *r, uint64_t head, const double **v, size_t *n)
{
	return get_row(r, head, 1, v, n, NULL);
}

int
dsp_rowset_row_unchecked(dsp_rowset *r, uint64_t head, const double **v, size_t *n,
    int *checked)
{
	return get_row(r, head, 0, v, n, checked);
}

uint64_t
dsp_rowset_step(const dsp_rowset *r, uint64_t head, long k)
{
	uint64_t l, h, q, count = r->dims[0] * r->dims[1], flat, v;
	long long m;

	dsp_head_unpack(head, &l, &h, &q);
	flat = l < r->dims[0] && h < r->dims[1] ? l * r->dims[1] + h : 0;
	m = ((long long)(flat % count) + k % (long long)count + (long long)count) %
	    (long long)count;
	if (dsp_head_pack((uint64_t)m / r->dims[1], (uint64_t)m % r->dims[1], q, &v) != DSP_OK)
		return head;
	return v;
}
