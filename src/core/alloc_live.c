/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The memory budget of the allocation wrappers (alloc.h): the live bytes,
 * the check, and the counted anonymous mappings.  Shared by src/core/alloc.c
 * and the test build's tests/nomem/failalloc.c. */
#include "config.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#if defined(HAVE_MALLINFO2) || defined(HAVE_MALLOPT)
#include <malloc.h>
#endif

#include "core/alloc.h"
#include "core/error.h"
#include "core/job.h"

/* Under AddressSanitizer the heap is the sanitizer's, which glibc's
 * mallinfo2 does not see: its own count of live bytes takes its place, so
 * the budget refuses the same allocations in the sanitizer build. */
#if defined(__SANITIZE_ADDRESS__)
#define DSP_ASAN_HEAP	1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define DSP_ASAN_HEAP	1
#endif
#endif
#ifdef DSP_ASAN_HEAP
size_t	__sanitizer_get_current_allocated_bytes(void);
#endif

void
dsp_alloc_init(void)
{
#if defined(HAVE_MALLOPT) && defined(M_TOP_PAD)
	/* A curve's points each allocate and free a few hundred KB: with
	 * glibc's default pad (128 KiB) the heap shrank after every point and
	 * the next one faulted its pages in again -- half the CPU of a curve
	 * on the typical configuration (compare, 150 points to 2^40: 0.29 ->
	 * 0.09 s with typical.c's merge of the edges).  A MiB kept at the
	 * heap's top is the whole cost, and it is free memory: the budget
	 * counts what is in use (dsp_mem_live). */
	(void)mallopt(M_TOP_PAD, 1 << 20);
#endif
}

static atomic_size_t mapped;		/* bytes of dsp_map_anon mappings */
static _Thread_local size_t unlooked;	/* small bytes since the last look */

int
dsp_mem_measured(void)
{
#if defined(HAVE_MALLINFO2) || defined(DSP_ASAN_HEAP)
	return 1;
#else
	return 0;
#endif
}

size_t
dsp_mem_live(void)
{
#if defined(DSP_ASAN_HEAP)
	return __sanitizer_get_current_allocated_bytes() + atomic_load(&mapped);
#elif defined(HAVE_MALLINFO2)
	struct mallinfo2 m = mallinfo2();

	return m.uordblks + m.hblkhd + atomic_load(&mapped);
#else
	return 0;
#endif
}

size_t
dsp_alloc_size(void *p)
{
#ifdef HAVE_MALLOC_USABLE_SIZE
	return p != NULL ? malloc_usable_size(p) : 0;
#else
	(void)p;
	return 0;
#endif
}

int
dsp_alloc_admit(const char *fn, size_t bytes)
{
	dsp_job *j = dsp_job_current();
	char what[160], b[32];
	size_t live;

	if (j == NULL || j->budget == 0)
		return 0;
	if (dsp_mem_measured()) {
		if (bytes < DSP_ALLOC_LOOK_BIG) {
			unlooked += bytes;
			if (unlooked < DSP_ALLOC_LOOK_SMALL)
				return 0;
		}
		unlooked = 0;
		live = dsp_mem_live();
	} else
		live = 0;
	if (bytes <= j->budget && live <= j->budget - bytes) {
		if (live + bytes > j->peak)
			j->peak = live + bytes;
		return 0;
	}
	/* The user's words, not the code's: the caller's prefix names the
	 * work ("evaluation: ..."), fn is left to the out-of-memory detail. */
	(void)fn;
	snprintf(what, sizeof what, "this work (%s more)",
	    dsp_format_bytes((double)bytes, b, sizeof b));
	dsp_job_over(what, (double)live + (double)bytes, j->budget);
	errno = ENOMEM;
	return -1;
}

void *
dsp_map_anon_in(const char *fn, size_t bytes, int populate)
{
	int flags = MAP_PRIVATE | MAP_ANONYMOUS;
	void *p;

	if (bytes == 0)
		bytes = 1;
	if (dsp_alloc_check() != 0 || dsp_alloc_admit(fn, bytes) != 0)
		return dsp_alloc_noted(NULL, fn, bytes);
#ifdef MAP_POPULATE
	if (populate)
		flags |= MAP_POPULATE;
#else
	(void)populate;
#endif
	p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, flags, -1, 0);
	if (p == MAP_FAILED)
		return dsp_alloc_noted(NULL, fn, bytes);
	atomic_fetch_add(&mapped, bytes);
	return p;
}

void
dsp_alloc_huge(void *p, size_t bytes)
{
#ifdef MADV_HUGEPAGE
	const uintptr_t huge = (uintptr_t)2 << 20;
	uintptr_t lo = ((uintptr_t)p + huge - 1) & ~(huge - 1);
	uintptr_t hi = ((uintptr_t)p + bytes) & ~(huge - 1);

	if (p != NULL && bytes >= 2 * huge && hi > lo)
		(void)madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
#else
	(void)p;
	(void)bytes;
#endif
}

void
dsp_unmap_anon(void *p, size_t bytes)
{
	if (p == NULL)
		return;
	if (bytes == 0)
		bytes = 1;
	munmap(p, bytes);
	atomic_fetch_sub(&mapped, bytes);
}

/* 1 when every adjacent pair of base is in order (dir 1: cmp <= 0) or
 * strictly the other way round (dir -1: cmp > 0). */
static int
monotone(const char *base, size_t n, size_t size,
    int (*cmp)(const void *, const void *), int dir)
{
	size_t i;

	for (i = 1; i < n; i++) {
		int c = cmp(base + (i - 1) * size, base + i * size);

		if (dir > 0 ? c > 0 : c <= 0)
			return 0;
	}
	return 1;
}

static void
reverse(char *base, size_t n, size_t size)
{
	char *a = base, *b = base + (n - 1) * size, t;
	size_t k;

	for (; a < b; a += size, b -= size)
		for (k = 0; k < size; k++) {
			t = a[k];
			a[k] = b[k];
			b[k] = t;
		}
}

int
dsp_qsort(void *base, size_t n, size_t size,
    int (*cmp)(const void *, const void *), const char *what)
{
	char w[160];
	int rc;

	/* Rows often come in order (a power series' logits fall with k):
	 * already sorted, nothing to do; strictly reversed, reversing is the
	 * one sorted order.  Either is the order a stable sort gives (glibc's
	 * merge sort: the same bits downstream), in O(n) and no scratch; any
	 * other row leaves these checks at its first pair out of line. */
	if (n > 1 && monotone(base, n, size, cmp, 1))
		return DSP_OK;
	if (n > 1 && monotone(base, n, size, cmp, -1)) {
		reverse(base, n, size);
		return DSP_OK;
	}
	if (n > 1 && size > 0 && n <= (size_t)-1 / size && n * size >= 1024) {
		snprintf(w, sizeof w, "sorting %s (%zu items)", what, n);
		if ((rc = dsp_job_need(n * size, w)) != DSP_OK)
			return rc;
	}
	qsort(base, n, size, cmp);
	return DSP_OK;
}
