/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The map's power-series fast path must agree with dsp_eval cell by cell. */
#include <math.h>
#include <stdlib.h>

#include "core/error.h"
#include "core/math/eval.h"
#include "core/math/map.h"
#include "core/schema/params.h"
#include "tap.h"

static double
metric(const dsp_summary *sm, enum dsp_metric m)
{
	return m == DSP_METRIC_ENTROPY ? sm->entropy :
	    m == DSP_METRIC_ENTROPY_NORM ? sm->entropy_norm : sm->max_weight;
}

/* Long double entropy of the power series, Z - 1 kept apart: dsp_eval's
 * log Z loses the digits of nearly one-hot cells that the kernel keeps. */
static double
ref_entropy(uint64_t n, double delta, double lambda, double theta)
{
	long double t = delta, piv = delta, c0 = 0, zr = 0, wx = 0, x, w, lo = delta, hi = delta;
	uint64_t k;

	for (k = 0, t = delta; k < n; k++, t *= lambda) {
		lo = t < lo ? t : lo;
		hi = t > hi ? t : hi;
	}
	piv = theta > 0 ? hi : lo;
	for (k = 0, t = delta; k < n; k++, t *= lambda) {
		x = (t - piv) / theta;
		w = expl(x);
		if (x == 0)
			c0 += 1;
		else
			zr += w;
		wx += w * x;
	}
	return (double)(log1pl(c0 - 1 + zr) - wx / (c0 + zr));
}

static void
check(uint64_t n, double lam_lo, double lam_hi, double delta, enum dsp_metric m)
{
	double out[33 * 9], worst = 0, d, want;
	dsp_map_spec s;
	dsp_summary sm;
	dsp_params p, q;
	size_t r, c;
	int rc, bad = 0;

	dsp_params_default(&p);
	p.n = n;
	p.delta = delta;
	dsp_map_spec_default(&s, 33, 9);
	s.lambda_lo = lam_lo;
	s.lambda_hi = lam_hi;
	s.metric = m;
	rc = dsp_map_compute(&p, &s, out);
	for (r = 0; r < s.rows; r++)
		for (c = 0; c < s.cols; c++) {
			q = p;
			q.lambda = dsp_map_lambda(&s, r);
			q.theta = dsp_map_theta(&s, c);
			if (dsp_eval(&q, &sm) != DSP_OK) {
				bad += !isnan(out[r * s.cols + c]);
				continue;
			}
			want = metric(&sm, m);
			if (m != DSP_METRIC_MAX_WEIGHT && n <= 100000 && q.theta != 0) {
				want = ref_entropy(n, delta, q.lambda, q.theta);
				if (m == DSP_METRIC_ENTROPY_NORM)
					want = n > 1 ? want / log((double)n) : 0;
			}
			d = fabs(out[r * s.cols + c] - want) / (fabs(want) > 1e-300 ? fabs(want) : 1);
			if (isnan(d) || d > worst)
				worst = isnan(worst) ? worst : d;
		}
	ok(rc == DSP_OK && bad == 0 && worst < 1e-12,
	    "n = %llu, lambda [%g, %g], delta %g, %s: worst rel diff %.2g vs %s",
	    (unsigned long long)n, lam_lo, lam_hi, delta, dsp_metric_name(m), worst,
	    m != DSP_METRIC_MAX_WEIGHT && n <= 100000 ? "long double" : "dsp_eval");
}

/* Families other than the power series do not depend on lambda: the map
 * computes one row over logits generated once; every cell must still be
 * exactly dsp_eval of its (theta, lambda), and the uniform row at theta = 2
 * lies within a few 1e-3 of the large-n limit log n + log E - E[X e^X]/E
 * (X = U(0, 4)/2; not a tautology: independent of the explicit route). */
