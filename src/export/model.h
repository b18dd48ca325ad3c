/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Trained Max Retrieval models as versioned JSON ("disperse-maxret",
 * format_version 1): the settings they were trained with, what the
 * training measured, the accuracy recorded at evaluation and every
 * parameter block with its shape.  Doubles are written with 17 digits so a
 * loaded model is bitwise the saved one.  Written atomically (temporary
 * file, fsync, rename), like snapshots. */
#ifndef DSP_MODEL_H
#define DSP_MODEL_H

#include <stddef.h>

#include "core/train/maxret.h"
#include "core/schema/params.h"

#define DSP_MODEL_FORMAT	"disperse-maxret"
#define DSP_MODEL_VERSION	1
#define DSP_MODEL_MAX_EVAL	32

typedef struct dsp_model_meta {
	dsp_maxret_train_opts	train;
	double			train_loss, train_accuracy;	/* last progress report */
	/* Evaluation recorded when the model was saved (neval = 0: none). */
	size_t			neval, eval_sets;
	unsigned long long	eval_seed;
	size_t			eval_n[DSP_MODEL_MAX_EVAL];
	double			eval_acc[DSP_MODEL_MAX_EVAL];
	double			eval_acc_adaptive[DSP_MODEL_MAX_EVAL];
} dsp_model_meta;

/* Fail early (before a long training run) when path cannot be written:
 * creates and removes a temporary file in its directory. */
int	dsp_model_check_path(const char *path);
int	dsp_model_save(const dsp_maxret *m, const dsp_model_meta *meta,
	    const char *path);
/* *m is allocated (dsp_maxret_free); meta may be NULL. */
int	dsp_model_load(const char *path, dsp_maxret **m, dsp_model_meta *meta);

/* The learned family's model: when p->model names a file, load it (once
 * per path in a process: a small cache keeps every model opened, freed at
 * exit, so views and snapshots borrow it for as long as they live), then
 * point p->model at the cached copy of its absolute name (realpath, so a
 * saved view reopens it from any directory) and p->model_w at the
 * weights.  Without a model: DSP_OK, unless the family is learned. */
int	dsp_model_attach(dsp_params *p);
/* The same for a tour step's model: p->model is a shipped data file's
 * name (core/io/tour.h dsp_data_find), opened from where the tour lives. */
int	dsp_model_attach_data(dsp_params *p);

#endif
