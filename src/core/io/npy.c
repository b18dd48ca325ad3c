/* SPDX-License-Identifier: GPL-3.0-or-later */
/* NumPy .npy reader: memory mapping, layout, row conversion (the header
 * parser is npy_header.c).
 * Format: https://numpy.org/doc/stable/reference/generated/numpy.lib.format.html
 * (magic "\x93NUMPY", major, minor, header length (2 bytes LE in 1.0, 4 in
 * 2.0/3.0), then a Python dict literal with 'descr', 'fortran_order' and
 * 'shape', padded with spaces and ending in '\n'). */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/job.h"
#include "core/math/kernel.h"
#include "core/io/npy.h"

struct dsp_npy {
	dsp_npy_header		 h;
	const unsigned char	*data;		/* first element */
	void			*map;		/* munmap on close, or NULL */
	size_t			 map_len;
	void			*owned;		/* free on close, or NULL */
	int			 file;		/* data lies in a mapped file */
	uint64_t		 dims[4];	/* layers, heads, queries, keys */
	uint64_t		 stride[4];	/* in elements; 0 where absent */
	unsigned		 axes;		/* bit 0 layer, 1 head, 2 query */
	char			 name[];
};

double
dsp_half_to_double(uint16_t x)
{
	int e = (x >> 10) & 0x1f, m = x & 0x3ff;
	double s = (x & 0x8000) ? -1.0 : 1.0;

	if (e == 0)
		return s * ldexp(m, -24);		/* zero, subnormal */
	if (e == 31)
		return m != 0 ? NAN : s * INFINITY;
	return s * ldexp(m + 1024, e - 25);		/* (1 + m/2^10) 2^(e-15) */
}

/* Shape as (L, H, Q, K) and element strides of each in the file's order. */
static void
set_layout(dsp_npy *a)
{
	static const int map[5][4] = {	/* file dimension of L, H, Q, K (-1 absent) */
		{ -1, -1, -1, -1 },
		{ -1, -1, -1, 0 },
		{ -1, 0, -1, 1 },
		{ 0, 1, -1, 2 },
		{ 0, 1, 2, 3 },
	};
	const dsp_npy_header *h = &a->h;
	uint64_t os[DSP_NPY_MAXDIM];
	int d, k;

	if (h->fortran) {
		os[0] = 1;
		for (d = 1; d < h->ndim; d++)
			os[d] = os[d - 1] * h->shape[d - 1];
	} else {
		os[h->ndim - 1] = 1;
		for (d = h->ndim - 2; d >= 0; d--)
			os[d] = os[d + 1] * h->shape[d + 1];
	}
	a->axes = 0;
	for (k = 0; k < 4; k++) {
		d = map[h->ndim][k];
		a->dims[k] = d < 0 ? 1 : h->shape[d];
		a->stride[k] = d < 0 ? 0 : os[d];
		if (d >= 0 && k < 3)
			a->axes |= 1u << k;
	}
}

static const char *
dtype_name(int itemsize)
{
	return itemsize == 2 ? "float16" : itemsize == 4 ? "float32" : "float64";
}

/* Checks a parsed buffer and fills the array; name for messages. */
static int
setup(dsp_npy *a, const unsigned char *buf, size_t len)
{
	char msg[400];
	uint64_t need;
	int rc;

	dsp_clear_error();
	if ((rc = dsp_npy_parse_header(buf, len, &a->h)) != DSP_OK) {
		snprintf(msg, sizeof msg, "%s", dsp_last_error());
		return dsp_fail(rc, "%s: %s", a->name, msg);
	}
	need = a->h.count * (uint64_t)a->h.itemsize;
	if (need > len - a->h.data_offset)
		return dsp_fail(DSP_EPARSE, "%s: truncated data: shape needs %llu bytes "
		    "of %s, the file has %llu", a->name, (unsigned long long)need,
		    dtype_name(a->h.itemsize),
		    (unsigned long long)(len - a->h.data_offset));
	/* numpy writes nothing after the data: extra bytes mean the shape or
	 * the dtype does not describe the file. */
	if (need < len - a->h.data_offset)
		return dsp_fail(DSP_EPARSE, "%s: %llu bytes after the data (shape needs %llu "
		    "bytes of %s): the header does not describe the file", a->name,
		    (unsigned long long)(len - a->h.data_offset - need),
		    (unsigned long long)need, dtype_name(a->h.itemsize));
	a->data = buf + a->h.data_offset;
	set_layout(a);
	return DSP_OK;
}

