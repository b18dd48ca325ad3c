/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Run-length vectors: (value, multiplicity) pairs in position order.
 *
 * Structured inputs (spike, power series, uniform) are far shorter as runs
 * than as n doubles, which lets the core evaluate n up to 2^60 exactly. */
#ifndef DSP_RUNS_H
#define DSP_RUNS_H

#include <stddef.h>
#include <stdint.h>

typedef struct dsp_runs {
	size_t	  len;
	size_t	  cap;
	double	 *value;
	uint64_t *count;
} dsp_runs;

dsp_runs	*dsp_runs_alloc(size_t cap);
void		 dsp_runs_free(dsp_runs *r);
void		 dsp_runs_clear(dsp_runs *r);
/* Room for need runs at least (grown by doubling, or to need exactly when
 * that is more): a builder that knows its count asks once, so the vector
 * is not up to twice what it holds. */
int		 dsp_runs_reserve(dsp_runs *r, size_t need);
/* Append; merges with the last run when the value is identical. */
int		 dsp_runs_push(dsp_runs *r, double value, uint64_t count);
int		 dsp_runs_copy(dsp_runs *dst, const dsp_runs *src);
/* Total multiplicity (saturates at UINT64_MAX). */
uint64_t	 dsp_runs_total(const dsp_runs *r);
/* Runs from an explicit array (adjacent equal values merge). */
int		 dsp_runs_from_array(dsp_runs *r, const double *x, size_t n);
/* Expand to n doubles; DSP_ETOOBIG if total exceeds cap. */
int		 dsp_runs_expand(const dsp_runs *r, double *out, size_t cap);
void		 dsp_runs_minmax(const dsp_runs *r, double *min, double *max);
/* qsort comparator of doubles, ascending (no NaN). */
int		 dsp_cmp_double(const void *a, const void *b);

#endif
