/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A tiny SVG writer for the snapshot figures: shapes, escaped text and
 * plot axes (nice-number linear ticks, 10^k or 2^k log ticks) shared by
 * the histogram, curve and map plots.  Self-contained output: no external
 * fonts, images or style sheets. */
#ifndef DSP_SVG_H
#define DSP_SVG_H

#include <stddef.h>
#include <stdio.h>

#include "core/schema/figspec.h"

typedef struct dsp_svg dsp_svg;

/* Start a document of width x height user units (also the viewBox), base
 * font 12. */
dsp_svg	*dsp_svg_begin(FILE *fp, int width, int height, const char *title,
	    const char *desc);

/* A page of physical size: user units are points (1/72 in), so the
 * document's width and height are written in pt and a font size in user
 * units is a size in pt wherever the figure is placed at its size. */
typedef struct dsp_svg_page {
	double	w, h;		/* pt */
	double	font;		/* base font size, pt */
} dsp_svg_page;

dsp_svg	*dsp_svg_begin_page(FILE *fp, const dsp_svg_page *pg, const char *title,
	    const char *desc);
/* A figure's page from the figure options f (NULL: the defaults; its own
 * size defw x defh pt when none is given), the document begun and the
 * title drawn (wrapped to the page); *top is where the plots may start. */
dsp_svg	*dsp_svg_begin_figure(FILE *fp, const dsp_figspec *f, double defw,
	    double defh, const char *title, const char *desc, dsp_svg_page *pg,
	    double *top);
/* A figure with a fixed layout of width x height user units at base font
 * 12, placed on the page of the figure options f (NULL: the defaults):
 * the page is f's size in pt (or width x height), the layout scaled to
 * it through the viewBox (uniformly, centred).  With f's font size the
 * base font (dsp_svg_font, in layout units) is set so that it is that
 * many pt on the page; writers size their text relative to it
 * (DSP_SVG_FS).  The default options give dsp_svg_begin's document. */
dsp_svg	*dsp_svg_begin_fixed(FILE *fp, int width, int height,
	    const dsp_figspec *f, const char *title, const char *desc);
/* A font size of a fixed layout designed at base 12, at the document's
 * base font. */
#define DSP_SVG_FS(s, size)	((size) * dsp_svg_font(s) / 12)
/* The document's base font size. */
double	 dsp_svg_font(const dsp_svg *s);
/* Estimated width of text at a font size (sans-serif, UTF-8 characters). */
double	 dsp_svg_text_width(double size, const char *text);
/* Close the document and free; DSP_EIO if any write failed. */
int	 dsp_svg_end(dsp_svg *s);
/* A part of the figure could not be allocated: recorded, and the figure
 * fails at dsp_svg_end with it (DSP_ENOMEM), so a drawing function that
 * returns nothing still never leaves a figure short of a panel. */
int	 dsp_svg_nomem(dsp_svg *s, const char *what, size_t bytes);

/* fill/stroke are SVG colours ("#440154", "none"); extra is raw attribute
 * text or NULL. */
void	 dsp_svg_rect(dsp_svg *s, double x, double y, double w, double h,
	    const char *fill, const char *extra);
void	 dsp_svg_line(dsp_svg *s, double x1, double y1, double x2, double y2,
	    const char *stroke, double width, const char *dash);
/* The same with raw attribute text (class, data-*) or NULL. */
void	 dsp_svg_line_attr(dsp_svg *s, double x1, double y1, double x2, double y2,
	    const char *stroke, double width, const char *dash, const char *extra);
/* Line widths and dash lengths are in units of a 12 pt figure: they scale
 * with the document's font (dsp_svg_begin_page).
 * Non-finite points split the line into several polylines. */
void	 dsp_svg_polyline(dsp_svg *s, const double *x, const double *y,
	    size_t n, const char *stroke, double width, const char *dash);
/* anchor "start", "middle" or "end"; rotate in degrees about (x, y). */
void	 dsp_svg_text(dsp_svg *s, double x, double y, const char *anchor,
	    double size, double rotate, const char *text);
void	 dsp_svg_textf(dsp_svg *s, double x, double y, const char *anchor,
	    double size, double rotate, const char *fmt, ...)
	    __attribute__((format(printf, 7, 8)));
