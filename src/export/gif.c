/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The animated GIF (see gif.h): each frame drawn into an 8-bit indexed
 * raster with a fixed palette, then written as one GIF image after a
 * graphics-control block carrying the delay. */
#include "config.h"

#include <gif_lib.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "export/bitfont.h"
#include "export/gif.h"
#include "export/viridis.h"

/* Palette entries. */
enum { C_BG, C_AXIS, C_GRID, C_ENTROPY, C_MAXW, C_MARKER, C_BAR, C_COUNT };

/* Plot margins in pixels: the frame's value and the legend above, H's
 * tick labels left, the largest weight's right, n's tick labels, the axis
 * title and the progress bar below. */
#define M_LEFT		32
#define M_RIGHT		26
#define M_TOP		24
#define M_BOTTOM	38
#define TICK		3	/* tick length */

struct dsp_gif {
	GifFileType	*gf;
	FILE		*fp;
	int		 w, h, delay;
	GifPixelType	*pix;
	int		 failed;
};

static int
put_bytes(GifFileType *gf, const GifByteType *b, int n)
{
	FILE *fp = gf->UserData;

	return (int)fwrite(b, 1, (size_t)n, fp);
}

static int
gif_fail(dsp_gif *g, const char *what, int err)
{
	if (g != NULL)
		g->failed = 1;
	return dsp_fail(DSP_EIO, "GIF %s: %s", what, GifErrorString(err));
}

