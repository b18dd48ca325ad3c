/* SPDX-License-Identifier: GPL-3.0-or-later */
/* (H, beta*) pairs for the adaptive-temperature refit (`fit --pairs`). */
#ifndef DSP_PAIRS_H
#define DSP_PAIRS_H

#include <stddef.h>

/* (H, beta*) pairs from CSV text: two numeric columns separated by a comma
 * (white space around it allowed), an optional non-numeric header as the
 * first non-comment line, '#' comments, blank lines.  Errors carry
 * "NAME:LINE: ..." in the detail message.  *x, *y malloc'd. */
int	dsp_parse_pairs(const char *buf, size_t len, const char *name, double **x,
	    double **y, size_t *n);
int	dsp_load_pairs(const char *path, double **x, double **y, size_t *n);

#endif
