/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The figure table, the band verdict policy, the number-format rule and
 * the critical sizes of views whose temperature depends on n
 * (core/schema/figures.h, core/math/critical.h).  References are closed forms or
 * mpmath values computed once (40 digits), quoted with their derivation. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/dsp.h"
#include "tap.h"

static void
test_table(void)
{
	const dsp_figure *f, *g;
	size_t i, j;
	int dup = 0, bad = 0;
	static const char *needed[] = {
		"spread", "entropy_nats", "max_weight", "lemma_tight_lo", "lemma_tight_hi",
		"lemma_loose_lo", "lemma_loose_hi", "entropy_floor", "critical_n",
		"log_critical_n", "bound", "bound_margin", "critical_n_guaranteed",
		"first_n_below_eps", "sharp_exponent"
	};

	for (i = 0; (f = dsp_figure_at(i)) != NULL; i++) {
		for (j = i + 1; (g = dsp_figure_at(j)) != NULL; j++)
			dup |= strcmp(f->name, g->name) == 0;
		bad |= f->what == NULL || f->unit == NULL || f->source > DSP_SRC_DERIVED;
	}
	ok(i > 30 && !dup, "figure table: %zu figures, every name once", i);
	is_int((long long)(dsp_figure_find("elapsed_ms") != NULL), 1, "elapsed_ms is a figure");
	ok(!bad, "every figure has a description, a unit and a source");
	for (i = 0; i < sizeof needed / sizeof needed[0]; i++)
		if (dsp_figure_find(needed[i]) == NULL)
			break;
	ok(i == sizeof needed / sizeof needed[0], "report's figures are in the table");
	/* Attribution (paper notes): the paper states Lemma 2.1 with the proof's
	 * loose band; the tight band, floor and critical n are derivations. */
	ok(dsp_figure_find("lemma_loose_hi")->source == DSP_SRC_PAPER &&
	    dsp_figure_find("lemma_tight_hi")->source == DSP_SRC_DERIVED &&
	    dsp_figure_find("entropy_floor")->source == DSP_SRC_DERIVED &&
	    dsp_figure_find("critical_n")->source == DSP_SRC_DERIVED &&
	    dsp_figure_find("entropy_nats")->source == DSP_SRC_MEASURED,
	    "loose band: paper; tight band, floor, critical n: derived; H: measured");
	ok(dsp_figure_find("lo_tight") == NULL, "old alias lo_tight is not a figure name");
}

static void
test_notes(void)
{
	char b[256];

	dsp_figure_note(dsp_figure_find("lemma_tight_lo"), 1, -1, b, sizeof b);
	ok(strcmp(b, "tight Lemma 2.1 band 1/(1+(n-1)e^{delta/theta}) [derived]") == 0,
	    "theta > 0 note: %s", b);
	dsp_figure_note(dsp_figure_find("lemma_tight_lo"), -1, -1, b, sizeof b);
	ok(strstr(b, "e^{delta/|theta|}") != NULL, "theta < 0 note uses |theta|: %s", b);
	dsp_figure_note(dsp_figure_find("lemma_tight_hi"), 0, -1, b, sizeof b);
	ok(strstr(b, "argmax limit") != NULL && strstr(b, "delta/0") == NULL,
	    "theta = 0 note is the argmax limit: %s", b);
	dsp_figure_note(dsp_figure_find("n"), 1, -1, b, sizeof b);
	ok(strcmp(b, "items") == 0, "input figures carry no source tag");
	/* Sources (review finding 8): the paper's loose band at |theta| is
	 * derived (the lemma assumes theta > 0); the expected limit's logit
	 * range is the law's, derived; theta_eff is derived from parameters. */
	dsp_figure_note(dsp_figure_find("lemma_loose_lo"), 1, -1, b, sizeof b);
	ok(strstr(b, "[paper]") != NULL, "loose band at theta 1: [paper]: %s", b);
	dsp_figure_note(dsp_figure_find("lemma_loose_hi"), -1, -1, b, sizeof b);
	ok(strstr(b, "[derived]") != NULL && strstr(b, "|theta|") != NULL,
	    "loose band at theta -1: [derived]: %s", b);
	dsp_figure_note(dsp_figure_find("logit_max"), 1, DSP_METHOD_EXPECTED, b, sizeof b);
	ok(strstr(b, "[derived]") != NULL, "expected limit logit_max: %s", b);
	dsp_figure_note(dsp_figure_find("logit_max"), 1, DSP_METHOD_EXPLICIT, b, sizeof b);
	ok(strstr(b, "[measured]") != NULL, "explicit logit_max: %s", b);
	ok(dsp_figure_source(dsp_figure_find("theta_eff"), 1, DSP_METHOD_EXPLICIT) ==
	    DSP_SRC_DERIVED, "theta_eff is derived");
}

