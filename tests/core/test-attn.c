/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The attention and family tables (core/schema/attn.h, family.h): every
 * row's flags against what its function or family does.  References are
 * independent of the rows: closed forms (theta / (s log n), delta lambda^k),
 * sums of computed weights against the row-sum rule, GSL's QAGS for the
 * densities' mass, and the weights of a reversed input for the order flag. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_integration.h>

#include "core/dsp.h"
#include "tap.h"
#include "coretest.h"

#define N_SAMPLE	50

/* A fixed sample of logits in [0, 3), distinct. */
static void
sample(double *e, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		e[i] = fmod(0.7548776662 * (double)(i + 1), 1.0) * 3;
}

/* Weights of a over e (item by item); NULL rows or failures: rc. */
static int
weights(enum dsp_attn a, const double *e, size_t n, double theta, double *w)
{
	dsp_runs *r = dsp_runs_alloc(n), *out = dsp_runs_alloc(n);
	size_t i, j, k = 0;
	int rc;

	if (r == NULL || out == NULL)
		return DSP_ENOMEM;
	for (i = 0; i < n; i++)
		dsp_runs_push(r, e[i], 1);
	rc = dsp_alt_weights_runs(a, r, theta, 1.5, out);
	for (i = 0; rc == DSP_OK && i < out->len; i++)
		for (j = 0; j < out->count[i] && k < n; j++)
			w[k++] = out->value[i];
	dsp_runs_free(r);
	dsp_runs_free(out);
	return rc;
}

static void
test_rows(void)
{
	int a, b, keys_unique = 1, ids = 1, names = 1;
	char text[64];

	for (a = 0; a < DSP_ATTN_COUNT; a++) {
		const dsp_attn_row *r = dsp_attn_row_of((enum dsp_attn)a);

		ids &= r != NULL && (int)r->id == a;
		names &= dsp_attn_parse(dsp_attn_names[a]) == a &&
		    strcmp(dsp_attn_name((enum dsp_attn)a), dsp_attn_names[a]) == 0;
		for (b = 0; b < a; b++)
			keys_unique &= dsp_attn_row_of((enum dsp_attn)b)->key != r->key;
		keys_unique &= dsp_attn_by_key(r->key) == a;
	}
	ok(ids, "attention rows in enum order");
	ok(names, "names parse back to their row");
	ok(keys_unique, "one overlay key per function, found by dsp_attn_by_key");
	ok(dsp_attn_row_of(DSP_ATTN_COUNT) == NULL && dsp_attn_by_key('x') == -1,
	    "no row past the table, no function on an unbound key");
	/* Today's table reads "1-9, 0"; any table names every key. */
	dsp_attn_keys_text(text, sizeof text);
	for (a = 0, keys_unique = 1; a < DSP_ATTN_COUNT; a++) {
		int key = dsp_attn_row_of((enum dsp_attn)a)->key, lo, hi;

		lo = a > 0 ? dsp_attn_row_of((enum dsp_attn)(a - 1))->key : -1;
		hi = a + 1 < DSP_ATTN_COUNT ? dsp_attn_row_of((enum dsp_attn)(a + 1))->key : -1;
		/* A key inside a run "1-9" is implied, not printed. */
		if (!(lo == key - 1 && hi == key + 1))
			keys_unique &= strchr(text, key) != NULL;
	}
	ok(keys_unique, "overlay keys text names every key: %s", text);
	if (DSP_ATTN_COUNT == 10)
		is_int(strcmp(text, "1-9, 0"), 0, "overlay keys text of the ten functions: 1-9, 0");
}

/* Softmax rows have no weights() of their own; the rest compute, and
 * their sums keep the row's rule. */
