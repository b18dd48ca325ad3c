/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The running job of this thread: a cancellation flag, a progress counter
 * and a memory budget that the core's long loops consult.
 *
 * The core never knows who runs it: a caller (the TUI's worker, the event
 * loop, a CLI command) attaches a dsp_job to its thread; every long loop
 * polls it every few thousand items (a few ms of work at most) and returns
 * DSP_ECANCELED once another thread has cancelled the job.  Every
 * allocation of a thread with a job is checked against the job's budget
 * (core/alloc.h: the live memory of the process with it must stay within
 * it), and a caller about to allocate much names it first (dsp_job_need):
 * past the budget it is refused with a message saying what it would need.
 * With no job attached nothing is checked (the core's own tests). */
#ifndef DSP_JOB_H
#define DSP_JOB_H

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

/* Default budget of one job: 1 GiB. */
#define DSP_MEM_BUDGET_DEFAULT	((size_t)1 << 30)

typedef struct dsp_job {
	atomic_int	cancel;		/* set from any thread */
	atomic_ullong	done, total;	/* progress units (total 0: unknown) */
	size_t		budget;		/* bytes; 0: unlimited */
	size_t		held;		/* bytes of run vectors this thread holds */
	size_t		peak;		/* most live bytes seen by a check */
} dsp_job;

void	 dsp_job_init(dsp_job *j, size_t budget);
/* Make j the job of the calling thread (NULL: none); returns the old one. */
dsp_job	*dsp_job_attach(dsp_job *j);
dsp_job	*dsp_job_current(void);
/* Ask j to stop (any thread). */
void	 dsp_job_cancel(dsp_job *j);
/* Start a new task on j: clears cancel and progress, keeps held. */
void	 dsp_job_restart(dsp_job *j, uint64_t total);
/* DSP_ECANCELED (with a message) once this thread's job is cancelled. */
int	 dsp_job_poll(void);
int	 dsp_job_cancelled(void);
/* Long loops look at the job (cancelled?) once in 2^16 items, where
 * (i & DSP_JOB_POLL_MASK) == 0 (or == the mask). */
#define DSP_JOB_POLL_MASK	0xffff
/* One more progress unit done on this thread's job. */
void	 dsp_job_step(void);
/* For worker threads of a parallel loop (OpenMP), which have no job of
 * their own: the caller's job j (may be NULL), read and advanced safely. */
int	 dsp_job_stopped(dsp_job *j);
void	 dsp_job_advance(dsp_job *j, uint64_t units);
/* Percent done (0..100), -1 if unknown. */
int	 dsp_job_percent(const dsp_job *j);
/* Would bytes more, for what, fit in the budget?  DSP_ETOOBIG with
 * "WHAT needs N, over the memory budget of B" if not: N is the live
 * memory (core/alloc.h, dsp_mem_live; without a measure, the bytes held
 * by dsp_job_take) plus bytes.  For a caller that knows what it is about
 * to allocate (a row converted to doubles, an inflated member) and can
 * name it better than the allocation wrappers' own check would. */
int	 dsp_job_need(size_t bytes, const char *what);
/* The message of a refusal: DSP_ETOOBIG, "WHAT needs TOTAL, over the
 * memory budget of BUDGET", marked as the budget's (dsp_alloc_refused):
 * an "out of memory" it causes up the stack keeps this line. */
int	 dsp_job_over(const char *what, double total, size_t budget);
/* dsp_job_need, then count bytes as held until dsp_job_give. */
int	 dsp_job_take(size_t bytes, const char *what);
void	 dsp_job_give(size_t bytes);
/* Bytes for a message: "1 GiB", "3.5 GiB", "200 MiB", "512 B". */
const char *dsp_format_bytes(double bytes, char *buf, size_t len);
/* Block in this thread every signal but the faults a thread raises itself
 * (SIGBUS, SIGSEGV, SIGFPE, SIGILL, SIGABRT): the ones delivered to
 * whichever thread does not block them; *old for dsp_signals_release,
 * which restores it. */
void	 dsp_signals_hold(sigset_t *old);
void	 dsp_signals_release(const sigset_t *old);
/* pthread_create for a helper thread (a worker, a progress ticker): it
 * blocks what dsp_signals_hold blocks, so a SIGINT or SIGTERM runs its handler on the
 * main thread, never beside it (a handler that restores the terminal or
 * removes a temporary file while the main thread draws or creates one
 * races it); its own faults still reach their handlers. */
int	 dsp_thread_start(pthread_t *t, void *(*fn)(void *), void *arg);
/* *at = ms milliseconds from now on CLOCK_REALTIME: the deadline of a
 * pthread_cond_timedwait on whoever runs or watches a job. */
void	 dsp_deadline(struct timespec *at, long ms);

#endif
