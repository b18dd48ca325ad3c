/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The band check's rounding allowance (dsp_band_tol, core/math/bounds.h;
 * issue 23) against exact values: the spike family attains Lemma 2.1's
 * tight band, so its extreme weight and the band edge are two roundings of
 * one number.  tests/data/band-reference.tsv (mpmath, 50 digits, made by
 * tests/core/band-reference.py) gives that number for softmax at
 * n = 2^20 .. 2^60 and SSMax / log-n at theta = +-1.  Each of the two
 * computed values lies within the derivation's eps (1 + log n + r) of it,
 * so the margin lies within the allowance and the verdict is "on the bound",
 * never "violated"; a weight twice the allowance outside the edge is
 * "violated" (the check can fail). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../tap.h"
#include "coretest.h"
#include "core/error.h"
#include "core/math/bounds.h"
#include "core/math/eval.h"
#include "core/schema/figures.h"

int
main(void)
{
	const char *top = getenv("top_srcdir");
	char path[4096], line[256], attn[32], ext[8], val[64];
	double exact, w, edge, r, half_tol, tol;
	int k, delta, theta, a, rows = 0;
	dsp_params p;
	dsp_summary s, bad;
	FILE *f;

	(void)is_close;
	(void)is_rel;
	dsp_gsl_init();
	snprintf(path, sizeof path, "%s/tests/data/band-reference.tsv", top ? top : ".");
	if ((f = fopen(path, "r")) == NULL) {
		ok(0, "read %s", path);
		return tap_done();
	}
	while (fgets(line, sizeof line, f) != NULL) {
		if (line[0] == '#' || strncmp(line, "attn", 4) == 0)
			continue;
		if (sscanf(line, "%31s %d %d %d %7s %63s", attn, &k, &delta, &theta, ext,
		    val) != 6 || (a = dsp_attn_parse(attn)) < 0)
			continue;
		exact = strtod(val, NULL);
		ct_base(&p, DSP_FAM_SPIKE, (uint64_t)1 << k, delta, theta);
		p.attn = (enum dsp_attn)a;
		rows++;
		if (dsp_eval(&p, &s) != DSP_OK) {
			ok(0, "%s 2^%d delta %d theta %d: %s", attn, k, delta, theta,
			    dsp_last_error());
			continue;
		}
		w = strcmp(ext, "max") == 0 ? s.max_weight : s.min_weight;
		edge = strcmp(ext, "max") == 0 ? s.hi_tight : s.lo_tight;
		r = s.spread / fabs(s.theta_eff);
		half_tol = 0x1p-52 * (1 + log(s.n) + r);
		tol = dsp_band_tol(s.n, s.spread, s.theta_eff);
		ok(fabs(w - exact) <= half_tol * exact && fabs(edge - exact) <= half_tol * exact &&
		    fabs(s.bound_margin) <= tol && dsp_band_verdict(&s) == DSP_BAND_EDGE,
		    "%s 2^%d delta %d theta %d: %s weight %.17g, edge %.17g, exact %.17g "
		    "(each within %.2g); margin %.3g within the allowance %.2g: on the bound",
		    attn, k, delta, theta, ext, w, edge, exact, half_tol, s.bound_margin, tol);
		/* Outside by twice the allowance: a real violation. */
		bad = s;
		if (strcmp(ext, "max") == 0)
			bad.max_weight = s.hi_tight * (1 + 2 * tol);
		else
			bad.min_weight = s.lo_tight * (1 - 2 * tol);
		bad.bound_margin = dsp_band_margin(bad.min_weight, bad.max_weight,
		    s.lo_tight, s.hi_tight);
		if (exact < 1 - 1e-15)
			ok(dsp_band_verdict(&bad) == DSP_BAND_VIOLATED,
			    "%s 2^%d: a weight 2 allowances outside is violated", attn, k);
	}
	fclose(f);
	is_int(rows, 24, "reference rows read");
	return tap_done();
}
