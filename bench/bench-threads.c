/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The kernel's 2-thread threshold, measured: dsp_softmax_stats at n = 2^12
 * .. 2^25 with 1 and 2 OpenMP threads, and with the threads the probe
 * offers (core/cpu.h, 2 at most: what disperse does from 2^24), min and
 * median of the repeats (wall ms).  Run it idle and with the other core
 * busy (bench/run.sh does both). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "core/cpu.h"
#include "core/math/eval.h"
#include "core/math/kernel.h"
#include "timing.h"

#define REPS	15

/* threads 0: 2 at most, as many as the probe offers. */
static void
timeit(const double *e, size_t n, int threads, double *mn, double *med)
{
	double t[REPS], t0;
	dsp_stats st;
	int r, inner, k;

#ifdef _OPENMP
	omp_set_num_threads(threads > 0 ? threads : 2);
#endif
	dsp_cpu_set_probe(threads == 0);
	/* Enough calls per sample to last about a millisecond. */
	inner = n >= 1 << 18 ? 1 : (int)((1 << 18) / n);
	for (r = 0; r < REPS; r++) {
		t0 = dsp_now_ms();
		for (k = 0; k < inner; k++)
			dsp_softmax_stats(e, n, 1, &st);
		t[r] = (dsp_now_ms() - t0) / inner;
	}
	qsort(t, REPS, sizeof *t, bench_cmp);
	*mn = t[0];
	*med = t[REPS / 2];
}

int
main(void)
{
	size_t n, i, nmax = (size_t)1 << 25;
	double *e, a, b, c, d, f, g, r2 = 0, rp = 0;
	uint64_t s = 88172645463325252u;

	dsp_kernel_set_par_min(1);
	if ((e = malloc(nmax * sizeof *e)) == NULL)
		return 1;
	for (i = 0; i < nmax; i++) {
		s ^= s << 13;
		s ^= s >> 7;
		s ^= s << 17;
		e[i] = 8 * ((double)(s >> 11) * 0x1p-53) - 4;
	}
	printf("%10s %22s %22s %22s %8s %8s\n", "n", "1 thread min/med ms", "2 threads min/med ms",
	    "probe min/med ms", "2/1 med", "probe/1");
	for (n = (size_t)1 << 12; n <= nmax; n *= 2) {
		timeit(e, n, 1, &a, &b);
		timeit(e, n, 0, &f, &g);
		timeit(e, n, 2, &c, &d);
		printf("%10zu %10.4f %10.4f  %10.4f %10.4f  %10.4f %10.4f %8.2f %8.2f\n", n, a, b,
		    c, d, f, g, d / b, g / b);
		if (n == (size_t)1 << 24)
			r2 = d / b, rp = g / b;
	}
	printf("threads 2^24, median wall: 2 threads / 1 thread %.2f, probe / 1 thread %.2f\n",
	    r2, rp);
	free(e);
	return 0;
}
