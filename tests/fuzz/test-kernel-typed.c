/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dsp_softmax_stats_x and dsp_softmax_paper_entropy_x over float32 and
 * float16 rows against the same values as doubles, on every kernel path
 * this CPU has: bit for bit, every figure (AVX-512 converts in registers,
 * the portable paths a chunk at a time; either way the doubles and their
 * order must be those of the converted row).  Adversarial rows: every
 * tail length of a vector, pivot jumps in every block (ramps), signed
 * zeros, subnormal and largest halves, floats near their range's ends,
 * extreme temperatures, and a non-finite value at each lane and in the
 * tail, named by index.  The halves' doubles come from the bits here
 * (sign, exponent, mantissa by ldexp), not from the kernel's converter.
 * And rows that end where an unreadable page begins: the masked loads of
 * a partial last vector must not touch it (a fault ends the test). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "core/cpu.h"
#include "core/error.h"
#include "core/math/kernel.h"
#pragma GCC diagnostic ignored "-Wunused-function"
#include "tap.h"

#define NMAX	(((size_t)1 << 16) + 13)	/* 2 chunks and a masked tail */

static uint64_t rng = 0x9e3779b97f4a7c15u;

static double
uniform(void)
{
	return (double)(tap_xorshift(&rng) >> 11) * 0x1p-53;
}

/* An IEEE half's value from its bits. */
static double
half_value(uint16_t h)
{
	int ex = (h >> 10) & 31, m = h & 1023;
	double v = ex == 0 ? ldexp(m, -24) : ex == 31 ? (m ? NAN : INFINITY) :
	    ldexp(1024 + m, ex - 25);

	return (h & 0x8000) ? -v : v;
}

/* A half near v (truncated mantissa; v within the half range). */
static uint16_t
half_bits_of(double v)
{
	uint16_t s = v < 0 ? 0x8000 : 0;
	int ex;
	double a = fabs(v), f;

	if (a < 0x1p-14)
		return s | (uint16_t)(a * 0x1p24);
	f = frexp(a, &ex);		/* a = f 2^ex, f in [0.5, 1) */
	return s | (uint16_t)((ex + 14) << 10) | (uint16_t)((f * 2 - 1) * 1024);
}

#define TYPE(isz)	((isz) == 4 ? "float32" : "float16")

static int
same_bits(double a, double b)
{
	return memcmp(&a, &b, sizeof a) == 0;
}

/* The typed row (isz 4: f, 2: h) and the doubles d agree bit for bit on
 * every figure, or fail alike naming the same logit. */
static int
agree(const void *t, int isz, const double *d, size_t n, double theta, char *why,
    size_t wlen)
{
	dsp_stats a, b;
	double pa = 0, pb = 0, za = 0, zb = 0;
	char ea[160];
	int ra, rb;

	ra = dsp_softmax_stats_x(t, isz, n, theta, &a);
	snprintf(ea, sizeof ea, "%s", ra == DSP_OK ? "" : dsp_last_error());
	rb = dsp_softmax_stats(d, n, theta, &b);
	if (ra != rb || (ra != DSP_OK && strcmp(ea, dsp_last_error()) != 0)) {
		snprintf(why, wlen, "%s, n %zu theta %g: %d '%s' vs %d '%s'", TYPE(isz), n, theta,
		    ra, ea, rb,
		    rb == DSP_OK ? "" : dsp_last_error());
		return 0;
	}
	if (ra != DSP_OK)
		return 1;
	if (dsp_softmax_paper_entropy_x(t, isz, n, theta, &a, &pa, &za) != DSP_OK ||
	    dsp_softmax_paper_entropy(d, n, theta, &b, &pb, &zb) != DSP_OK) {
		snprintf(why, wlen, "%s, n %zu theta %g: paper pass failed (%s)", TYPE(isz), n,
		    theta, dsp_last_error());
		return 0;
	}
	if (!same_bits(a.logz, b.logz) || !same_bits(a.entropy, b.entropy) ||
	    !same_bits(a.max_weight, b.max_weight) || !same_bits(a.min_weight, b.min_weight) ||
	    !same_bits(a.emin, b.emin) || !same_bits(a.emax, b.emax) ||
	    !same_bits(a.pivot, b.pivot) || !same_bits(a.logz_shift, b.logz_shift) ||
	    !same_bits(pa, pb) || !same_bits(za, zb)) {
		snprintf(why, wlen, "%s, n %zu theta %g: H %.17g vs %.17g, log Z %.17g vs %.17g, paper H %.17g vs %.17g",
		    TYPE(isz), n, theta, a.entropy, b.entropy, a.logz, b.logz, pa, pb);
		return 0;
	}
	return 1;
}

/* Rows of kind k, n items, as floats (f, d32) and halves (h, d16). */
static void
fill(int k, size_t n, float *f, double *d32, uint16_t *h, double *d16)
{
	size_t i;
	double v;

	for (i = 0; i < n; i++) {
		switch (k) {
		case 0:		/* Gaussian, sigma 3 */
			v = sqrt(-2 * log(1 - uniform())) * cos(2 * M_PI * uniform()) * 3;
			break;
		case 1:		/* rising: a new pivot in every block */
			v = (double)i / 64;
			break;
		case 2:		/* falling: a new pivot for theta < 0 */
			v = -(double)i / 64;
			break;
		case 3:		/* signed zeros, some +-1 */
			v = i % 5 == 0 ? 1 - 2.0 * (i % 2) : (i % 3 ? 0.0 : -0.0);
			break;
		default:	/* subnormal and largest halves, tiny floats */
			v = i % 7 == 0 ? 65504 * (1 - 2.0 * (i % 2)) :
			    ldexp(uniform() - 0.5, -14 - (int)(i % 11));
			break;
		}
		f[i] = (float)(k == 4 && i % 7 == 3 ? ldexp(uniform(), -149 + (int)(i % 20)) :
		    k == 4 && i % 7 == 5 ? 3.4e38 * (uniform() - 0.5) : v);
		d32[i] = f[i];
		h[i] = half_bits_of(v);
		d16[i] = half_value(h[i]);
	}
}

