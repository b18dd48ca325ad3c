/* SPDX-License-Identifier: GPL-3.0-or-later */
/* JSON writer: streaming, escaped, non-finite numbers as null, doubles in
 * their shortest round-trip text (the parser is json_parse.c). */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/math/dtoa.h"
#include "core/alloc.h"
#include "core/error.h"
#include "core/io/escape.h"
#include "export/json.h"

/* ---- writer ---------------------------------------------------------- */

#define JW_DEPTH 64

struct dsp_jw {
	FILE	*fp;
	int	 pretty;
	int	 depth;
	int	 count[JW_DEPTH];	/* values written at each level */
	char	 kind[JW_DEPTH];	/* closing character of each level */
	int	 after_key;		/* next value follows "key": */
	int	 bad;			/* misuse or write error */
};

dsp_jw *
dsp_jw_new(FILE *fp, int pretty)
{
	dsp_jw *w;

	if ((w = dsp_calloc(1, sizeof *w)) == NULL)
		return NULL;
	w->fp = fp;
	w->pretty = pretty;
	return w;
}

int
dsp_jw_end(dsp_jw *w)
{
	int bad;

	if (w == NULL)
		return DSP_ENOMEM;
	while (w->depth > 0) {
		w->bad = 1;	/* unclosed container: close it, report */
		dsp_jw_close(w);
	}
	if (w->pretty)
		fputc('\n', w->fp);
	bad = w->bad || ferror(w->fp);
	free(w);
	return bad ? dsp_fail(DSP_EIO, "JSON write failed") : DSP_OK;
}

/* pretty 1 breaks every level; k >= 2 only the outer k levels, deeper
 * containers stay on one line (table rows). */
static int
breaks(const dsp_jw *w, int depth)
{
	return w->pretty == 1 || (w->pretty > 1 && depth <= w->pretty);
}

/* The text of a line break at the current depth (or the space between
 * values on one line) into buf (2 JW_DEPTH + 2 bytes); returns its length. */
static size_t
newline_text(const dsp_jw *w, char *buf)
{
	size_t n = 0;
	int i;

	if (!breaks(w, w->depth)) {
		if (w->pretty && w->depth > 0 && w->count[w->depth - 1] > 1)
			buf[n++] = ' ';
		return n;
	}
	buf[n++] = '\n';
	for (i = 0; i < w->depth; i++) {
		buf[n++] = ' ';
		buf[n++] = ' ';
	}
	return n;
}

static void
newline(dsp_jw *w)
{
	char buf[2 * JW_DEPTH + 2];

	fwrite(buf, 1, newline_text(w, buf), w->fp);
}

/* The separator before a value or key at the current level into buf
 * (2 JW_DEPTH + 3 bytes); returns its length. */
static size_t
sep_text(dsp_jw *w, char *buf)
{
	size_t n = 0;

	if (w->after_key) {
		w->after_key = 0;
		return 0;
	}
	if (w->depth > 0) {
		if (w->count[w->depth - 1]++ > 0)
			buf[n++] = ',';
		n += newline_text(w, buf + n);
	}
	return n;
}

/* Separator before a value or key at the current level. */
static void
begin_value(dsp_jw *w)
{
	char buf[2 * JW_DEPTH + 3];
	size_t n = sep_text(w, buf);

	if (n > 0)
		fwrite(buf, 1, n, w->fp);
}

static void
put_string(FILE *fp, const char *s)
{
	const unsigned char *p = (const unsigned char *)(s != NULL ? s : "");
	int len;

	fputc('"', fp);
	for (; *p != '\0'; p++) {
		/* Valid UTF-8 out even for a non-UTF-8 file name: a stray
		 * byte is written as the text \xNN (as dsp_escape does). */
		if ((len = dsp_utf8_len(p)) == 0) {
			fprintf(fp, "\\\\x%02x", *p);
			continue;
		}
		if (len > 1) {
			if (dsp_is_control(p, len))
				fprintf(fp, "\\u%04x", p[1]);	/* C2 80..9F: U+0080..U+009F */
			else
				fwrite(p, 1, (size_t)len, fp);
			p += len - 1;
			continue;
		}
		switch (*p) {
		case '"':	fputs("\\\"", fp); break;
		case '\\':	fputs("\\\\", fp); break;
		case '\b':	fputs("\\b", fp); break;
		case '\f':	fputs("\\f", fp); break;
		case '\n':	fputs("\\n", fp); break;
		case '\r':	fputs("\\r", fp); break;
		case '\t':	fputs("\\t", fp); break;
		default:
			if (*p < 0x20 || *p == 0x7f)
				fprintf(fp, "\\u%04x", *p);
			else
				fputc(*p, fp);
		}
	}
	fputc('"', fp);
}

