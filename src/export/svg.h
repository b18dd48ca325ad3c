/* A tiny SVG writer for the snapshot figures: shapes, escaped text and
 * plot axes (nice-number linear ticks, 10^k or 2^k log ticks) shared by
 * the histogram, curve and map plots.  Self-contained output: no external
 * fonts, images or style sheets. */
#ifndef DSP_SVG_H
#define DSP_SVG_H

#include <stddef.h>
#include <stdio.h>

typedef struct dsp_svg dsp_svg;

/* Start a document of width x height user units (also the viewBox). */
dsp_svg	*dsp_svg_begin(FILE *fp, int width, int height, const char *title,
	    const char *desc);
/* Close the document and free; DSP_EIO if any write failed. */
int	 dsp_svg_end(dsp_svg *s);

/* fill/stroke are SVG colours ("#440154", "none"); extra is raw attribute
 * text or NULL. */
void	 dsp_svg_rect(dsp_svg *s, double x, double y, double w, double h,
	    const char *fill, const char *extra);
void	 dsp_svg_line(dsp_svg *s, double x1, double y1, double x2, double y2,
	    const char *stroke, double width, const char *dash);
/* Non-finite points split the line into several polylines. */
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
	int		 bare;		/* no ticks, labels or grid (colour bars) */
} dsp_axis;

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
/* A polyline of data points (x[i], y[i]) in the plot's coordinates; a
 * point that is not finite (or not positive on a log axis) breaks it. */
void	 dsp_svg_series(dsp_svg *s, const dsp_plot *p, const double *x,
	    const double *y, size_t n, const char *stroke, double width,
	    const char *dash);
/* Frame, light grid, ticks, tick labels and both axis titles. */
void	 dsp_svg_axes(dsp_svg *s, const dsp_plot *p);
/* A viridis colour bar filling bar's frame, value 0 at the bottom (its
 * axes are the caller's). */
void	 dsp_svg_viridis_bar(dsp_svg *s, const dsp_plot *bar);
/* Clip path "id" for the plot area so curves stay inside the frame. */
void	 dsp_svg_clip(dsp_svg *s, const dsp_plot *p, const char *id);

typedef struct dsp_legend_item {
	const char	*label;
	const char	*color;
	const char	*dash;		/* NULL: solid */
	int		 box;		/* 1: filled swatch, 0: line sample */
	double		 opacity;	/* of the swatch, 0 = 1 */
} dsp_legend_item;

/* Legend box with its top-left corner at (x, y). */
void	 dsp_svg_legend(dsp_svg *s, double x, double y,
	    const dsp_legend_item *items, size_t n);

#endif
