/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One view: the parameters plus what is looked at (curve range and mode,
 * map ranges and figure resolution, map cursor, overlays, histogram mode,
 * pinned curves), and the one computation that turns a view into its
 * figures.  The TUI's panels (src/app/compute.c, on its worker thread) and
 * `disperse snapshot` (src/export/snap_compute.c) both call these
 * functions, so a view shows the same numbers wherever it is looked at.
 *
 * The route policy lives here and only here (dsp_view_params): random
 * families go item by item up to DSP_VIEW_EXPLICIT_MAX items (core/math/eval.h)
 * and by their expected large-n limit past it.  Nothing here draws or
 * prints. */
#ifndef DSP_VIEW_CORE_H
#define DSP_VIEW_CORE_H

#include <stddef.h>
#include <stdint.h>

#include "core/math/eval.h"
#include "core/schema/figspec.h"
#include "core/math/map.h"
#include "core/schema/params.h"
#include "core/math/runs.h"
#include "core/math/summary.h"

/* The map's figure resolution by default: fine enough for a paper figure
 * (paper Figure 5 is a smooth field), small enough to compute in a blink. */
#define DSP_VIEW_MAP_COLS	161
#define DSP_VIEW_MAP_ROWS	101
#define DSP_VIEW_PINS_MAX	8
/* Series of one curve: the main one, its plain-temperature twin or one
 * overlay per attention function, and the pins. */
#define DSP_VIEW_SERIES_MAX	(DSP_ATTN_COUNT + 1 + DSP_VIEW_PINS_MAX)

enum dsp_curve_mode {
	DSP_CURVE_BOTH,		/* entropy and max weight */
	DSP_CURVE_ENTROPY,
	DSP_CURVE_MAXW,
	DSP_CURVE_MODES
};

enum dsp_hist_mode {
	DSP_HIST_SORTED,	/* sorted coefficients, one bar a rank */
	DSP_HIST_LOG,		/* log-binned distribution of the weights */
	DSP_HIST_MODES
};

/* Everything needed to compute and redraw a view identically. */
typedef struct dsp_viewstate {
	dsp_params	params;
	dsp_map_spec	map;			/* ranges, metric, figure resolution */
	size_t		map_row, map_col;	/* map cursor, a cell of map */
	double		curve_lo, curve_hi;	/* entropy-vs-n range of n */
	size_t		curve_points;
	int		curve_mode;		/* enum dsp_curve_mode */
	int		focus;			/* focused TUI panel */
	int		hist_mode;		/* enum dsp_hist_mode */
	int		overlays;		/* compare_mask functions drawn */
	unsigned	compare_mask;		/* bit (1u << dsp_attn) per overlay */
	size_t		npins;
	dsp_params	pins[DSP_VIEW_PINS_MAX];	/* pinned curves' parameters */
	dsp_figspec	fig;			/* figure size, font, formats, dpi */
} dsp_viewstate;

/* Defaults: dsp_params_default, map 161 x 101 over paper Figure 5's ranges,
 * curve 1 .. 2^40 with 256 points, both curves, overlays off with
 * compare_mask = softmax only, no pins. */
void	dsp_view_default(dsp_viewstate *v);
/* Range checks of everything but the parameters (dsp_params_check). */
int	dsp_view_check(const dsp_viewstate *v);
const char *dsp_curve_mode_name(int mode);	/* "both", "entropy", "max-weight" */
int	dsp_curve_mode_parse(const char *s);	/* -1 if unknown */
const char *dsp_hist_mode_name(int mode);	/* "sorted", "log-binned" */
int	dsp_hist_mode_parse(const char *s);	/* also "log"; -1 if unknown */

/* The route policy: p with explicit_max resolved (0 becomes
 * DSP_VIEW_EXPLICIT_MAX).  Every figure of a view is computed from these
 * parameters. */
dsp_params dsp_view_params(const dsp_params *p);
/* One summary of p under the route policy: what the view's summary shows
 * for the same parameters (disperse report, sweep over theta, lambda or
 * delta, compare on a file).  DSP_ETOOBIG, with the view's message, for
 * an alternative that has no large-n limit past the policy's size. */
int	dsp_view_eval(const dsp_params *p, dsp_summary *out);

