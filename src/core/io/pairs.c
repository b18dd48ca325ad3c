/* SPDX-License-Identifier: GPL-3.0-or-later */
/* (H, beta*) pairs as CSV text, for `fit --pairs`: the reader of the
 * refit's input (the fit itself is core/math/fit.c, which reads no files). */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/io/pairs.h"
#include "core/io/readfile.h"

#define WS		" \t\r\v\f"

/* Growable pair of arrays. */
struct xy {
	double	*x, *y;
	size_t	 n, cap;
};

static int
xy_push(struct xy *a, double x, double y)
{
	double *nx, *ny;
	size_t cap;

	if (a->n == a->cap) {
		cap = a->cap ? 2 * a->cap : 64;
		if ((nx = dsp_realloc(a->x, cap * sizeof *nx)) == NULL)
			return dsp_fail_nomem(NULL, 0);
		a->x = nx;
		if ((ny = dsp_realloc(a->y, cap * sizeof *ny)) == NULL)
			return dsp_fail_nomem(NULL, 0);
		a->y = ny;
		a->cap = cap;
	}
	a->x[a->n] = x;
	a->y[a->n] = y;
	a->n++;
	return DSP_OK;
}

static char *
trim(char *s)
{
	char *end;

	while (isspace((unsigned char)*s))
		s++;
	end = s + strlen(s);
	while (end > s && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return s;
}

/* Split one line (NUL-terminated, comment stripped) into fields at commas,
 * or at white space when there is no comma.  Returns the field count
 * (0 for a blank line). */
static int
split_fields(char *line, char **f, int max)
{
	char *s, *next, *save = NULL;
	int k = 0;

	line = trim(line);
	if (*line == '\0')
		return 0;
	if (strchr(line, ',') != NULL) {
		for (s = line; s != NULL; s = next, k++) {
			if ((next = strchr(s, ',')) != NULL)
				*next++ = '\0';
			if (k < max)
				f[k] = trim(s);
		}
		return k;
	}
	for (s = strtok_r(line, WS, &save); s != NULL; s = strtok_r(NULL, WS, &save))
		if (k++ < max)
			f[k - 1] = s;
	return k;
}

static int
parse_number(const char *s, double *v)
{
	char *end;

	if (*s == '\0')
		return 0;
	errno = 0;
	*v = strtod(s, &end);
	return *end == '\0' && errno != ERANGE;
}

static int
parse_line(char *line, const char *name, unsigned lineno, int *seen, struct xy *a)
{
	char *f[3], *hash;
	double x, y;
	int k, okx, oky;

	if ((hash = strchr(line, '#')) != NULL)
		*hash = '\0';
	k = split_fields(line, f, 3);
	if (k == 0)
		return DSP_OK;
	if (k != 2)
		return dsp_fail(DSP_EPARSE, "%s:%u: expected 2 columns (H, beta), "
		    "got %d", name, lineno, k);
	okx = parse_number(f[0], &x);
	oky = parse_number(f[1], &y);
	if (!okx && !oky && !*seen) {
		*seen = 1;	/* header line */
		return DSP_OK;
	}
	*seen = 1;
	if (!okx || !oky)
		return dsp_fail(DSP_EPARSE, "%s:%u: '%s' is not a number", name,
		    lineno, okx ? f[1] : f[0]);
	if (!isfinite(x) || !isfinite(y))
		return dsp_fail(DSP_EPARSE, "%s:%u: value is not finite", name, lineno);
	if (xy_push(a, x, y) != DSP_OK)
		return dsp_fail_nomem(NULL, 0);
	return DSP_OK;
}

int
dsp_parse_pairs(const char *buf, size_t len, const char *name, double **x,
    double **y, size_t *n)
{
	struct xy a = { NULL, NULL, 0, 0 };
	char *line = NULL;
	size_t i = 0, j, cap = 0;
	unsigned lineno = 0;
	int rc = DSP_OK, seen = 0;

	if (name == NULL)
		name = "<pairs>";
	while (i < len && rc == DSP_OK) {
		/* A line ends at LF, CRLF (the CR is white space to the
		 * field splitter) or a lone CR. */
		for (j = i; j < len && buf[j] != '\n' &&
		    !(buf[j] == '\r' && (j + 1 == len || buf[j + 1] != '\n')); j++)
			;
		lineno++;
		if (j - i + 1 > cap) {
			char *nl;

			if ((nl = dsp_realloc(line, j - i + 1)) == NULL) {
				rc = dsp_fail_nomem(NULL, 0);
				break;
			}
			line = nl;
			cap = j - i + 1;
		}
		memcpy(line, buf + i, j - i);
		line[j - i] = '\0';
		if (memchr(line, '\0', j - i) != NULL)
			rc = dsp_fail(DSP_EPARSE, "%s:%u: NUL byte", name, lineno);
		else
			rc = parse_line(line, name, lineno, &seen, &a);
		i = j + 1;
	}
	free(line);
	if (rc == DSP_OK && a.n == 0)
		rc = dsp_fail(DSP_EEMPTY, "%s: no (H, beta) pairs", name);
	if (rc != DSP_OK) {
		free(a.x);
		free(a.y);
		return rc;
	}
	*x = a.x;
	*y = a.y;
	*n = a.n;
	return DSP_OK;
}

int
dsp_load_pairs(const char *path, double **x, double **y, size_t *n)
{
	char *buf;
	size_t len;
	int rc;

	if ((rc = dsp_read_file(path, NULL, DSP_CAP_PAIRS, &buf, &len)) != DSP_OK)
		return rc;
	rc = dsp_parse_pairs(buf, len, strcmp(path, "-") == 0 ? "<stdin>" : path,
	    x, y, n);
	free(buf);
	return rc;
}
