/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dsp_dtoa (core/math/dtoa.h) against glibc: every string it writes must read
 * back through strtod to the same double, bit for bit (2^20 random bit
 * patterns across the whole range, 2^18 logits and weights of the shapes
 * a snapshot writes, subnormals, +-0, the extremes and the neighbours of
 * powers of two and ten), be no longer than the shortest of printf's
 * %.15g..%.17g that reads back (the writer it replaced), and be the
 * shortest %.Ng (N = 1..17) that reads back in all but a few cases
 * (Grisu2's extra digit, which dsp_dtoa checks for where it can happen),
 * counted on 2^16 random doubles. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/math/dtoa.h"
#include "tap.h"

static uint64_t rng = 0x2545f4914f6cdd1du;

static uint64_t
bitsof(double d)
{
	uint64_t u;

	memcpy(&u, &d, sizeof u);
	return u;
}

static double
fromb(uint64_t u)
{
	double d;

	memcpy(&d, &u, sizeof d);
	return d;
}

/* -?digits(.digits)?(e[+-]digits)?: the JSON number grammar, also CSV's. */
static int
well_formed(const char *s)
{
	const char *p = s;

	if (*p == '-')
		p++;
	if (*p < '0' || *p > '9')
		return 0;
	while (*p >= '0' && *p <= '9')
		p++;
	if (*p == '.') {
		p++;
		if (*p < '0' || *p > '9')
			return 0;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	if (*p == 'e') {
		p++;
		if (*p != '+' && *p != '-')
			return 0;
		p++;
		if (*p < '0' || *p > '9')
			return 0;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	return *p == '\0';
}

/* Length of the shortest %.Ng, N in [lo, 17], that reads back. */
static int
printf_shortest(double v, int lo)
{
	char b[40];
	int prec, n = 0;

	for (prec = lo; prec <= 17; prec++) {
		n = snprintf(b, sizeof b, "%.*g", prec, v);
		if (strtod(b, NULL) == v)
			break;
	}
	return n;
}

static size_t bad_trip, bad_form, longer;
static char first_bad[80];

static void
check(double v)
{
	char b[DSP_DTOA_SIZE];
	int n = dsp_dtoa(v, b);
	double r = strtod(b, NULL);

	if ((size_t)n != strlen(b) || bitsof(r) != bitsof(v)) {
		if (bad_trip++ == 0)
			snprintf(first_bad, sizeof first_bad, "%a -> \"%s\" -> %a", v, b, r);
	}
	if (!well_formed(b) && bad_form++ == 0)
		snprintf(first_bad, sizeof first_bad, "%a -> \"%s\" (form)", v, b);
	if (n > printf_shortest(v, 15))
		longer++;
}

static void
report(const char *what)
{
	ok(bad_trip == 0, "%s: every string reads back to the same bits (%zu not)%s%s", what,
	    bad_trip, bad_trip ? ": " : "", bad_trip ? first_bad : "");
	ok(bad_form == 0, "%s: every string is a JSON number (%zu not)", what, bad_form);
	ok(longer == 0, "%s: never longer than the shortest of %%.15g..%%.17g (%zu longer)",
	    what, longer);
	bad_trip = bad_form = longer = 0;
}

static void
exact(double v, const char *want)
{
	char b[DSP_DTOA_SIZE];

	dsp_dtoa(v, b);
	ok(strcmp(b, want) == 0, "%a -> \"%s\" (want \"%s\")", v, b, want);
}

int
main(void)
{
	char b[DSP_DTOA_SIZE];
	size_t i, notshort = 0;
	uint64_t u;
	double v, p;
	int k;

	for (i = 0; i < ((size_t)1 << 20); i++) {
		u = tap_xorshift(&rng);
		if (((u >> 52) & 0x7ff) == 0x7ff)	/* inf / nan: below */
			u &= ~((uint64_t)1 << 62);
		check(fromb(u));
	}
	report("2^20 random bit patterns");
	for (i = 0; i < ((size_t)1 << 18); i++) {
		u = tap_xorshift(&rng);
		v = (double)(u >> 11) * 0x1p-53;
		check(8 * v - 4);			/* logits */
		check(exp(-30 * v) / 1048576);		/* weights */
	}
	report("2^18 logits and weights");
	for (i = 0; i < ((size_t)1 << 16); i++) {
		u = tap_xorshift(&rng) & ~((uint64_t)1 << 62);	/* finite */
		v = fromb(u);
		if (fabs(v) < 0x1p-1021)
			continue;
		if (dsp_dtoa(v, b) > printf_shortest(v, 1))
			notshort++;
	}
	diag("%zu of 2^16 random doubles one digit longer than the shortest", notshort);
	ok(notshort < 66, "shortest %%.Ng in all but %zu of 2^16 (< 0.1 %%)", notshort);
	/* Subnormals, the normal boundary (where the table-driven path starts),
	 * the extremes and the neighbours of powers of two and ten. */
	for (u = 1; u < 4096; u++) {
		check(fromb(u));
		check(fromb(tap_xorshift(&rng) & 0x000fffffffffffffu));
		check(fromb(0x0020000000000000u - u));
		check(fromb(0x0020000000000000u + u));
		check(fromb(0x7fefffffffffffffu - u));
	}
	for (k = -1074; k <= 1023; k++) {
		p = ldexp(1, k);
		check(p);
		check(nextafter(p, 0));
		check(nextafter(p, INFINITY));
		check(-p);
	}
	for (k = -323; k <= 308; k++) {
		p = strtod((snprintf(b, sizeof b, "1e%d", k), b), NULL);
		check(p);
		check(nextafter(p, 0));
		check(nextafter(p, INFINITY));
	}
	for (i = 0; i <= 100000; i++)
		check((double)i);
	check(DBL_MAX);
	check(DBL_MIN);
	check(DBL_TRUE_MIN);
	report("subnormals, extremes, powers of 2 and 10, integers");
	exact(0.0, "0");
	exact(-0.0, "-0");
	ok(signbit(strtod((dsp_dtoa(-0.0, b), b), NULL)), "-0 reads back negative");
	exact(INFINITY, "inf");
	exact(-INFINITY, "-inf");
	exact(NAN, "nan");
	exact(0.1, "0.1");
	exact(-4.0, "-4");
	exact(123.456, "123.456");
	exact(0.0001, "0.0001");
	exact(1e-5, "1e-05");
	exact(1.5e-7, "1.5e-07");
	exact(1e16, "1e+16");
	exact(1e15, "1e+15");
	exact(1e14, "100000000000000");
	exact(1e6, "1000000");
	exact(1234567890123456.5, "1234567890123456.5");
	exact(12345678901234567.0, "12345678901234568");
	exact(1e23, "1e+23");
	exact(100.0, "100");
	exact(1234567.0, "1234567");
	exact(0.5, "0.5");
	exact(1e17, "1e+17");
	exact(1.5e300, "1.5e+300");
	exact(1.0 / 3, "0.3333333333333333");
	exact(2.0 / 3, "0.6666666666666666");
	exact(DBL_MAX, "1.7976931348623157e+308");
	exact(DBL_MIN, "2.2250738585072014e-308");
	exact(DBL_TRUE_MIN, "4.94065645841247e-324");
	exact(5e-324 * 3, "1.48219693752374e-323");
	exact(9007199254740993.0, "9007199254740992");
	is_int(dsp_dtoa(-1.5e-300, b), 9, "length returned for -1.5e-300");
	is_close(strtod(b, NULL), -1.5e-300, 0, "-1.5e-300 reads back");
	is_rel(strtod(b, NULL), -1.5e-300, 0, "-1.5e-300 reads back (relative)");
	return tap_done();
}
