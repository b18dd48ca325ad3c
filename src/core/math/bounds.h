/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Lemma 2.1 and Theorem 2.2 of Velickovic et al. (2025), in log space.
 *
 * For logits in [m, M], delta = M - m, theta != 0 (|theta| is used), every
 * softmax coefficient alpha_k of n items satisfies
 *   tight:  1/(1 + (n-1) e^{delta/theta}) <= alpha_k <= 1/(1 + (n-1) e^{-delta/theta})
 *   loose:  e^{-delta/theta} / n          <= alpha_k <= e^{delta/theta} / n
 * n is a double so curves can run past 2^64.  theta == 0 gives the trivial
 * band [0, 1] (n > 1).  No function here overflows for large delta/theta. */
#ifndef DSP_BOUNDS_H
#define DSP_BOUNDS_H

/* Tolerance of the band check, relative to the band edge.  Band edges and
 * weights are computed by different routes, so a weight that attains an
 * edge exactly (the spike attains the upper one) lands a few ulps either
 * side of it (measured: |margin| <= 1.9e-15 for the spike, n = 2 .. 2^60,
 * delta 0.5 .. 50).  Within it the weight is on the bound (equality): not a
 * violation, and not "inside with margin 1e-14 %".  One policy for every
 * surface (figures.h: dsp_band_verdict). */
#define DSP_BAND_TOL (16 * 2.220446049250313e-16)

/* The rounding allowance of the band check at n items, spread delta and
 * effective temperature theta: the larger of DSP_BAND_TOL and
 * 2 eps (2 + log n + delta/|theta|), eps = 2^-52.  Both the edge
 * exp(-softplus(log(n - 1) -+ delta/|theta|)) and the extreme weight are
 * exponentials of sums whose terms are each rounded once (log n, the
 * scaled logit delta/theta: relative error eps each, so absolute error
 * eps |term|); an exponential turns an absolute error in its argument into
 * the same relative error, so each side is within eps (1 + log n +
 * delta/|theta|) of the exact value, and their difference within twice
 * that.  Measured (the spike family, which attains the upper edge):
 * margin -3.8e-15 at n = 2^51, delta 4 (allowance 1.8e-14); -1.07e-14 under
 * SSMax and log-n at theta = -1, n = 2^40 (delta/|theta_eff| = 111,
 * allowance 6.3e-14).  A margin below minus the allowance is a real
 * violation. */
double	dsp_band_tol(double n, double delta, double theta);

/* Relative distance of the extreme weights to the tight band [lo, hi]: the
 * smaller of (min_w - lo)/lo and (hi - max_w)/hi (absolute when lo = 0;
 * the upper side alone when lo is NaN, a lower side that underflowed);
 * < -dsp_band_tol() is outside. */
double	dsp_band_margin(double min_w, double max_w, double lo, double hi);

/* log(1 + e^x) without overflow. */
double	dsp_softplus(double x);

int	dsp_lemma_tight(double n, double delta, double theta, double *lo, double *hi);
int	dsp_lemma_loose(double n, double delta, double theta, double *lo, double *hi);
/* log of the critical size n* = 1 + (1/eps - 1) e^{delta/theta}: past it every
 * coefficient is below eps (Theorem 2.2 from the tight bound).  eps >= 1
 * gives 0 (n* = 1).  eps <= 0 or non-finite: DSP_EINVAL. */
int	dsp_log_critical_n(double eps, double delta, double theta, double *log_n);
/* n* itself, as the formula gives it (exactly 100 for eps = 0.01 and no
 * spread, where exp of its log is 99.99999999999996); +inf past the
 * double range, where the log is what a caller shows. */
int	dsp_critical_n(double eps, double delta, double theta, double *n);
/* Entropy floor H >= log(1 + (n-1) e^{-delta/theta}), nats. */
double	dsp_entropy_floor(double n, double delta, double theta);
/* Ceiling log n. */
double	dsp_entropy_ceiling(double n);
/* The natural log of a Lemma 2.1 edge at n, spread delta, theta != 0:
 * which 0/1 the tight band's lower/upper edge, 2/3 the loose band's.  For
 * the edges that underflow to 0 or overflow to inf in double (printed as
 * exp(x) instead); NaN for theta = 0 or n < 2. */
double	dsp_band_edge_log(double n, double delta, double theta, int which);
/* 1 when edge `which` (v, its value in double) lies outside the double
 * range: v is 0 or inf while its log is finite; *logv gets the log, which
 * every surface writes as "exp(x)" (report, sweep, snapshots, the TUI). */
int	dsp_band_edge_outside(double v, double n, double delta, double theta,
	    int which, double *logv);
/* The range of logs whose exp is a normal double: outside it a size or a
 * band edge is written "exp(x)" (report, bound, snapshots), never 0 or
 * inf. */
#define DSP_LOG_DBL_MAX	709.78			/* below log(DBL_MAX) */
#define DSP_LOG_DBL_MIN	(-708.3964185322641)	/* log(DBL_MIN) */

#endif
