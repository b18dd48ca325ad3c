/* AVX-512 exp and log for the kernel's widest path (x86-64 only; the
 * caller picks it at run time, see kernel.c).  Written with intrinsics
 * because two instructions do what the portable code in fastexp.h spends
 * a dozen operations on:
 *   - vpermt2pd looks up a 16-entry table in two registers (no gather), so
 *     exp reduces to |r| <= ln 2 / 32 and needs a degree-7 polynomial
 *     instead of degree 13;
 *   - vscalefpd multiplies by 2^k with one rounding, also into the
 *     subnormal range, replacing the two-factor split.
 * exp (x in [-746, 0]; below -746 and -inf give +0, NaN gives NaN):
 *   k = nearest integer to x 16 / ln 2, j = k mod 16, m = floor(k / 16),
 *   r = x - k ln2/16 (two FMAs, ln2/16 split in a double-double),
 *   e^x = 2^m (T_j + T_j q), T_j = 2^(j/16) rounded, q = e^r - 1 by its
 *   Taylor polynomial to r^7 (truncation < 1.2e-18 relative).
 *   Error: T_j 0.5 ulp, the final FMA 0.5 ulp, q's rounding scaled by
 *   |q| < 0.022: below 1.1 ulp; subnormal results are rounded twice (the
 *   FMA, then vscalefpd), below 1.6 ulp.  tests/fuzz/test-fastexp holds it
 *   < 4 ulp against glibc over [-746, 0] (the same test as fastexp.h).
 * log (y normal, positive, finite): y = 2^k m, m in [0.75, 1.5) by
 *   vgetmantpd / vgetexppd, log m = 2 atanh(s), s = (m - 1)/(m + 1),
 *   |s| <= 0.2, odd series to s^25 (truncation < 1e-19); tested < 4 ulp
 *   against glibc on [1e-9, 2] like dsp_fastlog_pos. */
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
	q = _mm512_set1_pd(1.0 / 5040);
	q = _mm512_fmadd_pd(q, r, _mm512_set1_pd(1.0 / 720));
	q = _mm512_fmadd_pd(q, r, _mm512_set1_pd(1.0 / 120));
	q = _mm512_fmadd_pd(q, r, _mm512_set1_pd(1.0 / 24));
	q = _mm512_fmadd_pd(q, r, _mm512_set1_pd(1.0 / 6));
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
	const __m512d one = _mm512_set1_pd(1.0);
	__m512d m, k, s, s2, p;

	m = _mm512_getmant_pd(y, _MM_MANT_NORM_p75_1p5, _MM_MANT_SIGN_src);
	k = _mm512_getexp_pd(y);
	/* A significand in [1.5, 2) was halved: the exponent goes up by one. */
	k = _mm512_mask_add_pd(k, _mm512_cmp_pd_mask(m, one, _CMP_LT_OQ), k, one);
	s = _mm512_div_pd(_mm512_sub_pd(m, one), _mm512_add_pd(m, one));
	s2 = _mm512_mul_pd(s, s);
	p = _mm512_set1_pd(1.0 / 25);
	p = _mm512_fmadd_pd(p, s2, _mm512_set1_pd(1.0 / 23));
	p = _mm512_fmadd_pd(p, s2, _mm512_set1_pd(1.0 / 21));
	p = _mm512_fmadd_pd(p, s2, _mm512_set1_pd(1.0 / 19));
	p = _mm512_fmadd_pd(p, s2, _mm512_set1_pd(1.0 / 17));
	p = _mm512_fmadd_pd(p, s2, _mm512_set1_pd(1.0 / 15));
	p = _mm512_fmadd_pd(p, s2, _mm512_set1_pd(1.0 / 13));
	p = _mm512_fmadd_pd(p, s2, _mm512_set1_pd(1.0 / 11));
	p = _mm512_fmadd_pd(p, s2, _mm512_set1_pd(1.0 / 9));
	p = _mm512_fmadd_pd(p, s2, _mm512_set1_pd(1.0 / 7));
	p = _mm512_fmadd_pd(p, s2, _mm512_set1_pd(1.0 / 5));
	p = _mm512_fmadd_pd(p, s2, _mm512_set1_pd(1.0 / 3));
	/* k ln2_hi + 2s + (k ln2_lo + 2 s^3 p), as in dsp_fastlog_pos. */
	p = _mm512_mul_pd(_mm512_mul_pd(_mm512_add_pd(s, s), s2), p);
	p = _mm512_fmadd_pd(k, _mm512_set1_pd(0x1.a39ef35793c76p-33), p);
	return _mm512_add_pd(_mm512_fmadd_pd(k, _mm512_set1_pd(0x1.62e42fee00000p-1),
	    _mm512_add_pd(s, s)), p);
}
#endif

#endif
