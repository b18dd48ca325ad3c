/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Snapshot sets: what a view shows, written as plain text, CSV, JSON and
 * SVG, and loaded back from the JSON to restore the exact view. */
#ifndef DSP_SNAPSHOT_H
#define DSP_SNAPSHOT_H

#include <stddef.h>

#include "core/schema/figspec.h"
#include "core/schema/view.h"

#define DSP_SNAPSHOT_MAX_FILES 24

typedef struct dsp_snapshot_files {
	size_t	count;
	char	path[DSP_SNAPSHOT_MAX_FILES][4096];
} dsp_snapshot_files;

/* Write one snapshot set into dir (created if missing; default
 * "./disperse-snapshots" when dir is NULL).  screen_text is the TUI's plain
 * text screen dump, or NULL to render a text report instead.  Names are
 * disperse-YYYYmmdd-HHMMSS-NNN{.txt,.json,-weights.csv,-curve.csv,-map.csv,
 * -hist.svg,-curve.svg,-map.svg} (and the figures' .pdf and .png as
 * v->fig.formats says) and never collide.  Every file is written
 * to a temporary name and renamed.  A set is written whole or not at all:
 * a figure that cannot be computed for want of memory fails it before any
 * file is written (a figure with no route is a note in the set), and on a
 * failure while writing, the files of the set already published are
 * removed (*written is empty); the detail message names the file. */
int	dsp_snapshot_write(const dsp_viewstate *v, const char *screen_text,
	    const char *dir, dsp_snapshot_files *written);

/* The members of a snapshot JSON that --load reads back ("format",
 * "format_version", "program", "params", "view"), written into the open
 * object of w: for a file that holds a view and more (the TUI's settings).
 * dsp_jw is export/json.h's writer. */
struct dsp_jw;
void	dsp_snapshot_json_view(struct dsp_jw *w, const dsp_viewstate *v);

/* The same, and the screen as a figure: NAME-screen.svg (and .pdf, .png
 * as v->fig.formats says) drawn from scr's cells (screen_svg.h); scr NULL
 * is dsp_snapshot_write. */
struct dsp_screen;
int	dsp_snapshot_write_screen(const dsp_viewstate *v, const char *screen_text,
	    const struct dsp_screen *scr, const char *dir, dsp_snapshot_files *written);

/* The figures of one view under fixed names, dir/BASE-hist.svg, -curve.svg
 * and -map.svg (and .pdf, .png as v->fig.formats says), each replaced
 * atomically if present: for a report that must come out the same bit for
 * bit (`disperse paper`), where a snapshot set's dated names would not.
 * which: DSP_SNAP_FIG_* bits. */
#define DSP_SNAP_FIG_HIST	1u
#define DSP_SNAP_FIG_CURVE	2u
#define DSP_SNAP_FIG_MAP	4u
int	dsp_snapshot_figures(const dsp_viewstate *v, const char *dir,
	    const char *base, unsigned which, dsp_snapshot_files *written);

/* Restore a view from a snapshot JSON.  For the file family the logits are
 * embedded in the JSON: *logits receives a malloc'd copy that v->params
 * points at (caller frees); NULL otherwise. */
int	dsp_snapshot_load(const char *path, dsp_viewstate *v, double **logits);
/* The same with flags.  DSP_SNAP_MODEL_OPTIONAL: a learned family (of the
 * view or a pin) whose model cannot be opened falls back to the default
 * family instead of failing the load, and note (when not NULL) receives
 * the first such reason ("" when none). */
#define DSP_SNAP_MODEL_OPTIONAL	1u
int	dsp_snapshot_load_ex(const char *path, dsp_viewstate *v, double **logits,
	    unsigned flags, char *note, size_t notesize);

#endif
