/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Text and .npy input: writes 2^24 logits (8 U[0, 1) - 4, the same as
 * bench-kernel) as text at 17 significant digits and as a float64 .npy,
 * then times the --input parser against a bare strtod loop over the same
 * bytes already in memory: dsp_load_logits on one thread (the file mapped,
 * one part), dsp_read_logits (a stream in 1 MiB chunks, as stdin or a
 * pipe), in CPU time of the process (the wall clock on the shared machine
 * also counts other builds; reading or mapping the file is system time,
 * counted); then dsp_load_logits as --input runs it, all threads, in wall
 * time (its CPU time would also count threads waiting for each other).
 * Min / median of 5.
 *   bench-parse TXT NPY     (both written; bench/run.sh times report --input) */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/error.h"
#include "core/io/parse.h"
#include "timing.h"

#define N	((size_t)1 << 24)
#define REPS	5

static int
write_files(const char *txt, const char *npy, double *e)
{
	static const char magic[] = "\x93NUMPY\x01\x00";
	char hdr[128];
	uint64_t s = 88172645463325252u;
	FILE *ft, *fn;
	size_t i, hl;

	for (i = 0; i < N; i++) {
		s ^= s << 13;
		s ^= s >> 7;
		s ^= s << 17;
		e[i] = 8 * ((double)(s >> 11) * 0x1p-53) - 4;
	}
	if ((ft = fopen(txt, "w")) == NULL || (fn = fopen(npy, "wb")) == NULL)
		return -1;
	for (i = 0; i < N; i++)
		fprintf(ft, "%.17g\n", e[i]);
	/* Header padded with spaces to a multiple of 64 bytes, then '\n'. */
	hl = (size_t)snprintf(hdr, sizeof hdr, "{'descr': '<f8', 'fortran_order': False, "
	    "'shape': (%zu,), }", N);
	while ((10 + hl + 1) % 64 != 0)
		hdr[hl++] = ' ';
	hdr[hl++] = '\n';
	fwrite(magic, 1, 8, fn);
	fputc((int)(hl & 0xff), fn);
	fputc((int)(hl >> 8), fn);
	fwrite(hdr, 1, hl, fn);
	fwrite(e, sizeof *e, N, fn);
	return (fclose(ft) == 0) + (fclose(fn) == 0) == 2 ? 0 : -1;
}

/* Load the text REPS times: min and median of clock's ms in *mn, *md.
 * how: 0 dsp_load_logits, 1 dsp_read_logits on the opened file. */
static int
time_load(const char *path, int how, clockid_t clock, double *mn, double *md, double *sum)
{
	double t[REPS], t0, *v;
	size_t n;
	FILE *fp = NULL;
	int r, rc;

	for (r = 0; r < REPS; r++) {
		if (how == 1 && (fp = fopen(path, "rb")) == NULL)
			return -1;
		t0 = bench_cpu_ms(clock);
		rc = how == 1 ? dsp_read_logits(fp, &v, &n) : dsp_load_logits(path, &v, &n);
		t[r] = bench_cpu_ms(clock) - t0;
		if (fp != NULL)
			fclose(fp);
		if (rc != 0) {
			fprintf(stderr, "bench-parse: %s\n", dsp_last_error());
			return -1;
		}
		*sum += v[n - 1];
		free(v);
	}
	qsort(t, REPS, sizeof *t, bench_cmp);
	*mn = t[0];
	*md = t[REPS / 2];
	return 0;
}

int
main(int argc, char **argv)
{
	double *e, t[REPS], t0, sum = 0, pmin, pmd, cmin, cmd, wmin, wmd, smin, smd, imin, imd, mb;
	char *buf, *p, *end;
	size_t len;
	FILE *fp;
	int r;

	if (argc < 3 || (e = malloc(N * sizeof *e)) == NULL || write_files(argv[1], argv[2], e)) {
		fprintf(stderr, "usage: bench-parse TXT NPY\n");
		return 1;
	}
	free(e);
	/* 330 MB of text is over the default 256 MiB --input cap. */
	setenv("DISPERSE_MAX_INPUT", "1G", 1);
	dsp_parse_set_parallel(1, 1);
	if (time_load(argv[1], 0, CLOCK_PROCESS_CPUTIME_ID, &pmin, &pmd, &sum) != 0 ||
	    time_load(argv[1], 1, CLOCK_PROCESS_CPUTIME_ID, &cmin, &cmd, &sum) != 0)
		return 1;
	dsp_parse_set_parallel(0, 0);
	if (time_load(argv[1], 0, CLOCK_MONOTONIC, &wmin, &wmd, &sum) != 0)
		return 1;
	if ((fp = fopen(argv[1], "rb")) == NULL)
		return 1;
	fseek(fp, 0, SEEK_END);
	len = (size_t)ftell(fp);
	rewind(fp);
	if ((buf = malloc(len + 1)) == NULL || fread(buf, 1, len, fp) != len)
		return 1;
	fclose(fp);
	buf[len] = '\0';
	for (r = 0; r < REPS; r++) {
		t0 = bench_cpu_ms(CLOCK_PROCESS_CPUTIME_ID);
		for (p = buf; *p != '\0'; p = end + 1)
			sum += strtod(p, &end);
		t[r] = bench_cpu_ms(CLOCK_PROCESS_CPUTIME_ID) - t0;
	}
	qsort(t, REPS, sizeof *t, bench_cmp);
	smin = t[0];
	smd = t[REPS / 2];
	/* The parser alone on the same bytes, already in memory: what a text
	 * report --input is held against (run.sh). */
	for (r = 0; r < REPS; r++) {
		double *v;
		size_t nv;

		t0 = bench_cpu_ms(CLOCK_PROCESS_CPUTIME_ID);
		if (dsp_parse_logits(buf, len, &v, &nv) != DSP_OK)
			return 1;
		t[r] = bench_cpu_ms(CLOCK_PROCESS_CPUTIME_ID) - t0;
		sum += v[nv - 1];
		free(v);
	}
	qsort(t, REPS, sizeof *t, bench_cmp);
	imin = t[0];
	imd = t[REPS / 2];
	free(buf);
	mb = (double)len / 1e6;
	printf("text input, 2^24 logits at 17 digits (%.0f MB); %d repeats, min / median ms\n",
	    mb, REPS);
	printf("  dsp_load_logits, one thread (mapped), CPU  %8.1f / %8.1f   %4.0f MB/s   goal >= 600 MB/s\n",
	    pmin, pmd, mb / pmd * 1e3);
	printf("  dsp_read_logits (stream, 1 MiB chunks), CPU %7.1f / %8.1f   %4.0f MB/s\n",
	    cmin, cmd, mb / cmd * 1e3);
	printf("  dsp_load_logits, threads the probe offers, wall %4.1f / %8.1f   %4.0f MB/s\n",
	    wmin, wmd, mb / wmd * 1e3);
	printf("  bare strtod loop (bytes in memory), CPU    %8.1f / %8.1f   %4.0f MB/s   (%.2fx slower than one thread; checksum %g)\n",
	    smin, smd, mb / smd * 1e3, smd / pmd, sum);
	printf("  dsp_parse_logits (bytes in memory), CPU    %8.1f / %8.1f   %4.0f MB/s\n",
	    imin, imd, mb / imd * 1e3);
	printf("in-memory parse 2^24: %.1f ms\n", imin);
	return 0;
}
