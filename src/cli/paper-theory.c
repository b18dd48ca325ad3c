/* SPDX-License-Identifier: GPL-3.0-or-later */
/* disperse paper, sections 1-4, 6 and 7: Lemma 2.1, Theorem 2.2, the
 * dispersion figure, adaptive temperature, the alternatives and the
 * (theta, lambda) map, each from the library functions of the command that
 * owns it. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/paper_int.h"

/* ---- 1. Lemma 2.1 ---- */

static const enum dsp_family lemma_families[] = {
	DSP_FAM_POWER, DSP_FAM_SPIKE, DSP_FAM_UNIFORM, DSP_FAM_RAMP, DSP_FAM_GAUSSIAN
};
#define NLF (sizeof lemma_families / sizeof lemma_families[0])

int
paper_lemma(struct paper *P)
{
	static const char *cols[] = { "family", "delta", "log2_n", "min_weight",
	    "max_weight", "lemma_tight_lo", "lemma_tight_hi", "margin", "verdict",
	    "method" };
	static const double deltas[] = { 1, 4, 16 };
	size_t nd = P->sc->lemma_all_deltas ? 3 : 1, f, d, checked = 0, bad = 0,
	    eq = 0, under = 0, r;
	dsp_table *t;
	dsp_params p;
	dsp_summary s;
	dsp_viewstate v;
	enum dsp_band b;
	char *vbuf = NULL;
	size_t vlen = 0, nround = 0, nroute = 0;
	int last_route = -1, continue_row = 0;
	FILE *vf;
	int k, rc;

	if ((vf = open_memstream(&vbuf, &vlen)) == NULL)
		return DSP_ENOMEM;
	paper_progress(P, "Lemma 2.1: the band on %zu families, n = 2^4 .. 2^60", NLF);
	if ((t = paper_new_table("Lemma 2.1: weights against the tight band", cols, 10)) == NULL) {
		fclose(vf);
		free(vbuf);
		return DSP_ENOMEM;
	}
	for (f = 0; f < NLF; f++)
		for (d = 0; d < nd; d++)
			for (k = 4; k <= 60; k += P->sc->lemma_step) {
				double row[10];

				dsp_params_default(&p);
				p.family = lemma_families[f];
				p.delta = nd == 1 ? 4 : deltas[d];
				p.seed = P->o->params.seed;
				p.n = (uint64_t)1 << k;
				if ((rc = dsp_view_eval(&p, &s)) != DSP_OK) {
					dsp_table_free(t);
					return rc;
				}
				b = dsp_band_verdict(&s);
				if (b == DSP_BAND_VIOLATED) {
					int route = !(s.max_weight <= 1);

					nroute += route;
					nround += !route && s.bound_margin > -1e-12;
					/* One line for each run of route failures
					 * (the rest are in the CSV). */
					if (route && last_route == (int)(f * 8 + d))
						continue_row = 1;
					last_route = route ? (int)(f * 8 + d) : -1;
					if (!continue_row)
						fprintf(vf, "| %s | %g | 2^%d | %.17g | [%.6g, %.17g] | %.3g | %s |\n",
					    dsp_family_name(p.family), p.delta, k, s.max_weight,
					    s.lo_tight, s.hi_tight, s.bound_margin, route ?
					    "a weight above 1: the expected large-n route fails "
					    "here (a defect of disperse, not of the lemma)" :
					    s.bound_margin > -1e-12 ? "rounding: outside by a few "
					    "ulps, beyond the rounding allowance dsp_band_tol" :
					    "unexplained");
					continue_row = 0;
				}
				checked++;
				bad += b == DSP_BAND_VIOLATED;
				eq += b == DSP_BAND_EDGE;
				under += b == DSP_BAND_LO_UNDERFLOW || b == DSP_BAND_UNDERFLOW;
				row[0] = NAN;
				row[1] = p.delta;
				row[2] = k;
				row[3] = s.min_weight;
				row[4] = s.max_weight;
				row[5] = s.lo_tight;
				row[6] = s.hi_tight;
				row[7] = s.bound_margin;
				row[8] = row[9] = NAN;
				if ((rc = dsp_table_row(t, row)) != DSP_OK)
					goto fail;
				r = dsp_table_rows(t) - 1;
				if ((rc = dsp_table_set_text(t, r, 0, dsp_family_name(p.family))) ||
				    (rc = dsp_table_set_text(t, r, 8, dsp_band_word(b))) ||
				    (rc = dsp_table_set_text(t, r, 9, dsp_method_name(s.method))))
					goto fail;
			}
	fclose(vf);
	dsp_table_stamp(t, "theta", "1");
	dsp_table_stamp(t, "band", "tight form 1/(1 + (n-1) e^{delta/theta}) <= "
	    "alpha_k <= 1/(1 + (n-1) e^{-delta/theta}) at the actual logit spread "
	    "(derivation from the proof of Lemma 2.1)");
	if ((rc = paper_keep_table(P, "lemma", t)) != DSP_OK)
		return rc;
	fprintf(P->md, "## 1. Lemma 2.1: every weight is Θ(1/n)\n\n"
	    "**Paper:** for logits in [m, M] (spread δ = M − m) and θ > 0, every softmax "
	    "coefficient is Θ(1/n) as n → ∞; the proof bounds it by e^{−δ/θ}/n ≤ α_k ≤ "
	    "e^{δ/θ}/n.\n\n"
	    "**disperse** checks the tight two-sided band 1/(1 + (n−1)e^{δ/θ}) ≤ α_k ≤ "
	    "1/(1 + (n−1)e^{−δ/θ}) (*derivation* from the proof's idea) at the actual "
	    "logit spread of each input, θ = 1, on the families %s, δ ∈ {%s}, "
	    "n = 2^4, 2^%d, …, 2^60 (random families item by item up to 2^22, their "
	    "expected large-n limit past it).\n\n"
	    "| checked | violated | on the bound (equality) | lower side underflows |\n"
	    "|---:|---:|---:|---:|\n| %zu | **%zu** | %zu | %zu |\n\n"
	    "The Gaussian family is not bounded independently of n (the lemma's premise "
	    "fails); the band is checked at the spread each draw actually has.  "
	    "Every row: [lemma.csv](lemma.csv).  Figure: max weight of the spike "
	    "(δ = 4) against n inside the band: ![Lemma 2.1](lemma-curve.svg)\n\n",
	    "power (λ = 0.5), spike, uniform, ramp, gaussian",
	    nd == 1 ? "4" : "1, 4, 16", 4 + P->sc->lemma_step, checked, bad, eq, under);
	if (bad > 0)
		fprintf(P->md, "The checks outside the band, and why (%zu rounding, "
		    "%zu route; none is a counterexample to the lemma; a run of route "
		    "failures is shown by its first size, every row is in lemma.csv):\n\n"
		    "| family | δ | n | max weight | band | margin | why |\n"
		    "|---|---:|---:|---:|---|---:|---|\n%s\n", nround, nroute, vbuf);
	free(vbuf);
	paper_scaled_view(P, &v);
	v.params.family = DSP_FAM_SPIKE;
	v.curve_lo = 16;
	v.curve_hi = ldexp(1, 60);
	v.curve_mode = DSP_CURVE_MAXW;
	v.map_row = v.map_col = 0;
	if ((rc = paper_figures(P, &v, "lemma", DSP_SNAP_FIG_CURVE)) != DSP_OK)
		return rc;
	if (bad > nround + nroute)
		return dsp_fail(DSP_ERANGE, "Lemma 2.1: %zu of %zu checks violate the "
		    "band beyond rounding", bad - nround - nroute, checked);
	return DSP_OK;
fail:
	fclose(vf);
	free(vbuf);
	dsp_table_free(t);
	return rc;
}

