/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Number-format emulation and low-precision softmax (see precision.h). */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/math/alt.h"
#include "core/math/bounds.h"
#include "core/error.h"
#include "core/schema/family.h"
#include "core/math/fastexp.h"
#include "core/math/precision.h"
#include "core/math/softmax.h"

/* Limits table: max = (2 - 2^-m) 2^emax except E4M3, whose top mantissa
 * code at the top exponent is NaN, so max = 1.75 * 2^8 = 448. */
static const dsp_prec_info prec_table[DSP_PREC_COUNT] = {
	{ DSP_PREC_DOUBLE, 64, 11, 52, 1023, -1022, 1023, 0x1.fffffffffffffp1023,
	  0x1p-1022, 0x1p-1074, 0x1p-52, 53, 53 * 0.30102999566398120, 1, 0 },
	{ DSP_PREC_FLOAT32, 32, 8, 23, 127, -126, 127, 0x1.fffffep127,
	  0x1p-126, 0x1p-149, 0x1p-23, 24, 24 * 0.30102999566398120, 1, 0 },
	{ DSP_PREC_FLOAT16, 16, 5, 10, 15, -14, 15, 65504,
	  0x1p-14, 0x1p-24, 0x1p-10, 11, 11 * 0.30102999566398120, 1, 0 },
	{ DSP_PREC_BFLOAT16, 16, 8, 7, 127, -126, 127, 0x1.fep127,
	  0x1p-126, 0x1p-133, 0x1p-7, 8, 8 * 0.30102999566398120, 1, 0 },
	{ DSP_PREC_FP8_E4M3, 8, 4, 3, 7, -6, 8, 448,
	  0x1p-6, 0x1p-9, 0x1p-3, 4, 4 * 0.30102999566398120, 0, 1 },
	{ DSP_PREC_FP8_E5M2, 8, 5, 2, 15, -14, 15, 57344,
	  0x1p-14, 0x1p-16, 0x1p-2, 3, 3 * 0.30102999566398120, 1, 0 },
};

static const char *model_names[DSP_PREC_MODEL_COUNT] = {
	"format", "fp32-accum", "store"
};

const dsp_prec_info *
dsp_prec_info_of(enum dsp_precision p)
{
	return (unsigned)p < DSP_PREC_COUNT ? &prec_table[p] : NULL;
}

const char *
dsp_prec_model_name(enum dsp_prec_model m)
{
	return (unsigned)m < DSP_PREC_MODEL_COUNT ? model_names[m] : "?";
}

int
dsp_prec_model_parse(const char *s)
{
	int i;

	for (i = 0; s != NULL && i < DSP_PREC_MODEL_COUNT; i++)
		if (strcasecmp(s, model_names[i]) == 0)
			return i;
	return -1;
}

/* Exponent of the grid x lies on: floor(log2 |x|), at least emin. */
static int
grid_exp(const dsp_prec_info *f, double a)
{
	int e = ilogb(a);

	return e < f->emin ? f->emin : e;
}

/* Round to nearest even by bit manipulation (no libm calls, no branches:
 * both results are computed and one is selected, so a loop of it
 * vectorises): a normal result keeps the top mant_bits of the double's
 * fraction, adding half a unit of the last kept place minus one, plus the
 * kept part's low bit (ties to even); a carry moves into the exponent as it
 * should, and +-inf (fraction 0) stays itself.  Below the format's smallest
 * normal 2^emin the grid is fixed, u = 2^(emin - m), and (a + C) - C with
 * C = 2^52 u rounds a to it in the default mode (a < C and the ulp of C is
 * u).  Past max: inf, or max where the format saturates (inf too); NaN
 * passes through unchanged.  Same results as nearbyint(a / u) * u (the
 * exhaustive float16/fp8 tests in tests/theory/test-precision). */
struct rnd {
	uint64_t	 drop;		/* fraction bits dropped: 52 - mant_bits */
	uint64_t	 min_normal;	/* bits of 2^emin */
	double		 c;		/* 2^52 min_subnormal */
	double		 max, big;	/* largest finite; what overflow gives */
};

static inline struct rnd
rnd_of(const dsp_prec_info *f)
{
	struct rnd k;

	k.drop = (uint64_t)(52 - f->mant_bits);
	k.min_normal = (uint64_t)(f->emin + 1023) << 52;
	k.c = f->min_subnormal * 0x1p52;
	k.max = f->max;
	k.big = f->saturates ? f->max : INFINITY;
	return k;
}