dsp_gif *
dsp_gif_begin(FILE *fp, int w, int h, int delay_cs)
{
	/* NETSCAPE2.0 application block: loop count 0 = forever. */
	static const GifByteType app[] = "NETSCAPE2.0", loop[] = { 1, 0, 0 };
	GifColorType colors[8];
	ColorMapObject *cmap;
	unsigned char rgb[3];
	dsp_gif *g;
	int err = 0, i;

	if (w < M_LEFT + M_RIGHT + 16 || h < M_TOP + M_BOTTOM + 16 || w > 4096 || h > 4096) {
		dsp_fail(DSP_EINVAL, "GIF size %d x %d out of range", w, h);
		return NULL;
	}
	if ((g = dsp_calloc(1, sizeof *g)) == NULL ||
	    (g->pix = dsp_malloc((size_t)w * (size_t)h)) == NULL) {
		free(g);
		dsp_fail_nomem(NULL, 0);
		return NULL;
	}
	g->fp = fp;
	g->w = w;
	g->h = h;
	g->delay = delay_cs;
	memset(colors, 0, sizeof colors);
	colors[C_BG] = (GifColorType){ 255, 255, 255 };
	colors[C_AXIS] = (GifColorType){ 64, 64, 64 };
	colors[C_GRID] = (GifColorType){ 224, 224, 224 };
	/* The series in viridis, dark purple to yellow, as the SVG map. */
	for (i = 0; i < 4; i++) {
		dsp_viridis((const double[]){ 0.3, 0.7, 0.0, 0.85 }[i], rgb);
		colors[(const int[]){ C_ENTROPY, C_MAXW, C_MARKER, C_BAR }[i]] =
		    (GifColorType){ rgb[0], rgb[1], rgb[2] };
	}
	if ((cmap = DSP_LIB_ALLOC(GifMakeMapObject(8, colors))) == NULL) {
		free(g->pix);
		free(g);
		dsp_fail_nomem(NULL, 0);
		return NULL;
	}
	if ((g->gf = DSP_LIB_ALLOC(EGifOpen(fp, put_bytes, &err))) == NULL) {
		GifFreeMapObject(cmap);
		gif_fail(NULL, "open", err);
		free(g->pix);
		free(g);
		return NULL;
	}
	EGifSetGifVersion(g->gf, true);
	if (EGifPutScreenDesc(g->gf, w, h, 8, C_BG, cmap) == GIF_ERROR ||
	    EGifPutExtensionLeader(g->gf, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
	    EGifPutExtensionBlock(g->gf, 11, app) == GIF_ERROR ||
	    EGifPutExtensionBlock(g->gf, 3, loop) == GIF_ERROR ||
	    EGifPutExtensionTrailer(g->gf) == GIF_ERROR) {
		gif_fail(g, "header", g->gf->Error);
	}
	GifFreeMapObject(cmap);
	if (g->failed) {
		dsp_gif_end(g);
		return NULL;
	}
	return g;
}

static void
dot(dsp_gif *g, int x, int y, int r, int c)
{
	int i, j;

	for (j = y - r; j <= y + r; j++)
		for (i = x - r; i <= x + r; i++)
			if (i >= 0 && j >= 0 && i < g->w && j < g->h)
				g->pix[(size_t)j * (size_t)g->w + (size_t)i] = (GifPixelType)c;
}

/* A line two pixels wide (Bresenham, one dot per step). */
static void
line(dsp_gif *g, int x0, int y0, int x1, int y1, int c)
{
	int dx = abs(x1 - x0), dy = -abs(y1 - y0), sx = x0 < x1 ? 1 : -1,
	    sy = y0 < y1 ? 1 : -1, e = dx + dy, e2;

	for (;;) {
		dot(g, x0, y0, 0, c);
		dot(g, x0 + 1, y0, 0, c);
		dot(g, x0, y0 + 1, 0, c);
		if (x0 == x1 && y0 == y1)
			break;
		e2 = 2 * e;
		if (e2 >= dy) {
			e += dy;
			x0 += sx;
		}
		if (e2 <= dx) {
			e += dx;
			y0 += sy;
		}
	}
}

static void
series(dsp_gif *g, const dsp_gif_curve *c, const double *y, double ymax, int col)
{
	int pw = g->w - M_LEFT - M_RIGHT, ph = g->h - M_TOP - M_BOTTOM, have = 0, px = 0, py = 0;
	double la = log(c->n_lo), lb = log(c->n_hi), t, u;
	size_t i;

	for (i = 0; i < c->count; i++) {
		if (!isfinite(y[i]) || !(c->ns[i] > 0)) {
			have = 0;
			continue;
		}
		t = lb > la ? (log(c->ns[i]) - la) / (lb - la) : 0;
		u = ymax > 0 ? y[i] / ymax : 0;
		u = u < 0 ? 0 : u > 1 ? 1 : u;
		int x = M_LEFT + (int)lround(t * (pw - 1)), yy = M_TOP + (int)lround((1 - u) * (ph - 1));

		if (have)
			line(g, px, py, x, yy, col);
		px = x;
		py = yy;
		have = 1;
	}
}

/* Text in the axis colour at y (top), aligned on x: -1 its left edge,
 * 0 its centre, 1 its right edge. */
static void
text(dsp_gif *g, int x, int y, int align, const char *s)
{
	int w = dsp_bitfont_width(s, 1);

	x -= align == 0 ? w / 2 : align > 0 ? w : 0;
	dsp_bitfont_draw(g->pix, g->w, g->h, x, y, s, 1, C_AXIS);
}

/* The decades of n on the x axis: grid lines (grid != 0) or ticks and
 * labels ("1", "10", "100", "1e3", ...), every step-th decade labelled
 * where the labels would touch. */
static void
xticks(dsp_gif *g, const dsp_gif_curve *c, int grid)
{
	int pw = g->w - M_LEFT - M_RIGHT, ph = g->h - M_TOP - M_BOTTOM, x, y, k, k0, k1,
	    step = 1;
	double la = log(c->n_lo), lb = log(c->n_hi), per;
	char buf[16];

	if (!(lb > la) || !(c->n_lo > 0))
		return;
	k0 = (int)ceil(log10(c->n_lo) - 1e-9);
	k1 = (int)floor(log10(c->n_hi) + 1e-9);
	/* Pixels a decade; a label is at most "1e-300" wide plus a gap. */
	per = (pw - 1) * log(10) / (lb - la);
	while (step < 100 && per * step < dsp_bitfont_width("1e12", 1) + 8)
		step++;
	for (k = k0; k <= k1; k++) {
		x = M_LEFT + (int)lround((k * log(10) - la) / (lb - la) * (pw - 1));
		if (grid) {
			if (k % step == 0)
				for (y = M_TOP; y < M_TOP + ph; y++)
					dot(g, x, y, 0, C_GRID);
			continue;
		}
		for (y = 1; y <= (k % step == 0 ? TICK : TICK - 1); y++)
			dot(g, x, M_TOP + ph + y, 0, C_AXIS);
		if (k % step != 0)
			continue;
		if (k >= 0 && k <= 2)
			snprintf(buf, sizeof buf, "%d", k == 0 ? 1 : k == 1 ? 10 : 100);
		else
			snprintf(buf, sizeof buf, "1e%d", k);
		text(g, x, M_TOP + ph + TICK + 2, 0, buf);
	}
}

/* Ticks and labels of a y axis from 0 to top at column x, outward to the
 * side (-1 left, 1 right): a 1, 2 or 5 times 10^k step, at most 5. */
static void
yticks(dsp_gif *g, double top, int x, int side)
{
	int ph = g->h - M_TOP - M_BOTTOM, y, i, k;
	double step, v;
	char buf[16];

	if (!(top > 0) || !isfinite(top))
		return;
	step = pow(10, floor(log10(top / 4)));
	if (top / step > 20)
		step *= 5;
	else if (top / step > 8)
		step *= 2;
	for (k = 0; (v = k * step) <= top * (1 + 1e-9); k++) {
		y = M_TOP + (int)lround((1 - v / top) * (ph - 1));
		for (i = 1; i <= TICK; i++)
			dot(g, x + side * i, y, 0, C_AXIS);
		snprintf(buf, sizeof buf, "%g", v);
		text(g, x + side * (TICK + 2), y - DSP_BITFONT_H / 2, side, buf);
	}
}

/* The frame's value large on the left; the two series' legend on the
 * right, each a swatch in its colour and its name. */
static void
legend(dsp_gif *g, const dsp_gif_curve *c)
{
	static const char *const name[2] = { "entropy H (nats, left)",
	    "max weight (right)" };
	static const int col[2] = { C_ENTROPY, C_MAXW };
	int x = g->w - M_RIGHT, y = (M_TOP - DSP_BITFONT_H) / 2, i, k;

	if (c->label != NULL)
		dsp_bitfont_draw(g->pix, g->w, g->h, M_LEFT, (M_TOP - 2 * DSP_BITFONT_H) / 2,
		    c->label, 2, C_AXIS);
	for (i = 1; i >= 0; i--) {
		x -= dsp_bitfont_width(name[i], 1);
		text(g, x, y, -1, name[i]);
		x -= 16;
		for (k = 0; k < 12; k++)
			dot(g, x + k, y + DSP_BITFONT_H / 2, 1, col[i]);
		x -= 12;
	}
}

int
dsp_gif_frame(dsp_gif *g, const dsp_gif_curve *c)
{
	GraphicsControlBlock gcb = { DISPOSAL_UNSPECIFIED, false, 0, NO_TRANSPARENT_COLOR };
	GifByteType ext[4];
	int pw = g->w - M_LEFT - M_RIGHT, ph = g->h - M_TOP - M_BOTTOM, x, y;
	double la = log(c->n_lo), lb = log(c->n_hi), t;

	if (g->failed)
		return dsp_fail(DSP_EIO, "GIF: an earlier frame failed");
	memset(g->pix, C_BG, (size_t)g->w * (size_t)g->h);
	/* Grid under the data at the labelled decades of n, and halfway up. */
	xticks(g, c, 1);
	for (x = M_LEFT; x < M_LEFT + pw; x++)
		dot(g, x, M_TOP + ph / 2, 0, C_GRID);
	series(g, c, c->maxw, 1, C_MAXW);
	series(g, c, c->entropy, c->h_max, C_ENTROPY);
	/* The frame over the data: a series at 0 is two pixels thick. */
	for (y = M_TOP; y < M_TOP + ph; y++)
		dot(g, M_LEFT - 1, y, 0, C_AXIS);
	for (y = M_TOP; y < M_TOP + ph; y++)
		dot(g, M_LEFT + pw, y, 0, C_AXIS);
	for (x = M_LEFT - 1; x <= M_LEFT + pw; x++)
		dot(g, x, M_TOP + ph, 0, C_AXIS);
	xticks(g, c, 0);
	yticks(g, c->h_max, M_LEFT - 1, -1);
	yticks(g, 1, M_LEFT + pw, 1);
	text(g, M_LEFT + pw / 2, M_TOP + ph + TICK + 13, 0, "number of items n (log scale)");
	legend(g, c);
	/* The marker: where this frame's view is. */
	if (c->marker_n > 0 && lb > la) {
		t = (log(c->marker_n) - la) / (lb - la);
		t = t < 0 ? 0 : t > 1 ? 1 : t;
		x = M_LEFT + (int)lround(t * (pw - 1));
		for (y = M_TOP; y < M_TOP + ph; y++)
			dot(g, x, y, 0, C_MARKER);
		if (isfinite(c->marker_h) && c->h_max > 0) {
			t = c->marker_h / c->h_max;
			t = t < 0 ? 0 : t > 1 ? 1 : t;
			dot(g, x, M_TOP + (int)lround((1 - t) * (ph - 1)), 3, C_MARKER);
		}
	}
	/* Progress through the animation along the bottom. */
	t = c->progress < 0 ? 0 : c->progress > 1 ? 1 : c->progress;
	for (x = M_LEFT; x <= M_LEFT + (int)lround(t * (pw - 1)); x++)
		for (y = g->h - 7; y < g->h - 3; y++)
			dot(g, x, y, 0, C_BAR);

	gcb.DelayTime = g->delay;
	EGifGCBToExtension(&gcb, ext);
	if (EGifPutExtension(g->gf, GRAPHICS_EXT_FUNC_CODE, 4, ext) == GIF_ERROR ||
	    EGifPutImageDesc(g->gf, 0, 0, g->w, g->h, false, NULL) == GIF_ERROR)
		return gif_fail(g, "frame", g->gf->Error);
	for (y = 0; y < g->h; y++)
		if (EGifPutLine(g->gf, g->pix + (size_t)y * (size_t)g->w, g->w) == GIF_ERROR)
			return gif_fail(g, "frame", g->gf->Error);
	return DSP_OK;
}

int
dsp_gif_end(dsp_gif *g)
{
	int err = 0, rc = DSP_OK;

	if (g == NULL)
		return DSP_OK;
	if (g->gf != NULL && EGifCloseFile(g->gf, &err) == GIF_ERROR)
		rc = gif_fail(g, "close", err);
	else if (g->failed)
		rc = DSP_EIO;
	free(g->pix);
	free(g);
	return rc;
}
