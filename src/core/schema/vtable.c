/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The view-option table (map ranges and sizes, figure options: size,
 * font, formats, resolution) and its values (see ptable.h); the parameter
 * table and the presets are ptable.c. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/error.h"
#include "core/schema/attn.h"
#include "core/schema/family.h"
#include "core/schema/grammar.h"
#include "core/schema/ptable.h"
#include "core/schema/figspec.h"

/* View options (ptable.h). */
static const dsp_vopt_def vtable[DSP_V_COUNT] = {
	{ DSP_V_MAP_THETA, "map_theta", "theta_range", -DSP_REAL_MAX, DSP_REAL_MAX,
	  "map temperature range (columns)",
	  offsetof(dsp_map_spec, theta_lo), offsetof(dsp_map_spec, theta_hi),
	  DSP_VT_RANGE, NULL, NULL, 0 },
	{ DSP_V_MAP_LAMBDA, "map_lambda", "lambda_range", -DSP_REAL_MAX, DSP_REAL_MAX,
	  "map power-series ratio range (rows)",
	  offsetof(dsp_map_spec, lambda_lo), offsetof(dsp_map_spec, lambda_hi),
	  DSP_VT_RANGE, NULL, NULL, 0 },
	/* 2 cells a side at least: a figure axis has two ends. */
	{ DSP_V_MAP_SIZE, "map_size", "map_resolution", 2, 4096,
	  "map figure resolution COLSxROWS (exported maps; default 161x101)",
	  offsetof(dsp_map_spec, cols), offsetof(dsp_map_spec, rows),
	  DSP_VT_SIZE, NULL, NULL, 0 },
	/* Figure sides from a stamp (0.5 in) to a poster (50 in); type from
	 * 4 pt to 72 pt; PNG from screen (36 dpi) to print (2400 dpi). */
	{ DSP_V_FIG_SIZE, "figure_size", "figsize", 36, 3600,
	  "figure size WxH in in, mm or pt (3.3x2.2in, 85x60mm) or auto",
	  0, 0, DSP_VT_FIGSIZE, "figure-size", "WxH", 0 },
	{ DSP_V_FIG_FONT, "font_size", "fontsize", 4, 72,
	  "figure font size in pt, or auto (12 at the default size, else by the size)",
	  offsetof(dsp_figspec, font), 0, DSP_VT_REAL, "font-size", "PT", 1 },
	{ DSP_V_FIG_FORMAT, "figure_format", "figformat", 0, 0,
	  "figure formats, comma separated: svg, pdf, png",
	  0, 0, DSP_VT_FORMATS, "figure-format", "LIST", 0 },
	{ DSP_V_FIG_DPI, "dpi", NULL, 36, 2400,
	  "PNG resolution in pixels per inch",
	  offsetof(dsp_figspec, dpi), 0, DSP_VT_REAL, "dpi", "DPI", 0 },
};

const dsp_vopt_def *
dsp_vopt(int id)
{
	return id >= 0 && id < DSP_V_COUNT ? &vtable[id] : NULL;
}

const dsp_vopt_def *
dsp_vopt_find(const char *s)
{
	int i;

	for (i = 0; s != NULL && i < DSP_V_COUNT; i++)
		if (dsp_name_is(s, vtable[i].name) || dsp_name_is(s, vtable[i].alias) ||
		    dsp_name_is(s, vtable[i].opt_long))
			return &vtable[i];
	return NULL;
}

const char *
dsp_vopt_names(void)
{
	static char buf[256];
	size_t len = 0;
	int i;

	if (buf[0] != '\0')
		return buf;
	for (i = 0; i < DSP_V_COUNT && len < sizeof buf; i++)
		len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s",
		    i ? " " : "", vtable[i].name);
	return buf;
}

/* A whole finite number (C locale: the program never sets LC_NUMERIC). */
static int
whole_number(const char *s, double *v, const char **rest)
{
	char *end;

	if (s == NULL || *s == '\0' || strchr(" \t", *s) != NULL)
		return -1;
	*v = strtod(s, &end);
	if (end == s || !isfinite(*v))
		return -1;
	if (rest != NULL) {
		*rest = end;
		return 0;
	}
	return *end == '\0' ? 0 : -1;
}

