/* The allocation wrappers of the test build (tests/nomem/disperse-nomem):
 * the same functions as src/core/alloc.c with a failure switch.
 *	DSP_FAIL_ALLOC=k	the k-th call (1, 2, ...) fails once, as
 *				malloc does: NULL, errno ENOMEM
 *	DSP_ALLOC_COUNT=FILE	at exit, the number of calls made is
 *				written to FILE
 * With OMP_NUM_THREADS=1 a command's calls come in the same order every
 * run, so k names one allocation.  The memory budget is checked as in
 * src/core/alloc.c (dsp_alloc_admit), after the switch. */
#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"

static atomic_ulong calls;
static unsigned long fail_at;		/* 0: never */
static const char *count_file;

static void
report(void)
{
	FILE *fp;

	if (count_file != NULL && (fp = fopen(count_file, "w")) != NULL) {
		fprintf(fp, "%lu\n", (unsigned long)atomic_load(&calls));
		fclose(fp);
	}
}

/* Before main, so that no thread ever sees half a setting. */
__attribute__((constructor)) static void
setup(void)
{
	const char *s;

	if ((s = getenv("DSP_FAIL_ALLOC")) != NULL)
		fail_at = strtoul(s, NULL, 10);
	if ((count_file = getenv("DSP_ALLOC_COUNT")) != NULL)
		atexit(report);
}

/* For a test linked with this file (tests/nomem/test-alloc.c): the k-th
 * call from now fails (0: none), and how many calls were made so far. */
void	dsp_alloc_fail_after(unsigned long k);
unsigned long dsp_alloc_calls(void);

void
dsp_alloc_fail_after(unsigned long k)
{
	fail_at = k ? atomic_load(&calls) + k : 0;
}

unsigned long
dsp_alloc_calls(void)
{
	return atomic_load(&calls);
}

int
dsp_alloc_check(void)
{
	unsigned long k;

	k = atomic_fetch_add(&calls, 1) + 1;
	if (k == fail_at) {
		errno = ENOMEM;
		return -1;
	}
	return 0;
}

void *
dsp_malloc_in(const char *fn, size_t size)
{
	return dsp_alloc_noted(dsp_alloc_check() || dsp_alloc_admit(fn, size) ? NULL :
	    malloc(size), fn, size);
}

void *
dsp_calloc_in(const char *fn, size_t n, size_t size)
{
	return dsp_alloc_noted(dsp_alloc_check() || (size != 0 && n > (size_t)-1 / size ?
	    0 : dsp_alloc_admit(fn, n * size)) ? NULL : calloc(n, size), fn, n * size);
}

void *
dsp_realloc_in(const char *fn, void *p, size_t size)
{
	size_t old = dsp_alloc_size(p);

	return dsp_alloc_noted(dsp_alloc_check() || (size > old &&
	    dsp_alloc_admit(fn, size - old)) ? NULL : realloc(p, size), fn, size);
}

char *
dsp_strdup_in(const char *fn, const char *s)
{
	return dsp_alloc_noted(dsp_alloc_check() || dsp_alloc_admit(fn, strlen(s) + 1) ?
	    NULL : strdup(s), fn, strlen(s) + 1);
}

char *
dsp_strndup_in(const char *fn, const char *s, size_t n)
{
	return dsp_alloc_noted(dsp_alloc_check() || dsp_alloc_admit(fn, strnlen(s, n) + 1) ?
	    NULL : strndup(s, n), fn, strnlen(s, n) + 1);
}
