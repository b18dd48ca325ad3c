/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The gate: the one place every figure of a summary is checked against
 * what it can be before it leaves the core (dsp_eval and everything built
 * on it: the TUI's panels, report, sweep, snapshots, curves).
 *
 * A figure outside its possible range is a defect of the route that made
 * it, not a number to show: the gate turns it into DSP_EUNRELIABLE with
 * one line saying which figure and why, and every surface shows that
 * line instead of the figures ("this view cannot be computed reliably"). */
#ifndef DSP_GATE_H
#define DSP_GATE_H

#include "core/schema/params.h"
#include "core/math/summary.h"

/* DSP_OK when every figure of s (the summary of p) is possible:
 *   weights in [0, 1], min <= max;
 *   the sum of the weights 1 within rounding where the attention function
 *   normalises (softmax, SSMax, log-n, sparsemax, entmax, linear,
 *   selective) in double precision, at most 1 for softmax_1 and
 *   stick-breaking, at most n for sigmoid and in an emulated format
 *   (each weight rounded on its own);
 *   H (of the row normalised to 1) in [0, log n];
 *   the paper's entropy in [0, H] where the row sums to 1;
 *   top-k mass in [max weight, sum] (non-decreasing in k too, but a
 *   summary holds one k: tests/core/test-gate checks that over random
 *   views on every route);
 *   a softmax's min and max weight inside the tight Lemma 2.1 band of
 *   the logits' spread (double precision);
 *   the critical n at least 1 or n/a (NaN: the band does not apply);
 *   no NaN among H, max, min, sum and top-k mass.
 * Otherwise DSP_EUNRELIABLE and the reason (dsp_last_error). */
int	dsp_gate(const dsp_params *p, const dsp_summary *s);

/* Tolerances: relative rounding allowed at a boundary (H at log n, a
 * weight at 1, top-k at the max weight) and on the sum. */
#define DSP_GATE_TOL	1e-9
#define DSP_GATE_SUM_TOL 1e-7

#endif