/* Raw markup (caller escapes). */
void	 dsp_svg_raw(dsp_svg *s, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
/* Escape &, <, >, " and ' into out (always terminated). */
void	 dsp_svg_escape(const char *in, char *out, size_t size);

/* An axis: linear, or logarithmic with ticks at base^k (base 10 or 2). */
typedef struct dsp_axis {
	double		 lo, hi;
	int		 log_base;	/* 0 linear, 2 or 10 */
	const char	*title;
	int		 bare;		/* 1: no ticks, labels or grid (colour
					   bars); DSP_AXIS_NOLABELS: ticks and
					   grid without labels (an x axis shared
					   with the panel below) */
} dsp_axis;
#define DSP_AXIS_NOLABELS	2

/* Plot area in user units and its two axes. */
typedef struct dsp_plot {
	double		 x, y, w, h;
	dsp_axis	 ax, ay;
} dsp_plot;

/* Nice-number ticks (Heckbert): about target ticks covering [lo, hi],
 * step 1, 2 or 5 times a power of ten; returns how many were stored. */
size_t	 dsp_nice_ticks(double lo, double hi, size_t target, double *ticks,
	    size_t max, double *step);
/* Widen a linear axis to nice tick bounds, a log axis to whole powers. */
void	 dsp_axis_nice(dsp_axis *a, size_t target);
/* 2 when [lo, hi] spans at most 2^16 between powers of two, else 10. */
int	 dsp_log_base_for(double lo, double hi);
/* Data to user coordinates (log axes take log of the value). */
double	 dsp_plot_px(const dsp_plot *p, double v);
double	 dsp_plot_py(const dsp_plot *p, double v);
/* dsp_plot_px for many values on one axis, bit for bit: the ends' logs
 * taken once into c (dsp_plot_px_prep), not at every value. */
void	 dsp_plot_px_prep(const dsp_plot *p, double c[2]);
double	 dsp_plot_px_fast(const dsp_plot *p, const double c[2], double v);
/* A polyline of data points (x[i], y[i]) in the plot's coordinates; a
 * point that is not finite (or not positive on a log axis) breaks it. */
void	 dsp_svg_series(dsp_svg *s, const dsp_plot *p, const double *x,
	    const double *y, size_t n, const char *stroke, double width,
	    const char *dash);
/* Light grid at the major ticks: draw it before the data. */
void	 dsp_svg_grid(dsp_svg *s, const dsp_plot *p);
/* Frame, ticks, tick labels and both axis titles (no grid). */
void	 dsp_svg_axes(dsp_svg *s, const dsp_plot *p);
/* Room dsp_svg_axes needs left of and below a plot for the document's
 * font: tick labels and axis titles. */
double	 dsp_svg_margin_left(const dsp_svg *s);
double	 dsp_svg_margin_bottom(const dsp_svg *s);
/* A viridis colour bar filling bar's frame, value 0 at the bottom (its
 * axes are the caller's). */
void	 dsp_svg_viridis_bar(dsp_svg *s, const dsp_plot *bar);
/* Clip path "id" for the plot area so curves stay inside the frame. */
void	 dsp_svg_clip(dsp_svg *s, const dsp_plot *p, const char *id);

/* Point markers, so that series differ in shape as well as colour. */
enum dsp_marker {
	DSP_MK_NONE, DSP_MK_CIRCLE, DSP_MK_SQUARE, DSP_MK_TRIANGLE, DSP_MK_DIAMOND,
	DSP_MK_CROSS, DSP_MK_PLUS
};

/* Series style i of the series drawn beside a figure's role lines
 * (overlays, pins): a colour of the Okabe-Ito palette (colour-blind safe;
 * Okabe & Ito 2008), a dash pattern and a marker.  The first
 * DSP_SVG_SERIES styles differ from each other in colour or dash, and
 * none is solid or uses the snapshot figures' role dash patterns. */
#define DSP_SVG_SERIES 40
void	 dsp_svg_series_style(size_t i, const char **color, const char **dash,
	    enum dsp_marker *mk);
/* One marker of radius r centred at (x, y). */
void	 dsp_svg_marker(dsp_svg *s, double x, double y, enum dsp_marker mk,
	    double r, const char *color);
/* count markers spread evenly over the n points (user coordinates),
 * shifted by phase (0..3) so overlapping series keep theirs apart;
 * non-finite points get none. */
void	 dsp_svg_markers(dsp_svg *s, const double *x, const double *y, size_t n,
	    size_t count, size_t phase, enum dsp_marker mk, double r,
	    const char *color);

typedef struct dsp_legend_item {
	const char	*label;
	const char	*color;
	const char	*dash;		/* NULL: solid */
	int		 box;		/* 1: filled swatch, 0: line sample */
	double		 opacity;	/* of the swatch, 0 = 1 */
	enum dsp_marker	 marker;	/* drawn on the sample */
	double		 width;		/* line width of the sample, 0 = 2 */
} dsp_legend_item;

/* Legend with its top-left corner at (x, y), one item a row (no frame:
 * legends go outside the data area). */
void	 dsp_svg_legend(dsp_svg *s, double x, double y,
	    const dsp_legend_item *items, size_t n);
/* The same in cols columns, items row by row. */
void	 dsp_svg_legend_cols(dsp_svg *s, double x, double y,
	    const dsp_legend_item *items, size_t n, size_t cols);
/* Size of a legend whose width is at most max_w (0: one column): the
 * columns that fit, its width and height. */
void	 dsp_svg_legend_size(const dsp_svg *s, const dsp_legend_item *items,
	    size_t n, double max_w, double *w, double *h, size_t *cols);

/* A centred heading of the figure, wrapped after a ", " or ": " into as
 * many lines as keep it within max_w; returns the lines used. */
size_t	 dsp_svg_title(dsp_svg *s, double cx, double y, double max_w,
	    const char *title);
/* The lines dsp_svg_begin_figure's title takes on a page page_w wide at
 * base font font. */
size_t	 dsp_svg_title_lines(double font, double page_w, const char *title);
/* Lay out a plot with its axes and a legend of n items in the box
 * (x, y, w, h): the legend goes outside the data area, right of the plot
 * when it is narrow enough, else below the x axis title in columns.  Sets
 * pl's frame (axes untouched) and the legend's corner and columns. */
void	 dsp_svg_layout(const dsp_svg *s, double x, double y, double w, double h,
	    const dsp_legend_item *items, size_t n, dsp_plot *pl, double *lx,
	    double *ly, size_t *cols);

#endif
