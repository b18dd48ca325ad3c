/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The empirical family (core/math/empirical.h): keys drawn i.i.d. from a row of
 * logits.  Past the item-by-item size the typical configuration of its law (issue 23; at these sizes the limit) against the closed form over a
 * four-value row {0, log 2, log 2, -1} written out here (doc/theory.md §7,
 * §13), the explicit draws (seeded, from the row, frequencies), the argmax
 * limit's ties, its range and the critical n. */
#include <math.h>
#include <stdlib.h>

#include "core/dsp.h"
#include "core/math/empirical.h"
#include "core/math/typical.h"
#include "tap.h"
#include "coretest.h"

#define IS(got, want, what) is_int((got), (want), (what))

static const double row[4] = { 0, M_LN2, M_LN2, -1 };

static void
base(dsp_params *p, uint64_t n, double theta)
{
	dsp_params_default(p);
	p->family = DSP_FAM_EMPIRICAL;
	p->logits = row;
	p->n_logits = 4;
	p->n = n;
	p->theta = theta;
}

/* At theta = 1 the pivot is the maximum log 2, and e^{x - log 2} is 1/2,
 * 1, 1, e^{-1}/2: A = (5/2 + e^{-1}/2)/4, B = (-(log 2)/2 - (1 + log 2)
 * e^{-1}/2)/4; H = log n + log A - B/A, max weight 1/(n A). */
static void
test_limit(void)
{
	long double A = (2.5L + expl(-1) / 2) / 4,
	    B = (-logl(2) / 2 - (1 + logl(2)) * expl(-1) / 2) / 4, n = 0x1p40L;
	dsp_params p;
	dsp_summary s;
	double a, b;

	dsp_empirical_moments(row, 4, 1, M_LN2, 1, &a, &b, NULL);
	is_rel(a, (double)A, 1e-15, "A = (5/2 + e^-1/2)/4");
	is_rel(b, (double)B, 1e-15, "B = (-(log 2)/2 - (1 + log 2) e^-1/2)/4");
	base(&p, (uint64_t)1 << 40, 1);
	IS(dsp_eval(&p, &s), DSP_OK, "n = 2^40 evaluates");
	/* The typical configuration of the row's law (issue 23): each value
	 * n/4 times, to within one item, so its figures are the limit's. */
	ok(s.method == DSP_METHOD_TYPICAL, "n = 2^40: the typical configuration of the law");
	is_rel(s.entropy, (double)(logl(n) + logl(A) - B / A), 1e-14, "H = log n + log A - B/A");
	is_rel(s.max_weight, (double)(1 / (n * A)), 1e-14, "max weight 1/(n A)");
	is_rel(s.min_weight, (double)(expl(-1 - logl(2)) / (n * A)), 1e-14,
	    "min weight e^{-1 - log 2}/(n A)");
	ok(s.logit_min == -1 && s.logit_max == M_LN2 && s.spread == 1 + M_LN2,
	    "logit range is the row's [-1, log 2]");
	is_rel(dsp_empirical_log_n_eps(row, 4, 1, 0.01), (double)(-logl(0.01L) - logl(A)),
	    1e-15, "log n_eps = -log eps - log A");
	/* theta = 0: the keys at the maximum (half of the values) share it. */
	base(&p, (uint64_t)1 << 40, 0);
	IS(dsp_eval(&p, &s), DSP_OK, "theta = 0 evaluates");
	is_rel(s.max_weight, 1 / 0x1p39, 1e-15, "theta = 0: n/2 tied maxima, weight 2/n");
	is_rel(s.entropy, log(0x1p39), 1e-15, "theta = 0: H = log(n/2)");
}

