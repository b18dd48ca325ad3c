/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Kernels over explicit logit arrays: softmax statistics (log-partition,
 * entropy, max and min weight) in one pass without materialising the
 * weights; the paper's entropy and the zero count in a second pass (they
 * need the final log z: kernel.c says why).
 * This is the hot path for large explicit n; see bench/.
 *
 * Vectorised (fastexp.h, < 4 ulp per exponential), OpenMP across cores for
 * n >= 2^24 (measured: see kernel.c); the result does not depend on the thread count (bitwise).
 * Entropy relative error < 1e-12 against a long double reference
 * (tests/fuzz/test-kernel).  Non-finite logits: DSP_EINVAL naming the first
 * such item ("logit I is not finite"); the pass checks every logit, so a
 * caller (the .npy reader) needs no scan of its own before it.
 * Memory: O(n / 2^15) bytes of scratch, nothing when n <= 2^15 (one chunk);
 * for float32/float16 logits (the _x calls) on the portable paths also a
 * chunk of doubles a thread (256 KiB up to n = 2^27, n / 512 bytes past
 * it); AVX-512 converts in registers. */
#ifndef DSP_KERNEL_H
#define DSP_KERNEL_H

#include <stddef.h>
#include <stdint.h>

typedef struct dsp_stats {
	double	logz;		/* log sum exp(e/theta) */
	double	entropy;	/* nats */
	double	max_weight;
	double	min_weight;
	double	emin, emax;	/* logit min / max */
	double	pivot;		/* emax for theta > 0, emin for theta < 0 */
	double	logz_shift;	/* log sum exp((e - pivot)/theta) = logz - pivot/theta, exactly */
} dsp_stats;

/* theta != 0 required (theta == 0 is handled by the caller). */
int	dsp_softmax_stats(const double *e, size_t n, double theta, dsp_stats *out);
/* Same over e[0..n-1] followed by tail_count copies of the logit tail (a
 * run, e.g. the zero tail of a power series); n may be 0. */
int	dsp_softmax_stats_tail(const double *e, size_t n, double tail,
	    uint64_t tail_count, double theta, dsp_stats *out);
/* The paper's -sum p log(p + 1e-9) for the same e and theta, given the
 * statistics st from dsp_softmax_stats (only st->pivot and st->logz_shift
 * are read), and (zeros != NULL) the number of weights that are exactly 0
 * in libm's exp: one vectorised pass (the weights need log z, which is
 * known only after the first pass; kernel.c says why no single pass can). */
int	dsp_softmax_paper_entropy(const double *e, size_t n, double theta,
	    const dsp_stats *st, double *out, double *zeros);
/* The same two passes over logits in their file's type: isz 8 (double),
 * 4 (float32) or 2 (float16), host byte order, contiguous.  The AVX-512
 * path converts each vector as it loads it; the portable paths convert a
 * chunk at a time into a scratch of the thread's just before the chunk's
 * pass (kernel_typed.c).  Either way the results are bit for bit those over
 * the row converted to doubles (tests/fuzz/test-kernel-typed), without the
 * n doubles (a .npy of float32 or float16 read in place, cli/opts.c).  A
 * non-finite value fails as above; isz other than 8, 4, 2: DSP_EINVAL. */
int	dsp_softmax_stats_x(const void *e, int isz, size_t n, double theta,
	    dsp_stats *out);
int	dsp_softmax_paper_entropy_x(const void *e, int isz, size_t n, double theta,
	    const dsp_stats *st, double *out, double *zeros);
/* "avx512", "avx2-fma" or "generic": the code path dsp_softmax_stats takes
 * here (run-time dispatch; the paths differ in the last bits). */
const char *dsp_kernel_variant(void);
/* Bench: use threads from n items on (0: the built-in threshold). */
void	dsp_kernel_set_par_min(size_t n);
/* The n from which the kernel (and the .npy finiteness scan) use threads. */
size_t	dsp_kernel_par_min(void);
/* Threads for a pass over n items: 1 below that n, else those the machine
 * has free now (core/cpu.h). */
int	dsp_kernel_threads(size_t n);
/* Tests: take the generic (SSE2) path even where AVX2 exists. */
void	dsp_kernel_force_generic(int on);
/* Tests and bench: take the path of that name ("generic", "avx2-fma",
 * "avx512"; NULL: back to the default); DSP_ENOTSUP when this CPU lacks it. */
int	dsp_kernel_force(const char *name);

#endif