static const struct {
	const char	*name;
	int		 unit;
} units[] = { { "in", DSP_UNIT_IN }, { "mm", DSP_UNIT_MM }, { "pt", DSP_UNIT_PT } };

static double
unit_pt(int unit)
{
	return unit == DSP_UNIT_IN ? 72 : unit == DSP_UNIT_MM ? 72 / 25.4 : 1;
}

static const char *
unit_name(int unit)
{
	size_t i;

	for (i = 0; i < sizeof units / sizeof units[0]; i++)
		if (units[i].unit == unit)
			return units[i].name;
	return "";
}

static int
fig_bad(const dsp_vopt_def *d, const char *label, const char *what,
    const char *got)
{
	return dsp_fail(DSP_EINVAL, "%s must be %s (got '%.60s')",
	    label != NULL ? label : d->name, what, got);
}

static int
parse_figsize(const dsp_vopt_def *d, dsp_figspec *f, const char *t,
    const char *label)
{
	char what[160];
	const char *x, *u;
	double w, h;
	size_t i;

	snprintf(what, sizeof what, "WxH with a unit in, mm or pt (3.3x2.2in, "
	    "85x60mm), each side %g to %g pt, or auto", d->min, d->max);
	if (strcasecmp(t, "auto") == 0) {
		f->w = f->h = 0;
		f->unit = DSP_UNIT_AUTO;
		return DSP_OK;
	}
	if (whole_number(t, &w, &x) != 0 || (*x != 'x' && *x != 'X') ||
	    whole_number(x + 1, &h, &u) != 0)
		return fig_bad(d, label, what, t);
	for (i = 0; i < sizeof units / sizeof units[0]; i++)
		if (strcasecmp(u, units[i].name) == 0)
			break;
	if (i == sizeof units / sizeof units[0])
		return fig_bad(d, label, what, t);
	if (!(w * unit_pt(units[i].unit) >= d->min && w * unit_pt(units[i].unit) <= d->max &&
	    h * unit_pt(units[i].unit) >= d->min && h * unit_pt(units[i].unit) <= d->max))
		return fig_bad(d, label, what, t);
	f->w = w;
	f->h = h;
	f->unit = units[i].unit;
	return DSP_OK;
}

static int
parse_formats(const dsp_vopt_def *d, dsp_figspec *f, const char *t,
    const char *label)
{
	const char *what = "a comma-separated list of svg, pdf, png";
	unsigned m = 0, b;
	size_t len;
	const char *p = t;

	for (;;) {
		len = strcspn(p, ",");
		/* Each format's one name: its file extension. */
		for (b = 1; b & DSP_FIG_ALL; b <<= 1)
			if (len == strlen(dsp_figfmt_ext(b)) &&
			    strncasecmp(p, dsp_figfmt_ext(b), len) == 0)
				break;
		if (!(b & DSP_FIG_ALL))
			return fig_bad(d, label, what, t);
		m |= b;
		if (p[len] == '\0')
			break;
		p += len + 1;
	}
	f->formats = m;
	return DSP_OK;
}

int
dsp_vopt_fig_set(const dsp_vopt_def *d, dsp_figspec *f, const char *text,
    const char *label)
{
	char what[96], a[32], b[32];
	double v;
	dsp_figspec g = *f;
	int rc;

	if (text == NULL)
		text = "";
	switch (d->type) {
	case DSP_VT_FIGSIZE:
		rc = parse_figsize(d, &g, text, label);
		break;
	case DSP_VT_FORMATS:
		rc = parse_formats(d, &g, text, label);
		break;
	case DSP_VT_REAL:
		snprintf(what, sizeof what, "a number in [%s, %s]%s",
		    dsp_real_format(a, sizeof a, d->min), dsp_real_format(b, sizeof b, d->max),
		    d->auto_ok ? " or auto" : "");
		if (d->auto_ok && strcasecmp(text, "auto") == 0)
			v = 0;
		else if (whole_number(text, &v, NULL) != 0 || v < d->min || v > d->max)
			return fig_bad(d, label, what, text);
		*(double *)(void *)((char *)&g + d->off_lo) = v;
		rc = DSP_OK;
		break;
	default:
		return dsp_fail(DSP_EINVAL, "%s is not a figure option", d->name);
	}
	if (rc != DSP_OK)
		return rc;
	*f = g;
	return DSP_OK;
}

