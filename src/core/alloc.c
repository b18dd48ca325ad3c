/* The allocation wrappers of a normal build (alloc.h): plain calls, a
 * failure recorded for its message.  A test build links
 * tests/nomem/failalloc.c instead, which defines the same functions with a
 * failure switch; nothing else lives in this file, so the linker takes
 * either one whole. */
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"

void *
dsp_malloc_in(const char *fn, size_t size)
{
	return dsp_alloc_noted(malloc(size), fn, size);
}

void *
dsp_calloc_in(const char *fn, size_t n, size_t size)
{
	return dsp_alloc_noted(calloc(n, size), fn, n * size);
}

void *
dsp_realloc_in(const char *fn, void *p, size_t size)
{
	return dsp_alloc_noted(realloc(p, size), fn, size);
}

char *
dsp_strdup_in(const char *fn, const char *s)
{
	return dsp_alloc_noted(strdup(s), fn, strlen(s) + 1);
}

char *
dsp_strndup_in(const char *fn, const char *s, size_t n)
{
	return dsp_alloc_noted(strndup(s, n), fn, strnlen(s, n) + 1);
}

int
dsp_alloc_check(void)
{
	return 0;
}
