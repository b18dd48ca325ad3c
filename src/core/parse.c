/* Logit text parser: numbers separated by white space, commas or newlines. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/parse.h"
#include "core/readfile.h"

static int
is_sep(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',' ||
	    c == ';' || c == '\f' || c == '\v';
}

int
dsp_parse_logits(const char *buf, size_t len, double **out, size_t *n)
{
	double *v = NULL, *nv, x;
	size_t cap = 0, k = 0, i = 0, line = 1, tl;
	char tok[128], *end;
	int rc;

	*out = NULL;
	*n = 0;
	while (i < len) {
		/* LF, CRLF and a lone CR each end one line. */
		if (buf[i] == '\n' || (buf[i] == '\r' && (i + 1 == len || buf[i + 1] != '\n')))
			line++;
		if (is_sep(buf[i])) {
			i++;
			continue;
		}
		if (buf[i] == '#') {
			while (i < len && buf[i] != '\n')
				i++;
			continue;
		}
		for (tl = 0; i + tl < len && !is_sep(buf[i + tl]) && buf[i + tl] != '#'; tl++)
			;
		if (tl >= sizeof tok) {
			rc = dsp_fail(DSP_EPARSE, "line %zu: a number of %zu characters "
			    "(at most %zu)", line, tl, sizeof tok - 1);
			goto fail;
		}
		if (memchr(buf + i, '\0', tl) != NULL) {
			rc = dsp_fail(DSP_EPARSE, "line %zu: not a number", line);
			goto fail;
		}
		memcpy(tok, buf + i, tl);
		tok[tl] = '\0';
		errno = 0;
		x = strtod(tok, &end);
		if (end == tok || *end != '\0') {
			rc = dsp_fail(DSP_EPARSE, "line %zu: '%.40s' is not a number", line, tok);
			goto fail;
		}
		if (!isfinite(x)) {
			rc = dsp_fail(DSP_EPARSE, "line %zu: '%.40s' is not finite%s", line, tok,
			    errno == ERANGE ? " (overflows a double)" : "");
			goto fail;
		}
		if (k == cap) {
			cap = cap ? cap * 2 : 1024;
			if ((nv = realloc(v, cap * sizeof *v)) == NULL) {
				rc = dsp_fail(DSP_ENOMEM, "out of memory after %zu logits", k);
				goto fail;
			}
			v = nv;
		}
		v[k++] = x;
		i += tl;
	}
	if (k == 0) {
		free(v);
		return dsp_fail(DSP_EEMPTY, "no logits in input");
	}
	*out = v;
	*n = k;
	return DSP_OK;
fail:
	free(v);
	return rc;
}

int
dsp_read_logits(FILE *fp, double **out, size_t *n)
{
	char *buf = NULL, *nb;
	size_t len = 0, cap = 0, got, max;
	int rc;

	if ((rc = dsp_input_cap(DSP_CAP_LOGITS, &max)) != DSP_OK)
		return rc;
	for (;;) {
		if (len > max) {
			free(buf);
			return dsp_fail(DSP_ETOOBIG, "more than %zu bytes of logits "
			    "(DISPERSE_MAX_INPUT raises the limit)", max);
		}
		if (cap - len < 65536) {
			cap = cap ? cap * 2 : 65536;
			if ((nb = realloc(buf, cap)) == NULL) {
				free(buf);
				return dsp_fail(DSP_ENOMEM, "out of memory reading logits");
			}
			buf = nb;
		}
		got = fread(buf + len, 1, cap - len, fp);
		len += got;
		if (got == 0)
			break;
	}
	if (ferror(fp)) {
		free(buf);
		return dsp_fail(DSP_EIO, "read error: %s", strerror(errno));
	}
	rc = dsp_parse_logits(buf, len, out, n);
	free(buf);
	return rc;
}

int
dsp_load_logits(const char *path, double **out, size_t *n)
{
	const char *name = strcmp(path, "-") == 0 ? "stdin" : path;
	char *buf, msg[512];
	size_t len;
	int rc;

	*out = NULL;
	*n = 0;
	if ((rc = dsp_read_file(path, name, DSP_CAP_LOGITS, &buf, &len)) != DSP_OK)
		return rc;	/* already names the file */
	rc = dsp_parse_logits(buf, len, out, n);
	free(buf);
	if (rc != DSP_OK) {
		snprintf(msg, sizeof msg, "%s", dsp_last_error());
		return dsp_fail(rc, "%s: %s", name, msg);
	}
	return rc;
}
