/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One CLI subcommand per file (cmd-NAME.c), each exporting one struct. */
#ifndef DSP_CLI_CMD_H
#define DSP_CLI_CMD_H

#include <stdint.h>
#include <stdio.h>

#include "core/schema/figspec.h"
#include "core/train/maxret.h"
#include "export/model.h"

struct dsp_command {
	const char	*name;
	const char	*usage;		/* "disperse NAME [options]" line(s) */
	const char	*summary;	/* one line for `disperse --help` */
	/* argv[0] is the command name; returns the exit status. */
	int		(*exec)(int argc, char **argv);
};

extern const struct dsp_command cmd_report;
extern const struct dsp_command cmd_sweep;
extern const struct dsp_command cmd_bound;
extern const struct dsp_command cmd_heatmap;
extern const struct dsp_command cmd_snapshot;
extern const struct dsp_command cmd_compare;
extern const struct dsp_command cmd_precision;
extern const struct dsp_command cmd_fit;
extern const struct dsp_command cmd_tour;
extern const struct dsp_command cmd_train;
extern const struct dsp_command cmd_heads;
extern const struct dsp_command cmd_animate;
extern const struct dsp_command cmd_depth;
extern const struct dsp_command cmd_paper;

/* train's preset over its settings, except the ones given on the line
 * (bits of train's option codes --train-n .. --classes). */
void	dsp_train_preset_apply(const dsp_maxret_preset *p, unsigned given,
	    dsp_maxret_train_opts *t, uint64_t *width, uint64_t *classes);
/* train's table columns (*names, the count returned) and one row of
 * them from an evaluation row: every surface of Max Retrieval numbers
 * (train, paper's maxret.csv) has the same columns. */
size_t	dsp_train_columns(const char *const **names);
void	dsp_train_values(const dsp_maxret_eval_row *r, double *v);
#define DSP_TRAIN_NCOLS	20
/* train's figure (accuracy and max weight against n) of a struct
 * dsp_trainfig onto fp: a dsp_svg_writer (export/render.h). */
struct dsp_trainfig {
	const dsp_figspec		*f;
	const dsp_maxret_eval_row	*r;
	size_t				 nr;
	const dsp_maxret		*m;
	const dsp_model_meta		*meta;
};
int	dsp_train_svg(const void *ctx, FILE *fp);

/* report / bound rows named and labelled by the figure table
 * (core/schema/figures.h; figrows.c); extra (may be NULL) is appended to the
 * note after "; ".  DSP_EINVAL for a name not in the table. */
struct dsp_table;
int	dsp_fig_num(struct dsp_table *t, const char *name, double v, double theta,
	    const char *extra);
/* dsp_fig_num with the route (enum dsp_method) the value came from: its
 * source may depend on it (dsp_figure_source). */
int	dsp_fig_num_at(struct dsp_table *t, const char *name, double v, double theta,
	    int method, const char *extra);
int	dsp_fig_text(struct dsp_table *t, const char *name, const char *text,
	    double theta, const char *extra);
int	dsp_fig_logsize(struct dsp_table *t, const char *name, double logv,
	    double theta, const char *extra);

#endif
