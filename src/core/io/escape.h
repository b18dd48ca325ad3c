/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The one escaping of untrusted text (file names, file contents, detail
 * messages that quote them) before it reaches a terminal, a text or CSV
 * field or a JSON string: nothing crafted may drive the terminal (OSC title,
 * cursor moves) or inject a line. */
#ifndef DSP_ESCAPE_H
#define DSP_ESCAPE_H

#include <stddef.h>

/* Length (1..4) of the valid, shortest-form UTF-8 sequence at s, 0 if the
 * bytes at s do not start one. */
int	dsp_utf8_len(const unsigned char *s);
/* 1 if the valid UTF-8 sequence at s (of length len) is a control
 * character: C0, DEL or C1 (U+0080..U+009F). */
int	dsp_is_control(const unsigned char *s, int len);
/* Copy src into dst (size bytes, always NUL-terminated when size > 0,
 * never cutting an escape): control characters become \t \n \r or \xNN,
 * bytes that are not valid UTF-8 become \xNN, a backslash stays as is.
 * keep_newline: '\n' is copied as is (multi-line text such as a screen
 * dump).  Returns the length the whole escaped text needs, as snprintf. */
size_t	dsp_escape(char *dst, size_t size, const char *src, int keep_newline);
/* The same into a malloc'd string (NULL when out of memory). */
char	*dsp_escape_dup(const char *src, int keep_newline);

#endif
