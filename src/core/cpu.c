/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The thread probe of cpu.h: /proc/loadavg's running count, less this
 * process's running threads, against the online CPUs.  A system fact, not
 * an input: it changes how many threads share a pass, never a result (the
 * passes merge in chunk order). */
#include <dirent.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "core/cpu.h"

static atomic_int probe = -1;

void
dsp_cpu_set_probe(int on)
{
	atomic_store(&probe, on < 0 ? -1 : on != 0);
}

long
dsp_cpu_running(const char *s)
{
	long running;
	char *end;
	int field;

	/* The fourth field, "running/total". */
	for (field = 0; field < 3; field++) {
		while (*s == ' ')
			s++;
		while (*s != ' ' && *s != '\0')
			s++;
	}
	while (*s == ' ')
		s++;
	if (*s < '0' || *s > '9')
		return -1;
	running = strtol(s, &end, 10);
	return *end == '/' && running >= 1 ? running : -1;
}

int
dsp_cpu_threads_from(long running, long ncpu, long ours, int max)
{
	long spare;

	if (max < 1)
		return 1;
	if (running < 1 || ncpu < 1)
		return max;
	spare = ncpu - (running > ours ? running - ours : 0);
	if (spare < 1)
		return 1;
	return spare < max ? (int)spare : max;
}

/* The text of a small procfs file, or "" (buf holds size bytes). */
static const char *
slurp(const char *path, char *buf, size_t size)
{
	ssize_t got;
	int fd;

	buf[0] = '\0';
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return buf;
	got = read(fd, buf, size - 1);
	close(fd);
	buf[got > 0 ? got : 0] = '\0';
	return buf;
}

/* This process's threads in state R (running or runnable), the caller
 * among them: its OpenMP threads spinning after a pass are its own to use. */
static long
ours_running(void)
{
	char path[64], buf[512];
	struct dirent *d;
	const char *paren;
	long n = 0;
	DIR *dir;

	if ((dir = opendir("/proc/self/task")) == NULL)
		return 1;
	while ((d = readdir(dir)) != NULL) {
		if (d->d_name[0] < '0' || d->d_name[0] > '9')
			continue;
		snprintf(path, sizeof path, "/proc/self/task/%.20s/stat", d->d_name);
		/* "tid (comm) S ...": comm may hold spaces and parentheses. */
		if ((paren = strrchr(slurp(path, buf, sizeof buf), ')')) != NULL &&
		    paren[1] == ' ' && paren[2] == 'R')
			n++;
	}
	closedir(dir);
	return n > 0 ? n : 1;
}

static int
max_threads(void)
{
#ifdef _OPENMP
	return omp_get_max_threads();
#else
	return 1;
#endif
}

static int
use_probe(void)
{
	int p = atomic_load(&probe);

	if (p < 0) {
		p = getenv("OMP_NUM_THREADS") == NULL;
		atomic_store(&probe, p);
	}
	return p;
}

int
dsp_cpu_threads(void)
{
	char buf[128];
	long running;
	int max = max_threads();

	if (max <= 1 || !use_probe())
		return max;
	/* The total before ours: a thread of ours that stops spinning in
	 * between is then counted in the total, not in ours -- one thread
	 * fewer, never one too many. */
	running = dsp_cpu_running(slurp("/proc/loadavg", buf, sizeof buf));
	return dsp_cpu_threads_from(running, sysconf(_SC_NPROCESSORS_ONLN), ours_running(),
	    max);
}

void
dsp_cpu_each(long count, int threads, int grab, void (*fn)(void *ctx, long i), void *ctx)
{
	long i, first = 0;
	int nt = threads;

	if (nt == 0 && (nt = dsp_cpu_threads()) < max_threads() && count >= 8) {
		for (first = count / 8, i = 0; i < first; i++)
			fn(ctx, i);
		nt = dsp_cpu_threads();
	}
	(void)grab;
#pragma omp parallel for schedule(dynamic, grab) num_threads(nt) if (nt > 1)
	for (i = first; i < count; i++)
		fn(ctx, i);
}