static void
check_family(enum dsp_family fam, uint64_t n, enum dsp_metric m)
{
	double out[5 * 4], worst = 0, d;
	dsp_map_spec s;
	dsp_summary sm;
	dsp_params p, q;
	size_t r, c;
	int rc;

	dsp_params_default(&p);
	p.family = fam;
	p.n = n;
	dsp_map_spec_default(&s, 5, 4);	/* theta -2, -1, 0, 1, 2 */
	s.metric = m;
	rc = dsp_map_compute(&p, &s, out);
	for (r = 0; r < s.rows; r++)
		for (c = 0; c < s.cols; c++) {
			q = p;
			q.lambda = dsp_map_lambda(&s, r);
			q.theta = dsp_map_theta(&s, c);
			if (dsp_eval(&q, &sm) != DSP_OK)
				worst = INFINITY;
			d = fabs(out[r * s.cols + c] - metric(&sm, m));
			worst = d > worst ? d : worst;
		}
	ok(rc == DSP_OK && worst == 0, "%s n = %llu %s: one row reused, every cell "
	    "= dsp_eval exactly (worst %.2g)", dsp_family_name(fam),
	    (unsigned long long)n, dsp_metric_name(m), worst);
}

int
main(void)
{
	double out[2 * 3];
	dsp_map_spec s;
	dsp_params p;

	dsp_params_default(&p);
	p.n = 4096;
	dsp_map_spec_default(&s, 3, 2);	/* theta -2, 0, 2; lambda 0, 1 */
	is_int(dsp_map_compute(&p, &s, out), DSP_OK, "3 x 2 map computes");
	is_close(out[3 + 2], log(4096.0), 1e-14, "lambda = 1 row: H = log n");
	s.metric = DSP_METRIC_MAX_WEIGHT;
	dsp_map_compute(&p, &s, out);
	is_rel(out[2], 1 / (1 + 4095 * exp(-4.0 / 2)), 1e-14,
	    "lambda = 0, theta = 2: max weight of a spike 1/(1 + (n-1) e^{-delta/theta})");
	check(4096, 0, 1, 4, DSP_METRIC_ENTROPY);
	check(4096, 0, 1, 4, DSP_METRIC_MAX_WEIGHT);
	check(4096, -1, 1, 4, DSP_METRIC_ENTROPY_NORM);
	check(1, 0, 1, 4, DSP_METRIC_ENTROPY_NORM);
	check(2, 0, 1, 30, DSP_METRIC_ENTROPY);
	check((uint64_t)1 << 40, 0, 0.9, 4, DSP_METRIC_ENTROPY);
	check(100000, 0.9, 1, 0, DSP_METRIC_MAX_WEIGHT);
	check_family(DSP_FAM_UNIFORM, 5000, DSP_METRIC_ENTROPY);
	check_family(DSP_FAM_GAUSSIAN, 3000, DSP_METRIC_MAX_WEIGHT);
	check_family(DSP_FAM_RAMP, 1000, DSP_METRIC_ENTROPY_NORM);
	check_family(DSP_FAM_SPIKE, (uint64_t)1 << 40, DSP_METRIC_ENTROPY);
	{
		/* Uniform on [0, 4] at theta 2: x = (e - 4)/2 in [-2, 0],
		 * E = (1 - e^-2)/2, E[x e^x] = (3e^-2 - 1)/2 (checked with mpmath); over 2^20 draws
		 * the entropy is within 1e-3 of log n + log E - E[x e^x]/E. */
		double out1[5], E = (1 - exp(-2.0)) / 2, B = (3 * exp(-2.0) - 1) / 2;

		dsp_params_default(&p);
		p.family = DSP_FAM_UNIFORM;
		p.n = (uint64_t)1 << 20;
		p.delta = 4;
		dsp_map_spec_default(&s, 5, 1);
		dsp_map_compute(&p, &s, out1);
		is_close(out1[4], log(0x1p20) + log(E) - B / E, 1e-3,
		    "uniform 2^20 map cell at theta = 2 = expected limit");
	}
	return tap_done();
}