/* ---- 2. Theorem 2.2 ---- */

static int
crit_row(dsp_table *t, const char *what, double delta, double theta, double eps,
    const char *source)
{
	double row[7], ln, lna;
	char buf[64];
	size_t r;
	int rc;

	if ((rc = dsp_log_critical_n(eps, delta, theta, &ln)) != DSP_OK ||
	    (rc = dsp_log_critical_n_adaptive(eps, delta, theta, &lna)) != DSP_OK)
		return rc;
	row[0] = NAN;
	row[1] = delta;
	row[2] = theta;
	row[3] = eps;
	row[4] = ln;
	row[5] = NAN;
	row[6] = lna;
	if ((rc = dsp_table_row(t, row)) != DSP_OK)
		return rc;
	r = dsp_table_rows(t) - 1;
	if ((rc = dsp_table_set_text(t, r, 0, what)) != DSP_OK)
		return rc;
	(void)source;
	return dsp_table_set_text(t, r, 5, paper_fmt_logsize(buf, sizeof buf, ln));
}

static const struct gemma {
	const char	*name;
	double		 lo, hi, mean, sd;
} gemmas[] = {
	{ "Gemma 2B", 2.28, 14.78, 5.69, 2.05 },
	{ "Gemma 7B", 0.09, 32.74, 5.82, 2.61 },
};

