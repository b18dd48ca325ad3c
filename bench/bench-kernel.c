/* Softmax + entropy + max over n = 2^24 doubles: dsp_softmax_stats against
 * floors measured in the same run -- memory bandwidth (a plain sum of the
 * same array) and vector-exp throughput (glibc's libmvec exp over an
 * L1-resident block, as many items) -- and numpy, scipy and torch (times
 * passed in by bench/run.sh, measured on the same binary file).  Min and
 * median of the repeats; ratios use the medians.
 *   bench-kernel FILE [SCIPY_MS [NUMPY_MS [TORCH_MS]]]   (0: not measured)
 * FILE is written when it does not exist. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "core/error.h"
#include "core/eval.h"
#include "core/kernel.h"
#include "vexp.h"
#include "timing.h"

#define N	((size_t)1 << 24)
#define REPS	9
#define L1N	4096
#define NPATHS	3

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

/* Fills mn and md (ms) from REPS samples. */
static void
stats(double *t, double *mn, double *md)
{
	qsort(t, REPS, sizeof *t, bench_cmp);
	*mn = t[0];
	*md = t[REPS / 2];
}

static void
anchor(const char *what, double ms, double kernel_md, const char *goal)
{
	if (ms > 0)
		printf("  %-34s %8.2f ms   kernel %.2fx faster   %s\n", what, ms,
		    ms / kernel_md, goal);
	else
		printf("  %-34s not measured (see above)   %s\n", what, goal);
}

int
main(int argc, char **argv)
{
	static const char *const path[] = { "generic", "avx2-fma", "avx512" };
	double *e, t[REPS], t0, s = 0, k1, k1m, kn, knm, bw, bwm, vx, vxm, kr, krm, pe, zeros;
	double pmin[NPATHS], pmed[NPATHS];
	double scipy_ms = argc > 2 ? atof(argv[2]) : 0;
	double numpy_ms = argc > 3 ? atof(argv[3]) : 0;
	double torch_ms = argc > 4 ? atof(argv[4]) : 0;
	const char *variant = "?";
	dsp_stats st;
	size_t i;
	int r, p, threads = 1;

	if (argc < 2 || (e = malloc(N * sizeof *e)) == NULL || load(argv[1], e) != 0) {
		fprintf(stderr, "usage: bench-kernel FILE [SCIPY_MS [NUMPY_MS [TORCH_MS]]]\n");
		return 1;
	}
	for (r = 0; r < REPS; r++) {
		t0 = bench_cpu_ms(CLOCK_THREAD_CPUTIME_ID);
		s += bench_plain_sum(e, N);
		t[r] = bench_cpu_ms(CLOCK_THREAD_CPUTIME_ID) - t0;
	}
	stats(t, &bw, &bwm);
	for (r = 0; r < REPS; r++) {
		t0 = bench_cpu_ms(CLOCK_THREAD_CPUTIME_ID);
		for (i = 0; i < N; i += L1N)
			s += bench_vexp_sum(e + (i & ((size_t)L1N * 4 - 1)), L1N, &variant);
		t[r] = bench_cpu_ms(CLOCK_THREAD_CPUTIME_ID) - t0;
	}
	stats(t, &vx, &vxm);
#ifdef _OPENMP
	threads = omp_get_max_threads();
	omp_set_num_threads(1);
#endif
	dsp_softmax_stats(e, N, 1, &st);		/* warm-up */
	for (r = 0; r < REPS; r++) {
		t0 = bench_cpu_ms(CLOCK_THREAD_CPUTIME_ID);
		dsp_softmax_stats(e, N, 1, &st);
		t[r] = bench_cpu_ms(CLOCK_THREAD_CPUTIME_ID) - t0;
	}
	stats(t, &k1, &k1m);
	/* The explicit route's whole work: statistics, then the pass that
	 * needs log z (the paper's entropy and the zero-weight count). */
	for (r = 0; r < REPS; r++) {
		t0 = bench_cpu_ms(CLOCK_THREAD_CPUTIME_ID);
		dsp_softmax_stats(e, N, 1, &st);
		dsp_softmax_paper_entropy(e, N, 1, &st, &pe, &zeros);
		t[r] = bench_cpu_ms(CLOCK_THREAD_CPUTIME_ID) - t0;
	}
	stats(t, &kr, &krm);
	for (p = 0; p < NPATHS; p++) {
		pmin[p] = pmed[p] = 0;
		if (dsp_kernel_force(path[p]) != DSP_OK)
			continue;
		for (r = 0; r < REPS; r++) {
			t0 = bench_cpu_ms(CLOCK_THREAD_CPUTIME_ID);
			dsp_softmax_stats(e, N, 1, &st);
			t[r] = bench_cpu_ms(CLOCK_THREAD_CPUTIME_ID) - t0;
		}
		stats(t, &pmin[p], &pmed[p]);
	}
	dsp_kernel_force(NULL);
#ifdef _OPENMP
	omp_set_num_threads(threads);
#endif
	for (r = 0; r < REPS; r++) {
		t0 = dsp_now_ms();
		dsp_softmax_stats(e, N, 1, &st);
		t[r] = dsp_now_ms() - t0;
	}
	stats(t, &kn, &knm);
	printf("softmax+entropy+max, n = 2^24, kernel %s; %d repeats, min / median ms\n"
	    "(CPU time of the thread; the 2-thread line: wall clock)\n",
	    dsp_kernel_variant(), REPS);
	printf("  H = %.15g nats, max weight %.6g (checksum %.6g)\n", st.entropy,
	    st.max_weight, s);
	printf("  dsp_softmax_stats, 1 thread     %8.2f / %8.2f\n", k1, k1m);
	printf("  dsp_softmax_stats, %d thread(s)  %8.2f / %8.2f\n", threads, kn, knm);
	for (p = 0; p < NPATHS; p++)
		if (pmed[p] > 0)
			printf("    path %-9s 1 thread     %8.2f / %8.2f\n", path[p], pmin[p],
			    pmed[p]);
	printf("  + paper entropy and zero count  %8.2f / %8.2f   (1 thread; the explicit route)\n",
	    kr, krm);
	printf("  plain sum (memory bandwidth)    %8.2f / %8.2f   %.2f GB/s\n", bw, bwm,
	    (double)N * 8 / bwm / 1e6);
	printf("  vector exp, %-19s %8.2f / %8.2f   (L1-resident, 2^24 items)\n",
	    variant, vx, vxm);
	printf("  ratio kernel(1 thread) / vector exp %6.2f   goal <= 1.5\n", k1m / vxm);
	printf("  ratio kernel(1 thread) / bandwidth  %6.2f   goal <= 2\n", k1m / bwm);
	/* One pass over memory cannot beat the slower of its two floors: when
	 * the plain sum is slower than the vector exp, the first ratio is
	 * bounded below by bandwidth / vector exp, not by the kernel. */
	printf("  ratio kernel(1 thread) / the slower floor %6.2f   (bandwidth / vector exp %.2f)\n",
	    k1m / (bwm > vxm ? bwm : vxm), bwm / vxm);
	/* CPU time against CPU time: the anchors run on one core too. */
	anchor("numpy (max shift, exp, log Z - sum p x)", numpy_ms, k1m, "goal >= 4x");
	anchor("scipy softmax + entropy", scipy_ms, k1m, "goal >= 20x");
	anchor("torch softmax + entropy", torch_ms, k1m, "(anchor)");
	printf("  peak RSS %.1f MiB (array %.1f MiB)\n", peak_rss_mib(),
	    (double)N * sizeof *e / 1048576);
	free(e);
	return 0;
}
