/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The project's one allocation path.
 *
 * Every allocation in src/ goes through these thin wrappers over the C
 * library's allocator, so that one place checks them against the memory
 * budget (--mem-budget) and a test build can fail the k-th call (the
 * out-of-memory sweep, tests/nomem).  They behave exactly like malloc,
 * calloc, realloc and strdup: NULL on failure (errno ENOMEM), and a failed
 * dsp_realloc leaves the old block as it was -- so a capacity is changed
 * only after the call succeeded.  dsp_alloc_check() is the same switch for
 * an allocation made inside a library (GSL, libzip, cairo): call it just
 * before, and treat a nonzero return as that library's NULL.
 *
 * The budget.  A thread that has a job (core/job.h: a command's, the TUI
 * workers') with a budget B has every allocation refused, like an out of
 * memory, when the memory live in the process would pass B with it; the
 * detail is then "WHAT needs N, over the memory budget of B" (WHAT
 * "FUNCTION's SIZE", N the live bytes plus this allocation; a caller that
 * can name what it allocates better asks first, dsp_job_need).  Live memory is what dsp_mem_live()
 * measures: the C library's heap in use (glibc's mallinfo2: every block
 * not yet freed, by anyone -- libzip's, cairo's and GSL's too -- and the
 * large blocks it maps) plus the anonymous mappings made through
 * dsp_map_anon.  Frees therefore need no wrapper: a block is uncounted
 * when it is freed, by plain free(), on any thread, and the figure cannot
 * drift.  The alternatives were weighed and refused: a counter kept by the
 * wrappers (a size header, or malloc_usable_size) is uncounted only by a
 * dsp_free, so each of the ~300 plain free() calls on a wrapped block
 * would leak its size into the count for the rest of the process (the
 * TUI's), a header would make such a free() a crash, and a library's
 * block freed through dsp_free would be uncounted without having been
 * counted; a per-thread count is also wrong where a block is allocated on
 * one thread (the TUI's worker) and freed on another (the event loop).
 * mallinfo2 walks the heap's free lists (microseconds, milliseconds in a
 * heap of 10^5 free chunks), so it is read for an allocation of at least
 * DSP_ALLOC_LOOK_BIG bytes, and for smaller ones once a thread has made
 * DSP_ALLOC_LOOK_SMALL bytes of them since its last look: the live figure
 * may miss that much a thread, part of the constant documented in README
 * ("Memory budget").  Without mallinfo2 (not glibc) only a single
 * allocation larger than the budget is refused.  Threads without a job
 * (OpenMP's workers, the core's own tests) are not checked.
 *
 * Failure travels as DSP_ENOMEM (core/error.h) with a detail naming what
 * could not be allocated and its size (dsp_fail_nomem, core/error.h), up to the one
 * place that prints it: dsp_opts_core_fail for a command, the panel's
 * status for the TUI.  A refusal by the budget keeps its own detail
 * through a caller's dsp_fail(DSP_ENOMEM, ...) or dsp_fail_nomem (error.c),
 * so the line printed says which budget was passed and by how much. */
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
/* Set the C library's allocator for this program's pattern, once at the
 * start (main, the benchmarks that drive the same code). */
void	 dsp_alloc_init(void);
/* A library's allocating call (gsl_vector_alloc(n), EGifOpen(...)) under
 * the same switch: NULL, recorded like a failed wrapper, when the switch
 * says this one fails; the call's own value otherwise. */
#define DSP_LIB_ALLOC(call) \
	(dsp_alloc_check() ? (dsp_alloc_failed(__func__, 0), NULL) : (call))

/* The budget check of every wrapper (alloc_live.c): 0 when bytes more fit
 * in the budget of this thread's job, else -1 with the refusal recorded
 * (errno ENOMEM).  A resized block is checked for its growth only. */
#define DSP_ALLOC_LOOK_BIG	((size_t)256 << 10)
#define DSP_ALLOC_LOOK_SMALL	((size_t)4 << 20)
int	 dsp_alloc_admit(const char *fn, size_t bytes);
/* Bytes usable in a block of the wrappers (0 where the C library cannot
 * tell): what dsp_realloc grows from. */
size_t	 dsp_alloc_size(void *p);
/* Live bytes (see above); 0 when it cannot be measured. */
size_t	 dsp_mem_live(void);
int	 dsp_mem_measured(void);

/* qsort with its scratch inside the budget: glibc's qsort is a merge sort
 * that mallocs a buffer as large as the array, outside the wrappers (the
 * issue's "sort scratch"); the budget is asked for it first, in the name
 * of what, and the sort is not made when it would pass.  DSP_OK, or the
 * budget's DSP_ETOOBIG. */
int	 dsp_qsort(void *base, size_t n, size_t size,
	    int (*cmp)(const void *, const void *), const char *what);

/* An anonymous read-write mapping of bytes (pages populated in one call
 * when populate is set), checked and counted like the wrappers' blocks:
 * for a large scratch array whose pages are to leave the process at once
 * when it is freed.  NULL on failure (detail as a wrapper's). */
/* An array of bytes about to be written whole: ask for transparent huge
 * pages over its 2 MiB-aligned interior (on a VM a page fault costs
 * microseconds: 2^22 parsed logits, 32 MiB, took 8192 faults and 0.26 s of
 * CPU, with the advice 16 faults and 0.16 s).  A hint: nothing happens
 * under 4 MiB or where the kernel has them off, and nothing fails. */
void	 dsp_alloc_huge(void *p, size_t bytes);
#define dsp_map_anon(bytes, populate)	dsp_map_anon_in(__func__, (bytes), (populate))
void	*dsp_map_anon_in(const char *fn, size_t bytes, int populate);
void	 dsp_unmap_anon(void *p, size_t bytes);

#endif
