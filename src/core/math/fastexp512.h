/* SPDX-License-Identifier: GPL-3.0-or-later */
/* AVX-512 exp and log for the kernel's widest path (x86-64 only; the
 * caller picks it at run time, see kernel.c).  Written with intrinsics
 * because two instructions do what the portable code in fastexp.h spends
 * a dozen operations on:
 *   - vpermt2pd looks up a 16-entry table in two registers (no gather), so
 *     exp reduces to |r| <= ln 2 / 32 and needs a degree-6 polynomial
 *     instead of degree 13;
 *   - vscalefpd multiplies by 2^k with one rounding, also into the
 *     subnormal range, replacing the two-factor split.
 * exp (x in [-746, 0]; below -746 and -inf give +0, NaN gives NaN):
 *   k = nearest integer to x 16 / ln 2, j = k mod 16, m = floor(k / 16),
 *   r = x - k ln2/16 (two FMAs, ln2/16 split in a double-double),
 *   e^x = 2^m (T_j + T_j q), T_j = 2^(j/16) rounded, q = e^r - 1 =
 *   r + r^2 P(r), P of degree 4 fitted on Chebyshev nodes (mpmath
 *   chebyfit; Taylor would need degree 7 for the same bound): error
 *   < 2.8e-17 absolute, 0.13 ulp.
 *   Error: T_j 0.5 ulp, the final FMA 0.5 ulp, q's rounding scaled by
 *   |q| < 0.022, the fit 0.13: below 1.3 ulp; subnormal results are rounded twice (the
 *   FMA, then vscalefpd), below 1.6 ulp.  tests/fuzz/test-fastexp holds it
 *   < 4 ulp against glibc over [-746, 0] (the same test as fastexp.h).
 * log (y normal, positive, finite): y = 2^k m, m in [0.75, 1.5) by
 *   vgetmantpd / vgetexppd; c_j = 1 + (j - 5)/20 nearest m (j = 0..15,
 *   a 16-entry table by vpermt2pd as for exp), r = m (1/c_j) - 1 in one
 *   FMA, |r| < 0.034, log m = log c_j + log1p(r), log1p = r + r^2 Q(r),
 *   Q of degree 7 fitted like exp's P (< 4.6e-17 relative; Taylor would
 *   need r^11).  Measured against glibc on 33.5 million points: worst
 *   2 ulp, 0.005 % of them (the atanh form: 0.14 %).  No division: the
 *   atanh form (s = (m - 1)/(m + 1)) it replaced spent a vdivpd, 16
 *   cycles of the FMA port per 8 logs, and the paper pass was 2.4x the
 *   first pass on cached data.  c = 1 for m near 1, where r = m - 1 is
 *   exact and log(1) = 0.  Tested < 4 ulp against glibc on [1e-9, 2]
 *   (the paper's log(p + 1e-9)), like dsp_fastlog_pos. */
#ifndef DSP_FASTEXP512_H
#define DSP_FASTEXP512_H

#if defined(__GNUC__) && defined(__x86_64__)
#define DSP_HAVE_FE512 1
#include <immintrin.h>

#define DSP_FE512	__attribute__((target("avx512f,avx512dq,avx512vl,avx2,fma")))
#define DSP_FE512_INLINE static inline __attribute__((always_inline)) DSP_FE512