static void
test_fmt(void)
{
	static const struct { double v; int d; const char *want; } c[] = {
		{ 0.99999, 4, "0.99999" },	/* not the uniform lambda = 1 */
		{ 1.00001, 4, "1.00001" },
		{ 1e-7, 4, "1e-07" },		/* exponent text is no boundary */
		{ 3.99988, 4, "3.9999" },	/* spread of power n = 16 */
		{ 5406.216853, 4, "5406.2" },	/* critical n: "n > 5406" is false */
		{ 4, 4, "4" },
		{ 0, 4, "0" },
		{ 0.5, 4, "0.5" },
		{ 1.3292279957849297e36, 4, "1.329e+36" },
		{ 1048576, 4, "1.049e+06" },
		{ 1e-300, 3, "1e-300" }
	};
	char b[64];
	size_t i;

	for (i = 0; i < sizeof c / sizeof c[0]; i++) {
		dsp_fmt_sig(b, sizeof b, c[i].v, c[i].d);
		ok(strcmp(b, c[i].want) == 0, "fmt %.17g at %d digits: '%s' (want '%s')",
		    c[i].v, c[i].d, b, c[i].want);
	}
	/* Tables (text, CSV): whole numbers below 2^64 exactly, anything
	 * else off the whole number it is not (review finding 6). */
	ok(strcmp(dsp_fmt_cell(b, sizeof b, 0x1p40, 10), "1099511627776") == 0,
	    "cell 2^40: '%s'", b);
	ok(strcmp(dsp_fmt_cell(b, sizeof b, 0x1p63, 10), "9223372036854775808") == 0,
	    "cell 2^63: '%s'", b);
	ok(strcmp(dsp_fmt_cell(b, sizeof b, -0.0, 10), "0") == 0, "cell -0: '%s'", b);
	ok(strcmp(dsp_fmt_cell(b, sizeof b, 0x1p70, 10), "1.180591621e+21") == 0,
	    "cell 2^70 (past 2^64): '%s'", b);
	/* 1/(1 + 63 e^-37), the spike's max weight (1 - 5.3e-15). */
	dsp_fmt_cell(b, sizeof b, 1 / (1 + 63 * exp(-37.0)), 10);
	ok(strcmp(b, "1") != 0 && strtod(b, NULL) < 1 && strtod(b, NULL) > 0.9999999999999,
	    "cell 1 - 5.3e-15: '%s', not 1", b);
	ok(strcmp(dsp_fmt_cell(b, sizeof b, 0.99999999999428, 10), "0.99999999999") == 0,
	    "cell 0.99999999999428: '%s'", b);
	ok(strcmp(dsp_fmt_cell(b, sizeof b, 0.1712082639123, 10), "0.1712082639") == 0,
	    "cell 0.1712082639123 at 10 digits: '%s'", b);
	ok(strcmp(dsp_fmt_sig(b, sizeof b, NAN, 4), "n/a") == 0, "NaN is n/a");
	ok(strcmp(dsp_fmt_sig(b, sizeof b, -INFINITY, 4), "-inf") == 0, "-inf");
}

