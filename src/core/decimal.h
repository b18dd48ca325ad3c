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
 * strtod bit for bit. */
#ifndef DSP_DECIMAL_H
#define DSP_DECIMAL_H

#include <stddef.h>

/* Parse [+-]digits[.digits][(e|E)[+-]digits] (at least one digit in the
 * significand) at s, not reading at or past end.  Returns the bytes taken
 * (> 0) and sets *out, or 0 when strtod must decide (nothing is set). */
size_t	dsp_decimal_fast(const char *s, const char *end, double *out);

#endif