char *
dsp_vopt_fig_format(const dsp_vopt_def *d, const dsp_figspec *f, char *buf,
    size_t size)
{
	char a[32], b[32];
	double v;

	buf[0] = '\0';
	switch (d->type) {
	case DSP_VT_FIGSIZE:
		if (f->unit == DSP_UNIT_AUTO)
			snprintf(buf, size, "auto");
		else
			snprintf(buf, size, "%sx%s%s", dsp_real_format(a, sizeof a, f->w),
			    dsp_real_format(b, sizeof b, f->h), unit_name(f->unit));
		break;
	case DSP_VT_FORMATS:
		snprintf(buf, size, "%s%s%s%s%s", f->formats & DSP_FIG_SVG ? "svg" : "",
		    (f->formats & DSP_FIG_SVG) && (f->formats & ~DSP_FIG_SVG) ? "," : "",
		    f->formats & DSP_FIG_PDF ? "pdf" : "",
		    (f->formats & DSP_FIG_PDF) && (f->formats & DSP_FIG_PNG) ? "," : "",
		    f->formats & DSP_FIG_PNG ? "png" : "");
		break;
	case DSP_VT_REAL:
		v = *(const double *)(const void *)((const char *)f + d->off_lo);
		if (d->auto_ok && v == 0)
			snprintf(buf, size, "auto");
		else
			dsp_real_format(buf, size, v);
		break;
	default:
		break;
	}
	return buf;
}

int
dsp_figspec_check(const dsp_figspec *f, const char *label)
{
	const dsp_vopt_def *sz = &vtable[DSP_V_FIG_SIZE];
	double w, h, font;

	if (label == NULL)
		label = "figure";
	if (f->unit == DSP_UNIT_AUTO ? (f->w != 0 || f->h != 0) :
	    (f->unit < DSP_UNIT_IN || f->unit > DSP_UNIT_PT ||
	    !(f->w * unit_pt(f->unit) >= sz->min && f->w * unit_pt(f->unit) <= sz->max &&
	    f->h * unit_pt(f->unit) >= sz->min && f->h * unit_pt(f->unit) <= sz->max)))
		return dsp_fail(DSP_EINVAL, "%s: size outside %g .. %g pt a side", label,
		    sz->min, sz->max);
	if (!(f->font == 0 || (f->font >= vtable[DSP_V_FIG_FONT].min &&
	    f->font <= vtable[DSP_V_FIG_FONT].max)))
		return dsp_fail(DSP_EINVAL, "%s: font size %g outside 4 .. 72 pt", label,
		    f->font);
	if (f->formats == 0 || (f->formats & ~(unsigned)DSP_FIG_ALL) != 0)
		return dsp_fail(DSP_EINVAL, "%s: no figure format (svg, pdf, png)", label);
	if (!(f->dpi >= vtable[DSP_V_FIG_DPI].min && f->dpi <= vtable[DSP_V_FIG_DPI].max))
		return dsp_fail(DSP_EINVAL, "%s: dpi %g outside %g .. %g", label, f->dpi,
		    vtable[DSP_V_FIG_DPI].min, vtable[DSP_V_FIG_DPI].max);
	/* The largest figure of the default size is 720 x 600 pt. */
	dsp_figspec_page(f, 720, 600, &w, &h, &font);
	if (w / 72 * f->dpi > DSP_FIG_MAX_PIXELS || h / 72 * f->dpi > DSP_FIG_MAX_PIXELS)
		return dsp_fail(DSP_EINVAL, "%s: a PNG of %.0f x %.0f pt at %g dpi would "
		    "be over %d pixels a side", label, w, h, f->dpi, DSP_FIG_MAX_PIXELS);
	return DSP_OK;
}

