/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Run-length vectors.  Their memory counts against the thread's job
 * budget (core/job.h): the long inputs of the core live here. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/job.h"
#include "core/math/runs.h"

#define RUN_BYTES	(sizeof(double) + sizeof(uint64_t))

dsp_runs *
dsp_runs_alloc(size_t cap)
{
	dsp_runs *r;

	if ((r = dsp_calloc(1, sizeof *r)) == NULL)
		return NULL;
	if (cap == 0)
		cap = 4;
	if (dsp_job_take(cap * RUN_BYTES, "a run vector") != DSP_OK) {
		free(r);
		return NULL;
	}
	r->value = dsp_malloc(cap * sizeof *r->value);
	r->count = dsp_malloc(cap * sizeof *r->count);
	if (r->value == NULL || r->count == NULL) {
		dsp_runs_free(r);
		return NULL;
	}
	r->cap = cap;
	return r;
}

void
dsp_runs_free(dsp_runs *r)
{
	if (r == NULL)
		return;
	dsp_job_give(r->cap * RUN_BYTES);
	free(r->value);
	free(r->count);
	free(r);
}

void
dsp_runs_clear(dsp_runs *r)
{
	r->len = 0;
}

int
dsp_runs_reserve(dsp_runs *r, size_t need)
{
	double *v;
	uint64_t *c;
	size_t cap;
	char what[64];
	int rc;

	if (need <= r->cap)
		return DSP_OK;
	cap = r->cap * 2 > need ? r->cap * 2 : need;
	/* Growth is where a long input shows: check for a cancelled job and
	 * count the new memory against the budget. */
	if ((rc = dsp_job_poll()) != DSP_OK)
		return rc;
	snprintf(what, sizeof what, "a vector of %zu runs", cap);
	if ((rc = dsp_job_take((cap - r->cap) * RUN_BYTES, what)) != DSP_OK)
		return rc;
	if ((v = dsp_realloc(r->value, cap * sizeof *v)) == NULL) {
		dsp_job_give((cap - r->cap) * RUN_BYTES);
		return dsp_fail(DSP_ENOMEM, "out of memory growing runs to %zu", cap);
	}
	r->value = v;
	if ((c = dsp_realloc(r->count, cap * sizeof *c)) == NULL) {
		dsp_job_give((cap - r->cap) * RUN_BYTES);
		return dsp_fail(DSP_ENOMEM, "out of memory growing runs to %zu", cap);
	}
	r->count = c;
	r->cap = cap;
	dsp_alloc_huge(r->value, cap * sizeof *v);
	dsp_alloc_huge(r->count, cap * sizeof *c);
	return DSP_OK;
}

int
dsp_runs_push(dsp_runs *r, double value, uint64_t count)
{
	int rc;

	if (count == 0)
		return DSP_OK;
	if (r->len > 0 && r->value[r->len - 1] == value &&
	    r->count[r->len - 1] <= UINT64_MAX - count) {
		r->count[r->len - 1] += count;
		return DSP_OK;
	}
	if ((rc = dsp_runs_reserve(r, r->len + 1)) != DSP_OK)
		return rc;
	r->value[r->len] = value;
	r->count[r->len] = count;
	r->len++;
	return DSP_OK;
}

int
dsp_runs_copy(dsp_runs *dst, const dsp_runs *src)
{
	int rc;

	if ((rc = dsp_runs_reserve(dst, src->len)) != DSP_OK)
		return rc;
	memcpy(dst->value, src->value, src->len * sizeof *src->value);
	memcpy(dst->count, src->count, src->len * sizeof *src->count);
	dst->len = src->len;
	return DSP_OK;
}

uint64_t
dsp_runs_total(const dsp_runs *r)
{
	uint64_t t = 0;
	size_t i;

	for (i = 0; i < r->len; i++) {
		if (t > UINT64_MAX - r->count[i])
			return UINT64_MAX;
		t += r->count[i];
	}
	return t;
}

int
dsp_runs_from_array(dsp_runs *r, const double *x, size_t n)
{
	size_t i;
	int rc;
	char what[64];

	dsp_runs_clear(r);
	/* Say up front what n distinct logits would need. */
	snprintf(what, sizeof what, "%zu logits as runs", n);
	if (n > r->cap && (rc = dsp_job_need((n - r->cap) * RUN_BYTES, what)) != DSP_OK)
		return rc;
	for (i = 0; i < n; i++)
		if ((rc = dsp_runs_push(r, x[i], 1)) != DSP_OK)
			return rc;
	return DSP_OK;
}

int
dsp_runs_expand(const dsp_runs *r, double *out, size_t cap)
{
	size_t i, k = 0;
	uint64_t j;

	if (dsp_runs_total(r) > cap)
		return dsp_fail(DSP_ETOOBIG, "runs expand to more than %zu items", cap);
	for (i = 0; i < r->len; i++)
		for (j = 0; j < r->count[i]; j++)
			out[k++] = r->value[i];
	return DSP_OK;
}

void
dsp_runs_minmax(const dsp_runs *r, double *min, double *max)
{
	double lo = INFINITY, hi = -INFINITY;
	size_t i;

	for (i = 0; i < r->len; i++) {
		if (r->count[i] == 0)
			continue;
		if (r->value[i] < lo)
			lo = r->value[i];
		if (r->value[i] > hi)
			hi = r->value[i];
	}
	*min = lo;
	*max = hi;
}

int
dsp_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}
