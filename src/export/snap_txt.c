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

/* A band edge (which: 0/1 tight lo/hi, 2/3 loose lo/hi): exp(x) outside
 * the double range, as report writes it. */
static const char *
edge_num(char *buf, size_t size, const dsp_summary *m, int which)
{
	const double v[4] = { m->lo_tight, m->hi_tight, m->lo_loose, m->hi_loose };
	double lv;

	if (!dsp_band_edge_outside(v[which], m->n, m->spread, m->theta_eff, which, &lv))
		return snap_num(buf, size, v[which]);
	snprintf(buf, size, "exp(%.10g)", lv);
	return buf;
}

static void
text_summary(const struct snap *s, FILE *fp)
{
	const dsp_summary *m = &s->sum;
	char b1[32], b2[32], b3[32];

	fputs("\nFigures\n", fp);
	if (s->sum_rc != DSP_OK) {
		fprintf(fp, "  not computable: %s\n", s->sum_err);
		return;
	}
	fprintf(fp, "  method            %s\n", dsp_method_name(m->method));
	fprintf(fp, "  items n           %s\n", snap_num(b1, sizeof b1, m->n));
	fprintf(fp, "  logits            [%s, %s], spread %s\n", snap_num(b1, sizeof b1,
	    m->logit_min), snap_num(b2, sizeof b2, m->logit_max),
	    snap_num(b3, sizeof b3, m->spread));
	fprintf(fp, "  theta_eff, beta   %s, %s\n", snap_num(b1, sizeof b1, m->theta_eff),
	    snap_num(b2, sizeof b2, m->beta));
	fprintf(fp, "  entropy           %s nats = %s bits = %s of log n\n",
	    snap_num(b1, sizeof b1, m->entropy), snap_num(b2, sizeof b2, m->entropy_bits),
	    snap_num(b3, sizeof b3, m->entropy_norm));
	if (dsp_row_underflow(m))
		fprintf(fp, "  underflow         %s\n", dsp_band_text(DSP_BAND_UNDERFLOW));
	fprintf(fp, "  paper-exact H     %s (the paper's code)\n", snap_num(b1, sizeof b1,
	    m->entropy_paper));
	fprintf(fp, "  entropy floor     %s (derived), ceiling log n = %s\n",
	    snap_num(b1, sizeof b1, m->entropy_floor), snap_num(b2, sizeof b2, m->entropy_ceiling));
	fprintf(fp, "  max / min weight  %s / %s (total %s)\n",
	    snap_num(b1, sizeof b1, m->max_weight), snap_num(b2, sizeof b2, m->min_weight),
	    snap_num(b3, sizeof b3, m->total));
	fprintf(fp, "  top-%llu mass       %s\n", (unsigned long long)s->p.topk,
	    snap_num(b1, sizeof b1, m->topk_mass));
	/* The paper states Lemma 2.1 as Theta(1/n) with the proof's loose band;
	 * the tight band and the critical n are derivations (figures.h). */
	fprintf(fp, "  Lemma 2.1 tight   [%s, %s] (derived)\n", edge_num(b1, sizeof b1,
	    m, 0), edge_num(b2, sizeof b2, m, 1));
	fprintf(fp, "  Lemma 2.1 loose   [%s, %s] (the paper's proof)\n", edge_num(b1,
	    sizeof b1, m, 2), edge_num(b2, sizeof b2, m, 3));
	fprintf(fp, "  bound             %s (margin %s)\n",
	    dsp_band_text(dsp_band_verdict(m)), snap_num(b1, sizeof b1, m->bound_margin));
	fprintf(fp, "  Theorem 2.2       log n* = %s for eps = %s (derived critical n)\n",
	    snap_num(b1, sizeof b1, m->log_critical_n), snap_num(b2, sizeof b2, s->p.eps));
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