static inline double
rnd_apply(struct rnd k, double x)
{
	union { double d; uint64_t u; } v, r, sub, big;
	uint64_t sign, a, m;

	v.d = x;
	sign = v.u & 0x8000000000000000u;
	a = v.u ^ sign;
	v.u = a;
	sub.d = (v.d + k.c) - k.c;
	r.u = (a + (((uint64_t)1 << (k.drop - 1)) - 1) + ((a >> k.drop) & 1)) &
	    ~(((uint64_t)1 << k.drop) - 1);
	/* As a mask, not a ?: -- GCC would sink the subnormal add into a
	 * branch and, the add being able to trap, not vectorise the loop. */
	m = -(uint64_t)(a < k.min_normal);
	r.u = (sub.u & m) | (r.u & ~m);
	big.d = k.big;
	r.u = r.d > k.max ? big.u : r.u;
	r.u |= sign;
	return a > 0x7ff0000000000000u ? x : r.d;
}

static inline double
round_fmt(const dsp_prec_info *f, double x)
{
	return rnd_apply(rnd_of(f), x);
}

double
dsp_round_to(enum dsp_precision p, double x)
{
	if ((unsigned)p >= DSP_PREC_COUNT || p == DSP_PREC_DOUBLE)
		return x;
	return round_fmt(&prec_table[p], x);
}

int
dsp_prec_encode(enum dsp_precision p, double x, uint32_t *bits)
{
	const dsp_prec_info *f = dsp_prec_info_of(p);
	uint32_t sign, expf, mant, top;
	double r, a;
	int e;

	if (f == NULL || p == DSP_PREC_DOUBLE)
		return dsp_fail(DSP_ENOTSUP, "no bit pattern for %s",
		    dsp_precision_name(p));
	sign = (uint32_t)1 << (f->bits - 1);
	top = ((uint32_t)1 << f->exp_bits) - 1;
	r = dsp_round_to(p, x);
	if (isnan(r)) {
		/* Canonical quiet NaN: top exponent, all (E4M3) or the top
		 * fraction bit(s) set. */
		mant = p == DSP_PREC_FP8_E4M3 || p == DSP_PREC_FP8_E5M2 ?
		    ((uint32_t)1 << f->mant_bits) - 1 :
		    (uint32_t)1 << (f->mant_bits - 1);
		*bits = (top << f->mant_bits) | mant;
		return DSP_OK;
	}
	*bits = signbit(r) ? sign : 0;
	a = fabs(r);
	if (isinf(a)) {
		*bits |= top << f->mant_bits;
		return DSP_OK;
	}
	if (a < f->min_normal) {
		*bits |= (uint32_t)(a / f->min_subnormal);
		return DSP_OK;
	}
	e = ilogb(a);
	expf = (uint32_t)(e + f->bias);
	mant = (uint32_t)((ldexp(a, -e) - 1) * ldexp(1, f->mant_bits));
	*bits |= (expf << f->mant_bits) | mant;
	return DSP_OK;
}

double
dsp_prec_decode(enum dsp_precision p, uint32_t bits)
{
	const dsp_prec_info *f = dsp_prec_info_of(p);
	uint32_t expf, mant, top, mmask;
	double v;

	if (f == NULL || p == DSP_PREC_DOUBLE)
		return NAN;
	top = ((uint32_t)1 << f->exp_bits) - 1;
	mmask = ((uint32_t)1 << f->mant_bits) - 1;
	expf = (bits >> f->mant_bits) & top;
	mant = bits & mmask;
	if (expf == top && (f->has_inf || mant == mmask)) {
		if (f->has_inf && mant == 0)
			v = INFINITY;
		else
			v = NAN;
	} else if (expf == 0)
		v = ldexp((double)mant, f->emin - f->mant_bits);
	else
		v = ldexp(1 + ldexp((double)mant, -f->mant_bits),
		    (int)expf - f->bias);
	return (bits >> (f->bits - 1)) & 1 ? -v : v;
}

