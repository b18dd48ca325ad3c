/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Drawing helpers shared by the widgets: glyphs with ASCII fallbacks,
 * frames, clipped text.  Colours are theme.c's. */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "core/alloc.h"
#include "core/schema/figures.h"
#include "view/view.h"

struct view_style view_style;

static const char *sym_utf8[SYM_COUNT] = {
	"δ", "θ", "λ", "ε", "α", "≤", "·", "−", "●", "│", "─", "┄", "▶", "×", "…"
};
static const char *sym_ascii[SYM_COUNT] = {
	"delta", "theta", "lambda", "eps", "a", "<=", "*", "-", "*", "|", "-", "-",
	">", "x", "..."
};

static const char ascii_ramp[] = " .:-=+*#%@";

void
view_style_init(int want_utf8, int want_color)
{
	memset(&view_style, 0, sizeof view_style);
	view_style.utf8 = want_utf8;
	view_style.palette = PAL_MONO;
	view_style.heat_levels = (int)sizeof ascii_ramp - 1;
	if (want_color)
		view_colors_start();
}

const char *
view_sym(enum view_sym s)
{
	if ((unsigned)s >= SYM_COUNT)
		return "?";
	return view_style.utf8 ? sym_utf8[s] : sym_ascii[s];
}

const char *
view_block(double frac)
{
	static const char *blocks[9] = {
		" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"
	};
	static const char *ascii[4] = { " ", ".", ":", "#" };
	int i;

	if (!(frac > 0))
		return " ";
	if (frac > 1)
		frac = 1;
	if (view_style.utf8) {
		i = (int)lround(frac * 8);
		return blocks[i < 1 ? 1 : i];
	}
	i = (int)lround(frac * 3);
	return ascii[i < 1 ? 1 : i];
}

/* Column after the last frame's title (a tag beside it must not cut it). */
static int frame_end;

int
view_frame_end(void)
{
	return frame_end;
}

void
view_frame(WINDOW *w, const char *title, int focused)
{
	int wd = getmaxx(w);
	attr_t a = focused ? view_attr_focus() : 0;
	char buf[256];

	snprintf(buf, sizeof buf, " %s%s ", title != NULL ? title : "", focused ? " *" : "");
	frame_end = title != NULL ? 2 + view_width(buf) : 1;

	wattron(w, a);
	if (view_style.utf8)
		box(w, 0, 0);
	else
		wborder(w, '|', '|', '-', '-', '+', '+', '+', '+');
	wattroff(w, a);
	if (title != NULL && wd > 6)
		view_printf(w, 0, 2, wd - 4, focused ? A_REVERSE | A_BOLD : A_BOLD,
		    " %s%s ", title, focused ? " *" : "");
}

char
view_heat_char(double t)
{
	int i;

	if (!(t >= 0))
		t = 0;
	i = (int)(t * (sizeof ascii_ramp - 1));
	if (i > (int)sizeof ascii_ramp - 2)
		i = (int)sizeof ascii_ramp - 2;
	return ascii_ramp[i];
}

void
view_printf(WINDOW *w, int y, int x, int width, attr_t a, const char *fmt, ...)
{
	char buf[1024];
	wchar_t wbuf[1024];
	va_list ap;
	size_t n;

	if (width <= 0)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	wattron(w, a);
	n = mbstowcs(wbuf, buf, sizeof wbuf / sizeof wbuf[0] - 1);
	if (n == (size_t)-1)
		mvwaddnstr(w, y, x, buf, width);
	else {
		size_t k;
		int cw, used = 0;

		/* Clip by display columns, not characters: a wide glyph
		 * takes two, a combining mark none. */
		for (k = 0; k < n; k++) {
			cw = wcwidth(wbuf[k]);
			if (cw < 0)
				cw = 1;
			if (used + cw > width)
				break;
			used += cw;
		}
		wbuf[k] = L'\0';
		mvwaddnwstr(w, y, x, wbuf, (int)k);
	}
	wattroff(w, a);
}

char *
view_num(char *buf, size_t size, double v, int digits)
{
	/* One rounding rule for every number on screen (core/schema/figures.h). */
	return dsp_fmt_sig(buf, size, v, digits);
}

char *
view_band_edge(char *buf, size_t size, const dsp_summary *s, int which, int digits)
{
	const double v[4] = { s->lo_tight, s->hi_tight, s->lo_loose, s->hi_loose };
	char x[48];
	double lv;

	if (which < 0 || which > 3)
		return view_num(buf, size, NAN, digits);
	if (!dsp_band_edge_outside(v[which], s->n, s->spread, s->theta_eff, which, &lv))
		return view_num(buf, size, v[which], digits);
	snprintf(buf, size, "exp(%s)", view_num(x, sizeof x, lv, digits + 3));
	return buf;
}