static dsp_npy *
alloc_named(const char *name)
{
	size_t len = strlen(name);
	dsp_npy *a = dsp_calloc(1, sizeof *a + len + 1);

	if (a != NULL)
		memcpy(a->name, name, len + 1);
	return a;
}

int
dsp_npy_open(const char *path, dsp_npy **out)
{
	struct stat st;
	dsp_npy *a;
	void *map;
	int fd, rc, err;

	*out = NULL;
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return dsp_fail(DSP_EIO, "%s: %s", path, strerror(errno));
	if (fstat(fd, &st) != 0) {
		err = errno;
		close(fd);
		return dsp_fail(DSP_EIO, "%s: %s", path, strerror(err));
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		return dsp_fail(DSP_EIO, "%s: not a regular file (a .npy file is mapped)", path);
	}
	if (st.st_size == 0) {
		close(fd);
		return dsp_fail(DSP_EEMPTY, "%s: empty file", path);
	}
	if ((uint64_t)st.st_size > SIZE_MAX) {
		close(fd);
		return dsp_fail(DSP_ETOOBIG, "%s: too large to map", path);
	}
	map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	err = errno;
	close(fd);
	if (map == MAP_FAILED)
		return dsp_fail(DSP_EIO, "%s: cannot map: %s", path, strerror(err));
	if ((a = alloc_named(path)) == NULL) {
		munmap(map, (size_t)st.st_size);
		return dsp_fail(DSP_ENOMEM, "%s: out of memory", path);
	}
	a->map = map;
	a->map_len = (size_t)st.st_size;
	a->file = 1;
	if ((rc = setup(a, map, (size_t)st.st_size)) != DSP_OK) {
		dsp_npy_close(a);
		return rc;
	}
	*out = a;
	return DSP_OK;
}

int
dsp_npy_from_buffer(const void *buf, size_t len, int owned, const char *name,
    dsp_npy **out)
{
	dsp_npy *a;
	int rc;

	*out = NULL;
	if ((a = alloc_named(name)) == NULL) {
		if (owned == DSP_NPY_OWNED)
			free((void *)buf);
		return dsp_fail(DSP_ENOMEM, "%s: out of memory", name);
	}
	if (owned == DSP_NPY_OWNED)
		a->owned = (void *)buf;
	a->file = owned == DSP_NPY_FILE_MAPPED;
	if ((rc = setup(a, buf, len)) != DSP_OK) {
		dsp_npy_close(a);
		return rc;
	}
	*out = a;
	return DSP_OK;
}

void
dsp_npy_close(dsp_npy *a)
{
	if (a == NULL)
		return;
	if (a->map != NULL)
		munmap(a->map, a->map_len);
	free(a->owned);
	free(a);
}

const dsp_npy_header *
dsp_npy_header_of(const dsp_npy *a)
{
	return &a->h;
}

const char *
dsp_npy_name(const dsp_npy *a)
{
	return a->name;
}

void
dsp_npy_dims(const dsp_npy *a, uint64_t dims[4])
{
	memcpy(dims, a->dims, sizeof a->dims);
}

unsigned
dsp_npy_axes(const dsp_npy *a)
{
	return a->axes;
}

/* Element i (in elements from data) as a double. */
static double
load(const dsp_npy *a, uint64_t i)
{
	const unsigned char *p = a->data + i * (uint64_t)a->h.itemsize;
	int swap = a->h.big_endian != (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__);
	uint64_t u64;
	uint32_t u32;
	uint16_t u16;
	double d;
	float f;

	switch (a->h.itemsize) {
	case 2:
		memcpy(&u16, p, 2);
		if (swap)
			u16 = __builtin_bswap16(u16);
		return dsp_half_to_double(u16);
	case 4:
		memcpy(&u32, p, 4);
		if (swap)
			u32 = __builtin_bswap32(u32);
		memcpy(&f, &u32, 4);
		return f;
	default:
		memcpy(&u64, p, 8);
		if (swap)
			u64 = __builtin_bswap64(u64);
		memcpy(&d, &u64, 8);
		return d;
	}
}

