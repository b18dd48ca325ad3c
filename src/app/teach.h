/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The TUI's teaching extras: the tour (doc/tour.txt, key t) and the
 * adaptive-temperature refit overlay (key R).  Both are computed here
 * through the core into the tour box's and the refit box's own states
 * (struct view_tour, view_refit), which the app holds. */
#ifndef DSP_APP_TEACH_H
#define DSP_APP_TEACH_H

#include <stddef.h>
#include <stdint.h>

#include "view/view.h"

struct teach;

struct teach	*teach_alloc(void);
void		 teach_free(struct teach *t);
/* Load the tour on first use and show step k (0-based, clamped), applying
 * its parameters to st->vs.params; explicit_max is the TUI's item-by-item
 * limit, kept across steps.  -1 with the reason in msg. */
int		 teach_tour_show(struct teach *t, struct view_state *st,
		    struct view_tour *vt, size_t k, uint64_t explicit_max, char *msg,
		    size_t size);
/* The step's live figures from st->sum (after compute_summary). */
void		 teach_tour_figures(const struct teach *t, const struct view_state *st,
		    struct view_tour *vt);
/* Fill r: generate (H, beta*) pairs and fit them with the defaults
 * of `disperse fit`, once; later calls copy the cached result.  -1 with
 * the reason in msg (r->err too). */
int		 teach_refit(struct teach *t, struct view_refit *r, char *msg,
		    size_t size);

#endif
