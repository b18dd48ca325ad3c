/* Softmax + entropy + max over n = 2^24 doubles: dsp_softmax_stats against
 * a bare libm exp loop (the floor) and numpy/scipy (time passed in by
 * bench/run.sh, measured on the same binary file).
 *   bench-kernel FILE [SCIPY_MS]   FILE is written when it does not exist. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "core/eval.h"
#include "core/kernel.h"

#define N	((size_t)1 << 24)
#define REPS	5

static double
peak_rss_mib(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return (double)ru.ru_maxrss / 1024;
}

static int
load(const char *path, double *e)
{
	FILE *fp;
	size_t i;
	uint64_t s = 88172645463325252u;

	if ((fp = fopen(path, "rb")) != NULL) {
		i = fread(e, sizeof *e, N, fp);
		fclose(fp);
		return i == N ? 0 : -1;
	}
	/* Logits ~ 8 * U[0, 1) - 4, a typical attention row. */
	for (i = 0; i < N; i++) {
		s ^= s << 13;
		s ^= s >> 7;
		s ^= s << 17;
		e[i] = 8 * ((double)(s >> 11) * 0x1p-53) - 4;
	}
	if ((fp = fopen(path, "wb")) == NULL || fwrite(e, sizeof *e, N, fp) != N)
		return -1;
	return fclose(fp) == 0 ? 0 : -1;
}

int
main(int argc, char **argv)
{
	double *e, t0, best = INFINITY, best1 = INFINITY, floor_ms = INFINITY, s = 0;
	double scipy_ms = argc > 2 ? atof(argv[2]) : 0;
	dsp_stats st;
	size_t i;
	int r, threads = 1;

	if (argc < 2 || (e = malloc(N * sizeof *e)) == NULL || load(argv[1], e) != 0) {
		fprintf(stderr, "usage: bench-kernel FILE [SCIPY_MS] (cannot use file)\n");
		return 1;
	}
	for (r = 0; r < 3; r++) {
		t0 = dsp_now_ms();
		for (i = 0; i < N; i++)
			s += exp(e[i]);
		t0 = dsp_now_ms() - t0;
		floor_ms = t0 < floor_ms ? t0 : floor_ms;
	}
#ifdef _OPENMP
	threads = omp_get_max_threads();
	omp_set_num_threads(1);
	for (r = 0; r < REPS; r++) {
		t0 = dsp_now_ms();
		dsp_softmax_stats(e, N, 1, &st);
		t0 = dsp_now_ms() - t0;
		best1 = t0 < best1 ? t0 : best1;
	}
	omp_set_num_threads(threads);
#endif
	for (r = 0; r < REPS; r++) {
		t0 = dsp_now_ms();
		dsp_softmax_stats(e, N, 1, &st);
		t0 = dsp_now_ms() - t0;
		best = t0 < best ? t0 : best;
	}
	printf("softmax+entropy+max, n = 2^24, kernel %s, %d thread(s)\n",
	    dsp_kernel_variant(), threads);
	printf("  H = %.15g nats, max weight %.6g (checksum %.6g)\n", st.entropy,
	    st.max_weight, s);
	printf("  dsp_softmax_stats          %8.2f ms\n", best);
	if (isfinite(best1))
		printf("  dsp_softmax_stats 1 thread %8.2f ms\n", best1);
	printf("  bare libm exp loop (floor) %8.2f ms\n", floor_ms);
	printf("  ratio kernel / floor       %8.3f   (goal <= 2)\n", best / floor_ms);
	if (isfinite(best1))
		printf("  ratio 1-thread / floor     %8.3f\n", best1 / floor_ms);
	if (scipy_ms > 0)
		printf("  scipy softmax+entropy      %8.2f ms, speed-up %.1fx (goal >= 3)\n",
		    scipy_ms, scipy_ms / best);
	printf("  peak RSS %.1f MiB (array %.1f MiB)\n", peak_rss_mib(),
	    (double)N * sizeof *e / 1048576);
	free(e);
	return 0;
}
