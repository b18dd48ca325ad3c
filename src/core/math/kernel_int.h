/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the kernel's files share (core/math/kernel*.c only): a chunk's
 * partial sums, the temperature's scale, the second pass's counts, and the
 * entry points of the code path this CPU takes.  kernel.c computes one
 * chunk; kernel_pass.c cuts an array into chunks and merges them in index
 * order; kernel_typed.c hands a chunk of a float32 or float16 row over as
 * doubles to the paths that read no other type. */
#ifndef DSP_KERNEL_INT_H
#define DSP_KERNEL_INT_H

#include <math.h>
#include <stddef.h>

#define BLOCK		512			/* 4 KiB of logits */

/* Sums of one stretch of items relative to its own pivot. */
struct part {
	double	piv;		/* extreme logit in the direction of theta */
	double	c0;		/* items with x == 0 */
	double	zr;		/* sum of the other exp(x) */
	double	wx;		/* sum exp(x) x */
	double	lo, hi;
	int	bad;		/* a non-finite logit was seen */
	int	empty;
};

/* x = (e - pivot) * pre * inv with pre * inv = 1/theta; pre = 2^+-600 keeps
 * inv finite and normal for subnormal or huge temperatures. */
struct scale {
	double	pre, inv;
};

/* Weights exp(y) underflow to 0 below log(2^-1075) = -745.13...: surely
 * for y < -745.2, never for y >= -745 (exp(-745) = 4.9e-324 rounds to the
 * smallest subnormal).  The pass counts the first and the items in
 * between (the band); libm decides the band afterwards, item by item. */
#define ZERO_SURE	(-745.2)
#define NONZERO_SURE	(-745.0)

/* The second pass, given log z: the paper's -sum q log(q + 1e-9),
 * q = exp(x - logz), and the zero-weight counts. */
struct paper {
	double	h;
	double	zero;		/* items with y < ZERO_SURE */
	double	band;		/* items with ZERO_SURE <= y < NONZERO_SURE */
};

/* A chunk's pass over n logits of the width the function was taken for. */
typedef void (*chunk_fn)(const void *, size_t, const struct scale *, struct part *);
typedef void (*paper_fn)(const void *, size_t, double, const struct scale *, double,
    struct paper *);

/* x = (e - pivot) * pre * inv: pre * inv = 1/theta. */
static inline void
dsp_kernel_scale(struct scale *s, double theta)
{
	s->pre = 1;
	if (fabs(theta) < 0x1p-900)
		s->pre = 0x1p600;
	else if (fabs(theta) > 0x1p900)
		s->pre = 0x1p-600;
	s->inv = 1 / (theta * s->pre);
}

/* The chunk passes of the path this CPU takes (or the tests force) over
 * logits of isz bytes (8, 4 float, 2 half) in place; NULL where the path
 * reads doubles only (the portable ones: the pass converts each chunk). */
chunk_fn dsp_kernel_chunk_fn(int isz);
paper_fn dsp_kernel_paper_fn(int isz);
/* Move the sums of pt to a pivot d = (old - new) / theta <= 0 below. */
void	dsp_kernel_rescale(struct part *pt, double d);

/* A float32 (isz 4) or float16 (2) row's chunk [off, off + len) as
 * doubles, converted into this thread's csize doubles of scratch. */
const double *dsp_kernel_typed_chunk(const void *src, int isz, size_t off, size_t len,
	    double *scratch, size_t csize);
/* Item i of a typed row as a double. */
double	dsp_kernel_typed_item(const void *src, int isz, size_t i);
/* Scratch for a converting pass: csize doubles (at most n) for each of the
 * pass's threads. */
int	dsp_kernel_typed_scratch(size_t n, size_t csize, int threads, double **out);

#endif
