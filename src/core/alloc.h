/* The project's one allocation path.
 *
 * Every allocation in src/ goes through these thin wrappers over the C
 * library's allocator, so that one place can count them (--mem-budget
 * accounting, issue 26) and a test build can fail the k-th call (the
 * out-of-memory sweep, tests/nomem).  They behave exactly like malloc,
 * calloc, realloc and strdup: NULL on failure (errno ENOMEM), and a failed
 * dsp_realloc leaves the old block as it was -- so a capacity is changed
 * only after the call succeeded.  dsp_alloc_check() is the same switch for
 * an allocation made inside a library (GSL, libzip, cairo): call it just
 * before, and treat a nonzero return as that library's NULL.
 *
 * Failure travels as DSP_ENOMEM (core/error.h) with a detail naming what
 * could not be allocated and its size (dsp_fail_nomem, core/error.h), up to the one
 * place that prints it: dsp_opts_core_fail for a command, the panel's
 * status for the TUI. */
#ifndef DSP_ALLOC_H
#define DSP_ALLOC_H

#include <stddef.h>

#include "core/error.h"

/* Each call names its function: a failure is recorded with it and the
 * size (dsp_alloc_failed), for the message dsp_fail_nomem(NULL, 0) makes. */
#define dsp_malloc(size)	dsp_malloc_in(__func__, (size))
#define dsp_calloc(n, size)	dsp_calloc_in(__func__, (n), (size))
#define dsp_realloc(p, size)	dsp_realloc_in(__func__, (p), (size))
#define dsp_strdup(s)		dsp_strdup_in(__func__, (s))
#define dsp_strndup(s, n)	dsp_strndup_in(__func__, (s), (n))

void	*dsp_malloc_in(const char *fn, size_t size);
void	*dsp_calloc_in(const char *fn, size_t n, size_t size);
void	*dsp_realloc_in(const char *fn, void *p, size_t size);
char	*dsp_strdup_in(const char *fn, const char *s);
char	*dsp_strndup_in(const char *fn, const char *s, size_t n);
/* 0: go on; -1: this allocation is to fail (test builds only). */
int	 dsp_alloc_check(void);
/* A library's allocating call (gsl_vector_alloc(n), EGifOpen(...)) under
 * the same switch: NULL, recorded like a failed wrapper, when the switch
 * says this one fails; the call's own value otherwise. */
#define DSP_LIB_ALLOC(call) \
	(dsp_alloc_check() ? (dsp_alloc_failed(__func__, 0), NULL) : (call))

#endif
