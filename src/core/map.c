/* The (theta, lambda) map: one dsp_eval per cell, rows in parallel. */
#include <math.h>
#include <strings.h>

#include "core/error.h"
#include "core/eval.h"
#include "core/map.h"

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

int
dsp_map_compute(const dsp_params *p, const dsp_map_spec *s, double *out)
{
	long r;
	int rc = DSP_OK;

	if (s->rows == 0 || s->cols == 0 || (unsigned)s->metric >= DSP_METRIC_COUNT)
		return dsp_fail(DSP_EINVAL, "map needs rows, columns and a known metric");
	if (!isfinite(s->theta_lo) || !isfinite(s->theta_hi) ||
	    !isfinite(s->lambda_lo) || !isfinite(s->lambda_hi))
		return dsp_fail(DSP_EINVAL, "map ranges must be finite");
#pragma omp parallel for schedule(dynamic) reduction(max:rc)
	for (r = 0; r < (long)s->rows; r++) {
		dsp_params q = *p;
		dsp_summary sm;
		size_t c;

		q.lambda = dsp_map_lambda(s, (size_t)r);
		for (c = 0; c < s->cols; c++) {
			q.theta = dsp_map_theta(s, c);
			if (dsp_eval(&q, &sm) != DSP_OK) {
				out[(size_t)r * s->cols + c] = NAN;
				rc = DSP_ERANGE;
				continue;
			}
			out[(size_t)r * s->cols + c] = metric_of(&sm, s->metric);
		}
	}
	if (rc != DSP_OK)
		return dsp_fail(rc, "some map cells could not be evaluated");
	return DSP_OK;
}
