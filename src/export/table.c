/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tables of numbers as aligned text, CSV (RFC 4180 quoting) or JSON.
 *
 * Text and CSV start with "# key: value" stamp lines (and "# title" first),
 * then a header line of column names, then one line per row.  JSON is one
 * object:
 *	{ "title": "...", "params": { key: value, ... },
 *	  "columns": [ "name", ... ],
 *	  "rows": [ { "name": value, ... }, ... ] }
 * where a stamp value that reads as a JSON number or true/false is written
 * as such (its exact text), other stamps as strings; cells are numbers
 * (null when not finite) or strings for text cells. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/io/escape.h"
#include "core/schema/family.h"
#include "core/schema/figures.h"
#include "core/schema/ptable.h"
#include "export/json.h"
#include "export/table.h"

struct dsp_table {
	char	 *title;
	size_t	  nstamps, stampcap;
	char	**skey, **sval;
	unsigned char *stext;	/* 1: a JSON string even if it reads as a number */
	size_t	  ntext;	/* entries of stext (the first stamps) */
	size_t	  ncols, colcap;
	char	**cname, **cfmt;
	size_t	  nrows, rowcap;
	double	 *cells;	/* nrows * ncols */
	char	**texts;	/* same shape; NULL = numeric */
	/* The first allocation that failed while the table was built: a
	 * table missing a stamp, a column or a cell is never written
	 * (dsp_table_write fails with it), so a caller that does not check
	 * every call still cannot publish a table short of something. */
	char	  nomem[160];
};

static int
table_nomem(dsp_table *t, const char *what, size_t bytes)
{
	dsp_fail_nomem(what, bytes);
	if (t != NULL && t->nomem[0] == '\0')
		snprintf(t->nomem, sizeof t->nomem, "%s", dsp_last_error());
	return DSP_ENOMEM;
}

dsp_table *
dsp_table_alloc(const char *title)
{
	dsp_table *t;

	if ((t = dsp_calloc(1, sizeof *t)) == NULL)
		return NULL;
	if (title != NULL && (t->title = dsp_strdup(title)) == NULL) {
		free(t);
		return NULL;
	}
	return t;
}

void
dsp_table_free(dsp_table *t)
{
	size_t i;

	if (t == NULL)
		return;
	for (i = 0; i < t->nstamps; i++) {
		free(t->skey[i]);
		free(t->sval[i]);
	}
	for (i = 0; i < t->ncols; i++) {
		free(t->cname[i]);
		free(t->cfmt[i]);
	}
	if (t->texts != NULL)
		for (i = 0; i < t->nrows * t->ncols; i++)
			free(t->texts[i]);
	free(t->skey);
	free(t->sval);
	free(t->stext);
	free(t->cname);
	free(t->cfmt);
	free(t->cells);
	free(t->texts);
	free(t->title);
	free(t);
}

/* Grow two parallel string arrays to hold one more entry. */
static int
grow2(char ***a, char ***b, size_t n, size_t *cap)
{
	size_t ncap;
	char **na, **nb;

	if (n < *cap)
		return 0;
	ncap = *cap ? *cap * 2 : 16;
	if ((na = dsp_realloc(*a, ncap * sizeof *na)) == NULL)
		return -1;
	*a = na;
	if ((nb = dsp_realloc(*b, ncap * sizeof *nb)) == NULL)
		return -1;
	*b = nb;
	*cap = ncap;
	return 0;
}

int
dsp_table_stamp(dsp_table *t, const char *key, const char *value)
{
	char *k, *v;

	if (t == NULL || key == NULL)
		return dsp_fail(DSP_EINVAL, "table stamp without a key");
	if (grow2(&t->skey, &t->sval, t->nstamps, &t->stampcap) != 0)
		return table_nomem(t, "a table's stamps", 2 * (t->stampcap + 1) * sizeof(char *));
	k = dsp_strdup(key);
	/* Stamps quote file names: escaped once here for text, CSV and JSON. */
	v = dsp_escape_dup(value != NULL ? value : "", 0);
	if (k == NULL || v == NULL) {
		free(k);
		free(v);
		return table_nomem(t, "a table stamp", strlen(key) + 1 +
		    (value != NULL ? strlen(value) + 1 : 1));
	}
	t->skey[t->nstamps] = k;
	t->sval[t->nstamps++] = v;
	return DSP_OK;
}