int
paper_critical(struct paper *P)
{
	static const char *cols[] = { "what", "delta", "theta", "eps", "log_critical_n",
	    "critical_n", "log_critical_n_adaptive" };
	static const double deltas[] = { 1, 2, 4, 8, 16, 32 }, thetas[] = { 0.5, 1, 2 },
	    epss[] = { 0.5, 0.1, 0.01 };
	dsp_table *t;
	char b1[64], b2[64], b3[64];
	size_t i, j, k, g;
	double ln[3];
	int rc;

	paper_progress(P, "Theorem 2.2: critical sizes");
	if ((t = paper_new_table("Theorem 2.2: critical n (derivation)", cols, 7)) == NULL)
		return DSP_ENOMEM;
	for (i = 0; i < 6; i++)
		for (j = 0; j < 3; j++)
			for (k = 0; k < 3; k++)
				if ((rc = crit_row(t, "grid", deltas[i], thetas[j], epss[k],
				    NULL)) != DSP_OK)
					goto fail;
	for (g = 0; g < 2; g++)
		for (k = 0; k < 3; k++) {
			char what[64];
			const double v[3] = { gemmas[g].lo, gemmas[g].mean, gemmas[g].hi };
			const char *vn[3] = { "min", "mean", "max" };

			for (j = 0; j < 3; j++) {
				snprintf(what, sizeof what, "%s spread %s", gemmas[g].name, vn[j]);
				if ((rc = crit_row(t, what, v[j], 1, epss[k], NULL)) != DSP_OK)
					goto fail;
			}
		}
	dsp_table_stamp(t, "critical_n", "1 + (1/eps - 1) e^{delta/theta}: past it every "
	    "weight is below eps (derivation from the tight band; the paper gives no "
	    "explicit size)");
	dsp_table_stamp(t, "log_critical_n_adaptive", "the same at theta / beta_max, "
	    "beta_max = 2.4213877 the ceiling of the paper's adaptive polynomial "
	    "(derivation)");
	if ((rc = paper_keep_table(P, "critical", t)) != DSP_OK)
		return rc;
	fprintf(P->md, "## 2. Theorem 2.2: the critical size n*\n\n"
	    "**Paper:** for a Transformer of fixed depth and width over a finite "
	    "vocabulary the logits stay bounded, so for every ε > 0 there is an n past "
	    "which every attention coefficient is below ε.  The paper gives no explicit "
	    "critical size (*not stated in the paper*).\n\n"
	    "**Derivation** (disperse, from the tight band): max α < ε for every "
	    "n > n* = 1 + (1/ε − 1) e^{δ/θ}.\n\n"
	    "| δ | θ | n* at ε = 0.5 | n* at ε = 0.1 | n* at ε = 0.01 |\n"
	    "|---:|---:|---:|---:|---:|\n");
	for (i = 0; i < 6; i++)
		for (j = 0; j < 3; j++) {
			for (k = 0; k < 3; k++)
				dsp_log_critical_n(epss[k], deltas[i], thetas[j], &ln[k]);
			fprintf(P->md, "| %g | %g | %s | %s | %s |\n", deltas[i], thetas[j],
			    paper_fmt_logsize(b1, sizeof b1, ln[0]),
			    paper_fmt_logsize(b2, sizeof b2, ln[1]),
			    paper_fmt_logsize(b3, sizeof b3, ln[2]));
		}
	fprintf(P->md, "\n**Gemma spreads.**  *Paper (as recorded in the notes, from two "
	    "secondary sources, medium confidence):* all attention heads on one "
	    "~4,000-token code file; Gemma 2B δ ∈ [2.28, 14.78], mean 5.69 ± 2.05; "
	    "Gemma 7B δ ∈ [0.09, 32.74], mean 5.82 ± 2.61.  What they imply at θ = 1 "
	    "(*derivation*, not stated in the paper):\n\n"
	    "| model | δ | n* at ε = 0.5 | n* at ε = 0.1 | n* at ε = 0.01 |\n"
	    "|---|---:|---:|---:|---:|\n");
	for (g = 0; g < 2; g++) {
		const double v[3] = { gemmas[g].lo, gemmas[g].mean, gemmas[g].hi };
		const char *vn[3] = { "min", "mean", "max" };

		for (j = 0; j < 3; j++) {
			for (k = 0; k < 3; k++)
				dsp_log_critical_n(epss[k], v[j], 1, &ln[k]);
			fprintf(P->md, "| %s (%s) | %g | %s | %s | %s |\n", gemmas[g].name,
			    vn[j], v[j], paper_fmt_logsize(b1, sizeof b1, ln[0]),
			    paper_fmt_logsize(b2, sizeof b2, ln[1]),
			    paper_fmt_logsize(b3, sizeof b3, ln[2]));
		}
	}
	fprintf(P->md, "\nA head with the mean spread of either model cannot keep a "
	    "weight above 1/2 past a few hundred items at θ = 1; only the widest heads "
	    "(δ ≈ 15–33) stay sharp at million-token contexts.  The same sizes at the "
	    "adaptive polynomial's largest inverse temperature (β ≤ 2.42, so θ/2.42) are "
	    "in [critical.csv](critical.csv) (`log_critical_n_adaptive`).\n\n");
	return DSP_OK;
fail:
	dsp_table_free(t);
	return rc;
}

