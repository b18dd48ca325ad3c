/* Tiny SVG writer and shared plot axes for the snapshot figures. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "export/svg.h"
#include "export/viridis.h"

#define MAX_TICKS	64
#define MINUS		"\xe2\x88\x92"	/* U+2212, typographic minus */
#define AXIS_COLOR	"#222222"
#define GRID_COLOR	"#e4e4e4"

struct dsp_svg {
	FILE	*fp;
};

void
dsp_svg_escape(const char *in, char *out, size_t size)
{
	size_t o = 0, k;
	const char *rep;
	char c[2] = { 0, 0 };

	if (size == 0)
		return;
	for (; in != NULL && *in != '\0'; in++) {
		unsigned char u = (unsigned char)*in;

		/* A multi-byte UTF-8 character is copied whole or not at all, so
		 * truncation never leaves invalid UTF-8 in the document. */
		if (u >= 0xc0) {
			k = u >= 0xf0 ? 4 : u >= 0xe0 ? 3 : 2;
			if (o + k >= size || strnlen(in, k) < k)
				break;
			memcpy(out + o, in, k);
			o += k;
			in += k - 1;
			continue;
		}
		switch (*in) {
		case '&':	rep = "&amp;"; break;
		case '<':	rep = "&lt;"; break;
		case '>':	rep = "&gt;"; break;
		case '"':	rep = "&quot;"; break;
		case '\'':	rep = "&apos;"; break;
		default:
			/* XML 1.0 forbids most control characters. */
			c[0] = ((unsigned char)*in < 0x20 && *in != '\t') ? '?' : *in;
			rep = c;
		}
		k = strlen(rep);
		if (o + k >= size)
			break;
		memcpy(out + o, rep, k);
		o += k;
	}
	out[o] = '\0';
}

dsp_svg *
dsp_svg_begin(FILE *fp, int width, int height, const char *title, const char *desc)
{
	char buf[2048];
	dsp_svg *s;

	if ((s = calloc(1, sizeof *s)) == NULL) {
		dsp_fail(DSP_ENOMEM, "out of memory");
		return NULL;
	}
	s->fp = fp;
	fprintf(fp, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
	    "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
	    "font-family=\"sans-serif\" font-size=\"12\">\n",
	    width, height, width, height);
	dsp_svg_escape(title, buf, sizeof buf);
	fprintf(fp, "<title>%s</title>\n", buf);
	if (desc != NULL) {
		dsp_svg_escape(desc, buf, sizeof buf);
		fprintf(fp, "<desc>%s</desc>\n", buf);
	}
	fprintf(fp, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n",
	    width, height);
	return s;
}

int
dsp_svg_end(dsp_svg *s)
{
	int bad;

	fputs("</svg>\n", s->fp);
	bad = ferror(s->fp);
	free(s);
	return bad ? dsp_fail(DSP_EIO, "SVG write failed") : DSP_OK;
}

void
dsp_svg_raw(dsp_svg *s, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(s->fp, fmt, ap);
	va_end(ap);
}

void
dsp_svg_rect(dsp_svg *s, double x, double y, double w, double h, const char *fill,
    const char *extra)
{
	fprintf(s->fp, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
	    "fill=\"%s\"%s%s/>\n", x, y, w, h, fill, extra ? " " : "",
	    extra ? extra : "");
}

void
dsp_svg_line(dsp_svg *s, double x1, double y1, double x2, double y2,
    const char *stroke, double width, const char *dash)
{
	fprintf(s->fp, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" "
	    "stroke=\"%s\" stroke-width=\"%.2f\"", x1, y1, x2, y2, stroke, width);
	if (dash != NULL)
		fprintf(s->fp, " stroke-dasharray=\"%s\"", dash);
	fputs("/>\n", s->fp);
}

void
dsp_svg_polyline(dsp_svg *s, const double *x, const double *y, size_t n,
    const char *stroke, double width, const char *dash)
{
	size_t i = 0, j, first;

	while (i < n) {
		while (i < n && !(isfinite(x[i]) && isfinite(y[i])))
			i++;
		for (j = i; j < n && isfinite(x[j]) && isfinite(y[j]); j++)
			;
		if (j > i) {
			fputs("<polyline fill=\"none\" stroke-linejoin=\"round\" points=\"",
			    s->fp);
			for (first = i; i < j; i++)
				fprintf(s->fp, "%s%.2f,%.2f", i == first ? "" : " ", x[i], y[i]);
			fprintf(s->fp, "\" stroke=\"%s\" stroke-width=\"%.2f\"", stroke, width);
			if (dash != NULL)
				fprintf(s->fp, " stroke-dasharray=\"%s\"", dash);
			fputs("/>\n", s->fp);
		}
		i = j;
	}
}

