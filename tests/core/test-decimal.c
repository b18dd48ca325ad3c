/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dsp_decimal_fast against glibc's strtod, bit for bit, over millions of
 * decimal strings: random doubles at every precision, random digit strings
 * with random exponents, halfway cases between adjacent doubles, the
 * subnormal range, and the exponent limits.  Whenever the fast path takes
 * a string it must take all of it and give strtod's exact bits; when it
 * declines, the parser calls strtod itself. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/math/decimal.h"
#include "tap.h"

static uint64_t rng = 0x9e3779b97f4a7c15u;

static uint64_t
next(void)
{
	return tap_xorshift(&rng);
}

static uint64_t
bits(double d)
{
	uint64_t u;

	memcpy(&u, &d, sizeof u);
	return u;
}

static double
from(uint64_t u)
{
	double d;

	memcpy(&d, &u, sizeof d);
	return d;
}

struct tally {
	long	tried, fast, bad;
	char	first_bad[96];
};

static void
bad(struct tally *t, const char *s, double fast, double slow)
{
	if (t->bad++ == 0)
		snprintf(t->first_bad, sizeof t->first_bad, "%.60s -> %a vs strtod %a",
		    s, fast, slow);
}

/* s alone (the end right after it), then s inside a longer buffer as the
 * parser sees it: a separator after it and digits beyond, so the scanner's
 * read-ahead path (eight bytes at a time, decimal.c's quick) is taken and
 * must stop at the same place with the same bits. */
static void
check(struct tally *t, const char *s)
{
	static const char sep[] = "\n ,#\r\t;";
	static unsigned turn;
	size_t len = strlen(s), got, got2;
	double fast = 0, fast2 = 0, slow;
	char *end, buf[256];

	t->tried++;
	got = dsp_decimal_fast(s, s + len, &fast);
	snprintf(buf, sizeof buf, "%s%c9999999999999999999999999999999999999999999999999999999999999999",
	    s, sep[turn++ % (sizeof sep - 1)]);
	got2 = dsp_decimal_fast(buf, buf + strlen(buf), &fast2);
	if (got == 0 && got2 == 0)
		return;
	t->fast++;
	slow = strtod(s, &end);
	if (got != 0 && (got != len || (size_t)(end - s) != len || bits(fast) != bits(slow)))
		bad(t, s, fast, slow);
	else if (got2 != 0 && (got2 != len || (size_t)(end - s) != len || bits(fast2) != bits(slow)))
		bad(t, buf, fast2, slow);
}

static void
report(const struct tally *t, const char *what, double min_fast)
{
	ok(t->bad == 0 && (double)t->fast >= min_fast * (double)t->tried,
	    "%s: %ld strings, %ld on the fast path, %ld differ from strtod%s%s", what,
	    t->tried, t->fast, t->bad, t->bad ? ": " : "", t->first_bad);
}

