/* SPDX-License-Identifier: GPL-3.0-or-later */
/* disperse train: train the Max Retrieval model (one single-head softmax
 * attention, src/core/train/maxret.c) on sets of 16 items, then measure how its
 * accuracy and attention fall on larger sets, plain and with the paper's
 * adaptive temperature.  --save / --load keep the trained weights. */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd.h"
#include "cli/figopts.h"
#include "cli/opts.h"
#include "cli/progress.h"
#include "core/dsp.h"
#include "export/model.h"
#include "export/svg.h"
#include "export/table.h"

enum {
	OPT_TRAIN_N = DSP_OPT_USER,
	OPT_STEPS,
	OPT_WIDTH,
	OPT_LR,
	OPT_BATCH,
	OPT_CLASSES,
	OPT_EVAL_SIZES,
	OPT_EVAL_SETS,
	OPT_SAVE,
	OPT_LOAD,
	OPT_EVAL_ONLY,
	OPT_SVG,
	OPT_QUIET,
	OPT_PRESET,
	OPT_YES,
	OPT_FIG0	/* the figure rows of the view-option table, in order */
};

static const struct dsp_opt_row train_rows[] = {
	{ "preset", 0, "NAME", OPT_PRESET, "training settings: quick (the defaults below) or paper "
	  "(width 64, batch 128, lr 0.001, 20000 steps: follows the paper's description; options "
	  "given override it)" },
	{ "train-n", 0, "N", OPT_TRAIN_N, "items per training set (default 16, as the paper)" },
	{ "steps", 0, "N", OPT_STEPS, "Adam steps (default 3000)" },
	{ "batch", 0, "N", OPT_BATCH, "sets per step (default 32)" },
	{ "width", 0, "D", OPT_WIDTH, "embedding and readout width (default 16)" },
	{ "lr", 0, "X", OPT_LR, "Adam step size, decaying linearly to X/10 (default 0.003)" },
	{ "classes", 0, "C", OPT_CLASSES, "item classes (default 10)" },
	{ "eval-sizes", 0, "LIST", OPT_EVAL_SIZES, "set sizes to evaluate (default "
	  "16,64,256,1024,4096,16384)" },
	{ "eval-sets", 0, "N", OPT_EVAL_SETS, "held-out sets per size (default 1000)" },
	{ "save", 0, "FILE", OPT_SAVE, "write the trained model (JSON, atomic)" },
	{ "load", 0, "FILE", OPT_LOAD, "read a saved model instead of training" },
	{ "eval-only", 0, NULL, OPT_EVAL_ONLY, "with --load: evaluate only (the default with "
	  "--load); without --eval-sizes/--eval-sets/--seed, --load repeats the evaluation "
	  "recorded in the model" },
	{ "svg", 0, "FILE", OPT_SVG, "figure: accuracy vs n with CIs; max weight vs n with the "
	  "Lemma 2.1 band from the observed spread; with --figure-format also FILE.pdf, FILE.png "
	  "(.svg replaced; a fixed layout scaled to --figure-size)" },
	{ "quiet", 0, NULL, OPT_QUIET, "no progress lines on stderr" },
	{ "yes", 0, NULL, OPT_YES, "run the evaluation a --load model records even when it is "
	  "large (more than 12x the default's work)" },
	{ NULL, 0, NULL, 0, NULL }
};

#define MAX_SIZES	DSP_MODEL_MAX_EVAL
#define MAX_EVAL_N	((uint64_t)1 << 24)
/* The most work (items of every set, times the width) a model file may ask
 * for without --yes: 12 times the default evaluation at width 16 (1000
 * sets at 16 .. 16384, about 5 CPU-s), 3 times it at the paper's width 64.
 * A file is data: a 20 KB model recording 2^24 sets must not start hours
 * of work unasked. */
#define RECORDED_WORK_MAX	4.3e9

struct train {
	dsp_maxret_train_opts	 t;
	uint64_t		 width, classes, eval_sets;
	size_t			 sizes[MAX_SIZES], nsizes;
	const char		*save, *load, *svg;
	const dsp_maxret_preset	*preset;
	int			 eval_only, quiet, yes;
	unsigned		 given;		/* training options on the line */
	int			 sizes_given, sets_given;
	double			 t0;		/* ms, for the ETA */
	dsp_model_meta		*meta;		/* gets the last training report */
	struct dsp_figopts	 fig;
};