/* Sequential sum with one rounding per addition.  Within one binade of
 * the format (grid spacing u) s + t rounds to s + d with d fixed once a
 * step has been taken inside that binade (a tie makes the result even,
 * after which the parity repeats), so after two equal in-binade steps the
 * rest of the binade is added at once: a run of 2^60 terms costs a few
 * steps per binade. */
double
dsp_prec_accumulate(enum dsp_precision p, double s, double t, uint64_t c)
{
	const dsp_prec_info *f = dsp_prec_info_of(p);
	double s1, d, pd = NAN, top, k;
	uint64_t steps;
	int g, pg = INT_MIN;

	if (f == NULL)
		return NAN;
	while (c > 0) {
		s1 = dsp_round_to(p, s + t);
		c--;
		if (s1 == s || !isfinite(s1) || c == 0)
			return s1;
		d = s1 - s;
		g = grid_exp(f, fabs(s));
		if (t > 0 && s >= 0 && grid_exp(f, s1) == g && pg == g && d == pd) {
			/* s1 + k d stays below the binade top. */
			top = ldexp(1, g + 1);
			k = floor((top - s1) / d);
			if (s1 + k * d >= top)
				k--;
			if (k > 0) {
				steps = k >= (double)c ? c : (uint64_t)k;
				s1 += (double)steps * d;
				c -= steps;
			}
		}
		pg = grid_exp(f, s1) == g ? g : INT_MIN;
		pd = d;
		s = s1;
	}
	return s;
}

/* Loops over arrays are compiled for AVX-512, AVX2 and baseline x86-64
 * and picked at load time (the rounding is integer and exact IEEE
 * arithmetic: every path gives the same bits). */
#if defined(__GNUC__) && defined(__x86_64__) && !defined(__clang__) && \
    defined(__ELF__)
#define VEC_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define VEC_CLONES
#endif

/* The steps of the emulated softmax (x = e / theta, m = max x), one place
 * for the runs and the array forms: the format's and the working format's
 * rounding constants (fw: the format itself, or float32) and theta.  theta
 * = 0 is held as 1: the logits rounded to the format, then to the working
 * format (which holds every value of the format), are x = rnd_p(e), as the
 * argmax limit wants. */
struct scaled {
	struct rnd	 kp, kw;
	double		 theta;		/* != 0 */
	int		 f32;		/* the working format is float32 */
};

static inline void
scaled_init(struct scaled *c, const dsp_prec_info *fp, const dsp_prec_info *fw,
    double theta)
{
	c->kp = rnd_of(fp);
	c->kw = rnd_of(fw);
	c->theta = theta != 0 ? theta : 1;
	c->f32 = fw->prec == DSP_PREC_FLOAT32;
}

/* x = rnd_w(rnd_p(e) / theta) */
static inline double
step_scaled(const struct scaled *c, double e)
{
	return rnd_apply(c->kw, rnd_apply(c->kp, e) / c->theta);
}

/* d = rnd_w(x - m) */
static inline double
step_shift(const struct scaled *c, double x, double m)
{
	return rnd_apply(c->kw, x - m);
}

/* t = rnd_w(exp(d)), libm's exp */
static inline double
step_exp(const struct scaled *c, double d)
{
	return rnd_apply(c->kw, exp(d));
}

/* the running sum S + t, rounded */
static inline double
step_add(const struct scaled *c, double s, double t)
{
	return rnd_apply(c->kw, s + t);
}

/* the weight rnd_p(rnd_w(t / S)) */
static inline double
step_weight(const struct scaled *c, double t, double s)
{
	return rnd_apply(c->kp, rnd_apply(c->kw, t / s));
}

/* Weight of each of ties items sharing the maximum as theta -> 0+. */
static double
share_weight(const dsp_prec_info *fp, double ties)
{
	return round_fmt(fp, 1 / ties);
}

/* theta -> 0+ (after rounding the logits): ties at the max share. */
static void
argmax_share(const dsp_prec_info *fp, const dsp_runs *x, dsp_runs *w)
{
	double lo, hi, ties = 0;
	size_t i;

	dsp_runs_minmax(x, &lo, &hi);
	for (i = 0; i < x->len; i++)
		if (x->value[i] == hi)
			ties += (double)x->count[i];
	for (i = 0; i < x->len; i++)
		w->value[i] = x->value[i] == hi ? share_weight(fp, ties) : 0;
}

