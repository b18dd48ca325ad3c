/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Escaping of untrusted text for terminals, text/CSV fields and JSON. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/io/escape.h"

int
dsp_utf8_len(const unsigned char *s)
{
	unsigned c = s[0];
	unsigned long cp;
	int n, i;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		n = 2, cp = c & 0x1f;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3, cp = c & 0x0f;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4, cp = c & 0x07;
	else
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;	/* also stops at the terminating NUL */
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	/* Overlong forms, surrogates, past U+10FFFF. */
	if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return n;
}

int
dsp_is_control(const unsigned char *s, int len)
{
	if (len == 1)
		return s[0] < 0x20 || s[0] == 0x7f;
	return len == 2 && s[0] == 0xc2 && s[1] < 0xa0;
}

size_t
dsp_escape(char *dst, size_t size, const char *src, int keep_newline)
{
	const unsigned char *p = (const unsigned char *)(src != NULL ? src : "");
	size_t out = 0, k;
	char esc[8 * 4 + 1];
	int len, i;

	for (; *p != '\0'; p += len) {
		len = dsp_utf8_len(p);
		if (len == 0) {
			snprintf(esc, sizeof esc, "\\x%02x", *p);
			len = 1;
		} else if (*p == '\n' && keep_newline)
			strcpy(esc, "\n");
		else if (dsp_is_control(p, len)) {
			if (*p == '\n')
				strcpy(esc, "\\n");
			else if (*p == '\t')
				strcpy(esc, "\\t");
			else if (*p == '\r')
				strcpy(esc, "\\r");
			else
				for (esc[0] = '\0', i = 0; i < len; i++)
					snprintf(esc + strlen(esc), sizeof esc - strlen(esc),
					    "\\x%02x", p[i]);
		} else {
			memcpy(esc, p, (size_t)len);
			esc[len] = '\0';
		}
		k = strlen(esc);
		if (size > 0 && out + k < size)
			memcpy(dst + out, esc, k);
		else if (size > 0 && out < size)
			size = out + 1;	/* stop here: no cut escapes */
		out += k;
	}
	if (size > 0)
		dst[out < size ? out : size - 1] = '\0';
	return out;
}

char *
dsp_escape_dup(const char *src, int keep_newline)
{
	size_t n = dsp_escape(NULL, 0, src, keep_newline);
	char *d;

	if ((d = dsp_malloc(n + 1)) != NULL)
		dsp_escape(d, n + 1, src, keep_newline);
	return d;
}