static int
bounded(struct dsp_opts *o, const char *opt, const char *arg, uint64_t lo,
    uint64_t hi, uint64_t *v)
{
	if (dsp_opts_size(o, opt, arg, v) != 0)
		return o->status;
	if (*v < lo || *v > hi)
		return dsp_opts_usage(o, "%s: must be %llu .. %llu (got %s)", opt,
		    (unsigned long long)lo, (unsigned long long)hi, arg);
	return 0;
}

/* --list-options: the presets' names. */
static const char *
train_values(int code)
{
	static char buf[256];
	const char *names[16];
	int k = 0;

	if (code != OPT_PRESET)
		return NULL;
	while (k < 16 && dsp_maxret_preset_at((size_t)k) != NULL) {
		names[k] = dsp_maxret_preset_at((size_t)k)->name;
		k++;
	}
	return dsp_opts_join(names, k, " ", buf, sizeof buf);
}

static int
train_opt(struct dsp_opts *o, int code, const char *arg, void *ctx)
{
	struct train *tr = ctx;
	uint64_t v;
	int rc;

	if ((rc = dsp_figopts_take(&tr->fig, o, code, arg)) >= 0)
		return rc;
	if (code >= OPT_TRAIN_N && code <= OPT_CLASSES)
		tr->given |= 1u << (code - OPT_TRAIN_N);
	switch (code) {
	case OPT_TRAIN_N:
		rc = bounded(o, "--train-n", arg, 1, 1 << 20, &v);
		tr->t.train_n = (size_t)v;
		return rc;
	case OPT_STEPS:
		rc = bounded(o, "--steps", arg, 1, 100000000, &v);
		tr->t.steps = (size_t)v;
		return rc;
	case OPT_WIDTH:
		return bounded(o, "--width", arg, 1, DSP_MAXRET_MAX_WIDTH, &tr->width);
	case OPT_CLASSES:
		return bounded(o, "--classes", arg, 2, DSP_MAXRET_MAX_CLASSES,
		    &tr->classes);
	case OPT_BATCH:
		rc = bounded(o, "--batch", arg, 1, 1 << 20, &v);
		tr->t.batch = (size_t)v;
		return rc;
	case OPT_LR:
		if (dsp_opts_double(o, "--lr", arg, &tr->t.lr) != 0)
			return o->status;
		if (!(tr->t.lr > 0 && tr->t.lr <= 1))
			return dsp_opts_usage(o, "--lr: must be in (0, 1] (got %s)", arg);
		return 0;
	case OPT_EVAL_SIZES:
		tr->sizes_given = 1;
		return dsp_opts_size_list(o, "--eval-sizes", arg, MAX_EVAL_N, MAX_SIZES,
		    tr->sizes, &tr->nsizes);
	case OPT_EVAL_SETS:
		tr->sets_given = 1;
		return bounded(o, "--eval-sets", arg, 1, 1 << 24, &tr->eval_sets);
	case OPT_SAVE:
		tr->save = arg;
		return 0;
	case OPT_LOAD:
		tr->load = arg;
		return 0;
	case OPT_EVAL_ONLY:
		tr->eval_only = 1;
		return 0;
	case OPT_SVG:
		tr->svg = arg;
		return 0;
	case OPT_QUIET:
		tr->quiet = 1;
		return 0;
	case OPT_YES:
		tr->yes = 1;
		return 0;
	case OPT_PRESET:
		if ((tr->preset = dsp_maxret_preset_find(arg)) == NULL)
			return dsp_opts_usage(o, "--preset: unknown preset '%s' "
			    "(quick, paper)", arg);
		return 0;
	}
	return dsp_opts_usage(o, "internal error: option %d", code);
}

/* Items of every evaluation set. */
static double
eval_items(const struct train *tr)
{
	double items = 0;
	size_t i;

	for (i = 0; i < tr->nsizes; i++)
		items += (double)tr->sizes[i];
	return items * (double)tr->eval_sets;
}

