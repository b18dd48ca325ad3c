/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fuzz target: the .npy header parser (dsp_npy_parse_header), then, for
 * arrays it accepts, every row read through dsp_npy_from_buffer +
 * dsp_npy_row (-inf skipped, NaN/+inf refused, count within the row). */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "core/error.h"
#include "core/io/npy.h"
#include "fuzz-rows.h"

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	dsp_npy_header h;
	dsp_npy *a;

	if (dsp_npy_parse_header(data, size, &h) != DSP_OK)
		return 0;
	if (h.ndim < 1 || h.ndim > DSP_NPY_MAXDIM || h.count == 0 ||
	    h.data_offset > size || (h.itemsize != 2 && h.itemsize != 4 && h.itemsize != 8))
		abort();
	if (dsp_npy_from_buffer(data, size, 0, "fuzz", &a) != DSP_OK)
		return 0;
	/* Accepted: the data must fit in the buffer. */
	if (h.count * (uint64_t)h.itemsize > size - h.data_offset)
		abort();
	fuzz_rows(a);
	dsp_npy_close(a);
	return 0;
}
