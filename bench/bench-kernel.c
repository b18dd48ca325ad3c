/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Softmax statistics over n = 2^24 doubles against floors measured in the
 * same run, the repeats interleaved so that a busy spell of the shared
 * machine falls on all of them alike:
 *   floor read: the same 128 MiB summed with independent vector
 *     accumulators (bench/vexp.c), the least a pass over memory costs;
 *   floor exp: the project's fastest exp over an L1-resident block, as
 *     many items, the least a pass with one exp an item costs;
 * and peers (numpy, scipy, torch: times passed in by bench/run.sh, CPU
 * time on the same binary file) that compute the same six statistics as
 * the explicit route (log Z, H, paper H, max, min, zero count).
 * "kernel" is the first pass (dsp_softmax_stats: log Z, H, max and min
 * weight, logit min and max), bounded by the larger floor; the peers are
 * compared with the whole route (first pass + the paper pass); the same
 * route over the logits as float32 (dsp_softmax_stats_x, read in place)
 * against it, in memory: the file's part of a float32 .npy.  Best (min)
 * of the repeats for the floors and ratios, as the floors are; medians too.
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
#include "core/math/eval.h"
#include "core/math/kernel.h"
#include "vexp.h"
#include "timing.h"

#define N	((size_t)1 << 24)
#define REPS	9
#define L1N	2048		/* 16 KiB: L1 on every x86-64 */
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
row(const char *label, double mn, double md, const char *rest)
{
	printf("  %-42s %8.2f / %8.2f%s", label, mn, md, rest);
}

#define TIME(slot, stmt) do {							\
	t0 = bench_cpu_ms(CLOCK_THREAD_CPUTIME_ID);				\
	stmt;									\
	(slot) = bench_cpu_ms(CLOCK_THREAD_CPUTIME_ID) - t0;			\
} while (0)

