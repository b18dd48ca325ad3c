/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Bounded whole-file reader shared by every input of disperse. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/io/readfile.h"

#define CHUNK	((size_t)1 << 16)

int
dsp_parse_bytes(const char *s, size_t *out)
{
	unsigned long long v = 0;
	size_t i = 0;
	int shift = 0;

	if (s == NULL || s[0] < '0' || s[0] > '9')
		return -1;
	for (; s[i] >= '0' && s[i] <= '9'; i++) {
		if (v > (~0ULL - 9) / 10)
			return -1;
		v = v * 10 + (unsigned long long)(s[i] - '0');
	}
	switch (s[i]) {
	case '\0':	break;
	case 'k': case 'K':	shift = 10; i++; break;
	case 'm': case 'M':	shift = 20; i++; break;
	case 'g': case 'G':	shift = 30; i++; break;
	default:	return -1;
	}
	if (s[i] != '\0' || v == 0 || v > (unsigned long long)(SIZE_MAX >> shift) ||
	    v << shift > (unsigned long long)SIZE_MAX - 1)
		return -1;
	*out = (size_t)(v << shift);
	return 0;
}

int
dsp_input_cap(size_t dflt, size_t *cap)
{
	const char *e = getenv("DISPERSE_MAX_INPUT");

	*cap = dflt;
	if (e == NULL || e[0] == '\0')
		return DSP_OK;
	if (dsp_parse_bytes(e, cap) != 0)
		return dsp_fail(DSP_EINVAL, "DISPERSE_MAX_INPUT: '%.40s' is not a size "
		    "(a positive number of bytes, or with K, M or G)", e);
	return DSP_OK;
}

/* "256 MiB" style for a cap in messages. */
static const char *
human(size_t b, char *buf, size_t size)
{
	if (b % ((size_t)1 << 30) == 0)
		snprintf(buf, size, "%zu GiB", b >> 30);
	else if (b % ((size_t)1 << 20) == 0)
		snprintf(buf, size, "%zu MiB", b >> 20);
	else if (b % 1024 == 0)
		snprintf(buf, size, "%zu KiB", b >> 10);
	else
		snprintf(buf, size, "%zu bytes", b);
	return buf;
}

int
dsp_input_open(dsp_input *in, const char *path, const char *name, size_t dflt_cap)
{
	struct stat st;
	char hb[32];
	int rc;

	memset(in, 0, sizeof *in);
	in->in = strcmp(path, "-") == 0;
	in->name = name != NULL ? name : in->in ? "<stdin>" : path;
	if ((rc = dsp_input_cap(dflt_cap, &in->cap)) != DSP_OK)
		return rc;
	if (in->in)
		in->fp = stdin;
	else if ((in->fp = fopen(path, "rb")) == NULL)
		return dsp_fail(DSP_EIO, "%s: cannot open: %s", in->name, strerror(errno));
	rc = DSP_OK;
	if (fstat(fileno(in->fp), &st) == 0) {
		if (S_ISDIR(st.st_mode))
			rc = dsp_fail(DSP_EIO, "%s: is a directory, not a file", in->name);
		else if (S_ISREG(st.st_mode) && (unsigned long long)st.st_size > in->cap)
			rc = dsp_fail(DSP_ETOOBIG, "%s: %lld bytes is over the %s input "
			    "limit (DISPERSE_MAX_INPUT raises it)", in->name,
			    (long long)st.st_size, human(in->cap, hb, sizeof hb));
	}
	if (rc != DSP_OK)
		dsp_input_close(in);
	return rc;
}

int
dsp_input_read(dsp_input *in, char *buf, size_t size, size_t *got)
{
	size_t k, first = in->n == 0;
	char *z, hb[32];

	*got = 0;
	k = fread(buf, 1, size, in->fp);
	if ((z = memchr(buf, '\0', k)) != NULL)
		return dsp_fail(DSP_EPARSE, "%s: binary content (NUL byte at offset "
		    "%zu), not text", in->name, in->n + (size_t)(z - buf));
	in->n += k;
	if (in->n > in->cap)
		return dsp_fail(DSP_ETOOBIG, "%s: more than the %s input limit "
		    "(DISPERSE_MAX_INPUT raises it)", in->name, human(in->cap, hb, sizeof hb));
	if (k == 0 && ferror(in->fp))
		return dsp_fail(DSP_EIO, "%s: cannot read: %s", in->name, strerror(errno));
	/* A UTF-8 byte order mark is not content. */
	if (first && k >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0) {
		memmove(buf, buf + 3, k - 3);
		k -= 3;
	}
	*got = k;
	return DSP_OK;
}

