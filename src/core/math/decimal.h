/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Decimal text to double, bit-identical to strtod (round to nearest even),
 * fast for the common case:
 *   - Clinger's path: at most 2^53 in the significand and |exponent| <= 22
 *     is one exact IEEE multiplication or division;
 *   - Eisel and Lemire's (2021): up to 19 significant digits times a
 *     128-bit approximation of 5^q (pow5.h), which decides the correctly
 *     rounded double except in rare ambiguous cases.
 * Everything else (more than 19 digits, subnormal or overflowing results,
 * the ambiguous products, hex, inf, nan, bad syntax) is left to strtod by
 * returning 0.  tests/core/test-decimal compares millions of strings with
 * strtod bit for bit.  The Eisel-Lemire step follows fast_float's
 * compute_float (Lemire, "Number Parsing at a Gigabyte per Second", 2021),
 * for binary64 only.
 *
 * The common shape's path is inline below (the parser's loop calls it per
 * number); decimal.c has the general scanner. */
#ifndef DSP_DECIMAL_H
#define DSP_DECIMAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "core/math/pow5.h"

/* Parse [+-]digits[.digits][(e|E)[+-]digits] (at least one digit in the
 * significand) at s, not reading at or past end.  Returns the bytes taken
 * (> 0) and sets *out, or 0 when strtod must decide (nothing is set). */
size_t	dsp_decimal_fast(const char *s, const char *end, double *out);

#define DSP_DECIMAL_DIGITS	19	/* fit a uint64_t */
#define DSP_DECIMAL_SLACK	48	/* bytes dsp_decimal_quick may read */

static const double dec_pow10_exact[23] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

/* w 10^q as the bits of a normal double, or 0 when undecided here. */
static inline __attribute__((always_inline)) uint64_t
dec_eisel_lemire(uint64_t w, int64_t q)
{
	const uint64_t *t;
	unsigned __int128 f, g;
	uint64_t hi, lo, gh, m;
	int lz, upper, shift;
	int64_t p2;

	if (q < DSP_POW5_QMIN || q > DSP_POW5_QMAX)
		return 0;
	lz = __builtin_clzll(w);
	w <<= lz;
	t = dsp_pow5[q - DSP_POW5_QMIN];
	f = (unsigned __int128)w * t[0];
	hi = (uint64_t)(f >> 64);
	lo = (uint64_t)f;
	/* The low 9 bits of hi all set: the truncated part of 5^q could carry
	 * into the 55 bits that matter; add the next 64 bits of the product. */
	if ((hi & 0x1ff) == 0x1ff) {
		g = (unsigned __int128)w * t[1];
		gh = (uint64_t)(g >> 64);
		lo += gh;
		if (gh > lo)
			hi++;
	}
	/* Still undecided (can only happen outside 5^q exact in 128 bits). */
	if (lo == UINT64_MAX && (q < -27 || q > 55))
		return 0;
	upper = (int)(hi >> 63);
	shift = upper + 64 - 52 - 3;
	m = hi >> shift;
	/* floor(q log2 10) + 63 by a fixed-point multiply, as fast_float. */
	p2 = ((217706 * q) >> 16) + 63 + upper - lz + 1023;
	if (p2 <= 0)
		return 0;		/* subnormal or zero: strtod */
	/* Exactly halfway (only possible for small q): round to even. */
	if (lo <= 1 && q >= -4 && q <= 23 && (m & 3) == 1 && (m << shift) == hi)
		m &= ~(uint64_t)1;
	m += m & 1;
	m >>= 1;
	if (m >= (uint64_t)2 << 52) {
		m = (uint64_t)1 << 52;
		p2++;
	}
	m &= ~((uint64_t)1 << 52);
	if (p2 >= 0x7ff)
		return 0;		/* overflow: strtod says so */
	return m | (uint64_t)p2 << 52;
}

/* Eight ASCII digits at once (SWAR, as fast_float): which bytes of the
 * little-endian word are not '0'..'9' (their top bit set), and the value of
 * eight digits.  Only the bytes up to the first non-digit are exact in the
 * mask (a carry or borrow can leave that byte, never enter it), which is
 * all the scanner reads: the digits before it and where they stop. */
static inline uint64_t
dec_load8(const char *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof v);
	return v;
}

static inline uint64_t
dec_nondigits(uint64_t v)
{
	return ((v + 0x4646464646464646u) | (v - 0x3030303030303030u)) &
	    0x8080808080808080u;
}

/* Eight digit values 0..9 (ASCII minus '0'), first in the low byte. */
static inline uint64_t
dec_combine8(uint64_t v)
{
	v = v * 10 + (v >> 8);
	return (((v & 0x000000ff000000ffu) * 0x000f424000000064u) +
	    (((v >> 16) & 0x000000ff000000ffu) * 0x0000271000000001u)) >> 32;
}

static inline uint64_t
dec_value8(uint64_t v)
{
	return dec_combine8(v - 0x3030303030303030u);
}

/* The first k (0..7) digits of v: the digit values shifted to the top of
 * the word, zeros below them, read as eight digits (the bytes past the
 * k-th are shifted out; subtracting '0' cannot borrow out of them into the
 * digits, which come first). */
static inline uint64_t
dec_value_k(uint64_t v, unsigned k)
{
	return dec_combine8(((v - 0x3030303030303030u) << (63 - 8 * k)) << 1);
}

