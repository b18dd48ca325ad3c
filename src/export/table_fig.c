/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Table columns and rows that loop over a surface of the figure table:
 * sweep's columns, the snapshot's curve CSV and its text summary table,
 * heads' columns. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/error.h"
#include "core/schema/figures.h"
#include "export/table.h"

#define ROW_MAX	(DSP_FIGURES_MAX + 64)

/* The index among f[0 .. k) of "log_NAME" for x named NAME, or -1. */
static int
log_twin(const dsp_figure *const *f, size_t k, const dsp_figure *x)
{
	size_t i;

	for (i = 0; i < k; i++)
		if (strncmp(f[i]->name, "log_", 4) == 0 && strcmp(f[i]->name + 4, x->name) == 0)
			return (int)i;
	return -1;
}

int
dsp_table_fig_columns(dsp_table *t, int surface, const char *numfmt)
{
	const dsp_figure *f[DSP_FIGURES_MAX];
	size_t i, k = dsp_figure_list(surface, f, DSP_FIGURES_MAX);
	int rc = DSP_OK;

	for (i = 0; i < k && i < DSP_FIGURES_MAX; i++)
		/* A count is whole; a critical n (items too) is not. */
		rc |= dsp_table_column(t, f[i]->name, strcmp(f[i]->unit, "items") == 0 &&
		    f[i]->kind == DSP_FIGK_NUM ? "%.0f" : numfmt);
	return rc != DSP_OK ? DSP_ENOMEM : DSP_OK;
}

int
dsp_table_fig_row(dsp_table *t, int surface, struct dsp_figctx *c,
    const double *pre, size_t npre, const double *post, size_t npost)
{
	const dsp_figure *f[DSP_FIGURES_MAX];
	size_t i, j, r, k = dsp_figure_list(surface, f, DSP_FIGURES_MAX);
	dsp_figcell v[DSP_FIGURES_MAX];
	double row[ROW_MAX];
	char buf[64];
	int g, rc = DSP_OK;

	if (k > DSP_FIGURES_MAX || npre + k + npost > ROW_MAX)
		return dsp_fail(DSP_EINVAL, "internal: %zu table columns", npre + k + npost);
	if (npre > 0)
		memcpy(row, pre, npre * sizeof *row);
	for (i = j = 0; i < k; i++) {
		if (f[i]->kind == DSP_FIGK_CMD) {
			if (j == npost)
				return dsp_fail(DSP_EINVAL, "internal: no value for %s",
				    f[i]->name);
			memset(&v[i], 0, sizeof v[i]);
			v[i].form = DSP_CELL_NUM;
			v[i].v = post[j++];
		} else if ((rc = dsp_figure_cell(f[i], surface, c, &v[i])) != DSP_OK)
			return rc;
		row[npre + i] = v[i].v;
	}
	for (i = 0; i < k; i++)
		if (f[i]->kind == DSP_FIGK_CMD && isinf(v[i].v) &&
		    (g = log_twin(f, k, f[i])) >= 0 && isfinite(v[g].v)) {
			v[i].form = DSP_CELL_LOG;
			v[i].v = v[g].v;
		}
	if (npost > j)
		memcpy(row + npre + k, post + j, (npost - j) * sizeof *row);
	if ((rc = dsp_table_row(t, row)) != DSP_OK)
		return rc;
	r = dsp_table_rows(t) - 1;
	for (i = 0; i < k; i++) {
		if (v[i].form == DSP_CELL_TEXT)
			rc = dsp_table_set_text(t, r, npre + i, v[i].text);
		else if (v[i].form == DSP_CELL_LOG) {
			snprintf(buf, sizeof buf, "exp(%.10g)", v[i].v);
			rc = dsp_table_set_text(t, r, npre + i, buf);
		}
		if (rc != DSP_OK)
			return rc;
	}
	return DSP_OK;
}
