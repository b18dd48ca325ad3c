/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The memory budget of the allocation wrappers (src/core/alloc.h): a
 * block past the budget of the thread's job fails like an out of memory,
 * with the budget's line kept through a caller's dsp_fail; frees uncount
 * whoever frees, on any thread (the live bytes are the heap's own); the
 * counted mappings and dsp_qsort's scratch are asked for too. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/job.h"
#include "tap.h"

#define MiB	((size_t)1 << 20)

static void *
free_it(void *p)
{
	free(p);
	return NULL;
}

static int
cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

int
main(void)
{
	dsp_job job;
	pthread_t th;
	size_t live0, i, k;
	void *p, *q[64];
	int *v, rc, refused;

	if (!dsp_mem_measured()) {
		printf("1..0 # SKIP no mallinfo2: the live bytes are not measured\n");
		return 0;
	}
	live0 = dsp_mem_live();
	dsp_job_init(&job, live0 + 32 * MiB);
	dsp_job_attach(&job);

	p = dsp_malloc(16 * MiB);
	ok(p != NULL, "16 MiB within a budget of the live bytes + 32 MiB");
	dsp_clear_error();
	q[0] = dsp_malloc(24 * MiB);
	ok(q[0] == NULL, "24 MiB more is refused");
	ok(strstr(dsp_last_error(), "this work (24 MiB more) needs ") != NULL &&
	    strstr(dsp_last_error(), ", over the memory budget of ") != NULL &&
	    strstr(dsp_last_error(), "main") == NULL,
	    "the detail gives the size and the budget, never a function's name (%s)",
	    dsp_last_error());
	rc = dsp_fail(DSP_ENOMEM, "out of memory somewhere");
	ok(rc == DSP_ENOMEM && strstr(dsp_last_error(), "over the memory budget") != NULL,
	    "a caller's dsp_fail(DSP_ENOMEM) keeps the budget's line");
	rc = dsp_fail(DSP_EIO, "a later failure");
	ok(strcmp(dsp_last_error(), "a later failure") == 0, "another failure has its own line");

	/* Freed on another thread: the bytes leave the count all the same. */
	pthread_create(&th, NULL, free_it, p);
	pthread_join(th, NULL);
	q[0] = dsp_malloc(24 * MiB);
	ok(q[0] != NULL, "after a free on another thread, 24 MiB fits");
	free(q[0]);

	/* Many blocks allocated and freed: the count does not drift. */
	for (refused = 0, k = 0; k < 200; k++) {
		for (i = 0; i < 56; i++)
			refused += (q[i] = dsp_malloc(MiB / 2)) == NULL;
		for (i = 0; i < 56; i++)
			free(q[i]);
	}
	is_int(refused, 0, "200 rounds of 28 MiB allocated and freed: none refused");
	is_close((double)dsp_mem_live(), (double)live0, (double)(4 * MiB) / (double)live0,
	    "the live bytes are back where they started (within 4 MiB)");
	is_rel((double)job.budget, (double)(live0 + 32 * MiB), 0, "the budget as set");
	q[0] = dsp_realloc(NULL, MiB);
	q[1] = dsp_realloc(q[0], 40 * MiB);
	ok(q[1] == NULL, "a realloc growing past the budget is refused, the block kept");
	free(q[0]);

	p = dsp_map_anon(24 * MiB, 0);
	ok(p != NULL, "a counted mapping of 24 MiB");
	q[0] = dsp_malloc(16 * MiB);
	ok(q[0] == NULL, "counts: 16 MiB more of heap is refused");
	dsp_unmap_anon(p, 24 * MiB);
	q[0] = dsp_malloc(16 * MiB);
	ok(q[0] != NULL, "unmapped, it fits again");
	free(q[0]);

	/* glibc's qsort allocates a copy of the array: asked for first. */
	k = 20 * MiB / sizeof *v;
	if ((v = dsp_malloc(k * sizeof *v)) != NULL) {
		/* Out of order (a multiplicative shuffle of 0 .. k-1). */
		for (i = 0; i < k; i++)
			v[i] = (int)((i * 7919) % k);
		rc = dsp_qsort(v, k, sizeof *v, cmp_int, "a test array");
		ok(rc == DSP_ETOOBIG && strstr(dsp_last_error(), "sorting a test array") != NULL,
		    "sorting 20 MiB of 20 MiB held is refused (%s)", dsp_last_error());
		rc = dsp_qsort(v, k / 4, sizeof *v, cmp_int, "a test array");
		for (i = 1; rc == DSP_OK && i < k / 4 && v[i - 1] <= v[i]; i++)
			;
		ok(rc == DSP_OK && i == k / 4, "a quarter of it sorts");
		/* In order, or strictly the other way round: no scratch (so
		 * not refused at this budget), the sorted order in O(n). */
		for (i = 0; i < k; i++)
			v[i] = (int)(k - i);
		rc = dsp_qsort(v, k, sizeof *v, cmp_int, "a test array");
		for (i = 1; rc == DSP_OK && i < k && v[i - 1] < v[i]; i++)
			;
		ok(rc == DSP_OK && i == k && v[0] == 1, "20 MiB strictly descending: reversed, no scratch asked");
		rc = dsp_qsort(v, k, sizeof *v, cmp_int, "a test array");
		ok(rc == DSP_OK && v[0] == 1 && v[k - 1] == (int)k, "20 MiB in order: left as it is");
		free(v);
		{
			/* Equal keys in order keep their order (as a stable sort
			 * keeps it); a descending run with a tie is not "strictly
			 * reversed" and goes to qsort (sorted by key). */
			int pr[6][2] = { { 1, 0 }, { 2, 1 }, { 2, 2 }, { 3, 3 }, { 3, 4 }, { 5, 5 } };
			int dn[5][2] = { { 4, 0 }, { 3, 1 }, { 3, 2 }, { 1, 3 }, { 0, 4 } };

			rc = dsp_qsort(pr, 6, sizeof pr[0], cmp_int, "pairs");
			ok(rc == DSP_OK && pr[1][1] == 1 && pr[2][1] == 2 && pr[3][1] == 3 &&
			    pr[4][1] == 4, "ties in order stay in order");
			rc = dsp_qsort(dn, 5, sizeof dn[0], cmp_int, "pairs");
			ok(rc == DSP_OK && dn[0][0] == 0 && dn[1][0] == 1 && dn[2][0] == 3 &&
			    dn[3][0] == 3 && dn[4][0] == 4, "a descending run with a tie: sorted by qsort");
		}
	} else
		ok(0, "20 MiB for the sort");

	dsp_job_attach(NULL);
	p = dsp_malloc(64 * MiB);
	ok(p != NULL, "without a job nothing is checked");
	free(p);
	return tap_done();
}
