/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The one value grammar (grammar.c says what each form accepts): every
 * surface -- CLI options, the TUI's `:` and `=` lines, tour files, the
 * settings file -- reads a parameter's text through these. */
#ifndef DSP_GRAMMAR_H
#define DSP_GRAMMAR_H

#include <stdint.h>

#include "core/schema/params.h"
#include "core/schema/ptable.h"

/* 0 and the value, or -1: nothing is printed. */
int	dsp_parse_double(const char *s, double *v);
int	dsp_parse_size(const char *s, uint64_t *v);
/* Digits in [s, end), overflow refused. */
int	dsp_parse_digits(const char *s, const char *end, uint64_t *v);
/* The same, with the reason of a refusal in the error detail ("LABEL:
 * 'x' is not a size from 1 to 2^63 (forms: ...)"): DSP_OK or DSP_EINVAL. */
int	dsp_read_real(const char *label, const char *arg, double *v);
int	dsp_read_size(const char *label, const char *arg, uint64_t *v);
int	dsp_read_uint(const char *label, const char *arg, uint64_t *v);
/* Does the text s name name (letter case ignored: the one rule of every
 * lookup by name -- parameters, view options, presets, enum values)?
 * NULL names nothing. */
int	dsp_name_is(const char *s, const char *name);
/* The index of name s among names[0 .. count) by that rule, or -1. */
int	dsp_name_index(const char *const *names, int count, const char *s);
/* The index of name s among row d's names (letter case ignored), or -1. */
int	dsp_param_name_index(const dsp_param_def *d, const char *s);
/* Text -> row d of p, through the grammar and the row's domain.  DSP_OK,
 * or DSP_EINVAL with the detail "LABEL: 'x' is not a finite number" or
 * "LABEL must be in [a, b] (got x)"; p is unchanged on error.  label
 * NULL = the row's name. */
int	dsp_param_parse(const dsp_param_def *d, const char *text, dsp_params *p,
	    const char *label);

#endif