void
dsp_svg_series(dsp_svg *s, const dsp_plot *p, const double *x, const double *y,
    size_t n, const char *stroke, double width, const char *dash)
{
	double px[64], py[64];
	size_t i, k, start = 0;

	/* In pieces of 64 points that share their joining point. */
	do {
		for (i = start, k = 0; i < n && k < 64; i++, k++) {
			px[k] = dsp_plot_px(p, x[i]);
			py[k] = dsp_plot_py(p, y[i]);
		}
		dsp_svg_polyline(s, px, py, k, stroke, width, dash);
		start = i - (i < n);
	} while (i < n);
}

void
dsp_svg_text(dsp_svg *s, double x, double y, const char *anchor, double size,
    double rotate, const char *text)
{
	char buf[4096];

	dsp_svg_escape(text, buf, sizeof buf);
	fprintf(s->fp, "<text x=\"%.2f\" y=\"%.2f\"", x, y);
	if (anchor != NULL && strcmp(anchor, "start") != 0)
		fprintf(s->fp, " text-anchor=\"%s\"", anchor);
	if (size > 0 && size != 12)
		fprintf(s->fp, " font-size=\"%g\"", size);
	if (rotate != 0)
		fprintf(s->fp, " transform=\"rotate(%g %.2f %.2f)\"", rotate, x, y);
	fprintf(s->fp, ">%s</text>\n", buf);
}

void
dsp_svg_textf(dsp_svg *s, double x, double y, const char *anchor, double size,
    double rotate, const char *fmt, ...)
{
	char buf[2048];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	dsp_svg_text(s, x, y, anchor, size, rotate, buf);
}

/* Heckbert's nice number: 1, 2, 5 or 10 times a power of ten. */
static double
nice_num(double x, int round_it)
{
	double e = floor(log10(x)), f = x / pow(10, e), nf;

	if (round_it)
		nf = f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10;
	else
		nf = f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10;
	return nf * pow(10, e);
}

size_t
dsp_nice_ticks(double lo, double hi, size_t target, double *ticks, size_t max,
    double *step)
{
	double range, d, t0, v;
	size_t k = 0, i;

	if (!(isfinite(lo) && isfinite(hi)) || max == 0)
		return 0;
	if (hi < lo) {
		v = lo; lo = hi; hi = v;
	}
	if (hi == lo) {
		d = lo != 0 ? fabs(lo) / 10 : 1;
		lo -= d; hi += d;
	}
	if (target < 2)
		target = 2;
	range = nice_num(hi - lo, 0);
	d = nice_num(range / (double)(target - 1), 1);
	t0 = ceil(lo / d - 1e-9) * d;
	for (i = 0; k < max; i++) {
		v = t0 + (double)i * d;
		if (v > hi + d * 1e-9)
			break;
		if (fabs(v) < d * 1e-9)
			v = 0;
		ticks[k++] = v;
	}
	if (step != NULL)
		*step = d;
	return k;
}

int
dsp_log_base_for(double lo, double hi)
{
	double a = log2(lo), b = log2(hi);

	if (lo > 0 && hi > lo && b - a <= 16 && fabs(a - nearbyint(a)) < 1e-9 &&
	    fabs(b - nearbyint(b)) < 1e-9)
		return 2;
	return 10;
}

void
dsp_axis_nice(dsp_axis *a, size_t target)
{
	double t[MAX_TICKS], d, lb;
	size_t k;

	if (a->log_base > 0) {
		if (!(a->lo > 0))
			a->lo = a->hi > 0 ? a->hi / 10 : 1e-300;
		if (!(a->hi > a->lo))
			a->hi = a->lo * a->log_base;
		lb = log((double)a->log_base);
		a->lo = exp(floor(log(a->lo) / lb + 1e-9) * lb);
		a->hi = exp(ceil(log(a->hi) / lb - 1e-9) * lb);
		return;
	}
	if ((k = dsp_nice_ticks(a->lo, a->hi, target, t, MAX_TICKS, &d)) == 0)
		return;
	a->lo = t[0] > a->lo ? t[0] - d : t[0];
	a->hi = t[k - 1] < a->hi ? t[k - 1] + d : t[k - 1];
}

