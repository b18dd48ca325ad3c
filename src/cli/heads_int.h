/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the files of `disperse heads` share (cmd-heads.c: options, reading
 * and evaluating the rows, the per-row table; heads-summary.c: what is
 * derived from the kept records -- the summary table and the two figures).
 * Nothing outside these two files includes it. */
#ifndef DSP_CLI_HEADS_INT_H
#define DSP_CLI_HEADS_INT_H

#include <stddef.h>
#include <stdint.h>

#include "cli/figopts.h"
#include "cli/opts.h"
#include "export/table.h"

#define ALL	UINT64_MAX
#define LAST	(UINT64_MAX - 1)

struct heads_opts {
	const char	*file;
	const char	*member;
	const char	*table;
	const char	*svg;
	uint64_t	 layer, head, query, cap;
	struct dsp_figopts fig;
	dsp_figspec	 figspec;	/* from fig, after parsing */
};

/* One evaluated row, kept for the summary and the figures. */
struct rec {
	size_t		 arr;
	uint64_t	 layer, head;
	double		 spread;
};

struct run {
	struct dsp_opts		*o;
	struct heads_opts	*h;
	dsp_table		*t;
	struct rec		*recs;
	size_t			 nrec, cap;
	size_t			 narr;
	char			**arr_names;	/* member names (.npz) or NULL */
	uint64_t		 max_layers, max_heads;
	int			 has_query, is_npz;
};

/* The run's stamps (program, input, shape, theta, the selection) on t. */
int	heads_stamp(const struct run *r, dsp_table *t, const char *shape,
	    const char *dtype);
/* Range and mean +- sd of the spread per layer and overall; NULL when out
 * of memory. */
dsp_table *heads_summary_table(struct run *r, const char *shape, const char *dtype);
/* PREFIX-grid.svg and PREFIX-hist.svg in every format of the figure
 * options: 0 or the exit status (printed). */
int	heads_write_svgs(struct run *r);

#endif
