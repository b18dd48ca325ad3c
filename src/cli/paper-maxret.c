/* SPDX-License-Identifier: GPL-3.0-or-later */
/* disperse paper, section 5: Max Retrieval under the paper preset, over
 * several seeds, pooled with 95 % intervals, and the head's weights. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/paper_int.h"

/* ---- 5. Max Retrieval ---- */

struct mr_ctx {
	struct paper	*P;
	size_t		 seed_i, seeds;
	dsp_model_meta	*meta;
};

static int
mr_progress(const dsp_maxret_progress *p, void *ctx)
{
	struct mr_ctx *c = ctx;

	c->meta->train_loss = p->loss;
	c->meta->train_accuracy = p->accuracy;
	paper_progress(c->P, "Max Retrieval: seed %zu of %zu, step %zu/%zu loss %.4f "
	    "accuracy %.3f", c->seed_i + 1, c->seeds, p->step, p->steps, p->loss,
	    p->accuracy);
	return 0;
}

#define MR_NCOLS DSP_TRAIN_NCOLS

/* Seeds pooled: counts summed (Wilson interval of the pooled count), means
 * weighted by sets, extremes over seeds. */
static void
mr_pool(const dsp_maxret_eval_row *r, size_t seeds, size_t stride,
    dsp_maxret_eval_row *out)
{
	size_t i, N = 0;

	memset(out, 0, sizeof *out);
	out->n = r[0].n;
	out->band_lo = INFINITY;
	for (i = 0; i < seeds; i++) {
		const dsp_maxret_eval_row *x = &r[i * stride];
		double w = (double)x->sets;

		N += x->sets;
		out->correct += x->correct;
		out->correct_adaptive += x->correct_adaptive;
		out->lemma_holds += x->lemma_holds;
		out->above_margin += x->above_margin;
		out->max_weight += w * x->max_weight;
		out->max_weight_ad += w * x->max_weight_ad;
		out->entropy += w * x->entropy;
		out->beta += w * x->beta;
		out->spread += w * x->spread;
		out->top_weight += w * x->top_weight;
		out->margin += w * x->margin;
		if (i == 0 || x->spread_max > out->spread_max) {
			out->spread_max = x->spread_max;
			out->band_lo = x->band_lo;
			out->band_hi = x->band_hi;
			out->log_n_half = x->log_n_half;
		}
	}
	out->sets = N;
	out->max_weight /= (double)N;
	out->max_weight_ad /= (double)N;
	out->entropy /= (double)N;
	out->beta /= (double)N;
	out->spread /= (double)N;
	out->top_weight /= (double)N;
	out->margin /= (double)N;
	out->acc = (double)out->correct / (double)N;
	out->acc_ad = (double)out->correct_adaptive / (double)N;
	dsp_wilson(out->correct, N, DSP_Z95, &out->acc_lo, &out->acc_hi);
	dsp_wilson(out->correct_adaptive, N, DSP_Z95, &out->acc_ad_lo, &out->acc_ad_hi);
}

/* train's figure in one format (PDF, PNG rendered from its SVG). */
struct mrfile {
	const struct dsp_trainfig *fig;
	unsigned		 fmt;
	double			 dpi;
};

static int
mrfig_fn(void *ctx, FILE *fp)
{
	const struct mrfile *c = ctx;

	return dsp_render_figure(dsp_train_svg, c->fig, c->fmt, c->dpi, fp);
}

/* The first seed's model, saved beside the report, and its head's
 * weights on one set at a few sizes (the paper's coefficient figure):
 * the learned family's snapshot histograms. */
