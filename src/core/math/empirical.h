/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The empirical family: a row of logits (one attention head's, say) read as
 * a probability distribution, each of its m values with mass 1/m, and n
 * keys drawn from it independently.  This is disperse's model for "the same
 * head over a longer context" (doc/theory.md §13), not the paper's.
 *
 * Small n is explicit (n i.i.d. draws, GSL mt19937 seeded with the view's
 * seed); large n is the expected large-n limit of eval.c, whose moments
 * are here exact finite sums over the m values (no quadrature). */
#ifndef DSP_EMPIRICAL_H
#define DSP_EMPIRICAL_H

#include <stddef.h>
#include <stdint.h>

/* out[0..n-1] = n i.i.d. draws from v[0..m-1] (uniform index, mt19937
 * seeded with seed).  Polls the job; DSP_OK or DSP_ECANCELED. */
int	dsp_empirical_fill(const double *v, size_t m, uint64_t seed, double *out,
	    uint64_t n);
/* The limit's moments at inverse temperature t about pivot P (the value
 * with the largest e^{tx}: the row's max for t > 0, min for t < 0):
 * A = E[e^{t(x-P)}], B = E[(x-P) e^{t(x-P)}] over the row, and the paper
 * entropy n E[-q log(q + 1e-9)] with q = e^{t(x-P)}/(n A) (paper may be NULL). */
void	dsp_empirical_moments(const double *v, size_t m, double t, double pivot,
	    double n, double *a, double *b, double *paper);
/* Share of the row's values equal to its maximum (the argmax limit's
 * ties: about n times this many keys share the weight). */
double	dsp_empirical_top_share(const double *v, size_t m);
/* log of n_eps = 1/(eps A(1/theta)): the n past which the limit's largest
 * weight 1/(n A) is below eps; at theta = 0 (the argmax limit) A is the
 * maximum's share of the row, dsp_empirical_top_share. */
double	dsp_empirical_log_n_eps(const double *v, size_t m, double theta,
	    double eps);

#endif
