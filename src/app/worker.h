/* The curve and the map computed off the draw path: a worker thread takes
 * the latest inputs, the event loop keeps drawing and collects results. */
#ifndef DSP_APP_WORKER_H
#define DSP_APP_WORKER_H

#include <stddef.h>

#include "view/view.h"

struct worker;

/* NULL if no thread could be started (the caller computes inline).  Each
 * job may hold mem_budget bytes (0: unlimited; core/job.h). */
struct worker	*worker_start(size_t mem_budget);
void		 worker_stop(struct worker *w);
/* Ask for the curve (if want_curve) and a cols x rows map (if want_map)
 * of st's view; a request equal to the last one is a no-op. */
void		 worker_post(struct worker *w, const struct view_state *st,
		    int want_curve, int want_map, size_t cols, size_t rows);
/* Copy finished figures into st; 1 if anything new arrived.  Sets
 * st->curve_busy and st->map_busy while the latest request runs, and
 * st->busy_pct to its progress (-1: not started or unknown).  A request
 * posted while another runs cancels that one. */
int		 worker_collect(struct worker *w, struct view_state *st);
/* 1 while a request runs or its result waits to be collected. */
int		 worker_busy(struct worker *w);
/* Percent done of the running request, -1 if none. */
int		 worker_progress(struct worker *w);

#endif
