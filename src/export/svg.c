/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tiny SVG writer for the figures: the document, shapes, text, series
 * styles and markers, legends, titles and layout (the axes are svg_axes.c). */
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "export/svg.h"
#include "export/svg_int.h"
#include "export/viridis.h"

int
dsp_svg_nomem(dsp_svg *s, const char *what, size_t bytes)
{
	dsp_fail_nomem(what, bytes);
	if (s->nomem[0] == '\0')
		snprintf(s->nomem, sizeof s->nomem, "%s", dsp_last_error());
	return DSP_ENOMEM;
}


void
dsp_svg_escape(const char *in, char *out, size_t size)
{
	size_t o = 0, k;
	const char *rep;
	char c[2] = { 0, 0 };

	if (size == 0)
		return;
	for (; in != NULL && *in != '\0'; in++) {
		unsigned char u = (unsigned char)*in;

		/* A multi-byte UTF-8 character is copied whole or not at all, so
		 * truncation never leaves invalid UTF-8 in the document. */
		if (u >= 0xc0) {
			k = u >= 0xf0 ? 4 : u >= 0xe0 ? 3 : 2;
			if (o + k >= size || strnlen(in, k) < k)
				break;
			memcpy(out + o, in, k);
			o += k;
			in += k - 1;
			continue;
		}
		switch (*in) {
		case '&':	rep = "&amp;"; break;
		case '<':	rep = "&lt;"; break;
		case '>':	rep = "&gt;"; break;
		case '"':	rep = "&quot;"; break;
		case '\'':	rep = "&apos;"; break;
		default:
			/* XML 1.0 forbids most control characters. */
			c[0] = ((unsigned char)*in < 0x20 && *in != '\t') ? '?' : *in;
			rep = c;
		}
		k = strlen(rep);
		if (o + k >= size)
			break;
		memcpy(out + o, rep, k);
		o += k;
	}
	out[o] = '\0';
}

static dsp_svg *
svg_open(FILE *fp, double width, double height, const char *unit, double vbw,
    double vbh, double font, const char *title, const char *desc)
{
	char buf[2048];
	dsp_svg *s;

	if ((s = dsp_calloc(1, sizeof *s)) == NULL) {
		dsp_fail_nomem(NULL, 0);
		return NULL;
	}
	s->fp = fp;
	s->font = font > 0 ? font : 12;
	/* Lines thin with the type, so a figure set small for a paper
	 * column keeps the proportions of the default one. */
	s->lw = s->font / 12;
	fprintf(fp, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
	    "width=\"%g%s\" height=\"%g%s\" viewBox=\"0 0 %g %g\" "
	    "font-family=\"DejaVu Sans, sans-serif\" font-size=\"%g\">\n",
	    width, unit, height, unit, vbw, vbh, s->font);
	dsp_svg_escape(title, buf, sizeof buf);
	fprintf(fp, "<title>%s</title>\n", buf);
	if (desc != NULL) {
		dsp_svg_escape(desc, buf, sizeof buf);
		fprintf(fp, "<desc>%s</desc>\n", buf);
	}
	fprintf(fp, "<rect x=\"0\" y=\"0\" width=\"%g\" height=\"%g\" fill=\"#ffffff\"/>\n",
	    vbw, vbh);
	return s;
}

dsp_svg *
dsp_svg_begin(FILE *fp, int width, int height, const char *title, const char *desc)
{
	return svg_open(fp, width, height, "", width, height, 12, title, desc);
}

dsp_svg *
dsp_svg_begin_figure(FILE *fp, const dsp_figspec *f, double defw, double defh,
    const char *title, const char *desc, dsp_svg_page *pg, double *top)
{
	dsp_figspec def;
	dsp_svg *g;
	size_t lines;

	if (f == NULL) {
		dsp_figspec_default(&def);
		f = &def;
	}
	dsp_figspec_page(f, defw, defh, &pg->w, &pg->h, &pg->font);
	if ((g = dsp_svg_begin_page(fp, pg, title, desc)) == NULL)
		return NULL;
	lines = dsp_svg_title(g, pg->w / 2, pg->font * 1.7, pg->w - pg->font, title);
	*top = pg->font * (1.7 + 1.5 * (double)lines) - pg->font * 0.6;
	return g;
}

