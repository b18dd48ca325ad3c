/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Number-format emulation: dsp_round_to against hardware float32, GCC's
 * _Float16 and a bit-level bfloat16 reference; fp8 against hand tables and
 * all 256 encodings; the vectorised array rounding against a nearbyint
 * reference at every code, its neighbours and midpoints; sequential
 * accumulation against plain loops; the emulated softmax against
 * step-by-step references, its array zero count against the runs form and
 * numpy; underflow points against closed forms and numpy. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/dsp.h"
#include "core/schema/family.h"
#include "core/math/prec_eval.h"
#include "core/math/precision.h"
#include "tap.h"

static uint64_t rng = 88172645463325252ULL;

static uint64_t
xorshift(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* Random double with exponent uniform in [lo, hi] and random mantissa. */
static double
rand_double(int lo, int hi)
{
	double m = 1 + (double)(xorshift() >> 11) * 0x1p-53;
	int e = lo + (int)(xorshift() % (uint64_t)(hi - lo + 1));

	return (xorshift() & 1 ? -1 : 1) * ldexp(m, e);
}

static int
same(double a, double b)
{
	return (isnan(a) && isnan(b)) || (a == b && signbit(a) == signbit(b));
}

static void
test_limits(void)
{
	const dsp_prec_info *f = dsp_prec_info_of(DSP_PREC_FLOAT32);
	const dsp_prec_info *h = dsp_prec_info_of(DSP_PREC_FLOAT16);
	const dsp_prec_info *b = dsp_prec_info_of(DSP_PREC_BFLOAT16);
	const dsp_prec_info *e4 = dsp_prec_info_of(DSP_PREC_FP8_E4M3);
	const dsp_prec_info *e5 = dsp_prec_info_of(DSP_PREC_FP8_E5M2);

	ok(f->max == FLT_MAX && f->min_normal == FLT_MIN && f->min_subnormal == FLT_TRUE_MIN &&
	    f->epsilon == FLT_EPSILON && f->digits == FLT_MANT_DIG, "float32 limits = <float.h>");
#ifdef __FLT16_MAX__
	ok(h->max == __FLT16_MAX__ && h->min_normal == __FLT16_MIN__ &&
	    h->min_subnormal == __FLT16_DENORM_MIN__ && h->epsilon == __FLT16_EPSILON__ &&
	    h->digits == __FLT16_MANT_DIG__, "float16 limits = GCC's _Float16");
#else
	ok(h->max == 65504 && h->min_subnormal == 0x1p-24, "float16 limits");
#endif
	ok(b->max == 0x1.fep127 && b->min_normal == FLT_MIN && b->min_subnormal == 0x1p-133 &&
	    b->epsilon == 0x1p-7 && b->digits == 8, "bfloat16 limits");
	ok(e4->max == 448 && e4->min_normal == 0x1p-6 && e4->min_subnormal == 0x1p-9 &&
	    e4->epsilon == 0.125 && !e4->has_inf && e4->saturates, "E4M3 limits (OCP)");
	ok(e5->max == 57344 && e5->min_normal == 0x1p-14 && e5->min_subnormal == 0x1p-16 &&
	    e5->epsilon == 0.25 && e5->has_inf && !e5->saturates, "E5M2 limits (OCP)");
}

static void
test_float32(void)
{
	int i, bad = 0, ties = 0;
	double x, r;
	float a, b;

	for (i = 0; i < 200000; i++) {
		x = i % 4 == 0 ? rand_double(-160, -120) : i % 4 == 1 ?
		    rand_double(120, 130) : rand_double(-130, 130);
		r = (double)(float)x;
		if (!same(dsp_round_to(DSP_PREC_FLOAT32, x), r))
			bad++;
	}
	/* Exact midpoints between neighbouring floats: ties to even. */
	for (i = 0; i < 20000; i++) {
		a = (float)rand_double(-149, 127);
		b = nextafterf(a, INFINITY);
		if (!isfinite(b))
			continue;
		x = ((double)a + (double)b) / 2;
		ties++;
		if (!same(dsp_round_to(DSP_PREC_FLOAT32, x), (double)(float)x))
			bad++;
	}
	is_int(bad, 0, "float32: 200000 random doubles (subnormal, overflow) + ties = (float) cast");
	ok(ties > 19000, "float32: %d exact ties tried", ties);
	ok(dsp_round_to(DSP_PREC_FLOAT32, 0x1p-150) == 0 &&
	    dsp_round_to(DSP_PREC_FLOAT32, 0x1.0000001p-150) == 0x1p-149,
	    "float32: 2^-150 ties to 0, just above rounds to 2^-149");
	ok(isinf(dsp_round_to(DSP_PREC_FLOAT32, 0x1.ffffffp127)), "float32: FLT_MAX + ulp/2 -> inf");
}

static void
test_float16(void)
{
#ifdef __FLT16_MAX__
	int i, bad = 0, dbad = 0;
	uint32_t c, bits;
	double x, r;
	_Float16 h;
	uint16_t u;

	for (i = 0; i < 200000; i++) {
		x = i % 3 == 0 ? rand_double(-27, -13) : rand_double(-20, 17);
		r = (double)(_Float16)x;
		if (!same(dsp_round_to(DSP_PREC_FLOAT16, x), r))
			bad++;
	}
	for (c = 0; c < 65536; c++) {
		u = (uint16_t)c;
		memcpy(&h, &u, 2);
		x = dsp_prec_decode(DSP_PREC_FLOAT16, c);
		if (!same(x, (double)h))
			dbad++;
		if (!isnan(x) && (dsp_prec_encode(DSP_PREC_FLOAT16, x, &bits) != DSP_OK ||
		    bits != c))
			dbad++;
	}
	is_int(bad, 0, "float16: 200000 random doubles = GCC _Float16 cast");
	is_int(dbad, 0, "float16: all 65536 codes decode = _Float16 and re-encode");
#else
	ok(1, "# SKIP no _Float16");
	ok(1, "# SKIP no _Float16");
#endif
	ok(dsp_round_to(DSP_PREC_FLOAT16, 65519.99) == 65504 &&
	    isinf(dsp_round_to(DSP_PREC_FLOAT16, 65520)), "float16: 65520 (tie above max) -> inf");
	ok(dsp_round_to(DSP_PREC_FLOAT16, 0x1p-25) == 0 &&
	    dsp_round_to(DSP_PREC_FLOAT16, 0x1.8p-25) == 0x1p-24,
	    "float16: 2^-25 -> 0 (tie to even), 1.5*2^-25 -> 2^-24");
}

/* bfloat16 from float32 bits, round to nearest even (the usual kernel). */
static float
bf16_ref(float f)
{
	uint32_t u;

	memcpy(&u, &f, 4);
	u += 0x7fff + ((u >> 16) & 1);
	u &= 0xffff0000u;
	memcpy(&f, &u, 4);
	return f;
}

static void
test_bfloat16(void)
{
	int i, bad = 0;
	uint32_t u;
	float f;

	for (i = 0; i < 200000; i++) {
		u = (uint32_t)xorshift();
		memcpy(&f, &u, 4);
		if (isnan(f))
			continue;
		if (!same(dsp_round_to(DSP_PREC_BFLOAT16, f), bf16_ref(f)))
			bad++;
	}
	is_int(bad, 0, "bfloat16: 200000 random float32 bit patterns = bit-level RNE reference");
	ok(dsp_round_to(DSP_PREC_BFLOAT16, 1 + 0x1p-8) == 1 &&
	    dsp_round_to(DSP_PREC_BFLOAT16, 1 + 3 * 0x1p-8) == 1 + 0x1p-6,
	    "bfloat16: ties to even at 1 + 2^-8 and 1 + 3*2^-8");
}

/* Hand decoding of the OCP fp8 formats. */
static double
fp8_hand(int e4m3, unsigned c)
{
	unsigned s = c >> 7, E = e4m3 ? (c >> 3) & 15 : (c >> 2) & 31;
	unsigned m = e4m3 ? c & 7 : c & 3, mb = e4m3 ? 3 : 2;
	int bias = e4m3 ? 7 : 15;
	double v;

	if (e4m3 && E == 15 && m == 7)
		return NAN;
	if (!e4m3 && E == 31)
		return m ? NAN : s ? -INFINITY : INFINITY;
	v = E == 0 ? m * pow(2, 1 - bias - (int)mb) : (1 + m / pow(2, mb)) * pow(2, (int)E - bias);
	return s ? -v : v;
}

static void
test_fp8(void)
{
	int k, bad = 0, nan4 = 0, nan5 = 0, inf5 = 0, mono = 0;
	enum dsp_precision p;
	uint32_t c, bits;
	double v, w, prev;

	for (k = 0; k < 2; k++) {
		p = k == 0 ? DSP_PREC_FP8_E4M3 : DSP_PREC_FP8_E5M2;
		prev = -1;
		for (c = 0; c < 256; c++) {
			v = dsp_prec_decode(p, c);
			if (!same(v, fp8_hand(k == 0, c)))
				bad++;
			if (isnan(v)) {
				*(k == 0 ? &nan4 : &nan5) += 1;
				continue;
			}
			if (k == 1 && isinf(v))
				inf5++;
			if (!same(dsp_round_to(p, v), v) || dsp_prec_encode(p, v, &bits) != DSP_OK ||
			    bits != c)
				bad++;
			if (c < 128) {
				if (!(v > prev) && c > 0)
					mono++;
				/* The midpoint to the next code rounds to the even code. */
				w = dsp_prec_decode(p, c + 1);
				if (c < 127 && isfinite(w) && !isnan(w)) {
					double mid = (v + w) / 2, r = dsp_round_to(p, mid);
					if (r != ((c & 1) ? w : v))
						bad++;
				}
				prev = v;
			}
		}
	}
	is_int(bad, 0, "fp8: 2 x 256 codes = hand decoding, round trip, midpoints to even");
	is_int(mono, 0, "fp8: positive codes strictly increasing");
	is_int(nan4, 2, "E4M3: exactly two NaN codes (S.1111.111)");
	is_int(nan5, 6, "E5M2: six NaN codes");
	is_int(inf5, 2, "E5M2: +-inf");
	is_close(dsp_prec_decode(DSP_PREC_FP8_E4M3, 0x7e), 448, 0, "E4M3 0x7e = 448");
	is_close(dsp_prec_decode(DSP_PREC_FP8_E4M3, 0x38), 1, 0, "E4M3 0x38 = 1");
	is_close(dsp_prec_decode(DSP_PREC_FP8_E4M3, 0x01), 0x1p-9, 0, "E4M3 0x01 = 2^-9");
	is_close(dsp_prec_decode(DSP_PREC_FP8_E5M2, 0x7b), 57344, 0, "E5M2 0x7b = 57344");
	is_close(dsp_prec_decode(DSP_PREC_FP8_E5M2, 0x3c), 1, 0, "E5M2 0x3c = 1");
	ok(dsp_round_to(DSP_PREC_FP8_E4M3, 1e9) == 448 && dsp_round_to(DSP_PREC_FP8_E4M3,
	    -INFINITY) == -448, "E4M3 saturates (1e9 -> 448, -inf -> -448)");
	ok(dsp_round_to(DSP_PREC_FP8_E5M2, 61439) == 57344 &&
	    isinf(dsp_round_to(DSP_PREC_FP8_E5M2, 61440)), "E5M2: 61440 (tie above max) -> inf");
	ok(dsp_prec_encode(DSP_PREC_FP8_E4M3, NAN, &bits) == DSP_OK && bits == 0x7f,
	    "E4M3 NaN encodes as 0x7f");
	ok(dsp_round_to(DSP_PREC_FP8_E4M3, 0x1p-10) == 0 &&
	    dsp_round_to(DSP_PREC_FP8_E4M3, 0x1.01p-10) == 0x1p-9, "E4M3: 2^-10 -> 0, above -> 2^-9");
}

/* Round to nearest even the slow way, from the format's parameters written
 * out here (not the library's table): the grid spacing u = 2^(e - mant)
 * with e = max(floor(log2 |x|), emin), nearbyint(|x| / u) u (|x| / u is
 * exact: a power-of-two scaling into [0, 2^(mant+1))), then overflow to inf
 * or to max where the format saturates. */
struct fmt_ref {
	enum dsp_precision p;
	const char	*name;
	int		 mant, emin;
	double		 max;
	int		 saturates, codes;
};

static const struct fmt_ref fmt_refs[] = {
	{ DSP_PREC_FLOAT32, "float32", 23, -126, 0x1.fffffep127, 0, 0 },
	{ DSP_PREC_FLOAT16, "float16", 10, -14, 65504, 0, 1 << 16 },
	{ DSP_PREC_BFLOAT16, "bfloat16", 7, -126, 0x1.fep127, 0, 1 << 16 },
	{ DSP_PREC_FP8_E4M3, "fp8-e4m3", 3, -6, 448, 1, 1 << 8 },
	{ DSP_PREC_FP8_E5M2, "fp8-e5m2", 2, -14, 57344, 0, 1 << 8 },
};

static double
ref_round(const struct fmt_ref *f, double x)
{
	double a = fabs(x), u, r;
	int e;

	if (isnan(x))
		return x;
	if (isinf(a))
		r = INFINITY;
	else {
		e = a < ldexp(1, f->emin) ? f->emin : ilogb(a);
		u = ldexp(1, e - f->mant);
		r = nearbyint(a / u) * u;
	}
	if (r > f->max)
		r = f->saturates ? f->max : INFINITY;
	return copysign(r, x);
}

/* Inputs that decide a rounding: every code of the format (16-bit and fp8:
 * all of them, both signs), the doubles next to it, the midpoint to the
 * next code and the doubles next to that; then random doubles over the
 * whole double range (subnormal doubles, the format's subnormals, overflow)
 * and the special values. */
static size_t
round_inputs(const struct fmt_ref *f, double *x, size_t cap)
{
	static const double special[] = { 0.0, -0.0, INFINITY, -INFINITY, NAN, DBL_MAX,
	    -DBL_MAX, DBL_TRUE_MIN, -DBL_TRUE_MIN, DBL_MIN, 1, -1 };
	size_t k = 0, i;
	uint32_t c;
	double v, w, m;

	for (i = 0; i < sizeof special / sizeof special[0]; i++)
		x[k++] = special[i];
	for (c = 0; c < (uint32_t)f->codes && k + 6 <= cap; c++) {
		v = dsp_prec_decode(f->p, c);
		w = dsp_prec_decode(f->p, c + 1);
		if (isnan(v))
			continue;
		x[k++] = v;
		x[k++] = nextafter(v, INFINITY);
		x[k++] = nextafter(v, -INFINITY);
		if (isnan(w) || isinf(v) || (c + 1) % (uint32_t)(f->codes / 2) == 0)
			continue;
		m = (v + w) / 2;	/* exact: one more bit than the format */
		x[k++] = m;
		x[k++] = nextafter(m, INFINITY);
		x[k++] = nextafter(m, -INFINITY);
	}
	while (k < cap) {
		x[k] = i % 3 == 0 ? rand_double(-1074, 1023) : i % 3 == 1 ?
		    rand_double(f->emin - f->mant - 3, f->emin + 1) :
		    rand_double(-4, (int)ilogb(f->max) + 2);
		k++, i++;
	}
	return k;
}

static void
test_round_array(void)
{
	size_t cap = 6 * 65536 + 200000, n, i, k, bad, bad_scalar;
	double *x = malloc(cap * sizeof *x), *out = malloc(cap * sizeof *out);
	const struct fmt_ref *f;

	for (k = 0; k < sizeof fmt_refs / sizeof fmt_refs[0]; k++) {
		f = &fmt_refs[k];
		n = round_inputs(f, x, f->codes ? 6 * (size_t)f->codes + 200000 : 400000);
		/* In place on odd lengths too (the vector loops' tails). */
		memcpy(out, x, n * sizeof *x);
		dsp_prec_round_array(f->p, out, n - (k & 1), out);
		for (bad = bad_scalar = 0, i = 0; i < n - (k & 1); i++) {
			if (!same(out[i], ref_round(f, x[i])))
				bad++;
			if (!same(out[i], dsp_round_to(f->p, x[i])))
				bad_scalar++;
		}
		ok(bad == 0 && bad_scalar == 0, "%s: array rounding of %zu inputs (every code, "
		    "neighbours, midpoints +- 1 ulp, random doubles) = nearbyint reference "
		    "(%zu differ) = dsp_round_to (%zu)", f->name, n - (k & 1), bad, bad_scalar);
	}
	/* float32 against the hardware cast, through the array. */
	for (i = 0; i < 200000; i++)
		x[i] = rand_double(-155, 130);
	dsp_prec_round_array(DSP_PREC_FLOAT32, x, 200000, out);
	for (bad = 0, i = 0; i < 200000; i++)
		if (!same(out[i], (double)(float)x[i]))
			bad++;
	is_int((long long)bad, 0, "float32: array rounding of 200000 random doubles = (float) cast");
	free(x);
	free(out);
}

/* The array zero count against the runs form, row by row: both models,
 * five formats, temperatures of both signs and 0 (argmax), rows with
 * weights far below every format's subnormals, logits that overflow the
 * format (inf: the argmax share) and a NaN logit. */
static void
test_softmax_zeros(void)
{
	static const double thetas[] = { 0.7, 1, -0.5, 0, 0.05 };
	size_t n, i, cap = 5000;
	double *e = malloc(cap * sizeof *e);
	double z, zr, range[2];
	dsp_runs *r = dsp_runs_alloc(cap), *w = dsp_runs_alloc(cap);
	enum dsp_precision p;
	enum dsp_prec_model m;
	int t, bad = 0, some = 0, rc, rc2, any;

	for (t = 0; t < 500; t++) {
		p = (enum dsp_precision)(1 + t % 5);
		m = t / 5 % 2 ? DSP_PREC_MODEL_FP32_ACCUM : DSP_PREC_MODEL_FORMAT;
		n = t % 7 == 0 ? 1 + xorshift() % 5000 : 1 + xorshift() % 200;
		for (i = 0; i < n; i++)
			e[i] = t % 3 == 0 ? rand_double(-3, 3) : fabs(rand_double(-4, 5));
		if (t % 50 == 1)
			e[xorshift() % n] = 1e6;	/* inf in float16 and fp8-e5m2 */
		dsp_runs_clear(r);
		for (i = 0; i < n; i++) {
			r->value[i] = e[i];
			r->count[i] = 1;
		}
		r->len = n;
		rc = dsp_prec_softmax_runs(p, m, r, thetas[t % 5], w);
		rc2 = dsp_prec_softmax_zeros(p, m, e, n, thetas[t % 5], &z);
		for (zr = 0, i = 0; i < w->len; i++)
			zr += w->value[i] == 0;
		if (rc != DSP_OK || rc2 != DSP_OK || z != zr)
			bad++;
		/* The early-stopping form agrees (its partial sums are
		 * looked at every 512 items: rows up to 5000). */
		rc2 = dsp_prec_softmax_has_zero(p, m, e, n, thetas[t % 5], NULL, &any);
		if (rc2 != DSP_OK || any != (zr > 0))
			bad++;
		/* The same given the logits' range instead of a max pass. */
		for (range[0] = INFINITY, range[1] = -INFINITY, i = 0; i < n; i++) {
			range[0] = fmin(range[0], e[i]);
			range[1] = fmax(range[1], e[i]);
		}
		rc2 = dsp_prec_softmax_has_zero(p, m, e, n, thetas[t % 5], range, &any);
		if (rc2 != DSP_OK || any != (zr > 0))
			bad++;
		some += z > 0 && z < n;
	}
	is_int(bad, 0, "array zero count and has-zero = runs form's zero weights (500 rows, "
	    "2 models, 5 formats, theta 0.7, 1, -0.5, 0, 0.05)");
	ok(some > 50, "rows with some but not all weights 0: %d", some);
	e[0] = 1, e[1] = NAN, e[2] = 2;
	rc = dsp_prec_softmax_zeros(DSP_PREC_FLOAT16, DSP_PREC_MODEL_FP32_ACCUM, e, 3, 1, &z);
	ok(rc == DSP_ERANGE && strstr(dsp_last_error(), "logit nan is NaN in float16") != NULL,
	    "NaN logit: %s", dsp_last_error());
	free(e);
	dsp_runs_free(r);
	dsp_runs_free(w);
}

/* The uniform family in float16 under the default fp32-accum model against
 * numpy (computed once, /usr/bin/python3, numpy 1.24): GSL's mt19937 with
 * seed 1 is numpy's MT19937 with legacy seeding, so the logits are
 * 12 * random_raw / 2^32; rounded to float16 by numpy's double->half,
 * then x = float32(h / 1), m = max x, t = float32(math.exp(x - m)) (libm),
 * S a float32 running sum, w = float16(float32(t / S)), and the count of
 * w == 0 at each n; the search's probes (n_max, 1, midpoints) over it give
 * n = 2543. */
static void
test_zeros_numpy(void)
{
	static const struct { size_t n; double zeros; } want[] = {
		{ 1000, 0 }, { 2000, 0 }, { 3000, 64 }, { 4000, 172 }, { 6000, 455 },
		{ 16384, 2578 },
	};
	dsp_params p;
	dsp_summary s;
	double *x, z, un, un2;
	dsp_prec_search *sh;
	size_t i;
	int bad = 0;

	dsp_params_default(&p);
	p.family = DSP_FAM_UNIFORM;
	p.delta = 12;
	p.theta = 1;
	p.seed = 1;
	p.n = 16384;
	p.precision = DSP_PREC_FLOAT16;
	if (dsp_family_alloc(&p, &x) != DSP_OK) {
		ok(0, "logits: %s", dsp_last_error());
		return;
	}
	ok(x[0] == 5.004263981245458 && x[1] == 11.96621769759804 && x[2] == 8.643893871456385,
	    "uniform seed 1 = numpy MT19937 legacy seeding (%.17g %.17g %.17g)",
	    x[0], x[1], x[2]);
	for (i = 0; i < sizeof want / sizeof want[0]; i++) {
		if (dsp_prec_softmax_zeros(DSP_PREC_FLOAT16, DSP_PREC_MODEL_FP32_ACCUM, x,
		    want[i].n, 1, &z) != DSP_OK || z != want[i].zeros) {
			diag("n = %zu: %g zeros, numpy %g", want[i].n, z, want[i].zeros);
			bad++;
		}
	}
	is_int(bad, 0, "float16 fp32-accum zero counts at 6 n = numpy");
	dsp_prec_underflow_n(&p, DSP_PREC_MODEL_FP32_ACCUM, 16384, &un);
	sh = dsp_prec_search_alloc(&p, DSP_PREC_MODEL_FP32_ACCUM, 16384);
	dsp_prec_underflow_n_shared(&p, DSP_PREC_MODEL_FP32_ACCUM, 16384, sh, &un2);
	ok(un == 2543 && un2 == 2543 && sh != NULL,
	    "float16 uniform delta 12: underflow n = %.0f, shared logits %.0f (numpy 2543)",
	    un, un2);
	/* The whole evaluation (runs form) agrees on both sides of it. */
	p.n = 2543;
	dsp_prec_eval(&p, DSP_PREC_MODEL_FP32_ACCUM, NULL, &s);
	z = s.zero_weights;
	p.n = 2542;
	dsp_prec_eval(&p, DSP_PREC_MODEL_FP32_ACCUM, NULL, &s);
	ok(z > 0 && s.zero_weights == 0, "dsp_prec_eval: %.0f zeros at 2543, %.0f at 2542",
	    z, s.zero_weights);
	dsp_prec_search_free(sh);
	free(x);
}

/* The search's double row runs over the shared logits as given ones: the
 * same bisection through dsp_eval of the family at every probe finds the
 * same n (uniform and gaussian, where exp underflows in double). */
static double
bisect_eval(dsp_params p, double n_max)
{
	double lo = 1, hi = n_max, mid;
	dsp_summary s;

	p.n = (uint64_t)hi;
	dsp_eval(&p, &s);
	if (!(s.zero_weights > 0 || s.min_weight == 0))
		return 0;
	while (hi - lo > 1) {
		mid = floor(lo + (hi - lo) / 2);
		p.n = (uint64_t)mid;
		dsp_eval(&p, &s);
		if (s.zero_weights > 0 || s.min_weight == 0)
			hi = mid;
		else
			lo = mid;
	}
	return hi;
}

static void
test_underflow_double(void)
{
	dsp_params p;
	double un, want;
	int k;

	dsp_params_default(&p);
	p.precision = DSP_PREC_DOUBLE;
	for (k = 0; k < 2; k++) {
		p.family = k ? DSP_FAM_GAUSSIAN : DSP_FAM_UNIFORM;
		p.delta = k ? 200 : 1000;
		p.theta = k ? 0.9 : 1;
		dsp_prec_underflow_n(&p, DSP_PREC_MODEL_FP32_ACCUM, 50000, &un);
		want = bisect_eval(p, 50000);
		ok(un == want && un > 1, "%s double: underflow n = %.0f over shared logits, "
		    "%.0f by dsp_eval of the family", dsp_family_name(p.family), un, want);
	}
}

static double
naive_sum(enum dsp_precision p, double s, double t, uint64_t c)
{
	while (c-- > 0)
		s = dsp_round_to(p, s + t);
	return s;
}

static void
test_accumulate(void)
{
	enum dsp_precision p;
	int i, bad = 0;
	double s0, t;
	uint64_t c;
	float f;

	for (i = 0; i < 600; i++) {
		p = (enum dsp_precision)(1 + i % 5);
		t = fabs(rand_double(-12, 2));
		t = dsp_round_to(p, t);
		s0 = i % 2 ? dsp_round_to(p, fabs(rand_double(-6, 4))) : 0;
		c = 1 + xorshift() % 30000;
		if (!same(dsp_prec_accumulate(p, s0, t, c), naive_sum(p, s0, t, c)))
			bad++;
	}
	is_int(bad, 0, "fast-forward sequential sum = naive loop (600 cases, 5 formats)");
	for (f = 0, c = 0; c < 20000000; c++)
		f += 0.1f;
	is_close(dsp_prec_accumulate(DSP_PREC_FLOAT32, 0, (double)0.1f, 20000000), f, 0,
	    "float32 sum of 2e7 x 0.1f = hardware float loop");
	is_close(dsp_prec_accumulate(DSP_PREC_FLOAT16, 0, 1, (uint64_t)1 << 60), 2048, 0,
	    "float16: 2^60 ones sum to 2048 (swamping)");
	is_close(dsp_prec_accumulate(DSP_PREC_FLOAT32, 0, 1, (uint64_t)1 << 60), 0x1p24, 0,
	    "float32: 2^60 ones sum to 2^24");
	is_close(dsp_prec_accumulate(DSP_PREC_FP8_E4M3, 0, 1, 1000), 16, 0,
	    "E4M3: ones stagnate at 16");
	ok(isinf(dsp_prec_accumulate(DSP_PREC_FP8_E5M2, 0, 16384, 100)), "E5M2: sum overflows to inf");
}

/* Step-by-step reference of the FORMAT / FP32_ACCUM models on arrays. */
static void
softmax_ref(enum dsp_precision p, int fp32, const double *e, size_t n, double theta,
    double *out)
{
	enum dsp_precision wk = fp32 ? DSP_PREC_FLOAT32 : p;
	double x[64], m = -INFINITY, s = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		x[i] = dsp_round_to(wk, dsp_round_to(p, e[i]) / theta);
		m = fmax(m, x[i]);
	}
	for (i = 0; i < n; i++) {
		x[i] = dsp_round_to(wk, exp(dsp_round_to(wk, x[i] - m)));
		s = dsp_round_to(wk, s + x[i]);
	}
	for (i = 0; i < n; i++)
		out[i] = dsp_round_to(p, dsp_round_to(wk, x[i] / s));
}

