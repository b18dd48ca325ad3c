/* SPDX-License-Identifier: GPL-3.0-or-later */
/* disperse with a signal at the worst moment (tests/export/test-sigcreate.sh):
 * this mkstemp, linked in ahead of the C library's, creates the temporary
 * and then, on the k-th call (DSP_SIGNAL_AT_CREATE=k), sends the process
 * SIGTERM (kill: any thread that does not block it may take it, an OpenMP
 * pool thread included) before the writer has named the file to its
 * handler, and waits a tenth of a second: a handler that runs in another
 * thread meanwhile cannot know of the file.  The handler must still remove
 * it. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static int (*real_mkstemp)(char *);
static unsigned long calls;

int
mkstemp(char *tmpl)
{
	const char *at = getenv("DSP_SIGNAL_AT_CREATE");
	int fd;

	if (real_mkstemp == NULL &&
	    (real_mkstemp = (int (*)(char *))dlsym(RTLD_NEXT, "mkstemp")) == NULL)
		abort();
	fd = real_mkstemp(tmpl);
	if (fd >= 0 && at != NULL && ++calls == strtoul(at, NULL, 10)) {
		struct timespec pause = { 0, 100000000L };

		(void)kill(getpid(), SIGTERM);
		(void)nanosleep(&pause, NULL);
	}
	return fd;
}

int
mkstemp64(char *tmpl)
{
	return mkstemp(tmpl);
}
