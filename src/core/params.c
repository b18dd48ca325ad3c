/* Parameter defaults, validation and enum names. */
#include <math.h>
#include <string.h>
#include <strings.h>

#include "core/error.h"
#include "core/params.h"

static const char *family_names[DSP_FAM_COUNT] = {
	"power", "spike", "uniform", "gaussian", "ramp", "file"
};
static const char *attn_names[DSP_ATTN_COUNT] = {
	"softmax", "ssmax", "logn", "sigmoid", "stickbreak", "softmax1",
	"sparsemax", "entmax"
};
static const char *precision_names[DSP_PREC_COUNT] = {
	"double", "float32", "float16", "bfloat16", "fp8-e4m3", "fp8-e5m2"
};

void
dsp_params_default(dsp_params *p)
{
	memset(p, 0, sizeof *p);
	p->family = DSP_FAM_POWER;
	p->n = 16;
	p->delta = 4;
	p->theta = 1;
	p->lambda = 0.5;
	p->eps = 0.01;
	p->seed = 1;
	p->topk = 1;
	p->attn = DSP_ATTN_SOFTMAX;
	p->adaptive = 0;
	p->ssmax_s = 1;
	p->alpha = 1.5;
	p->precision = DSP_PREC_DOUBLE;
}

int
dsp_params_check(const dsp_params *p)
{
	if ((unsigned)p->family >= DSP_FAM_COUNT)
		return dsp_fail(DSP_EINVAL, "unknown input family %d", (int)p->family);
	if ((unsigned)p->attn >= DSP_ATTN_COUNT)
		return dsp_fail(DSP_EINVAL, "unknown attention function %d", (int)p->attn);
	if ((unsigned)p->precision >= DSP_PREC_COUNT)
		return dsp_fail(DSP_EINVAL, "unknown precision %d", (int)p->precision);
	if (p->family == DSP_FAM_FILE) {
		if (p->logits == NULL || p->n_logits == 0)
			return dsp_fail(DSP_EEMPTY, "file family has no logits");
	} else if (p->n < 1)
		return dsp_fail(DSP_EINVAL, "n must be at least 1 (got %llu)",
		    (unsigned long long)p->n);
	if (!isfinite(p->delta) || p->delta < 0)
		return dsp_fail(DSP_EINVAL, "delta must be finite and >= 0 (got %g)", p->delta);
	if (!isfinite(p->theta))
		return dsp_fail(DSP_EINVAL, "theta must be finite (got %g)", p->theta);
	if (!isfinite(p->lambda))
		return dsp_fail(DSP_EINVAL, "lambda must be finite (got %g)", p->lambda);
	if (!(p->eps > 0 && p->eps <= 1))
		return dsp_fail(DSP_EINVAL, "epsilon must be in (0, 1] (got %g)", p->eps);
	if (!isfinite(p->ssmax_s) || p->ssmax_s <= 0)
		return dsp_fail(DSP_EINVAL, "SSMax s must be finite and > 0 (got %g)", p->ssmax_s);
	if (!isfinite(p->alpha) || p->alpha <= 1)
		return dsp_fail(DSP_EINVAL, "entmax alpha must be finite and > 1 (got %g)", p->alpha);
	return DSP_OK;
}

static int
lookup(const char *s, const char **names, int count)
{
	int i;

	if (s == NULL)
		return -1;
	for (i = 0; i < count; i++)
		if (strcasecmp(s, names[i]) == 0)
			return i;
	return -1;
}

const char *
dsp_family_name(enum dsp_family f)
{
	return (unsigned)f < DSP_FAM_COUNT ? family_names[f] : "?";
}

const char *
dsp_attn_name(enum dsp_attn a)
{
	return (unsigned)a < DSP_ATTN_COUNT ? attn_names[a] : "?";
}

const char *
dsp_precision_name(enum dsp_precision p)
{
	return (unsigned)p < DSP_PREC_COUNT ? precision_names[p] : "?";
}

int
dsp_family_parse(const char *s)
{
	return lookup(s, family_names, DSP_FAM_COUNT);
}

int
dsp_attn_parse(const char *s)
{
	return lookup(s, attn_names, DSP_ATTN_COUNT);
}

int
dsp_precision_parse(const char *s)
{
	return lookup(s, precision_names, DSP_PREC_COUNT);
}
