/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Figure options of the figure-writing commands (figopts.h). */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli/figopts.h"
#include "core/error.h"

int
dsp_figopts_take(struct dsp_figopts *fo, struct dsp_opts *o, int code,
    const char *arg)
{
	const dsp_vopt_def *d;
	dsp_figspec f;
	char opt[64];

	if (code < fo->code0 || code >= fo->code0 + DSP_V_COUNT ||
	    (d = dsp_vopt(code - fo->code0)) == NULL || !DSP_VOPT_IS_FIG(d))
		return -1;
	dsp_figspec_default(&f);
	snprintf(opt, sizeof opt, "--%s", d->opt_long);
	if (dsp_vopt_fig_set(d, &f, arg, opt) != DSP_OK)
		return dsp_opts_usage(o, "%s", dsp_last_error());
	fo->given[d->id] = arg;
	return 0;
}

int
dsp_figopts_any(const struct dsp_figopts *fo)
{
	int i;

	for (i = 0; i < DSP_V_COUNT; i++)
		if (fo->given[i] != NULL)
			return 1;
	return 0;
}

int
dsp_figopts_apply(const struct dsp_figopts *fo, dsp_figspec *f)
{
	char opt[64];
	int i;

	for (i = 0; i < DSP_V_COUNT; i++) {
		if (fo->given[i] == NULL)
			continue;
		snprintf(opt, sizeof opt, "--%s", dsp_vopt(i)->opt_long);
		if (dsp_vopt_fig_set(dsp_vopt(i), f, fo->given[i], opt) != DSP_OK)
			return DSP_EINVAL;
	}
	/* Each alone was checked; together (size x dpi) they may not fit. */
	return dsp_figspec_check(f, "figure options");
}

int
dsp_figopts_spec(const struct dsp_figopts *fo, struct dsp_opts *o,
    dsp_figspec *f)
{
	dsp_figspec_default(f);
	if (dsp_figopts_apply(fo, f) != DSP_OK)
		return dsp_opts_usage(o, "%s", dsp_last_error());
	return 0;
}

int
dsp_figopts_write(struct dsp_opts *o, const dsp_figspec *f, const char *svg_path,
    dsp_svg_writer writer, const void *ctx, int announce)
{
	static const unsigned fmts[] = { DSP_FIG_SVG, DSP_FIG_PDF, DSP_FIG_PNG };
	char path[4096];
	size_t len = strlen(svg_path), k;
	FILE *fp;
	int rc;

	for (k = 0; k < sizeof fmts / sizeof fmts[0]; k++) {
		if (!(f->formats & fmts[k]))
			continue;
		if (fmts[k] == DSP_FIG_SVG)
			snprintf(path, sizeof path, "%s", svg_path);
		else
			snprintf(path, sizeof path, "%.*s.%s", (int)(len > 4 &&
			    strcmp(svg_path + len - 4, ".svg") == 0 ? len - 4 : len),
			    svg_path, dsp_figfmt_ext(fmts[k]));
		if ((fp = dsp_opts_open_file(o, path, announce)) == NULL)
			return 1;
		dsp_clear_error();
		rc = dsp_render_figure(writer, ctx, fmts[k], f->dpi, fp);
		if (ferror(fp) && rc == DSP_OK)
			rc = dsp_fail(DSP_EIO, "write failed");
		if (rc != DSP_OK) {
			const char *why = dsp_last_error();

			return dsp_opts_fail(o, "%s: cannot write: %s", path,
			    *why ? why : dsp_strerror(rc));
		}
		if (dsp_opts_close_file(o, fp) != 0)
			return 1;
	}
	return 0;
}
