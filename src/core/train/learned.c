/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The learned family (see learned.h). */
#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_rng.h>

#include "core/alloc.h"
#include "core/cpu.h"
#include "core/error.h"
#include "core/job.h"
#include "core/schema/family.h"
#include "core/train/learned.h"
#include "core/train/maxret.h"
#include "core/math/runs.h"

/* Items drawn (serially, one RNG stream) then scored (in parallel) at a
 * time: the RNG is sequential, the forward passes are independent. */
#define CHUNK	((size_t)1 << 14)

static int
need_model(const dsp_params *p)
{
	if (p->model_w == NULL)
		return dsp_fail(DSP_EINVAL, "the learned family needs a model "
		    "(--model FILE, from disperse train --save)");
	return DSP_OK;
}

int
dsp_learned_generate(const dsp_params *p, double *out)
{
	const dsp_maxret *m = p->model_w;
	gsl_rng *r;
	double *x;
	int *cls, nt, rc = DSP_OK;
	size_t n = (size_t)p->n, off, k;

	if ((rc = need_model(p)) != DSP_OK)
		return rc;
	r = DSP_LIB_ALLOC(gsl_rng_alloc(gsl_rng_mt19937));
	x = dsp_malloc((n < CHUNK ? n : CHUNK) * sizeof *x);
	cls = dsp_malloc((n < CHUNK ? n : CHUNK) * sizeof *cls);
	if (r == NULL || x == NULL || cls == NULL) {
		rc = dsp_fail_nomem(NULL, 0);
		goto out;
	}
	gsl_rng_set(r, (unsigned long)dsp_maxret_set_seed(p->seed, p->n, 0));
	nt = n >= 4096 ? dsp_cpu_threads() : 1;
	for (off = 0; off < n; off += k) {
		long i;

		k = n - off < CHUNK ? n - off : CHUNK;
		if ((rc = dsp_job_poll()) != DSP_OK)
			goto out;
		/* The same stream as dsp_maxret_draw over the whole set. */
		dsp_maxret_draw(r, m->classes, k, x, cls);
#pragma omp parallel for schedule(static) num_threads(nt) if (nt > 1 && k >= 4096)
		for (i = 0; i < (long)k; i++)
			out[off + (size_t)i] = dsp_maxret_item_logit(m, x[i], cls[i]);
	}
out:
	gsl_rng_free(r);
	free(x);
	free(cls);
	return rc;
}

/* The points of [0, 1] where class cls's logit bends, sorted, with 0 and
 * 1 at the ends (edges: width + 2 places); returns the number of pieces. */
static int
edges_of(const dsp_params *p, int cls, double *edges)
{
	size_t k = dsp_maxret_kinks(p->model_w, cls, edges + 1);

	qsort(edges + 1, k, sizeof *edges, dsp_cmp_double);
	edges[0] = 0;
	edges[k + 1] = 1;
	return (int)k + 1;
}

int
dsp_learned_pieces(const dsp_params *p, double **v0, double **v1, double **w,
    size_t *count)
{
	double edges[DSP_MAXRET_MAX_WIDTH + 2], a, b;
	size_t c, C, max, n = 0;
	int k, j, rc;

	*v0 = *v1 = *w = NULL;
	*count = 0;
	if ((rc = need_model(p)) != DSP_OK)
		return rc;
	C = p->model_w->classes;
	max = C * (p->model_w->width + 1);
	*v0 = dsp_malloc(max * sizeof **v0);
	*v1 = dsp_malloc(max * sizeof **v1);
	*w = dsp_malloc(max * sizeof **w);
	if (*v0 == NULL || *v1 == NULL || *w == NULL) {
		free(*v0);
		free(*v1);
		free(*w);
		*v0 = *v1 = *w = NULL;
		return dsp_fail_nomem(NULL, 0);
	}
	for (c = 0; c < C; c++) {
		k = edges_of(p, (int)c, edges);
		a = dsp_maxret_item_logit(p->model_w, edges[0], (int)c);
		for (j = 0; j < k; j++, n++) {
			b = dsp_maxret_item_logit(p->model_w, edges[j + 1], (int)c);
			(*v0)[n] = a;
			(*v1)[n] = b;
			(*w)[n] = (edges[j + 1] - edges[j]) / (double)C;
			a = b;
		}
	}
	*count = n;
	return DSP_OK;
}

int
dsp_learned_range(const dsp_params *p, double *m, double *M)
{
	double *v0, *v1, *w;
	size_t k, n;
	int rc;

	*m = *M = NAN;
	/* Linear between the bends: the extremes are at the bends or ends
	 * (x = 1 is the supremum of priorities in [0, 1)). */
	if ((rc = dsp_learned_pieces(p, &v0, &v1, &w, &n)) != DSP_OK)
		return rc;
	*m = INFINITY;
	*M = -INFINITY;
	for (k = 0; k < n; k++) {
		*m = fmin(*m, fmin(v0[k], v1[k]));
		*M = fmax(*M, fmax(v0[k], v1[k]));
	}
	free(v0);
	free(v1);
	free(w);
	return DSP_OK;
}

static int
learned_generate(const dsp_params *p, double *out, uint64_t n)
{
	(void)n;	/* p->n: the family's size */
	return dsp_learned_generate(p, out);
}

/* Bounded by the model alone, whatever n (Lemma 2.1's premise). */
static int
learned_range(const dsp_params *p, double *m, double *M)
{
	return dsp_learned_range(p, m, M) == DSP_OK;
}

/* The family's row (core/schema/family.h): the schema names it, the model
 * fills it, so the schema and the math never include train. */
const dsp_family_row dsp_family_learned_row = {
	DSP_FAM_LEARNED, DSP_FAM_F_IID | DSP_FAM_F_MODEL, DSP_LAW_NONE,
	learned_generate, NULL, NULL, learned_range, dsp_learned_pieces,
	DSP_LEARNED_EXPLICIT_MAX, DSP_LEARNED_CURVE_EXPLICIT_MAX, 7
};
