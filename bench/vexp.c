/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Floors for bench-kernel, compiled with -fopenmp-simd (bench only):
 *   - the memory read floor: a sum of the array with many independent
 *     accumulators (8 AVX-512 vectors where the CPU has them), so that
 *     the loads, not the latency of one addition chain, set the pace;
 *   - the compute floor: the project's fastest exp (fastexp512.h's
 *     AVX-512 exp, else fastexp.h's portable one), summed over an
 *     L1-resident block, 4 independent accumulators;
 *   - glibc's vector exp (libmvec) through `#pragma omp declare simd`, a
 *     slower, more accurate exp: shown for reference, not a floor. */
#include <stddef.h>

#include "core/math/fastexp.h"
#include "core/math/fastexp512.h"
#include "vexp.h"

#pragma omp declare simd notinbranch
double	exp(double);

#if defined(__GNUC__) && defined(__x86_64__)
__attribute__((target("avx512f"))) static double
vexp_512(const double *x, size_t n)
{
	double s = 0;
	size_t i;

#pragma omp simd reduction(+:s)
	for (i = 0; i < n; i++)
		s += exp(x[i]);
	return s;
}

__attribute__((target("avx2"))) static double
vexp_256(const double *x, size_t n)
{
	double s = 0;
	size_t i;

#pragma omp simd reduction(+:s)
	for (i = 0; i < n; i++)
		s += exp(x[i]);
	return s;
}
#endif

static double
vexp_128(const double *x, size_t n)
{
	double s = 0;
	size_t i;

#pragma omp simd reduction(+:s)
	for (i = 0; i < n; i++)
		s += exp(x[i]);
	return s;
}

double
bench_vexp_sum(const double *x, size_t n, const char **variant)
{
#if defined(__GNUC__) && defined(__x86_64__)
	if (__builtin_cpu_supports("avx512f")) {
		*variant = "libmvec AVX-512";
		return vexp_512(x, n);
	}
	if (__builtin_cpu_supports("avx2")) {
		*variant = "libmvec AVX2";
		return vexp_256(x, n);
	}
#endif
	*variant = "libmvec SSE2";
	return vexp_128(x, n);
}

#ifdef DSP_HAVE_FE512
/* 8 vectors of 8 doubles in flight: 64 independent additions. */
static DSP_FE512 double
read_512(const double *x, size_t n)
{
	__m512d a[8];
	size_t i;
	int j;
	double s;

	for (j = 0; j < 8; j++)
		a[j] = _mm512_setzero_pd();
	for (i = 0; i + 64 <= n; i += 64)
		for (j = 0; j < 8; j++)
			a[j] = _mm512_add_pd(a[j], _mm512_loadu_pd(x + i + 8 * j));
	for (j = 1; j < 8; j++)
		a[0] = _mm512_add_pd(a[0], a[j]);
	s = _mm512_reduce_add_pd(a[0]);
	for (; i < n; i++)
		s += x[i];
	return s;
}

/* x in [-746, 0]: the clamp is the caller's, as in the kernel. */
static DSP_FE512 double
fexp_512(const double *x, size_t n)
{
	__m512d a0 = _mm512_setzero_pd(), a1 = a0, a2 = a0, a3 = a0;
	size_t i;
	double s;

	for (i = 0; i + 32 <= n; i += 32) {
		a0 = _mm512_add_pd(a0, dsp_fe512_exp_clamped(_mm512_loadu_pd(x + i)));
		a1 = _mm512_add_pd(a1, dsp_fe512_exp_clamped(_mm512_loadu_pd(x + i + 8)));
		a2 = _mm512_add_pd(a2, dsp_fe512_exp_clamped(_mm512_loadu_pd(x + i + 16)));
		a3 = _mm512_add_pd(a3, dsp_fe512_exp_clamped(_mm512_loadu_pd(x + i + 24)));
	}
	s = _mm512_reduce_add_pd(_mm512_add_pd(_mm512_add_pd(a0, a1), _mm512_add_pd(a2, a3)));
	for (; i < n; i++)
		s += dsp_fastexp_neg(x[i]);
	return s;
}
#endif

double
bench_read_floor(const double *x, size_t n, const char **variant)
{
	double a[8] = { 0 }, s = 0;
	size_t i;
	int j;

#ifdef DSP_HAVE_FE512
	if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq")) {
		*variant = "AVX-512, 8 accumulators";
		return read_512(x, n);
	}
#endif
	*variant = "8 accumulators";
	for (i = 0; i + 8 <= n; i += 8)
		for (j = 0; j < 8; j++)
			a[j] += x[i + j];
	for (; i < n; i++)
		s += x[i];
	for (j = 0; j < 8; j++)
		s += a[j];
	return s;
}

double
bench_fastexp_sum(const double *x, size_t n, const char **variant)
{
	double s = 0;
	size_t i;

#ifdef DSP_HAVE_FE512
	if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq")) {
		*variant = "fastexp512.h";
		return fexp_512(x, n);
	}
#endif
	*variant = "fastexp.h";
#pragma omp simd reduction(+:s)
	for (i = 0; i < n; i++)
		s += dsp_fastexp_neg(x[i]);
	return s;
}
