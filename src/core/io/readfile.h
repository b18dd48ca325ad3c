/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Bounded reading of a whole input file: the one reader behind --input,
 * fit --pairs, tour --file, snapshot --load and snapshot --screen.
 *
 * Every reader has a documented cap (DSP_CAP_* below, bytes); the
 * environment variable DISPERSE_MAX_INPUT (bytes, or with a K, M or G
 * suffix for KiB, MiB, GiB) replaces all of them.  A file over its cap is
 * refused as soon as that is known (from its size when it is a regular
 * file, else after cap + 1 bytes); a NUL byte marks binary content and is
 * refused at the chunk that holds it, not after the whole file; a leading
 * UTF-8 byte order mark is skipped.  Every error message starts with the
 * file's name and says why. */
#ifndef DSP_READFILE_H
#define DSP_READFILE_H

#include <stddef.h>
#include <stdio.h>

#define DSP_CAP_LOGITS		((size_t)256 << 20)	/* --input */
#define DSP_CAP_PAIRS		((size_t)64 << 20)	/* fit --pairs */
#define DSP_CAP_TOUR		((size_t)16 << 20)	/* tour --file, tour.txt */
#define DSP_CAP_SNAPSHOT	((size_t)256 << 20)	/* snapshot --load, TUI --load */
#define DSP_CAP_SCREEN		((size_t)1 << 20)	/* snapshot --screen */

/* The cap in force for a reader whose default is dflt: DISPERSE_MAX_INPUT
 * when set (DSP_EINVAL with a message when it is not a size), else dflt. */
int	dsp_input_cap(size_t dflt, size_t *cap);
/* Parse a byte count: decimal digits with an optional K, M or G suffix
 * (powers of 1024).  0 on success. */
int	dsp_parse_bytes(const char *s, size_t *out);
/* Read path ("-" is standard input, named "<stdin>") into a malloc'd,
 * NUL-terminated buffer of *len bytes (the NUL is not counted).  name is
 * used in messages (NULL: the path).  DSP_EIO (cannot open or read, a
 * directory, not a regular file: a FIFO would block), DSP_ETOOBIG (over the cap), DSP_EPARSE (NUL byte). */
int	dsp_read_file(const char *path, const char *name, size_t dflt_cap,
	    char **buf, size_t *len);

/* The same checks chunk by chunk, for readers that stream (the logit
 * parser): open (the directory and size checks), then read up to size
 * bytes at a time (*got == 0 at the end; the NUL, cap and read errors and
 * the byte order mark as above), then close (stdin is left open). */
typedef struct dsp_input {
	FILE		*fp;
	const char	*name;
	size_t		cap;	/* bytes allowed */
	size_t		n;	/* bytes read so far */
	int		in;	/* standard input */
	void		*map;	/* dsp_input_map's mapping, or NULL */
	size_t		maplen;
} dsp_input;

int	dsp_input_open(dsp_input *in, const char *path, const char *name, size_t dflt_cap);
int	dsp_input_read(dsp_input *in, char *buf, size_t size, size_t *got);
/* Instead of reading: a regular, non-empty file (not stdin) mapped read-only
 * whole, the byte order mark skipped (the size was checked against the cap
 * at open).  DSP_ENOTSUP, without a message, when it cannot be mapped: read
 * it instead.  NUL bytes are the caller's to refuse.  Unmapped at close. */
int	dsp_input_map(dsp_input *in, const char **data, size_t *len);
/* Bytes [data, data + len) of the mapping are read: their whole pages
 * leave the process (not the page cache), so its memory stays the logits
 * plus the parts being read.  Thread-safe; reading them again is allowed. */
void	dsp_input_mapped_done(const dsp_input *in, const char *data, size_t len);
void	dsp_input_close(dsp_input *in);

#endif
