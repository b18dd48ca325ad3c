/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The large-n route against numpy draws (issue 23): for gaussian and
 * uniform logits at n = 2^16 + 1, 2^18, 2^20 and scale/theta from 0.25 to
 * 30 (gaussian) or 1.4e6 (uniform), and the empirical family over a row of
 * 2^18 evenly spaced values (r/theta 4 to 1.4e6: the frozen regime once
 * the row is as long as n), into the frozen regime, every figure
 * of the typical configuration (core/math/typical.h) agrees with 40 seeded
 * numpy draws (tests/data/draws-reference.tsv, made by
 * tests/core/draws-reference.py): within 3 standard errors of their mean
 * where they concentrate (spread under 5 % of the mean, and of its
 * distance to the ceiling for the top-k mass and H: scale()), else inside
 * their 5-95 % range.  Also the switch at 2^16: the item-by-item figures at
 * 2^16 and the route's at 2^16 + 1 agree within the draws' spread.  The
 * same for sparsemax, 1.5-entmax, sigmoid and linear attention on gaussian
 * and uniform logits (tests/data/attn-draws-reference.tsv, 32 draws, made
 * by tests/core/attn-draws-reference.py). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../tap.h"
#include "coretest.h"
#include "core/error.h"
#include "core/math/eval.h"
#include "core/schema/view.h"

#define SEEDS 40
#define ATTN_SEEDS 32
/* The empirical row's length (tests/core/draws-reference.py). */
#define EMPIRICAL_M ((size_t)1 << 18)
/* Relative rounding of a figure summed over up to 2^20 weights (top-k mass
 * next to 1: the draws' spread there is 1e-16 .. 1e-13, rounding). */
#define ROUNDING 1e-10

static double
figure(const dsp_summary *s, const char *fig)
{
	if (strcmp(fig, "entropy") == 0)
		return s->entropy;
	if (strcmp(fig, "entropy_paper") == 0)
		return s->entropy_paper;
	if (strcmp(fig, "max_weight") == 0)
		return s->max_weight;
	if (strcmp(fig, "log10_min_weight") == 0)
		return log10(s->min_weight);
	return s->topk_mass;
}

/* What a spread is relative to: the figure, or its distance to its
 * ceiling where it has one (top-k mass and a weight <= 1, H <= log n; a
 * sigmoid max weight of 0.9959 +- 0.0025 leaves out 0.004): a top-10 mass
 * of 0.977 +- 0.029 leaves out 0.023 +- 0.029, which is not concentrated,
 * and its mean and its typical value differ by more than 3 SE. */
static double
scale(const char *fig, double mean, double n)
{
	if (strcmp(fig, "topk_mass") == 0 || strcmp(fig, "max_weight") == 0)
		return fmin(fabs(mean), 1 - mean);	/* a weight is at most 1 */
	if (strncmp(fig, "entropy", 7) == 0)
		return fmin(fabs(mean), log(n) - mean);
	return fabs(mean);
}