/* ---- 3. the dispersion figure ---- */

static int
curve_rows(dsp_table *t, const char *label, const dsp_params *p, int k0, int k1,
    int step, int with_band)
{
	dsp_summary s;
	double n, row[9];
	size_t r;
	int k, rc;

	for (k = k0; k <= k1; k += step) {
		n = ldexp(1, k);
		if ((rc = dsp_view_curve(p, &n, 1, &s, &(size_t){ 0 }, NULL)) != DSP_OK) {
			s.entropy = s.max_weight = s.lo_tight = s.hi_tight = NAN;
			s.entropy_floor = s.beta = NAN;
		}
		row[0] = NAN;
		row[1] = k;
		row[2] = s.entropy;
		row[3] = s.entropy / (k ? k * log(2.0) : NAN);
		row[4] = s.max_weight;
		row[5] = with_band ? s.lo_tight : NAN;
		row[6] = with_band ? s.hi_tight : NAN;
		row[7] = with_band ? s.entropy_floor : NAN;
		row[8] = s.beta;
		if ((rc = dsp_table_row(t, row)) != DSP_OK)
			return rc;
		r = dsp_table_rows(t) - 1;
		if ((rc = dsp_table_set_text(t, r, 0, label)) != DSP_OK)
			return rc;
	}
	return DSP_OK;
}

static const char *curve_cols[] = { "series", "log2_n", "entropy_nats",
    "entropy_norm", "max_weight", "lemma_tight_lo", "lemma_tight_hi",
    "entropy_floor", "beta" };

