/* SPDX-License-Identifier: GPL-3.0-or-later */
/* NumPy .npy header: the magic, the version's header length and the Python
 * dict literal with 'descr', 'fortran_order' and 'shape' (the format:
 * https://numpy.org/doc/stable/reference/generated/numpy.lib.format.html).
 * The rest of the reader -- mapping, layout, row conversion -- is npy.c. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/error.h"
#include "core/io/npy.h"

#define MAGIC		"\x93NUMPY"
#define MAGIC_LEN	6

int
dsp_npy_sniff(const unsigned char *buf, size_t len)
{
	if (len >= MAGIC_LEN && memcmp(buf, MAGIC, MAGIC_LEN) == 0)
		return DSP_NPY_KIND_NPY;
	if (len >= 4 && memcmp(buf, "PK\3\4", 4) == 0)
		return DSP_NPY_KIND_NPZ;
	return 0;
}

/* The dict parser: a cursor over [p, end). */
struct cur {
	const char	*p, *end;
};

static void
skip_ws(struct cur *c)
{
	while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' ||
	    *c->p == '\n' || *c->p == '\r'))
		c->p++;
}

static int
eat(struct cur *c, char ch)
{
	skip_ws(c);
	if (c->p < c->end && *c->p == ch) {
		c->p++;
		return 1;
	}
	return 0;
}

/* A Python string literal without escapes ('...' or "..."). */
static int
get_string(struct cur *c, char *out, size_t size)
{
	char q;
	size_t i = 0;

	skip_ws(c);
	if (c->p >= c->end || (*c->p != '\'' && *c->p != '"'))
		return dsp_fail(DSP_EPARSE, "header: expected a quoted string");
	q = *c->p++;
	while (c->p < c->end && *c->p != q) {
		if (*c->p == '\\' || *c->p == '\n')
			return dsp_fail(DSP_EPARSE, "header: unsupported string");
		if (i + 1 >= size)
			return dsp_fail(DSP_EPARSE, "header: string too long");
		out[i++] = *c->p++;
	}
	if (c->p >= c->end)
		return dsp_fail(DSP_EPARSE, "header: unterminated string");
	c->p++;
	out[i] = '\0';
	return DSP_OK;
}

static int
get_bool(struct cur *c, int *v)
{
	skip_ws(c);
	if (c->end - c->p >= 4 && memcmp(c->p, "True", 4) == 0) {
		c->p += 4;
		*v = 1;
	} else if (c->end - c->p >= 5 && memcmp(c->p, "False", 5) == 0) {
		c->p += 5;
		*v = 0;
	} else
		return dsp_fail(DSP_EPARSE, "header: fortran_order is not True or False");
	return DSP_OK;
}

/* (d0, d1, ...) with an optional trailing comma; "L" suffixes of Python 2
 * files are accepted. */
static int
get_shape(struct cur *c, dsp_npy_header *h)
{
	uint64_t v;
	int nd = 0, digits;

	if (!eat(c, '('))
		return dsp_fail(DSP_EPARSE, "header: shape is not a tuple");
	for (;;) {
		if (eat(c, ')'))
			break;
		skip_ws(c);
		v = 0;
		digits = 0;
		while (c->p < c->end && *c->p >= '0' && *c->p <= '9') {
			if (v > (UINT64_MAX - 9) / 10)
				return dsp_fail(DSP_EPARSE, "header: shape dimension too large");
			v = v * 10 + (uint64_t)(*c->p++ - '0');
			digits++;
		}
		if (digits == 0)
			return dsp_fail(DSP_EPARSE, "header: shape is not a tuple of integers");
		if (c->p < c->end && *c->p == 'L')
			c->p++;
		if (nd < DSP_NPY_MAXDIM)
			h->shape[nd] = v;
		if (++nd > 32)
			return dsp_fail(DSP_EPARSE, "header: shape has too many dimensions");
		if (eat(c, ')'))
			break;
		if (!eat(c, ','))
			return dsp_fail(DSP_EPARSE, "header: expected ',' or ')' in shape");
	}
	if (nd == 0)
		return dsp_fail(DSP_EPARSE, "shape (): a 0-d array has no keys; need (n,), "
		    "(heads, n), (layers, heads, n) or (layers, heads, queries, keys)");
	if (nd > DSP_NPY_MAXDIM)
		return dsp_fail(DSP_EPARSE, "shape has %d dimensions; need (n,), (heads, n), "
		    "(layers, heads, n) or (layers, heads, queries, keys)", nd);
	h->ndim = nd;
	return DSP_OK;
}

