/* Floors for bench-kernel (bench/vexp.c). */
#ifndef BENCH_VEXP_H
#define BENCH_VEXP_H

#include <stddef.h>

/* sum exp(x[i]) with glibc's vector exp; *variant names the ISA. */
double	bench_vexp_sum(const double *x, size_t n, const char **variant);
/* sum x[i]: memory bandwidth over the same array. */
double	bench_plain_sum(const double *x, size_t n);

#endif
