/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the TUI's compute files share (compute.c: summary, weights, map;
 * compute_curve.c: the curves over n and a file's figures against theta):
 * the cache of finished figures and the key each is stored under. */
#ifndef DSP_APP_COMPUTE_INT_H
#define DSP_APP_COMPUTE_INT_H

#include "core/math/runs.h"
#include "core/schema/pkey.h"
#include "view/view.h"

/* Sorting more runs than this costs more than a frame: use bins.  (A
 * drawing choice, not a route: the route policy is core/schema/view.h's.) */
#define SORT_MAX		65536
#define FINE_BINS		4096
#define SERIES_CACHE		32

struct run {
	double		v;
	uint64_t	c;
};

struct key {
	dsp_pkey	p;		/* every parameter row and input (pkey.h) */
	unsigned	mask;
	int		compare, metric, extra;
	size_t		a, b;
	double		d[4];
	dsp_pkey	pins[DSP_VIEW_PINS_MAX];
	struct view_rows rows;		/* a file view's other heads */
};

struct compute_cache {
	dsp_runs	*w;
	int		 w_ok;
	struct key	 sum_key, hist_key, curve_key, map_key;
	int		 sum_valid, hist_valid, curve_valid, map_valid;
	struct series_slot {
		struct key		 key;
		int			 valid;
		unsigned		 age;
		struct view_series	 s;
	} slot[SERIES_CACHE];
	unsigned	 clock;
	struct run	*sorted;
	size_t		 sorted_cap;
	dsp_summary	*curve_buf;
	struct view_series other;	/* an other head's resample curve */
};

/* What a figure computes from: the parameter set's key generated from the
 * parameter table (core/schema/pkey.h: every row, the input's and the
 * model's identity); the view's own settings are added by each figure. */
void	compute_key_init(struct key *k, const dsp_params *p);

#endif