static void
test_verdict(void)
{
	dsp_params p;
	dsp_summary s;
	double lo, hi;

	memset(&s, 0, sizeof s);
	s.n = 16;
	s.total = 1;
	s.lo_tight = 0.001;
	s.hi_tight = 0.5;
	s.min_weight = 0.01;
	s.max_weight = 0.4;
	s.bound_margin = dsp_band_margin(s.min_weight, s.max_weight, s.lo_tight, s.hi_tight);
	ok(dsp_band_verdict(&s) == DSP_BAND_INSIDE, "inside: margin %.3g", s.bound_margin);
	s.max_weight = 0.5 * (1 + 2.6e-16);
	s.bound_margin = dsp_band_margin(s.min_weight, s.max_weight, s.lo_tight, s.hi_tight);
	ok(dsp_band_verdict(&s) == DSP_BAND_EDGE, "max 1 ulp past the edge: on the bound");
	ok(strcmp(dsp_band_text(DSP_BAND_EDGE), "on the bound (equality)") == 0,
	    "edge text");
	s.max_weight = 0.5 * (1 + 1e-13);
	s.bound_margin = dsp_band_margin(s.min_weight, s.max_weight, s.lo_tight, s.hi_tight);
	ok(dsp_band_verdict(&s) == DSP_BAND_VIOLATED, "1e-13 past the edge: violated");
	s.max_weight = s.min_weight = s.total = 0;
	s.bound_margin = -1;
	ok(dsp_band_verdict(&s) == DSP_BAND_UNDERFLOW && dsp_row_underflow(&s),
	    "all weights 0: underflow, not violated and not sharp");
	/* The lower edge and the min weight both 0 at theta != 0: underflow,
	 * not an equality; at theta = 0 the edge is exactly 0 (equality). */
	s.lo_tight = s.min_weight = 0;
	s.max_weight = 8.1e-6;
	s.hi_tight = s.total = 1;
	s.theta_eff = 0.05;
	s.bound_margin = dsp_band_margin(s.min_weight, s.max_weight, NAN, s.hi_tight);
	ok(dsp_band_lo_underflow(&s) && dsp_band_verdict(&s) == DSP_BAND_LO_UNDERFLOW &&
	    strstr(dsp_band_text(DSP_BAND_LO_UNDERFLOW), "underflow to 0") != NULL,
	    "min weight and lower edge 0: '%s'", dsp_band_text(dsp_band_verdict(&s)));
	s.theta_eff = 0;
	ok(!dsp_band_lo_underflow(&s), "theta = 0: the lower edge is exactly 0, no underflow");
	s.lo_tight = NAN;
	ok(dsp_band_verdict(&s) == DSP_BAND_NA, "no band: n/a");
	/* Uniform [0, 40] under log-n at n = 2^30 (typical configuration): r =
	 * delta log n = 831.8, lower edge 1/(1 + (n-1)e^r) ~ 1e-370 and the
	 * min weight underflow; max = r/(n(1 - e^-r)).  mpmath (40 digits):
	 * max = 7.746523401438578696e-7, top margin (hi - max)/hi =
	 * 0.99999922534765985614. */
	dsp_params_default(&p);
	p.family = DSP_FAM_UNIFORM;
	p.attn = DSP_ATTN_LOGN;
	p.delta = 40;
	p.n = (uint64_t)1 << 30;
	ok(dsp_eval(&p, &s) == DSP_OK && dsp_band_verdict(&s) == DSP_BAND_LO_UNDERFLOW &&
	    s.lo_tight == 0 && s.min_weight == 0,
	    "uniform log-n 2^30 delta 40: lower side underflows, not 'on the bound'");
	/* The typical configuration's largest item sits at its median rank,
	 * delta (1 - 0.7/n), not at delta: e^{-0.7 r/n} = 1 - 5.4e-7 off. */
	is_close(s.max_weight / 7.746523401438578696e-7, 1, 1e-6,
	    "its max weight r/(n(1-e^-r)) (relative)");
	is_close(s.bound_margin, 0.99999922534765985614, 1e-12, "its margin is the top side's");

	/* The spike attains the upper edge: 1/(1 + (n-1)e^{-delta/theta}). */
	dsp_params_default(&p);
	p.family = DSP_FAM_SPIKE;
	p.n = 1 << 20;
	ok(dsp_eval(&p, &s) == DSP_OK && dsp_band_verdict(&s) == DSP_BAND_EDGE &&
	    s.bound_holds == 1, "spike n = 2^20: on the bound (margin %.3g)", s.bound_margin);
	dsp_lemma_tight(1 << 20, 4, 1, &lo, &hi);
	ok(fabs(s.max_weight - hi) <= DSP_BAND_TOL * hi, "spike max = upper edge within the tolerance");
	p.family = DSP_FAM_POWER;
	p.precision = DSP_PREC_FP8_E4M3;
	ok(dsp_eval(&p, &s) == DSP_OK && dsp_band_verdict(&s) == DSP_BAND_UNDERFLOW,
	    "power n = 2^20 in fp8-e4m3: every weight underflows (total %g)", s.total);
}

