/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A small streaming JSON writer (correct escaping, non-finite numbers as
 * null, shortest round-trip doubles: core/math/dtoa.h) and a tiny DOM parser for
 * loading snapshots back. */
#ifndef DSP_JSON_H
#define DSP_JSON_H

#include <stddef.h>
#include <stdio.h>

typedef struct dsp_jw dsp_jw;

/* pretty: 0 compact, 1 indent every level, k >= 2 indent the outer k
 * levels and keep deeper containers on one line. */
dsp_jw	*dsp_jw_new(FILE *fp, int pretty);
int	 dsp_jw_end(dsp_jw *w);		/* frees; returns DSP_EIO on write error */
void	 dsp_jw_object(dsp_jw *w);	/* { */
void	 dsp_jw_array(dsp_jw *w);	/* [ */
void	 dsp_jw_close(dsp_jw *w);	/* } or ] */
void	 dsp_jw_key(dsp_jw *w, const char *key);
void	 dsp_jw_str(dsp_jw *w, const char *s);
void	 dsp_jw_num(dsp_jw *w, double v);
/* n numbers in a row, as n dsp_jw_num calls write them. */
void	 dsp_jw_nums(dsp_jw *w, const double *v, size_t n);
void	 dsp_jw_int(dsp_jw *w, long long v);
void	 dsp_jw_uint(dsp_jw *w, unsigned long long v);
void	 dsp_jw_bool(dsp_jw *w, int v);
void	 dsp_jw_null(dsp_jw *w);

/* Parsed JSON value (owned by the tree; free the root). */
enum dsp_jtype { DSP_JNULL, DSP_JBOOL, DSP_JNUM, DSP_JSTR, DSP_JARR, DSP_JOBJ };
typedef struct dsp_jval {
	enum dsp_jtype	  type;
	double		  num;
	int		  boolean;
	char		 *str;		/* JSTR; also the raw number text for JNUM */
	char		**keys;		/* JOBJ */
	struct dsp_jval	**items;	/* JARR / JOBJ values */
	size_t		  len;
} dsp_jval;

/* Parse; DSP_EPARSE with "offset N: ..." detail.  Depth and size limited. */
int		 dsp_json_parse(const char *buf, size_t len, dsp_jval **out);
/* The same with a text limit, a memory budget for the whole tree (bytes,
 * counting nodes, strings, item arrays and malloc overhead; 0: none;
 * DSP_ETOOBIG once exceeded, while parsing) and a filter: a member of the
 * top-level object whose key keep() rejects is checked but not built. */
int		 dsp_json_parse_ex(const char *buf, size_t len, size_t max_len,
		    size_t budget, int (*keep)(const char *key), dsp_jval **out);
void		 dsp_json_free(dsp_jval *v);
const dsp_jval	*dsp_json_get(const dsp_jval *obj, const char *key);

#endif
