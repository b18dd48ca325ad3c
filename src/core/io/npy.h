/* SPDX-License-Identifier: GPL-3.0-or-later */
/* NumPy arrays of attention logits: .npy files and .npz archives.
 *
 * One reader for every user of binary logits (`disperse heads`, `--input
 * FILE.npy`).  Formats 1.0, 2.0 and 3.0; dtypes float16, float32, float64 in
 * either byte order; C or Fortran order; shapes (n,), (heads, n),
 * (layers, heads, n) and (layers, heads, queries, keys).
 *
 * A .npy file is memory-mapped and never copied: opening parses the header
 * and checks the file is long enough, so it costs the same for 2 kB and
 * 2 GB.  Rows (the keys of one layer, head and query) are converted to
 * double one at a time by dsp_npy_row.  In .npz archives (libzip) stored
 * members are mapped the same way; deflated members are inflated into
 * memory, at most DSP_NPZ_INFLATE_CAP bytes (or the caller's cap) each
 * and 4 times that in all, inside the budget of the thread's job.
 *
 * Masked positions are -inf (causal masks): dsp_npy_row skips them, so n
 * counts the unmasked keys.  NaN and +inf are errors naming the index.
 * Errors are one line "NAME: reason" in dsp_last_error(). */
#ifndef DSP_NPY_H
#define DSP_NPY_H

#include <stddef.h>
#include <stdint.h>

#define DSP_NPY_MAXDIM	4
/* Default cap on the inflated size of one deflated .npz member. */
#define DSP_NPZ_INFLATE_CAP	((uint64_t)1 << 30)

typedef struct dsp_npy_header {
	int		 major, minor;	/* format version */
	int		 itemsize;	/* 2 (float16), 4 (float32), 8 (float64) */
	int		 big_endian;
	int		 fortran;	/* fortran_order: True */
	int		 ndim;		/* 1 .. DSP_NPY_MAXDIM */
	uint64_t	 shape[DSP_NPY_MAXDIM];
	uint64_t	 count;		/* product of the shape, >= 1 */
	size_t		 data_offset;	/* bytes from the start of the file */
} dsp_npy_header;

/* Parse the header at the start of buf (len bytes available).  Checks the
 * magic, version, dict syntax, dtype and shape; not the data length.  The
 * message (without a file name) is in dsp_last_error(). */
int	dsp_npy_parse_header(const unsigned char *buf, size_t len,
	    dsp_npy_header *h);
/* 1 if buf starts with the .npy magic "\x93NUMPY", 2 if with a zip local
 * file header ("PK\3\4", an .npz archive), else 0.  A file's first bytes
 * are read once, for every format, by dsp_reader_pick (reader.h). */
int	dsp_npy_sniff(const unsigned char *buf, size_t len);

typedef struct dsp_npy dsp_npy;

/* Map path (a .npy file); *out is freed with dsp_npy_close. */
int	dsp_npy_open(const char *path, dsp_npy **out);
/* An array in memory (len bytes, header included).  owned: DSP_NPY_OWNED,
 * buf was malloc'd and is freed by dsp_npy_close; otherwise it must
 * outlive the array, and DSP_NPY_FILE_MAPPED says it lies in a mapped file
 * (a stored .npz member: its pages count as a .npy file's, below).  name
 * is copied for messages. */
#define DSP_NPY_BORROWED	0
#define DSP_NPY_OWNED		1
#define DSP_NPY_FILE_MAPPED	2
int	dsp_npy_from_buffer(const void *buf, size_t len, int owned,
	    const char *name, dsp_npy **out);
void	dsp_npy_close(dsp_npy *a);

const dsp_npy_header *dsp_npy_header_of(const dsp_npy *a);
const char *dsp_npy_name(const dsp_npy *a);
/* Layers, heads, queries, keys: the shape read as (L, H, Q, K), 1 where
 * the file has fewer dimensions ((n,) is 1, 1, 1, n). */
void	dsp_npy_dims(const dsp_npy *a, uint64_t dims[4]);
/* The unmasked logits of row (layer, head, query) as doubles, in key
 * order, into buf (room for dims[3] values); *n is their count.  -inf
 * keys are skipped; NaN or +inf is DSP_EPARSE naming the index; a row
 * with every key masked is DSP_EEMPTY. */
