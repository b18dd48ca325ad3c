/* Attention functions other than (scaled) softmax: sigmoid, stick-breaking,
 * softmax_1, sparsemax and alpha-entmax.  See doc/theory.md for sources. */
#ifndef DSP_ALT_H
#define DSP_ALT_H

#include "core/params.h"
#include "core/runs.h"

/* Weights per item for attention function a over logits e (position order,
 * item 0 nearest the query), temperature theta, n = total items, alpha for
 * entmax.  w receives the same counts as e.  DSP_ENOTSUP for softmax-type
 * functions (handled by dsp_eval). */
int	dsp_alt_weights_runs(enum dsp_attn a, const dsp_runs *e, double theta,
	    double alpha, dsp_runs *w);
/* 1 for softmax, SSMax and log-n scaling (Lemma 2.1 applies at theta_eff). */
int	dsp_attn_is_softmax(enum dsp_attn a);

#endif