static double
axis_frac(const dsp_axis *a, double v)
{
	if (a->log_base > 0) {
		if (!(v > 0))
			return NAN;
		return (log(v) - log(a->lo)) / (log(a->hi) - log(a->lo));
	}
	return a->hi != a->lo ? (v - a->lo) / (a->hi - a->lo) : 0.5;
}

double
dsp_plot_px(const dsp_plot *p, double v)
{
	return p->x + p->w * axis_frac(&p->ax, v);
}

double
dsp_plot_py(const dsp_plot *p, double v)
{
	return p->y + p->h * (1 - axis_frac(&p->ay, v));
}

/* Linear tick label with as many decimals as the step needs. */
static void
linear_label(double v, double step, char *buf, size_t size)
{
	int dec = step > 0 ? (int)-floor(log10(step) + 1e-9) : 0;
	char tmp[64];

	if (v == 0)
		v = 0;		/* no "-0" */
	if (fabs(v) >= 1e6 || (step > 0 && step < 1e-4))
		snprintf(tmp, sizeof tmp, "%g", v);
	else
		snprintf(tmp, sizeof tmp, "%.*f", dec > 0 ? dec : 0, v);
	if (tmp[0] == '-')
		snprintf(buf, size, MINUS "%s", tmp + 1);
	else
		snprintf(buf, size, "%s", tmp);
}

/* base^k as markup with a raised exponent. */
static void
log_label(int base, int k, char *buf, size_t size)
{
	if (base == 10 && k == 0)
		snprintf(buf, size, "1");
	else if (base == 10 && k == 1)
		snprintf(buf, size, "10");
	else
		snprintf(buf, size, "%d<tspan dy=\"-5\" font-size=\"9\">%s%d</tspan>",
		    base, k < 0 ? MINUS : "", abs(k));
}

struct tick {
	double	v;
	char	label[128];
	int	major;
};

static size_t
axis_ticks(const dsp_axis *a, struct tick *t, size_t max)
{
	double v[MAX_TICKS], step, lb;
	size_t n = 0, i;
	int k0, k1, k, every, m;

	if (a->log_base == 0) {
		n = dsp_nice_ticks(a->lo, a->hi, 6, v, MAX_TICKS, &step);
		for (i = 0; i < n && i < max; i++) {
			t[i].v = v[i];
			t[i].major = 1;
			linear_label(v[i], step, t[i].label, sizeof t[i].label);
		}
		return i;
	}
	lb = log((double)a->log_base);
	k0 = (int)ceil(log(a->lo) / lb - 1e-9);
	k1 = (int)floor(log(a->hi) / lb + 1e-9);
	every = (k1 - k0) / 8 + 1;
	if (a->log_base == 2 && every > 1 && every % 2)
		every++;
	for (k = k0; k <= k1 && n < max; k++) {
		if ((k - k0) % every != 0) {
			t[n].v = pow(a->log_base, k);
			t[n].major = 0;
			t[n++].label[0] = '\0';
			continue;
		}
		t[n].v = pow(a->log_base, k);
		t[n].major = 1;
		log_label(a->log_base, k, t[n].label, sizeof t[n].label);
		n++;
		/* Unlabelled minor ticks 2..9 x 10^k on short decade axes. */
		if (a->log_base == 10 && every == 1 && k1 - k0 <= 4)
			for (m = 2; m <= 9 && n < max; m++) {
				t[n].v = m * pow(10, k);
				t[n].major = 0;
				t[n++].label[0] = '\0';
			}
	}
	return n;
}

void
dsp_svg_clip(dsp_svg *s, const dsp_plot *p, const char *id)
{
	fprintf(s->fp, "<defs><clipPath id=\"%s\"><rect x=\"%.2f\" y=\"%.2f\" "
	    "width=\"%.2f\" height=\"%.2f\"/></clipPath></defs>\n", id, p->x, p->y,
	    p->w, p->h);
}

