/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the two halves of the Max Retrieval head share (maxret.c: the
 * model, its forward and backward passes and training; maxret_eval.c: the
 * held-out evaluation).  Nothing outside core/train/maxret*.c includes it. */
#ifndef DSP_MAXRET_INT_H
#define DSP_MAXRET_INT_H

#include <stddef.h>

#include "core/train/maxret.h"

/* Pointers to the blocks of a parameter (or gradient) vector. */
struct blocks {
	double	*p[DSP_MAXRET_NBLOCKS];
};

/* Scratch for one set of n items. */
struct work {
	size_t	 n;
	double	*a1, *z;		/* n x d: pre-activation of layer 1, embedding */
	double	*e, *alpha;		/* n */
	double	*y, *a3, *h3, *o;	/* d, d, d, C */
	double	*dy, *da3, *dz, *dh1;	/* d each */
	double	*da;			/* n */
};

void	 maxret_split(const dsp_maxret *m, double *base, struct blocks *b);
size_t	 maxret_argmax(const double *v, size_t n);
void	 maxret_work_free(struct work *w);
int	 maxret_work_alloc(struct work *w, size_t n, size_t d, size_t C);
void	 maxret_embed(const dsp_maxret *m, const struct blocks *P,
    const double *x, const int *cls, size_t n, struct work *w);
size_t	 maxret_readout(const dsp_maxret *m, const struct blocks *P,
    const double *alpha, size_t n, struct work *w);
double	 maxret_margin(const dsp_maxret *m, const struct blocks *P,
    size_t n, size_t top, size_t t, struct work *w);

#endif