char *
view_computing(char *buf, size_t size, int pct)
{
	if (pct >= 0)
		snprintf(buf, size, "computing %d %%", pct);
	else
		snprintf(buf, size, "computing");
	return buf;
}

const char *
view_row_key(int row)
{
	const dsp_param_def *d = dsp_param(row);

	return d != NULL ? d->name : "?";
}

/* The name the panel shows: the Greek letter of the row (its ASCII name
 * without UTF-8), else its ASCII name; every one is a name `:` accepts. */
const char *
view_row_name(int row)
{
	const dsp_param_def *d = dsp_param(row);

	if (d == NULL)
		return "?";
	if (d->uname != NULL && view_style.utf8)
		return d->uname;
	if (row == ROW_ATTN)	/* an alias the `:` command takes too */
		return "attention";
	return d->name;
}

void
view_row_value(const struct view_state *st, int row, char *buf, size_t size)
{
	const dsp_params *p = &st->vs.params;
	const dsp_param_def *d = dsp_param(row);
	double n = p->family == DSP_FAM_FILE ? (double)p->n_logits : (double)p->n;
	int e;

	if (d == NULL) {
		snprintf(buf, size, "?");
		return;
	}
	if (row == ROW_N) {
		e = (int)lround(log2(n));
		if (n >= 1024 && ldexp(1, e) == n)
			snprintf(buf, size, "%.0f = 2^%d", n, e);
		else
			snprintf(buf, size, "%.0f", n);
		return;
	}
	if (!dsp_param_applies(d, p)) {
		snprintf(buf, size, "-");
		return;
	}
	if (row == ROW_HEAD && st->layers > 0) {
		dsp_param_format(d, p, buf, size);
		snprintf(buf + strlen(buf), size - strlen(buf), " of %llux%llu",
		    (unsigned long long)st->layers, (unsigned long long)st->heads);
		return;
	}
	if (row == ROW_FAMILY && p->family == DSP_FAM_FILE && st->input_name != NULL) {
		snprintf(buf, size, "file %s", st->input_name);
		return;
	}
	switch (d->type) {
	case DSP_PT_REAL:
		view_num(buf, size, dsp_param_get_real(d, p), 6);
		break;
	case DSP_PT_BOOL:
		snprintf(buf, size, "%s", dsp_param_get_enum(d, p) ? "on" : "off");
		break;
	default:
		dsp_param_format(d, p, buf, size);
	}
}

_Static_assert(ROW_HEAD == VIEW_ROWS - 1, "the head is the last parameter row");

int
view_rows(const struct view_state *st)
{
	return dsp_param_applies(dsp_param(ROW_HEAD), &st->vs.params) ? VIEW_ROWS :
	    VIEW_ROWS - 1;
}

/* Each series' marker glyph, so overlaid curves differ without colour. */
const char *
view_series_glyph(int i)
{
	static const char *u[VIEW_SERIES_STYLES] = {
		"●", "◆", "▲", "■", "○", "◇", "△", "□", "★", "✚"
	};
	static const char *a[VIEW_SERIES_STYLES] = {
		"*", "+", "o", "x", "#", "@", "%", "&", "=", "~"
	};

	i = ((i % VIEW_SERIES_STYLES) + VIEW_SERIES_STYLES) % VIEW_SERIES_STYLES;
	return view_style.utf8 ? u[i] : a[i];
}

int
view_width(const char *s)
{
	wchar_t wbuf[1024];
	size_t n = mbstowcs(wbuf, s, sizeof wbuf / sizeof wbuf[0] - 1);
	int cw;

	if (n == (size_t)-1)
		return (int)strlen(s);
	wbuf[n] = L'\0';
	cw = wcswidth(wbuf, n);
	return cw < 0 ? (int)n : cw;
}

int
view_digits(const double *v, size_t n, int min)
{
	char a[40], b[40];
	size_t i, j;
	int d;

	for (d = min; d < 10; d++) {
		for (i = 0; i < n; i++)
			for (j = i + 1; j < n; j++)
				if (v[i] != v[j] && strcmp(view_num(a, sizeof a, v[i], d),
				    view_num(b, sizeof b, v[j], d)) == 0)
					goto more;
		return d;
more:		;
	}
	return d;
}

char *
view_decade(char *buf, size_t size, int k)
{
	if (k >= 0 && k <= 4)
		snprintf(buf, size, "%.0f", pow(10, k));
	else if (k >= -2 && k < 0)
		snprintf(buf, size, "%.*f", -k, pow(10, k));
	else
		snprintf(buf, size, "1e%d", k);
	return buf;
}