int
paper_dispersion(struct paper *P)
{
	dsp_viewstate v;
	dsp_params p;
	dsp_table *t;
	dsp_summary s;
	double n;
	int rc, k;

	paper_progress(P, "dispersion: entropy and max weight against n");
	if ((t = paper_new_table("Dispersion: entropy and max weight against n", curve_cols,
	    9)) == NULL)
		return DSP_ENOMEM;
	dsp_params_default(&p);
	if ((rc = curve_rows(t, "power delta=4 lambda=0.5", &p, 0, 40, 1, 1)) != DSP_OK)
		goto fail;
	p.family = DSP_FAM_SPIKE;
	if ((rc = curve_rows(t, "spike delta=4", &p, 0, 40, 1, 1)) != DSP_OK)
		goto fail;
	p.family = DSP_FAM_UNIFORM;
	p.seed = P->o->params.seed;
	if ((rc = curve_rows(t, "uniform delta=4", &p, 0, 40, 1, 1)) != DSP_OK)
		goto fail;
	dsp_table_stamp(t, "theta", "1");
	if ((rc = paper_keep_table(P, "dispersion", t)) != DSP_OK)
		return rc;
	fprintf(P->md, "## 3. Dispersion: entropy and max weight against n\n\n"
	    "**Paper:** the coefficients of a softmax over bounded logits disperse as "
	    "the number of items grows (Lemma 2.1); the paper's own dispersion figure "
	    "shows a trained Max Retrieval head (section 5 below).  Which "
	    "synthetic inputs the paper plots is *not stated in the paper* as the notes "
	    "record it: disperse uses its default view, the power series "
	    "e_k = 4 · 0.5^k at θ = 1 (disperse's family, see section 7), the spike "
	    "(one logit 4, the rest 0) and iid U[0, 4].\n\n"
	    "| n | power: H (nats) | power: max α | spike: H | spike: max α | spike: "
	    "band [lo, hi] |\n|---:|---:|---:|---:|---:|---|\n");
	for (k = 4; k <= 40; k += 6) {
		dsp_summary a;

		n = ldexp(1, k);
		dsp_params_default(&p);
		if (dsp_view_curve(&p, &n, 1, &a, &(size_t){ 0 }, NULL) != DSP_OK)
			continue;
		p.family = DSP_FAM_SPIKE;
		if (dsp_view_curve(&p, &n, 1, &s, &(size_t){ 0 }, NULL) != DSP_OK)
			continue;
		fprintf(P->md, "| 2^%d | %.6g | %.6g | %.6g | %.6g | [%.4g, %.4g] |\n", k,
		    a.entropy, a.max_weight, s.entropy, s.max_weight, s.lo_tight,
		    s.hi_tight);
	}
	fprintf(P->md, "\nEvery point, n = 2^0 … 2^40: [dispersion.csv](dispersion.csv).  "
	    "![dispersion](dispersion-curve.svg)\n\n");
	paper_scaled_view(P, &v);
	return paper_figures(P, &v, "dispersion", DSP_SNAP_FIG_CURVE);
fail:
	dsp_table_free(t);
	return rc;
}

/* ---- 4. adaptive temperature ---- */

