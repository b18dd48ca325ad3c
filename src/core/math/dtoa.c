/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Grisu2 over the parser's table of powers of five; see dtoa.h. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/math/dtoa.h"
#include "core/math/pow5.h"

typedef struct {
	uint64_t	f;
	int		e;		/* value f 2^e */
} diyfp;

static inline diyfp
fp_mul(diyfp a, diyfp b)
{
	unsigned __int128 p = (unsigned __int128)a.f * b.f;
	diyfp r;

	/* Rounded to 64 bits: half an ulp of error. */
	r.f = (uint64_t)(p >> 64) + ((uint64_t)p >> 63);
	r.e = a.e + b.e + 64;
	return r;
}

static inline diyfp
fp_norm(diyfp a)
{
	int s = __builtin_clzll(a.f);

	a.f <<= s;
	a.e -= s;
	return a;
}

/* 10^q as a normalised 64-bit significand (nearest, from the 128-bit row
 * of pow5.h: 10^q = 5^q 2^q has the significand of 5^q) and its exponent:
 * 10^q lies in [2^E, 2^(E+1)), E = floor(q log2 10), so the 64-bit
 * significand is scaled by 2^(E - 63). */
static inline diyfp
pow10_fp(int q)
{
	const uint64_t *t = dsp_pow5[q - DSP_POW5_QMIN];
	diyfp c;

	c.f = t[0] + (t[1] >> 63);
	c.e = (int)((217706 * (int64_t)q) >> 16) - 63;
	if (c.f == 0) {			/* t[0] all ones, rounded up */
		c.f = (uint64_t)1 << 63;
		c.e++;
	}
	return c;
}

static const uint64_t pow10_u64[20] = {
	1u, 10u, 100u, 1000u, 10000u, 100000u, 1000000u, 10000000u, 100000000u,
	1000000000u, 10000000000u, 100000000000u, 1000000000000u,
	10000000000000u, 100000000000000u, 1000000000000000u,
	10000000000000000u, 100000000000000000u, 1000000000000000000u,
	10000000000000000000u,
};

/* Move the last digit down while that stays inside the rounding interval
 * and brings the digits closer to w (rest, ten_kappa and wp_w in units of
 * one = 2^-e). */
static inline void
grisu_round(char *buf, int len, uint64_t delta, uint64_t rest, uint64_t ten_kappa,
    uint64_t wp_w)
{
	while (rest < wp_w && delta - rest >= ten_kappa &&
	    (rest + ten_kappa < wp_w || wp_w - rest > rest + ten_kappa - wp_w)) {
		buf[len - 1]--;
		rest += ten_kappa;
	}
}

/* The products are within one ulp of the exact values and the ends were
 * moved in by one: the exact interval is wider by at most SLACK units. */
#define SLACK	3

/* The digits of a number in (Mp - delta, Mp] as close to W as they come,
 * Mp.e in [-60, -32]; *k (in: the cached power's -q) gets the decimal
 * exponent of the last digit.  *unsure gets the smallest digit count at
 * which the exact interval, not the narrowed one, might already have held
 * a number (grid points within SLACK of an end), else 0: there, and only
 * there, Grisu2 can miss the shortest string. */
