/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The terminal screen as a figure: a grid of text cells with colours,
 * drawn as SVG (monospace text, box drawing as lines, block elements as
 * rectangles) for slides that show the tool.  The cells come from the
 * TUI's curses screen (src/app/term.c) or from a plain text screen (the
 * snapshot's .txt, `snapshot --screen FILE`). */
#ifndef DSP_SCREEN_SVG_H
#define DSP_SCREEN_SVG_H

#include <stdint.h>
#include <stdio.h>

#include "core/schema/figspec.h"

typedef struct dsp_cell {
	char		 glyph[8];	/* one UTF-8 character, "" = blank */
	uint32_t	 fg, bg;	/* 0xRRGGBB, after reverse video */
	unsigned char	 bold, underline;
} dsp_cell;

typedef struct dsp_screen {
	int		 rows, cols;
	dsp_cell	*cell;		/* rows * cols, row-major */
} dsp_screen;

/* Colours of a screen without colour attributes: light grey on black,
 * as a terminal shows it. */
#define DSP_SCREEN_FG	0xd0d0d0u
#define DSP_SCREEN_BG	0x000000u

/* A rows x cols screen of blanks in the default colours; NULL when out of
 * memory (DSP_ENOMEM) or larger than 1000 x 1000 (DSP_EINVAL). */
dsp_screen	*dsp_screen_alloc(int rows, int cols);
void		 dsp_screen_free(dsp_screen *s);
/* The screen of a plain UTF-8 text, one line a row (as wide as its widest
 * line, in characters; tabs as spaces to the next multiple of 8). */
dsp_screen	*dsp_screen_from_text(const char *text);
/* The xterm colour of palette index i (0-15 the 16 system colours,
 * 16-231 the 6x6x6 cube, 232-255 the grey ramp) as 0xRRGGBB. */
uint32_t	 dsp_xterm_rgb(int i);

/* Write the screen as an SVG page of cells (font f->font pt or 12, cell
 * 0.6 x 1.2 em; a given --figure-size scales the page to that size). */
int	dsp_screen_svg(const dsp_screen *s, const dsp_figspec *f, const char *title,
	    FILE *fp);

#endif
