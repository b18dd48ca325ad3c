/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Shared by the benchmarks: CPU time in ms, and a qsort comparison of
 * doubles for the min / median of the repeats. */
#ifndef BENCH_TIMING_H
#define BENCH_TIMING_H

#include <time.h>

/* which: CLOCK_THREAD_CPUTIME_ID or CLOCK_PROCESS_CPUTIME_ID.  On the
 * shared machine the wall clock also counts the time other processes hold
 * the core, which moved the ratios by 2x between runs. */
static inline double
bench_cpu_ms(clockid_t which)
{
	struct timespec ts;

	clock_gettime(which, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static inline int
bench_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

#endif
