/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Figure options of a view: physical size, type size, output formats and
 * the PNG resolution of the exported figures (SVG, PDF, PNG).  They are
 * view options (ptable.h, rows DSP_V_FIG_*): the CLI options, the TUI's
 * `:` command and the snapshot JSON read and write them through that
 * table.  Presentation only: no figure's numbers depend on them. */
#ifndef DSP_FIGSPEC_H
#define DSP_FIGSPEC_H

enum dsp_figfmt {
	DSP_FIG_SVG = 1u << 0,
	DSP_FIG_PDF = 1u << 1,
	DSP_FIG_PNG = 1u << 2
};
#define DSP_FIG_ALL	(DSP_FIG_SVG | DSP_FIG_PDF | DSP_FIG_PNG)

enum dsp_figunit {
	DSP_UNIT_AUTO,	/* each figure's own size (w = h = 0) */
	DSP_UNIT_IN,
	DSP_UNIT_MM,
	DSP_UNIT_PT
};

typedef struct dsp_figspec {
	double		 w, h;		/* in unit; 0 with DSP_UNIT_AUTO */
	int		 unit;		/* enum dsp_figunit */
	double		 font;		/* base font size in pt; 0 = auto */
	unsigned	 formats;	/* DSP_FIG_* bits, at least one */
	double		 dpi;		/* PNG pixels per inch */
} dsp_figspec;

/* Auto size, auto font, SVG only, 300 dpi. */
void	dsp_figspec_default(dsp_figspec *f);
/* Page of a figure whose own size is defw x defh pt at font 12: the given
 * size in pt (or the default), and the font: the given one, 12 at the
 * default size, else min(w / 36, h / 24) within 6 .. 12 pt. */
void	dsp_figspec_page(const dsp_figspec *f, double defw, double defh,
	    double *w, double *h, double *font);
/* File name extension of one format bit: "svg", "pdf", "png". */
const char *dsp_figfmt_ext(unsigned fmt);

#endif