static void
test_softmax(void)
{
	double e[64], ref[64], got[64];
	dsp_runs *r = dsp_runs_alloc(64), *w = dsp_runs_alloc(64);
	int t, bad = 0, model;
	size_t i, n;
	enum dsp_precision p;
	float xf[3], sf = 0, mf;

	for (t = 0; t < 400; t++) {
		p = (enum dsp_precision)(1 + t % 5);
		model = t / 5 % 2;
		n = 1 + xorshift() % 64;
		for (i = 0; i < n; i++)
			e[i] = rand_double(-3, 3);
		softmax_ref(p, model, e, n, 0.7, ref);
		dsp_runs_clear(r);
		for (i = 0; i < n; i++) {
			r->value[i] = e[i];
			r->count[i] = 1;
		}
		r->len = n;
		dsp_prec_softmax_runs(p, model ? DSP_PREC_MODEL_FP32_ACCUM : DSP_PREC_MODEL_FORMAT,
		    r, 0.7, w);
		dsp_runs_expand(w, got, 64);
		for (i = 0; i < n; i++)
			if (!same(got[i], ref[i]))
				bad++;
	}
	is_int(bad, 0, "emulated softmax = step-by-step reference (400 rows, 2 models, 5 formats)");
	/* float32 model against a float-typed C loop. */
	e[0] = 1.3, e[1] = -0.2, e[2] = 0.45;
	for (mf = -INFINITY, i = 0; i < 3; i++)
		mf = fmaxf(mf, xf[i] = (float)e[i]);
	for (i = 0; i < 3; i++)
		sf += xf[i] = (float)exp((double)(xf[i] - mf));
	dsp_runs_from_array(r, e, 3);
	dsp_prec_softmax_runs(DSP_PREC_FLOAT32, DSP_PREC_MODEL_FORMAT, r, 1, w);
	ok(w->value[0] == (double)(xf[0] / sf) && w->value[2] == (double)(xf[2] / sf),
	    "float32 softmax = float loop");
	dsp_runs_free(r);
	dsp_runs_free(w);
}

