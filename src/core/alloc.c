/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The allocation wrappers of a normal build (alloc.h): the budget's check
 * (alloc_live.c), then the plain call, a failure recorded for its message.
 * A test build links tests/nomem/failalloc.c instead, which defines the
 * same functions with a failure switch; nothing else lives in this file,
 * so the linker takes either one whole. */
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"

void *
dsp_malloc_in(const char *fn, size_t size)
{
	if (dsp_alloc_admit(fn, size) != 0)
		return dsp_alloc_noted(NULL, fn, size);
	return dsp_alloc_noted(malloc(size), fn, size);
}

void *
dsp_calloc_in(const char *fn, size_t n, size_t size)
{
	/* An overflowing product is calloc's to refuse. */
	if (size == 0 || n <= (size_t)-1 / size) {
		if (dsp_alloc_admit(fn, n * size) != 0)
			return dsp_alloc_noted(NULL, fn, n * size);
	}
	return dsp_alloc_noted(calloc(n, size), fn, n * size);
}

void *
dsp_realloc_in(const char *fn, void *p, size_t size)
{
	size_t old = dsp_alloc_size(p);

	if (size > old && dsp_alloc_admit(fn, size - old) != 0)
		return dsp_alloc_noted(NULL, fn, size);
	return dsp_alloc_noted(realloc(p, size), fn, size);
}

char *
dsp_strdup_in(const char *fn, const char *s)
{
	if (dsp_alloc_admit(fn, strlen(s) + 1) != 0)
		return dsp_alloc_noted(NULL, fn, strlen(s) + 1);
	return dsp_alloc_noted(strdup(s), fn, strlen(s) + 1);
}

char *
dsp_strndup_in(const char *fn, const char *s, size_t n)
{
	if (dsp_alloc_admit(fn, strnlen(s, n) + 1) != 0)
		return dsp_alloc_noted(NULL, fn, strnlen(s, n) + 1);
	return dsp_alloc_noted(strndup(s, n), fn, strnlen(s, n) + 1);
}

int
dsp_alloc_check(void)
{
	return 0;
}
