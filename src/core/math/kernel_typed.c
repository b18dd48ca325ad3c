/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Logits in their file's type (dsp_softmax_stats_x) on the paths that
 * read doubles only (the portable ones; AVX-512 converts in registers).
 *
 * A float32 or float16 row is not converted whole: each chunk is converted
 * into a scratch of the thread's (a chunk is 2^15 items up to n = 2^27:
 * 256 KiB, in L2) just before the chunk's pass reads it, so the pass runs
 * on the same doubles in the same order as over a converted row, bit for
 * bit, and the memory is a chunk a thread instead of n doubles. */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "core/alloc.h"
#include "core/error.h"
#include "core/math/kernel.h"
#include "core/math/kernel_int.h"

/* Bits of an IEEE half to double, exactly: shifted into a float's place
 * and scaled by 2^112 (which makes subnormal halves normal floats); the
 * exponent 31 (inf, NaN) set apart.  No branch: the loop vectorises. */
static inline __attribute__((always_inline)) double
half_bits(uint16_t h)
{
	uint32_t u = (uint32_t)(h & 0x7fff) << 13, inf = (h & 0x7c00) == 0x7c00;
	float f;

	u = inf ? u | 0x7f800000u : u;
	memcpy(&f, &u, 4);
	f = inf ? f : f * 0x1p112f;
	return (h & 0x8000) ? -(double)f : (double)f;
}

static void
convert_x(const void *src, int isz, size_t off, size_t len, double *out)
{
	size_t i;

	if (isz == 4) {
		const float *f = (const float *)src + off;

#pragma omp simd
		for (i = 0; i < len; i++)
			out[i] = f[i];
	} else {
		const uint16_t *h = (const uint16_t *)src + off;

#pragma omp simd
		for (i = 0; i < len; i++)
			out[i] = half_bits(h[i]);
	}
}

double
dsp_kernel_typed_item(const void *src, int isz, size_t i)
{
	double d;

	if (isz == 8)
		return ((const double *)src)[i];
	convert_x(src, isz, i, 1, &d);
	return d;
}

const double *
dsp_kernel_typed_chunk(const void *src, int isz, size_t off, size_t len, double *scratch,
    size_t csize)
{
	double *buf;
	int t = 0;

#ifdef _OPENMP
	t = omp_get_thread_num();
#endif
	buf = scratch + (size_t)t * csize;
	convert_x(src, isz, off, len, buf);
	return buf;
}

int
dsp_kernel_typed_scratch(size_t n, size_t csize, int threads, double **out)
{
	size_t nt = threads > 1 ? (size_t)threads : 1;

	if ((*out = dsp_malloc(nt * (csize < n ? csize : n) * sizeof **out)) == NULL)
		return dsp_fail_nomem("the kernel's chunk scratch", nt * csize * sizeof **out);
	return DSP_OK;
}