static void
test_underflow(void)
{
	dsp_params p;
	dsp_summary s;
	double n, want, x = 4;
	int t;

	dsp_params_default(&p);
	p.family = DSP_FAM_SPIKE;
	p.delta = x;
	/* STORE: tail 1/(e^x + n - 1) -> 0 once it is <= min_sub / 2. */
	p.precision = DSP_PREC_FLOAT16;
	dsp_prec_underflow_n(&p, DSP_PREC_MODEL_STORE, 0x1p40, &n);
	want = ceil(0x1p25 + 1 - exp(x));
	ok(fabs(n - want) <= 1, "float16 store: tail flushes at n = %.0f (closed form %.0f)", n, want);
	p.precision = DSP_PREC_FP8_E4M3;
	dsp_prec_underflow_n(&p, DSP_PREC_MODEL_STORE, 0x1p40, &n);
	want = ceil(1025 - exp(x));
	ok(fabs(n - want) <= 1, "E4M3 store: tail flushes at n = %.0f (closed form %.0f)", n, want);
	p.precision = DSP_PREC_BFLOAT16;
	dsp_prec_underflow_n(&p, DSP_PREC_MODEL_STORE, 0x1p62, &n);
	ok(n == 0, "bfloat16 store: no flush up to 2^62 (needs n ~ 2^134)");
	/* Naive float16 accumulation swamps at S ~ 64: the tail never flushes. */
	p.precision = DSP_PREC_FLOAT16;
	dsp_prec_underflow_n(&p, DSP_PREC_MODEL_FORMAT, 0x1p60, &n);
	ok(n == 0, "float16 format model: the sum stagnates, no flush to 2^60");
	p.n = 1000;
	dsp_prec_eval(&p, DSP_PREC_MODEL_STORE, NULL, &s);
	is_rel(s.min_weight, dsp_round_to(DSP_PREC_FLOAT16, 1 / (exp(x) + 999)), 1e-15,
	    "float16 store n=1000: tail = rnd(1/(e^4 + 999))");
	/* Through dsp_eval (default fp32-accum model) at n = 2^60. */
	p.n = (uint64_t)1 << 60;
	is_int(dsp_eval(&p, &s), DSP_OK, "dsp_eval float16 spike at 2^60");
	ok(s.total < 0.5 || s.total > 1.5 || s.zero_weights > 0,
	    "float16 at 2^60: swamped sum shows (total %.3g, zeros %.3g)", s.total, s.zero_weights);
	p.precision = DSP_PREC_DOUBLE;
	dsp_eval(&p, &s);
	is_close(s.zero_weights, 0, 0, "double spike at 2^60: no zero weights");
	p.delta = 800;
	p.n = 1000;
	dsp_eval(&p, &s);
	is_close(s.zero_weights, 999, 0, "double spike delta=800: 999 weights underflow to 0");
	p.family = DSP_FAM_UNIFORM;
	p.precision = DSP_PREC_FP8_E4M3;
	p.delta = 8;
	p.n = 5000;
	is_int(dsp_eval(&p, &s), DSP_OK, "dsp_eval uniform E4M3 n=5000");
	ok(s.zero_weights > 0 && s.zero_weights < 5000, "E4M3 uniform: some weights are 0 (%.0f)",
	    s.zero_weights);
	p.n = (uint64_t)1 << 30;
	t = dsp_eval(&p, &s);
	ok(t == DSP_ETOOBIG, "E4M3 uniform past 2^27: refused (%s)", dsp_last_error());
}