/* "layer 0, head 1, key 3": the indices the file has. */
static void
index_text(const dsp_npy *a, const uint64_t idx[4], char *buf, size_t size)
{
	static const char *names[4] = { "layer", "head", "query", "key" };
	size_t used = 0;
	int k;

	buf[0] = '\0';
	for (k = 0; k < 4; k++) {
		if (k < 3 && !(a->axes & (1u << k)))
			continue;
		if (used < size)
			used += (size_t)snprintf(buf + used, size - used, "%s%s %llu",
			    used ? ", " : "", names[k], (unsigned long long)idx[k]);
	}
}

/* Index of the first NaN or +-inf in d[0, n), or n.  The early-exit loop
 * `while (isfinite(d[k])) k++` does not vectorise and, as the first read of
 * the mapped file, was a fifth of `report --input` of a large .npy.  Here each
 * block of SCAN_BLOCK values is summed as d[i] * 0: 0 when all are finite, NaN
 * when one is NaN or +-inf (inf * 0 is NaN); that sum vectorises (omp simd;
 * integer bit tests did not with GCC 12), only a block whose sum is not 0 is
 * searched item by item, and blocks are shared by threads from the kernel's
 * threshold on (the same size at which its own pass goes parallel). */
#define SCAN_BLOCK	512

static uint64_t
first_nonfinite(const double *d, uint64_t n)
{
	uint64_t nb = (n + SCAN_BLOCK - 1) / SCAN_BLOCK, first = n, blk;

#pragma omp parallel for schedule(static) reduction(min:first) \
    num_threads(dsp_kernel_threads(n)) if (n >= dsp_kernel_par_min())
	for (blk = 0; blk < nb; blk++) {
		uint64_t b = blk * SCAN_BLOCK, i;
		uint64_t end = n - b < SCAN_BLOCK ? n : b + SCAN_BLOCK;
		double z = 0;

		if (b >= first)
			continue;	/* this thread found an earlier one */
#pragma omp simd reduction(+:z)
		for (i = b; i < end; i++)
			z += d[i] * 0.0;
		if (z != 0)
			for (i = b; i < end; i++)
				if (!isfinite(d[i])) {
					first = i;
					break;
				}
	}
	return first;
}

/* The len values at p (a contiguous stretch of a row) converted into out;
 * returns the sum of out[j] * 0: 0 when every value is finite (see
 * first_nonfinite).  One loop the compiler vectorises for each dtype and
 * byte order; memcpy loads, so any alignment (a stored .npz member's data
 * need not be 8-byte aligned). */
static inline __attribute__((always_inline)) double
convert_block(const unsigned char *p, int itemsize, int swap, double *out, uint64_t len)
{
	double z = 0;
	uint64_t j, u64;
	uint32_t u32;
	uint16_t u16;
	float f;

	if (itemsize == 2)
		for (j = 0; j < len; j++) {
			memcpy(&u16, p + 2 * j, 2);
			out[j] = dsp_half_to_double(swap ? __builtin_bswap16(u16) : u16);
			z += out[j] * 0.0;
		}
	else if (itemsize == 4 && swap)
#pragma omp simd reduction(+:z)
		for (j = 0; j < len; j++) {
			memcpy(&u32, p + 4 * j, 4);
			u32 = __builtin_bswap32(u32);
			memcpy(&f, &u32, 4);
			out[j] = f;
			z += out[j] * 0.0;
		}
	else if (itemsize == 4)
#pragma omp simd reduction(+:z)
		for (j = 0; j < len; j++) {
			memcpy(&f, p + 4 * j, 4);
			out[j] = f;
			z += out[j] * 0.0;
		}
	else if (swap)
#pragma omp simd reduction(+:z)
		for (j = 0; j < len; j++) {
			memcpy(&u64, p + 8 * j, 8);
			u64 = __builtin_bswap64(u64);
			memcpy(&out[j], &u64, 8);
			z += out[j] * 0.0;
		}
	else
#pragma omp simd reduction(+:z)
		for (j = 0; j < len; j++) {
			memcpy(&out[j], p + 8 * j, 8);
			z += out[j] * 0.0;
		}
	return z;
}