static int
digit_gen(diyfp w, diyfp mp, uint64_t delta, char *buf, int *k, int *unsure)
{
	/* *k and *unsure in locals: a char store into buf may alias them, so
	 * the compiler would reload them after every digit. */
	int kk = *k, uns = 0;
	const int sh = -mp.e;
	const uint64_t one = (uint64_t)1 << sh, wp_w = mp.f - w.f;
	uint32_t p1 = (uint32_t)(mp.f >> sh), d;
	uint64_t p2 = mp.f & (one - 1), tmp, ten, slack = SLACK;
	int kappa, len = 0;

	for (kappa = 1; kappa < 10 && p1 >= pow10_u64[kappa]; kappa++)
		;
	while (kappa > 0) {
		/* Constant divisors: a multiply each, not a division. */
		switch (kappa) {
		case 10: d = p1 / 1000000000u; p1 %= 1000000000u; break;
		case 9: d = p1 / 100000000u; p1 %= 100000000u; break;
		case 8: d = p1 / 10000000u; p1 %= 10000000u; break;
		case 7: d = p1 / 1000000u; p1 %= 1000000u; break;
		case 6: d = p1 / 100000u; p1 %= 100000u; break;
		case 5: d = p1 / 10000u; p1 %= 10000u; break;
		case 4: d = p1 / 1000u; p1 %= 1000u; break;
		case 3: d = p1 / 100u; p1 %= 100u; break;
		case 2: d = p1 / 10u; p1 %= 10u; break;
		default: d = p1; p1 = 0; break;
		}
		if (d != 0 || len != 0)
			buf[len++] = (char)('0' + d);
		kappa--;
		tmp = ((uint64_t)p1 << sh) + p2;
		ten = pow10_u64[kappa] << sh;
		if (tmp <= delta) {
			*k = kk + kappa;
			*unsure = uns;
			grisu_round(buf, len, delta, tmp, ten, wp_w);
			return len;
		}
		if (uns == 0 && len > 0 && (tmp <= delta + slack || ten - tmp <= slack))
			uns = len;
	}
	for (;;) {
		p2 *= 10;
		delta *= 10;
		slack *= 10;
		d = (uint32_t)(p2 >> sh);
		if (d != 0 || len != 0)
			buf[len++] = (char)('0' + d);
		p2 &= one - 1;
		kappa--;
		if (p2 < delta) {
			*k = kk + kappa;
			*unsure = uns;
			grisu_round(buf, len, delta, p2, one,
			    -kappa < 20 ? wp_w * pow10_u64[-kappa] : 0);
			return len;
		}
		if (uns == 0 && len > 0 && (p2 < delta + slack || one - p2 <= slack))
			uns = len;
	}
}

/* v > 0, finite, v >= 2^-1021: its digits and the decimal exponent of the
 * last one. */
static int
grisu2(double v, char *buf, int *k, int *unsure)
{
	uint64_t bits, frac;
	diyfp w, mp, mm, c;
	int be, q, x;

	memcpy(&bits, &v, sizeof bits);
	frac = bits & (((uint64_t)1 << 52) - 1);
	be = (int)(bits >> 52);
	w.f = frac | (uint64_t)1 << 52;
	w.e = be - 1075;
	/* The rounding interval's ends, halfway to the neighbours; the lower
	 * one is nearer at a power of two. */
	mp.f = (w.f << 1) + 1;
	mp.e = w.e - 1;
	mp = fp_norm(mp);
	if (frac == 0 && be > 1) {
		mm.f = (w.f << 2) - 1;
		mm.e = w.e - 2;
	} else {
		mm.f = (w.f << 1) - 1;
		mm.e = w.e - 1;
	}
	mm.f <<= mm.e - mp.e;
	mm.e = mp.e;
	w = fp_norm(w);
	/* 10^q that brings mp's exponent into [-60, -32]: q = ceil(x log10 2)
	 * gives floor(q log2 10) in [x, x + 3].  In integers (78913 / 2^18 is
	 * log10 2 closely enough for |x| <= 1650; x is in [-1021, 1023]; the
	 * numerator kept positive, 1024 2^18 added): the double's ceil took a
	 * tenth of the time without SSE4.1. */
	x = -61 - mp.e;
	q = ((x * 78913 + (1 << 18) - 1 + (1024 << 18)) >> 18) - 1024;
	c = pow10_fp(q);
	*k = -q;
	w = fp_mul(w, c);
	mp = fp_mul(mp, c);
	mm = fp_mul(mm, c);
	/* One ulp in from each end: the products are within one ulp. */
	mm.f++;
	mp.f--;
	return digit_gen(w, mp, mp.f - mm.f, buf, k, unsure);
}