static void
test_eval_weights(void)
{
	dsp_params p;
	dsp_summary s, s2;
	dsp_runs *w = dsp_runs_alloc(64), *e = dsp_runs_alloc(64), *ref = dsp_runs_alloc(64);
	size_t i;
	int bad = 0;
	double z = 0;

	dsp_params_default(&p);
	p.n = 64;
	p.lambda = 0.9;
	p.precision = DSP_PREC_FLOAT16;
	is_int(dsp_eval_weights(&p, w, &s), DSP_OK, "dsp_eval_weights in float16");
	dsp_family_runs(&p, e);
	dsp_prec_softmax_runs(DSP_PREC_FLOAT16, DSP_PREC_MODEL_DEFAULT, e, s.theta_eff, ref);
	for (i = 0; i < w->len; i++)
		if (w->value[i] != dsp_round_to(DSP_PREC_FLOAT16, w->value[i]) ||
		    w->value[i] != ref->value[i])
			bad++;
	ok(bad == 0 && w->len == ref->len, "float16 weights representable and = default model");
	/* Fast path (no weights) and runs path count the same double zeros. */
	p.family = DSP_FAM_UNIFORM;
	p.precision = DSP_PREC_DOUBLE;
	p.n = 1000;
	p.theta = 0.002;
	dsp_eval(&p, &s);
	dsp_eval_weights(&p, w, &s2);
	for (i = 0; i < w->len; i++)
		z += w->value[i] == 0 ? (double)w->count[i] : 0;
	ok(s.zero_weights == z && s2.zero_weights == z && z > 100 && z < 1000,
	    "double underflow count: fast path %.0f = runs path %.0f = weights %.0f",
	    s.zero_weights, s2.zero_weights, z);
	dsp_runs_free(w);
	dsp_runs_free(e);
	dsp_runs_free(ref);
}

int
main(void)
{
	dsp_gsl_init();
	test_limits();
	test_float32();
	test_float16();
	test_bfloat16();
	test_fp8();
	test_round_array();
	test_accumulate();
	test_softmax();
	test_softmax_zeros();
	test_zeros_numpy();
	test_underflow_double();
	test_underflow();
	test_eval_weights();
	return tap_done();
}