int
dsp_table_stamp_text(dsp_table *t, const char *key, const char *value)
{
	unsigned char *nt;
	int rc;

	if ((rc = dsp_table_stamp(t, key, value)) != DSP_OK)
		return rc;
	if ((nt = dsp_realloc(t->stext, t->nstamps)) == NULL)
		return table_nomem(t, "a table's stamps", t->nstamps);
	memset(nt + t->ntext, 0, t->nstamps - t->ntext);
	t->stext = nt;
	t->ntext = t->nstamps;
	t->stext[t->nstamps - 1] = 1;
	return DSP_OK;
}

int
dsp_table_stampf(dsp_table *t, const char *key, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	return dsp_table_stamp(t, key, buf);
}

int
dsp_table_column(dsp_table *t, const char *name, const char *numfmt)
{
	char *n, *f;

	if (t == NULL || name == NULL)
		return dsp_fail(DSP_EINVAL, "table column without a name");
	if (t->nrows > 0)
		return dsp_fail(DSP_EINVAL, "table columns must come before rows");
	if (grow2(&t->cname, &t->cfmt, t->ncols, &t->colcap) != 0)
		return table_nomem(t, "a table's columns", 2 * (t->colcap + 1) * sizeof(char *));
	n = dsp_strdup(name);
	f = dsp_strdup(numfmt != NULL ? numfmt : "%.10g");
	if (n == NULL || f == NULL) {
		free(n);
		free(f);
		return table_nomem(t, "a table column", strlen(name) + 8);
	}
	t->cname[t->ncols] = n;
	t->cfmt[t->ncols++] = f;
	return DSP_OK;
}

int
dsp_table_row(dsp_table *t, const double *values)
{
	size_t ncap, i;
	double *nc;
	char **nt;

	if (t == NULL || t->ncols == 0)
		return dsp_fail(DSP_EINVAL, "table row before any column");
	if (t->nrows == t->rowcap) {
		ncap = t->rowcap ? t->rowcap * 2 : 16;
		if ((nc = dsp_realloc(t->cells, ncap * t->ncols * sizeof *nc)) == NULL)
			return table_nomem(t, "a table's rows", ncap * t->ncols * sizeof *nc);
		t->cells = nc;
		if ((nt = dsp_realloc(t->texts, ncap * t->ncols * sizeof *nt)) == NULL)
			return table_nomem(t, "a table's rows", ncap * t->ncols * sizeof *nt);
		t->texts = nt;
		t->rowcap = ncap;
	}
	for (i = 0; i < t->ncols; i++) {
		t->cells[t->nrows * t->ncols + i] = values != NULL ? values[i] : NAN;
		t->texts[t->nrows * t->ncols + i] = NULL;
	}
	t->nrows++;
	return DSP_OK;
}

size_t
dsp_table_rows(const dsp_table *t)
{
	return t != NULL ? t->nrows : 0;
}

int
dsp_table_set_text(dsp_table *t, size_t row, size_t col, const char *s)
{
	char *d;

	if (t == NULL || row >= t->nrows || col >= t->ncols)
		return dsp_fail(DSP_EINVAL, "table cell (%zu, %zu) out of range", row, col);
	if ((d = dsp_strdup(s != NULL ? s : "")) == NULL)
		return table_nomem(t, "a table cell", s != NULL ? strlen(s) + 1 : 1);
	free(t->texts[row * t->ncols + col]);
	t->texts[row * t->ncols + col] = d;
	return DSP_OK;
}

int
dsp_format_parse(const char *s)
{
	if (s == NULL)
		return -1;
	if (strcmp(s, "text") == 0)
		return DSP_FMT_TEXT;
	if (strcmp(s, "csv") == 0)
		return DSP_FMT_CSV;
	if (strcmp(s, "json") == 0)
		return DSP_FMT_JSON;
	return -1;
}

