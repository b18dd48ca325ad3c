/* Drawing helpers shared by the widgets: glyphs with ASCII fallbacks,
 * frames, clipped text.  Colours are theme.c's. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "core/figures.h"
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

void
view_frame(WINDOW *w, const char *title, int focused)
{
	int wd = getmaxx(w);
	attr_t a = focused ? view_attr_focus() : 0;

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
		wbuf[n] = L'\0';
		mvwaddnwstr(w, y, x, wbuf, (int)n < width ? (int)n : width);
	}
	wattroff(w, a);
}

char *
view_num(char *buf, size_t size, double v, int digits)
{
	/* One rounding rule for every number on screen (core/figures.h). */
	return dsp_fmt_sig(buf, size, v, digits);
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
	if (row == ROW_HEAD && st->heads.shown) {
		dsp_param_format(d, p, buf, size);
		snprintf(buf + strlen(buf), size - strlen(buf), " of %llux%llu",
		    (unsigned long long)st->heads.layers, (unsigned long long)st->heads.heads);
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