int
main(void)
{
	const char *top = getenv("top_srcdir");
	static const char *files[] = { "draws-reference.tsv", "attn-draws-reference.tsv" };
	char path[4096], line[512], fam[32], fig[64], attn[32], worst[512] = "", what[400];
	double ratio, mean, sd, p05, p95, v, worst_z = 0;
	unsigned long long n, k;
	int rows = 0, under = 0, conc = 0, spread = 0, bad = 0, cont = 0, cont_bad = 0, rc,
	    file, seeds, attn_rows = 0;
	dsp_params p;
	dsp_summary s, x;
	/* The rows of one parameter set (a figure a row, the top-k mass at
	 * several k) come together: its evaluations are made once, for the
	 * first of them, and reused by the next while the set is the same. */
	char kfam[32] = "", kattn[32] = "";
	unsigned long long kn = 0, ktopk = 0;
	double kratio = 0;
	int krc = 0, kx = -1;	/* kx: the 2^16 evaluation's rc, -1 not made */
	double *row;
	size_t i;
	FILE *f;

	(void)is_close;
	(void)is_rel;
	dsp_gsl_init();
	if ((row = malloc(EMPIRICAL_M * sizeof *row)) == NULL)
		return 1;
	for (file = 0; file < 2; file++) {
	snprintf(path, sizeof path, "%s/tests/data/%s", top ? top : ".", files[file]);
	if ((f = fopen(path, "r")) == NULL) {
		ok(0, "read %s", path);
		return tap_done();
	}
	seeds = file ? ATTN_SEEDS : SEEDS;
	strcpy(attn, "softmax");
	while (fgets(line, sizeof line, f) != NULL) {
		if (line[0] == '#' || strncmp(line, "family", 6) == 0)
			continue;
		if (file == 0 ? sscanf(line, "%31s %llu %lf %63s %llu %lf %lf %lf %lf", fam, &n,
		    &ratio, fig, &k, &mean, &sd, &p05, &p95) != 9 :
		    sscanf(line, "%31s %llu %lf %31s %63s %llu %lf %lf %lf %lf", fam, &n,
		    &ratio, attn, fig, &k, &mean, &sd, &p05, &p95) != 10)
			continue;
		ct_base(&p, strcmp(fam, "gaussian") == 0 ? DSP_FAM_GAUSSIAN :
		    strcmp(fam, "uniform") == 0 ? DSP_FAM_UNIFORM : DSP_FAM_EMPIRICAL,
		    n, ratio, 1);
		if (dsp_attn_parse(attn) < 0) {
			bad++;
			diag("unknown attention function %s", attn);
			continue;
		}
		p.attn = (enum dsp_attn)dsp_attn_parse(attn);
		attn_rows += file;
		if (p.family == DSP_FAM_EMPIRICAL) {
			/* The script's row: the same double operations. */
			for (i = 0; i < EMPIRICAL_M; i++)
				row[i] = ratio * (double)i / (double)(EMPIRICAL_M - 1);
			p.logits = row;
			p.n_logits = EMPIRICAL_M;
		}
		p.topk = k ? k : 1;
		rows++;
		if (strcmp(fam, kfam) != 0 || strcmp(attn, kattn) != 0 || n != kn ||
		    ratio != kratio || p.topk != ktopk) {
			krc = dsp_view_eval(&p, &s);
			kx = -1;
			snprintf(kfam, sizeof kfam, "%s", fam);
			snprintf(kattn, sizeof kattn, "%s", attn);
			kn = n;
			kratio = ratio;
			ktopk = p.topk;
		}
		/* One check a row, named by its case. */
		snprintf(what, sizeof what, "%s %s n=%llu r=%g %s k=%llu", fam, attn, n, ratio,
		    fig, k);
		if ((rc = krc) != DSP_OK || s.method != DSP_METHOD_TYPICAL) {
			bad++;
			ok(0, "%s: rc %d (%s)", what, rc, dsp_last_error());
			continue;
		}
		v = figure(&s, fig);
		if (isinf(v) && v < 0) {
			/* The min weight is below the double range: so must the
			 * draws' be (their figure is their log-weight, computed
			 * without the weight; numpy's weight is 0 too). */
			under++;
			bad += !(p95 < -307.6);
			ok(p95 < -307.6, "%s: below the double range, as the draws' (95 %% point "
			    "%.6g < -307.6)", what, p95);
			continue;
		}
		if (sd < 0.05 * scale(fig, mean, (double)n)) {
			/* Concentrated: within 3 standard errors of the mean. */
			double z = fmax(fabs(v - mean) - ROUNDING * fabs(mean), 0) /
			    (sd / sqrt(seeds) + 1e-300);

			conc++;
			bad += !(z <= 3);
			ok(z <= 3, "%s: %.6g, draws %.6g +- %.3g (z %.2f <= 3)", what, v, mean, sd, z);
			if (z > worst_z) {
				worst_z = z;
				snprintf(worst, sizeof worst, "%s", what);
			}
		} else {
			int in = v >= p05 - ROUNDING * fabs(mean) && v <= p95 + ROUNDING * fabs(mean);

			spread++;
			bad += !in;
			ok(in, "%s: %.6g in the draws' 5-95 %% [%.6g, %.6g]", what, v, p05, p95);
		}
		/* Continuity at the switch: 2^16 item by item (one seeded
		 * draw) against 2^16 + 1 on the route. */
		if (n == 65537) {
			p.n = 65536;
			if (k > 1000)	/* k near n: the same count of left-out items */
				p.topk = k - 1;
			if (kx < 0)
				kx = dsp_view_eval(&p, &x);
			if (kx == DSP_OK && x.method == DSP_METHOD_EXPLICIT) {
				double d = fabs(figure(&x, fig) - v);
				int within = d <= fmax(3 * sd, p95 - p05) + ROUNDING * fabs(mean);

				if (isinf(v) && isinf(figure(&x, fig)))
					continue;	/* both underflow */
				cont++;
				cont_bad += !within;
				ok(within, "switch %s: 2^16 %.6g, 2^16+1 %.6g, within the draws' spread "
				    "(sd %.3g, 5-95 %% width %.3g)", what, figure(&x, fig), v, sd,
				    p95 - p05);
			}
		}
	}
	fclose(f);
	}
	free(row);
	is_int(rows - attn_rows, 459, "reference rows read (softmax)");
	is_int(attn_rows, 96, "reference rows read (sparsemax, entmax, sigmoid, linear)");
	diag("route against the draws: %d concentrated (3 SE, worst z %.2f: %s), %d spread "
	    "(5-95 %%), %d min weights under the double range, %d off", conc, worst_z, worst,
	    spread, under, bad);
	ok(cont > 100, "the switch at 2^16 checked on %d figures (%d off)", cont, cont_bad);
	return tap_done();
}
