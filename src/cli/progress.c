/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The progress line of a command's long work (progress.h). */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "cli/progress.h"
#include "core/dsp.h"

#define TICK_MS		250
/* Work shorter than this shows nothing (DISPERSE_PROGRESS_AFTER_MS: the
 * tests see the line of short work). */
#define QUIET_MS	1000

static struct {
	pthread_t	 thread;
	pthread_mutex_t	 lock;
	pthread_cond_t	 wake;
	int		 running, stop, shown;
	double		 quiet_ms;
	dsp_job		*job;
	const char	*cmd, *what;
	double		 t0;		/* ms, dsp_now_ms */
} pg = { .lock = PTHREAD_MUTEX_INITIALIZER, .wake = PTHREAD_COND_INITIALIZER };

static void
show(void)
{
	double el = (dsp_now_ms() - pg.t0) / 1000;
	int p = dsp_job_percent(pg.job);
	char rest[48] = "";

	if (el * 1000 < pg.quiet_ms)
		return;
	if (p >= 1 && p < 100)
		snprintf(rest, sizeof rest, ", about %.0f s left", el * (100 - p) / p);
	if (p >= 0)
		fprintf(stderr, "\rdisperse %s: %s %3d %%  %.0f s%s\033[K", pg.cmd, pg.what,
		    p, el, rest);
	else
		fprintf(stderr, "\rdisperse %s: %s  %.0f s\033[K", pg.cmd, pg.what, el);
	fflush(stderr);
	pg.shown = 1;
}

static void *
ticker(void *arg)
{
	struct timespec at;

	(void)arg;
	pthread_mutex_lock(&pg.lock);
	/* With no quiet time (the tests) the line shows at least once. */
	if (pg.quiet_ms <= 0)
		show();
	while (!pg.stop) {
		dsp_deadline(&at, TICK_MS);
		if (pthread_cond_timedwait(&pg.wake, &pg.lock, &at) == ETIMEDOUT && !pg.stop)
			show();
	}
	pthread_mutex_unlock(&pg.lock);
	return NULL;
}

void
dsp_progress_begin(const char *cmd, const char *what, uint64_t total)
{
	dsp_job *j = dsp_job_current();
	const char *after = getenv("DISPERSE_PROGRESS_AFTER_MS");

	if (j != NULL)
		dsp_job_restart(j, total);
	if (pg.running || j == NULL || !isatty(STDERR_FILENO))
		return;
	pg.job = j;
	pg.cmd = cmd;
	pg.what = what;
	pg.stop = pg.shown = 0;
	pg.quiet_ms = after != NULL && *after != '\0' ? (double)strtoul(after, NULL, 10) : QUIET_MS;
	pg.t0 = dsp_now_ms();
	/* Without the thread the work runs as before, silently. */
	pg.running = dsp_thread_start(&pg.thread, ticker, NULL) == 0;
}

void
dsp_progress_at(uint64_t done)
{
	dsp_job *j = dsp_job_current();

	if (j != NULL)
		atomic_store(&j->done, done);
}

void
dsp_progress_end(void)
{
	if (!pg.running)
		return;
	pthread_mutex_lock(&pg.lock);
	pg.stop = 1;
	pthread_cond_signal(&pg.wake);
	pthread_mutex_unlock(&pg.lock);
	pthread_join(pg.thread, NULL);
	pg.running = 0;
	if (pg.shown) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
	}
}