/* The significant digits N of a column format "%.Ng", else 0 (a format
 * such as "%.0f" or "%.4f" is the column's own choice). */
static int
sig_digits(const char *fmt)
{
	int d = 0;

	/* By hand, not strtol: this runs for every cell of a snapshot's
	 * weights (millions of rows). */
	if (fmt[0] != '%' || fmt[1] != '.')
		return 0;
	for (fmt += 2; *fmt >= '0' && *fmt <= '9' && d <= 17; fmt++)
		d = d * 10 + (*fmt - '0');
	return fmt[0] == 'g' && fmt[1] == '\0' && d > 0 && d <= 17 ? d : 0;
}

/* Text of one cell (s: its text, else the number v in format fmt): a
 * "%.Ng" column by the one rule for numbers shown rounded (dsp_fmt_cell:
 * whole numbers exact, never rounded onto a whole number it is not).
 * Returns its length. */
static size_t
format_cell(const char *fmt, double v, const char *s, char *buf, size_t size)
{
	size_t k;
	int digits;

	if (s != NULL) {
		/* Not snprintf("%s"): a snapshot's weights pass here twice a row. */
		k = strlen(s);
		k = k < size ? k : size - 1;
		memcpy(buf, s, k);
		buf[k] = '\0';
		return k;
	} else if (isnan(v))
		snprintf(buf, size, "nan");
	else if (isinf(v))
		snprintf(buf, size, v > 0 ? "inf" : "-inf");
	else if ((digits = sig_digits(fmt)) > 0)
		dsp_fmt_cell(buf, size, v, digits);
	else {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
		snprintf(buf, size, fmt, v);
#pragma GCC diagnostic pop
		/* "-0" reads oddly in a report. */
		if (strcmp(buf, "-0") == 0)
			snprintf(buf, size, "0");
	}
	return strlen(buf);
}

size_t
dsp_table_cell(const dsp_table *t, size_t col, double v, char *buf, size_t size)
{
	return format_cell(t->cfmt[col], v, NULL, buf, size);
}

/* Text of a cell for text and CSV output. */
static void
cell_text(const dsp_table *t, size_t r, size_t c, char *buf, size_t size)
{
	format_cell(t->cfmt[c], t->cells[r * t->ncols + c], t->texts[r * t->ncols + c],
	    buf, size);
}

static void
write_stamps(const dsp_table *t, FILE *fp)
{
	size_t i;

	if (t->title != NULL)
		fprintf(fp, "# %s\n", t->title);
	for (i = 0; i < t->nstamps; i++)
		fprintf(fp, "# %s: %s\n", t->skey[i], t->sval[i]);
}

#define CELL_MAX 256

static int
write_text(const dsp_table *t, FILE *fp)
{
	size_t *w, r, c, len;
	int *numeric;
	char buf[CELL_MAX];

	write_stamps(t, fp);
	if (t->ncols == 0)
		return DSP_OK;
	w = dsp_calloc(t->ncols, sizeof *w);
	numeric = dsp_calloc(t->ncols, sizeof *numeric);
	if (w == NULL || numeric == NULL) {
		free(w);
		free(numeric);
		return dsp_fail_nomem(NULL, 0);
	}
	for (c = 0; c < t->ncols; c++) {
		w[c] = strlen(t->cname[c]);
		numeric[c] = 1;
		for (r = 0; r < t->nrows; r++) {
			cell_text(t, r, c, buf, sizeof buf);
			if ((len = strlen(buf)) > w[c])
				w[c] = len;
			if (t->texts[r * t->ncols + c] != NULL)
				numeric[c] = 0;
		}
	}
	/* Numbers right-aligned, text left-aligned; no trailing blanks. */
	for (c = 0; c < t->ncols; c++) {
		if (numeric[c])
			fprintf(fp, "%s%*s", c ? "  " : "", (int)w[c], t->cname[c]);
		else if (c + 1 < t->ncols)
			fprintf(fp, "%s%-*s", c ? "  " : "", (int)w[c], t->cname[c]);
		else
			fprintf(fp, "%s%s", c ? "  " : "", t->cname[c]);
	}
	fputc('\n', fp);
	for (r = 0; r < t->nrows; r++) {
		for (c = 0; c < t->ncols; c++) {
			cell_text(t, r, c, buf, sizeof buf);
			if (numeric[c])
				fprintf(fp, "%s%*s", c ? "  " : "", (int)w[c], buf);
			else if (c + 1 < t->ncols)
				fprintf(fp, "%s%-*s", c ? "  " : "", (int)w[c], buf);
			else
				fprintf(fp, "%s%s", c ? "  " : "", buf);
		}
		fputc('\n', fp);
	}
	free(w);
	free(numeric);
	return DSP_OK;
}

