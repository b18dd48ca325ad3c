/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The viridis colour map (perceptually uniform, colour-blind safe), used by
 * the SVG map and by the TUI for terminal colours.  Presentation only. */
#ifndef DSP_VIRIDIS_H
#define DSP_VIRIDIS_H

#define DSP_VIRIDIS_SIZE 256

/* Colour for t in [0, 1] (clamped; NaN gives the t = 0 colour), linearly
 * interpolated between the 256 entries and rounded to 8-bit sRGB. */
void	dsp_viridis(double t, unsigned char rgb[3]);
/* The same colour as "#rrggbb" (SVG). */
void	dsp_viridis_hex(double t, char buf[8]);
/* Entry i of the table (0 .. 255), exactly as listed. */
void	dsp_viridis_entry(unsigned i, unsigned char rgb[3]);

#endif