int
paper_adaptive(struct paper *P)
{
	static const char *pcols[] = { "power", "paper", "refit", "refit_se" };
	static const char *bcols[] = { "entropy_nats", "beta_paper", "beta_refit" };
	static const char *ecols[] = { "log2_n", "entropy_plain", "entropy_paper_poly",
	    "entropy_refit_poly", "beta_paper", "beta_refit", "max_weight_plain",
	    "max_weight_paper_poly", "max_weight_refit_poly" };
	dsp_refit_spec spec;
	dsp_refit_pair *pairs = NULL;
	dsp_fit_result fit;
	double sizes[32], *x = NULL, *y = NULL, hmax, bmax, row[9];
	size_t nsz, cnt, i;
	dsp_table *t = NULL;
	dsp_viewstate v;
	dsp_params p, q;
	dsp_summary s0, s1, s2;
	int rc, k;

	paper_progress(P, "adaptive temperature: the paper's polynomial and its refit");
	dsp_refit_spec_default(&spec);
	nsz = dsp_refit_default_sizes(sizes, 32);
	spec.sizes = sizes;
	spec.n_sizes = nsz;
	spec.seed = P->o->params.seed;
	if ((rc = dsp_refit_generate(&spec, &pairs, &cnt)) != DSP_OK)
		return rc;
	if ((x = dsp_malloc(cnt * sizeof *x)) == NULL || (y = dsp_malloc(cnt * sizeof *y)) == NULL) {
		rc = DSP_ENOMEM;
		goto out;
	}
	for (i = 0; i < cnt; i++) {
		x[i] = pairs[i].h;
		y[i] = pairs[i].beta;
	}
	if ((rc = dsp_fit_poly(x, y, cnt, DSP_ADAPTIVE_DEGREE, &fit)) != DSP_OK)
		goto out;
	if ((t = paper_new_table("Adaptive temperature: the polynomial, paper and refit",
	    pcols, 4)) == NULL) {
		rc = DSP_ENOMEM;
		goto out;
	}
	for (k = 0; k <= DSP_ADAPTIVE_DEGREE; k++) {
		row[0] = DSP_ADAPTIVE_DEGREE - k;
		row[1] = dsp_adaptive_poly_desc[k];
		row[2] = fit.coef[k];
		row[3] = fit.se[k];
		if ((rc = dsp_table_row(t, row)) != DSP_OK)
			goto out;
	}
	dsp_table_stamp(t, "paper", "coefficients of the paper's JAX code (Figure 4), "
	    "descending powers of H as jnp.polyval takes them");
	dsp_table_stampf(t, "refit", "gsl_multifit_wlinear on a scaled Vandermonde "
	    "matrix, %zu (H, beta*) pairs: spike plus U[0, 2] noise, delta = 4, n = 2^2 "
	    ".. 2^14, 4 draws each, beta* = least beta >= 1 with max weight >= 0.9 "
	    "(disperse's criterion, `disperse fit`); rms %.6g, r2 %.6g", cnt, fit.rms,
	    fit.r2);
	rc = paper_keep_table(P, "adaptive-poly", t);
	t = NULL;
	if (rc != DSP_OK)
		goto out;
	dsp_poly_desc_max(dsp_adaptive_poly_desc, DSP_ADAPTIVE_DEGREE, 0.5, 8, &hmax, &bmax);
	fprintf(P->md, "## 4. Adaptive temperature\n\n"
	    "**Paper (Figure 4, JAX):** H = −Σ p log(p + 10⁻⁹) of softmax(e); "
	    "β = max(polyval([−0.037, 0.481, −2.3, 4.917, −1.791], H), 1) when H > 0.5, "
	    "else 1; output softmax(β e).  How the polynomial was fitted is *not stated "
	    "in the paper*.\n\n"
	    "**disperse's refit** (GSL least squares, degree 4, from %zu (H, β*) pairs "
	    "of its own generated data under its own criterion: the least β ≥ 1 that "
	    "puts weight 0.9 on the maximum of a spike plus noise; this criterion is "
	    "disperse's, not the paper's):\n\n"
	    "| power of H | paper | refit | refit s.e. |\n|---:|---:|---:|---:|\n", cnt);
	for (k = 0; k <= DSP_ADAPTIVE_DEGREE; k++)
		fprintf(P->md, "| %d | %.6g | %.6g | %.3g |\n", DSP_ADAPTIVE_DEGREE - k,
		    dsp_adaptive_poly_desc[k], fit.coef[k], fit.se[k]);
	fprintf(P->md, "\nThe paper's polynomial peaks at β = %.6g at H = %.6g nats "
	    "(*derivation*: computed here, not stated in the paper), so adaptive θ is "
	    "at least θ/%.4g and Lemma 2.1 still holds: it delays dispersion, it cannot "
	    "stop it.  Refit: rms residual %.4g, R² %.4g.\n\n", bmax, hmax, bmax,
	    fit.rms, fit.r2);
	/* β(H) side by side. */
	if ((t = paper_new_table("Adaptive temperature: beta against H", bcols, 3)) == NULL) {
		rc = DSP_ENOMEM;
		goto out;
	}
	for (i = 0; i <= 40; i++) {
		row[0] = 0.25 * (double)i;
		row[1] = dsp_adaptive_beta(row[0]);
		row[2] = dsp_adaptive_beta_poly(row[0], fit.coef, DSP_ADAPTIVE_DEGREE);
		if ((rc = dsp_table_row(t, row)) != DSP_OK)
			goto out;
	}
	rc = paper_keep_table(P, "adaptive-beta", t);
	t = NULL;
	if (rc != DSP_OK)
		goto out;
	/* Entropy against n, spike delta = 4: plain, the paper's polynomial
	 * (the adaptive view), the refit (the plain entropy's beta, applied
	 * as a temperature 1/beta: the same recipe with another polynomial). */
	if ((t = paper_new_table("Adaptive temperature: entropy against n (spike, delta 4)",
	    ecols, 9)) == NULL) {
		rc = DSP_ENOMEM;
		goto out;
	}
	fprintf(P->md, "Effect on entropy against n (spike δ = 4, θ = 1; "
	    "[adaptive-entropy.csv](adaptive-entropy.csv)):\n\n"
	    "| n | H plain | H paper poly | H refit poly | β paper | β refit |\n"
	    "|---:|---:|---:|---:|---:|---:|\n");
	for (k = 1; k <= 40; k++) {
		double n = ldexp(1, k), br;

		dsp_params_default(&p);
		p.family = DSP_FAM_SPIKE;
		q = p;
		q.adaptive = 1;
		if ((rc = dsp_view_curve(&p, &n, 1, &s0, &(size_t){ 0 }, NULL)) != DSP_OK ||
		    (rc = dsp_view_curve(&q, &n, 1, &s1, &(size_t){ 0 }, NULL)) != DSP_OK)
			goto out;
		br = dsp_adaptive_beta_poly(s0.entropy_paper, fit.coef, DSP_ADAPTIVE_DEGREE);
		q = p;
		q.theta = 1 / br;
		if ((rc = dsp_view_curve(&q, &n, 1, &s2, &(size_t){ 0 }, NULL)) != DSP_OK)
			goto out;
		row[0] = k;
		row[1] = s0.entropy;
		row[2] = s1.entropy;
		row[3] = s2.entropy;
		row[4] = s1.beta;
		row[5] = br;
		row[6] = s0.max_weight;
		row[7] = s1.max_weight;
		row[8] = s2.max_weight;
		if ((rc = dsp_table_row(t, row)) != DSP_OK)
			goto out;
		if (k % 4 == 0)
			fprintf(P->md, "| 2^%d | %.5g | %.5g | %.5g | %.4g | %.4g |\n", k,
			    s0.entropy, s1.entropy, s2.entropy, s1.beta, br);
	}
	rc = paper_keep_table(P, "adaptive-entropy", t);
	t = NULL;
	if (rc != DSP_OK)
		goto out;
	fprintf(P->md, "\nβ against H for both polynomials: "
	    "[adaptive-beta.csv](adaptive-beta.csv).  Figure (adaptive and its plain "
	    "twin, power series δ = 4, λ = 0.5): ![adaptive](adaptive-curve.svg)\n\n");
	paper_scaled_view(P, &v);
	v.params.adaptive = 1;
	rc = paper_figures(P, &v, "adaptive", DSP_SNAP_FIG_CURVE);
out:
	dsp_table_free(t);
	free(pairs);
	free(x);
	free(y);
	return rc;
}

