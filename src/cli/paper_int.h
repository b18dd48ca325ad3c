/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the files of `disperse paper` share (cmd-paper.c: options, files,
 * the report; paper-theory.c: sections 1-4, 6, 7; paper-maxret.c: section
 * 5).  Nothing outside these three files includes it. */
#ifndef DSP_CLI_PAPER_INT_H
#define DSP_CLI_PAPER_INT_H


#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd.h"
#include "cli/figopts.h"
#include "cli/opts.h"
#include "core/alloc.h"
#include "core/dsp.h"
#include "core/schema/view.h"
#include "export/atomic.h"
#include "export/model.h"
#include "export/render.h"
#include "export/snapshot.h"
#include "export/table.h"

#define MAX_TABLES	16
#define MAX_SEEDS	8
#define MAX_SIZES	8

/* The run's scale: full, --quick, and --grid small (make check's). */
struct scale {
	const char	*name;
	int		 lemma_step;	/* n = 2^4, 2^(4+step), ... 2^60 */
	int		 lemma_all_deltas;
	size_t		 map_cols, map_rows, csv_cols, csv_rows;
	size_t		 curve_points;
	int		 alt_step;	/* n = 2^1, 2^(1+step), ... 2^40 */
	/* Max Retrieval */
	const char	*preset;
	size_t		 steps;		/* 0: the preset's */
	size_t		 width;		/* 0: the preset's */
	size_t		 batch;		/* 0: the preset's */
	size_t		 seeds, sets, nsizes;
	size_t		 sizes[MAX_SIZES];
};


struct paper {
	struct dsp_opts	*o;
	const struct scale *sc;
	struct dsp_figopts fo;
	const char	*out;
	int		 quiet;
	dsp_figspec	 fig;
	char		 cmdline[2048];
	FILE		*md;		/* the report, in memory until the end */
	char		*mdbuf;
	size_t		 mdlen;
	struct {
		char		 name[32];
		dsp_table	*t;
	}		 tables[MAX_TABLES];
	size_t		 ntables;
	double		 t0;
};

void	 paper_progress(struct paper *P, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
int	 paper_write_file(struct paper *P, const char *name,
	    int (*fn)(void *, FILE *), void *ctx);
int	 paper_keep_table(struct paper *P, const char *name, dsp_table *t);
dsp_table *paper_new_table(const char *title, const char *const *cols, size_t n);
void	 paper_scaled_view(const struct paper *P, dsp_viewstate *v);
int	 paper_figures(struct paper *P, dsp_viewstate *v, const char *base,
	    unsigned which);
const char *paper_fmt_logsize(char *buf, size_t size, double logv);

/* The sections, in the report's order (paper-theory.c, paper-maxret.c). */
int	 paper_lemma(struct paper *P);
int	 paper_critical(struct paper *P);
int	 paper_dispersion(struct paper *P);
int	 paper_adaptive(struct paper *P);
int	 paper_maxret(struct paper *P);
int	 paper_alternatives(struct paper *P);
int	 paper_map(struct paper *P);

#endif
