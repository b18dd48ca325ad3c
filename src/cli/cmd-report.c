/* SPDX-License-Identifier: GPL-3.0-or-later */
/* disperse report: every figure of one evaluation (dsp_eval), the rows
 * of the figure table on report's surface. */
#include <stdio.h>

#include "cli/cmd.h"
#include "cli/opts.h"
#include "core/dsp.h"
#include "export/table.h"

enum { OPT_TIME = DSP_OPT_USER };

static const struct dsp_opt_row report_rows[] = {
	{ "time", 0, NULL, OPT_TIME, "also print the compute time (not stamped)" },
	{ NULL, 0, NULL, 0, NULL }
};

static int
report_opt(struct dsp_opts *o, int code, const char *arg, void *ctx)
{
	(void)o; (void)arg;
	if (code == OPT_TIME)
		*(int *)ctx = 1;
	return 0;
}

/* Every figure on report's surface (core/schema/figures.h), in the
 * table's order for it, each with its note. */
static int
fill(dsp_table *t, const dsp_params *p, const dsp_summary *s, int timing)
{
	const dsp_figure *f[DSP_FIGURES_MAX];
	size_t i, k = dsp_figure_list(DSP_SURF_FIGS, f, DSP_FIGURES_MAX);
	dsp_figctx c;
	dsp_figcell v;
	int rc = 0;

	dsp_figctx_init(&c, p, s);
	c.timing = timing;
	c.sentence = 1;
	for (i = 0; i < k && i < DSP_FIGURES_MAX; i++) {
		if ((rc = dsp_figure_cell(f[i], DSP_SURF_FIGS, &c, &v)) != DSP_OK)
			return rc;
		if (v.form == DSP_CELL_TEXT && v.own)
			rc |= dsp_kv_text(t, f[i]->name, v.text, v.note);
		else if (v.form == DSP_CELL_TEXT)
			rc |= dsp_fig_text(t, f[i]->name, v.text, v.theta, v.note);
		else if (v.form == DSP_CELL_LOG)
			rc |= dsp_fig_logsize(t, f[i]->name, v.v, v.theta, v.note);
		else if (v.form == DSP_CELL_NUM)
			rc |= dsp_fig_num_at(t, f[i]->name, v.v, v.theta, v.method, v.note);
	}
	return rc;
}

static int
cmd_report_exec(int argc, char **argv)
{
	struct dsp_opts o;
	struct dsp_opts_spec spec = {
		.usage = "disperse report [options]",
		.help = "Every figure of one evaluation: entropy, weights, Lemma 2.1 band,\n"
		    "Theorem 2.2 critical n, method used.\n",
		.rows = report_rows,
		.cb = report_opt
	};
	dsp_summary s;
	dsp_table *t;
	int timing = 0, rc;

	spec.ctx = &timing;
	dsp_opts_init(&o, "report");
	o.input_lazy = 1;	/* dsp_opts_eval below */
	if (dsp_opts_parse(&o, &spec, argc, argv) != 0) {
		dsp_opts_free(&o);
		return o.status;
	}
	dsp_clear_error();
	if ((rc = dsp_opts_eval(&o, &s)) != DSP_OK) {
		rc = dsp_opts_core_fail(&o, NULL, rc);
		dsp_opts_free(&o);
		return rc;
	}
	if ((t = dsp_kv_table(&o, "disperse report")) == NULL ||
	    fill(t, &o.params, &s, timing) != DSP_OK)
		rc = dsp_opts_core_fail(&o, NULL, dsp_fail_nomem(NULL, 0));
	else
		rc = dsp_opts_write_table(&o, t);
	dsp_table_free(t);
	dsp_opts_free(&o);
	return rc;
}

const struct dsp_command cmd_report = {
	"report", "disperse report [options]",
	"every figure for one parameter set (entropy, bounds, critical n)",
	cmd_report_exec
};
