/* Bounded whole-file reader shared by every input of disperse. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/error.h"
#include "core/readfile.h"

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
dsp_read_file(const char *path, const char *name, size_t dflt_cap, char **buf,
    size_t *len)
{
	int in = strcmp(path, "-") == 0, rc, e;
	size_t cap, n = 0, have = 0, k, want;
	char *b = NULL, *nb, *z, hb[32];
	struct stat st;
	FILE *fp;

	*buf = NULL;
	*len = 0;
	if (name == NULL)
		name = in ? "<stdin>" : path;
	if ((rc = dsp_input_cap(dflt_cap, &cap)) != DSP_OK)
		return rc;
	if (in)
		fp = stdin;
	else if ((fp = fopen(path, "rb")) == NULL)
		return dsp_fail(DSP_EIO, "%s: cannot open: %s", name, strerror(errno));
	if (fstat(fileno(fp), &st) == 0) {
		if (S_ISDIR(st.st_mode)) {
			rc = dsp_fail(DSP_EIO, "%s: is a directory, not a file", name);
			goto out;
		}
		if (S_ISREG(st.st_mode) && (unsigned long long)st.st_size > cap) {
			rc = dsp_fail(DSP_ETOOBIG, "%s: %lld bytes is over the %s input "
			    "limit (DISPERSE_MAX_INPUT raises it)", name,
			    (long long)st.st_size, human(cap, hb, sizeof hb));
			goto out;
		}
	}
	for (;;) {
		if (have - n < 2) {
			/* Never more than cap + 2 bytes: one over the cap is
			 * enough to know, one for the final NUL. */
			want = have ? 2 * have : 2 * CHUNK;
			if (want > cap + 2)
				want = cap + 2;
			if ((nb = realloc(b, want)) == NULL) {
				rc = dsp_fail(DSP_ENOMEM, "%s: out of memory after %zu bytes",
				    name, n);
				goto out;
			}
			b = nb;
			have = want;
		}
		k = fread(b + n, 1, have - n - 1 < CHUNK ? have - n - 1 : CHUNK, fp);
		if ((z = memchr(b + n, '\0', k)) != NULL) {
			rc = dsp_fail(DSP_EPARSE, "%s: binary content (NUL byte at offset "
			    "%zu), not text", name, (size_t)(z - b));
			goto out;
		}
		n += k;
		if (n > cap) {
			rc = dsp_fail(DSP_ETOOBIG, "%s: more than the %s input limit "
			    "(DISPERSE_MAX_INPUT raises it)", name, human(cap, hb, sizeof hb));
			goto out;
		}
		if (k == 0)
			break;
	}
	if (ferror(fp)) {
		e = errno;
		rc = dsp_fail(DSP_EIO, "%s: cannot read: %s", name, strerror(e));
		goto out;
	}
	/* A UTF-8 byte order mark is not content. */
	if (n >= 3 && memcmp(b, "\xef\xbb\xbf", 3) == 0) {
		memmove(b, b + 3, n - 3);
		n -= 3;
	}
	b[n] = '\0';
	*buf = b;
	*len = n;
	b = NULL;
	rc = DSP_OK;
out:
	free(b);
	if (!in)
		fclose(fp);
	return rc;
}
