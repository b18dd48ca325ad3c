/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A 5 x 7 pixel bitmap font for the raster figures (the animated GIF):
 * printable ASCII plus θ and δ, so frames carry their labels without a
 * font library. */
#ifndef DSP_EXPORT_BITFONT_H
#define DSP_EXPORT_BITFONT_H

#include <stddef.h>

/* A glyph is 5 x 7 pixels in a cell 6 wide (one pixel apart). */
#define DSP_BITFONT_W	6
#define DSP_BITFONT_H	7

/* Width in pixels of UTF-8 text at scale (1, 2, ...): cells times the
 * characters, the last cell without its gap. */
int	dsp_bitfont_width(const char *text, int scale);
/* Draw text with its top-left corner at (x, y) into the w x h raster of
 * one byte a pixel, pixels set to colour; parts off the raster are cut.
 * A character outside the font is drawn as '?'. */
void	dsp_bitfont_draw(unsigned char *pix, int w, int h, int x, int y,
	    const char *text, int scale, unsigned char colour);

#endif