static void
test_draws(void)
{
	dsp_params p;
	double *x = NULL, *y = NULL;
	size_t i, c[3] = { 0, 0, 0 };
	int in_row = 1, same = 1, other = 0;

	base(&p, 4000, 1);
	IS(dsp_family_alloc(&p, &x), DSP_OK, "4000 draws");
	IS(dsp_family_alloc(&p, &y), DSP_OK, "4000 draws again");
	for (i = 0; x != NULL && y != NULL && i < 4000; i++) {
		in_row &= x[i] == 0 || x[i] == M_LN2 || x[i] == -1;
		same &= x[i] == y[i];
		c[x[i] == 0 ? 0 : x[i] == M_LN2 ? 1 : 2]++;
	}
	ok(in_row, "every draw is one of the row's values");
	ok(same, "the same seed draws the same keys");
	/* Counts 1000, 2000, 1000 expected; sd sqrt(4000 p (1 - p)) = 27, 32. */
	ok(labs((long)c[0] - 1000) < 150 && labs((long)c[1] - 2000) < 170 &&
	    labs((long)c[2] - 1000) < 150, "frequencies follow the row's multiplicities: "
	    "%zu, %zu, %zu of 1000, 2000, 1000", c[0], c[1], c[2]);
	free(y);
	p.seed = 2;
	IS(dsp_family_alloc(&p, &y), DSP_OK, "4000 draws, seed 2");
	for (i = 0; y != NULL && i < 4000; i++)
		other |= x[i] != y[i];
	ok(other, "another seed draws other keys");
	free(x);
	free(y);
	base(&p, 16, 1);
	p.logits = NULL;
	p.n_logits = 0;
	ok(dsp_params_check(&p) == DSP_EEMPTY, "the family needs logits");
}

/* A tabulated law from pieces (the learned family's form, typical.h):
 * U[0, 1] with mass 1/2, an atom at 1/2 (a flat piece) with mass 1/4
 * inside it, an atom at 2 with 1/4.  Its configuration at n = 1000 (item i
 * at survival (i - 0.3)/(n + 0.4)): the 250 items with q <= 1/4 at 2, the
 * next 250 in (1/2, 1], then floor(0.75 (n + 0.4) + 0.3) - 500 = 250 at
 * 1/2 exactly, the last 250 in [0, 1/2).  Then ten atoms and one stretch
 * (more atoms than stretches: the segment count's bound). */
static void
test_law_pieces(void)
{
	static const double v0[] = { 0, 0.5, 2 }, v1[] = { 1, 0.5, 2 }, w[] = { 0.5, 0.25, 0.25 };
	double a0[11], a1[11], aw[11];
	dsp_lawtab law;
	dsp_params p;
	dsp_runs *e = dsp_runs_alloc(16);
	uint64_t at2 = 0, at_half = 0, hi = 0, lo = 0;
	size_t i;
	int ok_ = 1;

	dsp_params_default(&p);
	p.family = DSP_FAM_LEARNED;
	p.n = 1000;
	ok(e != NULL && dsp_lawtab_pieces(v0, v1, w, 3, &law) == DSP_OK && law.len == 4 &&
	    dsp_typical_runs(&p, &law, 1, e) == DSP_OK, "a law of 3 pieces: 4 segments "
	    "(atom 2, (1/2, 1], atom 1/2, [0, 1/2))");
	for (i = 0; e != NULL && i < e->len; i++) {
		if (e->value[i] == 2)
			at2 += e->count[i];
		else if (e->value[i] == 0.5)
			at_half += e->count[i];
		else if (e->value[i] > 0.5 && e->value[i] <= 1)
			hi += e->count[i];
		else if (e->value[i] >= 0 && e->value[i] < 0.5)
			lo += e->count[i];
	}
	ok(at2 == 250 && at_half == 250 && hi == 250 && lo == 250,
	    "items: %llu at 2, %llu in (1/2, 1], %llu at 1/2, %llu in [0, 1/2): 250 each",
	    (unsigned long long)at2, (unsigned long long)hi, (unsigned long long)at_half,
	    (unsigned long long)lo);
	dsp_lawtab_free(&law);
	for (i = 0; i < 10; i++) {
		a0[i] = a1[i] = 0.05 + 0.1 * (double)i;
		aw[i] = 0.05;
	}
	a0[10] = 0;
	a1[10] = 1;
	aw[10] = 0.5;
	i = dsp_lawtab_pieces(a0, a1, aw, 11, &law) == DSP_OK ? law.len : 0;
	ok(i == 21, "ten atoms inside one stretch: 21 segments (%zu)", i);
	for (i = 0; i + 1 < law.len; i++)
		ok_ &= law.hi[i] >= law.hi[i + 1] && law.lo[i] >= law.hi[i + 1];
	ok(ok_ && fabs(law.above[law.len] - 1) < 1e-15 && fabs(law.below[0] - 1) < 1e-15,
	    "segments from the top down, without overlap; the tails sum to 1");
	dsp_lawtab_free(&law);
	dsp_runs_free(e);
}

int
main(void)
{
	(void)is_close;
	dsp_gsl_init();
	test_limit();
	test_draws();
	test_law_pieces();
	return tap_done();
}
