/* Number-format questions answered by whole evaluations (prec_eval.c). */
#ifndef DSP_PREC_EVAL_H
#define DSP_PREC_EVAL_H

#include "core/params.h"
#include "core/precision.h"
#include "core/runs.h"
#include "core/summary.h"

/* dsp_eval with p->precision emulated under model m (p->precision ==
 * DOUBLE: plain dsp_eval).  Needs the logits: runs families at any n,
 * others up to 2^27 (DSP_ETOOBIG / DSP_ENOTSUP beyond).  Weight figures
 * (max, min, total, entropy of the normalised row, paper entropy, top-k,
 * zero_weights, bound margin) describe the emulated weights; the band and
 * theta_eff are those of the exact computation.  w may be NULL. */
int		 dsp_prec_eval(const dsp_params *p, enum dsp_prec_model m,
		    dsp_runs *w, dsp_summary *s);
/* Smallest n in [2, n_max] where some weight is exactly 0 in the format
 * (bisection: assumes zeros, once there, stay as n grows -- true for spike
 * and power inputs); *n_out = 0 when none is 0 even at n_max. */
int		 dsp_prec_underflow_n(const dsp_params *p, enum dsp_prec_model m,
		    double n_max, double *n_out);

#endif
