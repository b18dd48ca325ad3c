/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The identity of a parameter set, generated from the parameter table: a
 * cache key or job key is what a figure computes from, so it is built by
 * walking every row of the table (ptable.h) -- a new parameter row is part
 * of every key without a line written for it -- plus what a view computes
 * from that is not a row: the borrowed logits (their address, count and
 * name), the explicit-route limit and the model's weights.  A key that
 * must not depend on a row (the curve spans every n) clears that row. */
#ifndef DSP_PKEY_H
#define DSP_PKEY_H

#include <stdint.h>

#include "core/schema/params.h"
#include "core/schema/ptable.h"

/* One word a row, then the words that are not rows. */
#define DSP_PKEY_EXTRA	5
#define DSP_PKEY_WORDS	(DSP_P_COUNT + DSP_PKEY_EXTRA)

typedef struct dsp_pkey {
	uint64_t	w[DSP_PKEY_WORDS];
} dsp_pkey;

void		 dsp_pkey_of(const dsp_params *p, dsp_pkey *k);
/* Leave row id out of k (its word 0). */
void		 dsp_pkey_clear(dsp_pkey *k, enum dsp_param_id id);
/* Leave the borrowed logits (address, count, name) out of k: a key over
 * every row of an array, not the one row the view shows. */
void		 dsp_pkey_clear_input(dsp_pkey *k);
/* Set row id's word (a key that depends on part of a row: the query of a
 * head). */
void		 dsp_pkey_set(dsp_pkey *k, enum dsp_param_id id, uint64_t w);
int		 dsp_pkey_eq(const dsp_pkey *a, const dsp_pkey *b);
uint64_t	 dsp_pkey_hash(const dsp_pkey *k);

#endif