dsp_svg *
dsp_svg_begin_fixed(FILE *fp, int width, int height, const dsp_figspec *f,
    const char *title, const char *desc)
{
	double pw, ph, font, k;
	dsp_figspec def;

	if (f == NULL) {
		dsp_figspec_default(&def);
		f = &def;
	}
	/* The default size and font: the document of today, unit for unit. */
	if (f->unit == DSP_UNIT_AUTO && f->font == 0)
		return dsp_svg_begin(fp, width, height, title, desc);
	dsp_figspec_page(f, width, height, &pw, &ph, &font);
	/* The layout is scaled by k (meet: uniform, centred); a given font
	 * size is the base type on the page, so the layout's own type is
	 * font / k layout units.  Without one the type scales with it. */
	k = fmin(pw / width, ph / height);
	return svg_open(fp, pw, ph, "pt", width, height, f->font > 0 ? f->font / k :
	    12, title, desc);
}

dsp_svg *
dsp_svg_begin_page(FILE *fp, const dsp_svg_page *pg, const char *title,
    const char *desc)
{
	return svg_open(fp, pg->w, pg->h, "pt", pg->w, pg->h, pg->font, title, desc);
}

double
dsp_svg_font(const dsp_svg *s)
{
	return s->font;
}

double
dsp_svg_text_width(double size, const char *text)
{
	size_t chars = 0;

	/* Characters, not bytes: UTF-8 continuation bytes do not count.
	 * DejaVu Sans averages a little over half an em per character. */
	for (; text != NULL && *text != '\0'; text++)
		if (((unsigned char)*text & 0xc0) != 0x80)
			chars++;
	return 0.58 * size * (double)chars;
}

int
dsp_svg_end(dsp_svg *s)
{
	int bad;

	fputs("</svg>\n", s->fp);
	bad = ferror(s->fp);
	if (s->nomem[0] != '\0') {
		dsp_fail(DSP_ENOMEM, "%s", s->nomem);
		free(s);
		return DSP_ENOMEM;
	}
	free(s);
	return bad ? dsp_fail(DSP_EIO, "SVG write failed") : DSP_OK;
}

void
dsp_svg_raw(dsp_svg *s, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(s->fp, fmt, ap);
	va_end(ap);
}

void
dsp_svg_rect(dsp_svg *s, double x, double y, double w, double h, const char *fill,
    const char *extra)
{
	fprintf(s->fp, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
	    "fill=\"%s\"%s%s/>\n", x, y, w, h, fill, extra ? " " : "",
	    extra ? extra : "");
}

/* stroke-width and stroke-dasharray, scaled with the type. */
void
svg_stroke_attrs(dsp_svg *s, double width, const char *dash)
{
	const char *p;
	char *end;
	double v;

	fprintf(s->fp, " stroke-width=\"%.3g\"", width * s->lw);
	if (dash == NULL)
		return;
	fputs(" stroke-dasharray=\"", s->fp);
	for (p = dash; *p != '\0'; p = end) {
		v = strtod(p, &end);
		if (end == p)
			break;
		fprintf(s->fp, "%s%.3g", p == dash ? "" : " ", v * s->lw);
		while (*end == ' ' || *end == ',')
			end++;
	}
	fputs("\"", s->fp);
}

void
dsp_svg_line_attr(dsp_svg *s, double x1, double y1, double x2, double y2,
    const char *stroke, double width, const char *dash, const char *extra)
{
	fprintf(s->fp, "<line%s%s x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" "
	    "stroke=\"%s\"", extra != NULL ? " " : "", extra != NULL ? extra : "",
	    x1, y1, x2, y2, stroke);
	svg_stroke_attrs(s, width, dash);
	fputs("/>\n", s->fp);
}

void
dsp_svg_line(dsp_svg *s, double x1, double y1, double x2, double y2,
    const char *stroke, double width, const char *dash)
{
	dsp_svg_line_attr(s, x1, y1, x2, y2, stroke, width, dash, NULL);
}

void
dsp_svg_polyline(dsp_svg *s, const double *x, const double *y, size_t n,
    const char *stroke, double width, const char *dash)
{
	size_t i = 0, j, first;

	while (i < n) {
		while (i < n && !(isfinite(x[i]) && isfinite(y[i])))
			i++;
		for (j = i; j < n && isfinite(x[j]) && isfinite(y[j]); j++)
			;
		if (j > i) {
			fputs("<polyline fill=\"none\" stroke-linejoin=\"round\" points=\"",
			    s->fp);
			for (first = i; i < j; i++)
				fprintf(s->fp, "%s%.2f,%.2f", i == first ? "" : " ", x[i], y[i]);
			fprintf(s->fp, "\" stroke=\"%s\"", stroke);
			svg_stroke_attrs(s, width, dash);
			fputs("/>\n", s->fp);
		}
		i = j;
	}
}

