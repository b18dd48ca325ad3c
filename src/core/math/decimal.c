/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Decimal to double: the general scanner behind dsp_decimal_fast (see
 * decimal.h, which has the common shape's inline path). */
#include <stdint.h>
#include <string.h>

#define DSP_POW5_DEFINE			/* the table is defined here */
#include "core/math/decimal.h"

#define EXP_CAP		100000		/* larger exponents are strtod's */

/* The digits at *pp appended to w (wraps past 19 digits; the caller
 * counts them); *pp moves past them.  Inlined: w stays in a register. */
static inline __attribute__((always_inline)) uint64_t
digits(const char **pp, const char *end, uint64_t w)
{
	const char *p = *pp;
	unsigned d;

	while (end - p >= 8 && dec_nondigits(dec_load8(p)) == 0) {
		w = w * 100000000 + dec_value8(dec_load8(p));
		p += 8;
	}
	for (; p < end && (d = (unsigned)(*p - '0')) < 10; p++)
		w = w * 10 + d;
	*pp = p;
	return w;
}

/* Any syntax, every bound checked: the general scanner. */
static size_t
careful(const char *s, const char *end, double *out)
{
	const char *p = s, *d0, *f0;
	uint64_t w = 0;
	int64_t q = 0, ex = 0, nd;
	uint64_t bits;
	int neg = 0, seen = 0, eneg = 0;
	unsigned d;

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
	if (nd > DSP_DECIMAL_DIGITS)
		return 0;		/* w wrapped: strtod */
	if (!dec_convert(w, q, &bits))
		return 0;
	/* The sign as a bit: no branch on it (half the logits are negative). */
	bits |= (uint64_t)neg << 63;
	memcpy(out, &bits, sizeof bits);
	return (size_t)(p - s);
}

size_t
dsp_decimal_fast(const char *s, const char *end, double *out)
{
	size_t got;

	if (end - s >= DSP_DECIMAL_SLACK && (got = dsp_decimal_quick(s, out)) > 0)
		return got;
	return careful(s, end, out);
}