/* A blank where a line may break: not the one inside "log n" (a line
 * ending in "log" reads as a different formula), nor one after a lone
 * symbol of one or two columns (a legend's "· log n", "≤ α_k",
 * "0.00114 .. 3.41"): the symbol goes with what follows it. */
static int
breakable(const char *start, const char *q)
{
	const char *t;
	char tok[8];

	if (*q != ' ')
		return 0;
	/* A range "a .. b" stays on one row. */
	if (strncmp(q + 1, ".. ", 3) == 0)
		return 0;
	if (q - start >= 3 && strncmp(q - 3, "log", 3) == 0 &&
	    (q - start == 3 || q[-4] == ' ' || q[-4] == '(') && q[1] == 'n')
		return 0;
	for (t = q; t > start && t[-1] != ' '; t--)
		;
	if (q - t > 0 && (size_t)(q - t) < sizeof tok) {
		memcpy(tok, t, (size_t)(q - t));
		tok[q - t] = '\0';
		for (t = tok; *t != '\0' && !isalnum((unsigned char)*t); t++)
			;
		if (*t == '\0' && view_width(tok) <= 2)
			return 0;
	}
	return 1;
}

/* Lay buf out in rows of width columns (the continuation rows indented by
 * 2), broken at the last blank that fits, never inside a token; a token
 * wider than the line is cut (nothing better fits).  w NULL only counts:
 * returns the rows used.  buf is restored. */
static int
wrap_rows(char *buf, WINDOW *w, int y, int x, int width, attr_t a)
{
	char *p = buf, *cut, *q;
	int indent = 0, rows = 0;

	while (*p != '\0') {
		cut = NULL;
		if (view_width(p) > width - indent)
			for (q = p; *q != '\0'; q++)
				if (breakable(p, q)) {
					*q = '\0';
					if (view_width(p) <= width - indent)
						cut = q;
					*q = ' ';
					if (cut != q)
						break;
				}
		if (cut != NULL)
			*cut = '\0';
		if (w != NULL)
			view_printf(w, y + rows, x + indent, width - indent, a, "%s", p);
		rows++;
		if (cut == NULL)
			break;
		*cut = ' ';
		for (p = cut + 1; *p == ' '; p++)
			;
		indent = 2;
	}
	return rows;
}

int
view_line_rows(int width, const char *text)
{
	char buf[1024];

	snprintf(buf, sizeof buf, "%s", text);
	return wrap_rows(buf, NULL, 0, 0, width, 0);
}

/* view_line and view_line_aside: buf drawn whole from row *y, or not at
 * all (a half-shown formula reads as a wrong one); when it does not fit,
 * rest says whether the lines after it give way too (*y past last). */
static void
line_whole(WINDOW *w, int *y, int last, int x, int width, attr_t a, char *buf, int rest)
{
	if (*y + wrap_rows(buf, NULL, 0, 0, width, 0) - 1 <= last)
		*y += wrap_rows(buf, w, *y, x, width, a);
	else if (rest && *y <= last)
		*y = last + 1;
}

void
view_line(WINDOW *w, int *y, int last, int x, int width, attr_t a, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	/* Every line after one dropped goes too, so the order stays the one
	 * written. */
	line_whole(w, y, last, x, width, a, buf, 1);
}

void
view_line_aside(WINDOW *w, int *y, int last, int x, int width, attr_t a, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	line_whole(w, y, last, x, width, a, buf, 0);
}

/* ---- plot canvas: braille (2 x 4 dots a cell) or one glyph a cell ---- */

int
view_canvas_xres(void)
{
	return view_style.utf8 ? 2 : 1;
}

int
view_canvas_yres(void)
{
	return view_style.utf8 ? 4 : 1;
}

void
view_canvas_free(struct view_canvas *cv)
{
	free(cv->dots);
	free(cv->attr);
	free(cv->glyph);
	cv->dots = NULL;
	cv->attr = NULL;
	cv->glyph = NULL;
}

int
view_canvas_init(struct view_canvas *cv, int w, int h)
{
	memset(cv, 0, sizeof *cv);
	if (w < 1 || h < 1)
		return -1;
	cv->w = w;
	cv->h = h;
	cv->dots = dsp_calloc((size_t)w * (size_t)h, sizeof *cv->dots);
	cv->attr = dsp_calloc((size_t)w * (size_t)h, sizeof *cv->attr);
	cv->glyph = dsp_calloc((size_t)w * (size_t)h, sizeof *cv->glyph);
	if (cv->dots == NULL || cv->attr == NULL || cv->glyph == NULL) {
		view_canvas_free(cv);
		return -1;
	}
	return 0;
}

