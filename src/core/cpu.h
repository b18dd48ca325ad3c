/* SPDX-License-Identifier: GPL-3.0-or-later */
/* How many threads a pass of work should use now.
 *
 * A second thread pays only when a CPU is free to run it: on a 2-core
 * machine whose other core is busy it waits for a scheduler slice (4-35 ms)
 * and the pass ends later than with one thread (doc/performance.md,
 * Threads).  So, unless someone said how many (OMP_NUM_THREADS set, or
 * dsp_cpu_set_probe(0)), a pass that would go parallel asks first and takes
 * a thread for each CPU that no other process's runnable thread holds this
 * instant (the online CPUs less the running count of /proc/loadavg, from
 * which this process's own running threads are taken out: its OpenMP
 * threads still spinning after the last pass are its own to use), at least
 * 1 and at most what OpenMP allows.  The probe
 * reads a few procfs files (tens of microseconds), only for passes that
 * would use threads (the kernel from 2^24 items, the text parser from
 * 4 MiB); results do not depend on the count. */
#ifndef DSP_CPU_H
#define DSP_CPU_H

/* Threads for a pass that would go parallel: see above; always >= 1. */
int	dsp_cpu_threads(void);
/* fn(ctx, i) for every i in [0, count), in any order, handed grab at a
 * time to whichever thread is free, on threads > 1 of them (0: as many as
 * dsp_cpu_threads offers).  A probe that offers fewer than OpenMP allows
 * is asked again after the first eighth of the items, done alone: a
 * process that was running for a moment (the other end of a pipe starting
 * up) then costs an eighth of the pass, not all of it. */
void	dsp_cpu_each(long count, int threads, int grab, void (*fn)(void *ctx, long i),
	    void *ctx);
/* Tests and bench: 0 = every thread OpenMP allows, no probe; 1 = probe;
 * -1 = the default (probe unless OMP_NUM_THREADS is set). */
void	dsp_cpu_set_probe(int on);
/* The running count of a /proc/loadavg text ("0.50 0.40 0.30 2/345
 * 6789": 2), -1 when it does not parse. */
long	dsp_cpu_running(const char *loadavg);
/* The rule itself: with running threads on the machine (-1: unknown), ncpu
 * online CPUs, ours of the running and max threads allowed, ncpu - (running
 * - ours) within [1, max]; max when running or ncpu is unknown. */
int	dsp_cpu_threads_from(long running, long ncpu, long ours, int max);

#endif