/* The working format of model m for format p (p is not DOUBLE). */
static const dsp_prec_info *
work_format(enum dsp_precision p, enum dsp_prec_model m)
{
	return &prec_table[m == DSP_PREC_MODEL_FP32_ACCUM ? DSP_PREC_FLOAT32 : p];
}

static int
nan_logit(enum dsp_precision p, double e)
{
	return dsp_fail(DSP_ERANGE, "logit %g is NaN in %s", e, dsp_precision_name(p));
}

/* The array form, in passes over the logits e that the compiler vectorises
 * (VEC_CLONES; the constants copied into registers, not reloaded from a
 * table the stores might alias), each computing exactly the step_*
 * formulas above; only the running sum is item by item.  Nothing of size n
 * is stored: x = step_scaled(e) is computed again where needed (cheaper
 * than writing and reading it back), and the exps and the sum go by blocks
 * that stay in L1. */
static VEC_CLONES void
round_pass(const dsp_prec_info *f, const double *restrict x, size_t n,
    double *restrict out)
{
	const struct rnd k = rnd_of(f);
	size_t i;

#pragma omp simd
	for (i = 0; i < n; i++)
		out[i] = rnd_apply(k, x[i]);
}

/* The largest x; *nans counts the NaN ones. */
static VEC_CLONES double
max_pass(const struct scaled *sc, const double *e, size_t n, size_t *nans)
{
	const struct scaled c = *sc;
	double M = -INFINITY, v;
	size_t i, bad = 0;

#pragma omp simd reduction(+:bad) reduction(max:M)
	for (i = 0; i < n; i++) {
		v = step_scaled(&c, e[i]);
		bad += v != v;
		M = v > M ? v : M;
	}
	*nans = bad;
	return M;
}

/* How many x equal M. */
static VEC_CLONES size_t
ties_pass(const struct scaled *sc, const double *e, size_t n, double M)
{
	const struct scaled c = *sc;
	size_t i, ties = 0;

#pragma omp simd reduction(+:ties)
	for (i = 0; i < n; i++)
		ties += step_scaled(&c, e[i]) == M;
	return ties;
}

/* x[i] = x_i (x may be e). */
static VEC_CLONES void
scale_pass(const struct scaled *sc, const double *e, size_t n, double *x)
{
	const struct scaled c = *sc;
	size_t i;

#pragma omp simd
	for (i = 0; i < n; i++)
		x[i] = step_scaled(&c, e[i]);
}

/* t[i] = step_weight(t[i], S). */
static VEC_CLONES void
weight_pass(const struct scaled *sc, double *t, size_t n, double S)
{
	const struct scaled c = *sc;
	size_t i;

#pragma omp simd
	for (i = 0; i < n; i++)
		t[i] = step_weight(&c, t[i], S);
}

/* exp in the array form: the kernel's vectorised exp (fastexp.h) where it
 * provably gives libm's result after rounding to the working format, libm
 * where it may not.  Rounding is monotone, libm's exp is within 1 ulp and
 * fastexp's within 4 (tests/fuzz/test-fastexp) of e^d, so both lie in
 * y (1 +- 2^-40) around fastexp's y; where the two ends of that interval
 * round to the same value, so do both.  Elsewhere (y within 2^-40 of a
 * rounding boundary: about one item in 2^15 in float32) the item keeps
 * d, which is < 0 there (e^0 = 1 is exact), and exp_of takes libm's exp
 * of it.  Results below 2^-1000 (no relative bound for fastexp's
 * subnormals) round to 0 in every format, as libm's do. */
#define EXP_GUARD	0x1p-40

/* t[i] = step_exp(step_shift(x_i, M)) for the block e[0..n), or the
 * shifted d < 0 where that needs libm (exp_of); t may be e. */
static VEC_CLONES void
exp_block(const struct scaled *sc, const double *e, size_t n, double M, double *t)
{
	const struct scaled c = *sc;
	double d, y, lo, hi;
	size_t i;

#pragma omp simd
	for (i = 0; i < n; i++) {
		d = step_shift(&c, step_scaled(&c, e[i]), M);
		y = dsp_fastexp_neg(d);
		lo = rnd_apply(c.kw, y * (1 - EXP_GUARD));	/* the two ends of */
		hi = rnd_apply(c.kw, y * (1 + EXP_GUARD));	/* step_exp's bracket */
		t[i] = lo == hi ? lo : d;
	}
}

