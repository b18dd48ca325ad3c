/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Error codes and the thread-local detail message. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <gsl/gsl_errno.h>

#include "core/error.h"

static _Thread_local char detail[512];
/* detail is a budget refusal (alloc.h): the out-of-memory failures it
 * causes up the stack (each caller's own "out of memory") keep it, until
 * another kind of failure or dsp_clear_error. */
static _Thread_local int refused;

const char *
dsp_strerror(int code)
{
	switch (code) {
	case DSP_OK:		return "success";
	case DSP_EINVAL:	return "invalid argument";
	case DSP_ENOMEM:	return "out of memory";
	case DSP_ERANGE:	return "result out of range";
	case DSP_EPARSE:	return "malformed input";
	case DSP_EIO:		return "input/output error";
	case DSP_ENOTSUP:	return "not supported";
	case DSP_ETOOBIG:	return "too large to materialise";
	case DSP_EEMPTY:	return "no data";
	case DSP_ECANCELED:	return "cancelled";
	case DSP_EUNRELIABLE:	return "cannot be computed reliably";
	}
	return "unknown error";
}

const char *
dsp_last_error(void)
{
	return detail[0] != '\0' ? detail : "";
}

int
dsp_fail(int code, const char *fmt, ...)
{
	va_list ap;

	if (refused && code == DSP_ENOMEM)
		return code;	/* the budget's line says more */
	refused = 0;
	va_start(ap, fmt);
	vsnprintf(detail, sizeof detail, fmt, ap);
	va_end(ap);
	return code;
}

static _Thread_local const char *failed_fn;
static _Thread_local size_t failed_bytes;

void
dsp_alloc_refused(void)
{
	refused = 1;
}

void
dsp_alloc_failed(const char *fn, size_t bytes)
{
	failed_fn = fn;
	failed_bytes = bytes;
}

void *
dsp_alloc_noted(void *p, const char *fn, size_t bytes)
{
	if (p == NULL)
		dsp_alloc_failed(fn, bytes);
	return p;
}

int
dsp_fail_nomem(const char *what, size_t bytes)
{
	static const char *const unit[] = { "KiB", "MiB", "GiB", "TiB", "PiB", "EiB" };
	char where[96];
	double v;
	int u = -1;

	if (refused) {
		failed_fn = NULL;
		return DSP_ENOMEM;
	}
	if (what == NULL) {
		/* Used once: a later failure of a library's own allocation
		 * must not be reported with this one's size.  Without one, a
		 * callee's own "out of memory (...)" detail stays. */
		if (failed_fn == NULL)
			return strncmp(detail, "out of memory", 13) == 0 ? DSP_ENOMEM :
			    dsp_fail(DSP_ENOMEM, "out of memory");
		snprintf(where, sizeof where, "in %s", failed_fn);
		what = where;
		bytes = failed_bytes;
	}
	failed_fn = NULL;
	v = (double)bytes;
	if (bytes == 0)		/* a library's allocation: size unknown */
		return dsp_fail(DSP_ENOMEM, "out of memory (%s)", what);
	if (bytes < 1024)
		return dsp_fail(DSP_ENOMEM, "out of memory (%s, %zu bytes)", what, bytes);
	while (v >= 1024 && u < 5) {
		v /= 1024;
		u++;
	}
	return dsp_fail(DSP_ENOMEM, "out of memory (%s, %.3g %s)", what, v, unit[u]);
}

void
dsp_clear_error(void)
{
	detail[0] = '\0';
	refused = 0;
}

void
dsp_gsl_init(void)
{
	/* GSL's default handler aborts; the core reports through return codes. */
	gsl_set_error_handler_off();
}
