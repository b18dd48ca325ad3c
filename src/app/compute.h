/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The TUI's numbers: every figure a panel shows, computed through the core
 * and cached so a key press only recomputes what its change touches. */
#ifndef DSP_APP_COMPUTE_H
#define DSP_APP_COMPUTE_H

#include <stddef.h>

#include "core/math/runs.h"
#include "view/view.h"

struct compute_cache;

struct compute_cache	*compute_alloc(void);
void			 compute_free(struct compute_cache *c);
/* Summary, weights and histogram columns (VIEW_HIST_RES of them, the
 * figure's resolution: the Weights panel resamples them to its width). */
void	compute_summary(struct compute_cache *c, struct view_state *st,
	    struct view_hist *hist);
/* 1 when the summary of p goes item by item over more than
 * COMPUTE_INLINE_ITEMS items: too slow for a frame (16 ms), so a worker job
 * (app/worker.h); else computed on the event loop. */
#define COMPUTE_INLINE_ITEMS	((uint64_t)1 << 13)
int	compute_summary_is_job(const dsp_params *p);
/* Forget the cached summary and histogram (st got them from elsewhere). */
void	compute_forget_summary(struct compute_cache *c);
/* Entropy / max weight vs n curves (main, plain softmax when adaptive,
 * compare overlays), or a file's figures against theta, into the curve
 * panel's state; cv->th_rows (the other heads) is an input. */
void	compute_curve(struct compute_cache *c, const dsp_viewstate *vs,
	    struct view_curve *cv);
/* The curve job's progress units: the series' points and, in the resample
 * view, those of the other heads' faint curves. */
uint64_t compute_curve_units(const dsp_viewstate *vs, const struct view_curve *cv);
/* (theta, lambda) map at the view's figure resolution (vs->map, the cells
 * a snapshot exports) into m.  No panel size: a job's key is what it
 * computes from. */
void	compute_map(struct compute_cache *c, const dsp_viewstate *vs, struct view_map *m);
/* The screen's cells: the largest exact subsample of full that fits cols x
 * rows (dsp_view_share), into m. */
void	compute_map_cells(struct view_map *m, const struct view_map *full,
	    size_t cols, size_t rows);
/* Forget every cached figure (after a load or a reset). */
void	compute_invalidate(struct compute_cache *c);

#endif