/* An evaluation the model file chose (not the line) within
 * RECORDED_WORK_MAX, or DSP_ETOOBIG saying how to run it. */
static int
recorded_work(const struct train *tr, const dsp_maxret *m)
{
	double work = eval_items(tr) * (double)m->width;

	if ((tr->sizes_given && tr->sets_given) || work <= RECORDED_WORK_MAX)
		return DSP_OK;
	return dsp_fail(DSP_ETOOBIG, "%s records an evaluation of %llu sets at %zu "
	    "size%s (%.3g items at width %zu: %.0fx the work a model file may start "
	    "unasked); give --yes to run it, or choose --eval-sets and --eval-sizes",
	    tr->load, (unsigned long long)tr->eval_sets, tr->nsizes,
	    tr->nsizes == 1 ? "" : "s", eval_items(tr), (size_t)m->width,
	    ceil(work / RECORDED_WORK_MAX));
}

static int
progress(const dsp_maxret_progress *p, void *ctx)
{
	struct train *tr = ctx;
	double el = (dsp_now_ms() - tr->t0) / 1000;
	double eta = el / (double)p->step * (double)(p->steps - p->step);

	tr->meta->train_loss = p->loss;
	tr->meta->train_accuracy = p->accuracy;
	if (!tr->quiet)
		fprintf(stderr, "disperse train: step %zu/%zu  loss %.4f  accuracy %.3f  "
	    "ETA %.0f s\n", p->step, p->steps, p->loss, p->accuracy, eta);
	return 0;
}

static const char *cols[] = {
	"n", "sets", "accuracy", "accuracy_lo", "accuracy_hi",
	"accuracy_adaptive", "accuracy_adaptive_lo", "accuracy_adaptive_hi",
	"max_weight", "max_weight_adaptive", "beta_adaptive", "entropy_nats",
	"spread", "spread_max", "lemma_tight_lo", "lemma_tight_hi", "lemma_holds",
	"log_n_half", "top_weight", "margin"
};
#define NCOLS (sizeof cols / sizeof cols[0])

