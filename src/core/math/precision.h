/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Number-format emulation: IEEE round-to-nearest-even into float32,
 * float16 (binary16), bfloat16, OCP fp8 E4M3 and E5M2, with subnormals,
 * and softmax computed "as a low-precision kernel would", to show where
 * weights underflow to exactly 0 (paper Proposition 3.1 rebuttal).
 *
 * Overflow: float32, float16, bfloat16 and E5M2 go to +-inf (IEEE);
 * E4M3 has no infinity and saturates to +-448 (the OCP "saturating"
 * conversion; +-inf saturate too); NaN stays NaN.  Every format keeps its
 * subnormals (no flush-to-zero).  Rounding into a format goes through a
 * double, which is exact for + - * / (53 >= 2p + 2 bits) and faithful for
 * exp (libm's exp, then one rounding). */
#ifndef DSP_PRECISION_H
#define DSP_PRECISION_H

#include <stddef.h>
#include <stdint.h>

#include "core/schema/params.h"
#include "core/math/runs.h"
#include "core/math/summary.h"

/* Limits of a format, as data (see dsp_prec_info). */
typedef struct dsp_prec_info {
	enum dsp_precision prec;
	int		 bits;		/* storage width */
	int		 exp_bits;
	int		 mant_bits;	/* explicit fraction bits */
	int		 bias;
	int		 emin, emax;	/* exponents of the normal numbers */
	double		 max;		/* largest finite value */
	double		 min_normal;
	double		 min_subnormal;
	double		 epsilon;	/* 2^-mant_bits: gap above 1 */
	int		 digits;	/* binary digits, mant_bits + 1 */
	double		 decimal_digits;	/* digits * log10(2) */
	int		 has_inf;
	int		 saturates;	/* overflow clamps to +-max */
} dsp_prec_info;

/* How an emulated softmax rounds (x = e / theta, m = max x):
 *   FORMAT     logits, x, x - m, exp, the running sum and the division
 *              each rounded to the format; the sum accumulates in the
 *              format, item 0 first (naive low-precision kernel);
 *   FP32_ACCUM logits rounded to the format, then x, exp, the running sum
 *              and the division in float32, weights rounded to the format
 *              (mixed precision, as PyTorch's half softmax and
 *              FlashAttention do) -- the DEFAULT, used by dsp_eval;
 *   STORE      the exact (double) softmax, weights rounded to the format:
 *              only representability, closed-form underflow point.
 * Sequential sums are exact emulations at any n: a run of c equal terms is
 * fast-forwarded binade by binade (in one binade the rounded increment is
 * constant after the first step), so the swamping of a huge run is exact,
 * not c * value.  Other attention functions: logits rounded to the format,
 * the function evaluated in double, weights rounded to the format. */
enum dsp_prec_model {
	DSP_PREC_MODEL_FORMAT,
	DSP_PREC_MODEL_FP32_ACCUM,
	DSP_PREC_MODEL_STORE,
	DSP_PREC_MODEL_COUNT
};
#define DSP_PREC_MODEL_DEFAULT DSP_PREC_MODEL_FP32_ACCUM

const dsp_prec_info	*dsp_prec_info_of(enum dsp_precision p);
/* x rounded to nearest (ties to even) in format p; DOUBLE is identity. */
double		 dsp_round_to(enum dsp_precision p, double x);
/* Bit patterns (not for DOUBLE: DSP_ENOTSUP).  encode rounds first; a NaN
 * encodes as the format's canonical quiet NaN (E4M3: S.1111.111). */
int		 dsp_prec_encode(enum dsp_precision p, double x, uint32_t *bits);
double		 dsp_prec_decode(enum dsp_precision p, uint32_t bits);
/* s + t + ... + t (c terms), each addition rounded to format p, in order. */
double		 dsp_prec_accumulate(enum dsp_precision p, double s, double t,
		    uint64_t c);

const char	*dsp_prec_model_name(enum dsp_prec_model m);
int		 dsp_prec_model_parse(const char *s);	/* -1 if unknown */

/* Softmax of e at temperature theta emulated in format p under model m;
 * w gets the same counts as e. */
int		 dsp_prec_softmax_runs(enum dsp_precision p, enum dsp_prec_model m,
		    const dsp_runs *e, double theta, dsp_runs *w);
/* out[i] = dsp_round_to(p, x[i]) for i < n (out may be x); vectorised. */
void		 dsp_prec_round_array(enum dsp_precision p, const double *x, size_t n,
		    double *out);
/* How many weights of the softmax of e[0..n) at temperature theta, emulated
 * in format p under model m, are exactly 0: the same weights as
 * dsp_prec_softmax_runs over e as n runs of one, counted without building
 * them (vectorised passes, nothing of size n stored; only the running sum
 * goes item by item).  Not for DOUBLE or the STORE model (DSP_EINVAL). */
int		 dsp_prec_softmax_zeros(enum dsp_precision p, enum dsp_prec_model m,
		    const double *e, size_t n, double theta, double *zeros);
/* Whether some weight of the same is exactly 0 (*zero 1 or 0): stops as
 * soon as a partial sum proves one is.  range: the smallest and the
 * largest of e[0..n), none of them NaN, where the caller knows them (saves
 * a pass), else NULL. */
int		 dsp_prec_softmax_has_zero(enum dsp_precision p, enum dsp_prec_model m,
		    const double *e, size_t n, double theta, const double range[2],
		    int *zero);
/* Re-summarise a double evaluation s of p in p->precision (used by
 * dsp_eval with the default model). */
int		 dsp_prec_resummarise(const dsp_params *p, enum dsp_prec_model m,
		    dsp_runs *w, dsp_summary *s);
#endif