static void
test_sums(void)
{
	double e[N_SAMPLE], w[N_SAMPLE], big[N_SAMPLE], small[N_SAMPLE], t, tb, ts;
	int a, rc;
	size_t i;

	sample(e, N_SAMPLE);
	for (i = 0; i < N_SAMPLE; i++) {
		big[i] = 10 + e[i];
		small[i] = e[i] - 10;
	}
	for (a = 0; a < DSP_ATTN_COUNT; a++) {
		const dsp_attn_row *r = dsp_attn_row_of((enum dsp_attn)a);

		rc = weights((enum dsp_attn)a, e, N_SAMPLE, 1, w);
		if (r->flags & DSP_ATTN_F_SOFTMAX) {
			ok(r->weights == NULL && rc == DSP_ENOTSUP,
			    "%s: a softmax, computed by dsp_eval", dsp_attn_names[a]);
			continue;
		}
		is_int(rc, DSP_OK, dsp_attn_names[a]);
		for (t = 0, i = 0; i < N_SAMPLE; i++)
			t += w[i];
		weights((enum dsp_attn)a, big, N_SAMPLE, 1, w);
		for (tb = 0, i = 0; i < N_SAMPLE; i++)
			tb += w[i];
		weights((enum dsp_attn)a, small, N_SAMPLE, 1, w);
		for (ts = 0, i = 0; i < N_SAMPLE; i++)
			ts += w[i];
		switch (r->sum) {
		case DSP_ATTN_SUM_ONE:
			ok(fabs(t - 1) < 1e-12 && fabs(tb - 1) < 1e-12 && fabs(ts - 1) < 1e-12,
			    "%s: rows sum to 1 (%.17g, %.17g, %.17g)", dsp_attn_names[a],
			    t, tb, ts);
			break;
		case DSP_ATTN_SUM_AT_MOST_ONE:
			ok(t <= 1 + 1e-12 && tb <= 1 + 1e-12 && ts < 1 - 1e-6,
			    "%s: rows sum to at most 1, not always 1 (%.17g, %.17g, %.17g)",
			    dsp_attn_names[a], t, tb, ts);
			break;
		case DSP_ATTN_SUM_AT_MOST_N:
			ok(t <= N_SAMPLE && tb <= N_SAMPLE && ts <= N_SAMPLE && tb > 1,
			    "%s: rows sum to at most n, past 1 on large logits (%.17g, %.17g)",
			    dsp_attn_names[a], t, tb);
			break;
		}
	}
}

/* ORDERED: the weights of the reversed logits are not the reversed
 * weights; for the other functions they are. */
static void
test_order(void)
{
	double e[N_SAMPLE], r[N_SAMPLE], w[N_SAMPLE], wr[N_SAMPLE];
	int a, same;
	size_t i;

	sample(e, N_SAMPLE);
	for (i = 0; i < N_SAMPLE; i++)
		r[i] = e[N_SAMPLE - 1 - i];
	for (a = 0; a < DSP_ATTN_COUNT; a++) {
		if (dsp_attn_is_softmax((enum dsp_attn)a))
			continue;
		weights((enum dsp_attn)a, e, N_SAMPLE, 1, w);
		weights((enum dsp_attn)a, r, N_SAMPLE, 1, wr);
		for (same = 1, i = 0; i < N_SAMPLE; i++)
			same &= fabs(w[i] - wr[N_SAMPLE - 1 - i]) <= 1e-15;
		ok(same == !dsp_attn_ordered((enum dsp_attn)a),
		    "%s: order %s the weights", dsp_attn_names[a],
		    same ? "does not change" : "changes");
	}
}

/* SCALES_N: theta / (s log n), s = --ssmax-s for SSMax and 1 for log-n. */
static void
test_scales(void)
{
	dsp_params p;
	int a, good = 1, count = 0;
	double want;

	dsp_params_default(&p);
	p.theta = 1.3;
	p.ssmax_s = 0.7;
	for (a = 0; a < DSP_ATTN_COUNT; a++) {
		p.attn = (enum dsp_attn)a;
		want = a == DSP_ATTN_SSMAX ? 1.3 / (0.7 * log(1000.0)) :
		    a == DSP_ATTN_LOGN ? 1.3 / log(1000.0) : 1.3;
		good &= dsp_attn_theta_at(&p, 1000) == want && dsp_attn_theta_at(&p, 1) == 1.3;
		good &= dsp_attn_scales_n(p.attn) == (want != 1.3);
		count += dsp_attn_scales_n(p.attn);
	}
	ok(good, "theta at n: theta / (s log n) exactly where the row scales with n");
	p.attn = DSP_ATTN_LOGN;
	is_close(dsp_attn_theta_at(&p, M_E * M_E), 0.65, 1e-15, "log-n at n = e^2: theta / 2");
	is_int(count, 2, "two functions scale theta with n (SSMax, log-n)");
}

/* ORDERED: an iid family past the explicit limit (empirical draws from a
 * row) is the typical configuration of its law (issue 23), which every
 * function whose weights do not depend on the items' order evaluates; an
 * ordered one is refused (the configuration has no order). */
static void
test_large_n(void)
{
	static const double row[] = { 0, 0.5, 1, 2, 3 };
	dsp_params p;
	dsp_summary s;
	int a, rc;

	for (a = 0; a < DSP_ATTN_COUNT; a++) {
		dsp_params_default(&p);
		p.family = DSP_FAM_EMPIRICAL;
		p.logits = row;
		p.n_logits = 5;
		p.n = (uint64_t)1 << 40;
		p.attn = (enum dsp_attn)a;
		rc = dsp_eval(&p, &s);
		if (!dsp_attn_has(p.attn, DSP_ATTN_F_ORDERED))
			ok(rc == DSP_OK && s.method == DSP_METHOD_TYPICAL,
			    "%s: large-n route at 2^40 (rc %d)", dsp_attn_names[a], rc);
		else
			ok(rc != DSP_OK, "%s: no large-n route (refused: %d)",
			    dsp_attn_names[a], rc);
	}
}

