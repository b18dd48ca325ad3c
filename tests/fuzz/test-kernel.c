/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dsp_softmax_stats: accuracy against a long double reference on 2^20
 * random logits, independence from the thread count and the SIMD path,
 * edge cases (negative theta, one-hot, huge, subnormal, non-finite). */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "core/cpu.h"
#include "core/error.h"
#include "core/math/kernel.h"
#include "core/math/softmax.h"
#include "tap.h"

#define N	((size_t)1 << 20)

static uint64_t rng = 0x2545f4914f6cdd1du;

static double
uniform(void)
{
	return (double)(tap_xorshift(&rng) >> 11) * 0x1p-53;
}

/* Reference with long double and libm's expl/logl, pairwise-free but in
 * 64-bit mantissa arithmetic (error ~ n 2^-64 < 1e-13 relative). */
static void
reference(const double *e, size_t n, double theta, long double *logz, long double *h,
    long double *maxw)
{
	long double p = e[0], c0 = 0, zr = 0, wx = 0, x, t;
	size_t i;

	for (i = 1; i < n; i++)
		if (theta > 0 ? e[i] > p : e[i] < p)
			p = e[i];
	/* Z - 1 kept apart so that log Z is accurate for near one-hot inputs. */
	for (i = 0; i < n; i++) {
		x = ((long double)e[i] - p) / theta;
		t = expl(x);
		if (x == 0)
			c0 += 1;
		else
			zr += t;
		wx += t * x;
	}
	*logz = p / theta + log1pl(c0 - 1 + zr);
	*h = log1pl(c0 - 1 + zr) - wx / (c0 + zr);
	*maxw = 1 / (c0 + zr);
}

static double
rel(double got, long double want)
{
	return want == 0 ? fabs(got) : (double)fabsl((got - want) / want);
}

static void
accuracy(const char *what, const double *e, size_t n, double theta)
{
	long double lz, h, mw;
	dsp_stats st;
	double r1, r2, r3;
	int rc;

	reference(e, n, theta, &lz, &h, &mw);
	rc = dsp_softmax_stats(e, n, theta, &st);
	r1 = rel(st.entropy, h);
	r2 = rel(st.logz, lz);
	r3 = rel(st.max_weight, mw);
	ok(rc == DSP_OK && r1 < 1e-12 && r2 < 1e-12 && r3 < 1e-12,
	    "%s, theta %g: H %.6f rel err %.2g, log Z rel err %.2g, max w rel err %.2g",
	    what, theta, (double)h, r1, r2, r3);
}

static int
same_stats(const dsp_stats *a, const dsp_stats *b, double tol)
{
	return fabs(a->entropy - b->entropy) <= tol * fabs(b->entropy) &&
	    fabs(a->logz - b->logz) <= tol * fabs(b->logz) &&
	    fabs(a->max_weight - b->max_weight) <= tol * b->max_weight &&
	    a->emin == b->emin && a->emax == b->emax;
}