static void
test_critical(void)
{
	dsp_params p;
	double n, lc;

	/* mpmath: the global maximum of -0.037H^4 + 0.481H^3 - 2.3H^2 + 4.917H
	 * - 1.791 (its only real critical point, H = 4.41240186596567) is
	 * 2.421387706631524275. */
	is_rel(dsp_adaptive_beta_ceiling(), 2.421387706631524275, 1e-12,
	    "adaptive beta ceiling 2.4213877066315243 (mpmath)");
	/* 1 + 99 e^{4 * 2.4213877...} = 1592270.1205328134 (mpmath). */
	ok(dsp_log_critical_n_adaptive(0.01, 4, 1, &lc) == DSP_OK, "guaranteed critical n");
	is_rel(exp(lc), 1592270.1205328134, 1e-10, "guaranteed adaptive critical n = 1 + 99 e^{4 beta_max}");

	dsp_params_default(&p);
	p.family = DSP_FAM_SPIKE;
	/* Plain softmax: max = e^4/(e^4 + n - 1) < 0.01 iff n > 1 + 99 e^4 =
	 * 5406.2168..., so the first n is 5407. */
	ok(dsp_first_n_below_eps(&p, &n) == DSP_OK && n == 5407,
	    "spike first n below eps = 5407 = ceil(1 + 99 e^4) (got %.17g)", n);
	/* Adaptive: at n ~ 5407 the paper-form entropy is 8.5653 nats > 5.94,
	 * where the polynomial is below 1, so beta = 1 and the answer is the
	 * same 5407, not the 1.4e6 of the current n's beta at n = 128. */
	p.adaptive = 1;
	p.n = 128;
	ok(dsp_first_n_below_eps(&p, &n) == DSP_OK && n == 5407,
	    "adaptive spike first n below eps = 5407 (got %.17g)", n);
	/* SSMax, s = 1, delta = 0.5: max = n^{0.5}/(n^{0.5} + n - 1); mpmath:
	 * first n below 0.01 is 9803 (0.0099999999485; at 9802: 0.0100005). */
	p.adaptive = 0;
	p.attn = DSP_ATTN_SSMAX;
	p.delta = 0.5;
	ok(dsp_first_n_below_eps(&p, &n) == DSP_OK && n == 9803,
	    "SSMax s delta = 0.5 first n below eps = 9803 (got %.17g)", n);
	is_close(dsp_sharp_exponent(&p), 0.5, 0, "SSMax exponent s delta/theta = 0.5");
	/* s delta = 4 >= 1: max = n^4/(n^4 + n - 1) -> 1, never below eps. */
	p.delta = 4;
	ok(dsp_first_n_below_eps(&p, &n) == DSP_OK && isinf(n),
	    "SSMax s delta = 4: never below eps up to 2^63");
	p.attn = DSP_ATTN_LOGN;
	p.theta = -2;
	ok(dsp_sharp_exponent(&p) == 2, "log-n exponent delta/|theta| = 2");
	/* The family's spread, not --delta: power lambda = -0.5 spans
	 * [delta lambda, delta] = [-2, 4], spread 6; lambda = 1 is uniform
	 * (spread 0). */
	p.family = DSP_FAM_POWER;
	p.theta = 1;
	p.lambda = -0.5;
	ok(dsp_sharp_exponent(&p) == 6, "log-n power lambda -0.5: exponent = spread 6 (got %g)",
	    dsp_sharp_exponent(&p));
	p.lambda = 1;
	ok(dsp_sharp_exponent(&p) == 0, "log-n power lambda 1: all logits equal, exponent 0");
	p.lambda = 0.5;
	p.family = DSP_FAM_FILE;
	ok(dsp_first_n_below_eps(&p, &n) == DSP_EINVAL, "file logits: no search over n");
}

/* The surfaces loop over rows (figures.h, enum dsp_figsurf): on each,
 * the positions are 1 .. k once each, so a list has no gap and no two
 * figures share a place; a table's column has a value to read; every
 * Theorem 2.2 row the route writes is a row of the table on report's
 * surface (a name that is not would be dropped silently). */
