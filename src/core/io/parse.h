/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Logits as text: numbers separated by white space, commas or newlines;
 * '#' starts a comment to end of line.  NaN, Inf and non-numbers are errors
 * with a line number in the detail message. */
#ifndef DSP_PARSE_H
#define DSP_PARSE_H

#include <stddef.h>
#include <stdio.h>

/* Parse a buffer; *out is malloc'd (caller frees), *n its length. */
int	dsp_parse_logits(const char *buf, size_t len, double **out, size_t *n);
/* Parse a stream chunk by chunk (it is not closed). */
int	dsp_read_logits(FILE *fp, double **out, size_t *n);
/* Open path ("-" is stdin) and parse it as it is read: memory is the
 * logits plus one 1 MiB chunk, never a copy of the whole file.  A regular
 * file is mapped instead (no copy) and, from 4 MiB, parsed by all threads,
 * a part each, cut after line ends; the values are the same either way. */
int	dsp_load_logits(const char *path, double **out, size_t *n);

/* Tests: read in chunks of this many bytes (0: the default 1 MiB); split
 * mapped files of at least min_bytes (0: 4 MiB) into this many parts (0:
 * one a thread; parts beyond the threads run one after the other). */
void	dsp_parse_set_chunk(size_t bytes);
void	dsp_parse_set_parallel(size_t min_bytes, int parts);

#endif