void
dsp_svg_series(dsp_svg *s, const dsp_plot *p, const double *x, const double *y,
    size_t n, const char *stroke, double width, const char *dash)
{
	double px[64], py[64];
	size_t i, k, start = 0;

	/* In pieces of 64 points that share their joining point. */
	do {
		for (i = start, k = 0; i < n && k < 64; i++, k++) {
			px[k] = dsp_plot_px(p, x[i]);
			py[k] = dsp_plot_py(p, y[i]);
		}
		dsp_svg_polyline(s, px, py, k, stroke, width, dash);
		start = i - (i < n);
	} while (i < n);
}

void
dsp_svg_text(dsp_svg *s, double x, double y, const char *anchor, double size,
    double rotate, const char *text)
{
	char buf[4096];

	dsp_svg_escape(text, buf, sizeof buf);
	fprintf(s->fp, "<text x=\"%.2f\" y=\"%.2f\"", x, y);
	if (anchor != NULL && strcmp(anchor, "start") != 0)
		fprintf(s->fp, " text-anchor=\"%s\"", anchor);
	if (size > 0 && size != s->font)
		fprintf(s->fp, " font-size=\"%g\"", size);
	if (rotate != 0)
		fprintf(s->fp, " transform=\"rotate(%g %.2f %.2f)\"", rotate, x, y);
	fprintf(s->fp, ">%s</text>\n", buf);
}

void
dsp_svg_textf(dsp_svg *s, double x, double y, const char *anchor, double size,
    double rotate, const char *fmt, ...)
{
	char buf[2048];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	dsp_svg_text(s, x, y, anchor, size, rotate, buf);
}

/* Series style i takes colour i mod 8, dash i mod 5 and marker i mod 6:
 * as 8 and 5 are coprime, no two of the first 40 share colour and dash.
 * The colours start with those a figure's role lines use least (orange,
 * sky blue, yellow, black), the markers with those the roles do not use
 * (diamond, cross, plus), and none of the dashes is solid or one of the
 * snapshot's role patterns (snap_svg.c: 6 3, 2 2, 8 3 2 3, 4 2, 1 2),
 * so a series never looks like the measured curve or a bound. */
static const char *const series_color[8] = {
	"#E69F00", "#56B4E9", "#F0E442", "#000000", "#CC79A7", "#D55E00",
	"#009E73", "#0072B2"
};
static const char *const series_dash[5] = {
	"5 2 1 2", "10 3", "3 1", "6 2 2 2 2 2", "1 3"
};
static const enum dsp_marker series_marker[6] = {
	DSP_MK_DIAMOND, DSP_MK_CROSS, DSP_MK_PLUS, DSP_MK_CIRCLE, DSP_MK_SQUARE,
	DSP_MK_TRIANGLE
};

void
dsp_svg_series_style(size_t i, const char **color, const char **dash,
    enum dsp_marker *mk)
{
	if (color != NULL)
		*color = series_color[i % 8];
	if (dash != NULL)
		*dash = series_dash[i % 5];
	if (mk != NULL)
		*mk = series_marker[i % 6];
}

void
dsp_svg_marker(dsp_svg *s, double x, double y, enum dsp_marker mk, double r,
    const char *color)
{
	switch (mk) {
	case DSP_MK_NONE:
		break;
	case DSP_MK_CIRCLE:
		fprintf(s->fp, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" fill=\"#ffffff\" "
		    "stroke=\"%s\"", x, y, r, color);
		svg_stroke_attrs(s, 1.2, NULL);
		fputs("/>\n", s->fp);
		break;
	case DSP_MK_SQUARE:
		fprintf(s->fp, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
		    "fill=\"%s\"/>\n", x - r * 0.9, y - r * 0.9, r * 1.8, r * 1.8, color);
		break;
	case DSP_MK_TRIANGLE:
		fprintf(s->fp, "<polygon points=\"%.2f,%.2f %.2f,%.2f %.2f,%.2f\" "
		    "fill=\"%s\"/>\n", x, y - r * 1.15, x - r, y + r * 0.6, x + r,
		    y + r * 0.6, color);
		break;
	case DSP_MK_DIAMOND:
		fprintf(s->fp, "<polygon points=\"%.2f,%.2f %.2f,%.2f %.2f,%.2f %.2f,%.2f\" "
		    "fill=\"#ffffff\" stroke=\"%s\"", x, y - r * 1.2, x + r, y, x, y + r * 1.2,
		    x - r, y, color);
		svg_stroke_attrs(s, 1.2, NULL);
		fputs("/>\n", s->fp);
		break;
	case DSP_MK_CROSS:
		dsp_svg_line(s, x - r, y - r, x + r, y + r, color, 1.3, NULL);
		dsp_svg_line(s, x - r, y + r, x + r, y - r, color, 1.3, NULL);
		break;
	case DSP_MK_PLUS:
		dsp_svg_line(s, x - r, y, x + r, y, color, 1.3, NULL);
		dsp_svg_line(s, x, y - r, x, y + r, color, 1.3, NULL);
		break;
	}
}

