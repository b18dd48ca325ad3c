/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Error codes and messages for the disperse core.
 *
 * Every core function that can fail returns one of these codes.  A failing
 * function also records a one-line detail message (thread-local) that the
 * caller may print with dsp_last_error().  The core never prints or exits. */
#ifndef DSP_ERROR_H
#define DSP_ERROR_H

#include <stddef.h>

enum dsp_status {
	DSP_OK = 0,
	DSP_EINVAL,	/* an argument is out of its domain */
	DSP_ENOMEM,	/* allocation failed */
	DSP_ERANGE,	/* result not representable (overflow) */
	DSP_EPARSE,	/* malformed text input */
	DSP_EIO,	/* read or write failed */
	DSP_ENOTSUP,	/* combination not supported */
	DSP_ETOOBIG,	/* n too large to materialise; no allocation tried */
	DSP_EEMPTY,	/* no data */
	DSP_ECANCELED,	/* stopped by dsp_job_cancel (core/job.h) */
	DSP_EUNRELIABLE	/* a figure outside its possible range (core/schema/gate.h) */
};

const char	*dsp_strerror(int code);
/* Detail of the most recent failure in this thread ("" if none). */
const char	*dsp_last_error(void);
/* Record a detail message and return code (for use as "return dsp_fail(...)"). */
int		 dsp_fail(int code, const char *fmt, ...)
		    __attribute__((format(printf, 2, 3)));
/* DSP_ENOMEM with the detail "out of memory (WHAT, SIZE)": the one
 * form of an allocation failure (core/alloc.h).  what NULL: the last
 * allocation of this thread that failed ("in FUNCTION", its size). */
int		 dsp_fail_nomem(const char *what, size_t bytes);
/* Called by the allocation wrappers (core/alloc.h) when one fails. */
void		 dsp_alloc_failed(const char *fn, size_t bytes);
/* The detail just recorded is a refusal by the memory budget (alloc.h):
 * until it is reported, dsp_fail(DSP_ENOMEM, ...) and dsp_fail_nomem keep
 * it instead of their own "out of memory" text.  Another code, or
 * dsp_clear_error, drops it. */
void		 dsp_alloc_refused(void);
/* p, after recording a failure of function fn's size bytes when p is NULL:
 * the wrappers' return (src/core/alloc.c, tests/nomem/failalloc.c). */
void		*dsp_alloc_noted(void *p, const char *fn, size_t bytes);
void		 dsp_clear_error(void);
/* Turn off GSL's abort-on-error handler once, process-wide. */
void		 dsp_gsl_init(void);

#endif
