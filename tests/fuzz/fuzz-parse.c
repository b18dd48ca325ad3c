/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fuzz target: the logit text parser, then the kernel on what it accepts.
 * Built with clang -fsanitize=fuzzer by test-libfuzzer.sh, and with the
 * project compiler into fuzz-replay, which replays the seed corpus. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "core/error.h"
#include "core/math/kernel.h"
#include "core/io/parse.h"

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	dsp_stats st;
	double *v;
	size_t n, i;

	if (dsp_parse_logits((const char *)data, size, &v, &n) != DSP_OK) {
		if (v != NULL || n != 0)
			abort();	/* failure must leave nothing allocated */
		return 0;
	}
	for (i = 0; i < n; i++)
		if (!(v[i] - v[i] == 0))
			abort();	/* the parser promises finite numbers */
	if (dsp_softmax_stats(v, n, 1, &st) != DSP_OK || !(st.entropy >= -1e-12) ||
	    !(st.max_weight > 0 && st.max_weight <= 1))
		abort();
	if (dsp_softmax_stats(v, n, -0.01, &st) != DSP_OK || !(st.entropy >= -1e-12))
		abort();
	free(v);
	return 0;
}