void
dsp_svg_markers(dsp_svg *s, const double *x, const double *y, size_t n,
    size_t count, size_t phase, enum dsp_marker mk, double r, const char *color)
{
	size_t i, k, every;

	if (mk == DSP_MK_NONE || n == 0 || count == 0)
		return;
	/* count markers evenly along the points, shifted by phase so that the
	 * markers of overlapping series do not sit on each other. */
	every = n / count > 0 ? n / count : 1;
	fputs("<g class=\"markers\">\n", s->fp);
	for (k = 0; k < count; k++) {
		i = k * every + (phase % 4) * every / 4 + every / 2;
		if (i >= n)
			break;
		if (isfinite(x[i]) && isfinite(y[i]))
			dsp_svg_marker(s, x[i], y[i], mk, r, color);
	}
	fputs("</g>\n", s->fp);
}

static double
legend_row(const dsp_svg *s)
{
	return s->font * 1.45;
}

static double
legend_item_width(const dsp_svg *s, const dsp_legend_item *it)
{
	return s->font * 2.8 + 6 + dsp_svg_text_width(TICK_FONT(s), it->label);
}

void
dsp_svg_legend_size(const dsp_svg *s, const dsp_legend_item *items, size_t n,
    double max_w, double *w, double *h, size_t *cols)
{
	double iw = 0, cw;
	size_t i, c;

	for (i = 0; i < n; i++)
		iw = fmax(iw, legend_item_width(s, &items[i]));
	cw = iw + s->font;
	c = max_w > 0 && cw > 0 ? (size_t)(max_w / cw) : 1;
	if (c < 1)
		c = 1;
	if (c > n)
		c = n > 0 ? n : 1;
	*cols = c;
	*w = cw * (double)c;
	*h = legend_row(s) * (double)((n + c - 1) / c) + 4;
}

void
dsp_svg_legend(dsp_svg *s, double x, double y, const dsp_legend_item *items,
    size_t n)
{
	double w, h;
	size_t cols;

	/* A legend placed over data keeps a backing box. */
	dsp_svg_legend_size(s, items, n, 0, &w, &h, &cols);
	fprintf(s->fp, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
	    "fill=\"#ffffff\" fill-opacity=\"0.85\" stroke=\"#bbbbbb\"/>\n",
	    x, y, w + 4, h + 4);
	dsp_svg_legend_cols(s, x + 6, y + 2, items, n, 1);
}

void
dsp_svg_legend_cols(dsp_svg *s, double x, double y, const dsp_legend_item *items,
    size_t n, size_t cols)
{
	double w = 0, row = legend_row(s), sw = s->font * 2.2, cx, cy, f = TICK_FONT(s);
	size_t i;

	if (cols < 1)
		cols = 1;
	for (i = 0; i < n; i++)
		w = fmax(w, legend_item_width(s, &items[i]) + s->font);
	fputs("<g class=\"legend\">\n", s->fp);
	for (i = 0; i < n; i++) {
		cx = x + w * (double)(i % cols);
		cy = y + row * ((double)(i / cols) + 0.5) + 2;
		/* One group an item: its sample, marker and label read as one. */
		fputs("<g class=\"legend-item\">\n", s->fp);
		if (items[i].box) {
			fprintf(s->fp, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" "
			    "height=\"%.2f\" fill=\"%s\" fill-opacity=\"%g\"/>\n", cx,
			    cy - f * 0.4, sw, f * 0.8, items[i].color,
			    items[i].opacity > 0 ? items[i].opacity : 1);
		} else
			dsp_svg_line(s, cx, cy, cx + sw, cy, items[i].color,
			    items[i].width > 0 ? items[i].width : 2, items[i].dash);
		dsp_svg_marker(s, cx + sw / 2, cy, items[i].marker, f * 0.32,
		    items[i].color);
		dsp_svg_text(s, cx + sw + 5, cy + f * 0.35, "start", f, 0, items[i].label);
		fputs("</g>\n", s->fp);
	}
	fputs("</g>\n", s->fp);
}