/* ---- 6. alternatives ---- */

int
paper_alternatives(struct paper *P)
{
	static const char *cols[] = { "attention", "log2_n", "entropy_nats",
	    "max_weight", "total", "theorem_2_2" };
	dsp_table *t;
	dsp_viewstate v;
	dsp_params p;
	dsp_summary s;
	double n, row[6], mw[DSP_ATTN_COUNT][3];
	size_t r;
	int a, k, rc, j;

	paper_progress(P, "alternatives: %d attention functions against n", DSP_ATTN_COUNT);
	if ((t = paper_new_table("Alternatives against n (spike, delta 4, theta 1)", cols,
	    6)) == NULL)
		return DSP_ENOMEM;
	for (a = 0; a < DSP_ATTN_COUNT; a++) {
		for (j = 0; j < 3; j++)
			mw[a][j] = NAN;
		for (k = 1; k <= 40; k += P->sc->alt_step) {
			dsp_params_default(&p);
			p.family = DSP_FAM_SPIKE;
			p.attn = (enum dsp_attn)a;
			n = ldexp(1, k);
			if (dsp_view_curve(&p, &n, 1, &s, &(size_t){ 0 }, NULL) != DSP_OK)
				s.entropy = s.max_weight = s.total = NAN;
			row[0] = NAN;
			row[1] = k;
			row[2] = s.entropy;
			row[3] = s.max_weight;
			row[4] = s.total;
			row[5] = NAN;
			if ((rc = dsp_table_row(t, row)) != DSP_OK)
				goto fail;
			r = dsp_table_rows(t) - 1;
			if ((rc = dsp_table_set_text(t, r, 0, dsp_attn_name(p.attn))) ||
			    (rc = dsp_table_set_text(t, r, 5, dsp_attn_theorem_note(p.attn))))
				goto fail;
			if (k == 4)
				mw[a][0] = s.max_weight;
			else if (k == 13)
				mw[a][1] = s.max_weight;
			else if (k == 40)
				mw[a][2] = s.max_weight;
		}
	}
	dsp_table_stamp(t, "input", "spike: one logit 4, the rest 0; theta 1; "
	    "SSMax s = 1, entmax alpha = 1.5 (disperse's defaults)");
	if ((rc = paper_keep_table(P, "alternatives", t)) != DSP_OK)
		return rc;
	fprintf(P->md, "## 6. Alternatives against n\n\n"
	    "**Paper:** the conclusions name directions beyond softmax; the functions "
	    "below are the ones the notes list from the conclusions and follow-ups "
	    "(SSMax, log-n scaling, sigmoid, stick-breaking, softmax₁, sparsemax, "
	    "α-entmax, linear, selective).  Their numbers are *not stated in the "
	    "paper*; everything here is disperse's evaluation on the spike (one logit "
	    "4, the rest 0, θ = 1).\n\n"
	    "| function | largest weight, n = 2^4 | n = 2^13 | n = 2^40 | "
	    "Theorem 2.2 |\n|---|---:|---:|---:|---|\n");
	for (a = 0; a < DSP_ATTN_COUNT; a++)
		fprintf(P->md, "| %s | %.4g | %.4g | %.4g | %s |\n",
		    dsp_attn_name((enum dsp_attn)a), mw[a][0], mw[a][1], mw[a][2],
		    dsp_attn_theorem_note((enum dsp_attn)a));
	fprintf(P->md, "\n(Largest weight; sigmoid rows are not normalised, their "
	    "totals are in the CSV.)  Every point: [alternatives.csv](alternatives.csv).  "
	    "![alternatives](alternatives-curve.svg)\n\n");
	paper_scaled_view(P, &v);
	v.params.family = DSP_FAM_SPIKE;
	v.overlays = 1;
	v.compare_mask = (1u << DSP_ATTN_COUNT) - 1;
	v.curve_mode = DSP_CURVE_MAXW;
	return paper_figures(P, &v, "alternatives", DSP_SNAP_FIG_CURVE);
fail:
	dsp_table_free(t);
	return rc;
}

