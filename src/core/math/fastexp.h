/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A branch-free exp for non-positive arguments that the compiler can
 * vectorise (no table, no calls, no integer<->double conversions).
 *
 * Method (Cody and Waite range reduction plus a polynomial):
 *   k = nearest integer to x / ln 2 (the 1.5 * 2^52 shifter trick),
 *   r = (x - k ln2_hi) - k ln2_lo, |r| <= ln 2 / 2; ln2_hi has 32
 *   significant bits so k ln2_hi is exact for |k| < 2^21;
 *   e^r = Taylor polynomial of degree 13 (Horner), truncation error
 *   below 0.3466^14 / 14! * e^0.35 < 6e-18 relative (0.03 ulp);
 *   e^x = e^r * 2^k1 * 2^k2, k1 + k2 = k, both factors normal so that a
 *   subnormal result is rounded once only.
 * Error bound: below 2 ulp of the exact value for x in [-745.2, 0]
 * (Horner rounding about 1 ulp, reduction 0.1 ulp); results below
 * 2^-1074 / 2 are exactly 0 as in libm.  tests/fuzz/test-fastexp checks
 * it against glibc's exp (itself < 1 ulp) to < 4 ulp over [-746, 0]
 * including the subnormal and exact-zero regions.
 * Arguments below -746 (also -inf) are clamped and give +0; NaN gives NaN.
 * Positive arguments up to about 709 work too but are not tested. */
#ifndef DSP_FASTEXP_H
#define DSP_FASTEXP_H

#include <stddef.h>
#include <stdint.h>

#define DSP_FASTEXP_MIN	(-746.0)
/* From here up e^x is normal (e^-708 = 3.3e-308 > 2^-1022 = 2.2e-308). */
#define DSP_FASTEXP_NORMAL	(-708.0)

/* No sanitizer instrumentation: it would block vectorisation and change
 * the last bits of sums between builds.  Pure arithmetic, no memory. */
#define DSP_FE_NOSAN	__attribute__((no_sanitize("address", "undefined")))

static inline DSP_FE_NOSAN uint64_t
dsp_fe_asu64(double d)
{
	union { double d; uint64_t u; } v;

	v.d = d;
	return v.u;
}

static inline DSP_FE_NOSAN double
dsp_fe_asf64(uint64_t u)
{
	union { double d; uint64_t u; } v;

	v.u = u;
	return v.d;
}

/* a*b + c, fused into one rounding when fused is non-zero: callers pass a
 * constant, 1 only from functions compiled for an FMA target (kernel.c),
 * where __builtin_fma is one instruction; 0 keeps the portable rounding. */
#define DSP_FE_MAD(fused, a, b, c)	((fused) ? __builtin_fma((a), (b), (c)) : (a) * (b) + (c))

/* x already in [DSP_FASTEXP_MIN, 0] (or NaN): the clamp is the caller's.
 * normal (a constant): the caller knows x >= DSP_FASTEXP_NORMAL, where
 * e^x and 2^k are normal numbers and one scaling by 2^k is exact, so it
 * skips the split: the same result, bit for bit, in fewer operations. */
static inline __attribute__((always_inline)) DSP_FE_NOSAN double
dsp_fastexp_clamped_f(double x, int fused, int normal)
{
	const double shift = 0x1.8p52, log2e = 0x1.71547652b82fep0;
	const double ln2hi = 0x1.62e42fee00000p-1, ln2lo = 0x1.a39ef35793c76p-33;
	double kd, k1, k2, r, p;

	kd = DSP_FE_MAD(fused, x, log2e, shift);
	kd -= shift;
	r = DSP_FE_MAD(fused, -kd, ln2hi, x);
	r = DSP_FE_MAD(fused, -kd, ln2lo, r);
	p = 1.0 / 6227020800.0;			/* 1/13! */
	p = DSP_FE_MAD(fused, p, r, 1.0 / 479001600.0);
	p = DSP_FE_MAD(fused, p, r, 1.0 / 39916800.0);
	p = DSP_FE_MAD(fused, p, r, 1.0 / 3628800.0);
	p = DSP_FE_MAD(fused, p, r, 1.0 / 362880.0);
	p = DSP_FE_MAD(fused, p, r, 1.0 / 40320.0);
	p = DSP_FE_MAD(fused, p, r, 1.0 / 5040.0);
	p = DSP_FE_MAD(fused, p, r, 1.0 / 720.0);
	p = DSP_FE_MAD(fused, p, r, 1.0 / 120.0);
	p = DSP_FE_MAD(fused, p, r, 1.0 / 24.0);
	p = DSP_FE_MAD(fused, p, r, 1.0 / 6.0);
	p = DSP_FE_MAD(fused, p, r, 0.5);
	p = DSP_FE_MAD(fused, p, r, 1.0);
	p = DSP_FE_MAD(fused, p, r, 1.0);
	if (normal)
		return p * dsp_fe_asf64((dsp_fe_asu64(kd + shift) + 1023) << 52);
	/* Split 2^k so that both halves are normal numbers. */
	k1 = (kd * 0.5 + shift) - shift;
	k2 = kd - k1;
	/* The low 12 bits of (k + shift) hold k modulo 2^12. */
	p *= dsp_fe_asf64((dsp_fe_asu64(k1 + shift) + 1023) << 52);
	return p * dsp_fe_asf64((dsp_fe_asu64(k2 + shift) + 1023) << 52);
}

