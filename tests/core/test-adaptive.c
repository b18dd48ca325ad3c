/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Adaptive temperature (paper Figure 4): descending polyval semantics,
 * thresholds, the (0.85, 5.94) window and the peak near H = 4.4. */
#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_poly.h>

#include "core/dsp.h"
#include "tap.h"
#include "coretest.h"

/* -0.037H^4 + 0.481H^3 - 2.3H^2 + 4.917H - 1.791 by hand (Horner). */
static double
poly_ref(double h)
{
	return (((-0.037 * h + 0.481) * h - 2.3) * h + 4.917) * h - 1.791;
}

static void
test_beta_values(void)
{
	const double *d = dsp_adaptive_poly_desc;
	double naive[5], rev[5];
	int i;

	ok(d[0] == -0.037 && d[1] == 0.481 && d[2] == -2.3 && d[3] == 4.917 && d[4] == -1.791,
	    "coefficients stored in the paper's (descending) order");
	/* Hand computation (see comments for the arithmetic). */
	/* H=2: -0.592 + 3.848 - 9.2 + 9.834 - 1.791 = 2.099 */
	is_close(dsp_adaptive_beta(2), 2.099, 1e-13, "beta(2) = 2.099");
	/* H=3: -2.997 + 12.987 - 20.7 + 14.751 - 1.791 = 2.25 */
	is_close(dsp_adaptive_beta(3), 2.25, 1e-13, "beta(3) = 2.25");
	/* H=4.4: -13.8679552 + 40.973504 - 44.528 + 21.6348 - 1.791 = 2.4213488 */
	is_close(dsp_adaptive_beta(4.4), 2.4213488, 1e-13, "beta(4.4) = 2.4213488");
	is_close(dsp_adaptive_beta(1.7), poly_ref(1.7), 1e-14, "beta(1.7) = Horner reference");

	/* A naive port that hands the paper's array to an ascending evaluator
	 * computes -0.037 + 0.481H - 2.3H^2 + 4.917H^3 - 1.791H^4. */
	for (i = 0; i < 5; i++)
		naive[i] = d[i];
	is_close(gsl_poly_eval(naive, 5, 2), 2.405, 1e-13, "naive ascending port at H=2 gives 2.405");
	ok(fabs(gsl_poly_eval(naive, 5, 2) - dsp_adaptive_beta(2)) > 0.3,
	    "naive port differs from beta(2) (2.405 vs 2.099)");
	ok(gsl_poly_eval(naive, 5, 3) < 0 && dsp_adaptive_beta(3) > 2,
	    "naive port at H=3 is negative (%g), beta(3) = 2.25", gsl_poly_eval(naive, 5, 3));
	/* Same through the public generic API: passing the reversed array as
	 * "descending" reproduces the naive (wrong) port. */
	for (i = 0; i < 5; i++)
		rev[i] = d[4 - i];
	is_close(dsp_adaptive_beta_poly(2, rev, 4), 2.405, 1e-13,
	    "beta_poly with the reversed array = naive port (2.405)");
	is_close(dsp_adaptive_beta_poly(4.4, rev, 4), 1, 0,
	    "naive port clamps to 1 at H=4.4 where the paper gives 2.42");
	is_close(dsp_adaptive_beta_poly(3, d, 4), 2.25, 1e-13, "beta_poly(paper array) = beta");

	/* Thresholds: H <= 0.5 gives 1, and the clamp at 1. */
	ok(dsp_adaptive_beta(0.5) == 1, "beta(0.5) = 1 (strict H > 0.5)");
	ok(dsp_adaptive_beta(0.3) == 1 && dsp_adaptive_beta(0) == 1 && dsp_adaptive_beta(-2) == 1,
	    "beta = 1 for H <= 0.5");
	ok(dsp_adaptive_beta(0.6) == 1, "beta(0.6) clamps to 1 (poly %.4f < 1)", poly_ref(0.6));
	ok(dsp_adaptive_beta(8) == 1 && dsp_adaptive_beta(100) == 1, "beta = 1 at large H");
	ok(dsp_adaptive_beta(NAN) == 1, "beta(NaN) = 1");
	ok(isnan(dsp_adaptive_beta_poly(1, d, 16)) && isnan(dsp_adaptive_beta_poly(1, d, -1)),
	    "beta_poly with degree out of 0..15: NaN");
	is_close(dsp_adaptive_beta_poly(3, (const double[]){ 1, 0 }, 1), 3, 0,
	    "beta_poly degree 1 [1, 0] is the identity: beta(3) = 3");
}

