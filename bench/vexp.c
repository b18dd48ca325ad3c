/* Anchors for bench-kernel, compiled with -fopenmp-simd (bench only):
 * glibc's vector exp (libmvec) through `#pragma omp declare simd`, the
 * widest variant this CPU has (AVX-512 _ZGVeN8v_exp, AVX2 _ZGVdN4v_exp,
 * else SSE2), and a plain sum: the floors the kernel is measured against. */
#include <stddef.h>

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

double
bench_plain_sum(const double *x, size_t n)
{
	double s = 0;
	size_t i;

#pragma omp simd reduction(+:s)
	for (i = 0; i < n; i++)
		s += x[i];
	return s;
}