void
dsp_svg_axes(dsp_svg *s, const dsp_plot *p)
{
	struct tick t[MAX_TICKS * 4];
	double pos, len;
	size_t n, i;

	fputs("<g class=\"axes\">\n", s->fp);
	n = p->ax.bare ? 0 : axis_ticks(&p->ax, t, sizeof t / sizeof t[0]);
	for (i = 0; i < n; i++) {
		pos = dsp_plot_px(p, t[i].v);
		if (!(pos >= p->x - 0.01 && pos <= p->x + p->w + 0.01))
			continue;
		if (t[i].major)
			dsp_svg_line(s, pos, p->y, pos, p->y + p->h, GRID_COLOR, 0.6, NULL);
		len = t[i].major ? 5 : 3;
		dsp_svg_line(s, pos, p->y + p->h, pos, p->y + p->h + len, AXIS_COLOR, 1, NULL);
		if (t[i].label[0] != '\0')
			fprintf(s->fp, "<text x=\"%.2f\" y=\"%.2f\" text-anchor=\"middle\" "
			    "font-size=\"11\">%s</text>\n", pos, p->y + p->h + 18, t[i].label);
	}
	n = p->ay.bare ? 0 : axis_ticks(&p->ay, t, sizeof t / sizeof t[0]);
	for (i = 0; i < n; i++) {
		pos = dsp_plot_py(p, t[i].v);
		if (!(pos >= p->y - 0.01 && pos <= p->y + p->h + 0.01))
			continue;
		if (t[i].major)
			dsp_svg_line(s, p->x, pos, p->x + p->w, pos, GRID_COLOR, 0.6, NULL);
		len = t[i].major ? 5 : 3;
		dsp_svg_line(s, p->x - len, pos, p->x, pos, AXIS_COLOR, 1, NULL);
		if (t[i].label[0] != '\0')
			fprintf(s->fp, "<text x=\"%.2f\" y=\"%.2f\" text-anchor=\"end\" "
			    "font-size=\"11\">%s</text>\n", p->x - 8, pos + 4, t[i].label);
	}
	fprintf(s->fp, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
	    "fill=\"none\" stroke=\"%s\" stroke-width=\"1\"/>\n", p->x, p->y, p->w,
	    p->h, AXIS_COLOR);
	if (p->ax.title != NULL)
		dsp_svg_text(s, p->x + p->w / 2, p->y + p->h + 38, "middle", 13, 0,
		    p->ax.title);
	if (p->ay.title != NULL)
		dsp_svg_text(s, p->x - 52, p->y + p->h / 2, "middle", 13, -90,
		    p->ay.title);
	fputs("</g>\n", s->fp);
}

void
dsp_svg_legend(dsp_svg *s, double x, double y, const dsp_legend_item *items,
    size_t n)
{
	double w = 0, lw;
	size_t i;

	for (i = 0; i < n; i++) {
		lw = 34 + 6.6 * (double)strlen(items[i].label);
		if (lw > w)
			w = lw;
	}
	fputs("<g class=\"legend\">\n", s->fp);
	fprintf(s->fp, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
	    "fill=\"#ffffff\" fill-opacity=\"0.85\" stroke=\"#bbbbbb\"/>\n",
	    x, y, w + 8, 18 * (double)n + 8);
	for (i = 0; i < n; i++) {
		double cy = y + 13 + 18 * (double)i;

		if (items[i].box) {
			fprintf(s->fp, "<rect x=\"%.2f\" y=\"%.2f\" width=\"20\" height=\"10\" "
			    "fill=\"%s\" fill-opacity=\"%g\"/>\n", x + 6, cy - 5,
			    items[i].color, items[i].opacity > 0 ? items[i].opacity : 1);
		} else
			dsp_svg_line(s, x + 6, cy, x + 26, cy, items[i].color, 2,
			    items[i].dash);
		dsp_svg_text(s, x + 32, cy + 4, "start", 11, 0, items[i].label);
	}
	fputs("</g>\n", s->fp);
}

void
dsp_svg_viridis_bar(dsp_svg *s, const dsp_plot *bar)
{
	char col[8];
	int k;

	dsp_svg_raw(s, "<defs><linearGradient id=\"viridis\" x1=\"0\" y1=\"1\" "
	    "x2=\"0\" y2=\"0\">\n");
	for (k = 0; k <= 16; k++) {
		dsp_viridis_hex(k / 16.0, col);
		dsp_svg_raw(s, "<stop offset=\"%g\" stop-color=\"%s\"/>\n", k / 16.0, col);
	}
	dsp_svg_raw(s, "</linearGradient></defs>\n");
	dsp_svg_rect(s, bar->x, bar->y, bar->w, bar->h, "url(#viridis)", NULL);
}