/* x already in [-746, 0] (or NaN): the clamp is the caller's. */
DSP_FE512_INLINE __m512d
dsp_fe512_exp_clamped(__m512d x)
{
	/* 2^(j/16), j = 0..15, correctly rounded (mpmath). */
	const __m512d t0 = _mm512_set_pd(0x1.5ab07dd485429p+0, 0x1.4bfdad5362a27p+0, 0x1.3dea64c123422p+0, 0x1.306fe0a31b715p+0,
	    0x1.2387a6e756238p+0, 0x1.172b83c7d517bp+0, 0x1.0b5586cf9890fp+0,
	    0x1.0000000000000p+0);
	const __m512d t1 = _mm512_set_pd(0x1.ea4afa2a490dap+0, 0x1.d5818dcfba487p+0,
	    0x1.c199bdd85529cp+0, 0x1.ae89f995ad3adp+0, 0x1.9c49182a3f090p+0,
	    0x1.8ace5422aa0dbp+0, 0x1.7a11473eb0187p+0, 0x1.6a09e667f3bcdp+0);
	const __m512d shift = _mm512_set1_pd(0x1.8p52);
	__m512d kd, ks, r, q, t;

	ks = _mm512_fmadd_pd(x, _mm512_set1_pd(0x1.71547652b82fep+4), shift);
	kd = _mm512_sub_pd(ks, shift);
	r = _mm512_fnmadd_pd(kd, _mm512_set1_pd(0x1.62e42fefa39efp-5), x);
	r = _mm512_fnmadd_pd(kd, _mm512_set1_pd(0x1.abc9e3b39803fp-60), r);
	/* Near-minimax (Chebyshev fit, mpmath) for (e^r - 1 - r) / r^2. */
	q = _mm512_set1_pd(0x1.6c17bbd1f560ap-10);
	q = _mm512_fmadd_pd(q, r, _mm512_set1_pd(0x1.11120b77051e7p-7));
	q = _mm512_fmadd_pd(q, r, _mm512_set1_pd(0x1.55555555190f9p-5));
	q = _mm512_fmadd_pd(q, r, _mm512_set1_pd(0x1.55555554dcc9bp-3));
	q = _mm512_fmadd_pd(q, r, _mm512_set1_pd(0.5));
	q = _mm512_fmadd_pd(q, r, _mm512_set1_pd(1.0));
	q = _mm512_mul_pd(q, r);
	/* The low 4 bits of ks's significand are k mod 16: the table index. */
	t = _mm512_permutex2var_pd(t0, _mm512_castpd_si512(ks), t1);
	t = _mm512_fmadd_pd(t, q, t);
	return _mm512_scalef_pd(t, _mm512_mul_pd(kd, _mm512_set1_pd(1.0 / 16)));
}

DSP_FE512_INLINE __m512d
dsp_fe512_exp(__m512d x)
{
	/* max returns its second operand when one is NaN: NaN stays NaN. */
	return dsp_fe512_exp_clamped(_mm512_max_pd(_mm512_set1_pd(-746.0), x));
}

