/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The (theta, lambda) map of paper Figure 5: a metric of the power-series
 * softmax over a grid, for the current n and delta.  OpenMP across rows. */
#ifndef DSP_MAP_H
#define DSP_MAP_H

#include <stddef.h>

#include "core/schema/params.h"

enum dsp_metric {
	DSP_METRIC_ENTROPY,		/* nats */
	DSP_METRIC_ENTROPY_NORM,	/* H / log n */
	DSP_METRIC_MAX_WEIGHT,
	DSP_METRIC_COUNT
};

typedef struct dsp_map_spec {
	double	theta_lo, theta_hi;	/* columns, linear (may span 0) */
	double	lambda_lo, lambda_hi;	/* rows, linear, row 0 = lambda_lo */
	size_t	cols, rows;
	enum dsp_metric metric;
} dsp_map_spec;

/* Paper Figure 5 ranges: theta in [-2, 2], lambda in [0, 1]. */
void		 dsp_map_spec_default(dsp_map_spec *s, size_t cols, size_t rows);
/* out[r * cols + c]; theta and lambda of each cell are
 * lo + (hi - lo) * i / (count - 1).  Uses p's family (power series
 * recommended), n, delta, attn; overrides theta and lambda per cell. */
int		 dsp_map_compute(const dsp_params *p, const dsp_map_spec *s, double *out);
double		 dsp_map_theta(const dsp_map_spec *s, size_t col);
double		 dsp_map_lambda(const dsp_map_spec *s, size_t row);
const char	*dsp_metric_name(enum dsp_metric m);
int		 dsp_metric_parse(const char *s);

#endif
