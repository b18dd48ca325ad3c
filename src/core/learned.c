/* The learned family (see learned.h). */
#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_rng.h>

#include "core/error.h"
#include "core/job.h"
#include "core/learned.h"
#include "core/maxret.h"

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
	int *cls, rc = DSP_OK;
	size_t n = (size_t)p->n, off, k;

	if ((rc = need_model(p)) != DSP_OK)
		return rc;
	r = gsl_rng_alloc(gsl_rng_mt19937);
	x = malloc((n < CHUNK ? n : CHUNK) * sizeof *x);
	cls = malloc((n < CHUNK ? n : CHUNK) * sizeof *cls);
	if (r == NULL || x == NULL || cls == NULL) {
		rc = dsp_fail(DSP_ENOMEM, "out of memory");
		goto out;
	}
	gsl_rng_set(r, (unsigned long)dsp_maxret_set_seed(p->seed, p->n, 0));
	for (off = 0; off < n; off += k) {
		long i;

		k = n - off < CHUNK ? n - off : CHUNK;
		if ((rc = dsp_job_poll()) != DSP_OK)
			goto out;
		/* The same stream as dsp_maxret_draw over the whole set. */
		dsp_maxret_draw(r, m->classes, k, x, cls);
#pragma omp parallel for schedule(static) if (k >= 4096)
		for (i = 0; i < (long)k; i++)
			out[off + (size_t)i] = dsp_maxret_item_logit(m, x[i], cls[i]);
	}
out:
	gsl_rng_free(r);
	free(x);
	free(cls);
	return rc;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int
dsp_learned_edges(const dsp_params *p, int cls, double *edges)
{
	size_t k = dsp_maxret_kinks(p->model_w, cls, edges + 1);

	qsort(edges + 1, k, sizeof *edges, cmp_double);
	edges[0] = 0;
	edges[k + 1] = 1;
	return (int)k + 1;
}

double
dsp_learned_logit(const dsp_params *p, double x, int cls)
{
	return dsp_maxret_item_logit(p->model_w, x, cls);
}

size_t
dsp_learned_classes(const dsp_params *p)
{
	return p->model_w != NULL ? p->model_w->classes : 0;
}

int
dsp_learned_range(const dsp_params *p, double *m, double *M)
{
	double edges[DSP_MAXRET_MAX_WIDTH + 2], v;
	size_t c;
	int k, j, rc;

	*m = *M = NAN;
	if ((rc = need_model(p)) != DSP_OK)
		return rc;
	*m = INFINITY;
	*M = -INFINITY;
	/* Linear between the bends: the extremes are at the bends or ends
	 * (x = 1 is the supremum of priorities in [0, 1)). */
	for (c = 0; c < p->model_w->classes; c++) {
		k = dsp_learned_edges(p, (int)c, edges);
		for (j = 0; j <= k; j++) {
			v = dsp_learned_logit(p, edges[j], (int)c);
			*m = fmin(*m, v);
			*M = fmax(*M, v);
		}
	}
	return DSP_OK;
}
