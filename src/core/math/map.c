/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The (theta, lambda) map: rows in parallel; families other than the power
 * series do not depend on lambda and compute a single row.  Plain softmax over the power
 * series takes a fast path: the terms delta lambda^k go into a per-thread
 * buffer (no allocation per cell) and the fused kernel sums them with the
 * zero tail as one run, exactly the runs that dsp_eval would build.  Every
 * other combination runs dsp_eval per cell. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/math/eval.h"
#include "core/schema/family.h"
#include "core/math/kernel.h"
#include "core/job.h"
#include "core/math/map.h"

/* The power-series runs' cap (family.h). */
#define POWER_MAX_RUNS	((size_t)DSP_POWER_MAX_RUNS)

static const char *metric_names[DSP_METRIC_COUNT] = {
	"entropy", "entropy-norm", "max-weight"
};

const char *
dsp_metric_name(enum dsp_metric m)
{
	return (unsigned)m < DSP_METRIC_COUNT ? metric_names[m] : "?";
}

int
dsp_metric_parse(const char *s)
{
	int i;

	for (i = 0; s != NULL && i < DSP_METRIC_COUNT; i++)
		if (strcasecmp(s, metric_names[i]) == 0)
			return i;
	return -1;
}

void
dsp_map_spec_default(dsp_map_spec *s, size_t cols, size_t rows)
{
	s->theta_lo = -2;
	s->theta_hi = 2;
	s->lambda_lo = 0;
	s->lambda_hi = 1;
	s->cols = cols;
	s->rows = rows;
	s->metric = DSP_METRIC_ENTROPY;
}

static double
lerp(double lo, double hi, size_t i, size_t count)
{
	return count > 1 ? lo + (hi - lo) * (double)i / (double)(count - 1) : lo;
}

double
dsp_map_theta(const dsp_map_spec *s, size_t col)
{
	return lerp(s->theta_lo, s->theta_hi, col, s->cols);
}

double
dsp_map_lambda(const dsp_map_spec *s, size_t row)
{
	return lerp(s->lambda_lo, s->lambda_hi, row, s->rows);
}

#define NOMEM_DETAIL	256

static double
metric_of(const dsp_summary *sm, enum dsp_metric m)
{
	switch (m) {
	case DSP_METRIC_ENTROPY_NORM:
		return sm->entropy_norm;
	case DSP_METRIC_MAX_WEIGHT:
		return sm->max_weight;
	default:
		return sm->entropy;
	}
}

static int
imax(int a, int b)
{
	return a > b ? a : b;
}

static int
fast_applies(const dsp_params *q)
{
	/* Near |lambda| = 1 dsp_eval's closed form is the cheaper route (and
	 * the report's figures). */
	return q->family == DSP_FAM_POWER && q->attn == DSP_ATTN_SOFTMAX &&
	    !q->adaptive && q->precision == DSP_PREC_DOUBLE && q->theta != 0 &&
	    fabs(q->lambda) <= 1 && q->n >= 1 && dsp_params_check(q) == DSP_OK &&
	    !dsp_eval_is_closed(q);
}

/* The kernel could not sum a cell's tail: out of memory (or a cancel)
 * fails the cell; anything else sends it to dsp_eval. */
static int
tail_failed(int rc)
{
	return rc == DSP_ENOMEM || rc == DSP_ECANCELED ? rc : DSP_ENOTSUP;
}

/* Metric of one power-series cell: DSP_OK; DSP_ENOMEM when its buffer
 * could not grow (a failure of the map, never a cell computed another way);
 * DSP_ENOTSUP when the caller must fall back to dsp_eval (series too
 * long, tail not summable). */
static int
fast_cell(const dsp_params *q, enum dsp_metric m, double **buf, size_t *cap,
    double *val)
{
	double t, *nb;
	dsp_power_iter it;
	uint64_t k = 0;
	size_t ncap;
	dsp_stats st;
	int rc;

	if (q->lambda == 1) {
		if ((rc = dsp_softmax_stats_tail(NULL, 0, q->delta, q->n, q->theta,
		    &st)) != DSP_OK)
			return tail_failed(rc);
	} else {
		/* The runs' terms and cut (theta != 0 here: |theta| 2^-60). */
		dsp_power_begin(&it, q, dsp_power_tol(q));
		while (dsp_power_next(&it, &t)) {
			k = it.k - 1;
			if (k >= POWER_MAX_RUNS)
				return DSP_ENOTSUP;
			if (k == *cap) {
				/* The capacity changes only once the block has. */
				ncap = *cap ? *cap * 2 : 256;
				if ((nb = dsp_realloc(*buf, ncap * sizeof *nb)) == NULL)
					return dsp_fail_nomem("a map cell's logits",
					    ncap * sizeof *nb);
				*buf = nb;
				*cap = ncap;
			}
			(*buf)[k] = t;
		}
		k = it.k;
		if ((rc = dsp_softmax_stats_tail(*buf, (size_t)k, 0, q->n - k, q->theta,
		    &st)) != DSP_OK)
			return tail_failed(rc);
	}
	switch (m) {
	case DSP_METRIC_ENTROPY_NORM:
		*val = q->n > 1 ? st.entropy / log((double)q->n) : 0;
		break;
	case DSP_METRIC_MAX_WEIGHT:
		*val = st.max_weight;
		break;
	default:
		*val = st.entropy;
		break;
	}
	return DSP_OK;
}

