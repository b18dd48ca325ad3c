/* The option values: reals and sizes in the one grammar of every surface
 * (dsp_parse_double, dsp_parse_size), lists, ranges, and a parameter row's
 * value from its text (dsp_param_parse). */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/alloc.h"
#include "cli/opts.h"
#include "core/error.h"
#include "core/io/escape.h"
#include "core/math/eval.h"
#include "core/schema/family.h"
#include "core/job.h"
#include "core/io/npy.h"
#include "core/io/rowset.h"
#include "export/atomic.h"
#include "core/io/parse.h"
#include "core/schema/view.h"
#include "export/model.h"
#include "export/table.h"

int
dsp_parse_double(const char *s, double *v)
{
	char *end;
	double x;

	if (s == NULL || *s == '\0' || strchr(" \t\n\r\f\v", *s) != NULL)
		return -1;
	errno = 0;
	x = strtod(s, &end);
	if (end == s || *end != '\0' || !isfinite(x))
		return -1;
	*v = x;
	return 0;
}

/* Digits only, with overflow detection. */
static int
parse_digits(const char *s, const char *end, uint64_t *v)
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
		if (parse_digits(s, caret, &base) != 0 ||
		    parse_digits(caret + 1, end, &ex) != 0 || base == 0)
			return -1;
		x = 1;
		for (i = 0; i < ex; i++) {
			if (base != 0 && x > SIZE_MAX_N / base)
				return -1;
			x *= base;
			if (x == 0 || x == 1)
				break;
		}
	} else if (parse_digits(s, end, &x) != 0) {
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
dsp_opts_double(struct dsp_opts *o, const char *opt, const char *arg, double *v)
{
	if (dsp_parse_double(arg, v) != 0)
		return dsp_opts_usage(o, "%s: '%s' is not a finite number", opt, arg);
	return 0;
}

int
dsp_opts_size(struct dsp_opts *o, const char *opt, const char *arg, uint64_t *v)
{
	uint64_t x;
	const char *p = arg;

	if (dsp_parse_size(arg, v) == 0)
		return 0;
	while (*p == ' ')
		p++;
	if (*p == '-')
		return dsp_opts_usage(o, "%s: '%s' is negative; a size is at least 1",
		    opt, arg);
	if (strcmp(p, "0") == 0 || (parse_digits(p, p + strlen(p), &x) == 0 && x == 0))
		return dsp_opts_usage(o, "%s: a size is at least 1 (got 0)", opt);
	return dsp_opts_usage(o, "%s: '%s' is not a size from 1 to 2^63 "
	    "(forms: 1048576, 2^40, 1e6, 16Ki, 1Mi, 1Gi)", opt, arg);
}

int
dsp_opts_uint(struct dsp_opts *o, const char *opt, const char *arg, uint64_t *v)
{
	if (arg == NULL || parse_digits(arg, arg + strlen(arg), v) != 0)
		return dsp_opts_usage(o, "%s: '%s' is not an integer from 0 to 2^64-1",
		    opt, arg != NULL ? arg : "");
	return 0;
}

int
dsp_opts_size_list(struct dsp_opts *o, const char *opt, const char *arg,
    uint64_t hi, size_t max, size_t *out, size_t *count)
{
	char *s, *tok, *save = NULL;
	uint64_t v;
	int rc = 0;

	if ((s = dsp_strdup(arg)) == NULL)
		return dsp_opts_core_fail(o, NULL, dsp_fail_nomem(NULL, 0));
	*count = 0;
	for (tok = strtok_r(s, ",", &save); tok != NULL && rc == 0;
	    tok = strtok_r(NULL, ",", &save)) {
		if (dsp_opts_size(o, opt, tok, &v) != 0)
			rc = o->status;
		else if (v > hi || *count == max)
			rc = dsp_opts_usage(o, "%s: at most %zu sizes, each 1 .. %llu "
			    "(got %s)", opt, max, (unsigned long long)hi, tok);
		else
			out[(*count)++] = (size_t)v;
	}
	free(s);
	if (rc == 0 && *count == 0)
		rc = dsp_opts_usage(o, "%s: empty list", opt);
	return rc;
}

int
dsp_opts_range(struct dsp_opts *o, const char *opt, const char *arg,
    double *a, double *b)
{
	const char *colon;
	char *buf;
	int bad;

	/* Skip a leading sign so "-2:2" finds the separator. */
	colon = arg != NULL && *arg != '\0' ? strchr(arg + 1, ':') : NULL;
	if (colon == NULL)
		return dsp_opts_usage(o, "%s: '%s' is not a range a:b", opt,
		    arg != NULL ? arg : "");
	if ((buf = dsp_strndup(arg, (size_t)(colon - arg))) == NULL)
		return dsp_opts_core_fail(o, NULL, dsp_fail_nomem(NULL, 0));
	bad = dsp_parse_double(buf, a) != 0 || dsp_parse_double(colon + 1, b) != 0;
	free(buf);
	if (bad)
		return dsp_opts_usage(o, "%s: '%s' is not a range a:b of finite numbers",
		    opt, arg);
	return 0;
}

int
dsp_opts_vopt(struct dsp_opts *o, const char *opt, const char *arg,
    const dsp_vopt_def *d, dsp_map_spec *m)
{
	double lo, hi;

	if (dsp_opts_range(o, opt, arg, &lo, &hi) != 0)
		return o->status;
	if (dsp_vopt_set(d, m, lo, hi, opt) != DSP_OK)
		return dsp_opts_usage(o, "%s", dsp_last_error());
	return 0;
}

static int
lookup_name(const dsp_param_def *d, const char *s)
{
	int i;

	for (i = 0; i < d->nnames; i++)
		if (strcasecmp(s, d->names[i]) == 0)
			return i;
	return -1;
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
		if (dsp_parse_double(arg, &x) != 0)
			return dsp_fail(DSP_EINVAL, "%s: '%s' is not a finite number",
			    label, arg);
		return dsp_param_set_real(d, p, x, label);
	case DSP_PT_SIZE:
		if (dsp_parse_size(arg, &u) == 0)
			return dsp_param_set_uint(d, p, u, label);
		while (*arg == ' ')
			arg++;
		if (*arg == '-')
			return dsp_fail(DSP_EINVAL, "%s: '%s' is negative; a size is at "
			    "least 1", label, arg);
		if (parse_digits(arg, arg + strlen(arg), &u) == 0 && u == 0)
			return dsp_fail(DSP_EINVAL, "%s: a size is at least 1 (got 0)", label);
		return dsp_fail(DSP_EINVAL, "%s: '%s' is not a size from 1 to 2^63 "
		    "(forms: 1048576, 2^40, 1e6, 16Ki, 1Mi, 1Gi)", label, arg);
	case DSP_PT_UINT:
		if (parse_digits(arg, arg + strlen(arg), &u) != 0)
			return dsp_fail(DSP_EINVAL, "%s: '%s' is not an integer from "
			    "0 to 2^64-1", label, arg);
		return dsp_param_set_uint(d, p, u, label);
	case DSP_PT_ENUM:
		if ((k = lookup_name(d, arg)) < 0)
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
