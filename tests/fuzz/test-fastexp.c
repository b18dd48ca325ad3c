/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dsp_fastexp_neg against glibc exp: < 4 ulp over [-746, 0], including the
 * subnormal results (ulp = 2^-1074 there) and the exact-zero region. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "core/math/fastexp.h"
#include "core/math/fastexp512.h"
#include "tap.h"

/* Distance in units in the last place of want (subnormal ulp below 2^-1022). */
static double
ulps(double got, double want)
{
	int ex;

	if (got == want)
		return 0;
	if (want == 0)
		return fabs(got) / 0x1p-1074;
	frexp(want, &ex);
	ex = ex - 53 < -1074 ? -1074 : ex - 53;
	return fabs(got - want) / ldexp(1, ex);
}

static uint64_t rng = 0x9e3779b97f4a7c15u;

static double
uniform(void)
{
	return (double)(tap_xorshift(&rng) >> 11) * 0x1p-53;
}

/* Worst ulp error over count points of [lo, hi] (random and a regular grid). */
static double
worst(double lo, double hi, long count, double *at)
{
	double w = 0, x, u;
	long i;

	for (i = 0; i < count; i++) {
		x = i % 2 ? lo + (hi - lo) * uniform() : lo + (hi - lo) * (double)i / (double)count;
		u = ulps(dsp_fastexp(x), exp(x));
		if (u > w) {
			w = u;
			*at = x;
		}
	}
	return w;
}

#ifdef DSP_HAVE_FE512
/* The kernel's other paths (kernel.c): the portable polynomial with fused
 * multiply-adds (AVX2 + FMA), and fastexp512.h's table-driven exp and its
 * log (AVX-512).  The same bounds must hold for each. */
#define WIDE	(1 << 18)

/* y[i] = fn(x[i], fused) over an array, built for AVX2 + FMA. */
#define FMA_ARRAY(name, fn)						\
static __attribute__((target("avx2,fma"))) void				\
name(const double *x, double *y, size_t n)				\
{									\
	size_t i;							\
									\
	_Pragma("omp simd")						\
	for (i = 0; i < n; i++)						\
		y[i] = fn(x[i], 1);					\
}

FMA_ARRAY(exp_fma, dsp_fastexp_neg_f)
FMA_ARRAY(log_fma, dsp_fastlog_pos_f)

static DSP_FE512 void
exp_512(const double *x, double *y, size_t n)
{
	size_t i;

	for (i = 0; i + 8 <= n; i += 8)
		_mm512_storeu_pd(y + i, dsp_fe512_exp(_mm512_loadu_pd(x + i)));
}

static DSP_FE512 void
log_512(const double *x, double *y, size_t n)
{
	size_t i;

	for (i = 0; i + 8 <= n; i += 8)
		_mm512_storeu_pd(y + i, dsp_fe512_log(_mm512_loadu_pd(x + i)));
}

typedef void (*array_fn)(const double *, double *, size_t);

/* Worst ulp of fn against ref over xs[0..n-1]. */
static double
worst_of(array_fn fn, double (*ref)(double), const double *xs, double *ys, size_t n,
    double *at)
{
	double w = 0, u;
	size_t i;

	fn(xs, ys, n);
	for (i = 0; i < n; i++) {
		u = ulps(ys[i], ref(xs[i]));
		if (u > w || isnan(u)) {
			w = isnan(u) ? INFINITY : u;
			*at = xs[i];
		}
	}
	return w;
}

/* Random and grid points of [-746, 0], then the reduction boundaries
 * (k + 1/2) ln 2 / step, 9 points around each. */
static void
exp_points(double *xs, size_t n, double step)
{
	size_t i = 0, k = 0;
	int j;

	for (; i < n / 2; i++)
		xs[i] = i % 2 ? -746 * uniform() : -745.2 * (double)i / (double)(n / 2);
	while (i < n) {
		double b = -((double)(k % (size_t)(1075 * step)) + 0.5) * M_LN2 / step;

		for (j = -4; j <= 4 && i < n; j++, i++)
			xs[i] = b + j * 1e-15 * fabs(b);
		k++;
	}
}

