/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Floors for bench-kernel (bench/vexp.c). */
#ifndef BENCH_VEXP_H
#define BENCH_VEXP_H

#include <stddef.h>

/* sum exp(x[i]) with glibc's vector exp; *variant names the ISA. */
double	bench_vexp_sum(const double *x, size_t n, const char **variant);
/* sum x[i] with independent vector accumulators: the memory read floor. */
double	bench_read_floor(const double *x, size_t n, const char **variant);
/* sum exp(x[i]), x in [-746, 0], with the project's fastest exp: the
 * compute floor of a pass that takes one exp an item. */
double	bench_fastexp_sum(const double *x, size_t n, const char **variant);

#endif