static void
csv_field(FILE *fp, const char *s)
{
	if (strpbrk(s, ",\"\r\n") == NULL) {
		fputs(s, fp);
		return;
	}
	fputc('"', fp);
	for (; *s != '\0'; s++) {
		if (*s == '"')
			fputc('"', fp);
		fputc(*s, fp);
	}
	fputc('"', fp);
}

static int
write_csv(const dsp_table *t, FILE *fp)
{
	char buf[CELL_MAX];
	size_t r, c;

	write_stamps(t, fp);
	for (c = 0; c < t->ncols; c++) {
		if (c)
			fputc(',', fp);
		csv_field(fp, t->cname[c]);
	}
	if (t->ncols)
		fputc('\n', fp);
	for (r = 0; r < t->nrows; r++) {
		for (c = 0; c < t->ncols; c++) {
			if (c)
				fputc(',', fp);
			cell_text(t, r, c, buf, sizeof buf);
			csv_field(fp, buf);
		}
		fputc('\n', fp);
	}
	return DSP_OK;
}

int
dsp_table_csv_row(const dsp_table *t, FILE *fp, const double *values,
    const char *const *texts)
{
	char buf[CELL_MAX], line[1024];
	const char *text;
	size_t c, len = 0, k;

	if (t->nomem[0] != '\0')
		return dsp_fail(DSP_ENOMEM, "%s", t->nomem);
	/* The row assembled in line and written once (one stdio call, not
	 * three a cell); a cell that needs quoting, or a row too long for
	 * line, goes through csv_field. */
	for (c = 0; c < t->ncols; c++) {
		text = texts != NULL ? texts[c] : NULL;
		k = format_cell(t->cfmt[c], values[c], text, buf, sizeof buf);
		/* A number never needs quoting; a text cell may. */
		if (len + k + 2 > sizeof line ||
		    (text != NULL && strpbrk(buf, ",\"\r\n") != NULL)) {
			fwrite(line, 1, len, fp);
			len = 0;
			if (c)
				fputc(',', fp);
			csv_field(fp, buf);
			continue;
		}
		if (c)
			line[len++] = ',';
		memcpy(line + len, buf, k);
		len += k;
	}
	line[len++] = '\n';
	fwrite(line, 1, len, fp);
	return ferror(fp) ? dsp_fail(DSP_EIO, "write failed") : DSP_OK;
}