static void
test_window(void)
{
	double c[5], z[8], lo = NAN, hi = NAN, x0, x1, x2, hpk = NAN, bpk;
	gsl_poly_complex_workspace *ws = gsl_poly_complex_workspace_alloc(5);
	int i, nr;

	/* poly(H) - 1 = 0: ascending coefficients for GSL. */
	for (i = 0; i < 5; i++)
		c[i] = dsp_adaptive_poly_desc[4 - i];
	c[0] -= 1;
	gsl_poly_complex_solve(c, 5, ws, z);
	gsl_poly_complex_workspace_free(ws);
	for (i = 0; i < 4; i++)
		if (fabs(z[2 * i + 1]) < 1e-12 && z[2 * i] > 0 && z[2 * i] < 10) {
			if (isnan(lo) || z[2 * i] < lo)
				lo = z[2 * i];
			if (isnan(hi) || z[2 * i] > hi)
				hi = z[2 * i];
		}
	is_close(lo, 0.85, 0.01, "beta crosses 1 near H = 0.85 (GSL root)");
	is_close(hi, 5.94, 0.01, "beta falls back to 1 near H = 5.94 (GSL root)");
	diag("window (%.6f, %.6f)", lo, hi);
	ok(dsp_adaptive_beta(lo - 1e-6) == 1 && dsp_adaptive_beta(lo + 1e-6) > 1,
	    "beta leaves 1 exactly at the lower root");
	ok(dsp_adaptive_beta(hi - 1e-6) > 1 && dsp_adaptive_beta(hi + 1e-6) == 1,
	    "beta returns to 1 exactly at the upper root");
	/* Peak: the derivative -0.148H^3 + 1.443H^2 - 4.6H + 4.917 as a monic cubic. */
	nr = gsl_poly_solve_cubic(1.443 / -0.148, -4.6 / -0.148, 4.917 / -0.148, &x0, &x1, &x2);
	for (i = 0; i < nr; i++) {
		double x = i == 0 ? x0 : i == 1 ? x1 : x2;

		if (x > 3 && x < 5)
			hpk = x;
	}
	bpk = dsp_adaptive_beta(hpk);
	is_close(hpk, 4.4, 0.05, "peak of beta near H = 4.4 (GSL cubic)");
	is_close(bpk, 2.42, 0.005, "peak beta ~ 2.42");
	diag("peak beta %.6f at H = %.6f", bpk, hpk);
	for (i = 0, nr = 1; i <= 1000; i++)
		nr &= dsp_adaptive_beta(i * 0.01) <= bpk + 1e-12;
	ok(nr, "beta <= its peak on H in [0, 10]");
}

