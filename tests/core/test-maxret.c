/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Max Retrieval model (src/core/train/maxret.c): the hand-written backward pass
 * against central finite differences of the forward pass, the Wilson
 * interval against closed-form values, evaluation bitwise equal for 1 and
 * 2 OpenMP threads, and a short training run that learns. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include <gsl/gsl_rng.h>

#include "core/dsp.h"
#include "tap.h"

/* Every partial derivative of one set's loss: analytic vs central
 * differences (h = 1e-6: truncation error O(h^2 f''') ~ 1e-12, rounding
 * ~ 1e-16 / h ~ 1e-10 absolute; the error is relative to |num| + |g| with
 * a floor of 1e-3, so rounding stays below ~1e-7 and a wrong term, O(1),
 * is far above the 1e-5 threshold).  Width 5,
 * 4 classes, 7 items; random weights scaled up so the ReLUs are mixed and
 * the attention is neither uniform nor one-hot. */
static void
test_gradient(void)
{
	const size_t C = 4, d = 5, n = 7;
	dsp_maxret *m = dsp_maxret_alloc(C, d);
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	double x[7], *g, lp, lm, l0, worst = 0, num, h = 1e-6, save;
	int cls[7], ok0;
	size_t i, bad = 0, worst_i = 0;

	gsl_rng_set(r, 42);
	dsp_maxret_init(m, 7);
	for (i = 0; i < m->nparams; i++)
		m->w[i] = m->w[i] * 1.5 + 0.1 * (gsl_rng_uniform(r) - 0.5);
	dsp_maxret_draw(r, C, n, x, cls);
	g = calloc(m->nparams, sizeof *g);
	ok(dsp_maxret_set_loss(m, x, cls, n, &l0, &ok0, g) == DSP_OK, "loss and gradient");
	ok(isfinite(l0) && l0 > 0, "loss is positive and finite (%g)", l0);
	for (i = 0; i < m->nparams; i++) {
		double err;

		save = m->w[i];
		m->w[i] = save + h;
		dsp_maxret_set_loss(m, x, cls, n, &lp, NULL, NULL);
		m->w[i] = save - h;
		dsp_maxret_set_loss(m, x, cls, n, &lm, NULL, NULL);
		m->w[i] = save;
		num = (lp - lm) / (2 * h);
		err = fabs(num - g[i]) / fmax(1e-3, fabs(num) + fabs(g[i]));
		if (err > worst) {
			worst = err;
			worst_i = i;
		}
		bad += err > 1e-5;
	}
	ok(bad == 0, "all %zu partial derivatives match central differences "
	    "(worst relative error %.3g at parameter %zu)", m->nparams, worst, worst_i);
	/* The gradient is added, not stored: a second call doubles it (up to
	 * the order of the sums). */
	{
		double *g2 = calloc(m->nparams, sizeof *g2);

		dsp_maxret_set_loss(m, x, cls, n, NULL, NULL, g2);
		dsp_maxret_set_loss(m, x, cls, n, NULL, NULL, g2);
		for (i = 0, bad = 0; i < m->nparams; i++)
			bad += fabs(g2[i] - 2 * g[i]) > 1e-12 * fmax(1, fabs(g[i]));
		ok(bad == 0, "gradients accumulate");
		free(g2);
	}
	free(g);
	gsl_rng_free(r);
	dsp_maxret_free(m);
}

/* Wilson score interval, z = 1.959963984540054:
 *   c = (p + z^2/2N) / (1 + z^2/N),  h = z/(1 + z^2/N) sqrt(p(1-p)/N + z^2/4N^2)
 * evaluated with mpmath at 30 digits (p = k/N):
 *   k=8,   N=10:   [0.49016247153664174, 0.94331784854562474]
 *   k=972, N=1000: [0.95982981680240689, 0.98055772318722907]
 *   k=0,   N=20:   [0, 0.16112515805281935]
 *   k=20,  N=20:   [0.83887484194718065, 1] */
static void
test_wilson(void)
{
	double lo, hi;

	dsp_wilson(8, 10, DSP_Z95, &lo, &hi);
	is_close(lo, 0.49016247153664174, 1e-14, "Wilson 8/10 lower");
	is_close(hi, 0.94331784854562474, 1e-14, "Wilson 8/10 upper");
	dsp_wilson(972, 1000, DSP_Z95, &lo, &hi);
	is_rel(lo, 0.95982981680240689, 1e-14, "Wilson 972/1000 lower");
	is_close(hi, 0.98055772318722907, 1e-14, "Wilson 972/1000 upper");
	dsp_wilson(0, 20, DSP_Z95, &lo, &hi);
	is_close(lo, 0, 1e-15, "Wilson 0/20 lower");
	is_close(hi, 0.16112515805281935, 1e-14, "Wilson 0/20 upper");
	dsp_wilson(20, 20, DSP_Z95, &lo, &hi);
	is_close(lo, 0.83887484194718065, 1e-14, "Wilson 20/20 lower");
	is_close(hi, 1, 1e-15, "Wilson 20/20 upper");
	ok(dsp_wilson(3, 2, DSP_Z95, &lo, &hi) == DSP_EINVAL, "k > N rejected");
	ok(dsp_wilson(0, 0, DSP_Z95, &lo, &hi) == DSP_EINVAL, "N = 0 rejected");
}

/* A short run learns something, and evaluation is bitwise equal for one
 * and two threads (each set has its own seed; sums run in index order). */
static void
test_train_eval(void)
{
	dsp_maxret_train_opts t;
	dsp_maxret_eval_row a[3], b[3];
	size_t sizes[3] = { 16, 64, 300 };
	dsp_maxret *m = dsp_maxret_alloc(10, 16);
	dsp_maxret *m2 = dsp_maxret_alloc(10, 16);

	dsp_maxret_train_default(&t);
	t.steps = 400;
	ok(dsp_maxret_train(m, &t, 0, NULL, NULL) == DSP_OK, "train 400 steps");
	ok(dsp_maxret_train(m2, &t, 0, NULL, NULL) == DSP_OK, "train again, same seed");
	ok(memcmp(m->w, m2->w, m->nparams * sizeof *m->w) == 0,
	    "training is bitwise reproducible for a seed");
#ifdef _OPENMP
	omp_set_num_threads(1);
#endif
	ok(dsp_maxret_eval(m, sizes, 3, 200, 9, a) == DSP_OK, "evaluate, 1 thread");
#ifdef _OPENMP
	omp_set_num_threads(2);
#endif
	ok(dsp_maxret_eval(m, sizes, 3, 200, 9, b) == DSP_OK, "evaluate, 2 threads");
	ok(memcmp(a, b, sizeof a) == 0, "evaluation bitwise equal for 1 and 2 threads");
	/* Chance is 1/10; a few hundred steps already do far better at n = 16. */
	ok(a[0].acc > 0.3, "learned beyond chance at n = 16 (%g)", a[0].acc);
	is_int((long long)(a[0].lemma_holds + a[1].lemma_holds + a[2].lemma_holds), 600,
	    "every set's weights lie in its Lemma 2.1 band");
	ok(a[0].max_weight > a[1].max_weight && a[1].max_weight > a[2].max_weight,
	    "max weight falls with n (%g, %g, %g)", a[0].max_weight, a[1].max_weight,
	    a[2].max_weight);
	dsp_maxret_free(m);
	dsp_maxret_free(m2);
}

int
main(void)
{
	dsp_gsl_init();
	test_gradient();
	test_wilson();
	test_train_eval();
	return tap_done();
}