static void
check_wide(void)
{
	static double xs[WIDE], ys[WIDE];
	double w, at = 0, sp[16];
	int good;
	size_t i;

	if (!(__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))) {
		ok(1, "# SKIP no AVX2 + FMA on this CPU");
	} else {
		exp_points(xs, WIDE, 1);
		w = worst_of(exp_fma, exp, xs, ys, WIDE, &at);
		ok(w < 4, "FMA build over [-746, 0] and the boundaries: worst %.3f ulp at %.17g",
		    w, at);
		for (i = 0; i < WIDE; i++)
			xs[i] = i % 2 ? exp(-20.8 * uniform()) : 1e-9 + 2 * uniform();
		w = worst_of(log_fma, log, xs, ys, WIDE, &at);
		ok(w < 4, "FMA log on [1e-9, 2]: worst %.3f ulp at %.17g", w, at);
	}
	if (!(__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
	    __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("fma"))) {
		ok(1, "# SKIP no AVX-512 on this CPU");
		return;
	}
	exp_points(xs, WIDE, 16);
	w = worst_of(exp_512, exp, xs, ys, WIDE, &at);
	ok(w < 4, "AVX-512 exp over [-746, 0] and the boundaries (k + 1/2) ln2/16: worst %.3f ulp at %.17g",
	    w, at);
	at = 0;
	for (i = 0; i < WIDE; i++)
		xs[i] = -745.13 - 1e-10 * (double)i;
	for (i = 0; i < WIDE / 2; i++)
		xs[WIDE / 2 + i] = -745.2 - 1e-3 * (double)i;
	w = worst_of(exp_512, exp, xs, ys, WIDE, &at);
	ok(w == 0, "AVX-512 exp at the underflow edge and below: as libm (worst %.3f ulp at %.17g)",
	    w, at);
	sp[0] = 0;
	sp[1] = -0.0;
	sp[2] = -INFINITY;
	sp[3] = -1e308;
	sp[4] = NAN;
	sp[5] = -745.13;
	sp[6] = -746;
	sp[7] = -M_LN2;
	exp_512(sp, sp + 8, 8);
	good = sp[8] == 1 && sp[9] == 1 && sp[10] == 0 && !signbit(sp[10]) && sp[11] == 0 &&
	    isnan(sp[12]) && sp[13] == exp(-745.13) && sp[14] == 0 &&
	    ulps(sp[15], exp(-M_LN2)) < 4;
	ok(good, "AVX-512 exp: 1 at 0 and -0, +0 at -inf, -1e308, -746, NaN for NaN, 2^-1074 at -745.13");
	for (i = 0; i < WIDE; i++)
		xs[i] = i % 2 ? exp(-20.8 * uniform()) : 1e-9 + 2 * uniform();
	w = worst_of(log_512, log, xs, ys, WIDE, &at);
	ok(w < 4, "AVX-512 log on [1e-9, 2]: worst %.3f ulp at %.17g", w, at);
	/* The table's interval edges m = 0.775, 0.825, ..., 1.475 (fastexp512.h)
	 * times 2^-30 .. 2^0, 9 points around each, and the points next to 1. */
	for (i = 0; i < WIDE; i++) {
		size_t b = i / 9 % 15, sc = i / 135 % 31;
		int d = (int)(i % 9) - 4;

		xs[i] = ldexp((b + 15.5) / 20, -(int)sc) * (1 + d * 0x1p-52);
		if (i % 1000 == 0)
			xs[i] = 1 + (double)(i / 1000 % 200 - 100) * 0x1p-52;
	}
	w = worst_of(log_512, log, xs, ys, WIDE, &at);
	ok(w < 4, "AVX-512 log at its table's interval edges and next to 1: worst %.3f ulp at %.17g",
	    w, at);
	for (i = 0; i < 8; i++)
		sp[i] = 1;
	log_512(sp, sp + 8, 8);
	ok(sp[8] == 0, "AVX-512 log(1) = 0 exactly");
}
#else
static void
check_wide(void)
{
	ok(1, "# SKIP not x86-64");
}
#endif

