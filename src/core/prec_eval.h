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

/* The logits the underflow searches of p up to n_max under model m go
 * through, drawn once to share between the searches of several formats
 * (p->precision does not matter): the family's logits at n_max where those
 * at every smaller n are their first n (dsp_family_nested) and the search
 * takes arrays; else NULL, also when drawing fails (each search then draws
 * and reports the failure itself).  Free with free(). */
double		*dsp_prec_shared_logits(const dsp_params *p, enum dsp_prec_model m,
		    double n_max);
/* dsp_prec_underflow_n over shared = dsp_prec_shared_logits(p', m, n_max)
 * of parameters p' that differ from p at most in precision (or NULL: the
 * search draws its own).  The same answers and errors: the bisection asks
 * the same "a zero at n?", answered from the array of logits (one
 * evaluation for the temperature, then only the emulated weights' zero
 * count: dsp_prec_softmax_has_zero) where it can, else by dsp_prec_eval. */
int		 dsp_prec_underflow_n_shared(const dsp_params *p, enum dsp_prec_model m,
		    double n_max, const double *shared, double *n_out);

#endif
