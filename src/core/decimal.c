/* Fast decimal to double (see decimal.h).  The Eisel-Lemire step follows
 * fast_float's compute_float (Lemire, "Number Parsing at a Gigabyte per
 * Second", 2021), for binary64 only. */
#include <stdint.h>
#include <string.h>

#include "core/decimal.h"
#include "core/pow5.h"

#define MAX_DIGITS	19		/* fit a uint64_t */
#define EXP_CAP		100000		/* larger exponents are strtod's */

static const double pow10_exact[] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

static double
from_bits(uint64_t u)
{
	double d;

	memcpy(&d, &u, sizeof d);
	return d;
}

/* w 10^q as the bits of a normal double, or 0 when undecided here. */
static uint64_t
eisel_lemire(uint64_t w, int64_t q)
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
static uint64_t
load8(const char *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof v);
	return v;
}

static inline uint64_t
nondigits(uint64_t v)
{
	return ((v + 0x4646464646464646u) | (v - 0x3030303030303030u)) &
	    0x8080808080808080u;
}

/* Eight digit values 0..9 (ASCII minus '0'), first in the low byte. */
static inline uint64_t
combine8(uint64_t v)
{
	v = v * 10 + (v >> 8);
	return (((v & 0x000000ff000000ffu) * 0x000f424000000064u) +
	    (((v >> 16) & 0x000000ff000000ffu) * 0x0000271000000001u)) >> 32;
}

static inline uint64_t
value8(uint64_t v)
{
	return combine8(v - 0x3030303030303030u);
}

/* The first k (0..7) digits of v: the digit values shifted to the top of
 * the word, zeros below them, read as eight digits (the bytes past the
 * k-th are shifted out; subtracting '0' cannot borrow out of them into the
 * digits, which come first). */
static inline uint64_t
value_k(uint64_t v, unsigned k)
{
	return combine8(((v - 0x3030303030303030u) << (63 - 8 * k)) << 1);
}

/* The digits at *pp appended to w (wraps past 19 digits; the caller
 * counts them); *pp moves past them.  Inlined: w stays in a register. */
static inline __attribute__((always_inline)) uint64_t
digits(const char **pp, const char *end, uint64_t w)
{
	const char *p = *pp;
	unsigned d;

	while (end - p >= 8 && nondigits(load8(p)) == 0) {
		w = w * 100000000 + value8(load8(p));
		p += 8;
	}
	for (; p < end && (d = (unsigned)(*p - '0')) < 10; p++)
		w = w * 10 + d;
	*pp = p;
	return w;
}

/* w 10^q, a decimal of at most 19 digits (w < 2^64), as a double: 0 when
 * strtod must decide. */
static inline int
convert(uint64_t w, int64_t q, double *v)
{
	uint64_t bits;

	if (w == 0)
		*v = 0;
	else if (w <= (uint64_t)1 << 53 && q >= -22 && q <= 22) {
		/* Both operands exact: one correctly rounded operation. */
		*v = (double)w;
		*v = q < 0 ? *v / pow10_exact[-q] : *v * pow10_exact[q];
	} else if ((bits = eisel_lemire(w, q)) != 0)
		*v = from_bits(bits);
	else
		return 0;
	return 1;
}

/* Any syntax, every bound checked: the general scanner. */
static size_t
careful(const char *s, const char *end, double *out)
{
	const char *p = s, *d0, *f0;
	uint64_t w = 0;
	int64_t q = 0, ex = 0, nd;
	int neg = 0, seen = 0, eneg = 0;
	unsigned d;
	double v;

	if (p < end && (*p == '-' || *p == '+'))
		neg = *p++ == '-';
	for (; p < end && *p == '0'; p++)
		seen = 1;			/* leading zeros */
	d0 = p;
	w = digits(&p, end, w);
	nd = p - d0;
	if (p < end && *p == '.') {
		f0 = ++p;
		if (nd == 0)
			while (p < end && *p == '0')
				p++;		/* zeros after the point, before any digit */
		d0 = p;
		w = digits(&p, end, w);
		nd += p - d0;
		q = -(p - f0);
		if (p > f0)
			seen = 1;
	}
	if (nd > 0)
		seen = 1;
	if (!seen)
		return 0;
	if (p < end && (*p == 'e' || *p == 'E')) {
		p++;
		if (p < end && (*p == '-' || *p == '+'))
			eneg = *p++ == '-';
		if (!(p < end && (unsigned)(*p - '0') < 10))
			return 0;
		for (; p < end && (d = (unsigned)(*p - '0')) < 10; p++)
			if ((ex = ex * 10 + d) > EXP_CAP)
				return 0;
		q += eneg ? -ex : ex;
	}
	if (nd > MAX_DIGITS)
		return 0;		/* w wrapped: strtod */
	if (!convert(w, q, &v))
		return 0;
	*out = neg ? -v : v;
	return (size_t)(p - s);
}

static const uint64_t pow10_int[] = {
	1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000,
};

/* The common shape with room to read ahead (SLACK bytes before end):
 * [+-]d[.ddd] with fewer than 8 integer digits, fewer than 24 fraction
 * digits and at most 19 in all, then no exponent.  Eight bytes at a time,
 * the digits counted from the SWAR mask: no loop over characters, and the
 * sign and the lengths cost no branch.  Anything else (an exponent, 19+
 * digits, leading zeros that would make them fewer, no digit at all) goes
 * to careful(), which decides from the start. */
#define SLACK	48

static inline __attribute__((always_inline)) size_t
quick(const char *s, const char *end, double *out)
{
	const char *p = s;
	uint64_t v, m, w;
	unsigned k, nf = 0, t;
	double x;
	int neg;

	neg = *p == '-';
	p += (*p == '-') | (*p == '+');
	v = load8(p);
	if ((m = nondigits(v)) == 0)
		return careful(s, end, out);
	k = (unsigned)__builtin_ctzll(m) >> 3;
	w = value_k(v, k);
	p += k;
	if (*p == '.') {
		p++;
		v = load8(p);
		if ((m = nondigits(v)) == 0) {
			w = w * 100000000 + value8(v);
			p += 8;
			nf = 8;
			v = load8(p);
			if ((m = nondigits(v)) == 0) {
				w = w * 100000000 + value8(v);
				p += 8;
				nf = 16;
				v = load8(p);
				if ((m = nondigits(v)) == 0)
					return careful(s, end, out);
			}
		}
		t = (unsigned)__builtin_ctzll(m) >> 3;
		w = w * pow10_int[t] + value_k(v, t);
		p += t;
		nf += t;
		/* A bare point with no digit either side is not a number. */
		if (k + nf == 0)
			return 0;
	} else if (k == 0)
		return careful(s, end, out);
	if (k + nf > MAX_DIGITS || (*p | 0x20) == 'e' || !convert(w, -(int64_t)nf, &x))
		return careful(s, end, out);
	*out = neg ? -x : x;
	return (size_t)(p - s);
}

size_t
dsp_decimal_fast(const char *s, const char *end, double *out)
{
	if (end - s >= SLACK)
		return quick(s, end, out);
	return careful(s, end, out);
}