int
main(void)
{
	double at = 0, w, x, y[1000], xs[1000];
	int i, zero_ok = 1, nan_ok, arr_ok = 1;

	w = worst(-1, 0, 2000000, &at);
	ok(w < 4, "[-1, 0]: worst %.3f ulp at %.17g", w, at);
	w = worst(-708.39, -1, 2000000, &at);
	ok(w < 4, "[-708.39, -1] (normal results): worst %.3f ulp at %.17g", w, at);
	w = worst(-745.13, -708.4, 1000000, &at);
	ok(w < 4, "[-745.13, -708.4] (subnormal results): worst %.3f ulp at %.17g", w, at);
	at = 0;
	w = worst(-1e-10, 0, 100000, &at);
	ok(w < 4, "[-1e-10, 0]: worst %.3f ulp at %.17g", w, at);
	/* Around the reduction boundaries x = (k + 1/2) ln 2. */
	for (w = 0, i = 0; i < 1075; i++) {
		double b = -(i + 0.5) * M_LN2, u;
		int j;

		for (j = -4; j <= 4; j++) {
			x = b + j * 1e-15 * fabs(b);
			if (x > 0 || x < -745.13)
				continue;
			u = ulps(dsp_fastexp(x), exp(x));
			if (u > w) {
				w = u;
				at = x;
			}
		}
	}
	ok(w < 4, "reduction boundaries (k + 1/2) ln 2: worst %.3f ulp at %.17g", w, at);
	ok(dsp_fastexp(0) == 1 && dsp_fastexp(-0.0) == 1, "exp(0) = 1 exactly");
	is_rel(dsp_fastexp(-M_LN2), exp(-M_LN2), 4 * DBL_EPSILON, "exp(-ln 2) within 4 ulp of libm");
	is_close(dsp_fastexp(-1), exp(-1), 4 * DBL_EPSILON, "exp(-1) within 4 ulp of libm");
	for (x = -745.14; x >= -800; x -= 0.01)
		if (dsp_fastexp(x) != 0 || exp(x) != 0)
			zero_ok = 0;
	zero_ok = zero_ok && dsp_fastexp(-1e308) == 0 && dsp_fastexp(-INFINITY) == 0 &&
	    dsp_fastexp(-746) == 0 && !signbit(dsp_fastexp(-INFINITY));
	ok(zero_ok, "exact +0 below -745.14, at -1e308 and at -inf (as libm)");
	ok(dsp_fastexp(-745.13) == exp(-745.13), "smallest subnormal 2^-1074 at -745.13");
	nan_ok = isnan(dsp_fastexp(NAN));
	ok(nan_ok, "NaN gives NaN");
	for (w = 0, i = 0; i < 2000000; i++) {
		double v = i % 2 ? exp(-20.8 * uniform()) : 1e-9 + 2 * uniform(), u;

		u = ulps(dsp_fastlog(v), log(v));
		if (u > w) {
			w = u;
			at = v;
		}
	}
	ok(w < 4, "fastlog on [1e-9, 2]: worst %.3f ulp at %.17g", w, at);
	ok(dsp_fastlog(1) == 0, "fastlog(1) = 0 exactly");
	for (i = 0; i < 1000; i++)
		xs[i] = -0.75 * i;
	dsp_fastexp_array(xs, y, 1000);
	for (i = 0; i < 1000; i++)
		if (y[i] != dsp_fastexp(xs[i]))
			arr_ok = 0;
	is_int(arr_ok, 1, "vectorised array version equals the scalar one");
	/* The single scaling for normal results (kernel.c's plain blocks) is
	 * the split one, bit for bit, down to DSP_FASTEXP_NORMAL. */
	for (arr_ok = 1, i = 0; i <= 2000000; i++) {
		x = DSP_FASTEXP_NORMAL * (i % 2 ? uniform() : (double)i / 2000000);
		if (dsp_fastexp_clamped_f(x, 0, 1) != dsp_fastexp(x))
			arr_ok = 0;
	}
	is_int(arr_ok, 1, "exp with one scaling on [-708, 0] equals the split one bitwise");
	check_wide();
	return tap_done();
}