static inline __attribute__((always_inline)) DSP_FE_NOSAN double
dsp_fastexp_neg_f(double x, int fused)
{
	return dsp_fastexp_clamped_f(x < DSP_FASTEXP_MIN ? DSP_FASTEXP_MIN : x, fused, 0);
}

static inline __attribute__((always_inline)) DSP_FE_NOSAN double
dsp_fastexp_neg(double x)
{
	return dsp_fastexp_neg_f(x, 0);
}

/* Natural log for normal positive y (no zero, subnormal, inf or NaN):
 * y = m 2^k with m in [sqrt(1/2), sqrt(2)), log m = 2 atanh((m-1)/(m+1))
 * by its odd series to s^23 (|s| <= 0.1716, truncation < 1e-18).  Used for
 * the paper's entropy term log(p + 1e-9), where y >= 1e-9.  Branch-free;
 * tested to < 4 ulp against glibc's log on [1e-9, 2], also with fused
 * multiply-adds (fused as in DSP_FE_MAD). */
static inline __attribute__((always_inline)) DSP_FE_NOSAN double
dsp_fastlog_pos_f(double y, int fused)
{
	const double two52 = 0x1p52, sqrt2 = 0x1.6a09e667f3bcdp0;
	const double ln2hi = 0x1.62e42fee00000p-1, ln2lo = 0x1.a39ef35793c76p-33;
	uint64_t b = dsp_fe_asu64(y);
	double k, m, s, s2, p;

	/* Biased exponent as a double without an int64 -> double conversion. */
	k = dsp_fe_asf64((b >> 52) | dsp_fe_asu64(two52)) - two52 - 1023;
	m = dsp_fe_asf64((b & 0x000fffffffffffffu) | dsp_fe_asu64(1.0));
	k = m > sqrt2 ? k + 1 : k;
	m = m > sqrt2 ? m * 0.5 : m;
	s = (m - 1) / (m + 1);
	s2 = s * s;
	p = 1.0 / 23;
	p = DSP_FE_MAD(fused, p, s2, 1.0 / 21);
	p = DSP_FE_MAD(fused, p, s2, 1.0 / 19);
	p = DSP_FE_MAD(fused, p, s2, 1.0 / 17);
	p = DSP_FE_MAD(fused, p, s2, 1.0 / 15);
	p = DSP_FE_MAD(fused, p, s2, 1.0 / 13);
	p = DSP_FE_MAD(fused, p, s2, 1.0 / 11);
	p = DSP_FE_MAD(fused, p, s2, 1.0 / 9);
	p = DSP_FE_MAD(fused, p, s2, 1.0 / 7);
	p = DSP_FE_MAD(fused, p, s2, 1.0 / 5);
	p = DSP_FE_MAD(fused, p, s2, 1.0 / 3);
	/* 2s + 2s^3 p, with k ln 2 added in two parts. */
	return DSP_FE_MAD(fused, k, ln2hi, 2 * s) + DSP_FE_MAD(fused, k, ln2lo, 2 * s * s2 * p);
}

static inline __attribute__((always_inline)) DSP_FE_NOSAN double
dsp_fastlog_pos(double y)
{
	return dsp_fastlog_pos_f(y, 0);
}

/* Out-of-line versions (tests, callers that do not need inlining). */
double	dsp_fastexp(double x);
double	dsp_fastlog(double y);
/* y[i] = dsp_fastexp_neg(x[i]); x and y may be the same array. */
void	dsp_fastexp_array(const double *x, double *y, size_t n);

#endif
