/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Parameter defaults, validation and enum names, all from the parameter
 * table (ptable.c). */
#include <math.h>
#include <string.h>
#include <strings.h>

#include "core/error.h"
#include "core/schema/grammar.h"
#include "core/schema/family.h"
#include "core/schema/params.h"

#include "core/schema/ptable.h"

void
dsp_params_default(dsp_params *p)
{
	const dsp_param_def *d;
	int i;

	memset(p, 0, sizeof *p);
	for (i = 0; i < DSP_P_COUNT; i++) {
		d = dsp_param(i);
		switch (d->type) {
		case DSP_PT_REAL:
			dsp_param_set_real(d, p, d->def, NULL);
			break;
		case DSP_PT_SIZE:
		case DSP_PT_UINT:
		case DSP_PT_HEAD:
			dsp_param_set_uint(d, p, (uint64_t)d->def, NULL);
			break;
		case DSP_PT_ENUM:
		case DSP_PT_BOOL:
			dsp_param_set_enum(d, p, (int)d->def, NULL);
			break;
		case DSP_PT_PATH:
			dsp_param_set_path(d, p, NULL);
			break;
		}
	}
}

/* Every row's domain (the same check for the CLI, the TUI and a loaded
 * snapshot), then what ties parameters together. */
int
dsp_params_check(const dsp_params *p)
{
	int i, rc;

	for (i = 0; i < DSP_P_COUNT; i++) {
		if (i == DSP_P_N && p->family == DSP_FAM_FILE)
			continue;	/* n is the number of logits */
		if ((rc = dsp_param_check(dsp_param(i), p, NULL)) != DSP_OK)
			return rc;
	}
	if (dsp_family_has_logits(p->family)) {
		if ((p->logits == NULL && (p->logits_x == NULL ||
		    p->family != DSP_FAM_FILE)) || p->n_logits == 0)
			return dsp_fail(DSP_EEMPTY, "%s family has no logits (--input FILE)",
			    dsp_family_name(p->family));
	}
	if (p->family == DSP_FAM_LEARNED && p->model_w == NULL)
		return dsp_fail(DSP_EINVAL, "the learned family needs a model "
		    "(--model FILE, from disperse train --save)");
	return DSP_OK;
}

static int
lookup(const char *s, const char *const *names, int count)
{
	int i;

	if (s == NULL)
		return -1;
	for (i = 0; i < count; i++)
		if (dsp_name_is(s, names[i]))
			return i;
	return -1;
}

static const char *
name_of(int id, int v)
{
	const dsp_param_def *d = dsp_param(id);

	return v >= 0 && v < d->nnames ? d->names[v] : "?";
}

const char *
dsp_family_name(enum dsp_family f)
{
	return name_of(DSP_P_FAMILY, (int)f);
}

const char *
dsp_attn_name(enum dsp_attn a)
{
	return name_of(DSP_P_ATTN, (int)a);
}

const char *
dsp_precision_name(enum dsp_precision p)
{
	return name_of(DSP_P_PRECISION, (int)p);
}

int
dsp_family_parse(const char *s)
{
	return lookup(s, dsp_param(DSP_P_FAMILY)->names, DSP_FAM_COUNT);
}

int
dsp_attn_parse(const char *s)
{
	return lookup(s, dsp_param(DSP_P_ATTN)->names, DSP_ATTN_COUNT);
}

int
dsp_precision_parse(const char *s)
{
	return lookup(s, dsp_param(DSP_P_PRECISION)->names, DSP_PREC_COUNT);
}
