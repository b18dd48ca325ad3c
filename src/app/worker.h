/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The curve and the map computed off the draw path: a worker thread takes
 * the latest inputs, the event loop keeps drawing and collects results. */
#ifndef DSP_APP_WORKER_H
#define DSP_APP_WORKER_H

#include <stddef.h>

#include "view/view.h"

struct worker;

/* What a worker computes: the curve and the map, or the summary, weights
 * and histogram (compute_summary_is_job says when these are a job). */
enum worker_kind { WORKER_FIGURES, WORKER_SUMMARY };

/* NULL if no thread could be started (the caller computes inline).  Each
 * job may hold mem_budget bytes (0: unlimited; core/job.h). */
struct worker	*worker_start(enum worker_kind kind, size_t mem_budget);
/* Stop w, waiting at most WORKER_STOP_MS for its job to see the cancel.
 * 1 if the thread was left running (detached): it may still read the
 * inputs its job borrowed, which the caller must not free then. */
#define WORKER_STOP_MS	500
int		 worker_stop(struct worker *w);
/* Where a worker's figures go (worker_collect): the summary and the jobs'
 * state into the shared st, the rest into the panels' own states. */
struct worker_dest {
	struct view_state	*st;
	struct view_hist	*hist;		/* the Weights panel's */
	struct view_curve	*curve;		/* the curve panel's */
	struct view_map		*mapfig;	/* the map at its figure resolution */
};
/* Ask for the curve (if want_curve; rows: the other heads drawn faint) and
 * the map at its figure resolution (if want_map) of the view vs; a request
 * equal to the last one is a no-op.  No panel size is part of a request. */
void		 worker_post(struct worker *w, const dsp_viewstate *vs,
		    const struct view_rows *rows, int want_curve, int want_map);
/* A summary worker: ask for vs's summary, weights and histogram (in its
 * histogram mode); a request equal to the last one is a no-op. */
void		 worker_post_summary(struct worker *w, const dsp_viewstate *vs);
/* Ask for nothing: the running job is cancelled, no result will come. */
void		 worker_drop(struct worker *w);
/* Copy finished figures into d; 1 if anything new arrived.  Sets
 * st->curve_busy and st->map_busy while the latest request runs, and
 * st->busy_pct to its progress (-1: not started or unknown).  A request
 * posted while another runs cancels that one.  A summary worker sets
 * st->sum_busy and st->sum_pct instead, and copies only the latest
 * request's summary (never a stale one). */
int		 worker_collect(struct worker *w, const struct worker_dest *d);
/* The frame's summary, weights and histogram: on the
 * event loop through cc when compute_summary_is_job says they are cheap,
 * else a job of the summary worker sw (collected into d when ready; until
 * then st->sum_busy).  sw NULL: always inline. */
struct compute_cache;
void		 worker_frame_summary(struct worker *sw, struct compute_cache *cc,
		    const struct worker_dest *d);
/* 1 while a request runs or its result waits to be collected. */
int		 worker_busy(struct worker *w);
/* Percent done of the running request, -1 if none. */
int		 worker_progress(struct worker *w);

#endif
