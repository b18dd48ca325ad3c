/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The table of attention functions: one row per function, which every
 * surface loops over (compare's default list, the TUI's overlay keys, the
 * theorem notes, the gate's row-sum rule, the routes of dsp_eval).  A test
 * or a surface never names a function to ask what it is: it asks its row.
 *
 * Adding a function (doc/design.md, "Extending"): its enum value in
 * params.h, its name in dsp_attn_names[], one row in attn.c and its math
 * file (core/math/attn_<name>.c, the weights over runs). */
#ifndef DSP_ATTN_H
#define DSP_ATTN_H

#include <stddef.h>

#include "core/schema/params.h"
#include "core/math/runs.h"
#include "core/math/summary.h"

/* compare_mask (view.h) holds one bit per function. */
_Static_assert(DSP_ATTN_COUNT <= 32, "compare_mask is an unsigned of 32 bits");

/* What one row of weights sums to: 1 (normalised), at most 1, at most n. */
enum dsp_attn_sum {
	DSP_ATTN_SUM_ONE,
	DSP_ATTN_SUM_AT_MOST_ONE,
	DSP_ATTN_SUM_AT_MOST_N
};

enum {
	/* A softmax of e/theta_eff (Lemma 2.1 applies at theta_eff; dsp_eval
	 * computes it, with adaptive temperature and the n-scalings). */
	DSP_ATTN_F_SOFTMAX	= 1u << 0,
	/* The temperature depends on n: theta_eff = theta / (s log n), s from
	 * the row's log_scale. */
	DSP_ATTN_F_SCALES_N	= 1u << 1,
	/* Theorem 2.2's conclusion holds on bounded logits: every weight goes
	 * to 0 (as stated for softmax [paper]; derived for the others). */
	DSP_ATTN_F_THM22	= 1u << 2,
	/* Has a large-n route for random families (the expected limit). */
	DSP_ATTN_F_LARGE_N	= 1u << 3,
	/* The weights depend on the items' order (item 0 nearest the query),
	 * so a family's runs must stay in position order. */
	DSP_ATTN_F_ORDERED	= 1u << 4,
	/* The weights' runs are not the logits' runs (stick-breaking splits a
	 * run of equal logits into falling weights): weights() builds w. */
	DSP_ATTN_F_RESHAPES	= 1u << 5,
	/* Each weight is one smooth function of its own logit (with sums
	 * over the row): the power series near |lambda| = 1 is summed in
	 * closed form (core/math/eval_power.c). */
	DSP_ATTN_F_POWER_CLOSED	= 1u << 6,
	/* Exact zeros below a threshold: the support is the logits above an
	 * edge (entmax's family), so a power series' tail run must lie clear
	 * of it, and a falling series' support is its first terms
	 * (core/math/eval.c, eval_support.c). */
	DSP_ATTN_F_SUPPORT	= 1u << 7,
	/* At theta = 0 (the limit theta -> 0+) a weight sees only the argmax
	 * and each logit's sign, not its value (linear attention's is
	 * proportional to it): a power series' tail then merges by sign at
	 * any length (core/schema/family.c, power_runs_argmax). */
	DSP_ATTN_F_SIGN_LIMIT	= 1u << 8
};

/* Weights over run-length logits e at temperature theta (x = e / theta;
 * theta == 0 the limit theta -> 0+), alpha for entmax; w has e's runs
 * (copied in by the caller) unless the row RESHAPES.  *edge: the support
 * edge as a logit where the function has one (entmax), else left NaN. */
typedef int (*dsp_attn_weights_fn)(const dsp_runs *e, double theta, double alpha,
    dsp_runs *w, double *edge);
/* The expected large-n limit of the figures for an iid family. */
typedef int (*dsp_attn_expected_fn)(const dsp_params *p, dsp_summary *s);
/* An ORDERED row over the power series p (0 < |lambda| < 1): an upper
 * bound on the log weight of any item past the first head whose x =
 * e/theta is at most xfar (what dsp_family_power_head's far run stands
 * for); HUGE_VAL where there is none.  A pass over the head's terms,
 * nothing allocated. */
typedef double (*dsp_attn_tail_fn)(const dsp_params *p, uint64_t head, double xfar);

typedef struct dsp_attn_row {
	enum dsp_attn		 id;
	unsigned		 flags;		/* DSP_ATTN_F_* */
	enum dsp_attn_sum	 sum;
	int			 key;		/* TUI overlay toggle key */
	/* SCALES_N: s in theta / (s log n); NULL otherwise. */
	double			(*log_scale)(const dsp_params *p);
	/* NULL for SOFTMAX rows (dsp_eval computes them). */
	dsp_attn_weights_fn	 weights;
	/* Large-n limit other than the softmax one of dsp_eval; NULL if none. */
	dsp_attn_expected_fn	 expected;
	/* Whether Theorem 2.2 applies, and why: one line ending in its source
	 * ("[paper]" or "[derived]"), the same wherever it is shown. */
	const char		*theorem_note;
	/* Bytes weights() holds per distinct logit beside e's runs and w's
	 * (its sorted copies and prefix sums, counted from its allocations):
	 * a family's budget check adds them, so a row too big is refused
	 * before any work, not at the function's own allocation. */
	unsigned		 scratch;
	/* ORDERED rows: how little the items past a power series' head weigh
	 * (core/math/eval.c cuts the series where they weigh 0); else NULL. */
	dsp_attn_tail_fn	 tail_log;
} dsp_attn_row;

/* Names in enum order; the attn parameter's row (ptable.c) uses them. */
extern const char *const dsp_attn_names[DSP_ATTN_COUNT];

/* Row of function a (a valid enum value; NULL otherwise). */
const dsp_attn_row *dsp_attn_row_of(enum dsp_attn a);
/* 1 when a's row has every flag in f. */
int	dsp_attn_has(enum dsp_attn a, unsigned f);
/* The function whose overlay key is ch; -1 if none. */
int	dsp_attn_by_key(int ch);
/* "1-9, 0" -- the overlay keys, for a status line (cut to fit len). */
void	dsp_attn_keys_text(char *buf, size_t len);
/* Temperature after the n-dependent scaling of a SCALES_N row (theta
 * itself for the others and for n <= 1). */
double	dsp_attn_theta_at(const dsp_params *p, double n);

/* The flags one at a time, under the names the code has always used. */
int	dsp_attn_is_softmax(enum dsp_attn a);
int	dsp_attn_ordered(enum dsp_attn a);
int	dsp_attn_scales_n(enum dsp_attn a);
const char *dsp_attn_theorem_note(enum dsp_attn a);

#endif