int
main(void)
{
	static const double thetas[] = { 1, 0.05, -0.5, 7 };
	dsp_stats st, st1, st2;
	double *e, x[8], h;
	size_t i, k;
	int rc, same = 1;

	/* Threads as asked, whatever else the machine runs. */
	dsp_cpu_set_probe(0);
	if ((e = malloc(N * sizeof *e)) == NULL)
		return 1;
	diag("kernel variant: %s", dsp_kernel_variant());
	for (i = 0; i < N; i++)
		e[i] = 10 * uniform();
	for (k = 0; k < sizeof thetas / sizeof thetas[0]; k++)
		accuracy("2^20 uniform [0, 10]", e, N, thetas[k]);
	for (i = 0; i < N; i++)
		e[i] = sqrt(-2 * log(1 - uniform())) * cos(2 * M_PI * uniform()) * 3;
	accuracy("2^20 Gaussian sigma 3", e, N, 1);
	accuracy("2^20 Gaussian sigma 3", e, N, -0.2);
	/* One sharp item: the log1p form keeps H's relative accuracy. */
	for (i = 0; i < N; i++)
		e[i] = uniform();
	e[12345] = 40;
	accuracy("2^20 near one-hot", e, N, 1);
	accuracy("2^20 near one-hot", e, N, 2);
	for (i = 0; i < 1000; i++)
		e[i] = 5 * uniform();
	accuracy("1000 items (single chunk, no threads)", e, 1000, 0.3);

	/* Thread count and SIMD path must not change the answer. */
	for (i = 0; i < N; i++)
		e[i] = 10 * uniform() - 5 * (i % 7 == 0);
#ifdef _OPENMP
	omp_set_num_threads(1);
#endif
	dsp_softmax_stats(e, N, 0.7, &st1);
#ifdef _OPENMP
	/* Threads from 2^20 items on (the built-in threshold is higher). */
	dsp_kernel_set_par_min(N);
	for (k = 2; k <= 5; k++) {
		omp_set_num_threads((int)k);
		dsp_softmax_stats(e, N, 0.7, &st);
		same = same && same_stats(&st, &st1, 1e-12) && st.entropy == st1.entropy &&
		    st.logz == st1.logz && st.max_weight == st1.max_weight;
	}
	dsp_kernel_set_par_min(0);
	omp_set_num_threads(2);
#endif
	ok(same, "1..5 threads agree bitwise (H = %.15g)", st1.entropy);
	/* Every path this CPU has: the same figures within 1e-12 (they
	 * round differently), and bitwise the same for 1 and 2 threads. */
	{
		static const char *const path[] = { "generic", "avx2-fma", "avx512" };
		double pe1, pe2;

		dsp_softmax_paper_entropy(e, N, 0.7, &st1, &pe1, NULL);
		for (k = 0; k < 3; k++) {
			if (dsp_kernel_force(path[k]) != DSP_OK) {
				ok(1, "# SKIP kernel path %s: not on this CPU", path[k]);
				continue;
			}
#ifdef _OPENMP
			dsp_kernel_set_par_min(N);
			omp_set_num_threads(1);
			dsp_softmax_stats(e, N, 0.7, &st);
			omp_set_num_threads(2);
#endif
			dsp_softmax_stats(e, N, 0.7, &st2);
			dsp_kernel_set_par_min(0);
			dsp_softmax_paper_entropy(e, N, 0.7, &st2, &pe2, NULL);
			ok(same_stats(&st2, &st1, 1e-12) && fabs(pe2 - pe1) <= 1e-12 * pe1 &&
			    st.entropy == st2.entropy && st.logz == st2.logz,
			    "%s path: within 1e-12 of the default path (H %.17g vs %.17g, paper H %.17g vs %.17g), 1 and 2 threads bitwise",
			    path[k], st2.entropy, st1.entropy, pe2, pe1);
		}
		dsp_kernel_force(NULL);
	}
	/* The paths' own branches, on every path this CPU has: each takes the
	 * plain loop (kernel.c, chunk_body) or not by the block's min/max
	 * sweep, and the AVX-512 paper pass counts and clamps only in vectors
	 * with a weight below e^-745. */
	{
		static const char *const path[] = { "generic", "avx2-fma", "avx512" };
		/* Lowest x of the later blocks: the plain loop's edge -708
		 * exactly, just below it, and spreads into the subnormal and
		 * the zero range. */
		static const double edge[] = { -708, -708 - 0x1p-43, -707.999, -745.1, -746.5 };
		const size_t m = ((size_t)1 << 16) + 13;	/* 2 chunks, a masked tail */
		double *w = malloc(m * sizeof *w), pe, want, zeros, want0, th;
		long double lz, hh, mw;
		size_t j, q, pos;
		int okp, okn;

		for (k = 0; k < 3 && w != NULL; k++) {
			if (dsp_kernel_force(path[k]) != DSP_OK) {
				ok(1, "# SKIP kernel path %s: not on this CPU", path[k]);
				continue;
			}
			for (okp = 1, q = 0; q < sizeof edge / sizeof edge[0]; q++) {
				/* theta 1 and -1 (pivot the minimum), the same x. */
				for (th = 1; th >= -1; th -= 2) {
					for (j = 0; j < m; j++)
						e[j] = th * (j == 5 ? 0 : j % 512 == 7 ? edge[q] :
						    edge[q] * uniform());
					reference(e, m, th, &lz, &hh, &mw);
					dsp_softmax_stats(e, m, th, &st);
					okp = okp && rel(st.entropy, hh) < 1e-12 &&
					    rel(st.logz, lz) < 1e-12 && rel(st.max_weight, mw) < 1e-12;
				}
			}
			ok(okp, "%s path: blocks reaching x = -708 (the plain loop's edge), just below, -745.1, -746.5, theta +-1: H, log Z, max w within 1e-12 of long double",
			    path[k]);
			/* A NaN or infinity after the pivot's block, in a block that
			 * is otherwise plain (AVX-512's min/max drop a NaN), at each
			 * lane of a vector and in the masked tail; a second one later. */
			for (okn = 1, pos = 512; pos < m; pos += pos < 540 ? 1 : 4093) {
				for (j = 0; j < m; j++)
					e[j] = j == 3 ? 1 : -(double)(j % 97) / 10;
				e[pos] = pos % 3 == 0 ? NAN : pos % 3 == 1 ? INFINITY : -INFINITY;
				if (pos + 9 < m)
					e[pos + 9] = NAN;
				rc = dsp_softmax_stats(e, m, pos % 2 ? 1 : -1, &st);
				okn = okn && rc == DSP_EINVAL && atol(dsp_last_error() + 6) == (long)pos;
			}
			for (j = 0; j < m; j++)
				e[j] = j == 3 ? 1 : -(double)(j % 97) / 10;
			e[m - 1] = NAN;
			rc = dsp_softmax_stats(e, m - 1, 1, &st);
			okn = okn && rc == DSP_OK && dsp_softmax_stats(e, m, 1, &st) == DSP_EINVAL &&
			    atol(dsp_last_error() + 6) == (long)(m - 1);
			ok(okn, "%s path: a non-finite logit in a plain block, at lanes 0..7, in the tail, last: named (%s)",
			    path[k], dsp_last_error());
			/* Weights around the underflow edge: y = x - log z in
			 * [-746.5, -744.5] for most items (log z = log 66 and
			 * subnormals: 66 items at 0).  The paper entropy against
			 * libm's softmax; the zero weights against the exact ones,
			 * e^x / z <= 2^-1075 in long double (ties go to 0), not
			 * libm's softmax: it divides a subnormal e^x by z, a second
			 * rounding that zeroes about 1 % more of them. */
			for (j = 0; j < m; j++)
				e[j] = j % 1000 == 0 ? 0 : log(66.0) - 744.5 - 2 * uniform();
			dsp_softmax(e, m, 1, w);
			want = dsp_entropy_paper(w, m);
			for (lz = 0, j = 0; j < m; j++)
				lz += expl(e[j]);
			for (want0 = 0, j = 0; j < m; j++)
				want0 += expl(e[j]) / lz <= 0x1p-1075L;
			dsp_softmax_stats(e, m, 1, &st);
			rc = dsp_softmax_paper_entropy(e, m, 1, &st, &pe, &zeros);
			ok(rc == DSP_OK && fabs(pe - want) <= 1e-12 * fabs(want) && zeros == want0 &&
			    want0 > 0 && want0 < m - m / 1000,
			    "%s path: paper entropy %.15g vs libm %.15g, zero weights %.0f vs exact %.0f (items at the underflow edge)",
			    path[k], pe, want, zeros, want0);
		}
		dsp_kernel_force(NULL);
		free(w);
	}
	/* A later block holding the maximum forces a rescale of the sums. */
	for (i = 0; i < N; i++)
		e[i] = (double)i / N;
	accuracy("2^20 increasing ramp (rescale every block)", e, N, 0.01);
	accuracy("2^20 increasing ramp (rescale every block)", e, N, -0.01);

	/* Edge cases. */
	x[0] = 3;
	rc = dsp_softmax_stats(x, 1, 1, &st);
	ok(rc == DSP_OK && st.entropy == 0 && st.max_weight == 1 && st.logz == 3,
	    "n = 1: H = 0, max weight 1, log Z = e/theta");
	x[0] = 1e308; x[1] = -1e308; x[2] = 0;
	rc = dsp_softmax_stats(x, 3, 1, &st);
	ok(rc == DSP_OK && st.entropy == 0 && st.max_weight == 1 && st.min_weight == 0,
	    "logits +-1e308: one-hot, no NaN (H %g)", st.entropy);
	x[0] = 4.9e-324; x[1] = 0; x[2] = -4.9e-324;
	rc = dsp_softmax_stats(x, 3, 1, &st);
	is_close(st.entropy, log(3), 1e-15, "subnormal logits: uniform, H = log 3");
	rc = dsp_softmax_stats(x, 3, 4.9e-324, &st);
	h = 1 + exp(-1) + exp(-2);
	is_close(st.entropy, log(h) + (exp(-1) + 2 * exp(-2)) / h, 1e-14,
	    "subnormal theta 4.9e-324, logits 0 and +-4.9e-324: weights 1 : e^-1 : e^-2");
	x[0] = 1; x[1] = NAN;
	rc = dsp_softmax_stats(x, 2, 1, &st);
	ok(rc == DSP_EINVAL && strstr(dsp_last_error(), "logit 1") != NULL,
	    "NaN logit: DSP_EINVAL naming item 1 (%s)", dsp_last_error());
	x[1] = -INFINITY;
	ok(dsp_softmax_stats(x, 2, 1, &st) == DSP_EINVAL, "-inf logit: DSP_EINVAL");
	is_int(dsp_softmax_stats(x, 0, 1, &st), DSP_EEMPTY, "no logits: DSP_EEMPTY");
	is_int(dsp_softmax_stats(x, 1, 0, &st), DSP_EINVAL, "theta 0: DSP_EINVAL");
	ok(dsp_softmax_stats(x, 1, INFINITY, &st) == DSP_EINVAL, "theta inf: DSP_EINVAL");
	/* The tail form equals the expanded array. */
	for (i = 0; i < 5000; i++)
		e[i] = i < 40 ? 4 * pow(0.7, (double)i) : 0;
	dsp_softmax_stats(e, 5000, -0.9, &st1);
	dsp_softmax_stats_tail(e, 40, 0, 4960, -0.9, &st2);
	ok(same_stats(&st2, &st1, 1e-13), "tail run equals the expanded array (theta < 0)");
	dsp_softmax_stats(e, 5000, 1.3, &st1);
	dsp_softmax_stats_tail(e, 40, 0, 4960, 1.3, &st2);
	ok(same_stats(&st2, &st1, 1e-13), "tail run equals the expanded array (theta > 0)");
	rc = dsp_softmax_stats_tail(NULL, 0, 2.5, (uint64_t)1 << 62, 1, &st);
	is_close(st.entropy, 62 * M_LN2, 1e-14, "tail only, 2^62 equal items: H = 62 ln 2");
	/* The paper's entropy term against libm over explicit weights. */
	{
		double *w = malloc(N * sizeof *w), pe, want;
		size_t j;

		for (j = 0; j < N; j++)
			e[j] = 12 * uniform();
		for (k = 0; k < 3 && w != NULL; k++) {
			double th = k == 0 ? 1 : k == 1 ? -0.3 : 25;

			dsp_softmax(e, N, th, w);
			want = dsp_entropy_paper(w, N);
			dsp_softmax_stats(e, N, th, &st);
			rc = dsp_softmax_paper_entropy(e, N, th, &st, &pe, NULL);
			ok(rc == DSP_OK && fabs(pe - want) <= 1e-12 * fabs(want),
			    "paper entropy -sum p log(p + 1e-9), 2^20 items, theta %g: %.15g vs libm %.15g",
			    th, pe, want);
		}
		/* Zero weights counted by the same pass, on both paths, against
		 * libm's softmax: theta 0.004 over [0, 12] puts items on either
		 * side of the underflow edge and some in the libm band. */
		for (k = 0; k < 2 && w != NULL; k++) {
			double zeros = -1, want0 = 0;

			dsp_kernel_force_generic((int)k);
			dsp_softmax(e, N, 0.004, w);
			for (j = 0; j < N; j++)
				want0 += w[j] == 0;
			dsp_softmax_stats(e, N, 0.004, &st);
			rc = dsp_softmax_paper_entropy(e, N, 0.004, &st, &pe, &zeros);
			ok(rc == DSP_OK && zeros == want0 && want0 > 0 && want0 < N,
			    "zero weights, 2^20 items, theta 0.004 (%s path): %.0f vs libm %.0f",
			    k ? "generic" : dsp_kernel_variant(), zeros, want0);
		}
		dsp_kernel_force_generic(0);
		free(w);
	}
	h = dsp_softmax_entropy(e, 5000, 0.37);
	dsp_softmax_stats(e, 5000, 0.37, &st);
	is_rel(st.entropy, h, 1e-13, "agrees with dsp_softmax_entropy (libm exp)");
	free(e);
	return tap_done();
}