/* ---- 7. the (theta, lambda) map ---- */

int
paper_map(struct paper *P)
{
	static const char *cols[] = { "theta", "lambda", "entropy_nats" };
	dsp_viewstate v;
	dsp_map_spec m;
	dsp_table *t;
	double *cells, row[3];
	size_t r, c;
	int rc;

	paper_progress(P, "the (theta, lambda) map");
	paper_scaled_view(P, &v);
	dsp_map_spec_default(&m, P->sc->csv_cols, P->sc->csv_rows);
	if ((cells = dsp_malloc(m.cols * m.rows * sizeof *cells)) == NULL)
		return DSP_ENOMEM;
	if ((rc = dsp_view_map(&v, &m, cells)) != DSP_OK) {
		free(cells);
		return rc;
	}
	if ((t = paper_new_table("(theta, lambda) map: entropy of the power series", cols,
	    3)) == NULL) {
		free(cells);
		return DSP_ENOMEM;
	}
	for (r = 0; r < m.rows; r++)
		for (c = 0; c < m.cols; c++) {
			row[0] = dsp_map_theta(&m, c);
			row[1] = dsp_map_lambda(&m, r);
			row[2] = cells[r * m.cols + c];
			if ((rc = dsp_table_row(t, row)) != DSP_OK) {
				free(cells);
				dsp_table_free(t);
				return rc;
			}
		}
	free(cells);
	dsp_table_stamp(t, "family", "e_k = delta lambda^k, k = 0 .. n-1, n = 16, "
	    "delta = 4 (disperse's definition of the power series)");
	if ((rc = paper_keep_table(P, "map", t)) != DSP_OK)
		return rc;
	fprintf(P->md, "## 7. The (θ, λ) entropy map\n\n"
	    "**Paper:** power series \"controlled by λ\" as \"a simple model to represent "
	    "sequences with varying degrees of sharpness\", entropy over a (θ, λ) grid, "
	    "negative θ explored \"beyond the typical regime\".  The paper's exact "
	    "definition of the series is *not stated in any stored copy*.\n\n"
	    "**disperse's definition:** e_k = δ λ^k, k = 0 … n−1 (here n = 16, δ = 4), "
	    "θ ∈ [−2, 2], λ ∈ [0, 1], viridis (the authors agreed to replace jet).  At "
	    "λ = 1 every logit is equal and H = log n at every θ; for 0 ≤ λ ≤ 1 the "
	    "logits lie in [0, δ], so Lemma 2.1 applies with spread δ.  Grid "
	    "%zu × %zu in [map.csv](map.csv); figure at %zu × %zu: "
	    "![map](map-map.svg)\n\n", m.cols, m.rows, v.map.cols, v.map.rows);
	return paper_figures(P, &v, "map", DSP_SNAP_FIG_MAP);
}