/* Keys go by blocks of SCAN_BLOCK: a contiguous block of finite values is
 * converted and checked in one vectorised loop while it is in cache; a
 * block holding a masked key, a NaN or +inf (or any block of a strided
 * row) item by item.  Was item by item throughout, a load() with its
 * switch on dtype and byte order each (2^24 float32 keys: 27 % of
 * `report --input`). */
int
dsp_npy_row(const dsp_npy *a, uint64_t layer, uint64_t head, uint64_t query,
    double *buf, size_t *n)
{
	int swap = a->h.big_endian != (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__);
	uint64_t base, b, e, k, idx[4];
	char where[160];
	size_t m = 0;
	double v;

	*n = 0;
	if (layer >= a->dims[0] || head >= a->dims[1] || query >= a->dims[2])
		return dsp_fail(DSP_EINVAL, "%s: row out of range", a->name);
	base = layer * a->stride[0] + head * a->stride[1] + query * a->stride[2];
	for (b = 0; b < a->dims[3]; b = e) {
		e = a->dims[3] - b < SCAN_BLOCK ? a->dims[3] : b + SCAN_BLOCK;
		if (a->stride[3] <= 1 && convert_block(a->data + (base + b) *
		    (uint64_t)a->h.itemsize, a->h.itemsize, swap, buf + m, e - b) == 0) {
			m += e - b;
			continue;
		}
		for (k = b; k < e; k++) {
			v = load(a, base + k * a->stride[3]);
			if (v == -INFINITY)
				continue;		/* masked key */
			if (!isfinite(v)) {
				idx[0] = layer; idx[1] = head; idx[2] = query; idx[3] = k;
				index_text(a, idx, where, sizeof where);
				return dsp_fail(DSP_EPARSE, "%s: %s at %s (masked keys are "
				    "-inf; NaN and +inf are not logits)", a->name,
				    isnan(v) ? "NaN" : "+inf", where);
			}
			buf[m++] = v;
		}
	}
	if (m == 0) {
		idx[0] = layer; idx[1] = head; idx[2] = query; idx[3] = 0;
		index_text(a, idx, where, sizeof where);
		/* Drop ", key 0". */
		if (strrchr(where, ',') != NULL)
			*strrchr(where, ',') = '\0';
		else
			snprintf(where, sizeof where, "the array");
		return dsp_fail(DSP_EEMPTY, "%s: every key is masked (-inf) at %s",
		    a->name, where);
	}
	*n = m;
	return DSP_OK;
}

int
dsp_npy_row_inplace(const dsp_npy *a, uint64_t layer, uint64_t head, uint64_t query,
    const double **v, size_t *n)
{
	const dsp_npy_header *h = &a->h;
	const double *d;
	uint64_t k, e;

	if (layer >= a->dims[0] || head >= a->dims[1] || query >= a->dims[2])
		return dsp_fail(DSP_EINVAL, "%s: row out of range", a->name);
	if (a->dims[3] > SIZE_MAX / sizeof(double))
		return dsp_fail(DSP_ETOOBIG, "%s: too many logits", a->name);
	/* In place: float64, host order, keys contiguous. */
	if (h->itemsize != 8 || a->stride[3] > 1 ||
	    h->big_endian != (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__))
		return DSP_ENOTSUP;
	d = (const double *)(const void *)(a->data + 8 * (layer * a->stride[0] +
	    head * a->stride[1] + query * a->stride[2]));
	if (((uintptr_t)d % sizeof(double)) != 0)
		return DSP_ENOTSUP;
	/* Masks sit at the ends of rows (causal, padding): a row with a
	 * masked or non-finite key there is sent to dsp_npy_row now, not
	 * after a caller's whole pass that would fail on it. */
	k = a->dims[3];
	e = k < SCAN_BLOCK ? k : SCAN_BLOCK;
	if (first_nonfinite(d, e) < e || first_nonfinite(d + k - e, e) < e)
		return DSP_ENOTSUP;
	*v = d;
	*n = (size_t)k;
	return DSP_OK;
}