/* The shortest of %.15g..%.17g that reads back: the tiny numbers only. */
static int
slow(double v, char *buf)
{
	int prec, n = 0;

	for (prec = 15; prec <= 17; prec++) {
		n = snprintf(buf, DSP_DTOA_SIZE, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	return n;
}

/* n digits (at most 17) from d to p, eight bytes at a time; returns the
 * end.  Reads and writes up to 7 bytes past n: the digit arrays hold 32
 * and the text DSP_DTOA_SIZE, which the longest case (a sign, "0.000" and
 * 17 digits, 23 + 7) fits.  Not memcpy: a library call for so few bytes
 * cost more than the copy. */
static inline char *
copy(char *p, const char *d, int n)
{
	int i;

	for (i = 0; i < n; i += 8)
		memcpy(p + i, d + i, 8);
	return p + n;
}

/* sign, the digits dig[0..len-1] times 10^k, as text at p. */
static char *
put(char *p, const char *dig, int len, int k)
{
	int x, i, e;

	while (len > 1 && dig[len - 1] == '0') {
		len--;
		k++;
	}
	x = len + k - 1;		/* exponent of the first digit */
	/* Fixed notation where "%.Pg" uses it, P = max(15, len): the text of
	 * the %.15g..%.17g writer this replaced whenever the digits agree
	 * (1000000, 1e+16, 1234567890123456.8). */
	if (x >= -4 && x < (len > 15 ? len : 15)) {
		if (k >= 0) {		/* integer */
			p = copy(p, dig, len);
			for (i = 0; i < k; i++)
				*p++ = '0';
		} else if (x >= 0) {	/* d.ddd */
			p = copy(p, dig, x + 1);
			*p++ = '.';
			p = copy(p, dig + x + 1, len - x - 1);
		} else {		/* 0.000ddd */
			*p++ = '0';
			*p++ = '.';
			for (i = -1; i > x; i--)
				*p++ = '0';
			p = copy(p, dig, len);
		}
	} else {
		*p++ = dig[0];
		if (len > 1) {
			*p++ = '.';
			p = copy(p, dig + 1, len - 1);
		}
		*p++ = 'e';
		*p++ = x < 0 ? '-' : '+';
		e = x < 0 ? -x : x;
		if (e >= 100)
			*p++ = (char)('0' + e / 100);
		*p++ = (char)('0' + e / 10 % 10);
		*p++ = (char)('0' + e % 10);
	}
	*p = '\0';
	return p;
}

/* The rare case Grisu2 flags (digit_gen's unsure): the two n-digit
 * neighbours of the digits, n from unsure up, read back by strtod; the
 * first n with one that reads back to v wins (the nearer of two). */
static int
shorter(double v, char *dig, int len, int *k, int from, char *p)
{
	char down[32], up[32];
	int n, i, ok_dn, ok_up, round_up, carry, up_wins;

	for (n = from; n < len; n++) {
		memcpy(down, dig, (size_t)n);
		memcpy(up, dig, (size_t)n);
		for (i = n - 1; i >= 0 && up[i] == '9'; i--)
			up[i] = '0';
		carry = i < 0;		/* 99..9 + 1 = 100..0, one place up */
		if (carry)
			up[0] = '1';
		else
			up[i]++;
		put(p, down, n, *k + len - n);
		ok_dn = strtod(p, NULL) == v;
		put(p, up, n, *k + len - n + carry);
		ok_up = strtod(p, NULL) == v;
		round_up = dig[n] >= '5';
		if (ok_dn || ok_up) {
			up_wins = ok_up && (round_up || !ok_dn);
			memcpy(dig, up_wins ? up : down, (size_t)n);
			*k += len - n + (up_wins ? carry : 0);
			return n;
		}
	}
	return len;
}

int
dsp_dtoa(double v, char *buf)
{
	char dig[32], *p = buf;
	int len, k, unsure;

	if (isnan(v))
		return (int)(stpcpy(buf, "nan") - buf);
	if (signbit(v)) {
		*p++ = '-';
		v = -v;
	}
	if (isinf(v))
		return (int)(stpcpy(p, "inf") - buf);
	if (v == 0)
		return (int)(stpcpy(p, "0") - buf);
	if (v < 0x1p-1021)
		return (int)(p - buf) + slow(v, p);
	len = grisu2(v, dig, &k, &unsure);
	if (unsure)
		len = shorter(v, dig, len, &k, unsure, p);
	return (int)(put(p, dig, len, k) - buf);
}