DSP_FE512_INLINE __m512d
dsp_fe512_log(__m512d y)
{
	/* 1/c_j rounded, c_j = 1 + (j - 5) / 20, and log c_j = -log(1/c_j
	 * rounded) as a double-double (mpmath); j = 5 is c = 1 exactly. */
	const __m512d i0 = _mm512_set_pd(0x1.d1745d1745d17p-1, 0x1.e79e79e79e79ep-1,
	    0x1.0000000000000p+0, 0x1.0d79435e50d79p+0, 0x1.1c71c71c71c72p+0,
	    0x1.2d2d2d2d2d2d3p+0, 0x1.4000000000000p+0, 0x1.5555555555555p+0);
	const __m512d i1 = _mm512_set_pd(0x1.5555555555555p-1, 0x1.611a7b9611a7cp-1,
	    0x1.6db6db6db6db7p-1, 0x1.7b425ed097b42p-1, 0x1.89d89d89d89d9p-1,
	    0x1.999999999999ap-1, 0x1.aaaaaaaaaaaabp-1, 0x1.bd37a6f4de9bdp-1);
	const __m512d h0 = _mm512_set_pd(0x1.8663f793c46c9p-4, 0x1.8fb063ef2c7f1p-5, 0.0,
	    -0x1.a431d5bcc1930p-5, -0x1.af8e8210a4161p-4, -0x1.4cd6b97964179p-3,
	    -0x1.c8ff7c79a9a22p-3, -0x1.269621134db91p-2);
	const __m512d h1 = _mm512_set_pd(0x1.9f323ecbf984dp-2, 0x1.7c7b282d0d46ap-2,
	    0x1.588c2d913348fp-2, 0x1.334e9e47d07f6p-2, 0x1.0ca937be1b9dbp-2,
	    0x1.c8ff7c79a9a20p-3, 0x1.7565011e49675p-3, 0x1.1e3b825dd05edp-3);
	const __m512d l0 = _mm512_set_pd(0x1.245183a6ac619p-63, 0x1.b13b78bef0e10p-59, 0.0,
	    0x1.c4e09eb14216ep-59, 0x1.79ae923b232ffp-58, -0x1.1be763d729e08p-57,
	    0x1.4f689f8434012p-57, -0x1.e0efadd9db02ap-56);
	const __m512d l1 = _mm512_set_pd(-0x1.a92e513217f58p-59, 0x1.b1281009f0d53p-57,
	    0x1.fafb06b03f0a5p-57, -0x1.a386f26446ff8p-56, -0x1.15b342f333172p-57,
	    -0x1.4f689f8434011p-57, -0x1.81495b2eb862bp-57, -0x1.c984fddbf55f6p-57);
	const __m512d one = _mm512_set1_pd(1.0);
	__m512d m, k, js, r, r2, q, lo;
	__m512i j;

	m = _mm512_getmant_pd(y, _MM_MANT_NORM_p75_1p5, _MM_MANT_SIGN_src);
	k = _mm512_getexp_pd(y);
	/* A significand in [1.5, 2) was halved: the exponent goes up by one. */
	k = _mm512_mask_add_pd(k, _mm512_cmp_pd_mask(m, one, _CMP_LT_OQ), k, one);
	/* j = round(20 m - 15) in 0..15, in the low bits of js. */
	js = _mm512_fmadd_pd(m, _mm512_set1_pd(20.0), _mm512_set1_pd(0x1.8p52 - 15));
	j = _mm512_castpd_si512(js);
	r = _mm512_fmsub_pd(m, _mm512_permutex2var_pd(i0, j, i1), one);
	r2 = _mm512_mul_pd(r, r);
	/* Near-minimax (Chebyshev fit, mpmath) for (log1p(r) - r) / r^2. */
	q = _mm512_set1_pd(0x1.c7f5b04b52ca7p-4);
	q = _mm512_fmadd_pd(q, r, _mm512_set1_pd(-0x1.00777b5eb9d09p-3));
	q = _mm512_fmadd_pd(q, r, _mm512_set1_pd(0x1.2492355b6e07fp-3));
	q = _mm512_fmadd_pd(q, r, _mm512_set1_pd(-0x1.55553f91d2edbp-3));
	q = _mm512_fmadd_pd(q, r, _mm512_set1_pd(0x1.9999999ac0c46p-3));
	q = _mm512_fmadd_pd(q, r, _mm512_set1_pd(-0x1.00000000a2565p-2));
	q = _mm512_fmadd_pd(q, r, _mm512_set1_pd(0x1.5555555555540p-2));
	q = _mm512_fmadd_pd(q, r, _mm512_set1_pd(-0x1.fffffffffffe8p-2));
	/* (k ln2_hi + log c_hi) + r + (r^2 q + k ln2_lo + log c_lo). */
	lo = _mm512_fmadd_pd(k, _mm512_set1_pd(0x1.a39ef35793c76p-33),
	    _mm512_permutex2var_pd(l0, j, l1));
	lo = _mm512_fmadd_pd(r2, q, lo);
	return _mm512_add_pd(_mm512_add_pd(_mm512_fmadd_pd(k,
	    _mm512_set1_pd(0x1.62e42fee00000p-1), _mm512_permutex2var_pd(h0, j, h1)), r), lo);
}
#endif

#endif
