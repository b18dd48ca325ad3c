/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The naive writer's floor for snapshot --input: CPU time of glibc's
 * snprintf("%.17g") over 3 x 2^22 numbers (a logit, its weight and a
 * third, as a snapshot writes each item about three times: the JSON's
 * logit, the weights CSV, the sorted bars), and of dsp_dtoa (core/math/dtoa.h)
 * over the same numbers.  Prints "PRINTF_MS DTOA_MS": the best of 3 rounds,
 * or of the count given as the argument (bench/snapshot.sh runs one at a
 * time, in turn with the snapshot). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/math/dtoa.h"
#include "timing.h"

#define N	((size_t)3 << 22)

int
main(int argc, char **argv)
{
	double *x, t0, tp = 1e300, td = 1e300, t;
	uint64_t s = 88172645463325252u;
	char buf[40];
	size_t i, sum = 0;
	int r, rounds = argc > 1 ? atoi(argv[1]) : 3;

	if ((x = malloc(N * sizeof *x)) == NULL)
		return 1;
	/* Logits 8 U[0, 1) - 4 and weights of 2^22 of them. */
	for (i = 0; i < N; i++) {
		s ^= s << 13;
		s ^= s >> 7;
		s ^= s << 17;
		x[i] = 8 * ((double)(s >> 11) * 0x1p-53) - 4;
		if (i % 3 != 0)
			x[i] = exp(x[i] - 4) / 4194304;
	}
	for (r = 0; r < (rounds > 0 ? rounds : 1); r++) {
		t0 = bench_cpu_ms(CLOCK_PROCESS_CPUTIME_ID);
		for (i = 0; i < N; i++)
			sum += (size_t)snprintf(buf, sizeof buf, "%.17g", x[i]);
		t = bench_cpu_ms(CLOCK_PROCESS_CPUTIME_ID) - t0;
		tp = t < tp ? t : tp;
		t0 = bench_cpu_ms(CLOCK_PROCESS_CPUTIME_ID);
		for (i = 0; i < N; i++)
			sum += (size_t)dsp_dtoa(x[i], buf);
		t = bench_cpu_ms(CLOCK_PROCESS_CPUTIME_ID) - t0;
		td = t < td ? t : td;
	}
	printf("%.1f %.1f\n", tp, td);
	free(x);
	return sum == 0;
}
