/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Property checks on thousands of seeded random inputs: normalisation,
 * Lemma 2.1 for every coefficient, floor <= H <= log n, theta sign
 * symmetry, shift invariance, runs = arrays, eval = direct routines. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_rng.h>

#include "core/dsp.h"
#include "tap.h"
#include "coretest.h"

#define TRIALS	4000
#define NMAX	400

int
main(void)
{
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
	double *e = malloc(NMAX * sizeof *e), *w = malloc(NMAX * sizeof *w);
	double *v = malloc(NMAX * sizeof *v), *x = malloc(NMAX * sizeof *x);
	dsp_runs *r = dsp_runs_alloc(0), *rw = dsp_runs_alloc(0);
	int sum_ok = 0, band_ok = 0, loose_ok = 0, h_ok = 0, sign_ok = 0, shift_ok = 0;
	int runs_ok = 0, eval_ok = 0, beta_ok = 0, topk_ok = 0, lse_ok = 0, t;
	double worst_sum = 0;

	dsp_gsl_init();
	gsl_rng_set(rng, 20250101);
	for (t = 0; t < TRIALS; t++) {
		size_t n = 1 + gsl_rng_uniform_int(rng, NMAX), i, k;
		double scale = pow(10, 3 * gsl_rng_uniform(rng) - 1);
		double th = (gsl_rng_uniform(rng) < 0.5 ? -1 : 1) * pow(10, 2 * gsl_rng_uniform(rng) - 1.3);
		double mn = INFINITY, mx = -INFINITY, s = 0, lo, hi, llo, lhi, h, f, c, b;
		int g;
		dsp_params p;
		dsp_summary sm;

		for (i = 0; i < n; i++) {
			/* Some ties on purpose: round a third of the trials. */
			e[i] = scale * (gsl_rng_uniform(rng) - 0.3);
			if (t % 3 == 0)
				e[i] = nearbyint(e[i]);
			mn = fmin(mn, e[i]);
			mx = fmax(mx, e[i]);
		}
		dsp_softmax(e, n, th, w);
		for (i = 0; i < n; i++)
			s += w[i];
		worst_sum = fmax(worst_sum, fabs(s - 1));
		sum_ok += fabs(s - 1) <= 1e-12;

		dsp_lemma_tight((double)n, mx - mn, th, &lo, &hi);
		dsp_lemma_loose((double)n, mx - mn, th, &llo, &lhi);
		for (i = 0, g = 1; i < n; i++)
			g &= w[i] >= lo * (1 - 1e-12) && w[i] <= hi * (1 + 1e-12);
		band_ok += g;
		for (i = 0, g = 1; i < n; i++)
			g &= w[i] >= llo * (1 - 1e-12) && w[i] <= lhi * (1 + 1e-12);
		loose_ok += g;

		h = dsp_softmax_entropy(e, n, th);
		f = dsp_entropy_floor((double)n, mx - mn, th);
		h_ok += h >= f - 1e-12 * fmax(1, f) && h <= dsp_entropy_ceiling((double)n) + 1e-12 &&
		    fabs(h - dsp_entropy(w, n, DSP_NATS)) <= 1e-12 * fmax(1, h);

		for (i = 0; i < n; i++)
			v[i] = -e[i];
		dsp_softmax(v, n, -th, x);
		for (i = 0, g = 1; i < n; i++)
			g &= fabs(x[i] - w[i]) <= 1e-15;
		sign_ok += g;

		c = scale * (gsl_rng_uniform(rng) - 0.5) * 10;
		for (i = 0; i < n; i++)
			v[i] = e[i] + c;
		dsp_softmax(v, n, th, x);
		for (i = 0, g = 1; i < n; i++)
			g &= fabs(x[i] - w[i]) <= 1e-12 * fmax(w[i], 1e-3) + 1e-300;
		shift_ok += g;
		lse_ok += fabs(dsp_logsumexp(v, n, th) - dsp_logsumexp(e, n, th) - c / th) <=
		    1e-12 * fmax(1, fabs(c / th));

		dsp_runs_from_array(r, e, n);
		dsp_softmax_runs(r, th, rw);
		dsp_runs_expand(rw, x, NMAX);
		for (i = 0, g = 1; i < n; i++)
			g &= fabs(x[i] - w[i]) <= 1e-15;
		g &= fabs(dsp_softmax_entropy_runs(r, th) - h) <= 1e-12 * fmax(1, h);
		runs_ok += g;

		k = 1 + gsl_rng_uniform_int(rng, n);
		g = dsp_topk_mass(w, n, k) >= dsp_topk_mass(w, n, k > 1 ? k - 1 : 0) - 1e-14 &&
		    dsp_topk_mass(w, n, k) <= 1 + 1e-12 &&
		    fabs(dsp_topk_mass(w, n, 1) - dsp_max(w, n)) == 0;
		topk_ok += g;
		if (!g)
			diag("trial %d n %zu k %zu: %.17g %.17g max %.17g", t, n, k,
			    dsp_topk_mass(w, n, k), dsp_topk_mass(w, n, k - 1), dsp_max(w, n));

		dsp_params_default(&p);
		p.family = DSP_FAM_FILE;
		p.logits = e;
		p.n_logits = n;
		p.theta = th;
		p.topk = k;
		g = dsp_eval(&p, &sm) == DSP_OK && sm.bound_holds == 1 &&
		    fabs(sm.entropy - h) <= 1e-12 * fmax(1, h) &&
		    fabs(sm.max_weight - dsp_max(w, n)) <= 1e-13 &&
		    fabs(sm.topk_mass - dsp_topk_mass(w, n, k)) <= 1e-12 &&
		    sm.entropy >= sm.entropy_floor - 1e-12 && sm.spread == mx - mn;
		eval_ok += g;
		if (!g && eval_ok + 5 > t)
			diag("trial %d: n %zu theta %g H %g vs %g holds %d", t, n, th, sm.entropy, h,
			    sm.bound_holds);

		dsp_adaptive_softmax(e, n, th, x, &b);
		for (i = 0, s = 0; i < n; i++)
			s += x[i];
		beta_ok += b >= 1 && b <= 2.4214 && fabs(s - 1) <= 1e-12;
	}
	is_int(sum_ok, TRIALS, "softmax weights sum to 1 within 1e-12");
	diag("worst |sum - 1| = %.3g", worst_sum);
	is_int(band_ok, TRIALS, "every coefficient inside the tight Lemma 2.1 band");
	is_int(loose_ok, TRIALS, "every coefficient inside the loose band");
	is_int(h_ok, TRIALS, "entropy in [floor, log n] and direct = from weights");
	is_int(sign_ok, TRIALS, "softmax(e, -theta) = softmax(-e, theta)");
	is_int(shift_ok, TRIALS, "shift invariance");
	is_int(lse_ok, TRIALS, "logsumexp(e + c) = logsumexp(e) + c/theta");
	is_int(runs_ok, TRIALS, "runs = arrays (weights, entropy)");
	is_int(topk_ok, TRIALS, "top-k mass monotone in k, <= 1, top-1 = max");
	is_int(eval_ok, TRIALS, "dsp_eval(file) = direct routines, bound holds");
	is_int(beta_ok, TRIALS, "adaptive beta in [1, 2.4214], output normalised");
	ok(worst_sum < 1e-13, "worst normalisation error < 1e-13 (%.3g)", worst_sum);
	is_close(worst_sum, 0, 1e-12, "worst normalisation error");
	is_rel(1, 1, 0, "tap helper");
	dsp_runs_free(r);
	dsp_runs_free(rw);
	free(e);
	free(w);
	free(v);
	free(x);
	gsl_rng_free(rng);
	return tap_done();
}
