/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The one value grammar of every surface: the CLI's options, the TUI's
 * `:` and `=` lines, tour files' %set and %pin, and the settings file read
 * the same text through these functions, so a value one accepts, all
 * accept, with the same number.
 *
 *   real  decimal only: 4, -1.5, 2.5e-3 (no hexadecimal, inf or nan)
 *   size  1 .. 2^63, exact: 1048576, 2^40, 1e6, 1.5e3, 16Ki, 1Mi, 1Gi,
 *         1Ti, 1Pi, 1Ei (digits never go through a double)
 *   uint  0 .. 2^64-1, digits only
 *   name  a row's names, letter case ignored (one rule for every lookup)
 *   bool  on/off, yes/no, true/false, 1/0, letter case ignored */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/schema/grammar.h"
#include "core/schema/ptable.h"

int
dsp_parse_double(const char *s, double *v)
{
	char *end;
	double x;

	/* Decimal only: strtod would also take hexadecimal (0x10), inf and
	 * nan, which no surface means. */
	if (s == NULL || *s == '\0' || strchr(" \t\n\r\f\v", *s) != NULL ||
	    strspn(s, "0123456789.eE+-") != strlen(s))
		return -1;
	errno = 0;
	x = strtod(s, &end);
	if (end == s || *end != '\0' || !isfinite(x))
		return -1;
	*v = x;
	return 0;
}

/* Digits only, with overflow detection. */
int
dsp_parse_digits(const char *s, const char *end, uint64_t *v)
{
	uint64_t x = 0;

	if (s == end)
		return -1;
	for (; s < end; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		if (x > (UINT64_MAX - (uint64_t)(*s - '0')) / 10)
			return -1;
		x = x * 10 + (uint64_t)(*s - '0');
	}
	*v = x;
	return 0;
}

#define SIZE_MAX_N ((uint64_t)1 << 63)

/* Sizes are exact integers: plain digits never go through a double, so
 * 9007199254740993 stays itself. */
int
dsp_parse_size(const char *s, uint64_t *v)
{
	static const char *suffix[] = { "Ki", "Mi", "Gi", "Ti", "Pi", "Ei" };
	const char *caret, *end;
	uint64_t base, ex, x, mul = 1;
	double d;
	size_t len, i;
	char *tmp;
	int bad;

	if (s == NULL || (len = strlen(s)) == 0)
		return -1;
	end = s + len;
	if (len > 2 && end[-1] == 'i') {
		for (i = 0; i < sizeof suffix / sizeof suffix[0]; i++)
			if (end[-2] == suffix[i][0]) {
				mul = (uint64_t)1 << (10 * (i + 1));
				end -= 2;
				break;
			}
		if (mul == 1)
			return -1;
	}
	if ((caret = memchr(s, '^', (size_t)(end - s))) != NULL) {
		/* 0^k is never a size (and 0^0 = 1 was a surprise). */
		if (dsp_parse_digits(s, caret, &base) != 0 ||
		    dsp_parse_digits(caret + 1, end, &ex) != 0 || base == 0)
			return -1;
		x = 1;
		for (i = 0; i < ex; i++) {
			if (base != 0 && x > SIZE_MAX_N / base)
				return -1;
			x *= base;
			if (x == 0 || x == 1)
				break;
		}
	} else if (dsp_parse_digits(s, end, &x) != 0) {
		/* 1e6, 1.5e3: through a double, which must be an integer.
		 * Any length: a long spelling of a small number is still it.
		 * Decimal only: strtod would also take 0x1E (hex 30) while
		 * 0x10 has no e and was refused. */
		if ((tmp = dsp_strndup(s, (size_t)(end - s))) == NULL)
			return -1;
		bad = strpbrk(tmp, "eE.") == NULL || tmp[0] == '-' || tmp[0] == '+' ||
		    strspn(tmp, "0123456789.eE+-") != strlen(tmp) ||
		    dsp_parse_double(tmp, &d) != 0 || d != floor(d) ||
		    d > (double)SIZE_MAX_N || d < 0;
		free(tmp);
		if (bad)
			return -1;
		x = (uint64_t)d;
	}
	if (x != 0 && x > SIZE_MAX_N / mul)
		return -1;
	x *= mul;
	if (x < 1 || x > SIZE_MAX_N)
		return -1;
	*v = x;
	return 0;
}

int
dsp_name_is(const char *s, const char *name)
{
	return s != NULL && name != NULL && strcasecmp(s, name) == 0;
}