static int
maxret_weights(struct paper *P, const dsp_maxret *m, const dsp_model_meta *meta)
{
	char path[4200], base[64];
	dsp_viewstate v;
	size_t i, n;
	int rc;

	snprintf(path, sizeof path, "%s/maxret-model.json", P->out);
	if ((rc = dsp_model_save(m, meta, path)) != DSP_OK)
		return rc;
	fprintf(P->md, "The first seed's model is [maxret-model.json](maxret-model.json) "
	    "(`disperse train --load`, `--model`).  Its head's weights on one held-out "
	    "set (evaluation set 0 of the first seed) at each size, sorted, as the "
	    "snapshot histogram draws them:");
	for (i = 0; i < P->sc->nsizes; i += 2) {
		n = P->sc->sizes[i];
		paper_scaled_view(P, &v);
		v.params.family = DSP_FAM_LEARNED;
		v.params.model = "maxret-model.json";
		v.params.model_w = m;
		v.params.n = n;
		v.params.seed = meta->train.seed;
		v.curve_hi = (double)P->sc->sizes[P->sc->nsizes - 1];
		v.curve_points = 16;
		v.map.cols = v.map.rows = 3;
		snprintf(base, sizeof base, "maxret-weights-n%zu", n);
		paper_progress(P, "Max Retrieval: the head's weights at n = %zu", n);
		if ((rc = paper_figures(P, &v, base, DSP_SNAP_FIG_HIST)) != DSP_OK)
			return rc;
		fprintf(P->md, " n = %zu ![n = %zu](%s-hist.svg)", n, n, base);
	}
	fputs("\n\n", P->md);
	return DSP_OK;
}

