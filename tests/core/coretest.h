/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Long double references shared by the core tests (header-only, inline so
 * that a test not using one does not trip -Wunused-function). */
#ifndef DSP_CORETEST_H
#define DSP_CORETEST_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "core/schema/params.h"

/* Default parameters with family, n, delta and theta set. */
static inline void
ct_base(dsp_params *p, enum dsp_family f, uint64_t n, double delta, double theta)
{
	dsp_params_default(p);
	p->family = f;
	p->n = n;
	p->delta = delta;
	p->theta = theta;
}

/* softmax_theta(e) in long double with the max/min shift; theta != 0. */
static inline void
ld_softmax(const double *e, size_t n, double theta, long double *w)
{
	long double p = e[0], s = 0;
	size_t i;

	for (i = 1; i < n; i++)
		if (theta > 0 ? e[i] > p : e[i] < p)
			p = e[i];
	for (i = 0; i < n; i++)
		s += w[i] = expl(((long double)e[i] - p) / theta);
	for (i = 0; i < n; i++)
		w[i] /= s;
}

/* -sum w log w in long double. */
static inline long double
ld_entropy(const long double *w, size_t n)
{
	long double h = 0;
	size_t i;

	for (i = 0; i < n; i++)
		if (w[i] > 0)
			h -= w[i] * logl(w[i]);
	return h;
}

#endif
