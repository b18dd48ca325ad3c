/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Theorem 2.2 beyond a fixed temperature (derivations, labelled so where
 * shown).  The critical size 1 + (1/eps - 1) e^{delta/theta} (bounds.h) is
 * a statement about ONE temperature.  With adaptive theta the temperature
 * depends on n through the entropy; with SSMax and log-n scaling it
 * shrinks like 1/log n.  For those views disperse gives:
 *   - adaptive: the guaranteed critical n at theta / beta_max, where
 *     beta_max = 2.4213877066... is the ceiling of the paper's polynomial
 *     (beta <= beta_max at every n, so the bound holds at every n);
 *   - SSMax / log-n: the exponent s delta / theta: the Lemma 2.1 envelope
 *     is 1/(1 + (n-1) n^{-s delta/theta}), so the largest weight keeps a
 *     share bounded away from 0 for every n iff s delta / theta >= 1;
 *   - every view of a generated family: the first n at which the largest
 *     weight is below eps, found by evaluating the view (a search). */
#ifndef DSP_CRITICAL_H
#define DSP_CRITICAL_H

#include <stddef.h>

#include "core/schema/params.h"
#include "core/math/summary.h"

/* Largest value of the paper's adaptive polynomial (its global maximum,
 * at H = 4.41240186...): beta never exceeds it. */
double	dsp_adaptive_beta_ceiling(void);
/* log of the guaranteed critical n for adaptive theta: Theorem 2.2's size
 * at temperature |theta| / beta_max for the given spread. */
int	dsp_log_critical_n_adaptive(double eps, double spread, double theta,
	    double *log_n);
/* s delta / |theta| for SSMax (s = params.ssmax_s) and log-n (s = 1),
 * delta the family's logit spread (dsp_family_range at n, at least 2: the
 * model's for the learned family, the row's for a file); NaN for other
 * attention functions or an unknown spread; +inf at theta = 0. */
double	dsp_sharp_exponent(const dsp_params *p);
/* First n >= 2 at which the largest weight of the view p (at every other
 * parameter) is below p->eps: n = 2^k for k = 1, 2, ... up to 2^63, then
 * bisection inside the first octave where it is below (the largest weight
 * of these views falls with n within an octave).  *n = +inf when no n up to
 * 2^63 gets below eps.  Random families use the expected large-n limit past
 * DSP_VIEW_EXPLICIT_MAX, as curves do.  DSP_EINVAL for a file's logits
 * (one fixed n). */
int	dsp_first_n_below_eps(const dsp_params *p, double *n);

/* Theorem 2.2's rows of a view, the one list every surface prints
 * (report's rows, the snapshot's figures): for SSMax / log-n critical_n
 * n/a with its reason, sharp_exponent and past_critical n/a; otherwise
 * critical_n (a log size), log_critical_n and past_critical; with adaptive
 * softmax also critical_n_guaranteed; for SSMax, log-n and adaptive views
 * of a generated family first_n_below_eps (a search over n). */
typedef struct dsp_crit_row {
	const char	*name;		/* the figure table's name */
	double		 value;		/* the number, or NaN where text is set */
	int		 is_log;	/* value is the natural log of a size */
	const char	*text;		/* "n/a", "yes", "no", "none up to 2^63" */
	double		 theta;		/* temperature the figure's note is at */
	char		 note[200];	/* what qualifies it: eps, the n/a reason */
} dsp_crit_row;
#define DSP_CRIT_ROWS_MAX 6
size_t	dsp_critical_rows(const dsp_params *p, const dsp_summary *s,
	    dsp_crit_row *out);

/* One row of real attention logits v[0..n-1] (a head's keys) at p's
 * temperature and attention function: its figures (family file, n = the
 * row's length) in *s, and *log_n_eps, the log of the n past which the
 * empirical family's large-n limit (core/math/empirical.h) puts the largest
 * weight below eps: 1/(eps A) at the row's effective temperature
 * (doc/theory.md §13).  `disperse heads` and the TUI's heads panel. */
int	dsp_row_eval(const dsp_params *p, const double *v, size_t n, dsp_summary *s,
	    double *log_n_eps);

#endif