/* THM22: on a spike (bounded logits) every weight goes to 0 with n. */
static void
test_thm22(void)
{
	dsp_summary s1, s2;
	dsp_params p;
	int a;

	for (a = 0; a < DSP_ATTN_COUNT; a++) {
		if (!dsp_attn_has((enum dsp_attn)a, DSP_ATTN_F_THM22))
			continue;
		ct_base(&p, DSP_FAM_SPIKE, 1024, 2, 1);
		p.attn = (enum dsp_attn)a;
		dsp_eval(&p, &s1);
		p.n = (uint64_t)1 << 30;
		dsp_eval(&p, &s2);
		ok(s2.max_weight < s1.max_weight / 100, "%s: max weight %.3g at 2^10, %.3g at 2^30",
		    dsp_attn_names[a], s1.max_weight, s2.max_weight);
	}
}

static double
law_f(double v, void *arg)
{
	const double *k = arg;	/* law, sigma, norm, lo, hi */

	return dsp_law_density((enum dsp_law)k[0], k[1], k[2], k[3], k[4], v);
}

/* Families: runs where the row says so, nested draws, densities of mass 1. */
static void
test_families(void)
{
	gsl_integration_workspace *ws = gsl_integration_workspace_alloc(1000);
	gsl_function F = { law_f, NULL };
	double x[400], y[400], k[5], mass, err;
	dsp_runs *r = dsp_runs_alloc(16);
	dsp_params p;
	int f, good, rc;
	size_t i;

	for (f = 0; f < DSP_FAM_COUNT; f++) {
		const dsp_family_row *row = dsp_family_row_of((enum dsp_family)f);

		ok(row != NULL && (int)row->id == f, "family row %d in enum order", f);
		if (f == DSP_FAM_FILE || f == DSP_FAM_EMPIRICAL || f == DSP_FAM_LEARNED)
			continue;	/* need logits or a model */
		ct_base(&p, (enum dsp_family)f, 200, 2, 1);
		p.lambda = 0.5;
		rc = dsp_family_runs(&p, r);
		ok((rc == DSP_OK) == dsp_family_has_runs(&p), "%s: runs %s as its row says",
		    dsp_family_name((enum dsp_family)f), rc == DSP_OK ? "exist" : "refused");
		if (dsp_family_nested(&p)) {
			dsp_family_generate(&p, x);
			p.n = 400;
			dsp_family_generate(&p, y);
			ok(memcmp(x, y, 200 * sizeof *x) == 0,
			    "%s: nested, the draws at 200 begin the draws at 400",
			    dsp_family_name((enum dsp_family)f));
			p.n = 200;
		}
		if (row->law == DSP_LAW_NONE)
			continue;
		k[0] = row->law;
		k[1] = p.delta;
		dsp_family_range(&p, &k[3], &k[4]);
		k[2] = dsp_law_norm(row->law, p.delta, k[4]);
		F.params = k;
		gsl_integration_qags(&F, k[3], k[4], 0, 1e-12, 1000, ws, &mass, &err);
		is_rel(mass, 1, 1e-10, "law density of the family has mass 1 (QAGS)");
	}
	{
		int seen = 0;

		for (f = 0; f < DSP_FAM_COUNT; f++) {
			int w = dsp_family_row_of((enum dsp_family)f)->walk;

			if (w >= 0 && w < DSP_FAM_COUNT)
				seen |= 1 << w;
		}
		ok(seen == (1 << DSP_FAM_COUNT) - 1, "the f walk visits every family once");
		ok(dsp_family_row_of(DSP_FAM_EMPIRICAL)->walk + 1 ==
		    dsp_family_row_of(DSP_FAM_FILE)->walk,
		    "the f walk goes from empirical to file (a head's two views)");
	}
	/* The power series' generator: delta lambda^k by multiplication, cut
	 * at the first term below tol. */
	ct_base(&p, DSP_FAM_POWER, 100, 1, 1);
	p.lambda = 0.5;
	{
		dsp_power_iter it;
		double t;

		dsp_power_begin(&it, &p, 0x1p-10);
		for (good = 1, i = 0; dsp_power_next(&it, &t); i++)
			good &= t == ldexp(1, -(int)i);
		ok(good && i == 11 && it.k == 11 && it.t == 0x1p-11,
		    "power terms 2^-k down to the cut 2^-10: 11 terms, next 2^-11");
	}
	dsp_runs_free(r);
	gsl_integration_workspace_free(ws);
}

int
main(void)
{
	test_rows();
	test_sums();
	test_order();
	test_scales();
	test_large_n();
	test_thm22();
	test_families();
	return tap_done();
}
