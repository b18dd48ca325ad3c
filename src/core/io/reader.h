/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The input readers behind one interface (ncdu 1.x dir_output style): each
 * format is one row of dsp_readers[] with its sniff and its open, and a
 * caller picks one by looping over the table (dsp_reader_pick), never by
 * naming a format.
 *
 * Protocol: dsp_reader_pick reads at most DSP_READER_MAGIC bytes of the
 * file and returns the first row whose sniff accepts them; the text reader
 * is last and accepts anything, so pick never fails (a missing file is
 * text: its loader names the error).  open, where a reader has one, opens
 * the file as an array of rows (the first array of an archive) under the
 * same size and memory policy as every reader (core/alloc.h, the budget);
 * a reader whose open is NULL (text) is parsed whole by dsp_load_logits. */
#ifndef DSP_READER_H
#define DSP_READER_H

#include <stddef.h>

#include "core/io/npy.h"

#define DSP_READER_MAGIC	8

struct dsp_reader {
	const char	*name;
	/* Nonzero when buf (the file's first len bytes) is this format. */
	int		(*sniff)(const unsigned char *buf, size_t len);
	/* The file as one array: *a, and *z when it came from an archive
	 * (closed by the caller, after *a); name (len bytes) gets its label,
	 * "file.npy" or "file.npz:member".  DSP_OK or a one-line error. */
	int		(*open)(const char *path, dsp_npz **z, dsp_npy **a,
			    char *name, size_t len);
	int		 archive;	/* members (--member) rather than one array */
};

extern const struct dsp_reader dsp_readers[];

/* The reader of path (by its first bytes; "-" is stdin, text). */
const struct dsp_reader *dsp_reader_pick(const char *path);

#endif