/* Dot (sx, sy) in sub-cell units, sy down from the top; without braille
 * the cell shows glyph.  A cell takes the last attribute set; a cell with
 * a marker keeps it. */
void
view_canvas_dot(struct view_canvas *cv, int sx, int sy, attr_t a, const char *glyph)
{
	static const unsigned char bit[2][4] = {
		{ 0x01, 0x02, 0x04, 0x40 }, { 0x08, 0x10, 0x20, 0x80 }
	};
	int xr = view_canvas_xres(), yr = view_canvas_yres();
	size_t k;

	if (cv->dots == NULL || sx < 0 || sy < 0 || sx >= cv->w * xr || sy >= cv->h * yr)
		return;
	k = (size_t)(sy / yr) * (size_t)cv->w + (size_t)(sx / xr);
	if (cv->glyph[k] != NULL && cv->dots[k] == 0)
		return;		/* a marker */
	cv->dots[k] |= xr == 2 ? bit[sx % 2][sy % 4] : 1;
	if (xr != 2)
		cv->glyph[k] = glyph;
	cv->attr[k] = a;
}

/* A glyph over a whole cell (series markers): replaces its dots. */
void
view_canvas_mark(struct view_canvas *cv, int cx, int cy, attr_t a, const char *glyph)
{
	size_t k;

	if (cv->dots == NULL || cx < 0 || cy < 0 || cx >= cv->w || cy >= cv->h)
		return;
	k = (size_t)cy * (size_t)cv->w + (size_t)cx;
	cv->dots[k] = 0;
	cv->glyph[k] = glyph;
	cv->attr[k] = a;
}

/* Paint the cells that have something, the canvas's top left at (y, x). */
void
view_canvas_draw(const struct view_canvas *cv, WINDOW *w, int y, int x)
{
	char b[4];
	int cx, cy;
	size_t k;

	for (cy = 0; cy < cv->h; cy++)
		for (cx = 0; cx < cv->w; cx++) {
			k = (size_t)cy * (size_t)cv->w + (size_t)cx;
			if (cv->dots[k] != 0 && view_canvas_xres() == 2) {
				/* U+2800 + dots, in UTF-8. */
				b[0] = (char)0xE2;
				b[1] = (char)(0xA0 | (cv->dots[k] >> 6));
				b[2] = (char)(0x80 | (cv->dots[k] & 0x3F));
				b[3] = '\0';
				view_printf(w, y + cy, x + cx, 1, cv->attr[k], "%s", b);
			} else if (cv->glyph[k] != NULL)
				view_printf(w, y + cy, x + cx, 1, cv->attr[k], "%s", cv->glyph[k]);
		}
}

/* Log axis labels at whole decades (1, 0.1, 0.01, 1e-3 ...) between
 * 10^ylo (bottom row) and 10^yhi (top row): the highest and the lowest
 * decade in range always (one label alone says nothing of the scale),
 * and between them every 1, 2, 5, 10, ... decades, labels at least two
 * rows apart. */
static int
decade_row(int top, int h, double ylo, double yhi, int d)
{
	return top + h - 1 - (int)lround((d - ylo) / (yhi - ylo) * (h - 1));
}

void
view_decade_axis(WINDOW *w, int top, int h, int x, int width, double ylo, double yhi)
{
	int d, lo = (int)ceil(ylo - 1e-9), hi = (int)floor(yhi + 1e-9), step = 1, k = 0;
	int last, rlo, r;
	double per = h > 1 && yhi > ylo ? (h - 1) / (yhi - ylo) : 1;	/* rows a decade */
	static const int mult[2] = { 2, 5 };	/* 1, 2, 10, 20, 100 ... */
	char buf[16];

	if (h < 2 || !(yhi > ylo) || hi < lo)
		return;
	while (step * per < 2 && step < 1000)
		step *= mult[k++ % 2];
	last = decade_row(top, h, ylo, yhi, hi);
	rlo = decade_row(top, h, ylo, yhi, lo);
	view_printf(w, last, x, width, view_attr_dim(), "%*s", width,
	    view_decade(buf, sizeof buf, hi));
	for (d = hi - 1; d > lo; d--) {
		r = decade_row(top, h, ylo, yhi, d);
		if (((d % step) + step) % step != 0 || r - last < 2 || rlo - r < 2)
			continue;
		view_printf(w, r, x, width, view_attr_dim(), "%*s", width,
		    view_decade(buf, sizeof buf, d));
		last = r;
	}
	if (lo < hi && rlo - last >= 2)
		view_printf(w, rlo, x, width, view_attr_dim(), "%*s", width,
		    view_decade(buf, sizeof buf, lo));
}
