/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Minimal TAP producer for the C tests (header-only).
 *
 * Numeric checks print both values on failure so a red test says why. */
#ifndef DSP_TAP_H
#define DSP_TAP_H

#include <math.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static int tap_n, tap_failed;

static void tap_plan_done(void) { printf("1..%d\n", tap_n); }

static int __attribute__((format(printf, 2, 3)))
ok(int cond, const char *fmt, ...)
{
	va_list ap;

	printf("%s %d - ", cond ? "ok" : "not ok", ++tap_n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	if (!cond)
		tap_failed++;
	return cond;
}

static void __attribute__((format(printf, 1, 2)))
diag(const char *fmt, ...)
{
	va_list ap;

	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

/* |got - want| <= tol * max(1, |want|) (relative, absolute near 0). */
static int
is_close(double got, double want, double tol, const char *what)
{
	double scale = fabs(want) > 1 ? fabs(want) : 1;
	int c = (isnan(want) && isnan(got)) || got == want ||
	    fabs(got - want) <= tol * scale;

	ok(c, "%s", what);
	if (!c)
		diag("  got %.17g, want %.17g (tol %g)", got, want, tol);
	return c;
}

/* Relative error only: for tiny probabilities. */
static int
is_rel(double got, double want, double rel, const char *what)
{
	int c = got == want || (want != 0 && fabs(got - want) <= rel * fabs(want));

	ok(c, "%s", what);
	if (!c)
		diag("  got %.17g, want %.17g (rel %g, off %.3g)", got, want, rel,
		    want != 0 ? fabs(got - want) / fabs(want) : got);
	return c;
}

static int
is_int(long long got, long long want, const char *what)
{
	ok(got == want, "%s", what);
	if (got != want)
		diag("  got %lld, want %lld", got, want);
	return got == want;
}

/* Marsaglia's xorshift64: the tests' reproducible random stream (*s is
 * its state, never 0). */
static inline uint64_t
tap_xorshift(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static int
tap_done(void)
{
	tap_plan_done();
	return tap_failed ? 1 : 0;
}

#endif