static void
open_container(dsp_jw *w, int c)
{
	begin_value(w);
	fputc(c, w->fp);
	if (w->depth >= JW_DEPTH) {
		w->bad = 1;
		return;
	}
	w->kind[w->depth] = c == '{' ? '}' : ']';
	w->count[w->depth++] = 0;
}

void
dsp_jw_object(dsp_jw *w)
{
	open_container(w, '{');
}

void
dsp_jw_array(dsp_jw *w)
{
	open_container(w, '[');
}

void
dsp_jw_close(dsp_jw *w)
{
	if (w->depth == 0) {
		w->bad = 1;
		return;
	}
	if (w->count[w->depth - 1] > 0 && breaks(w, w->depth)) {
		w->depth--;
		newline(w);
	} else
		w->depth--;
	fputc(w->kind[w->depth], w->fp);
}

void
dsp_jw_key(dsp_jw *w, const char *key)
{
	begin_value(w);
	put_string(w->fp, key);
	fputc(':', w->fp);
	if (w->pretty)
		fputc(' ', w->fp);
	w->after_key = 1;
}

void
dsp_jw_str(dsp_jw *w, const char *s)
{
	begin_value(w);
	put_string(w->fp, s);
}

void
dsp_jw_num(dsp_jw *w, double v)
{
	char buf[2 * JW_DEPTH + 3 + DSP_DTOA_SIZE];
	size_t n = sep_text(w, buf);

	/* Shortest text that reads back bit-exact (core/math/dtoa.h), with its
	 * separator in one write: a snapshot writes millions of these. */
	if (isfinite(v))
		n += (size_t)dsp_dtoa(v, buf + n);
	else {
		memcpy(buf + n, "null", 4);
		n += 4;
	}
	fwrite(buf, 1, n, w->fp);
}

/* A block of numbers' text at a time, one write each: the separator is
 * the same from the second number on. */
#define JW_BLOCK	((size_t)1 << 16)

void
dsp_jw_nums(dsp_jw *w, const double *v, size_t n)
{
	char sep[2 * JW_DEPTH + 3], *buf;
	size_t i = 0, len = 0, k;

	if (n < 2 || (buf = dsp_malloc(JW_BLOCK)) == NULL) {
		for (; i < n; i++)	/* a few, or no memory for a block */
			dsp_jw_num(w, v[i]);
		return;
	}
	dsp_jw_num(w, v[i++]);
	k = sep_text(w, sep);
	if (w->depth > 0)
		w->count[w->depth - 1] = 2;	/* past 1 is all it says */
	for (; i < n; i++) {
		if (len + k + DSP_DTOA_SIZE > JW_BLOCK) {
			fwrite(buf, 1, len, w->fp);
			len = 0;
		}
		memcpy(buf + len, sep, k);
		len += k;
		if (isfinite(v[i]))
			len += (size_t)dsp_dtoa(v[i], buf + len);
		else {
			memcpy(buf + len, "null", 4);
			len += 4;
		}
	}
	fwrite(buf, 1, len, w->fp);
	free(buf);
}

void
dsp_jw_int(dsp_jw *w, long long v)
{
	begin_value(w);
	fprintf(w->fp, "%lld", v);
}

void
dsp_jw_uint(dsp_jw *w, unsigned long long v)
{
	begin_value(w);
	fprintf(w->fp, "%llu", v);
}

void
dsp_jw_bool(dsp_jw *w, int v)
{
	begin_value(w);
	fputs(v ? "true" : "false", w->fp);
}

void
dsp_jw_null(dsp_jw *w)
{
	begin_value(w);
	fputs("null", w->fp);
}
