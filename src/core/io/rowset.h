/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The rows of one logits array opened for `--input FILE.npy|.npz`: a row
 * (one query of one head of one layer) is chosen by the head parameter
 * (ptable.h: "L.H" = layer L, head H, last query; "L.H.Q").  An .npz gives
 * its first array member.  Rows are read on demand and kept until close,
 * so a row's logits stay valid while a view (or the TUI's worker) still
 * borrows them; float64 rows in host order with no masked key are used in
 * place (no copy). */
#ifndef DSP_ROWSET_H
#define DSP_ROWSET_H

#include <stddef.h>
#include <stdint.h>

#include "core/io/npy.h"

typedef struct dsp_rowset dsp_rowset;

/* DSP_OK, or the reader's one-line error naming path. */
int	dsp_rowset_open(const char *path, dsp_rowset **out);
void	dsp_rowset_close(dsp_rowset *r);
/* Layers, heads, queries, keys (1 where the array has no such axis). */
void	dsp_rowset_dims(const dsp_rowset *r, uint64_t dims[4]);
/* "file.npy", or "file.npz:member". */
const char *dsp_rowset_name(const dsp_rowset *r);
/* The row of head (packed, ptable.h): its unmasked logits, borrowed from r.
 * DSP_EINVAL naming the array's layers, heads or queries when out of range;
 * the reader's errors (NaN, +inf, every key masked). */
int	dsp_rowset_row(dsp_rowset *r, uint64_t head, const double **v, size_t *n);
/* The same without the finiteness scan where the row is used in place
 * (*checked = 0; 1 when it was converted or checked before): its values
 * may then include NaN, infinities and masked -inf keys, which
 * dsp_rowset_row would skip or name.  Only for a caller that reads every
 * value through a pass failing on a non-finite one (the softmax kernel,
 * dsp_eval_rejects_nonfinite) and, when that fails, asks dsp_rowset_row
 * for the row (which checks it in place, or converts it) and starts again:
 * the scan is then the kernel's own pass, not a pass of its own. */
int	dsp_rowset_row_unchecked(dsp_rowset *r, uint64_t head, const double **v,
	    size_t *n, int *checked);
/* The row of a float32 or float16 array in place, in the file's type,
 * unscanned (dsp_npy_row_raw): for the softmax kernel's typed pass; on
 * its failure the caller asks dsp_rowset_row for the converted row.
 * DSP_ENOTSUP (no message) for any other array or a head out of range. */
int	dsp_rowset_row_raw(dsp_rowset *r, uint64_t head, const void **v,
	    int *itemsize, size_t *n);
/* The packed head k steps from head (k < 0: back), over layer.head in
 * order, keeping the query; wraps around. */
uint64_t dsp_rowset_step(const dsp_rowset *r, uint64_t head, long k);

#endif