static void
test_softmax(void)
{
	double e[64], w[64], p[64], b, b2, h;
	long double ref[64];
	dsp_runs *r = dsp_runs_alloc(0), *rw = dsp_runs_alloc(0);
	size_t i;
	int good = 1;

	/* Moderately spread logits: H in the active window. */
	for (i = 0; i < 64; i++)
		e[i] = 2 * sin(1.3 * (double)i);
	dsp_softmax(e, 64, 1.1, p);
	h = dsp_entropy_paper(p, 64);
	is_int(dsp_adaptive_softmax(e, 64, 1.1, w, &b), DSP_OK, "adaptive softmax OK");
	is_close(b, poly_ref(h), 1e-14, "beta = poly(paper entropy of softmax(e/theta))");
	ok(b > 1.5, "beta > 1 in the window (H = %.3f, beta = %.3f)", h, b);
	ld_softmax(e, 64, 1.1 / b, ref);
	for (i = 0; i < 64; i++)
		good &= fabsl(w[i] - ref[i]) <= 1e-15L;
	ok(good, "adaptive output = softmax(e * beta / theta) (long double ref)");
	dsp_runs_from_array(r, e, 64);
	dsp_adaptive_softmax_runs(r, 1.1, rw, &b2);
	is_rel(b2, b, 1e-15, "runs adaptive beta = array beta");
	dsp_runs_expand(rw, p, 64);
	for (i = 0, good = 1; i < 64; i++)
		good &= fabs(p[i] - w[i]) <= 1e-15;
	ok(good, "runs adaptive weights = array weights");
	/* Sharp input: H < 0.5, beta stays 1 and nothing changes. */
	for (i = 0; i < 64; i++)
		e[i] = i == 3 ? 20 : 0;
	dsp_softmax(e, 64, 1, p);
	dsp_adaptive_softmax(e, 64, 1, w, &b);
	ok(b == 1 && w[3] == p[3], "sharp input: beta = 1, weights unchanged");
	/* NULL beta allowed; errors propagate. */
	is_int(dsp_adaptive_softmax(e, 64, 1, w, NULL), DSP_OK, "adaptive with NULL beta OK");
	is_int(dsp_adaptive_softmax(e, 0, 1, w, &b), DSP_EEMPTY, "adaptive n = 0: DSP_EEMPTY");
	is_int(dsp_adaptive_softmax(e, 4, NAN, w, &b), DSP_EINVAL, "adaptive theta NaN: DSP_EINVAL");
	dsp_runs_free(r);
	dsp_runs_free(rw);
}

static void
test_eval(void)
{
	dsp_params p;
	dsp_summary s, s0;
	double lo, hi;

	/* Adaptive theta delays dispersion but cannot stop it: a spike at
	 * 2^40 still disperses, within Lemma 2.1 at theta/beta. */
	dsp_params_default(&p);
	p.family = DSP_FAM_SPIKE;
	p.n = (uint64_t)1 << 40;
	p.delta = 4;
	p.adaptive = 1;
	is_int(dsp_eval(&p, &s), DSP_OK, "adaptive spike at 2^40 evaluates");
	p.adaptive = 0;
	dsp_eval(&p, &s0);
	ok(s.beta >= 1 && s.beta <= 2.43, "beta in [1, 2.43] (%g)", s.beta);
	is_close(s.theta_eff, 1 / s.beta, 1e-15, "theta_eff = theta / beta");
	dsp_lemma_tight(s.n, 4, 1 / 2.4213488, &lo, &hi);
	ok(s.max_weight <= hi * (1 + 1e-12), "max weight below the band at theta/2.42");
	ok(s.max_weight < 1e-9 && s.max_weight >= s0.max_weight,
	    "still disperses: max weight %.3g (plain %.3g)", s.max_weight, s0.max_weight);
	ok(s.bound_holds == 1, "bound_holds at theta_eff");
	/* Power series in the window: beta matches the paper entropy there. */
	dsp_params_default(&p);
	p.n = 256;
	p.lambda = 0.99;
	p.delta = 2;
	p.adaptive = 1;
	dsp_eval(&p, &s);
	p.adaptive = 0;
	dsp_eval(&p, &s0);
	is_close(s.beta, poly_ref(s0.entropy_paper), 1e-13,
	    "eval beta = poly(paper entropy of the plain view)");
	ok(s.entropy < s0.entropy, "adaptive lowers the entropy (%.4f < %.4f)", s.entropy, s0.entropy);
}

int
main(void)
{
	dsp_gsl_init();
	test_beta_values();
	test_window();
	test_softmax();
	test_eval();
	return tap_done();
}