int
paper_maxret(struct paper *P)
{
	const struct scale *sc = P->sc;
	const dsp_maxret_preset *pre = dsp_maxret_preset_find(sc->preset);
	dsp_maxret_eval_row rows[MAX_SEEDS * MAX_SIZES], pooled[MAX_SIZES];
	dsp_maxret_train_opts to;
	dsp_model_meta meta0, metas[MAX_SEEDS];
	dsp_maxret *models[MAX_SEEDS] = { NULL }, *m0 = NULL;
	dsp_table *t = NULL, *ts = NULL;
	int rcs[MAX_SEEDS];
	const char *const *mr_cols;
	struct dsp_trainfig mf;
	double v[MR_NCOLS + 1];
	size_t si, i, width;
	int rc = DSP_OK;

	dsp_maxret_train_default(&to);
	to.train_n = pre->train_n;
	to.steps = sc->steps ? sc->steps : pre->steps;
	to.batch = sc->batch ? sc->batch : pre->batch;
	to.lr = pre->lr;
	width = sc->width ? sc->width : pre->width;
	memset(&meta0, 0, sizeof meta0);
	if (dsp_train_columns(&mr_cols) != MR_NCOLS)
		return dsp_fail(DSP_EINVAL, "internal error: train's columns");
	if ((ts = paper_new_table("Max Retrieval, per seed", mr_cols, MR_NCOLS)) == NULL ||
	    dsp_table_column(ts, "seed", "%.0f") != DSP_OK)
		return DSP_ENOMEM;
	/* The seeds train at once, one thread each (training is serial
	 * within a seed, so the models are the same for any thread count);
	 * then each is evaluated, the evaluation parallel within. */
	for (si = 0; si < sc->seeds; si++) {
		memset(&metas[si], 0, sizeof metas[si]);
		metas[si].train = to;
		metas[si].train.seed = P->o->params.seed + si;
		if ((models[si] = dsp_maxret_alloc(pre->classes, width)) == NULL) {
			rc = DSP_ENOMEM;
			goto out;
		}
	}
	paper_progress(P, "Max Retrieval: training %zu seeds (%zu steps, width %zu, "
	    "batch %zu)", sc->seeds, to.steps, width, to.batch);
#pragma omp parallel for schedule(dynamic, 1)
	for (si = 0; si < sc->seeds; si++) {
		struct mr_ctx c = { P, si, sc->seeds, &metas[si] };

		rcs[si] = dsp_maxret_train(models[si], &metas[si].train,
		    to.steps >= 5 ? to.steps / 5 : 1, mr_progress, &c);
	}
	for (si = 0; si < sc->seeds; si++)
		if ((rc = rcs[si]) != DSP_OK)
			goto out;
	for (si = 0; si < sc->seeds; si++) {
		uint64_t seed = metas[si].train.seed;

		paper_progress(P, "Max Retrieval: evaluating seed %llu, %zu sets at %zu sizes",
		    (unsigned long long)seed, sc->sets, sc->nsizes);
		if ((rc = dsp_maxret_eval(models[si], sc->sizes, sc->nsizes, sc->sets,
		    seed, &rows[si * sc->nsizes])) != DSP_OK)
			goto out;
		for (i = 0; i < sc->nsizes; i++) {
			dsp_train_values(&rows[si * sc->nsizes + i], v);
			v[MR_NCOLS] = (double)seed;
			if ((rc = dsp_table_row(ts, v)) != DSP_OK)
				goto out;
		}
	}
	m0 = models[0];
	meta0 = metas[0];
	meta0.neval = sc->nsizes;
	meta0.eval_sets = sc->sets;
	meta0.eval_seed = meta0.train.seed;
	for (i = 0; i < sc->nsizes; i++) {
		meta0.eval_n[i] = rows[i].n;
		meta0.eval_acc[i] = rows[i].acc;
		meta0.eval_acc_adaptive[i] = rows[i].acc_ad;
	}
	for (i = 0; i < sc->nsizes; i++)
		mr_pool(&rows[i], sc->seeds, sc->nsizes, &pooled[i]);
	if ((t = paper_new_table("Max Retrieval, seeds pooled (disperse train's columns)",
	    mr_cols, MR_NCOLS)) == NULL) {
		rc = DSP_ENOMEM;
		goto out;
	}
	for (i = 0; i < sc->nsizes; i++) {
		dsp_train_values(&pooled[i], v);
		if ((rc = dsp_table_row(t, v)) != DSP_OK)
			goto out;
	}
	{
		dsp_table *tt[2] = { t, ts };
		int j;

		for (j = 0; j < 2; j++) {
			dsp_table_stampf(tt[j], "preset", "%s%s", pre->name,
			    sc->steps ? " (reduced: see steps)" : "");
			dsp_table_stampf(tt[j], "classes", "%zu", pre->classes);
			dsp_table_stampf(tt[j], "width", "%zu", width);
			dsp_table_stampf(tt[j], "train_n", "%zu", to.train_n);
			dsp_table_stampf(tt[j], "steps", "%zu", to.steps);
			dsp_table_stampf(tt[j], "batch", "%zu", to.batch);
			dsp_table_stampf(tt[j], "lr", "%g", to.lr);
			dsp_table_stampf(tt[j], "seeds", "%llu .. %llu",
			    (unsigned long long)P->o->params.seed,
			    (unsigned long long)(P->o->params.seed + sc->seeds - 1));
			dsp_table_stampf(tt[j], "eval_sets", "%zu per seed and size", sc->sets);
			dsp_table_stamp(tt[j], "accuracy_ci", "Wilson score interval, 95 %, "
			    "of the count pooled over seeds");
		}
	}
	rc = paper_keep_table(P, "maxret", t);
	t = NULL;
	if (rc != DSP_OK)
		goto out;
	rc = paper_keep_table(P, "maxret-seeds", ts);
	ts = NULL;
	if (rc != DSP_OK)
		goto out;
	fprintf(P->md, "## 5. Max Retrieval\n\n"
	    "**Paper:** a single attention head finds the maximum item; \"we train this "
	    "model using sets of 16 items\", and the head's coefficients are shown over "
	    "sets of varying size at inference time, up to n = 16,384; accuracy falls "
	    "steadily with n, and adaptive temperature adds a few points at large n "
	    "without stopping the fall.  Its accuracy numbers: *not stated in the "
	    "paper* as the notes record it.\n\n"
	    "**disperse's reconstruction** (`disperse train --preset %s`%s): items are a "
	    "priority in [0, 1) and one of %zu classes; a two-layer MLP (width %zu) "
	    "embeds each item, one learned query scores them, one softmax head mixes "
	    "them, a two-layer MLP reads the class out; Adam, %zu steps of %zu sets of "
	    "%zu items, seeds %llu … %llu, %zu held-out sets per size and seed.\n\n"
	    "| n | accuracy (95 %% CI) | adaptive (95 %% CI) | gain | mean max α | "
	    "lemma holds |\n|---:|---|---|---:|---:|---:|\n",
	    pre->name, sc->steps ? ", reduced: fewer steps and sets, marked quick" : "",
	    pre->classes, width, to.steps, to.batch, to.train_n,
	    (unsigned long long)P->o->params.seed,
	    (unsigned long long)(P->o->params.seed + sc->seeds - 1), sc->sets);
	for (i = 0; i < sc->nsizes; i++)
		fprintf(P->md, "| %zu | %.3f [%.3f, %.3f] | %.3f [%.3f, %.3f] | %+.3f | "
		    "%.4g | %.3f |\n", pooled[i].n, pooled[i].acc, pooled[i].acc_lo,
		    pooled[i].acc_hi, pooled[i].acc_ad, pooled[i].acc_ad_lo,
		    pooled[i].acc_ad_hi, pooled[i].acc_ad - pooled[i].acc,
		    pooled[i].max_weight, (double)pooled[i].lemma_holds /
		    (double)pooled[i].sets);
	{
		size_t best = 0, last = sc->nsizes - 1;

		for (i = 1; i < sc->nsizes; i++)
			if (pooled[i].acc_ad - pooled[i].acc >
			    pooled[best].acc_ad - pooled[best].acc)
				best = i;
		fprintf(P->md, "\nSeeds pooled in [maxret.csv](maxret.csv) (the columns "
		    "of `disperse train`), each seed in [maxret-seeds.csv](maxret-seeds.csv).  "
		    "Figure (first seed: accuracy with intervals; the head's mean largest "
		    "weight against n inside the Lemma 2.1 band of its observed spread): "
		    "![Max Retrieval](maxret.svg)\n\n"
		    "**Where the reconstruction differs from the paper.**  The paper's "
		    "architecture, widths, optimiser settings and evaluation sets are not "
		    "in the notes: disperse's are its own choices, and the notes record no "
		    "accuracy of the paper's, so none is quoted.  In this run accuracy "
		    "goes from %.3f at n = %zu to %.3f at n = %zu (%s); "
		    "adaptive temperature adds at most %+.1f points (at n = %zu) and "
		    "%+.1f at n = %zu, where the paper reports \"a few points\" at large "
		    "n.  %s  The adaptive polynomial is applied at inference only, as the "
		    "paper's code applies it; how the paper fitted it is not stated, so "
		    "it is not claimed to be fitted on this task.%s\n\n",
		    pooled[0].acc, pooled[0].n, pooled[last].acc, pooled[last].n,
		    pooled[last].acc < pooled[0].acc ? "it falls, as the paper describes" :
		    "it does not fall, unlike the paper's description",
		    100 * (pooled[best].acc_ad - pooled[best].acc), pooled[best].n,
		    100 * (pooled[last].acc_ad - pooled[last].acc), pooled[last].n,
		    pooled[best].acc_ad - pooled[best].acc > 0.05 ? "The gain here is "
		    "larger than that: it depends on how sharp the "
		    "trained head is (its logit spread, `spread` in the CSV), and "
		    "disperse's head is not the paper's." : "The gain here is of the "
		    "size the paper describes.",
		    sc->steps ? "  This run is **reduced** (fewer steps and held-out sets "
		    "than the full `paper` preset; wider intervals): run `disperse paper` "
		    "without --quick for the full experiment." : "");
	}
	mf = (struct dsp_trainfig){ &P->fig, rows, sc->nsizes, m0, &meta0 };
	{
		static const struct { unsigned fmt; const char *name; } ff[] = {
			{ DSP_FIG_SVG, "maxret.svg" }, { DSP_FIG_PDF, "maxret.pdf" },
			{ DSP_FIG_PNG, "maxret.png" } };
		struct mrfile mfile;

		for (i = 0; i < 3 && rc == DSP_OK; i++)
			if (P->fig.formats & ff[i].fmt) {
				mfile = (struct mrfile){ &mf, ff[i].fmt, P->fig.dpi };
				rc = paper_write_file(P, ff[i].name, mrfig_fn, &mfile);
			}
	}
	if (rc == DSP_OK)
		rc = maxret_weights(P, m0, &meta0);
out:
	dsp_table_free(t);
	dsp_table_free(ts);
	for (si = 0; si < sc->seeds; si++)
		dsp_maxret_free(models[si]);
	return rc;
}
