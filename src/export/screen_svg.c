/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The terminal screen as an SVG figure (screen_svg.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "export/screen_svg.h"
#include "export/svg.h"

#define MAX_SIDE	1000
/* DejaVu Sans Mono: advance 0.602 em; a line of 1.2 em. */
#define CELL_W		0.602
#define CELL_H		1.2

dsp_screen *
dsp_screen_alloc(int rows, int cols)
{
	dsp_screen *s;
	size_t i;

	if (rows < 1 || cols < 1 || rows > MAX_SIDE || cols > MAX_SIDE) {
		dsp_fail(DSP_EINVAL, "screen of %d x %d cells outside 1 .. %d a side",
		    cols, rows, MAX_SIDE);
		return NULL;
	}
	if ((s = dsp_calloc(1, sizeof *s)) == NULL ||
	    (s->cell = dsp_calloc((size_t)rows * (size_t)cols, sizeof *s->cell)) == NULL) {
		free(s);
		dsp_fail_nomem(NULL, 0);
		return NULL;
	}
	s->rows = rows;
	s->cols = cols;
	for (i = 0; i < (size_t)rows * (size_t)cols; i++) {
		s->cell[i].fg = DSP_SCREEN_FG;
		s->cell[i].bg = DSP_SCREEN_BG;
	}
	return s;
}

void
dsp_screen_free(dsp_screen *s)
{
	if (s == NULL)
		return;
	free(s->cell);
	free(s);
}

/* Length of the UTF-8 character at p (1 for a stray byte). */
static size_t
u8len(const char *p)
{
	unsigned char c = (unsigned char)*p;
	size_t k = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1, i;

	for (i = 1; i < k; i++)
		if (((unsigned char)p[i] & 0xc0) != 0x80)
			return 1;
	return k;
}

/* Walk the text's cells: count rows and columns (s NULL), or fill s. */
static void
text_cells(const char *text, dsp_screen *s, int *rows, int *cols)
{
	const char *p;
	int r = 0, c = 0;
	size_t k;

	*cols = 0;
	for (p = text; *p != '\0'; p += k) {
		k = u8len(p);
		if (*p == '\n') {
			r++;
			c = 0;
		} else if (*p == '\t')
			c = (c / 8 + 1) * 8;
		else if (*p != '\r') {
			if (s != NULL && *p != ' ' && r < s->rows && c < s->cols &&
			    k < sizeof s->cell[0].glyph)
				memcpy(s->cell[r * s->cols + c].glyph, p, k);
			c++;
		}
		if (c > *cols)
			*cols = c;
	}
	*rows = c > 0 || r == 0 ? r + 1 : r;
}

dsp_screen *
dsp_screen_from_text(const char *text)
{
	dsp_screen *s;
	int rows, cols;

	text_cells(text, NULL, &rows, &cols);
	if ((s = dsp_screen_alloc(rows, cols > 0 ? cols : 1)) == NULL)
		return NULL;
	text_cells(text, s, &rows, &cols);
	return s;
}

uint32_t
dsp_xterm_rgb(int i)
{
	static const uint32_t sys[16] = {
		0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd, 0x00cdcd,
		0xe5e5e5, 0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00, 0x5c5cff, 0xff00ff,
		0x00ffff, 0xffffff
	};
	static const int level[6] = { 0, 95, 135, 175, 215, 255 };
	int g;

	if (i < 0)
		return DSP_SCREEN_FG;
	if (i < 16)
		return sys[i];
	if (i < 232) {
		i -= 16;
		return (uint32_t)(level[i / 36] << 16 | level[i / 6 % 6] << 8 | level[i % 6]);
	}
	if (i < 256) {
		g = 8 + 10 * (i - 232);
		return (uint32_t)(g << 16 | g << 8 | g);
	}
	return DSP_SCREEN_FG;
}

/* Box drawing as lines from the cell centre: bits up, down, left, right. */
enum { U = 1, D = 2, L = 4, R = 8 };
static const struct {
	const char	*glyph;
	int		 arms;
} boxes[] = {
	{ "─", L | R }, { "│", U | D }, { "┌", R | D }, { "┐", L | D },
	{ "└", U | R }, { "┘", U | L }, { "├", U | D | R }, { "┤", U | D | L },
	{ "┬", L | R | D }, { "┴", L | R | U }, { "┼", U | D | L | R },
	{ "╭", R | D }, { "╮", L | D }, { "╰", U | R }, { "╯", U | L }
};

static int
box_arms(const char *g)
{
	size_t i;

	for (i = 0; i < sizeof boxes / sizeof boxes[0]; i++)
		if (strcmp(g, boxes[i].glyph) == 0)
			return boxes[i].arms;
	return 0;
}

/* Block elements as rectangles: fraction of the cell from top, height. */
static int
block(const char *g, double *top, double *h)
{
	static const struct {
		const char	*glyph;
		double		 top, h;
	} b[] = {
		{ "█", 0, 1 }, { "▀", 0, 0.5 }, { "▄", 0.5, 0.5 }, { "▁", 0.875, 0.125 },
		{ "▂", 0.75, 0.25 }, { "▃", 0.625, 0.375 }, { "▅", 0.375, 0.625 },
		{ "▆", 0.25, 0.75 }, { "▇", 0.125, 0.875 }
	};
	size_t i;

	for (i = 0; i < sizeof b / sizeof b[0]; i++)
		if (strcmp(g, b[i].glyph) == 0) {
			*top = b[i].top;
			*h = b[i].h;
			return 1;
		}
	return 0;
}

static void
hex(uint32_t c, char buf[8])
{
	snprintf(buf, 8, "#%06x", (unsigned)(c & 0xffffff));
}

int
dsp_screen_svg(const dsp_screen *s, const dsp_figspec *f, const char *title,
    FILE *fp)
{
	double font = f != NULL && f->font > 0 ? f->font : 12, cw, ch, w, h, x, y;
	double top, bh, sx = 1, sy = 1;
	char col[8], run[4096], esc[8192];
	const dsp_cell *c, *c0;
	dsp_svg_page pg;
	dsp_svg *g;
	int r, k, k0, arms;
	size_t len;

	cw = font * CELL_W;
	ch = font * CELL_H;
	w = cw * s->cols;
	h = ch * s->rows;
	pg.w = w;
	pg.h = h;
	pg.font = font;
	if (f != NULL && f->unit != DSP_UNIT_AUTO) {
		/* A given size: the page is that size, the cells scaled to it. */
		dsp_figspec_page(f, w, h, &pg.w, &pg.h, &pg.font);
		pg.font = font;
		sx = pg.w / w;
		sy = pg.h / h;
	}
	if ((g = dsp_svg_begin_page(fp, &pg, title, "The disperse terminal screen: "
	    "text cells with their colours")) == NULL)
		return DSP_ENOMEM;
	if (sx != 1 || sy != 1)
		dsp_svg_raw(g, "<g transform=\"scale(%.6g %.6g)\">\n", sx, sy);
	/* Backgrounds: runs of one colour in a row as one rectangle. */
	dsp_svg_raw(g, "<g class=\"bg\" shape-rendering=\"crispEdges\">\n");
	hex(DSP_SCREEN_BG, col);
	dsp_svg_rect(g, 0, 0, w, h, col, NULL);
	for (r = 0; r < s->rows; r++)
		for (k0 = 0; k0 < s->cols; k0 = k) {
			c0 = &s->cell[r * s->cols + k0];
			for (k = k0 + 1; k < s->cols && s->cell[r * s->cols + k].bg == c0->bg; k++)
				;
			if (c0->bg == DSP_SCREEN_BG)
				continue;
			hex(c0->bg, col);
			dsp_svg_rect(g, cw * k0, ch * r, cw * (k - k0) + 0.05, ch + 0.05, col, NULL);
		}
	dsp_svg_raw(g, "</g>\n");
	/* Glyphs: box drawing as lines and blocks as rectangles (no gaps
	 * between cells); runs of ASCII of one style as one text; any other
	 * character in its own cell. */
	dsp_svg_raw(g, "<g class=\"text\" font-family=\"DejaVu Sans Mono, monospace\" "
	    "xml:space=\"preserve\">\n");
	for (r = 0; r < s->rows; r++) {
		y = ch * r;
		for (k0 = 0; k0 < s->cols; k0 = k) {
			c0 = &s->cell[r * s->cols + k0];
			x = cw * k0;
			k = k0 + 1;
			hex(c0->fg, col);
			if (c0->glyph[0] == '\0' || strcmp(c0->glyph, " ") == 0)
				continue;
			if ((arms = box_arms(c0->glyph)) != 0) {
				double mx = x + cw / 2, my = y + ch / 2, lw = font * 0.09;

				if (arms & L)
					dsp_svg_line(g, x, my, mx + lw / 2, my, col, lw / (font / 12), NULL);
				if (arms & R)
					dsp_svg_line(g, mx - lw / 2, my, x + cw, my, col, lw / (font / 12), NULL);
				if (arms & U)
					dsp_svg_line(g, mx, y, mx, my + lw / 2, col, lw / (font / 12), NULL);
				if (arms & D)
					dsp_svg_line(g, mx, my - lw / 2, mx, y + ch, col, lw / (font / 12), NULL);
				continue;
			}
			if (block(c0->glyph, &top, &bh)) {
				dsp_svg_rect(g, x, y + ch * top, cw + 0.05, ch * bh + 0.05, col, NULL);
				continue;
			}
			len = strlen(c0->glyph);
			memcpy(run, c0->glyph, len);
			if ((unsigned char)c0->glyph[0] < 0x80)
				for (; k < s->cols; k++) {
					c = &s->cell[r * s->cols + k];
					if (c->fg != c0->fg || c->bold != c0->bold ||
					    c->underline != c0->underline ||
					    (unsigned char)c->glyph[0] >= 0x80 ||
					    len + 2 >= sizeof run)
						break;
					run[len++] = c->glyph[0] != '\0' ? c->glyph[0] : ' ';
				}
			/* Trailing blanks of a run are not drawn. */
			while (len > 1 && run[len - 1] == ' ') {
				len--;
				k--;
			}
			run[len] = '\0';
			dsp_svg_escape(run, esc, sizeof esc);
			dsp_svg_raw(g, "<text x=\"%.2f\" y=\"%.2f\" fill=\"%s\"%s%s>%s</text>\n",
			    x, y + ch * 0.78, col, c0->bold ? " font-weight=\"bold\"" : "",
			    c0->underline ? " text-decoration=\"underline\"" : "", esc);
		}
	}
	dsp_svg_raw(g, "</g>\n");
	if (sx != 1 || sy != 1)
		dsp_svg_raw(g, "</g>\n");
	return dsp_svg_end(g);
}