static dsp_table *
make_table(const struct dsp_opts *o, const struct train *tr,
    const dsp_maxret *m, const dsp_model_meta *meta, uint64_t eval_seed,
    const dsp_maxret_eval_row *r, size_t nr)
{
	dsp_table *t;
	char num[64];
	size_t i;
	int rc = 0;

	if ((t = dsp_table_alloc("disperse train: Max Retrieval, one softmax "
	    "attention head")) == NULL)
		return NULL;
	rc |= dsp_table_stamp(t, "program", PACKAGE_NAME " " PACKAGE_VERSION);
	rc |= dsp_table_stamp(t, "command", o->cmd);
	if (tr->load != NULL)
		rc |= dsp_table_stamp(t, "model", tr->load);
	rc |= dsp_table_stampf(t, "classes", "%zu", m->classes);
	rc |= dsp_table_stampf(t, "width", "%zu", m->width);
	rc |= dsp_table_stampf(t, "train_n", "%zu", meta->train.train_n);
	rc |= dsp_table_stampf(t, "steps", "%zu", meta->train.steps);
	rc |= dsp_table_stampf(t, "batch", "%zu", meta->train.batch);
	rc |= dsp_table_stamp(t, "lr", dsp_fmt_double(num, sizeof num, meta->train.lr));
	rc |= dsp_table_stampf(t, "seed", "%llu", (unsigned long long)meta->train.seed);
	rc |= dsp_table_stampf(t, "train_loss", "%.6g", meta->train_loss);
	rc |= dsp_table_stampf(t, "train_accuracy", "%.6g", meta->train_accuracy);
	rc |= dsp_table_stampf(t, "eval_seed", "%llu", (unsigned long long)eval_seed);
	rc |= dsp_table_stampf(t, "eval_sets", "%llu", (unsigned long long)tr->eval_sets);
	if (tr->load != NULL && meta->neval > 0) {
		char buf[1024];
		size_t len = 0;

		for (i = 0; i < meta->neval && len < sizeof buf - 64; i++)
			len += (size_t)snprintf(buf + len, sizeof buf - len, "%sn=%zu %s",
			    i ? ", " : "", meta->eval_n[i],
			    dsp_fmt_double(num, sizeof num, meta->eval_acc[i]));
		rc |= dsp_table_stampf(t, "recorded_accuracy", "%s (%zu sets, seed %llu)",
		    buf, meta->eval_sets, meta->eval_seed);
	}
	rc |= dsp_table_stamp(t, "accuracy_ci", "Wilson score interval, 95 %");
	rc |= dsp_table_stamp(t, "adaptive", "paper Figure 4 polynomial applied at "
	    "inference (beta = 1/theta, mean over sets)");
	rc |= dsp_table_stamp(t, "max_weight", "mean over sets of the largest "
	    "attention weight; entropy in nats, plain softmax");
	rc |= dsp_table_stamp(t, "spread", "logit spread M - m of the trained head "
	    "(mean and largest over sets)");
	rc |= dsp_table_stamp(t, "lemma", "Lemma 2.1 tight band at theta = 1 and "
	    "spread_max (derivation); lemma_holds = fraction of sets whose every "
	    "weight lies in the band of its own spread; log_n_half = log of the n "
	    "past which the band puts every weight below 1/2 (Theorem 2.2 critical "
	    "size at eps = 1/2, spread_max; derivation)");
	rc |= dsp_table_stamp(t, "margin", "Corollary B.1, disperse's operational form: "
	    "top_weight = mean weight on the maximum item; margin = mean least weight "
	    "on it for which the readout of that item mixed with the rest of the set "
	    "still names its class (bisection); a set is answered right exactly when "
	    "its top weight >= its margin (the head's output is that mix), so the "
	    "fraction of such sets is the accuracy");
	/* That identity needs the answer monotone in u (the bisection assumes
	 * it): say where it failed instead of a column equal to accuracy. */
	for (i = 0; i < nr; i++)
		if (r[i].above_margin != r[i].correct)
			rc |= dsp_table_stampf(t, "margin_not_monotone", "n = %zu: %zu sets "
			    "above their margin, %zu answered right", r[i].n,
			    r[i].above_margin, r[i].correct);
	for (i = 0; i < nr && !(r[i].top_weight < r[i].margin); i++)
		;
	if (i < nr)
		rc |= dsp_table_stampf(t, "corollary_b1_n", "%zu (first evaluated n with "
		    "mean top_weight < mean margin)", r[i].n);
	else
		rc |= dsp_table_stamp(t, "corollary_b1_n", "none (top_weight >= margin "
		    "at every evaluated n)");
	for (i = 0; i < NCOLS; i++)
		rc |= dsp_table_column(t, cols[i], i < 2 ? "%.0f" :
		    (i == 16 ? "%.4g" : "%.6g"));
	if (rc != 0) {
		dsp_table_free(t);
		return NULL;
	}
	return t;
}

size_t
dsp_train_columns(const char *const **names)
{
	*names = cols;
	return NCOLS;
}

void
dsp_train_values(const dsp_maxret_eval_row *r, double *v)
{
	v[0] = (double)r->n;
	v[1] = (double)r->sets;
	v[2] = r->acc;
	v[3] = r->acc_lo;
	v[4] = r->acc_hi;
	v[5] = r->acc_ad;
	v[6] = r->acc_ad_lo;
	v[7] = r->acc_ad_hi;
	v[8] = r->max_weight;
	v[9] = r->max_weight_ad;
	v[10] = r->beta;
	v[11] = r->entropy;
	v[12] = r->spread;
	v[13] = r->spread_max;
	v[14] = r->band_lo;
	v[15] = r->band_hi;
	v[16] = (double)r->lemma_holds / (double)r->sets;
	v[17] = r->log_n_half;
	v[18] = r->top_weight;
	v[19] = r->margin;
}

static int
fill_table(dsp_table *t, const dsp_maxret_eval_row *r, size_t nr)
{
	double v[NCOLS];
	size_t i;

	for (i = 0; i < nr; i++) {
		dsp_train_values(&r[i], v);
		if (dsp_table_row(t, v) != 0)
			return -1;
	}
	return 0;
}