/* Summary and weights w of the view's parameters: returns the summary's
 * code, stores the weights' in w_rc; the messages go to sum_err and w_err
 * (DSP_VIEW_MSG bytes each, or NULL).  Where the route has no per-item
 * weights (the expected limit) the summary still is computed. */
#define DSP_VIEW_MSG	256
int	dsp_view_summary(const dsp_viewstate *v, dsp_summary *sum, char *sum_err,
	    dsp_runs *w, int *w_rc, char *w_err);
/* The same with the weights streamed (core/math/eval.h, dsp_wstream): what a
 * snapshot writes, in memory independent of n on the explicit route; the
 * numbers are bit for bit dsp_view_summary's.  ws is set even on failure
 * (dsp_wstream_free it). */
int	dsp_view_summary_stream(const dsp_viewstate *v, dsp_summary *sum,
	    char *sum_err, dsp_wstream *ws, int *w_rc, char *w_err);

/* The curves a view draws, in order: the main series; then, overlays off,
 * its plain-temperature twin when adaptive is on, or, overlays on, one
 * plain series per compare_mask function (the main one's own function
 * only when adaptive is on); then the pins. */
enum dsp_series_role { DSP_SERIES_MAIN, DSP_SERIES_PLAIN, DSP_SERIES_OVERLAY,
	DSP_SERIES_PIN };
typedef struct dsp_view_series {
	dsp_params		p;
	enum dsp_series_role	role;
	char			key[32];	/* CSV column suffix: "softmax", "pin1" */
	char			label[96];	/* legend: "ssmax", "pin 1: θ = 1 → 0.5" */
} dsp_view_series;
/* A file's logits have one n: no curve (0 series, DSP_ENOTSUP). */
size_t	dsp_view_series_list(const dsp_viewstate *v, dsp_view_series *out);
/* Progress units of computing v's curve (a point a series; a file has
 * none) and map (a cell at the figure resolution): what the core's loops
 * advance a job by (core/job.h). */
uint64_t dsp_view_units(const dsp_viewstate *v, int curve, int map);
/* The curve's sizes (dsp_log_sizes of its range and points), at most cap. */
size_t	dsp_view_curve_sizes(const dsp_viewstate *v, double *ns, size_t cap);
/* One series at the sizes ns: points in order up to the first that has
 * no route (*done counts them; err says where and why it ends). */
int	dsp_view_curve(const dsp_params *p, const double *ns, size_t count,
	    dsp_summary *out, size_t *done, char *err);

/* A pin's label: the parameters that differ from cur, "θ = 1 → 0.5,
 * adaptive on" (pin's value first), "same parameters" if none. */
char	*dsp_view_pin_label(const dsp_params *pin, const dsp_params *cur,
	    char *buf, size_t size);
/* Pin cur's parameters (DSP_ETOOBIG past DSP_VIEW_PINS_MAX, DSP_ENOTSUP
 * for a file's logits, which have no curve). */
int	dsp_view_pin(dsp_viewstate *v);

/* The map's parameters: paper Figure 5's power series at the view's n
 * (a file's logit count), delta and attention function. */
dsp_params dsp_view_map_params(const dsp_params *p);
/* The map over spec (the view's own map, or the TUI's screen cells over
 * the same ranges): out[r * cols + c]. */
int	dsp_view_map(const dsp_viewstate *v, const dsp_map_spec *spec, double *out);

/* The cell of `to` at the place of from's cell (row, col), for two specs
 * over the same ranges: the view's figure cursor on the TUI's screen
 * cells and back.  Nearest by position; `to` is clamped. */
void	dsp_view_cell(const dsp_map_spec *from, size_t row, size_t col,
	    const dsp_map_spec *to, size_t *to_row, size_t *to_col);
/* How many cells of a figure axis of fig cells a display with room for
 * avail shows as an exact subsample: d + 1 for the largest d dividing
 * fig - 1 with d + 1 <= avail, so that display cell i is figure cell
 * i * (fig - 1) / d, at the same theta or lambda bit for bit (both are
 * lo + (hi - lo) * q with q the same exact quotient); at least 2. */
size_t	dsp_view_share(size_t fig, size_t avail);

#endif
