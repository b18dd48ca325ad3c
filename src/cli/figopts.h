/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The figure options of every command that writes figures (snapshot,
 * heads --svg, train --svg, depth --svg, animate): --figure-size,
 * --font-size, --figure-format and --dpi, the figure rows of the
 * view-option table (core/schema/ptable.h, DSP_V_FIG_*) -- the same rows the
 * TUI's `:figure_size` and the snapshot JSON's view.figure go through.
 *
 * Usage: set the spec's figures (cli/opts.h) to the command's first
 * figure code, CODE0 (dsp_opts_parse then adds the rows' options and
 * their --help lines, from the table), and fo.code0 = CODE0; in the option
 * callback, first
 *	if ((st = dsp_figopts_take(&fo, o, code, arg)) >= 0) return st;
 * then after parsing dsp_figopts_apply(&fo, &figspec). */
#ifndef DSP_CLI_FIGOPTS_H
#define DSP_CLI_FIGOPTS_H

#include <getopt.h>
#include <stdio.h>

#include "cli/opts.h"
#include "core/schema/figspec.h"
#include "core/schema/ptable.h"
#include "export/render.h"

struct dsp_figopts {
	int		 code0;			/* option code of row 0 (the spec's figures) */
	const char	*given[DSP_V_COUNT];	/* the text of each row given */
};

/* An option of the callback: -1 when code is not a figure option, else
 * 0 or the usage status (the row's own domain, checked now). */
int	dsp_figopts_take(struct dsp_figopts *fo, struct dsp_opts *o, int code,
	    const char *arg);
/* Was any figure option given? */
int	dsp_figopts_any(const struct dsp_figopts *fo);
/* Set the given options over f (the defaults, or a loaded view's) and
 * check them together (PNG pixels): DSP_OK, or DSP_EINVAL with the
 * message in dsp_last_error(). */
int	dsp_figopts_apply(const struct dsp_figopts *fo, dsp_figspec *f);
/* The same for a command without a view of its own: f set from the
 * defaults; 0 or the usage status (printed). */
int	dsp_figopts_spec(const struct dsp_figopts *fo, struct dsp_opts *o,
	    dsp_figspec *f);

/* Write one figure in every format of f: the SVG to svg_path (as named),
 * PDF and PNG to svg_path with its ".svg" replaced (or ".pdf"/".png"
 * appended), each rendered from writer's SVG (export/render.h), among the
 * command's output files (dsp_opts_open_file: published when the command
 * succeeds; announce: each path printed then, dsp_opts_outputs_finish).  0, or the
 * runtime status (printed: "PATH: cannot write: why"). */
int	dsp_figopts_write(struct dsp_opts *o, const dsp_figspec *f,
	    const char *svg_path, dsp_svg_writer writer, const void *ctx,
	    int announce);

#endif
