/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Snapshot sets: the .txt file, the TUI's screen as it was or, from the
 * CLI, a plain text report of the view. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/math/bounds.h"
#include "core/error.h"
#include "core/io/escape.h"
#include "core/schema/family.h"
#include "core/math/eval.h"
#include "core/schema/figures.h"
#include "core/math/map.h"
#include "core/schema/params.h"
#include "core/schema/ptable.h"
#include "core/math/runs.h"
#include "core/schema/view.h"
#include "export/snap_int.h"
#include "export/table.h"

#define TEXT_MAX_RUNS		64

static void
text_map(const struct snap *s, FILE *fp)
{
	static const char shade[] = " .:-=+*#%@";
	const dsp_map_spec *m = &s->v->map;
	size_t r, c, rs, cs, rr, cc;
	double top = snap_metric_top(s), x;
	char b1[32], b2[32], b3[32], b4[32], b5[32];

	fprintf(fp, "\n(theta, lambda) map, power series e_k = delta lambda^k (as disperse "
	    "defines it), %s, "
	    "%zu x %zu cells\n", dsp_metric_name(m->metric), m->cols, m->rows);
	if (s->map_rc != DSP_OK)
		fprintf(fp, "  note: %s\n", s->map_err);
	if (s->map == NULL)
		return;
	fprintf(fp, "  shades \"%s\" from 0 to %s; top row lambda = %s, bottom row "
	    "lambda = %s; theta %s .. %s left to right; ? = not computable\n",
	    shade, snap_num(b1, sizeof b1, top), snap_num(b2, sizeof b2, m->lambda_hi),
	    snap_num(b3, sizeof b3, m->lambda_lo), snap_num(b4, sizeof b4, m->theta_lo),
	    snap_num(b5, sizeof b5, m->theta_hi));
	/* At most 64 x 32 characters: an exact subsample of the grid, first
	 * and last cells included (core/schema/view.h). */
	cs = (m->cols - 1) / (dsp_view_share(m->cols, 64) - 1);
	rs = (m->rows - 1) / (dsp_view_share(m->rows, 32) - 1);
	for (rr = (m->rows - 1) / rs + 1; rr-- > 0;) {
		r = rr * rs;
		fputs("  |", fp);
		for (cc = 0; cc * cs < m->cols; cc++) {
			c = cc * cs;
			x = s->map[r * m->cols + c];
			if (!isfinite(x))
				fputc('?', fp);
			else {
				x = x / top;
				x = x < 0 ? 0 : x > 1 ? 1 : x;
				fputc(shade[(int)lround(x * 9)], fp);
			}
		}
		fputs("|\n", fp);
	}
	fprintf(fp, "  cursor: row %zu, col %zu: theta = %s, lambda = %s, %s = %s\n",
	    s->v->map_row, s->v->map_col,
	    snap_num(b1, sizeof b1, dsp_map_theta(m, s->v->map_col)),
	    snap_num(b2, sizeof b2, dsp_map_lambda(m, s->v->map_row)),
	    dsp_metric_name(m->metric), snap_num(b3, sizeof b3,
	    s->map[s->v->map_row * m->cols + s->v->map_col]));
}

/* A value as text: a size or band edge outside the double range as
 * exp(x), as report writes it. */
static const char *
cell_text(char *buf, size_t size, const dsp_figcell *v)
{
	if (v->form == DSP_CELL_TEXT)
		snprintf(buf, size, "%s", v->text);
	else if (v->form == DSP_CELL_NUM || v->v == -INFINITY || isnan(v->v) ||
	    (v->v < DSP_LOG_DBL_MAX && v->v >= DSP_LOG_DBL_MIN))
		snap_num(buf, size, v->form == DSP_CELL_LOG ? exp(v->v) : v->v);
	else
		snprintf(buf, size, isinf(v->v) ? "inf" : "exp(%.10g)", v->v);
	return buf;
}

/* Every figure on report's surface (core/schema/figures.h) under its
 * name: value, unit, what it is (measured, paper, derived, the law's) and
 * report's note on it. */
static void
text_summary(const struct snap *s, FILE *fp)
{
	const dsp_figure *f[DSP_FIGURES_MAX];
	size_t i, w = 0, k = dsp_figure_list(DSP_SURF_FIGS, f, DSP_FIGURES_MAX);
	enum dsp_source src;
	char b[64];
	dsp_figctx c;
	dsp_figcell v;

	fputs("\nFigures\n", fp);
	if (s->sum_rc != DSP_OK) {
		fprintf(fp, "  not computable: %s\n", s->sum_err);
		return;
	}
	for (i = 0; i < k && i < DSP_FIGURES_MAX; i++)
		w = strlen(f[i]->name) > w ? strlen(f[i]->name) : w;
	dsp_figctx_init(&c, &s->p, &s->sum);
	c.sentence = 1;
	for (i = 0; i < k && i < DSP_FIGURES_MAX; i++) {
		if (dsp_figure_cell(f[i], DSP_SURF_FIGS, &c, &v) != DSP_OK ||
		    v.form == DSP_CELL_NONE)
			continue;
		fprintf(fp, "  %-*s  %s", (int)w, f[i]->name, cell_text(b, sizeof b, &v));
		if (v.form != DSP_CELL_TEXT && f[i]->unit[0] != '\0')
			fprintf(fp, " %s", f[i]->unit);
		src = dsp_figure_source(f[i], v.theta, v.method);
		if (src != DSP_SRC_INPUT)
			fprintf(fp, " [%s]", dsp_figure_label(f[i], v.theta, v.method));
		if (!v.own && v.note[0] != '\0')
			fprintf(fp, "; %s", v.note);
		fputc('\n', fp);
	}
}

