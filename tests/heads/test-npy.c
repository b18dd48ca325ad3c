/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The .npy reader (src/core/io/npy.c) on files written here byte by byte:
 * versions 1.0/2.0/3.0, float16/32/64 in both byte orders, C and Fortran
 * order, masked keys, and every malformed case with its one-line message.
 * Expected values are exact by construction (small dyadic numbers, the
 * IEEE half-precision bit patterns of the standard). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/cpu.h"
#include "core/error.h"
#include "core/math/kernel.h"
#include "core/io/npy.h"
#include "core/schema/ptable.h"
#include "core/io/rowset.h"
#include "tap.h"

static char dir[] = "/tmp/dsp-npy-XXXXXX";

/* A return code check with a printf description. */
#define IS(got, want, ...) do {						\
	long long g_ = (got);						\
	if (!ok(g_ == (long long)(want), __VA_ARGS__))			\
		diag("  got %lld, want %lld: %s", g_, (long long)(want),	\
		    dsp_last_error());					\
} while (0)

static void
put_le(unsigned char *p, uint64_t v, int bytes)
{
	int i;

	for (i = 0; i < bytes; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

/* Header bytes for dict text, version major, padded to 64 like numpy. */
static size_t
header(unsigned char *out, int major, const char *dict)
{
	size_t pre = major == 1 ? 10 : 12, len = strlen(dict), total;

	total = (pre + len + 1 + 63) / 64 * 64;
	memcpy(out, "\x93NUMPY", 6);
	out[6] = (unsigned char)major;
	out[7] = 0;
	put_le(out + 8, total - pre, major == 1 ? 2 : 4);
	memcpy(out + pre, dict, len);
	memset(out + pre + len, ' ', total - pre - len - 1);
	out[total - 1] = '\n';
	return total;
}

static const char *
write_file(const char *name, const void *a, size_t alen, const void *b, size_t blen)
{
	static char path[256];
	FILE *fp;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	fp = fopen(path, "wb");
	if (fp == NULL)
		abort();
	fwrite(a, 1, alen, fp);
	if (blen)
		fwrite(b, 1, blen, fp);
	fclose(fp);
	return path;
}

/* An .npy file of doubles vals (count) with this dict. */
static const char *
f64_file(const char *name, int major, const char *dict, const double *vals,
    size_t count, int big)
{
	unsigned char h[256], *d = malloc(count * 8 + 1);
	size_t hl = header(h, major, dict), i;
	uint64_t u;
	const char *p;
	int k;

	for (i = 0; i < count; i++) {
		memcpy(&u, &vals[i], 8);
		for (k = 0; k < 8; k++)
			d[i * 8 + k] = (unsigned char)(u >> (8 * (big ? 7 - k : k)));
	}
	p = write_file(name, h, hl, d, count * 8);
	free(d);
	return p;
}

static int
open_fails(const char *path, int code, const char *want)
{
	dsp_npy *a = NULL;
	int rc;

	dsp_clear_error();
	rc = dsp_npy_open(path, &a);
	ok(rc == code && strstr(dsp_last_error(), want) != NULL &&
	    strstr(dsp_last_error(), path) != NULL && strchr(dsp_last_error(), '\n') == NULL,
	    "%s: code %d, one line naming the file: '%s'", strrchr(path, '/') + 1, rc,
	    dsp_last_error());
	dsp_npy_close(a);
	return rc;
}

static void
test_versions_dtypes(void)
{
	static const double v[4] = { 1.5, -2.25, 0.0, 3.0 };
	const char *versions[3] = { "v1.npy", "v2.npy", "v3.npy" };
	unsigned char h[256], d[16];
	uint16_t halves[4] = { 0x3c00, 0xc000, 0x0001, 0x7bff };	/* 1, -2, 2^-24, 65504 */
	float f[4] = { 0.5f, -1.0f, 2.5f, 100.0f };
	double buf[8];
	size_t n, hl, i;
	dsp_npy *a;
	uint64_t dims[4];
	const char *p;
	int m, big, k;

	for (m = 1; m <= 3; m++) {
		p = f64_file(versions[m - 1], m,
		    "{'descr': '<f8', 'fortran_order': False, 'shape': (4,), }", v, 4, 0);
		IS(dsp_npy_open(p, &a), DSP_OK, "version %d.0 opens", m);
		if (a == NULL)
			continue;
		ok(dsp_npy_header_of(a)->major == m, "major %d", m);
		IS(dsp_npy_row(a, 0, 0, 0, buf, &n), DSP_OK, "row of v%d", m);
		ok(n == 4 && buf[0] == 1.5 && buf[1] == -2.25 && buf[2] == 0 && buf[3] == 3,
		    "v%d values 1.5 -2.25 0 3", m);
		dsp_npy_close(a);
	}
	/* Big-endian float64, double-quoted keys, keys in another order. */
	p = f64_file("be8.npy", 1, "{\"shape\": (4,), \"fortran_order\": False, "
	    "\"descr\": \">f8\"}", v, 4, 1);
	IS(dsp_npy_open(p, &a), DSP_OK, ">f8 with double quotes opens");
	IS(dsp_npy_row(a, 0, 0, 0, buf, &n), DSP_OK, ">f8 row");
	ok(n == 4 && buf[0] == 1.5 && buf[1] == -2.25 && buf[3] == 3, ">f8 values");
	dsp_npy_close(a);
	/* float16 both orders. */
	for (big = 0; big <= 1; big++) {
		hl = header(h, 1, big ? "{'descr': '>f2', 'fortran_order': False, 'shape': (4,), }" :
		    "{'descr': '<f2', 'fortran_order': False, 'shape': (4,), }");
		for (i = 0; i < 4; i++) {
			d[2 * i + (big ? 1 : 0)] = (unsigned char)(halves[i] & 0xff);
			d[2 * i + (big ? 0 : 1)] = (unsigned char)(halves[i] >> 8);
		}
		p = write_file(big ? "be2.npy" : "le2.npy", h, hl, d, 8);
		IS(dsp_npy_open(p, &a), DSP_OK, "float16 %s opens", big ? "big" : "little");
		IS(dsp_npy_row(a, 0, 0, 0, buf, &n), DSP_OK, "float16 row");
		ok(n == 4 && buf[0] == 1 && buf[1] == -2 && buf[2] == ldexp(1, -24) &&
		    buf[3] == 65504, "float16 %s: 1, -2, 2^-24, 65504 exactly",
		    big ? "big" : "little");
		dsp_npy_close(a);
	}
	is_rel(dsp_half_to_double(0x3555), 1365.0 / 4096, 0,
	    "half 0x3555 = (1024 + 341) 2^-12 = 1365/4096");
	is_close(dsp_half_to_double(0x0400), ldexp(1, -14), 0, "half 0x0400 = 2^-14 (min normal)");
	is_int((long long)dsp_half_to_double(0xfbff), -65504, "half 0xfbff = -65504");
	ok(isnan(dsp_half_to_double(0x7e00)) && dsp_half_to_double(0xfc00) == -INFINITY &&
	    dsp_half_to_double(0x8000) == 0 && signbit(dsp_half_to_double(0x8000)),
	    "half: NaN, -inf, -0");
	/* float32 big endian. */
	hl = header(h, 1, "{'descr': '>f4', 'fortran_order': False, 'shape': (4,), }");
	for (i = 0; i < 4; i++) {
		uint32_t u;

		memcpy(&u, &f[i], 4);
		for (k = 0; k < 4; k++)
			d[4 * i + k] = (unsigned char)(u >> (8 * (3 - k)));
	}
	p = write_file("be4.npy", h, hl, d, 16);
	IS(dsp_npy_open(p, &a), DSP_OK, ">f4 opens");
	IS(dsp_npy_row(a, 0, 0, 0, buf, &n), DSP_OK, ">f4 row");
	ok(n == 4 && buf[0] == 0.5 && buf[1] == -1 && buf[2] == 2.5 && buf[3] == 100,
	    ">f4 values");
	dsp_npy_dims(a, dims);
	ok(dims[0] == 1 && dims[1] == 1 && dims[2] == 1 && dims[3] == 4 &&
	    dsp_npy_axes(a) == 0, "(4,) reads as 1 x 1 x 1 x 4");
	dsp_npy_close(a);
}

/* Element (l, h, q, k) of a 2 x 3 x 2 x 4 array holds 1000l + 100h + 10q + k;
 * written in C and in Fortran order, every row must read the same. */
static void
test_order(void)
{
	enum { L = 2, H = 3, Q = 2, K = 4 };
	double c[L * H * Q * K], f[L * H * Q * K], buf[K];
	const char *pc, *pf;
	dsp_npy *ac, *af;
	size_t n, l, h, q, k;
	int good = 1;

	for (l = 0; l < L; l++)
		for (h = 0; h < H; h++)
			for (q = 0; q < Q; q++)
				for (k = 0; k < K; k++) {
					double v = 1000.0 * l + 100.0 * h + 10.0 * q + k;

					c[((l * H + h) * Q + q) * K + k] = v;
					f[l + L * (h + H * (q + Q * k))] = v;
				}
	pc = f64_file("c4.npy", 1, "{'descr': '<f8', 'fortran_order': False, "
	    "'shape': (2, 3, 2, 4), }", c, sizeof c / 8, 0);
	IS(dsp_npy_open(pc, &ac), DSP_OK, "4-D C order opens");
	pf = f64_file("f4.npy", 1, "{'descr': '<f8', 'fortran_order': True, "
	    "'shape': (2, 3, 2, 4), }", f, sizeof f / 8, 0);
	IS(dsp_npy_open(pf, &af), DSP_OK, "4-D Fortran order opens");
	if (ac == NULL || af == NULL)
		return;
	ok(dsp_npy_axes(ac) == 7, "4-D has layer, head and query axes");
	for (l = 0; l < L; l++)
		for (h = 0; h < H; h++)
			for (q = 0; q < Q; q++) {
				if (dsp_npy_row(ac, l, h, q, buf, &n) != DSP_OK || n != K)
					good = 0;
				for (k = 0; k < K; k++)
					if (buf[k] != 1000.0 * l + 100.0 * h + 10.0 * q + k)
						good = 0;
				if (dsp_npy_row(af, l, h, q, buf, &n) != DSP_OK || n != K)
					good = 0;
				for (k = 0; k < K; k++)
					if (buf[k] != 1000.0 * l + 100.0 * h + 10.0 * q + k)
						good = 0;
			}
	ok(good, "every row of C and Fortran order holds 1000l + 100h + 10q + k");
	dsp_npy_close(ac);
	dsp_npy_close(af);
	/* 3-D (layers, heads, n) in Fortran order: dims and one row. */
	pf = f64_file("f3.npy", 1, "{'descr': '<f8', 'fortran_order': True, "
	    "'shape': (2, 3, 8), }", f, 48, 0);
	IS(dsp_npy_open(pf, &af), DSP_OK, "3-D Fortran opens");
	if (af != NULL) {
		uint64_t d[4];
		double b8[8];

		dsp_npy_dims(af, d);
		ok(d[0] == 2 && d[1] == 3 && d[2] == 1 && d[3] == 8 && dsp_npy_axes(af) == 3,
		    "(2, 3, 8) is 2 layers x 3 heads x 1 query x 8 keys");
		/* Element (1, 2, k) sits at 1 + 2*2 + 6k in Fortran order. */
		IS(dsp_npy_row(af, 1, 2, 0, b8, &n), DSP_OK, "row (1, 2)");
		ok(n == 8 && b8[0] == f[5] && b8[7] == f[5 + 42], "row (1, 2) keys at 5 + 6k");
		dsp_npy_close(af);
	}
}

static void
test_masks(void)
{
	double v[6] = { 1, -INFINITY, 2, -INFINITY, 3, 4 }, buf[6];
	double allm[4] = { 0, 1, -INFINITY, -INFINITY };
	double bad[8] = { 0, 1, 2, 3, 4, 5, NAN, 7 };
	const char *p;
	dsp_npy *a;
	size_t n;

	p = f64_file("mask.npy", 1, "{'descr': '<f8', 'fortran_order': False, 'shape': (6,), }",
	    v, 6, 0);
	IS(dsp_npy_open(p, &a), DSP_OK, "masked file opens");
	IS(dsp_npy_row(a, 0, 0, 0, buf, &n), DSP_OK, "masked row");
	ok(n == 4 && buf[0] == 1 && buf[1] == 2 && buf[2] == 3 && buf[3] == 4,
	    "-inf keys are skipped: n = 4");
	dsp_npy_close(a);
	p = f64_file("allmask.npy", 1, "{'descr': '<f8', 'fortran_order': False, "
	    "'shape': (2, 2), }", allm, 4, 0);
	IS(dsp_npy_open(p, &a), DSP_OK, "(2, 2) opens");
	IS(dsp_npy_row(a, 0, 1, 0, buf, &n), DSP_EEMPTY, "fully masked row: DSP_EEMPTY");
	ok(strstr(dsp_last_error(), "every key is masked (-inf) at head 1") != NULL,
	    "message names the head: '%s'", dsp_last_error());
	dsp_npy_close(a);
	/* NaN at (layer 1, head 0, query 1, key 0) of a 2 x 1 x 2 x 2 array. */
	p = f64_file("nan.npy", 1, "{'descr': '<f8', 'fortran_order': False, "
	    "'shape': (2, 1, 2, 2), }", bad, 8, 0);
	IS(dsp_npy_open(p, &a), DSP_OK, "file with a NaN opens (checked per row)");
	IS(dsp_npy_row(a, 1, 0, 1, buf, &n), DSP_EPARSE, "NaN row: DSP_EPARSE");
	ok(strstr(dsp_last_error(), "NaN at layer 1, head 0, query 1, key 0") != NULL,
	    "NaN names the index: '%s'", dsp_last_error());
	bad[6] = INFINITY;
	dsp_npy_close(a);
	p = f64_file("pinf.npy", 1, "{'descr': '<f8', 'fortran_order': False, "
	    "'shape': (2, 1, 2, 2), }", bad, 8, 0);
	IS(dsp_npy_open(p, &a), DSP_OK, "file with +inf opens");
	IS(dsp_npy_row(a, 1, 0, 1, buf, &n), DSP_EPARSE, "+inf row: DSP_EPARSE");
	ok(strstr(dsp_last_error(), "+inf at layer 1, head 0, query 1, key 0") != NULL,
	    "+inf names the index: '%s'", dsp_last_error());
	dsp_npy_close(a);
}

static void
test_vector(void)
{
	double v[3] = { 0.25, 0.5, 1 }, m[3] = { 0.25, -INFINITY, 1 }, w[6];
	const double *x, *x2;
	const char *p;
	dsp_rowset *r;
	uint64_t h, d[4];
	size_t n, n2;
	int k;

	p = f64_file("vec.npy", 1, "{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }",
	    v, 3, 0);
	IS(dsp_rowset_open(p, &r), DSP_OK, "vector opens");
	IS(dsp_rowset_row(r, 0, &x, &n), DSP_OK, "its one row (head 0.0) loads");
	ok(n == 3 && x[2] == 1 && x != v, "float64 host order: 3 keys");
	dsp_rowset_close(r);
	p = f64_file("vecm.npy", 1, "{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }",
	    m, 3, 0);
	IS(dsp_rowset_open(p, &r), DSP_OK, "masked vector opens");
	IS(dsp_rowset_row(r, 0, &x, &n), DSP_OK, "masked row loads");
	ok(n == 2 && x[0] == 0.25 && x[1] == 1, "masked: a copy of the 2 unmasked keys");
	dsp_rowset_close(r);
	/* (2, 3): two heads of three keys; head 0.1 is the second row. */
	for (k = 0; k < 6; k++)
		w[k] = k;
	p = f64_file("mat.npy", 1, "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }",
	    w, 6, 0);
	IS(dsp_rowset_open(p, &r), DSP_OK, "(2, 3) opens");
	dsp_rowset_dims(r, d);
	ok(d[0] == 1 && d[1] == 2 && d[2] == 1 && d[3] == 3, "(2, 3): 1 layer, 2 heads, 3 keys");
	dsp_head_pack(0, 1, DSP_HEAD_LAST, &h);
	IS(dsp_rowset_row(r, h, &x, &n), DSP_OK, "head 0.1 loads");
	ok(n == 3 && x[0] == 3 && x[2] == 5, "head 0.1 is the second row (3, 4, 5)");
	IS(dsp_rowset_row(r, h, &x2, &n2), DSP_OK, "head 0.1 again");
	ok(x2 == x && n2 == n, "a row read twice is the same memory (kept until close)");
	ok(dsp_rowset_step(r, h, 1) == 0 && dsp_rowset_step(r, 0, -1) == h,
	    "stepping wraps around: 0.1 -> 0.0, 0.0 -> 0.1");
	dsp_head_pack(0, 2, DSP_HEAD_LAST, &h);
	IS(dsp_rowset_row(r, h, &x, &n), DSP_EINVAL, "head 0.2 is out of range");
	ok(strstr(dsp_last_error(), "head 0.2: the array has 1 layer(s), 2 head(s)") != NULL,
	    "names the array's layers and heads: '%s'", dsp_last_error());
	dsp_rowset_close(r);
}

/* dsp_rowset_row_unchecked: a float64 row in place without the scan (a
 * -inf or NaN between its first and last 512 keys visible to the caller),
 * then dsp_rowset_row on the same head checks it -- converted when masked,
 * the reader's error on a NaN -- and from then on the unchecked call gives
 * the checked row.  A mask in the first or last 512 keys (where causal and
 * padding masks sit) is seen at once: converted, checked. */
static void
test_unchecked(void)
{
	enum { N = 1500 };
	static double v[N];
	const double *x, *x2;
	const char *p, *dict = "{'descr': '<f8', 'fortran_order': False, 'shape': (1500,), }";
	dsp_rowset *r;
	size_t i, n, n2;
	int checked;

	for (i = 0; i < N; i++)
		v[i] = (double)i / 64;
	v[600] = -INFINITY;
	p = f64_file("um.npy", 1, dict, v, N, 0);
	IS(dsp_rowset_open(p, &r), DSP_OK, "masked vector opens");
	IS(dsp_rowset_row_unchecked(r, 0, &x, &n, &checked), DSP_OK, "unchecked row");
	ok(checked == 0 && n == N && x[600] == -INFINITY && x[1499] == 1499.0 / 64,
	    "in place, unscanned: all %d keys, the masked one at 600 included", N);
	IS(dsp_rowset_row(r, 0, &x2, &n2), DSP_OK, "the same head checked");
	ok(n2 == N - 1 && x2 != x && x2[599] == 599.0 / 64 && x2[600] == 601.0 / 64,
	    "checked: a copy of the %d unmasked keys", N - 1);
	IS(dsp_rowset_row_unchecked(r, 0, &x, &n, &checked), DSP_OK, "unchecked again");
	ok(checked == 1 && x == x2 && n == N - 1, "gives the checked copy once there is one");
	dsp_rowset_close(r);
	v[600] = 600.0 / 64;
	v[1499] = -INFINITY;
	p = f64_file("ue.npy", 1, dict, v, N, 0);
	IS(dsp_rowset_open(p, &r), DSP_OK, "vector masked at its end opens");
	IS(dsp_rowset_row_unchecked(r, 0, &x, &n, &checked), DSP_OK, "unchecked row");
	ok(checked == 1 && n == N - 1 && x[1498] == 1498.0 / 64,
	    "a mask in the last 512 keys: converted at once (n = %zu)", n);
	dsp_rowset_close(r);
	v[1499] = 1499.0 / 64;
	v[700] = NAN;
	p = f64_file("uq.npy", 1, dict, v, N, 0);
	IS(dsp_rowset_open(p, &r), DSP_OK, "vector with a NaN opens");
	IS(dsp_rowset_row_unchecked(r, 0, &x, &n, &checked), DSP_OK, "unchecked row");
	ok(checked == 0 && n == N && isnan(x[700]), "in place with its NaN");
	x2 = x;
	IS(dsp_rowset_row(r, 0, &x2, &n2), DSP_EPARSE, "checked: the reader's error");
	ok(strstr(dsp_last_error(), "NaN at key 700") != NULL, "names the NaN: '%s'",
	    dsp_last_error());
	IS(dsp_rowset_row_unchecked(r, 0, &x, &n, &checked), DSP_OK, "unchecked still");
	ok(checked == 0 && n == N && x == x2 && isnan(x[700]),
	    "a failed check leaves the row as it was: unchecked, in place, all %d "
	    "keys (n = %zu)", N, n);
	dsp_rowset_close(r);
	v[700] = -INFINITY;
	p = f64_file("ub.npy", 1, "{'descr': '>f8', 'fortran_order': False, 'shape': (1500,), }",
	    v, N, 1);
	IS(dsp_rowset_open(p, &r), DSP_OK, "big-endian vector opens");
	IS(dsp_rowset_row_unchecked(r, 0, &x, &n, &checked), DSP_OK, "unchecked row");
	ok(checked == 1 && n == N - 1 && x[700] == 701.0 / 64,
	    "big-endian is converted (masked key skipped), so checked");
	dsp_rowset_close(r);
}

static void
test_malformed(void)
{
	static const double v[4] = { 1, 2, 3, 4 };
	unsigned char h[256];
	size_t hl;
	const char *p;

	p = write_file("text.npy", "1 2 3\n", 6, NULL, 0);
	open_fails(p, DSP_EPARSE, "not a .npy file");
	p = write_file("empty.npy", "", 0, NULL, 0);
	open_fails(p, DSP_EEMPTY, "empty file");
	p = write_file("short.npy", "\x93NUMPY\x01", 7, NULL, 0);
	open_fails(p, DSP_EPARSE, "truncated header");
	p = write_file("v4.npy", "\x93NUMPY\x04\x00\x10\x00", 10, NULL, 0);
	open_fails(p, DSP_EPARSE, "unsupported .npy format version 4.0");
	hl = header(h, 1, "{'descr': '<f8', 'fortran_order': False, 'shape': (4,), }");
	p = write_file("cuthdr.npy", h, hl - 20, NULL, 0);
	open_fails(p, DSP_EPARSE, "truncated header");
	p = f64_file("i4.npy", 1, "{'descr': '<i4', 'fortran_order': False, 'shape': (8,), }",
	    v, 4, 0);
	open_fails(p, DSP_EPARSE, "dtype '<i4' is not supported");
	p = f64_file("c16.npy", 1, "{'descr': '<c16', 'fortran_order': False, 'shape': (2,), }",
	    v, 4, 0);
	open_fails(p, DSP_EPARSE, "dtype '<c16' is not supported");
	p = f64_file("struct.npy", 1, "{'descr': [('a', '<f8')], 'fortran_order': False, "
	    "'shape': (4,), }", v, 4, 0);
	open_fails(p, DSP_EPARSE, "structured dtype");
	p = f64_file("5d.npy", 1, "{'descr': '<f8', 'fortran_order': False, "
	    "'shape': (1, 1, 1, 1, 4), }", v, 4, 0);
	open_fails(p, DSP_EPARSE, "shape has 5 dimensions");
	p = f64_file("0d.npy", 1, "{'descr': '<f8', 'fortran_order': False, 'shape': (), }",
	    v, 1, 0);
	open_fails(p, DSP_EPARSE, "0-d array");
	p = f64_file("zero.npy", 1, "{'descr': '<f8', 'fortran_order': False, 'shape': (0,), }",
	    v, 0, 0);
	open_fails(p, DSP_EEMPTY, "zero dimension");
	p = f64_file("trunc.npy", 1, "{'descr': '<f8', 'fortran_order': False, 'shape': (5,), }",
	    v, 4, 0);
	open_fails(p, DSP_EPARSE, "truncated data: shape needs 40 bytes of float64, the file has 32");
	p = f64_file("nokey.npy", 1, "{'descr': '<f8', 'shape': (4,), }", v, 4, 0);
	open_fails(p, DSP_EPARSE, "missing 'fortran_order'");
	p = f64_file("dupkey.npy", 1, "{'descr': '<f8', 'descr': '<f8', 'fortran_order': False, "
	    "'shape': (4,), }", v, 4, 0);
	open_fails(p, DSP_EPARSE, "repeated key 'descr'");
	p = f64_file("badbool.npy", 1, "{'descr': '<f8', 'fortran_order': 0, 'shape': (4,), }",
	    v, 4, 0);
	open_fails(p, DSP_EPARSE, "not True or False");
	p = f64_file("badshape.npy", 1, "{'descr': '<f8', 'fortran_order': False, "
	    "'shape': (4, x), }", v, 4, 0);
	open_fails(p, DSP_EPARSE, "not a tuple of integers");
	p = f64_file("huge.npy", 1, "{'descr': '<f8', 'fortran_order': False, "
	    "'shape': (4294967296, 4294967296), }", v, 4, 0);
	open_fails(p, DSP_EPARSE, "shape too large");
	p = f64_file("trail.npy", 1, "{'descr': '<f8', 'fortran_order': False, "
	    "'shape': (4,), } x", v, 4, 0);
	open_fails(p, DSP_EPARSE, "text after the dict");
	/* A header length 40 bytes short: the padding would be read as 5
	 * values; the header must end with its '\n' (issue 26). */
	hl = header(h, 1, "{'descr': '<f8', 'fortran_order': False, 'shape': (5,), }");
	put_le(h + 8, hl - 10 - 40, 2);
	{
		unsigned char d[5 * 8] = { 0 };

		p = write_file("shorthdr.npy", h, hl, d, sizeof d);
	}
	open_fails(p, DSP_EPARSE, "header does not end with a newline at the announced length");
	/* Bytes after the data: the shape does not describe the file. */
	p = f64_file("extra.npy", 1, "{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }",
	    v, 4, 0);
	open_fails(p, DSP_EPARSE, "8 bytes after the data (shape needs 24 bytes of float64)");
	ok(dsp_npy_sniff((const unsigned char *)"PK\3\4", 4) == DSP_NPY_KIND_NPZ &&
	    dsp_npy_sniff((const unsigned char *)"\x93NUMPY", 6) == DSP_NPY_KIND_NPY &&
	    dsp_npy_sniff((const unsigned char *)"1 2", 3) == 0, "sniff: npz, npy, text");
}

/* dsp_npy_row_view's finiteness scan goes by blocks of 512 (and threads from
 * the kernel's threshold): a non-finite value at a block's first or last
 * item, in a partial last block, or two in different threads' halves must
 * still send the row to dsp_npy_row, which names the first. */
static void
test_scan_blocks(void)
{
	enum { N = 1500 };
	static double v[N], buf[N];
	static const struct {
		size_t	at[2];
		double	val[2];
		const char *want;	/* dsp_npy_row's error, or NULL: n = N - 1 */
	} c[] = {
		{ { 1499, 1499 }, { NAN, NAN }, "NaN at key 1499" },
		{ { 512, 512 }, { INFINITY, INFINITY }, "+inf at key 512" },
		{ { 511, 511 }, { -INFINITY, -INFINITY }, NULL },
		{ { 700, 1200 }, { NAN, INFINITY }, "NaN at key 700" },
		{ { 1200, 700 }, { NAN, INFINITY }, "+inf at key 700" },
	};
	const double *x;
	const char *p;
	dsp_npy *a;
	size_t i, k, n;
	int par, same;

	for (par = 0; par < 2; par++) {
		dsp_kernel_set_par_min(par ? 1 : 0);
		for (i = 0; i < N; i++)
			v[i] = (double)i / 1024 - 0.5;
		p = f64_file("scan.npy", 1, "{'descr': '<f8', 'fortran_order': False, "
		    "'shape': (1500,), }", v, N, 0);
		IS(dsp_npy_open(p, &a), DSP_OK, "scan.npy opens");
		IS(dsp_npy_row_view(a, 0, 0, 0, &x, &n), DSP_OK,
		    "finite row is used in place (threads %d)", par);
		for (same = n == N, i = 0; same && i < N; i++)
			same = x[i] == v[i];
		ok(same, "in place: the file's %d values", N);
		dsp_npy_close(a);
		for (k = 0; k < sizeof c / sizeof c[0]; k++) {
			v[c[k].at[0]] = c[k].val[0];
			v[c[k].at[1]] = c[k].val[1];
			p = f64_file("scan.npy", 1, "{'descr': '<f8', 'fortran_order': False, "
			    "'shape': (1500,), }", v, N, 0);
			IS(dsp_npy_open(p, &a), DSP_OK, "scan.npy opens");
			IS(dsp_npy_row_view(a, 0, 0, 0, &x, &n), DSP_ENOTSUP,
			    "%g at %zu, %g at %zu: not in place (threads %d)", c[k].val[0],
			    c[k].at[0], c[k].val[1], c[k].at[1], par);
			dsp_clear_error();
			if (c[k].want != NULL) {
				IS(dsp_npy_row(a, 0, 0, 0, buf, &n), DSP_EPARSE, "row fails");
				ok(strstr(dsp_last_error(), c[k].want) != NULL,
				    "names the first: '%s'", dsp_last_error());
			} else {
				IS(dsp_npy_row(a, 0, 0, 0, buf, &n), DSP_OK, "masked row");
				ok(n == N - 1 && buf[510] == v[510] && buf[511] == v[512],
				    "-inf at 511 skipped: n = %zu", n);
			}
			dsp_npy_close(a);
			v[c[k].at[0]] = v[c[k].at[1]] = 0;
		}
	}
	dsp_kernel_set_par_min(0);
}

/* Rows that are converted go by blocks of 512 with the finiteness check
 * fused (npy.c convert_contiguous): float32 in both byte orders and a
 * float64 row at an odd address (a stored .npz member's data need not be
 * 8-byte aligned) over 1500 keys (two full blocks and a partial one) give
 * exactly (double) of each value; the blocks holding a -inf (the first and
 * the last, partial one) go item by item, which skips it. */
static void
test_convert(void)
{
	enum { N = 1500 };
	static unsigned char raw[1 + 128 + 8 * N];
	static double buf[N];
	unsigned char h[256];
	const double *x;
	dsp_npy *a;
	size_t hl, i, n, k;
	uint32_t u;
	float f;
	double d;
	int big, good, masked;

	for (big = 0; big < 2; big++) {
		hl = header(h, 1, big ? "{'descr': '>f4', 'fortran_order': False, 'shape': (1500,), }" :
		    "{'descr': '<f4', 'fortran_order': False, 'shape': (1500,), }");
		memcpy(raw, h, hl);
		for (i = 0; i < N; i++) {
			f = (float)i / 3 - 200;
			memcpy(&u, &f, 4);
			for (k = 0; k < 4; k++)
				raw[hl + 4 * i + k] = (unsigned char)(u >> (8 * (big ? 3 - k : k)));
		}
		IS(dsp_npy_from_buffer(raw, hl + 4 * N, 0, "f4", &a), DSP_OK, "float32 opens");
		IS(dsp_npy_row(a, 0, 0, 0, buf, &n), DSP_OK, "float32 row (%s)", big ? ">f4" : "<f4");
		for (good = n == N, i = 0; good && i < N; i++)
			good = buf[i] == (double)((float)i / 3 - 200);
		ok(good, "%s: (double) of each of the %d float32 values", big ? ">f4" : "<f4", N);
		dsp_npy_close(a);
	}
	for (masked = 0; masked < 2; masked++) {
		hl = header(h, 1, "{'descr': '<f8', 'fortran_order': False, 'shape': (1500,), }");
		memcpy(raw + 1, h, hl);
		for (i = 0; i < N; i++) {
			d = masked && (i == 3 || i == 1400) ? -INFINITY : (double)i / 7;
			memcpy(raw + 1 + hl + 8 * i, &d, 8);
		}
		IS(dsp_npy_from_buffer(raw + 1, hl + 8 * N, 0, "odd", &a), DSP_OK,
		    "float64 at an odd address opens");
		IS(dsp_npy_row_view(a, 0, 0, 0, &x, &n), DSP_ENOTSUP, "not in place (misaligned)");
		IS(dsp_npy_row(a, 0, 0, 0, buf, &n), DSP_OK, "converted");
		for (good = n == N - 2 * (size_t)masked, i = k = 0; good && i < N; i++)
			if (!(masked && (i == 3 || i == 1400)))
				good = buf[k++] == (double)i / 7;
		ok(good, "misaligned float64%s: every value exactly, n = %zu",
		    masked ? " with -inf at 3 and 1400" : "", n);
		dsp_npy_close(a);
	}
}

int
main(void)
{
	char cmd[64];

	if (mkdtemp(dir) == NULL)
		return 1;
	/* Threads as asked, whatever else the machine runs. */
	dsp_cpu_set_probe(0);
	test_versions_dtypes();
	test_order();
	test_masks();
	test_scan_blocks();
	test_convert();
	test_vector();
	test_unchecked();
	test_malformed();
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	if (system(cmd) != 0)
		diag("could not remove %s", dir);
	return tap_done();
}
