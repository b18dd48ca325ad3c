/* SPDX-License-Identifier: GPL-3.0-or-later */
/* (theta, lambda) map of 160 x 48 at n = 4096 (power series) and the
 * entropy-vs-n curve of 256 points up to 2^40, best of several runs. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

#include "core/math/eval.h"
#include "core/math/map.h"
#include "core/schema/params.h"

static double
curve_ms(enum dsp_family f, dsp_summary *out, size_t *count)
{
	double ns[256], best = INFINITY, t0;
	dsp_params p;
	int r;

	dsp_params_default(&p);
	p.family = f;
	*count = dsp_log_sizes(1, 0x1p40, 256, ns);
	for (r = 0; r < 10; r++) {
		t0 = dsp_now_ms();
		if (dsp_eval_curve(&p, ns, *count, out) != 0)
			return NAN;
		t0 = dsp_now_ms() - t0;
		best = t0 < best ? t0 : best;
	}
	return best;
}

int
main(void)
{
	static const enum dsp_metric metrics[] = { DSP_METRIC_ENTROPY, DSP_METRIC_MAX_WEIGHT };
	dsp_summary cv[256];
	dsp_map_spec s;
	dsp_params p;
	struct rusage ru;
	double *out, best, t0, ms;
	size_t count, k;
	int r, rc = 0;

	dsp_params_default(&p);
	p.n = 4096;
	dsp_map_spec_default(&s, 160, 48);
	if ((out = malloc(s.rows * s.cols * sizeof *out)) == NULL)
		return 1;
	for (k = 0; k < 2; k++) {
		s.metric = metrics[k];
		best = INFINITY;
		for (r = 0; r < 10; r++) {
			t0 = dsp_now_ms();
			rc |= dsp_map_compute(&p, &s, out);
			t0 = dsp_now_ms() - t0;
			best = t0 < best ? t0 : best;
		}
		printf("map 160x48, n = 4096, power series, %-10s %7.2f ms  (goal < 50)\n",
		    dsp_metric_name(s.metric), best);
	}
	/* The slow general path, for comparison: SSMax has no fast path. */
	p.attn = DSP_ATTN_SSMAX;
	t0 = dsp_now_ms();
	rc |= dsp_map_compute(&p, &s, out);
	printf("map 160x48, n = 4096, ssmax (dsp_eval per cell)  %7.2f ms\n", dsp_now_ms() - t0);
	ms = curve_ms(DSP_FAM_POWER, cv, &count);
	printf("curve %zu points to 2^40, power series       %7.3f ms  (goal < 10), H(2^40) = %.6g\n",
	    count, ms, cv[count - 1].entropy);
	ms = curve_ms(DSP_FAM_SPIKE, cv, &count);
	printf("curve %zu points to 2^40, spike              %7.3f ms  (goal < 10), H(2^40) = %.6g\n",
	    count, ms, cv[count - 1].entropy);
	getrusage(RUSAGE_SELF, &ru);
	printf("peak RSS %.1f MiB\n", (double)ru.ru_maxrss / 1024);
	free(out);
	return rc != 0;
}