/* Metric of the cell (row r's lambda, column c's theta) into *v; x: the
 * family's logits when they are shared across cells, else NULL. */
static int
map_cell(const dsp_params *p, const dsp_map_spec *s, size_t r, size_t c,
    const double *x, double **buf, size_t *cap, double *v)
{
	dsp_params q = *p;
	dsp_summary sm;
	int rc;

	q.lambda = dsp_map_lambda(s, r);
	q.theta = dsp_map_theta(s, c);
	if (fast_applies(&q) && (rc = fast_cell(&q, s->metric, buf, cap, v)) != DSP_ENOTSUP) {
		if (rc != DSP_OK)
			*v = NAN;
		return rc;
	}
	if ((rc = x ? dsp_eval_logits(&q, x, &sm) : dsp_eval(&q, &sm)) != DSP_OK) {
		*v = NAN;
		/* Out of memory fails the map; any other failure is this
		 * cell's ('?' in the grid). */
		return rc == DSP_ENOMEM ? DSP_ENOMEM : DSP_ERANGE;
	}
	*v = metric_of(&sm, s->metric);
	return DSP_OK;
}

/* Fold a cell's status into the loop's rc (the largest code), keeping an
 * out-of-memory detail: cells run on OpenMP threads and the detail message
 * is per thread, so the first one is copied for the calling thread. */
static void
cell_done(int cell, int *rc, char *nomem)
{
	if (cell == DSP_ENOMEM) {
#pragma omp critical(dsp_map_nomem)
		if (nomem[0] == '\0')
			snprintf(nomem, NOMEM_DETAIL, "%s", *dsp_last_error() ?
			    dsp_last_error() : dsp_strerror(DSP_ENOMEM));
	}
	*rc = imax(*rc, cell);
}

/* Only the power series depends on lambda: every other family has one row,
 * computed once (its columns in parallel) and copied; its logits (random
 * draws, a ramp, a file) are generated once for all temperatures. */
static int
map_one_row(const dsp_params *p, const dsp_map_spec *s, dsp_job *job, double *out,
    char *nomem)
{
	double *x = NULL;
	size_t r;
	long c;
	int rc = DSP_OK;

	if (dsp_eval_is_explicit(p) && p->family != DSP_FAM_FILE &&
	    (rc = dsp_family_alloc(p, &x)) != DSP_OK)
		return rc;
#pragma omp parallel for schedule(dynamic) reduction(max:rc)
	for (c = 0; c < (long)s->cols; c++) {
		double *buf = NULL;
		size_t cap = 0;

		/* Columns run on OpenMP threads: the job is the caller's. */
		if (dsp_job_stopped(job)) {
			out[c] = NAN;
			rc = DSP_ECANCELED;
			continue;
		}
		cell_done(map_cell(p, s, 0, (size_t)c, x, &buf, &cap, &out[c]), &rc,
		    nomem);
		free(buf);
		dsp_job_advance(job, s->rows);
	}
	free(x);
	for (r = 1; r < s->rows; r++)
		memcpy(out + r * s->cols, out, s->cols * sizeof *out);
	return rc;
}

int
dsp_map_compute(const dsp_params *p, const dsp_map_spec *s, double *out)
{
	dsp_job *job = dsp_job_current();
	char nomem[NOMEM_DETAIL] = "";
	long r;
	int rc = DSP_OK;

	if (s->rows == 0 || s->cols == 0 || (unsigned)s->metric >= DSP_METRIC_COUNT)
		return dsp_fail(DSP_EINVAL, "map needs rows, columns and a known metric");
	if (!isfinite(s->theta_lo) || !isfinite(s->theta_hi) ||
	    !isfinite(s->lambda_lo) || !isfinite(s->lambda_hi))
		return dsp_fail(DSP_EINVAL, "map ranges must be finite");
	if (p->family != DSP_FAM_POWER)
		rc = map_one_row(p, s, job, out, nomem);
	else {
#pragma omp parallel for schedule(dynamic) reduction(max:rc)
		for (r = 0; r < (long)s->rows; r++) {
			double *buf = NULL;
			size_t c, cap = 0;

			for (c = 0; c < s->cols; c++) {
				/* Rows run on OpenMP threads: the job is the caller's. */
				if (dsp_job_stopped(job)) {
					out[(size_t)r * s->cols + c] = NAN;
					rc = DSP_ECANCELED;
					continue;
				}
				cell_done(map_cell(p, s, (size_t)r, c, NULL, &buf, &cap,
				    &out[(size_t)r * s->cols + c]), &rc, nomem);
			}
			dsp_job_advance(job, s->cols);
			free(buf);
		}
	}
	if (dsp_job_stopped(job))
		rc = DSP_ECANCELED;
	if (rc == DSP_ECANCELED)
		return dsp_fail(rc, "cancelled");
	/* A cell that could not be allocated fails the map: no other value
	 * stands for it. */
	if (nomem[0] != '\0')
		return dsp_fail(DSP_ENOMEM, "%s", nomem);
	if (rc != DSP_OK)
		return dsp_fail(rc, "some map cells could not be evaluated");
	return DSP_OK;
}