int
dsp_vopt_check_range(const dsp_vopt_def *d, double lo, double hi,
    const char *label)
{
	char a[32], b[32], c[32], e[32];

	if (isfinite(lo) && isfinite(hi) && lo >= d->min && hi <= d->max && lo < hi)
		return DSP_OK;
	return dsp_fail(DSP_EINVAL, "%s must be A:B with A < B in [%s, %s] (got %s:%s)",
	    label != NULL ? label : d->name, dsp_real_format(a, sizeof a, d->min),
	    dsp_real_format(b, sizeof b, d->max), dsp_real_format(c, sizeof c, lo),
	    dsp_real_format(e, sizeof e, hi));
}

int
dsp_vopt_check_size(const dsp_vopt_def *d, size_t cols, size_t rows,
    const char *label)
{
	if ((double)cols >= d->min && (double)cols <= d->max && (double)rows >= d->min &&
	    (double)rows <= d->max && cols * rows <= DSP_VOPT_MAX_CELLS)
		return DSP_OK;
	return dsp_fail(DSP_EINVAL, "%s must be COLSxROWS with %.0f .. %.0f a side and "
	    "at most %zu cells (got %zux%zu)", label != NULL ? label : d->name, d->min,
	    d->max, DSP_VOPT_MAX_CELLS, cols, rows);
}

int
dsp_vopt_set(const dsp_vopt_def *d, dsp_map_spec *m, double lo, double hi,
    const char *label)
{
	int rc;

	if ((rc = dsp_vopt_check_range(d, lo, hi, label)) != DSP_OK)
		return rc;
	*(double *)(void *)((char *)m + d->off_lo) = lo;
	*(double *)(void *)((char *)m + d->off_hi) = hi;
	return DSP_OK;
}

void
dsp_vopt_get(const dsp_vopt_def *d, const dsp_map_spec *m, double *lo, double *hi)
{
	if (d->type == DSP_VT_SIZE) {
		*lo = (double)*(const size_t *)(const void *)((const char *)m + d->off_lo);
		*hi = (double)*(const size_t *)(const void *)((const char *)m + d->off_hi);
		return;
	}
	*lo = *(const double *)(const void *)((const char *)m + d->off_lo);
	*hi = *(const double *)(const void *)((const char *)m + d->off_hi);
}

/* "CxR" (x, X or the multiplication sign) into two sizes. */
static int
parse_size_pair(const char *text, size_t *c, size_t *r)
{
	unsigned long long a, b;
	int used = 0;

	if (text[0] < '0' || text[0] > '9')
		return -1;
	if (sscanf(text, "%llu%*[xX]%llu%n", &a, &b, &used) != 2 &&
	    sscanf(text, "%llu\xc3\x97%llu%n", &a, &b, &used) != 2)
		return -1;
	if (text[used] != '\0' || a > SIZE_MAX || b > SIZE_MAX)
		return -1;
	*c = (size_t)a;
	*r = (size_t)b;
	return 0;
}

int
dsp_vopt_parse_size(const dsp_vopt_def *d, dsp_map_spec *m, const char *text,
    const char *label)
{
	const char *lab = label != NULL ? label : d->name;
	size_t c, r;
	int rc;

	if (parse_size_pair(text, &c, &r) != 0)
		return dsp_fail(DSP_EINVAL, "%s: '%s' is not a size COLSxROWS", lab, text);
	if ((rc = dsp_vopt_check_size(d, c, r, lab)) != DSP_OK)
		return rc;
	*(size_t *)(void *)((char *)m + d->off_lo) = c;
	*(size_t *)(void *)((char *)m + d->off_hi) = r;
	return DSP_OK;
}

char *
dsp_vopt_format(const dsp_vopt_def *d, const dsp_map_spec *m, char *buf, size_t size)
{
	char a[32], b[32];
	double lo, hi;

	dsp_vopt_get(d, m, &lo, &hi);
	if (d->type == DSP_VT_SIZE)
		snprintf(buf, size, "%.0fx%.0f", lo, hi);
	else
		snprintf(buf, size, "%s:%s", dsp_real_format(a, sizeof a, lo),
		    dsp_real_format(b, sizeof b, hi));
	return buf;
}