static void
test_surfaces(void)
{
	static const char *surf[] = { "report", "sweep", "curve CSV", "text curve", "heads" };
	const dsp_figure *f, *l[DSP_FIGURES_MAX];
	dsp_crit_row r[DSP_CRIT_ROWS_MAX];
	dsp_figctx c;
	dsp_figcell v;
	dsp_summary s;
	dsp_params p;
	size_t i, j, k, m, count[DSP_SURF_COUNT] = { 0 };
	int bad, sv, a, ad;

	for (i = 0; (f = dsp_figure_at(i)) != NULL; i++)
		for (j = 0; j < DSP_SURF_COUNT; j++)
			count[j] += f->at[j] > 0;
	for (j = 0; j < DSP_SURF_COUNT; j++) {
		k = dsp_figure_list((enum dsp_figsurf)j, l, DSP_FIGURES_MAX);
		ok(k == count[j] && k > 0 && k <= DSP_FIGURES_MAX,
		    "%s: positions 1 .. %zu, each once (%zu rows on it)", surf[j], k, count[j]);
		for (i = 0, bad = 0; i < k && i < DSP_FIGURES_MAX; i++)
			bad |= l[i]->at[j] != i + 1 ||
			    (j != DSP_SURF_HEADS && l[i]->kind == DSP_FIGK_CMD) ||
			    (j != DSP_SURF_FIGS && l[i]->kind == DSP_FIGK_TIME) ||
			    (j != DSP_SURF_FIGS && l[i]->off == (size_t)-1 &&
			    l[i]->kind != DSP_FIGK_BOUND && l[i]->kind != DSP_FIGK_METHOD &&
			    l[i]->kind != DSP_FIGK_CMD);
		ok(!bad, "%s: every row has a value to read, in position order", surf[j]);
	}
	/* heads passes its own (n_eps_empirical) to its table's rows; no
	 * other surface has a command to compute one. */
	for (i = 0, bad = 0; (f = dsp_figure_at(i)) != NULL; i++)
		bad |= f->kind == DSP_FIGK_CMD && (f->at[0] | f->at[1] | f->at[2] | f->at[3]);
	ok(!bad, "a command's own figure is on no shared surface (heads' only)");

	/* Theorem 2.2 rows, each attention function with and without the
	 * adaptive temperature: each a CRIT row on report's surface, and
	 * its cell is the route's row. */
	for (a = 0, bad = 0, m = 0; a < DSP_ATTN_COUNT; a++)
		for (ad = 0; ad < 2; ad++) {
			dsp_params_default(&p);
			p.family = DSP_FAM_POWER;
			p.n = 64;
			p.attn = (enum dsp_attn)a;
			p.adaptive = ad;
			if (dsp_eval(&p, &s) != DSP_OK) {
				bad = 1;
				continue;
			}
			k = dsp_critical_rows(&p, &s, r);
			dsp_figctx_init(&c, &p, &s);
			for (i = 0; i < k; i++, m++) {
				f = dsp_figure_find(r[i].name);
				sv = f != NULL && f->kind == DSP_FIGK_CRIT && f->at[DSP_SURF_FIGS] > 0 &&
				    dsp_figure_cell(f, DSP_SURF_FIGS, &c, &v) == DSP_OK &&
				    v.form != DSP_CELL_NONE && (r[i].text != NULL ?
				    v.text == r[i].text : v.v == r[i].value ||
				    (isnan(v.v) && isnan(r[i].value)));
				if (!sv)
					diag("%s (attn %d, adaptive %d): not a report row with its value",
					    r[i].name, a, ad);
				bad |= !sv;
			}
		}
	ok(!bad && m > 20, "%zu Theorem 2.2 rows of %d views: each a row of the table, "
	    "on report's surface, with the route's value", m, 2 * DSP_ATTN_COUNT);

	/* elapsed_ms only on request; a command's own figure has no cell. */
	dsp_params_default(&p);
	dsp_eval(&p, &s);
	dsp_figctx_init(&c, &p, &s);
	ok(dsp_figure_cell(dsp_figure_find("elapsed_ms"), DSP_SURF_FIGS, &c, &v) == DSP_OK &&
	    v.form == DSP_CELL_NONE, "elapsed_ms: not written without --time");
	c.timing = 1;
	ok(dsp_figure_cell(dsp_figure_find("elapsed_ms"), DSP_SURF_FIGS, &c, &v) == DSP_OK &&
	    v.form == DSP_CELL_NUM, "elapsed_ms: written with --time");
	ok(dsp_figure_cell(dsp_figure_find("theta_max"), DSP_SURF_FIGS, &c, &v) == DSP_EINVAL,
	    "theta_max (bound's own): no cell on a shared surface");

	/* critical_n is kept as its log: its value is the critical n itself,
	 * 1 + (1/eps - 1) e^{spread/theta} (eps 0.01 at the default view). */
	{
		double cn = 0, want = 1 + 99 * exp(s.spread / s.theta_eff);
		int rc = dsp_figure_value(dsp_figure_find("critical_n"), &s, &cn);

		ok(rc == DSP_OK && fabs(cn - want) <= 1e-12 * want,
		    "critical_n's value %.17g = 1 + 99 e^{spread/theta} = %.17g, not its log",
		    cn, want);
	}
}

int
main(void)
{
	dsp_gsl_init();
	test_table();
	test_notes();
	test_fmt();
	test_verdict();
	test_critical();
	test_surfaces();
	return tap_done();
}