void
dsp_train_preset_apply(const dsp_maxret_preset *p, unsigned given,
    dsp_maxret_train_opts *t, uint64_t *width, uint64_t *classes)
{
	/* Bits of given: OPT_TRAIN_N .. OPT_CLASSES, in that order; an option
	 * on the line wins over the preset. */
	if (!(given & (1u << (OPT_TRAIN_N - OPT_TRAIN_N))))
		t->train_n = p->train_n;
	if (!(given & (1u << (OPT_STEPS - OPT_TRAIN_N))))
		t->steps = p->steps;
	if (!(given & (1u << (OPT_WIDTH - OPT_TRAIN_N))))
		*width = p->width;
	if (!(given & (1u << (OPT_LR - OPT_TRAIN_N))))
		t->lr = p->lr;
	if (!(given & (1u << (OPT_BATCH - OPT_TRAIN_N))))
		t->batch = p->batch;
	if (!(given & (1u << (OPT_CLASSES - OPT_TRAIN_N))))
		*classes = p->classes;
}

static int
cmd_train_exec(int argc, char **argv)
{
	struct train tr;
	struct dsp_opts_spec spec = {
		"disperse train [--steps N] [--width D] [--save FILE] [options]\n"
		"       disperse train --load FILE --eval-only [options]",
		"Train the Max Retrieval model (one single-head softmax attention) on\n"
		"sets of --train-n items, then evaluate it on larger held-out sets,\n"
		"plain and with the paper's adaptive temperature (doc/theory.md).\n",
		train_opt, NULL,
		DSP_GIVEN_FAMILY | DSP_GIVEN_N | DSP_GIVEN_DELTA | DSP_GIVEN_THETA |
		    DSP_GIVEN_LAMBDA | DSP_GIVEN_EPS | DSP_GIVEN_TOPK | DSP_GIVEN_ATTN |
		    DSP_GIVEN_ADAPTIVE | DSP_GIVEN_SSMAX_S | DSP_GIVEN_ALPHA |
		    DSP_GIVEN_PRECISION | DSP_GIVEN_MODEL | DSP_GIVEN_INPUT,
		train_values,
		OPT_FIG0,	/* figures: the figure options */
		train_rows,
		"  --seed S           initialisation, training and evaluation sets (default 1;\n"
		"                     with --load the evaluation seed, default the model's)\n"
	};
	static const size_t default_sizes[] = { 16, 64, 256, 1024, 4096, 16384 };
	dsp_maxret_eval_row rows[MAX_SIZES];
	dsp_model_meta meta;
	struct dsp_opts o;
	dsp_figspec fig;
	struct dsp_trainfig tf;
	dsp_maxret *m = NULL;
	dsp_table *t = NULL;
	uint64_t eval_seed;
	size_t i;
	int rc;

	memset(&tr, 0, sizeof tr);
	dsp_maxret_train_default(&tr.t);
	tr.width = 16;
	tr.classes = 10;
	tr.eval_sets = 1000;
	tr.nsizes = sizeof default_sizes / sizeof default_sizes[0];
	memcpy(tr.sizes, default_sizes, sizeof default_sizes);
	memset(&meta, 0, sizeof meta);
	spec.ctx = &tr;
	tr.fig.code0 = OPT_FIG0;
	dsp_opts_init(&o, "train");
	if (dsp_opts_parse(&o, &spec, argc, argv) != 0) {
		rc = o.status;
		goto out;
	}
	if (tr.preset != NULL && tr.load != NULL) {
		rc = dsp_opts_usage(&o, "--preset: the training settings of --load "
		    "come from the model");
		goto out;
	}
	if (tr.preset != NULL)
		dsp_train_preset_apply(tr.preset, tr.given, &tr.t, &tr.width,
		    &tr.classes);
	if (dsp_figopts_any(&tr.fig) && tr.svg == NULL) {
		rc = dsp_opts_usage(&o, "the figure options need --svg FILE");
		goto out;
	}
	if ((rc = dsp_figopts_spec(&tr.fig, &o, &fig)) != 0)
		goto out;
	if (tr.eval_only && tr.load == NULL) {
		rc = dsp_opts_usage(&o, "--eval-only needs --load FILE");
		goto out;
	}
	if (tr.load != NULL && tr.given != 0) {
		rc = dsp_opts_usage(&o, "--load: the training options (--train-n, "
		    "--steps, --width, --lr, --batch, --classes) come from the model");
		goto out;
	}
	if (tr.save != NULL && (rc = dsp_model_check_path(tr.save)) != DSP_OK) {
		rc = dsp_opts_core_fail(&o, "--save", rc);
		goto out;
	}
	if (tr.load != NULL) {
		if ((rc = dsp_model_load(tr.load, &m, &meta)) != DSP_OK) {
			rc = dsp_opts_core_fail(&o, "--load", rc);
			goto out;
		}
		eval_seed = (o.given & DSP_GIVEN_SEED) ? o.params.seed :
		    (meta.neval ? meta.eval_seed : meta.train.seed);
		/* Without other choices, repeat the recorded evaluation. */
		if (meta.neval > 0 && !tr.sizes_given) {
			tr.nsizes = meta.neval;
			memcpy(tr.sizes, meta.eval_n, meta.neval * sizeof tr.sizes[0]);
		}
		if (meta.neval > 0 && !tr.sets_given)
			tr.eval_sets = meta.eval_sets;
		if (!tr.yes && (rc = recorded_work(&tr, m)) != DSP_OK) {
			rc = dsp_opts_core_fail(&o, "--load", rc);
			goto out;
		}
	} else {
		tr.t.seed = o.params.seed;
		eval_seed = o.params.seed;
		meta.train = tr.t;
		if ((m = dsp_maxret_alloc(tr.classes, tr.width)) == NULL) {
			rc = dsp_opts_core_fail(&o, "train", DSP_EINVAL);
			goto out;
		}
		tr.t0 = dsp_now_ms();
		tr.meta = &meta;
		/* Ten progress reports; the last is the model's recorded
		 * training loss and accuracy. */
		if ((rc = dsp_maxret_train(m, &tr.t, tr.t.steps >= 10 ? tr.t.steps / 10 : 1,
		    progress, &tr)) != DSP_OK) {
			rc = dsp_opts_core_fail(&o, "train", rc);
			goto out;
		}
	}
	rc = 0;
	if (!tr.quiet)
		fprintf(stderr, "disperse train: evaluating %llu sets at %zu size%s\n",
		    (unsigned long long)tr.eval_sets, tr.nsizes, tr.nsizes == 1 ? "" : "s");
	dsp_progress_begin("train", "evaluating", (uint64_t)eval_items(&tr));
	rc = dsp_maxret_eval(m, tr.sizes, tr.nsizes, (size_t)tr.eval_sets, eval_seed, rows);
	dsp_progress_end();
	if (rc != DSP_OK) {
		rc = dsp_opts_core_fail(&o, "evaluation", rc);
		goto out;
	}
	if (tr.load == NULL) {
		meta.neval = tr.nsizes;
		meta.eval_sets = (size_t)tr.eval_sets;
		meta.eval_seed = eval_seed;
		for (i = 0; i < tr.nsizes; i++) {
			meta.eval_n[i] = rows[i].n;
			meta.eval_acc[i] = rows[i].acc;
			meta.eval_acc_adaptive[i] = rows[i].acc_ad;
		}
	}
	if (tr.save != NULL && (rc = dsp_model_save(m, &meta, tr.save)) != DSP_OK) {
		rc = dsp_opts_core_fail(&o, "--save", rc);
		goto out;
	}
	if ((t = make_table(&o, &tr, m, &meta, eval_seed, rows, tr.nsizes)) == NULL ||
	    fill_table(t, rows, tr.nsizes) != 0) {
		rc = dsp_opts_core_fail(&o, NULL, dsp_fail_nomem(NULL, 0));
		goto out;
	}
	tf = (struct dsp_trainfig){ &fig, rows, tr.nsizes, m, &meta };
	if (tr.svg != NULL && (rc = dsp_figopts_write(&o, &fig, tr.svg, dsp_train_svg, &tf,
	    0)) != 0)
		goto out;
	rc = dsp_opts_write_table(&o, t);
out:
	dsp_table_free(t);
	dsp_maxret_free(m);
	dsp_opts_free(&o);
	return rc;
}

const struct dsp_command cmd_train = {
	"train", "disperse train [options]",
	"train a single attention head on Max Retrieval and watch it disperse",
	cmd_train_exec
};
