/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The teaching tour: steps read from doc/tour.txt (format documented at the
 * top of that file).  Each step has a title, a body of text, a parameter
 * assignment and a list of live figures to show.
 *
 * API for the CLI (`disperse tour`) and the TUI tour key:
 *
 *	dsp_tour tour;
 *	char path[4096];
 *	if (dsp_tour_find(path, sizeof path) != DSP_OK ||
 *	    dsp_tour_load(path, &tour) != DSP_OK)
 *		show dsp_last_error();		// "tour.txt:12: ..." style
 *	for (k = 0; k < tour.n_steps; k++) {
 *		const dsp_tour_step *s = &tour.steps[k];
 *		dsp_params p;
 *		dsp_tour_apply(s, &p);		// defaults + s->set
 *		dsp_eval(&p, &sum);
 *		draw s->title, s->body;
 *		for (i = 0; i < s->n_show; i++)
 *			dsp_tour_value(&sum, &p, s->show[i], &v) -> label + v
 *	}
 *	dsp_tour_free(&tour);
 *
 * dsp_tour_load already checks that every step applies cleanly and that
 * dsp_params_check accepts the result, so apply only fails on bad memory. */
#ifndef DSP_TOUR_H
#define DSP_TOUR_H

#include <stddef.h>

#include "core/math/eval.h"
#include "core/schema/params.h"

typedef struct dsp_tour_step {
	char		 *title;
	char		 *body;		/* paragraphs, '\n'-separated, no trailing blank */
	char		 *set;		/* "family=power n=16 delta=4 theta=1 lambda=0.5" */
	char		 *model;	/* %model FILE (a data file name), or NULL */
	char		 *pin;		/* %pin: "key=value ..." giving the step's
					   "before" (its parameters with these
					   changed), pinned beside it; or NULL */
	char		**show;		/* figure names, see dsp_tour_value */
	size_t		  n_show;
	unsigned	  line;		/* line of the %step directive */
} dsp_tour_step;

typedef struct dsp_tour {
	dsp_tour_step	*steps;
	size_t		 n_steps;
} dsp_tour;

/* Where the shipped tour lives: each folder of $DISPERSE_DATADIR (a
 * colon-separated list) in turn, then the installed DSP_DATADIR; the first
 * readable tour.txt is written to buf.  DSP_EIO when none is readable. */
int	dsp_tour_find(char *buf, size_t size);
/* The same search for any shipped data file (name), e.g. the model. */
int	dsp_data_find(const char *name, char *buf, size_t size);
/* Parse text; name is used in error messages ("name:LINE: ..."). */
int	dsp_tour_parse(const char *buf, size_t len, const char *name, dsp_tour *t);
int	dsp_tour_load(const char *path, dsp_tour *t);
/* The "before" of a step with %pin: *after (the step's parameters, as
 * dsp_tour_apply gives them) with the %pin assignments; checked.
 * DSP_EINVAL when the step has no %pin. */
int	dsp_tour_pin_params(const dsp_tour_step *s, const dsp_params *after,
	    dsp_params *before);
void	dsp_tour_free(dsp_tour *t);

/* Apply "key=value" words from set on top of *p (no reset).  Keys: family
 * n delta theta lambda eps seed topk attn adaptive s (SSMax scale) alpha
 * precision.  n accepts 2^K (n, seed and topk are integers).  DSP_EPARSE on an unknown key or
 * bad value (detail names the word). */
int	dsp_params_assign(dsp_params *p, const char *set);
/* dsp_params_default, then the step's assignment, then dsp_params_check.
 * A step with family=learned sets p->model to its %model name (a data file,
 * dsp_data_find) and leaves p->model_w NULL: the caller opens the model
 * (export/model.h dsp_model_attach) before evaluating. */
int	dsp_tour_apply(const dsp_tour_step *s, dsp_params *p);

/* A named live figure of a summary: any dsp_summary number by its field
 * name (entropy, max_weight, lo_tight, log_critical_n, ...), plus
 * "critical_n" (e^log_critical_n), "beta_max_paper" (2.42..., the peak of
 * the paper polynomial) and "theta_over_peak" (theta / that peak).
 * DSP_EINVAL for an unknown name. */
int	dsp_tour_value(const dsp_summary *s, const dsp_params *p, const char *name,
	    double *v);
/* 1 if name is a known figure. */
int	dsp_tour_known(const char *name);

#endif