/* A stamp written as a bare JSON number must match the number grammar. */
static int
is_json_number(const char *s)
{
	const char *p = s;

	if (*p == '-')
		p++;
	if (*p == '0')
		p++;
	else if (*p >= '1' && *p <= '9')
		while (*p >= '0' && *p <= '9')
			p++;
	else
		return 0;
	if (*p == '.') {
		p++;
		if (*p < '0' || *p > '9')
			return 0;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		if (*p < '0' || *p > '9')
			return 0;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	return *p == '\0';
}

/* Integers go through dsp_jw_uint/int so 2^63 stays exact; other numbers
 * through a double, which prints them shortest round-trip. */
static void
json_stamp_value(dsp_jw *w, const char *v)
{
	unsigned long long u;

	if (strcmp(v, "true") == 0)
		dsp_jw_bool(w, 1);
	else if (strcmp(v, "false") == 0)
		dsp_jw_bool(w, 0);
	else if (is_json_number(v) && strpbrk(v, ".eE-") == NULL &&
	    (errno = 0, u = strtoull(v, NULL, 10), errno == 0))
		dsp_jw_uint(w, u);
	else if (is_json_number(v) && strlen(v) < 40 && isfinite(strtod(v, NULL)))
		dsp_jw_num(w, strtod(v, NULL));
	else
		dsp_jw_str(w, v);
}

static int
write_json(const dsp_table *t, FILE *fp)
{
	size_t r, c, i;
	dsp_jw *w;

	if ((w = dsp_jw_new(fp, 2)) == NULL)
		return dsp_fail_nomem(NULL, 0);
	dsp_jw_object(w);
	if (t->title != NULL) {
		dsp_jw_key(w, "title");
		dsp_jw_str(w, t->title);
	}
	dsp_jw_key(w, "params");
	dsp_jw_object(w);
	for (i = 0; i < t->nstamps; i++) {
		dsp_jw_key(w, t->skey[i]);
		if (i < t->ntext && t->stext[i])
			dsp_jw_str(w, t->sval[i]);
		else
			json_stamp_value(w, t->sval[i]);
	}
	dsp_jw_close(w);
	dsp_jw_key(w, "columns");
	dsp_jw_array(w);
	for (c = 0; c < t->ncols; c++)
		dsp_jw_str(w, t->cname[c]);
	dsp_jw_close(w);
	dsp_jw_key(w, "rows");
	dsp_jw_array(w);
	for (r = 0; r < t->nrows; r++) {
		dsp_jw_object(w);
		for (c = 0; c < t->ncols; c++) {
			dsp_jw_key(w, t->cname[c]);
			if (t->texts[r * t->ncols + c] != NULL)
				dsp_jw_str(w, t->texts[r * t->ncols + c]);
			else
				dsp_jw_num(w, t->cells[r * t->ncols + c]);
		}
		dsp_jw_close(w);
	}
	dsp_jw_close(w);
	dsp_jw_close(w);
	return dsp_jw_end(w);
}

int
dsp_table_write(const dsp_table *t, FILE *fp, enum dsp_format f)
{
	int rc;

	if (t == NULL || fp == NULL)
		return dsp_fail(DSP_EINVAL, "no table or stream");
	if (t->nomem[0] != '\0')
		return dsp_fail(DSP_ENOMEM, "%s", t->nomem);
	switch (f) {
	case DSP_FMT_TEXT:
		rc = write_text(t, fp);
		break;
	case DSP_FMT_CSV:
		rc = write_csv(t, fp);
		break;
	case DSP_FMT_JSON:
		rc = write_json(t, fp);
		break;
	default:
		return dsp_fail(DSP_EINVAL, "unknown table format %d", (int)f);
	}
	if (rc == DSP_OK && ferror(fp))
		rc = dsp_fail(DSP_EIO, "write failed");
	return rc;
}

int
dsp_table_stamp_params(dsp_table *t, const dsp_params *p, unsigned omit)
{
	const dsp_param_def *d;
	char buf[64];
	int id, rc = 0;

	for (id = 0; id < DSP_P_COUNT; id++) {
		d = dsp_param(id);
		if ((omit & (1u << id)) || !dsp_param_applies(d, p))
			continue;
		if (!dsp_param_applies(d, p))
			continue;
		if (id == DSP_P_N && p->family == DSP_FAM_FILE)
			rc |= dsp_table_stampf(t, "n", "%zu", p->n_logits);
		else if (d->type == DSP_PT_HEAD)	/* "1.10" is not a number */
			rc |= dsp_table_stamp_text(t, d->name, dsp_param_format(d, p, buf,
			    sizeof buf));
		else if (d->type == DSP_PT_PATH)	/* a name of any length */
			rc |= dsp_table_stamp(t, d->name, dsp_param_get_path(d, p));
		else
			rc |= dsp_table_stamp(t, d->name, dsp_param_format(d, p, buf,
			    sizeof buf));
		if (id == DSP_P_FAMILY && dsp_family_has_logits(p->family) &&
		    p->logits_name != NULL)
			rc |= dsp_table_stamp(t, "input", p->logits_name);
	}
	return rc ? DSP_ENOMEM : DSP_OK;
}
