/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tables of numbers written as aligned text, CSV or JSON.  The CLI prints
 * them; the snapshot exporter writes them to files. */
#ifndef DSP_TABLE_H
#define DSP_TABLE_H

#include <stddef.h>
#include <stdio.h>

#include "core/schema/params.h"

enum dsp_format { DSP_FMT_TEXT, DSP_FMT_CSV, DSP_FMT_JSON };

typedef struct dsp_table dsp_table;

dsp_table	*dsp_table_alloc(const char *title);	/* title may be NULL */
void		 dsp_table_free(dsp_table *t);
/* Stamp lines ("key", "value"): every parameter and the seed; written as
 * "# key: value" comments (text, CSV) or a "params" object (JSON). */
int		 dsp_table_stamp(dsp_table *t, const char *key, const char *value);
/* The same, written as a JSON string even when it reads as a number. */
int		 dsp_table_stamp_text(dsp_table *t, const char *key, const char *value);
int		 dsp_table_stampf(dsp_table *t, const char *key, const char *fmt, ...)
		    __attribute__((format(printf, 3, 4)));
/* Stamp every parameter row of the table (core/schema/ptable.h) in table order,
 * by its name and its exact text; rows whose bit (1u << id) is in omit are
 * left out.  The file family stamps "input" (its name) and n = the number
 * of logits. */
int		 dsp_table_stamp_params(dsp_table *t, const dsp_params *p,
		    unsigned omit);
/* Column with a printf format for numbers (e.g. "%.10g"). */
int		 dsp_table_column(dsp_table *t, const char *name, const char *numfmt);
/* Append a row: one double per column (NaN/Inf written as null in JSON,
 * "nan"/"inf" in text/CSV). */
int		 dsp_table_row(dsp_table *t, const double *values);
/* Number of rows so far. */
size_t		 dsp_table_rows(const dsp_table *t);
/* Some columns hold strings: set cell (row, col) text instead of a number. */
int		 dsp_table_set_text(dsp_table *t, size_t row, size_t col, const char *s);
int		 dsp_table_write(const dsp_table *t, FILE *fp, enum dsp_format f);
/* One CSV row in t's columns and formats, written at once (tables too
 * large to hold: write t with its stamps and no rows, then the rows);
 * texts[c] != NULL replaces values[c]. */
/* The text of v in column col's format, as a row writes it (a caller
 * assembling many rows itself); returns its length. */
size_t		 dsp_table_cell(const dsp_table *t, size_t col, double v, char *buf,
		    size_t size);
int		 dsp_table_csv_row(const dsp_table *t, FILE *fp, const double *values,
		    const char *const *texts);
/* "text", "csv", "json" -> enum, -1 if unknown. */
int		 dsp_format_parse(const char *s);

/* Figure columns (table_fig.c): the figures on one surface of the figure
 * table (core/schema/figures.h, enum dsp_figsurf), in its order, under
 * their names; a size in items "%.0f", any other number numfmt. */
int		 dsp_table_fig_columns(dsp_table *t, int surface, const char *numfmt);
/* One row: the npre values of the columns before the figures, each
 * figure's value for c's evaluation (a band edge outside the double range
 * as "exp(x)", the verdict and the route as their words), then the npost
 * values of the columns after them.  The surface's figures its command
 * computes (DSP_FIGK_CMD) take the first of the post values, in position
 * order; such a figure past the double range, with its "log_" twin on the
 * surface finite, is written "exp(x)". */
struct dsp_figctx;
int		 dsp_table_fig_row(dsp_table *t, int surface, struct dsp_figctx *c,
		    const double *pre, size_t npre, const double *post, size_t npost);

#endif