int	dsp_npy_row(const dsp_npy *a, uint64_t layer, uint64_t head,
	    uint64_t query, double *buf, size_t *n);
/* Whether dims has layers / heads / queries of its own (for messages and
 * columns): bit 0 layer, bit 1 head, bit 2 query. */
unsigned dsp_npy_axes(const dsp_npy *a);

/* Row (layer, head, query) in place, no copy: DSP_OK with *v pointing
 * into the mapping when the array is float64 in host byte order with
 * contiguous keys and every key finite (none masked); DSP_ENOTSUP when the
 * row must be converted (dsp_npy_row). */
int	dsp_npy_row_view(const dsp_npy *a, uint64_t layer, uint64_t head,
	    uint64_t query, const double **v, size_t *n);
/* The same without a finiteness scan of the whole row: only its first and
 * last 512 keys are looked at (where masks sit: DSP_ENOTSUP when one of
 * them is -inf, NaN or +inf), so the row may still hold NaN, infinities
 * and masked keys.  For a caller whose own pass over every value fails on
 * a non-finite one (the softmax kernel): on that failure it must take the
 * row from dsp_npy_row_view or dsp_npy_row instead, which skip the masked
 * keys and name a NaN. */
int	dsp_npy_row_inplace(const dsp_npy *a, uint64_t layer, uint64_t head,
	    uint64_t query, const double **v, size_t *n);

/* Would a row of a fit in the budget of this thread's job (core/job.h)?
 * What it takes: the bytes of the file it lies in, for a mapped array (its
 * pages join the process as they are read), and with convert its keys as
 * doubles (dsp_npy_row's buffer).  DSP_ETOOBIG with "NAME: a row of K
 * float16 keys read as doubles needs N, over the memory budget of B". */
int	dsp_npy_row_need(const dsp_npy *a, int convert);
/* The row's pages of a mapped file leave the process (not the page cache):
 * for a caller done with it that goes on to the next (heads), so that its
 * memory stays one row.  Reading it again is allowed.  Contiguous rows
 * only; nothing for arrays in memory. */
void	dsp_npy_row_release(const dsp_npy *a, uint64_t layer, uint64_t head,
	    uint64_t query);

/* Row (layer, head, query) of a float32 or float16 array in place, in the
 * file's type (*itemsize 4 or 2), unchecked: for the softmax kernel's
 * typed pass (core/math/kernel.h, dsp_softmax_stats_x), which fails on a
 * masked key, a NaN or an infinity -- the caller then takes the row from
 * dsp_npy_row.  DSP_ENOTSUP for float64 (dsp_npy_row_view), another byte
 * order, strided keys or an unaligned member. */
int	dsp_npy_row_raw(const dsp_npy *a, uint64_t layer, uint64_t head,
	    uint64_t query, const void **v, int *itemsize, size_t *n);

/* float16 bits to double (exact). */
double	dsp_half_to_double(uint16_t h);

/* .npz archives.  Members whose name ends in ".npy" are the arrays, in
 * archive order; cap bounds the memory of one inflated member (0: the
 * default DSP_NPZ_INFLATE_CAP). */
typedef struct dsp_npz dsp_npz;
int	dsp_npz_open(const char *path, uint64_t cap, dsp_npz **out);
size_t	dsp_npz_count(const dsp_npz *z);
/* Member name without ".npy" ("arr_0"). */
const char *dsp_npz_member(const dsp_npz *z, size_t i);
/* Open member i as an array (mapped if stored, inflated if deflated).
 * Free with dsp_npy_close before dsp_npz_close.  A deflated member is
 * refused over the cap of one, when the members inflated so far through
 * z with it would pass 4 x that cap (a zip bomb of many members), and
 * when it would not fit in the budget (core/job.h): a caller that reads
 * many opens, evaluates and closes one at a time. */
int	dsp_npz_array(dsp_npz *z, size_t i, dsp_npy **out);
/* Member i's header only (a deflated member's first bytes inflated). */
int	dsp_npz_header(dsp_npz *z, size_t i, dsp_npy_header *h);
void	dsp_npz_close(dsp_npz *z);

/* One rule for every user: .npy -> 1, .npz -> 2 by the file's first
 * bytes (not its name); 0 for anything else (text logits). */
#define DSP_NPY_KIND_NPY	1
#define DSP_NPY_KIND_NPZ	2

#endif
