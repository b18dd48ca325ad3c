/* SPDX-License-Identifier: GPL-3.0-or-later */
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
#include "core/math/map.h"
#include "core/schema/family.h"
#include "core/job.h"
#include "core/io/npy.h"
#include "core/io/rowset.h"
#include "export/atomic.h"
#include "core/io/parse.h"
#include "core/schema/grammar.h"
#include "core/schema/view.h"
#include "export/model.h"
#include "export/table.h"

/* A value of an option that is no parameter row, in the grammar and words
 * of every surface (core/schema/grammar.h); a refusal is the usage line. */
static int
opts_refused(struct dsp_opts *o)
{
	char msg[256];

	snprintf(msg, sizeof msg, "%s", dsp_last_error());
	return dsp_opts_usage(o, "%s", msg);
}

int
dsp_opts_double(struct dsp_opts *o, const char *opt, const char *arg, double *v)
{
	return dsp_read_real(opt, arg, v) == DSP_OK ? 0 : opts_refused(o);
}

int
dsp_opts_size(struct dsp_opts *o, const char *opt, const char *arg, uint64_t *v)
{
	return dsp_read_size(opt, arg, v) == DSP_OK ? 0 : opts_refused(o);
}

int
dsp_opts_uint(struct dsp_opts *o, const char *opt, const char *arg, uint64_t *v)
{
	return dsp_read_uint(opt, arg, v) == DSP_OK ? 0 : opts_refused(o);
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

const char *
dsp_opts_join(const char *const *names, int count, const char *sep, char *buf, size_t len)
{
	size_t k = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < count && k < len; i++)
		k += (size_t)snprintf(buf + k, len - k, "%s%s", i ? sep : "", names[i]);
	return buf;
}

int
dsp_opts_index(const char *const *names, int count, const char *arg, int nocase)
{
	int i;

	if (nocase)
		return dsp_name_index(names, count, arg);
	for (i = 0; i < count; i++)
		if (strcmp(arg, names[i]) == 0)
			return i;
	return -1;
}

const char *
dsp_opts_names_of(const char *(*name)(int), int count, char *buf, size_t len)
{
	size_t k = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < count && k < len; i++)
		k += (size_t)snprintf(buf + k, len - k, "%s%s", i ? " " : "", name(i));
	return buf;
}

static const char *
metric_name(int i)
{
	return dsp_metric_name((enum dsp_metric)i);
}

const char *
dsp_opts_metric_names(void)
{
	static char buf[96];

	return dsp_opts_names_of(metric_name, DSP_METRIC_COUNT, buf, sizeof buf);
}