static inline double
exp_of(const struct scaled *c, double v)
{
	return v < 0 ? step_exp(c, v) : v;
}

/* Items of a block: the exp pass's output stays in L1 for the sum; also
 * the items between looks at the partial sum when only "is some weight
 * 0?" is asked. */
#define SUM_BLOCK	512

/* The running sum of t_i = step_exp(step_shift(x_i, M)) rounded to fw at
 * each addition, in item order, and the smallest t_i.  In float32 the sum
 * is a float loop: rounding the double sum of two floats to float is the
 * float addition (53 >= 2 * 24 + 2 bits: the double rounding is
 * innocuous), a quarter of the bit-level rounding's latency.
 * stop: only whether some weight is 0.  A partial sum is at most the total
 * (a rounded addition of t >= 0 never lowers it) and a weight does not grow
 * with the sum, so once the smallest t so far has weight 0 over the partial
 * sum, it has weight 0 over the total: *stopped = 1 and the pass ends there
 * (looked at every block).  Where weights underflow this is a few blocks,
 * not n items. */
static double
exp_sum_pass(const struct scaled *sc, const double *e, size_t n, double M, int stop,
    double *tmin, int *stopped)
{
	double t[SUM_BLOCK], S = 0, v, lo = INFINITY;
	size_t i, i0, m;
	float Sf = 0;

	*stopped = 0;
	for (i0 = 0; i0 < n; i0 += m) {
		m = n - i0 < SUM_BLOCK ? n - i0 : SUM_BLOCK;
		exp_block(sc, e + i0, m, M, t);
		if (sc->f32) {
			for (i = 0; i < m; i++) {
				v = exp_of(sc, t[i]);
				lo = v < lo ? v : lo;
				Sf += (float)v;
			}
			S = Sf;
		} else
			for (i = 0; i < m; i++) {
				v = exp_of(sc, t[i]);
				lo = v < lo ? v : lo;
				S = step_add(sc, S, v);
			}
		if (stop && i0 + m < n && step_weight(sc, lo, S) == 0) {
			*stopped = 1;
			break;
		}
	}
	*tmin = lo;
	return S;
}

/* How many weights step_weight(t_i, S) are exactly 0. */
static double
zero_pass(const struct scaled *sc, const double *e, size_t n, double M, double S)
{
	double t[SUM_BLOCK], z = 0;
	size_t i, i0, m;

	for (i0 = 0; i0 < n; i0 += m) {
		m = n - i0 < SUM_BLOCK ? n - i0 : SUM_BLOCK;
		exp_block(sc, e + i0, m, M, t);
		for (i = 0; i < m; i++)
			z += step_weight(sc, exp_of(sc, t[i]), S) == 0;
	}
	return z;
}

/* The runs form takes the array form's passes over the runs' values; the
 * running sum goes run by run, a run of c items as c rounded additions
 * (dsp_prec_accumulate). */
int
dsp_prec_softmax_runs(enum dsp_precision p, enum dsp_prec_model m,
    const dsp_runs *e, double theta, dsp_runs *w)
{
	const dsp_prec_info *fp, *fw;
	struct scaled sc;
	double M, S = 0, t;
	size_t i, i0, nb, nans;
	int rc;

	if ((unsigned)p >= DSP_PREC_COUNT || (unsigned)m >= DSP_PREC_MODEL_COUNT)
		return dsp_fail(DSP_EINVAL, "unknown precision or model");
	if (m == DSP_PREC_MODEL_STORE || p == DSP_PREC_DOUBLE) {
		if ((rc = dsp_softmax_runs(e, theta, w)) != DSP_OK)
			return rc;
		for (i = 0; i < w->len; i++)
			w->value[i] = dsp_round_to(p, w->value[i]);
		return DSP_OK;
	}
	fp = &prec_table[p];
	fw = work_format(p, m);
	if (dsp_runs_total(e) == 0)
		return dsp_fail(DSP_EEMPTY, "softmax of no logits");
	if ((rc = dsp_runs_copy(w, e)) != DSP_OK)
		return rc;
	scaled_init(&sc, fp, fw, theta);
	M = max_pass(&sc, e->value, e->len, &nans);
	if (nans > 0) {
		for (i = 0; !isnan(step_scaled(&sc, e->value[i])); i++)
			;
		return nan_logit(p, e->value[i]);
	}
	if (theta == 0 || isinf(M)) {
		scale_pass(&sc, e->value, e->len, w->value);
		argmax_share(fp, w, w);
		return DSP_OK;
	}
	for (i0 = 0; i0 < e->len; i0 += nb) {
		nb = e->len - i0 < SUM_BLOCK ? e->len - i0 : SUM_BLOCK;
		exp_block(&sc, e->value + i0, nb, M, w->value + i0);
		for (i = i0; i < i0 + nb; i++) {
			w->value[i] = t = exp_of(&sc, w->value[i]);
			/* One item (every run of an explicit row): one rounded add. */
			S = e->count[i] == 1 ? step_add(&sc, S, t) :
			    dsp_prec_accumulate(fw->prec, S, t, e->count[i]);
		}
	}
	weight_pass(&sc, w->value, w->len, S);
	return DSP_OK;
}