int
dsp_input_map(dsp_input *in, const char **data, size_t *len)
{
	struct stat st;
	void *m;
	size_t n;

	if (in->in || in->fp == NULL || in->map != NULL || fstat(fileno(in->fp), &st) != 0 ||
	    !S_ISREG(st.st_mode) || st.st_size <= 0 || (unsigned long long)st.st_size > in->cap ||
	    (unsigned long long)st.st_size > SIZE_MAX)
		return DSP_ENOTSUP;
	n = (size_t)st.st_size;
	/* Not MAP_POPULATE: the same kernel time (measured, 330 MB cached:
	 * 15 ms up front against 18 ms of faults), but the faults are taken by
	 * the parser's threads, each in its part, at once. */
	m = mmap(NULL, n, PROT_READ, MAP_PRIVATE, fileno(in->fp), 0);
	if (m == MAP_FAILED)
		return DSP_ENOTSUP;
	in->map = m;
	in->maplen = n;
	in->n = n;
	*data = m;
	*len = n;
	/* A UTF-8 byte order mark is not content. */
	if (n >= 3 && memcmp(m, "\xef\xbb\xbf", 3) == 0) {
		*data += 3;
		*len -= 3;
	}
	return DSP_OK;
}

void
dsp_input_mapped_done(const dsp_input *in, const char *data, size_t len)
{
	uintptr_t pg = (uintptr_t)sysconf(_SC_PAGESIZE), a, e;

	if (in->map == NULL || pg == 0 || (pg & (pg - 1)) != 0)
		return;
	a = ((uintptr_t)data + pg - 1) & ~(pg - 1);
	e = ((uintptr_t)data + len) & ~(pg - 1);
	if (e > a)
		(void)madvise((void *)a, e - a, MADV_DONTNEED);
}

void
dsp_input_close(dsp_input *in)
{
	if (in->map != NULL)
		munmap(in->map, in->maplen);
	in->map = NULL;
	if (in->fp != NULL && !in->in)
		fclose(in->fp);
	in->fp = NULL;
}

int
dsp_read_file(const char *path, const char *name, size_t dflt_cap, char **buf,
    size_t *len)
{
	size_t n = 0, have = 0, k, want;
	char *b = NULL, *nb;
	struct stat st;
	dsp_input in;
	int rc;

	*buf = NULL;
	*len = 0;
	/* A whole document (settings, snapshot, model, tour, pairs) is a
	 * regular file or standard input: opening a FIFO, a terminal or a
	 * device would wait for a writer, or read for ever. */
	if (strcmp(path, "-") != 0 && stat(path, &st) == 0 && !S_ISREG(st.st_mode) &&
	    !S_ISDIR(st.st_mode))
		return dsp_fail(DSP_EIO, "%s: not a regular file (a FIFO, device or "
		    "socket); give a file, or - for standard input",
		    name != NULL ? name : path);
	if ((rc = dsp_input_open(&in, path, name, dflt_cap)) != DSP_OK)
		return rc;
	for (;;) {
		if (have - n < 2) {
			/* Never more than cap + 2 bytes: one over the cap is
			 * enough to know, one for the final NUL. */
			want = have ? 2 * have : 2 * CHUNK;
			if (want > in.cap + 2)
				want = in.cap + 2;
			if ((nb = dsp_realloc(b, want)) == NULL) {
				rc = dsp_fail(DSP_ENOMEM, "%s: out of memory after %zu bytes",
				    in.name, n);
				goto out;
			}
			b = nb;
			have = want;
		}
		if ((rc = dsp_input_read(&in, b + n, have - n - 1 < CHUNK ? have - n - 1 : CHUNK,
		    &k)) != DSP_OK)
			goto out;
		n += k;
		if (k == 0)
			break;
	}
	b[n] = '\0';
	*buf = b;
	*len = n;
	b = NULL;
out:
	free(b);
	dsp_input_close(&in);
	return rc;
}