static int
set_dtype(const char *d, dsp_npy_header *h)
{
	char order = d[0];

	if (strlen(d) == 3 && (order == '<' || order == '>' || order == '=') &&
	    d[1] == 'f' && (d[2] == '2' || d[2] == '4' || d[2] == '8')) {
		h->itemsize = d[2] - '0';
		if (order == '=')
			h->big_endian = __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__;
		else
			h->big_endian = order == '>';
		return DSP_OK;
	}
	return dsp_fail(DSP_EPARSE, "dtype '%s' is not supported (need float16, float32 "
	    "or float64: '<f2', '<f4', '<f8', or big-endian '>f2', '>f4', '>f8')", d);
}

int
dsp_npy_parse_header(const unsigned char *buf, size_t len, dsp_npy_header *h)
{
	struct cur c;
	size_t hlen, start;
	char key[32], descr[64];
	int seen = 0, i, rc;

	memset(h, 0, sizeof *h);
	if (len < MAGIC_LEN || memcmp(buf, MAGIC, MAGIC_LEN) != 0)
		return dsp_fail(DSP_EPARSE, "not a .npy file (no \\x93NUMPY magic)");
	if (len < 10)
		return dsp_fail(DSP_EPARSE, "truncated header");
	h->major = buf[6];
	h->minor = buf[7];
	if (h->major < 1 || h->major > 3 || h->minor != 0)
		return dsp_fail(DSP_EPARSE, "unsupported .npy format version %d.%d "
		    "(1.0, 2.0 and 3.0 are read)", h->major, h->minor);
	if (h->major == 1) {
		hlen = (size_t)buf[8] | (size_t)buf[9] << 8;
		start = 10;
	} else {
		if (len < 12)
			return dsp_fail(DSP_EPARSE, "truncated header");
		hlen = (size_t)buf[8] | (size_t)buf[9] << 8 |
		    (size_t)buf[10] << 16 | (size_t)buf[11] << 24;
		start = 12;
	}
	if (hlen > len - start)
		return dsp_fail(DSP_EPARSE, "truncated header (%zu bytes announced, "
		    "%zu present)", hlen, len - start);
	h->data_offset = start + hlen;
	/* The format ends the header with '\n' (after its padding): a length
	 * that falls short of it would read the padding as data. */
	if (hlen == 0 || buf[start + hlen - 1] != '\n')
		return dsp_fail(DSP_EPARSE, "header does not end with a newline at the "
		    "announced length (%zu bytes): wrong header length", hlen);
	c.p = (const char *)buf + start;
	c.end = c.p + hlen;
	if (!eat(&c, '{'))
		return dsp_fail(DSP_EPARSE, "header is not a dict");
	for (;;) {
		if (eat(&c, '}'))
			break;
		if ((rc = get_string(&c, key, sizeof key)) != DSP_OK)
			return rc;
		if (!eat(&c, ':'))
			return dsp_fail(DSP_EPARSE, "header: expected ':' after '%s'", key);
		if (strcmp(key, "descr") == 0 && !(seen & 1)) {
			skip_ws(&c);
			if (c.p < c.end && *c.p == '[')
				return dsp_fail(DSP_EPARSE, "structured dtype is not "
				    "supported (need float16, float32 or float64)");
			if ((rc = get_string(&c, descr, sizeof descr)) != DSP_OK ||
			    (rc = set_dtype(descr, h)) != DSP_OK)
				return rc;
			seen |= 1;
		} else if (strcmp(key, "fortran_order") == 0 && !(seen & 2)) {
			if ((rc = get_bool(&c, &h->fortran)) != DSP_OK)
				return rc;
			seen |= 2;
		} else if (strcmp(key, "shape") == 0 && !(seen & 4)) {
			if ((rc = get_shape(&c, h)) != DSP_OK)
				return rc;
			seen |= 4;
		} else
			return dsp_fail(DSP_EPARSE, "header: unexpected or repeated key '%s'", key);
		if (eat(&c, '}'))
			break;
		if (!eat(&c, ','))
			return dsp_fail(DSP_EPARSE, "header: expected ',' or '}'");
	}
	skip_ws(&c);
	if (c.p != c.end)
		return dsp_fail(DSP_EPARSE, "header: text after the dict");
	if (seen != 7)
		return dsp_fail(DSP_EPARSE, "header: missing '%s'", !(seen & 1) ? "descr" :
		    !(seen & 2) ? "fortran_order" : "shape");
	h->count = 1;
	for (i = 0; i < h->ndim; i++) {
		if (h->shape[i] == 0)
			return dsp_fail(DSP_EEMPTY, "shape has a zero dimension: no logits");
		if (h->count > UINT64_MAX / h->shape[i] ||
		    h->count * h->shape[i] > UINT64_MAX / 8)
			return dsp_fail(DSP_EPARSE, "shape too large");
		h->count *= h->shape[i];
	}
	return DSP_OK;
}