int
dsp_npy_row_view(const dsp_npy *a, uint64_t layer, uint64_t head, uint64_t query,
    const double **v, size_t *n)
{
	const double *d;
	size_t k;
	int rc;

	if ((rc = dsp_npy_row_inplace(a, layer, head, query, &d, &k)) != DSP_OK)
		return rc;
	if (first_nonfinite(d, k) < k)
		return DSP_ENOTSUP;	/* dsp_npy_row skips -inf, names a NaN */
	*v = d;
	*n = k;
	return DSP_OK;
}

/* The bytes of the file a row's keys lie in, from the first to the last. */
static uint64_t
row_span(const dsp_npy *a)
{
	uint64_t st = a->stride[3] ? a->stride[3] : 1;

	return ((a->dims[3] - 1) * st + 1) * (uint64_t)a->h.itemsize;
}

int
dsp_npy_row_need(const dsp_npy *a, int convert)
{
	uint64_t touched = 0, page = (uint64_t)sysconf(_SC_PAGESIZE), k = a->dims[3];
	double need;
	char what[600];

	/* A mapped file's pages join the process as they are read; an
	 * inflated member is already in the heap, counted there.  A strided
	 * row (Fortran order) reads at most a page a key. */
	if (a->file) {
		touched = row_span(a);
		if (k <= UINT64_MAX / page && touched > k * page)
			touched = k * page;
	}
	need = (double)touched + (convert ? (double)k * sizeof(double) : 0);
	snprintf(what, sizeof what, "%s: a row of %llu %s keys%s", a->name,
	    (unsigned long long)k, dtype_name(a->h.itemsize),
	    convert ? " read as doubles" : "");
	if (need >= (double)SIZE_MAX)
		return dsp_job_over(what, need, dsp_job_current() != NULL ?
		    dsp_job_current()->budget : 0);
	return dsp_job_need((size_t)need, what);
}

void
dsp_npy_row_release(const dsp_npy *a, uint64_t layer, uint64_t head, uint64_t query)
{
	uintptr_t lo, hi, page = (uintptr_t)sysconf(_SC_PAGESIZE);
	const unsigned char *p;

	if (!a->file || layer >= a->dims[0] || head >= a->dims[1] ||
	    query >= a->dims[2] || a->stride[3] > 1)
		return;
	p = a->data + (layer * a->stride[0] + head * a->stride[1] +
	    query * a->stride[2]) * (uint64_t)a->h.itemsize;
	/* Whole pages inside the row only: its neighbours' may be in use. */
	lo = ((uintptr_t)p + page - 1) / page * page;
	hi = ((uintptr_t)p + row_span(a)) / page * page;
	if (hi > lo)
		madvise((void *)lo, hi - lo, MADV_DONTNEED);
}

int
dsp_npy_row_raw(const dsp_npy *a, uint64_t layer, uint64_t head, uint64_t query,
    const void **v, int *itemsize, size_t *n)
{
	const dsp_npy_header *h = &a->h;
	const unsigned char *d;

	if (layer >= a->dims[0] || head >= a->dims[1] || query >= a->dims[2])
		return dsp_fail(DSP_EINVAL, "%s: row out of range", a->name);
	if ((h->itemsize != 4 && h->itemsize != 2) || a->stride[3] > 1 ||
	    h->big_endian != (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__) ||
	    a->dims[3] > SIZE_MAX / sizeof(double))
		return DSP_ENOTSUP;
	d = a->data + (uint64_t)h->itemsize * (layer * a->stride[0] +
	    head * a->stride[1] + query * a->stride[2]);
	if ((uintptr_t)d % (uintptr_t)h->itemsize != 0)
		return DSP_ENOTSUP;
	*v = d;
	*itemsize = h->itemsize;
	*n = (size_t)a->dims[3];
	return DSP_OK;
}
