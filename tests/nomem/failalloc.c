/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The allocation wrappers of the test build (tests/nomem/disperse-nomem):
 * the same functions as src/core/alloc.c with a failure switch.
 *	DSP_FAIL_ALLOC=k	the k-th call (1, 2, ...) fails once, as
 *				malloc does: NULL, errno ENOMEM
 *	DSP_ALLOC_COUNT=FILE	at exit, the number of calls made is
 *				written to FILE
 *	DSP_FAIL_SERVE=R,W	a fork server (serve() below): the runs of
 *				a sweep without a program start each
 * With OMP_NUM_THREADS=1 a command's calls come in the same order every
 * run, so k names one allocation.  The memory budget is checked as in
 * src/core/alloc.c (dsp_alloc_admit), after the switch. */
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* Write all of s to fd (the server's replies). */
static void
put(int fd, const char *s)
{
	size_t len = strlen(s), off = 0;
	ssize_t w;

	while (off < len) {
		if ((w = write(fd, s + off, len - off)) < 0) {
			if (errno == EINTR)
				continue;
			_exit(3);
		}
		off += (size_t)w;
	}
}

/* The fork server of tests/nomem/sweep.py, so that each of a sweep's
 * runs costs a fork instead of a program start (dynamic linking, and
 * under ASan its set-up: most of a run's time).  Requests come on fd r,
 * one a line: "K<TAB>DIR<TAB>OUT<TAB>ERR".  For each, a child is forked
 * here, before main and before any thread: it fails the K-th allocation
 * (0: none), works in DIR, writes its stdout to the file OUT and its
 * stderr to ERR, and returns into the program's start-up exactly where a
 * fresh process of the same command line would be (the constructors run
 * so far have run in both; any after this one run in the child).  The
 * server writes the child's pid on fd w, then, when it has ended, its
 * exit status, or -SIGNAL, one a line; it exits at the end of the
 * requests.  It allocates nothing: a child starts from the heap a fresh
 * process has. */
static void
serve(int r, int w)
{
	static char req[3 * 4096 + 64];
	char num[32], *f[4], *nl;
	size_t have = 0;
	ssize_t got;
	pid_t pid;
	int st, fd, i;

	for (;;) {
		while ((nl = memchr(req, '\n', have)) == NULL) {
			if (have == sizeof req)
				_exit(2);
			if ((got = read(r, req + have, sizeof req - have)) < 0 && errno == EINTR)
				continue;
			if (got <= 0)
				_exit(0);
			have += (size_t)got;
		}
		*nl = '\0';
		for (f[0] = req, i = 1; i < 4; i++) {
			if ((f[i] = strchr(f[i - 1], '\t')) == NULL)
				_exit(2);
			*f[i]++ = '\0';
		}
		if ((pid = fork()) < 0)
			_exit(4);
		if (pid == 0) {
			close(r);
			close(w);
			unsetenv("DSP_FAIL_SERVE");
			fail_at = strtoul(f[0], NULL, 10);
			if (chdir(f[1]) != 0)
				_exit(125);
			for (i = 1; i <= 2; i++) {
				if ((fd = open(f[1 + i], O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0 ||
				    dup2(fd, i) < 0)
					_exit(125);
				close(fd);
			}
			return;
		}
		snprintf(num, sizeof num, "%ld\n", (long)pid);
		put(w, num);
		while (waitpid(pid, &st, 0) < 0)
			if (errno != EINTR)
				_exit(5);
		snprintf(num, sizeof num, "%d\n", WIFEXITED(st) ? WEXITSTATUS(st) :
		    -WTERMSIG(st));
		put(w, num);
		/* The next request: what followed this one's line. */
		have -= (size_t)(nl + 1 - req);
		memmove(req, nl + 1, have);
	}
}

/* Before main, so that no thread ever sees half a setting. */
__attribute__((constructor)) static void
setup(void)
{
	const char *s;
	int r, w;

	if ((s = getenv("DSP_FAIL_ALLOC")) != NULL)
		fail_at = strtoul(s, NULL, 10);
	if ((count_file = getenv("DSP_ALLOC_COUNT")) != NULL)
		atexit(report);
	if ((s = getenv("DSP_FAIL_SERVE")) != NULL && sscanf(s, "%d,%d", &r, &w) == 2)
		serve(r, w);
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
