/* The allocation wrappers of a normal build (alloc.h): plain calls.  A test
 * build links tests/nomem/failalloc.c instead, which defines the same
 * functions with a failure switch; nothing else lives in this file, so the
 * linker takes either one whole. */
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"

void *
dsp_malloc(size_t size)
{
	return malloc(size);
}

void *
dsp_calloc(size_t n, size_t size)
{
	return calloc(n, size);
}

void *
dsp_realloc(void *p, size_t size)
{
	return realloc(p, size);
}

char *
dsp_strdup(const char *s)
{
	return strdup(s);
}

char *
dsp_strndup(const char *s, size_t n)
{
	return strndup(s, n);
}

int
dsp_alloc_check(void)
{
	return 0;
}
