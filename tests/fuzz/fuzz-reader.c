/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fuzz target: every input reader through the reader interface
 * (core/io/reader.h), as a caller meets them -- a file by its path.  The
 * first byte picks a row of dsp_readers[] (the table, looped over: a new
 * reader is fuzzed without a change here); the rest is the file, written
 * to an in-memory file and opened by its /proc/self/fd path.  A reader
 * with an open is opened (an archive's first array) and every row read
 * through dsp_npy_row (within its dims, finite: -inf keys skipped, NaN and
 * +inf refused); text is parsed whole by dsp_load_logits (finite values).
 * dsp_reader_pick of the same file must name a reader.  All under a small
 * memory budget, so an input cannot ask for more than it allows. */
#define _GNU_SOURCE
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "core/error.h"
#include "core/job.h"
#include "core/io/npy.h"
#include "core/io/parse.h"
#include "core/io/reader.h"
#include "fuzz-rows.h"

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static dsp_job job;
	const struct dsp_reader *r;
	size_t nreaders = 0, n, k;
	char path[64], name[256];
	dsp_npz *z = NULL;
	dsp_npy *a = NULL;
	double *v = NULL;
	int fd;

	if (size < 1)
		return 0;
	if (job.budget == 0) {
		dsp_job_init(&job, (size_t)64 << 20);
		dsp_job_attach(&job);
	}
	while (dsp_readers[nreaders].name != NULL)
		nreaders++;
	r = &dsp_readers[data[0] % nreaders];
	if ((fd = memfd_create("fuzz-reader", 0)) < 0)
		return 0;
	if (size > 1 && write(fd, data + 1, size - 1) != (ssize_t)(size - 1)) {
		close(fd);
		return 0;
	}
	snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	if (dsp_reader_pick(path) == NULL)
		abort();
	dsp_clear_error();
	if (r->open != NULL) {
		if (r->open(path, &z, &a, name, sizeof name) == DSP_OK && a != NULL)
			fuzz_rows(a);
		if (a != NULL)
			dsp_npy_close(a);
		if (z != NULL)
			dsp_npz_close(z);
	} else if (dsp_load_logits(path, &v, &n) == DSP_OK) {
		for (k = 0; k < n; k++)
			if (!isfinite(v[k]))
				abort();
		free(v);
	}
	close(fd);
	return 0;
}
