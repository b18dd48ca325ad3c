/* Attention functions other than softmax.  (Stubs until implemented.) */
#include "core/alt.h"
#include "core/error.h"

int
dsp_attn_is_softmax(enum dsp_attn a)
{
	return a == DSP_ATTN_SOFTMAX || a == DSP_ATTN_SSMAX || a == DSP_ATTN_LOGN;
}

int
dsp_alt_weights_runs(enum dsp_attn a, const dsp_runs *e, double theta,
    double alpha, dsp_runs *w)
{
	(void)e; (void)theta; (void)alpha; (void)w;
	return dsp_fail(DSP_ENOTSUP, "attention function %s is not implemented",
	    dsp_attn_name(a));
}
