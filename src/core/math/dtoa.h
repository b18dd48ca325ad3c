/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Double to decimal text, round-trip exact and (nearly always) shortest,
 * at a few tens of nanoseconds a number: the writer of every number a
 * snapshot exports (JSON, CSV, text).
 *
 * Method: Loitsch's Grisu2 ("Printing floating-point numbers quickly and
 * accurately with integers", PLDI 2010) with 64-bit significands and the
 * 5^q table of the parser (pow5.h) as its cached powers of ten.  Grisu2
 * always produces digits that read back (strtod, round to nearest even)
 * to the same double; in rare cases (about 0.1 % of random doubles) one
 * digit more than the shortest such string.  Below 2^-1021 (the smallest
 * normals and the subnormals, whose powers 10^309.. the table lacks) the
 * shortest of %.15g..%.17g that reads back is taken instead: same
 * guarantee, printf's speed.
 *
 * Text: C locale, as "%.Pg" with P = max(15, digits) prints it (the
 * shortest of %.15g..%.17g that reads back, the writer this replaced,
 * gives the same text whenever its digits are the shortest): fixed
 * notation when the decimal exponent X of the first digit is in
 * [-4, P), else d.ddde+XX / d.ddde-XX (two exponent digits at least); no
 * trailing zeros, no trailing point; "-0" for negative zero; "inf",
 * "-inf", "nan" for the non-finite (JSON
 * writers say null themselves).  tests/core/test-dtoa checks 2^20 random
 * bit patterns, subnormals, +-0 and the extremes against strtod. */
#ifndef DSP_DTOA_H
#define DSP_DTOA_H

#include <stddef.h>

/* Longest text: "-2.2250738585072014e-308" and a NUL. */
#define DSP_DTOA_SIZE	32

/* Writes v into buf (DSP_DTOA_SIZE bytes at least) with a NUL; returns the
 * length. */
int	dsp_dtoa(double v, char *buf);

#endif