int
main(void)
{
	struct tally t;
	char s[128], d[40];
	long i;
	int k, j, n;
	double x;

	/* Random doubles (all exponents, either sign) at 1..17 digits, %e and
	 * %g: what programs print. */
	memset(&t, 0, sizeof t);
	for (i = 0; i < 2000000; i++) {
		do
			x = from(next());
		while (!isfinite(x));
		snprintf(s, sizeof s, i % 2 ? "%.*g" : "%.*e", (int)(i % 17) + 1, x);
		check(&t, s);
	}
	report(&t, "random doubles, 1-17 digits", 0.9);
	/* Logit-like numbers: 8 U[0, 1) - 4 at 17 digits, and short ones. */
	memset(&t, 0, sizeof t);
	for (i = 0; i < 1000000; i++) {
		x = 8 * ((double)(next() >> 11) * 0x1p-53) - 4;
		snprintf(s, sizeof s, i % 2 ? "%.17g" : "%.6f", x);
		check(&t, s);
	}
	report(&t, "logits in [-4, 4), %.17g and %.6f", 0.999);
	/* Random digit strings, 1..25 digits, a point anywhere, exponents over
	 * [-360, 330]: more than 19 digits and the range limits go to strtod. */
	memset(&t, 0, sizeof t);
	for (i = 0; i < 2000000; i++) {
		n = (int)(next() % 25) + 1;
		for (k = 0; k < n; k++)
			d[k] = (char)('0' + next() % 10);
		d[n] = '\0';
		j = (int)(next() % (unsigned)(n + 1));
		k = snprintf(s, sizeof s, "%s%.*s%s%s", next() % 2 ? "-" : "", j, d,
		    j < n ? "." : "", d + j);
		if (next() % 4)
			snprintf(s + k, sizeof s - (size_t)k, "e%d", (int)(next() % 691) - 360);
		check(&t, s);
	}
	report(&t, "random digit strings with exponents", 0.5);
	/* Halfway between adjacent doubles: 2^53 + odd below 2^64 (integers),
	 * and those times 10^q for q in [-4, 23] where the halfway test applies;
	 * plus exact midpoints printed in full (strtod's). */
	memset(&t, 0, sizeof t);
	for (i = 0; i < 1000000; i++) {
		uint64_t w = ((uint64_t)1 << 53) + ((next() >> 11) | 1);

		if (i % 3 == 0)
			w = (next() | 1) >> (next() % 11);
		snprintf(s, sizeof s, "%llue%d", (unsigned long long)w, (int)(next() % 28) - 4);
		check(&t, s);
	}
	for (i = 0; i < 200000; i++) {
		long double m;

		do
			x = from(next() >> 1);
		while (!isfinite(x) || x == 0);
		m = ((long double)x + (long double)nextafter(x, INFINITY)) / 2;
		snprintf(s, sizeof s, "%.40Le", m);
		check(&t, s);
		snprintf(s, sizeof s, "%.18Le", m);
		check(&t, s);
	}
	report(&t, "halfway cases", 0.5);
	/* Subnormals, the smallest and largest doubles, exponents at the edges. */
	memset(&t, 0, sizeof t);
	for (i = 0; i < 500000; i++) {
		x = from(next() % ((uint64_t)1 << 52));
		snprintf(s, sizeof s, "%.*g", (int)(i % 17) + 1, x);
		check(&t, s);
		x = ldexp(1 + (double)(next() >> 12) * 0x1p-52, -1022 + (int)(next() % 40));
		snprintf(s, sizeof s, "%.17g", x);
		check(&t, s);
		x = ldexp(1 + (double)(next() >> 12) * 0x1p-52, 1023 - (int)(next() % 40));
		snprintf(s, sizeof s, "%.17g", x);
		check(&t, s);
	}
	{
		static const char *const edge[] = {
			"4.9406564584124654e-324", "2.4703282292062327e-324",
			"2.4703282292062328e-324", "2.2250738585072011e-308",
			"2.2250738585072014e-308", "1.7976931348623157e308",
			"1.7976931348623158e308", "1.7976931348623159e308", "1e308", "1e309",
			"1e-342", "1e-343", "9999999999999999999e-342", "1e-400", "0e999999",
			"-0", "0.0", "-0.0e-5", "9007199254740993", "9007199254740992",
			"18446744073709551615", "1844674407370955161e1", "123456789012345678e290",
			"1e22", "1e23", "9e22", "1.e5", ".5", "5.", "0000000000000000000000001",
			"0.000000000000000000000000000000000000001e39", "7.2057594037927933e16",
		};

		for (k = 0; k < (int)(sizeof edge / sizeof edge[0]); k++)
			check(&t, edge[k]);
	}
	report(&t, "subnormals, the extremes, exponent limits", 0.3);
	/* Syntax the fast path must leave alone (strtod decides, or refuses). */
	{
		static const char *const other[] = {
			"", "-", "+", ".", "e5", "1e", "1e+", "-.e1", "0x10", "inf", "nan",
			"1.5.5",
		};
		int left = 1;

		for (k = 0; k < (int)(sizeof other / sizeof other[0]); k++) {
			size_t len = strlen(other[k]), got = dsp_decimal_fast(other[k],
			    other[k] + len, &x);
			char buf[128];

			if (got == len && len > 0)
				left = 0;
			/* The same followed by a separator, read ahead. */
			snprintf(buf, sizeof buf, "%s\n%064d", other[k], 7);
			got = dsp_decimal_fast(buf, buf + strlen(buf), &x);
			if (got == len && len > 0)
				left = 0;
		}
		is_int(left, 1, "hex, inf, nan, a bare sign or point, an empty exponent: not taken whole");
	}
	/* Random strings over the number alphabet (then anything), read ahead
	 * as the parser does: whatever the scanner takes must be exactly what
	 * strtod takes of the same bytes, with strtod's bits. */
	{
		static const char alpha[] = "01234567890123456789012345678900000.-+eE.\n, ";
		char buf[128], *end;
		size_t got;
		double y;

		memset(&t, 0, sizeof t);
		for (i = 0; i < 1000000; i++) {
			n = (int)(next() % 30);
			for (k = 0; k < 100; k++)
				buf[k] = k < n ? alpha[next() % (sizeof alpha - 1)] :
				    alpha[next() % 40];
			buf[100] = '\0';
			t.tried++;
			if ((got = dsp_decimal_fast(buf, buf + 100, &x)) == 0)
				continue;
			t.fast++;
			y = strtod(buf, &end);
			if (got != (size_t)(end - buf) || bits(x) != bits(y))
				bad(&t, buf, x, y);
		}
		report(&t, "random strings of digits, points, signs and exponents, read ahead", 0.1);
	}
	x = 0;
	dsp_decimal_fast("0.1,", "0.1," + 4, &x);
	is_close(x, 0.1, 0, "0.1 stops at the comma and is the double nearest 1/10");
	x = 0;
	dsp_decimal_fast("6.02214076e23", "6.02214076e23" + 13, &x);
	is_rel(x, 6.02214076e23, 0, "Avogadro's number (8 digits, e23: the Eisel-Lemire step)");
	return tap_done();
}