/* The first TEXT_MAX_RUNS runs of the weights. */
struct trow {
	FILE		*fp;
	uint64_t	 first;
	size_t		 shown;
};

#define TEXT_ENOUGH	1	/* not an error: stops the walk */

static int
text_run(void *ctx, double w, uint64_t count)
{
	struct trow *c = ctx;
	char b[32];

	if (c->shown == TEXT_MAX_RUNS)
		return TEXT_ENOUGH;
	fprintf(c->fp, "  %12llu  %12llu  %s\n", (unsigned long long)c->first,
	    (unsigned long long)count, snap_num(b, sizeof b, w));
	c->first += count;
	c->shown++;
	return DSP_OK;
}

static int
write_text_report(const struct snap *s, FILE *fp)
{
	const dsp_viewstate *v = s->v;
	const dsp_param_def *d;
	size_t col, len;
	int rc, id;
	char b1[32], val[64];

	fprintf(fp, "disperse %s snapshot %s\ncreated %s\n", PACKAGE_VERSION,
	    s->name, s->created);
	fputs("\nParameters\n", fp);
	/* Every row of the parameter table, as the stamps write it. */
	for (id = 0, col = 0; id < DSP_P_COUNT; id++) {
		d = dsp_param(id);
		/* The model's name (any length) has its own line below. */
		if (!dsp_param_applies(d, &s->p) || d->type == DSP_PT_PATH)
			continue;
		if (id == DSP_P_N)
			snprintf(val, sizeof val, "%llu", (unsigned long long)snap_items(&s->p));
		else
			dsp_param_format(d, &s->p, val, sizeof val);
		len = strlen(d->name) + strlen(val) + 5;
		if (col > 0 && col + len > 78) {
			fputs(",\n", fp);
			col = 0;
		}
		col += (size_t)fprintf(fp, "%s%s = %s", col == 0 ? "  " : ", ", d->name, val);
	}
	fputc('\n', fp);
	if (dsp_family_has_logits(s->p.family)) {
		char *e = dsp_escape_dup(s->p.logits_name ? s->p.logits_name : "-", 0);

		fprintf(fp, "  logits from %s\n", e != NULL ? e : "?");
		free(e);
	}
	if (s->p.family == DSP_FAM_LEARNED) {
		char *e = dsp_escape_dup(s->p.model ? s->p.model : "-", 0);

		fprintf(fp, "  model = %s\n", e != NULL ? e : "?");
		free(e);
	}
	text_summary(s, fp);

	fputs("\nWeights (runs in position order: first item, count, weight)\n", fp);
	if (s->w_rc != DSP_OK)
		fprintf(fp, "  not available: %s\n", s->w_err);
	if (s->w_rc == DSP_OK) {
		struct trow c = { fp, 0, 0 };

		dsp_wstream_each(&s->ws, text_run, &c);
		if (dsp_wstream_len(&s->ws) > c.shown)
			fprintf(fp, "  ... %zu more runs in the weights CSV\n",
			    dsp_wstream_len(&s->ws) - c.shown);
	}

	fprintf(fp, "\nEntropy vs n (%zu points from %s", s->ncurve,
	    snap_num(b1, sizeof b1, v->curve_lo));
	fprintf(fp, " to %s)\n", snap_num(b1, sizeof b1, v->curve_hi));
	if (s->curve_rc != DSP_OK)
		fprintf(fp, "  not available: %s\n", s->curve_err);
	else if ((rc = snap_write_table(fp, snap_curve_table(s, 0), DSP_FMT_TEXT)) != DSP_OK)
		return ferror(fp) ? DSP_EIO : rc;
	else if (s->curve_err[0] != '\0')
		fprintf(fp, "  the curve ends at n = %s: %s\n",
		    snap_num(b1, sizeof b1, s->ns[s->ncurve - 1]), s->curve_err);
	text_map(s, fp);
	return ferror(fp) ? DSP_EIO : DSP_OK;
}

int
snap_write_txt(const struct snap *s, FILE *fp)
{
	size_t len;
	char *e;

	if (s->screen == NULL)
		return write_text_report(s, fp);
	/* The screen is a file's content: its lines kept, controls escaped. */
	if ((e = dsp_escape_dup(s->screen, 1)) == NULL)
		return DSP_ENOMEM;
	len = strlen(e);
	fwrite(e, 1, len, fp);
	if (len == 0 || e[len - 1] != '\n')
		fputc('\n', fp);
	free(e);
	return DSP_OK;
}
