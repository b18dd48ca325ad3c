/* Fused one-pass kernels over explicit logit arrays: softmax statistics
 * (log-partition, entropy, max weight) without materialising the weights.
 * This is the hot path for large explicit n; see bench/. */
#ifndef DSP_KERNEL_H
#define DSP_KERNEL_H

#include <stddef.h>

typedef struct dsp_stats {
	double	logz;		/* log sum exp(e/theta) */
	double	entropy;	/* nats */
	double	max_weight;
	double	min_weight;
	double	emin, emax;	/* logit min / max */
} dsp_stats;

/* theta != 0 required (theta == 0 is handled by the caller). */
int	dsp_softmax_stats(const double *e, size_t n, double theta, dsp_stats *out);

#endif
