/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Peak resident memory of a command: runs argv[1..] as a child (its
 * stdout to /dev/null), waits, prints "PEAK_MIB" from getrusage of the
 * child (ru_maxrss).  With -t first: "PEAK_MIB CPU_S WALL_S", the child's
 * user + system time and the wall time, for before/after comparisons in
 * one run.  Exit status: the child's. */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double
now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int
main(int argc, char **argv)
{
	struct rusage ru;
	pid_t pid;
	int st, fd, times = argc > 1 && strcmp(argv[1], "-t") == 0;
	double t0;

	argv += times;
	argc -= times;
	if (argc < 2) {
		fprintf(stderr, "usage: bench-rss [-t] COMMAND [ARG...]\n");
		return 2;
	}
	t0 = now_s();
	if ((pid = fork()) < 0)
		return 2;
	if (pid == 0) {
		if ((fd = open("/dev/null", O_WRONLY)) >= 0)
			dup2(fd, 1);
		execvp(argv[1], argv + 1);
		_exit(127);
	}
	if (waitpid(pid, &st, 0) != pid || getrusage(RUSAGE_CHILDREN, &ru) != 0)
		return 2;
	if (times)
		printf("%.1f %.6f %.6f\n", (double)ru.ru_maxrss / 1024,
		    (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
		    (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6,
		    now_s() - t0);
	else
		printf("%.1f\n", (double)ru.ru_maxrss / 1024);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 1;
}
