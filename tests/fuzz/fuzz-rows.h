/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The fuzz targets' check of an opened array: every row read through
 * dsp_npy_row, within the array's keys and finite (-inf keys skipped,
 * NaN and +inf refused).  Aborts on a violation (libFuzzer's finding). */
#ifndef DSP_FUZZ_ROWS_H
#define DSP_FUZZ_ROWS_H

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "core/error.h"
#include "core/io/npy.h"

static void
fuzz_rows(const dsp_npy *a)
{
	uint64_t d[4], l, hd, q;
	double *buf;
	size_t n, k;
	int rc;

	dsp_npy_dims(a, d);
	/* (A header may promise more keys than a fuzz input can hold.) */
	if (d[3] > ((uint64_t)1 << 20) ||
	    (buf = malloc((size_t)(d[3] ? d[3] : 1) * sizeof *buf)) == NULL)
		return;
	for (l = 0; l < d[0]; l++)
		for (hd = 0; hd < d[1]; hd++)
			for (q = 0; q < d[2]; q++) {
				rc = dsp_npy_row(a, l, hd, q, buf, &n);
				if (rc == DSP_OK && (n == 0 || n > d[3]))
					abort();
				for (k = 0; rc == DSP_OK && k < n; k++)
					if (!isfinite(buf[k]))
						abort();
			}
	free(buf);
}

#endif
