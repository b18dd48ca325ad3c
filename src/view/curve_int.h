/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The curve panel's two files: the plots (entropy_plot.c) and the panel
 * around them (curve_panel.c: legend, captions, where each plot goes). */
#ifndef DSP_VIEW_CURVE_INT_H
#define DSP_VIEW_CURVE_INT_H

#include "view/view.h"

/* Columns left of the plots: the y labels ("1e-10", " 27.7") and a blank;
 * one more when a decade label has three digits ("1e-100"): a label is
 * never cut into another number. */
#define AXIS_W	7

/* Theorem 2.2's critical n is drawn only for a fixed temperature. */
int		 curve_fixed_temperature(const struct view_state *st);
/* A pin's mark (its number) and series i's glyph, as the plots draw them. */
const char	*curve_pin_glyph(const struct view_curve *cv, size_t i);
const char	*curve_series_glyph(const struct view_curve *cv, size_t i);
/* The glyph of the resample's other heads (faint curves). */
const char	*curve_faint_glyph(void);
/* The max-weight plot's lowest log10 decade; *clip: the band goes below. */
double		 curve_maxw_range(const struct view_panel *pn, int *clip);
/* Whether the entropy plot h rows high draws the view's H in the sub-row
 * of the log n ceiling, or the next, wherever it is drawn: the two read as
 * one line there, and the legend says so. */
int		 curve_h_on_ceiling(struct view_panel *pn, int h);
/* The plots in rows top .. top + h - 1 of the panel's plot columns, and
 * the x axis on row y. */
void		 curve_entropy_plot(struct view_panel *pn, WINDOW *w, int top, int h);
void		 curve_maxw_plot(struct view_panel *pn, WINDOW *w, int top, int h);
void		 curve_xaxis(struct view_panel *pn, WINDOW *w, int y);

#endif
