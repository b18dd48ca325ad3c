/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Figures against n (dsp_eval_curve) and log-spaced sizes (moved whole
 * from eval.c). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gsl/gsl_errno.h>

#include "core/alloc.h"
#include "core/math/adaptive.h"
#include "core/math/alt.h"
#include "core/math/bounds.h"
#include "core/math/empirical.h"
#include "core/error.h"
#include "core/math/eval.h"
#include "core/math/eval_int.h"
#include "core/schema/family.h"
#include "core/schema/figures.h"
#include "core/schema/gate.h"
#include "core/job.h"
#include "core/math/kernel.h"
#include "core/math/precision.h"
#include "core/math/quad.h"
#include "core/math/softmax.h"
#include "core/math/typical.h"

/* A point that was not computed: its n, every figure NaN. */
static void
absent_point(dsp_summary *s, double n)
{
	memset(s, 0, sizeof *s);
	s->n = n;
	s->logit_min = s->logit_max = s->spread = s->theta_eff = s->beta = NAN;
	s->entropy = s->entropy_bits = s->entropy_norm = s->entropy_paper = NAN;
	s->max_weight = s->min_weight = s->total = s->topk_mass = NAN;
	s->lo_tight = s->hi_tight = s->lo_loose = s->hi_loose = NAN;
	s->entropy_floor = s->entropy_ceiling = s->log_critical_n = NAN;
	s->bound_margin = s->zero_weights = NAN;
	s->bound_holds = -1;
}

int
dsp_eval_curve_partial(const dsp_params *p, const double *ns, size_t count,
    dsp_summary *out, size_t *done)
{
	const dsp_family_row *fr;
	dsp_params q = *p;
	size_t i, j;
	int rc = DSP_OK, held = 0;

	*done = 0;
	if (p->family == DSP_FAM_FILE)
		return dsp_fail(DSP_ENOTSUP, "a file's logits have one fixed n");
	if (q.explicit_max == 0 && dsp_family_iid(p->family))
		q.explicit_max = DSP_VIEW_EXPLICIT_MAX;
	/* A learned item is a forward pass: curves stop earlier, whatever
	 * limit the caller set for the other families. */
	if ((fr = dsp_family_row_of(p->family)) != NULL && fr->curve_explicit_cap != 0 &&
	    q.explicit_max > fr->curve_explicit_cap)
		q.explicit_max = fr->curve_explicit_cap;
	/* Past the item-by-item size an empirical row's law is sorted once
	 * for every point. */
	if (count > 1 && ns[count - 1] > (double)dsp_family_explicit_limit(&q))
		rc = dsp_eval_law_hold(p, &held);
	for (i = 0; i < count && rc == DSP_OK; i++) {
		if (!(ns[i] >= 1) || ns[i] > 0x1p63) {
			rc = dsp_fail(DSP_EINVAL, "curve size %g out of range", ns[i]);
			break;
		}
		q.n = (uint64_t)ns[i];
		if ((rc = dsp_job_poll()) != DSP_OK || (rc = dsp_eval(&q, &out[i])) != DSP_OK)
			break;
		dsp_job_step();
	}
	dsp_eval_law_release(held);
	*done = i;
	for (j = i; j < count; j++)
		absent_point(&out[j], ns[j]);
	return rc;
}

int
dsp_eval_curve(const dsp_params *p, const double *ns, size_t count, dsp_summary *out)
{
	size_t done;
	int rc;

	if (count == 0)
		return DSP_OK;
	/* The largest size first: a curve that cannot be finished is refused
	 * at once, not after every smaller point. */
	if ((rc = dsp_eval_curve_partial(p, ns + count - 1, 1, out + count - 1,
	    &done)) != DSP_OK)
		return rc;
	return dsp_eval_curve_partial(p, ns, count - 1, out, &done);
}

size_t
dsp_log_sizes(double n_lo, double n_hi, size_t count, double *ns)
{
	double a = log(n_lo), b = log(n_hi), v;
	size_t i, k = 0;

	if (count == 0 || !(n_lo >= 1) || !(n_hi >= n_lo))
		return 0;
	for (i = 0; i < count; i++) {
		/* The ends as given: exp(log(2^62)) is 2^62 + 9216. */
		v = nearbyint(i == count - 1 ? n_hi : i == 0 ? n_lo :
		    exp(a + (b - a) * (double)i / (double)(count - 1)));
		if (k == 0 || v > ns[k - 1])
			ns[k++] = v;
	}
	return k;
}