void
dsp_svg_viridis_bar(dsp_svg *s, const dsp_plot *bar)
{
	char col[8];
	int k;

	dsp_svg_raw(s, "<defs><linearGradient id=\"viridis\" x1=\"0\" y1=\"1\" "
	    "x2=\"0\" y2=\"0\">\n");
	for (k = 0; k <= 16; k++) {
		dsp_viridis_hex(k / 16.0, col);
		dsp_svg_raw(s, "<stop offset=\"%g\" stop-color=\"%s\"/>\n", k / 16.0, col);
	}
	dsp_svg_raw(s, "</linearGradient></defs>\n");
	dsp_svg_rect(s, bar->x, bar->y, bar->w, bar->h, "url(#viridis)", NULL);
}

/* The title's lines at base font font, drawn into s unless it is NULL. */
static size_t
title_wrap(dsp_svg *s, double font, double cx, double y, double max_w,
    const char *title)
{
	char line[512];
	double f = font * 1.2;
	const char *start = title, *p, *cut;
	size_t lines = 0, len;

	/* Greedy: each line ends at the last ", " or ": " that keeps it
	 * within max_w (or at the first one, when none does); the last line
	 * is the rest. */
	while (*start != '\0') {
		cut = NULL;
		if (dsp_svg_text_width(f, start) > max_w)
			for (p = start; (p = strpbrk(p, ",:")) != NULL; p++) {
				if (p[1] != ' ')
					continue;
				len = (size_t)(p - start + 1);
				if (len >= sizeof line)
					break;
				memcpy(line, start, len);
				line[len] = '\0';
				if (cut != NULL && dsp_svg_text_width(f, line) > max_w)
					break;
				cut = p;
			}
		len = cut != NULL ? (size_t)(cut - start + 1) : strlen(start);
		if (len >= sizeof line)
			len = sizeof line - 1;
		memcpy(line, start, len);
		line[len] = '\0';
		if (s != NULL)
			dsp_svg_text(s, cx, y + f * 1.25 * (double)lines, "middle", f, 0, line);
		lines++;
		start = cut != NULL ? cut + 2 : start + strlen(start);
	}
	return lines;
}

size_t
dsp_svg_title(dsp_svg *s, double cx, double y, double max_w, const char *title)
{
	return title_wrap(s, s->font, cx, y, max_w, title);
}

size_t
dsp_svg_title_lines(double font, double page_w, const char *title)
{
	return title_wrap(NULL, font, 0, 0, page_w - font, title);
}

void
dsp_svg_layout(const dsp_svg *s, double x, double y, double w, double h,
    const dsp_legend_item *items, size_t n, dsp_plot *pl, double *lx,
    double *ly, size_t *cols)
{
	double lw, lh, ml = dsp_svg_margin_left(s), mb = dsp_svg_margin_bottom(s);
	double pad = s->font * 0.8;

	dsp_svg_legend_size(s, items, n, 0, &lw, &lh, cols);
	pl->x = x + ml;
	pl->y = y + pad;
	if (n > 0 && lw <= 0.36 * w && lh <= h - pad) {
		/* Beside the plot, top-aligned. */
		pl->w = w - ml - lw - 2 * pad;
		pl->h = h - mb - pad;
		*lx = pl->x + pl->w + pad;
		*ly = pl->y;
		return;
	}
	/* Below the axis title, in as many columns as fit. */
	if (n > 0)
		dsp_svg_legend_size(s, items, n, w - ml, &lw, &lh, cols);
	else
		lh = 0;
	/* Half a last tick label hangs past the frame's right edge. */
	pl->w = w - ml - 2 * pad;
	pl->h = h - mb - pad - lh;
	if (pl->h < s->font * 3)
		pl->h = s->font * 3;
	*lx = pl->x;
	*ly = pl->y + pl->h + mb;
}
