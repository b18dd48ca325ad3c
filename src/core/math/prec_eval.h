/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Number-format questions answered by whole evaluations (prec_eval.c). */
#ifndef DSP_PREC_EVAL_H
#define DSP_PREC_EVAL_H

#include "core/schema/params.h"
#include "core/math/precision.h"
#include "core/math/runs.h"
#include "core/math/summary.h"

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

/* What the underflow searches of several formats over the same parameters
 * share (p->precision does not matter): where a search goes through
 * arrays of logits (an emulated softmax-type row of a family without runs,
 * item by item), the family's logits drawn once at n_max when those at
 * every smaller n are their first n (dsp_family_nested; else each probe
 * draws its n).  NULL where the searches take no arrays, and when drawing
 * fails (each search then draws and reports the failure itself). */
typedef struct dsp_prec_search dsp_prec_search;
dsp_prec_search	*dsp_prec_search_alloc(const dsp_params *p, enum dsp_prec_model m,
		    double n_max);
void		 dsp_prec_search_free(dsp_prec_search *sh);
/* dsp_prec_underflow_n with sh from dsp_prec_search_alloc(p', m, n_max')
 * for parameters p' that differ from p at most in precision, n_max' >=
 * n_max (or NULL: the search allocates its own).  The same answers and
 * errors: the bisection asks the same "a zero at n?", answered from the
 * array (one double evaluation over it for the temperature, then
 * dsp_prec_softmax_has_zero) where it can, else by dsp_prec_eval. */
int		 dsp_prec_underflow_n_shared(const dsp_params *p, enum dsp_prec_model m,
		    double n_max, const dsp_prec_search *sh, double *n_out);

#endif