int
main(int argc, char **argv)
{
	static const char *const path[] = { "generic", "avx2-fma", "avx512" };
	static const char *const peer[] = { "scipy", "numpy", "torch" };
	static double xl[L1N];
	double *e, t0, s = 0, pe, zeros, fl;
	double tr[REPS], tx[REPS], tk[REPS], tp[REPS], tv[REPS], tn[REPS], t[REPS], tf[REPS];
	double rd, rdm, fx, fxm, k1, k1m, kr, krm, vx, vxm, kn, knm, kf, kfm;
	float *f;
	double pmin[NPATHS], pmed[NPATHS];
	char lab[64];
	const char *vmvec = "?", *vread = "?", *vexp = "?";
	dsp_stats st;
	size_t i;
	int r, p, threads = 1;

	if (argc < 2 || (e = malloc(N * sizeof *e)) == NULL || load(argv[1], e) != 0 ||
	    (f = malloc(N * sizeof *f)) == NULL) {
		fprintf(stderr, "usage: bench-kernel FILE [SCIPY_MS [NUMPY_MS [TORCH_MS]]]\n");
		return 1;
	}
	/* The kernel's arguments: logits minus their max (here 4), in [-8, 0]. */
	for (i = 0; i < L1N; i++)
		xl[i] = e[i] - 4 < -746 ? -746 : e[i] - 4;
	for (i = 0; i < N; i++)
		f[i] = (float)e[i];
#ifdef _OPENMP
	threads = omp_get_max_threads();
	omp_set_num_threads(1);
#endif
	dsp_softmax_stats(e, N, 1, &st);		/* warm-up */
	for (r = 0; r < REPS; r++) {
		TIME(tr[r], s += bench_read_floor(e, N, &vread));
		TIME(tx[r], for (i = 0; i < N; i += L1N)
			s += bench_fastexp_sum(xl, L1N, &vexp));
		TIME(tk[r], dsp_softmax_stats(e, N, 1, &st));
		/* The explicit route's whole work: statistics, then the pass
		 * that needs log z (the paper's entropy and the zero count). */
		TIME(tp[r], dsp_softmax_stats(e, N, 1, &st);
		    dsp_softmax_paper_entropy(e, N, 1, &st, &pe, &zeros));
		TIME(tv[r], for (i = 0; i < N; i += L1N)
			s += bench_vexp_sum(xl, L1N, &vmvec));
		TIME(tf[r], dsp_softmax_stats_x(f, 4, N, 1, &st);
		    dsp_softmax_paper_entropy_x(f, 4, N, 1, &st, &pe, &zeros));
	}
	stats(tr, &rd, &rdm);
	stats(tx, &fx, &fxm);
	stats(tk, &k1, &k1m);
	stats(tp, &kr, &krm);
	stats(tv, &vx, &vxm);
	stats(tf, &kf, &kfm);
	for (p = 0; p < NPATHS; p++) {
		pmin[p] = pmed[p] = 0;
		if (dsp_kernel_force(path[p]) != DSP_OK)
			continue;
		for (r = 0; r < REPS; r++)
			TIME(t[r], dsp_softmax_stats(e, N, 1, &st));
		stats(t, &pmin[p], &pmed[p]);
	}
	dsp_kernel_force(NULL);
#ifdef _OPENMP
	omp_set_num_threads(threads);
#endif
	for (r = 0; r < REPS; r++) {
		t0 = dsp_now_ms();
		dsp_softmax_stats(e, N, 1, &st);
		tn[r] = dsp_now_ms() - t0;
	}
	stats(tn, &kn, &knm);
	fl = rd > fx ? rd : fx;
	printf("softmax statistics, n = 2^24, kernel %s; %d repeats interleaved, min / median ms\n"
	    "(CPU time of the thread, 1 thread; the %d-thread line: wall clock)\n",
	    dsp_kernel_variant(), REPS, threads);
	dsp_softmax_stats(e, N, 1, &st);
	dsp_softmax_paper_entropy(e, N, 1, &st, &pe, &zeros);
	printf("  H = %.15g nats, max weight %.6g, paper H %.15g, zeros %.0f (checksum %.6g)\n",
	    st.entropy, st.max_weight, pe, zeros, s);
	snprintf(lab, sizeof lab, "read 128 MiB (%s)", vread);
	row(lab, rd, rdm, "");
	printf("      %.1f GB/s\n", (double)N * 8 / rd / 1e6);
	snprintf(lab, sizeof lab, "exp, L1-resident (%s)", vexp);
	row(lab, fx, fxm, "\n");
	snprintf(lab, sizeof lab, "exp, L1-resident (%s)", vmvec);
	row(lab, vx, vxm, "   (not a floor)\n");
	row("first pass (dsp_softmax_stats)", k1, k1m, "\n");
	snprintf(lab, sizeof lab, "first pass, %d thread(s), wall", threads);
	row(lab, kn, knm, "\n");
	for (p = 0; p < NPATHS; p++)
		if (pmed[p] > 0) {
			snprintf(lab, sizeof lab, "  path %s", path[p]);
			row(lab, pmin[p], pmed[p], "\n");
		}
	row("+ paper entropy and zero count", kr, krm, "   (the explicit route)\n");
	row("the same route over float32, in place", kf, kfm, "\n");
	printf("floor read 2^24: %.2f ms\n", rd);
	printf("floor exp 2^24: %.2f ms\n", fx);
	printf("kernel 2^24: %.2f ms\n", k1);
	printf("kernel / floor: %.2f\n", k1 / fl);
	printf("kernel+paper 2^24: %.2f ms\n", kr);
	printf("kernel+paper / floor: %.2f\n", kr / fl);
	printf("kernel+paper float32 / float64, in memory: %.2f\n", kf / kr);
	/* CPU time against CPU time, the same six statistics. */
	for (p = 0; p < 3; p++) {
		double ms = argc > 2 + p ? atof(argv[2 + p]) : 0;

		if (ms > 0)
			printf("peer %s / kernel: %.2f\n", peer[p], ms / kr);
		else
			printf("peer %s: not measured (not installed)\n", peer[p]);
	}
	printf("  peak RSS %.1f MiB (array %.1f MiB)\n", peak_rss_mib(),
	    (double)N * sizeof *e / 1048576);
	free(e);
	free(f);
	return 0;
}