void
dsp_prec_round_array(enum dsp_precision p, const double *x, size_t n, double *out)
{
	if ((unsigned)p >= DSP_PREC_COUNT || p == DSP_PREC_DOUBLE) {
		if (out != x)
			memmove(out, x, n * sizeof *out);
		return;
	}
	round_pass(&prec_table[p], x, n, out);
}

/* dsp_prec_softmax_zeros (stop = 0: *zeros counts the zero weights) and
 * dsp_prec_softmax_has_zero (stop = 1: *zeros is 1 if some weight is 0,
 * else 0). */
static int
softmax_zeros(enum dsp_precision p, enum dsp_prec_model m, const double *e, size_t n,
    double theta, const double *range, int stop, double *zeros)
{
	const dsp_prec_info *fp, *fw;
	struct scaled sc;
	double M, S, ties, tmin;
	size_t i, nans;
	int stopped;

	*zeros = 0;
	if ((unsigned)p >= DSP_PREC_COUNT || (unsigned)m >= DSP_PREC_MODEL_COUNT ||
	    p == DSP_PREC_DOUBLE || m == DSP_PREC_MODEL_STORE)
		return dsp_fail(DSP_EINVAL, "%s under %s: no array form",
		    dsp_precision_name(p), dsp_prec_model_name(m));
	if (n == 0)
		return dsp_fail(DSP_EEMPTY, "softmax of no logits");
	fp = &prec_table[p];
	fw = work_format(p, m);
	scaled_init(&sc, fp, fw, theta);
	/* x does not decrease with e for theta > 0 (each step monotone), nor
	 * grow for theta < 0: the largest x is that of an extreme logit. */
	if (range != NULL)
		M = step_scaled(&sc, sc.theta > 0 ? range[1] : range[0]), nans = 0;
	else
		M = max_pass(&sc, e, n, &nans);
	if (nans > 0) {
		for (i = 0; !isnan(step_scaled(&sc, e[i])); i++)
			;
		return nan_logit(p, e[i]);
	}
	if (theta == 0 || isinf(M)) {
		ties = (double)ties_pass(&sc, e, n, M);
		*zeros = (double)n - ties + (share_weight(fp, ties) == 0 ? ties : 0);
		if (stop)
			*zeros = *zeros > 0;
		return DSP_OK;
	}
	S = exp_sum_pass(&sc, e, n, M, stop, &tmin, &stopped);
	/* The weight rnd_p(rnd_w(t / S)) does not decrease with t (S > 0, each
	 * rounding monotone): none is 0 unless the smallest t's is. */
	if (stopped || step_weight(&sc, tmin, S) != 0)
		*zeros = stopped;
	else
		*zeros = stop ? 1 : zero_pass(&sc, e, n, M, S);
	return DSP_OK;
}

int
dsp_prec_softmax_zeros(enum dsp_precision p, enum dsp_prec_model m, const double *e,
    size_t n, double theta, double *zeros)
{
	return softmax_zeros(p, m, e, n, theta, NULL, 0, zeros);
}

int
dsp_prec_softmax_has_zero(enum dsp_precision p, enum dsp_prec_model m, const double *e,
    size_t n, double theta, const double range[2], int *zero)
{
	double z;
	int rc = softmax_zeros(p, m, e, n, theta, range, 1, &z);

	*zero = z > 0;
	return rc;
}
