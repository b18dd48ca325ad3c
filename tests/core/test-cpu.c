/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The thread probe (core/cpu.h): the rule on hand-written /proc/loadavg
 * texts, then the live probe against a child process that spins (it holds
 * a CPU, so at most ncpu - 1 threads are offered), and the switches
 * (probe off: every thread OpenMP allows). */
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "core/cpu.h"
/* tap.h's real-valued checks are not needed here. */
#pragma GCC diagnostic ignored "-Wunused-function"
#include "tap.h"

static const struct {
	const char *load;
	long ncpu, ours;
	int max, want;
	const char *why;
} rule[] = {
	{ "0.00 0.01 0.05 1/123 4567\n", 2, 1, 2, 2, "idle 2-CPU machine: both" },
	{ "1.90 1.20 0.80 2/123 4567\n", 2, 1, 2, 1, "the other CPU busy: one" },
	{ "1.90 1.20 0.80 2/123 4567\n", 2, 2, 2, 2, "our own spinning thread: both" },
	{ "6.00 5.00 4.00 5/300 4567\n", 2, 1, 2, 1, "4 others on 2 CPUs: one" },
	{ "6.00 5.00 4.00 5/300 4567\n", 16, 1, 16, 12, "4 others on 16 CPUs: 12" },
	{ "6.00 5.00 4.00 5/300 4567\n", 16, 1, 8, 8, "at most OpenMP's 8" },
	{ "0.00 0.00 0.00 1/99 1\n", 8, 3, 8, 8, "ours above the total (a race): all" },
	{ "0.00 0.00 0.00 1/99 1\n", 2, 1, 0, 1, "max 0: still one" },
	{ "", 2, 1, 2, 2, "empty text: OpenMP's" },
	{ "0.1 0.2 0.3\n", 2, 1, 2, 2, "three fields: OpenMP's" },
	{ "0.1 0.2 0.3 x/12 5\n", 2, 1, 2, 2, "not a number: OpenMP's" },
	{ "0.1 0.2 0.3 0/12 5\n", 2, 1, 2, 2, "0 running (never, the reader runs): OpenMP's" },
	{ "0.1 0.2 0.3 12 5\n", 2, 1, 2, 2, "no slash: OpenMP's" },
	{ "0.1 0.2 0.3 3/12 5\n", 0, 1, 2, 2, "no CPU count: OpenMP's" },
};

static int
omp_max(void)
{
#ifdef _OPENMP
	return omp_get_max_threads();
#else
	return 1;
#endif
}

int
main(void)
{
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	struct timespec pause = { 0, 20 * 1000 * 1000 };
	size_t k;
	pid_t kid;
	int t, fewest;

	for (k = 0; k < sizeof rule / sizeof rule[0]; k++) {
		t = dsp_cpu_threads_from(dsp_cpu_running(rule[k].load), rule[k].ncpu,
		    rule[k].ours, rule[k].max);
		is_int(t, rule[k].want, rule[k].why);
	}
	dsp_cpu_set_probe(0);
	ok(dsp_cpu_threads() == omp_max(), "probe off: OpenMP's %d threads", omp_max());
	dsp_cpu_set_probe(1);
	t = dsp_cpu_threads();
	ok(t >= 1 && t <= omp_max(), "probe on: %d, within [1, %d]", t, omp_max());
	if (omp_max() < 2 || ncpu < 2) {
		ok(1, "# SKIP a spinning child: %d thread(s), %ld CPU(s)", omp_max(), ncpu);
		return tap_done();
	}
	if ((kid = fork()) == 0)
		for (;;)
			;
	/* The child is runnable from its first instruction; a few reads, the
	 * least taken, so a read that catches it before it is counted does
	 * not decide. */
	nanosleep(&pause, NULL);
	for (fewest = omp_max(), k = 0; k < 5; k++)
		if ((t = dsp_cpu_threads()) < fewest)
			fewest = t;
	kill(kid, SIGKILL);
	waitpid(kid, NULL, 0);
	ok(fewest <= (ncpu - 1 < omp_max() ? ncpu - 1 : omp_max()),
	    "a spinning child holds a CPU: %d thread(s) offered (%ld CPUs)", fewest, ncpu);
	dsp_cpu_set_probe(-1);
	return tap_done();
}