/* Rows of 1..40 and 600 items of each width ending at a PROT_NONE page,
 * on the path in force: 1 when every pass ran without a fault. */
static int
guard_page(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	size_t len = (size_t)pg * 3, n, i;
	static const int isz[] = { 8, 4, 2 };
	unsigned char *m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
	    -1, 0);
	unsigned char *end;
	dsp_stats st;
	double pe, zeros;
	int k;

	if (m == MAP_FAILED || mprotect(m + 2 * pg, (size_t)pg, PROT_NONE) != 0)
		return 0;
	end = m + 2 * pg;
	for (k = 0; k < 3; k++)
		for (n = 1; n <= 600; n = n < 40 ? n + 1 : 600) {
			unsigned char *row = end - n * (size_t)isz[k];

			for (i = 0; i < n; i++) {
				double v = (double)(i % 13) / 4;
				float f = (float)v;
				uint16_t h = half_bits_of(v);

				memcpy(row + i * (size_t)isz[k], isz[k] == 8 ? (void *)&v :
				    isz[k] == 4 ? (void *)&f : (void *)&h, (size_t)isz[k]);
			}
			if (dsp_softmax_stats_x(row, isz[k], n, 1, &st) != DSP_OK ||
			    dsp_softmax_paper_entropy_x(row, isz[k], n, 1, &st, &pe, &zeros) !=
			    DSP_OK) {
				munmap(m, len);
				return 0;
			}
			if (n == 600)
				break;
		}
	munmap(m, len);
	return 1;
}

int
main(void)
{
	static const char *const path[] = { "generic", "avx2-fma", "avx512" };
	static const char *const kind[] = { "Gaussian", "rising ramp", "falling ramp",
	    "signed zeros", "range ends" };
	static const double thetas[] = { 1, -0.5, 1e-300, 1e300, 0.003 };
	float *f = malloc(NMAX * sizeof *f);
	uint16_t *h = malloc(NMAX * sizeof *h);
	double *d32 = malloc(NMAX * sizeof *d32), *d16 = malloc(NMAX * sizeof *d16);
	static const size_t sizes[] = { 1, 2, 7, 8, 9, 15, 16, 17, 511, 513, 3 * 512 + 5,
	    NMAX };
	char why[400];
	size_t s, t, pos, j;
	int p, k, good32, good16, goodn;

	if (f == NULL || h == NULL || d32 == NULL || d16 == NULL)
		return 1;
	dsp_cpu_set_probe(0);
	for (p = 0; p < 3; p++) {
		if (dsp_kernel_force(path[p]) != DSP_OK) {
			ok(1, "# SKIP kernel path %s: not on this CPU", path[p]);
			continue;
		}
		for (k = 0; k < 5; k++) {
			fill(k, NMAX, f, d32, h, d16);
			why[0] = 0;
			for (good32 = good16 = 1, s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
				for (t = 0; t < sizeof thetas / sizeof thetas[0]; t++) {
					good32 = good32 && agree(f, 4, d32, sizes[s], thetas[t], why,
					    sizeof why);
					good16 = good16 && agree(h, 2, d16, sizes[s], thetas[t], why,
					    sizeof why);
				}
			ok(good32 && good16,
			    "%s path, %s: float32 and float16 rows of 1..2^16+13 items, theta 1, -0.5, 1e-300, 1e300, 0.003: every figure bit for bit that of the doubles%s%s",
			    path[p], kind[k], why[0] ? ": " : "", why);
		}
		/* A non-finite value at each lane of the second block's first
		 * vectors and in the last, masked vector; the first is named. */
		fill(0, NMAX, f, d32, h, d16);
		why[0] = 0;
		for (goodn = 1, j = 0; j < 20; j++) {
			pos = j < 10 ? 512 + j : NMAX - 1 - (j - 10) % 13;
			f[pos] = j % 3 == 0 ? NAN : j % 3 == 1 ? INFINITY : -INFINITY;
			d32[pos] = f[pos];
			h[pos] = j % 3 == 0 ? 0x7e00 : j % 3 == 1 ? 0x7c00 : 0xfc00;
			d16[pos] = half_value(h[pos]);
			goodn = goodn && agree(f, 4, d32, NMAX, 1, why, sizeof why) &&
			    agree(h, 2, d16, NMAX, -1, why, sizeof why) &&
			    dsp_softmax_stats_x(f, 4, NMAX, 1, &(dsp_stats){ 0 }) == DSP_EINVAL &&
			    strtoul(dsp_last_error() + 6, NULL, 10) == (unsigned long)
			    (j < 10 ? 512 : pos);
			if (j == 9)
				fill(0, NMAX, f, d32, h, d16);
		}
		ok(goodn, "%s path: a NaN or infinity at lanes 0..7 of a block and in the masked tail: the same failure, the first named (%s)",
		    path[p], why[0] ? why : dsp_last_error());
		ok(guard_page(), "%s path: rows of 1..40 and 600 doubles, floats and halves ending at an unreadable page: read without touching it",
		    path[p]);
	}
	dsp_kernel_force(NULL);
	is_int(dsp_softmax_stats_x(f, 3, 10, 1, &(dsp_stats){ 0 }), DSP_EINVAL,
	    "logits of 3 bytes: DSP_EINVAL");
	free(f);
	free(h);
	free(d32);
	free(d16);
	return tap_done();
}
