/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The running job of a thread (see job.h). */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/job.h"

static _Thread_local dsp_job *current;

void
dsp_job_init(dsp_job *j, size_t budget)
{
	atomic_init(&j->cancel, 0);
	atomic_init(&j->done, 0);
	atomic_init(&j->total, 0);
	j->budget = budget;
	j->held = j->peak = 0;
}

dsp_job *
dsp_job_attach(dsp_job *j)
{
	dsp_job *old = current;

	current = j;
	return old;
}

dsp_job *
dsp_job_current(void)
{
	return current;
}

void
dsp_job_cancel(dsp_job *j)
{
	if (j != NULL)
		atomic_store(&j->cancel, 1);
}

void
dsp_job_restart(dsp_job *j, uint64_t total)
{
	atomic_store(&j->cancel, 0);
	atomic_store(&j->done, 0);
	atomic_store(&j->total, total);
	j->peak = j->held;
}

int
dsp_job_cancelled(void)
{
	return current != NULL && atomic_load_explicit(&current->cancel,
	    memory_order_relaxed);
}

int
dsp_job_poll(void)
{
	if (dsp_job_cancelled())
		return dsp_fail(DSP_ECANCELED, "cancelled");
	return DSP_OK;
}

void
dsp_job_step(void)
{
	if (current != NULL)
		atomic_fetch_add_explicit(&current->done, 1, memory_order_relaxed);
}

int
dsp_job_stopped(dsp_job *j)
{
	return j != NULL && atomic_load_explicit(&j->cancel, memory_order_relaxed);
}

void
dsp_job_advance(dsp_job *j, uint64_t units)
{
	if (j != NULL)
		atomic_fetch_add_explicit(&j->done, units, memory_order_relaxed);
}

int
dsp_job_percent(const dsp_job *j)
{
	unsigned long long d = atomic_load(&j->done), t = atomic_load(&j->total);

	if (t == 0)
		return -1;
	return d >= t ? 100 : (int)(100 * d / t);
}

const char *
dsp_format_bytes(double b, char *buf, size_t len)
{
	static const char *unit[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB" };
	size_t u = 0;

	while (b >= 1024 && u + 1 < sizeof unit / sizeof unit[0]) {
		b /= 1024;
		u++;
	}
	snprintf(buf, len, "%.3g %s", b, unit[u]);
	return buf;
}

/* Marked as the budget's refusal: a caller that turns the NULL it gets
 * into its own "out of memory" (dsp_runs_alloc's callers) keeps this line,
 * which says what was passed and by how much. */
int
dsp_job_over(const char *what, double total, size_t budget)
{
	char a[32], b[32];

	dsp_fail(DSP_ETOOBIG, "%s needs %s, over the memory budget of %s",
	    what, dsp_format_bytes(total, a, sizeof a),
	    dsp_format_bytes((double)budget, b, sizeof b));
	dsp_alloc_refused();
	return DSP_ETOOBIG;
}

/* Where the live bytes can be measured (alloc.h) they are what is held:
 * the run vectors and every other block of the process, once each. */
int
dsp_job_need(size_t bytes, const char *what)
{
	double total;

	if (current == NULL)
		return DSP_OK;
	total = (double)(dsp_mem_measured() ? dsp_mem_live() : current->held) +
	    (double)bytes;
	if (current->budget != 0 && total > (double)current->budget)
		return dsp_job_over(what, total, current->budget);
	if (total > (double)current->peak)
		current->peak = (size_t)total;
	return DSP_OK;
}

int
dsp_job_take(size_t bytes, const char *what)
{
	int rc;

	if ((rc = dsp_job_need(bytes, what)) != DSP_OK)
		return rc;
	if (current != NULL)
		current->held += bytes;
	return DSP_OK;
}

void
dsp_job_give(size_t bytes)
{
	if (current != NULL)
		current->held = current->held > bytes ? current->held - bytes : 0;
}

void
dsp_deadline(struct timespec *at, long ms)
{
	clock_gettime(CLOCK_REALTIME, at);
	at->tv_sec += ms / 1000;
	at->tv_nsec += (ms % 1000) * 1000000L;
	at->tv_sec += at->tv_nsec / 1000000000L;
	at->tv_nsec %= 1000000000L;
}

void
dsp_signals_hold(sigset_t *old)
{
	sigset_t all;

	/* Not the faults: a thread's own must reach their handlers. */
	sigfillset(&all);
	sigdelset(&all, SIGBUS);
	sigdelset(&all, SIGSEGV);
	sigdelset(&all, SIGFPE);
	sigdelset(&all, SIGILL);
	sigdelset(&all, SIGABRT);
	pthread_sigmask(SIG_BLOCK, &all, old);
}

void
dsp_signals_release(const sigset_t *old)
{
	pthread_sigmask(SIG_SETMASK, old, NULL);
}

int
dsp_thread_start(pthread_t *t, void *(*fn)(void *), void *arg)
{
	sigset_t old;
	int rc;

	/* The new thread inherits the mask it is created under. */
	dsp_signals_hold(&old);
	rc = pthread_create(t, NULL, fn, arg);
	dsp_signals_release(&old);
	return rc;
}