/* w 10^q, a decimal of at most 19 digits (w < 2^64), as the bits of a
 * double (positive, or +0 for w = 0) in *bits: 0 when strtod must decide. */
static inline __attribute__((always_inline)) int
dec_convert(uint64_t w, int64_t q, uint64_t *bits)
{
	double v;

	if (w <= (uint64_t)1 << 53 && q >= -22 && q <= 22) {
		/* Both operands exact: one correctly rounded operation (and
		 * w = 0 is +0). */
		v = (double)w;
		v = q < 0 ? v / dec_pow10_exact[-q] : v * dec_pow10_exact[q];
		memcpy(bits, &v, sizeof v);
		return 1;
	}
	if (w == 0) {
		*bits = 0;
		return 1;
	}
	return (*bits = dec_eisel_lemire(w, q)) != 0;
}

#ifdef __SSE2__
/* Sixteen digits at p (all '0'..'9', else 0): their value in *val, the
 * pairs, quads and octets summed by three multiply-adds of 16-bit lanes
 * (SSE2, every x86-64) where SWAR takes two words of shifts and
 * multiplies. */
static inline int
dec_digits16(const char *p, uint64_t *val)
{
	__m128i x = _mm_sub_epi8(_mm_loadu_si128((const __m128i *)(const void *)p),
	    _mm_set1_epi8('0')), z = _mm_setzero_si128(), lo, hi;
	uint64_t r;

	if (_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(x, _mm_set1_epi8(9)), x)) != 0xffff)
		return 0;
	/* Lane 0 is the first (most significant) digit. */
	lo = _mm_madd_epi16(_mm_unpacklo_epi8(x, z), _mm_set_epi16(1, 10, 1, 10, 1, 10, 1, 10));
	hi = _mm_madd_epi16(_mm_unpackhi_epi8(x, z), _mm_set_epi16(1, 10, 1, 10, 1, 10, 1, 10));
	x = _mm_madd_epi16(_mm_packs_epi32(lo, hi), _mm_set_epi16(1, 100, 1, 100, 1, 100, 1, 100));
	x = _mm_packs_epi32(x, x);
	x = _mm_madd_epi16(x, _mm_set_epi16(1, 10000, 1, 10000, 1, 10000, 1, 10000));
	r = (uint64_t)_mm_cvtsi128_si64(x);
	*val = (r & 0xffffffffu) * 100000000 + (r >> 32);
	return 1;
}
#endif

static const uint64_t dec_pow10_int[9] = {
	1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000,
};

/* The common shape, reading ahead (DSP_DECIMAL_SLACK bytes from s):
 * [+-]d[.ddd] with fewer than 8 integer digits, fewer than 24 fraction
 * digits and at most 19 in all, then no exponent.  Eight bytes at a time,
 * the digits counted from the SWAR mask: no loop over characters, and the
 * sign and the lengths cost no branch.  Anything else (an exponent, 19+
 * digits, leading zeros that would make them fewer, no digit at all)
 * returns 0 and dsp_decimal_fast decides from the start.  Inline: the
 * parser's loop calls it for every number. */
static inline __attribute__((always_inline)) size_t
dsp_decimal_quick(const char *s, double *out)
{
	const char *p = s;
	uint64_t v, m, w;
	uint64_t bits;
#ifdef __SSE2__
	uint64_t d16;
#endif
	unsigned k, nf = 0, t;
	int neg;

	neg = *p == '-';
	p += (*p == '-') | (*p == '+');
	v = dec_load8(p);
	if ((m = dec_nondigits(v)) == 0)
		return 0;
	k = (unsigned)__builtin_ctzll(m) >> 3;
	/* One integer digit is the common case (logits): no word to combine. */
	w = k == 1 ? (v & 0xf) : dec_value_k(v, k);
	p += k;
	if (*p == '.') {
		p++;
		v = dec_load8(p);
#ifdef __SSE2__
		if (dec_digits16(p, &d16)) {
			/* Wraps only past 19 digits, refused below. */
			w = w * 10000000000000000u + d16;
			p += 16;
			nf = 16;
			v = dec_load8(p);
			if ((m = dec_nondigits(v)) == 0)
				return 0;
		} else
#endif
		if ((m = dec_nondigits(v)) == 0) {
			w = w * 100000000 + dec_value8(v);
			p += 8;
			nf = 8;
			v = dec_load8(p);
			if ((m = dec_nondigits(v)) == 0) {
				w = w * 100000000 + dec_value8(v);
				p += 8;
				nf = 16;
				v = dec_load8(p);
				if ((m = dec_nondigits(v)) == 0)
					return 0;
			}
		}
		t = (unsigned)__builtin_ctzll(m) >> 3;
		/* Likewise 0 or 1 digits after the full words (17-digit logits). */
		w = w * dec_pow10_int[t] + (t <= 1 ? (v & 0xf) * t : dec_value_k(v, t));
		p += t;
		nf += t;
		/* A bare point with no digit either side is not a number. */
		if (k + nf == 0)
			return 0;
	} else if (k == 0)
		return 0;
	if (k + nf > DSP_DECIMAL_DIGITS || (*p | 0x20) == 'e' || !dec_convert(w, -(int64_t)nf, &bits))
		return 0;
	bits |= (uint64_t)neg << 63;
	memcpy(out, &bits, sizeof bits);
	return (size_t)(p - s);
}

#endif