int
dsp_name_index(const char *const *names, int count, const char *s)
{
	int i;

	for (i = 0; i < count; i++)
		if (dsp_name_is(s, names[i]))
			return i;
	return -1;
}

int
dsp_param_name_index(const dsp_param_def *d, const char *s)
{
	return dsp_name_index(d->names, d->nnames, s);
}

/* The reason a text is not a value of its type, said once for every
 * surface: a parameter row (dsp_param_parse) and an option that is no row
 * (cli/opts_value.c) print the same words. */
int
dsp_read_real(const char *label, const char *arg, double *v)
{
	if (dsp_parse_double(arg, v) != 0)
		return dsp_fail(DSP_EINVAL, "%s: '%s' is not a finite number "
		    "(decimal: 4, -1.5, 2.5e-3)", label, arg != NULL ? arg : "");
	return DSP_OK;
}

int
dsp_read_size(const char *label, const char *arg, uint64_t *v)
{
	const char *p = arg != NULL ? arg : "";
	uint64_t x;

	if (dsp_parse_size(p, v) == 0)
		return DSP_OK;
	while (*p == ' ')
		p++;
	if (*p == '-')
		return dsp_fail(DSP_EINVAL, "%s: '%s' is negative; a size is at "
		    "least 1", label, p);
	if (dsp_parse_digits(p, p + strlen(p), &x) == 0 && x == 0)
		return dsp_fail(DSP_EINVAL, "%s: a size is at least 1 (got 0)", label);
	return dsp_fail(DSP_EINVAL, "%s: '%s' is not a size from 1 to 2^63 "
	    "(forms: 1048576, 2^40, 1e6, 16Ki, 1Mi, 1Gi)", label, arg != NULL ? arg : "");
}

int
dsp_read_uint(const char *label, const char *arg, uint64_t *v)
{
	if (arg == NULL || dsp_parse_digits(arg, arg + strlen(arg), v) != 0)
		return dsp_fail(DSP_EINVAL, "%s: '%s' is not an integer from 0 to "
		    "2^64-1", label, arg != NULL ? arg : "");
	return DSP_OK;
}

int
dsp_param_parse(const dsp_param_def *d, const char *arg, dsp_params *p,
    const char *label)
{
	char dom[160];
	uint64_t u;
	double x;
	int k;

	if (label == NULL)
		label = d->name;
	if (arg == NULL)
		arg = "";
	switch (d->type) {
	case DSP_PT_REAL:
		if (dsp_read_real(label, arg, &x) != DSP_OK)
			return DSP_EINVAL;
		return dsp_param_set_real(d, p, x, label);
	case DSP_PT_SIZE:
		if (dsp_read_size(label, arg, &u) != DSP_OK)
			return DSP_EINVAL;
		return dsp_param_set_uint(d, p, u, label);
	case DSP_PT_UINT:
		if (dsp_read_uint(label, arg, &u) != DSP_OK)
			return DSP_EINVAL;
		return dsp_param_set_uint(d, p, u, label);
	case DSP_PT_ENUM:
		if ((k = dsp_param_name_index(d, arg)) < 0)
			return dsp_fail(DSP_EINVAL, "%s: unknown %s '%s' (%s)", label,
			    d->help, arg, dsp_param_domain(d, dom, sizeof dom));
		return dsp_param_set_enum(d, p, k, label);
	case DSP_PT_BOOL:
		if (strcasecmp(arg, "on") == 0 || strcmp(arg, "1") == 0 ||
		    strcasecmp(arg, "yes") == 0 || strcasecmp(arg, "true") == 0)
			return dsp_param_set_enum(d, p, 1, label);
		if (strcasecmp(arg, "off") == 0 || strcmp(arg, "0") == 0 ||
		    strcasecmp(arg, "no") == 0 || strcasecmp(arg, "false") == 0)
			return dsp_param_set_enum(d, p, 0, label);
		return dsp_fail(DSP_EINVAL, "%s: '%s' is not on or off", label, arg);
	case DSP_PT_HEAD:
		if (dsp_head_parse(arg, &u, label) != DSP_OK)
			return DSP_EINVAL;
		return dsp_param_set_uint(d, p, u, label);
	case DSP_PT_PATH:
		if (*arg == '\0')
			return dsp_fail(DSP_EINVAL, "%s: empty file name", label);
		/* Borrowed: argv and the TUI's line editor keep it alive
		 * (dsp_model_attach then points at its own copy). */
		return dsp_param_set_path(d, p, arg);
	}
	return dsp_fail(DSP_EINVAL, "%s: unknown parameter type", label);
}
