/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The figures' axes: nice ticks (linear and log), tick labels, the grid,
 * axis titles and the margins they need. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "export/svg.h"
#include "export/svg_int.h"

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

/* Where v lies on the axis, 0 at lo and 1 at hi; on a log axis from the
 * logs of lo and hi (llo, lhi). */
static double
axis_frac_logs(const dsp_axis *a, double v, double llo, double lhi)
{
	if (a->log_base > 0) {
		if (!(v > 0))
			return NAN;
		return (log(v) - llo) / (lhi - llo);
	}
	return a->hi != a->lo ? (v - a->lo) / (a->hi - a->lo) : 0.5;
}

static double
axis_frac(const dsp_axis *a, double v)
{
	if (a->log_base > 0)
		return axis_frac_logs(a, v, log(a->lo), log(a->hi));
	return axis_frac_logs(a, v, 0, 0);
}

double
dsp_plot_px(const dsp_plot *p, double v)
{
	return p->x + p->w * axis_frac(&p->ax, v);
}

void
dsp_plot_px_prep(const dsp_plot *p, double c[2])
{
	c[0] = p->ax.log_base > 0 ? log(p->ax.lo) : 0;
	c[1] = p->ax.log_base > 0 ? log(p->ax.hi) : 0;
}

double
dsp_plot_px_fast(const dsp_plot *p, const double c[2], double v)
{
	return p->x + p->w * axis_frac_logs(&p->ax, v, c[0], c[1]);
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
log_label(int base, int k, double font, char *buf, size_t size)
{
	if (base == 10 && k == 0)
		snprintf(buf, size, "1");
	else if (base == 10 && k == 1)
		snprintf(buf, size, "10");
	else
		snprintf(buf, size, "%d<tspan dy=\"%.3g\" font-size=\"%.3g\">%s%d</tspan>",
		    base, -font * 0.45, font * 0.8, k < 0 ? MINUS : "", abs(k));
}

struct tick {
	double	v;
	char	label[128];
	int	major;
};

static size_t
axis_ticks(const dsp_axis *a, double font, size_t target, struct tick *t, size_t max)
{
	double v[MAX_TICKS], step, lb, lo, hi;
	size_t n = 0, i;
	int k0, k1, k, every, m;

	if (a->log_base == 0) {
		n = dsp_nice_ticks(a->lo, a->hi, target, v, MAX_TICKS, &step);
		for (i = 0; i < n && i < max; i++) {
			t[i].v = v[i];
			t[i].major = 1;
			linear_label(v[i], step, t[i].label, sizeof t[i].label);
		}
		return i;
	}
	lb = log((double)a->log_base);
	/* A lower end of 0 (weights that underflow) starts at the smallest
	 * double, an infinite upper end at the largest: log(0) converted to
	 * int was undefined (INT_MIN here, then k1 - k0 overflowed). */
	lo = a->lo > 0 ? a->lo : 0x1p-1074;
	hi = a->hi > lo ? fmin(a->hi, DBL_MAX) : lo;
	k0 = (int)ceil(log(lo) / lb - 1e-9);
	k1 = (int)floor(log(hi) / lb + 1e-9);
	/* At most about target labelled powers. */
	every = (k1 - k0 + (int)target - 1) / (int)target;
	if (every < 1)
		every = 1;
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
		log_label(a->log_base, k, font, t[n].label, sizeof t[n].label);
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

/* How many labels fit along an axis of length len: at least 2, at most 6,
 * about one every four (x) or two and a half (y) font sizes. */
static size_t
label_target(double len, double font, double per)
{
	double k = len / (font * per);

	return k < 2 ? 2 : k > 6 ? 6 : (size_t)k;
}

/* The ticks of the plot's x (y = 0) or y axis (y = 1), labels thinned to
 * the axis length; none on a bare axis. */
static size_t
plot_ticks(const dsp_svg *s, const dsp_plot *p, int y, struct tick *t, size_t max)
{
	const dsp_axis *a = y ? &p->ay : &p->ax;

	if (a->bare == 1)
		return 0;
	return axis_ticks(a, s->font, label_target(y ? p->h : p->w, s->font, y ? 2.5 : 4),
	    t, max);
}

void
dsp_svg_grid(dsp_svg *s, const dsp_plot *p)
{
	struct tick t[MAX_TICKS * 4];
	double pos;
	size_t n, i;

	/* The grid goes down first, so every series is drawn over it. */
	fputs("<g class=\"grid\">\n", s->fp);
	n = plot_ticks(s, p, 0, t, sizeof t / sizeof t[0]);
	for (i = 0; i < n; i++) {
		pos = dsp_plot_px(p, t[i].v);
		if (t[i].major && pos >= p->x - 0.01 && pos <= p->x + p->w + 0.01)
			dsp_svg_line(s, pos, p->y, pos, p->y + p->h, GRID_COLOR, 0.6, NULL);
	}
	n = plot_ticks(s, p, 1, t, sizeof t / sizeof t[0]);
	for (i = 0; i < n; i++) {
		pos = dsp_plot_py(p, t[i].v);
		if (t[i].major && pos >= p->y - 0.01 && pos <= p->y + p->h + 0.01)
			dsp_svg_line(s, p->x, pos, p->x + p->w, pos, GRID_COLOR, 0.6, NULL);
	}
	fputs("</g>\n", s->fp);
}

/* An axis title, centred at (x, y), classed so that a reader (a test)
 * tells it from tick labels. */
static void
axis_title(dsp_svg *s, double x, double y, double rotate, const char *title)
{
	char buf[1024];

	dsp_svg_escape(title, buf, sizeof buf);
	fprintf(s->fp, "<text class=\"axis-title\" x=\"%.2f\" y=\"%.2f\" "
	    "text-anchor=\"middle\" font-size=\"%g\"", x, y, TITLE_FONT(s));
	if (rotate != 0)
		fprintf(s->fp, " transform=\"rotate(%g %.2f %.2f)\"", rotate, x, y);
	fprintf(s->fp, ">%s</text>\n", buf);
}

void
dsp_svg_axes(dsp_svg *s, const dsp_plot *p)
{
	struct tick t[MAX_TICKS * 4];
	double pos, len, f = TICK_FONT(s);
	size_t n, i;

	fputs("<g class=\"axes\">\n", s->fp);
	n = plot_ticks(s, p, 0, t, sizeof t / sizeof t[0]);
	for (i = 0; i < n; i++) {
		pos = dsp_plot_px(p, t[i].v);
		if (!(pos >= p->x - 0.01 && pos <= p->x + p->w + 0.01))
			continue;
		len = t[i].major ? 5 : 3;
		dsp_svg_line(s, pos, p->y + p->h, pos, p->y + p->h + len, AXIS_COLOR, 1, NULL);
		if (t[i].label[0] != '\0' && p->ax.bare != DSP_AXIS_NOLABELS)
			fprintf(s->fp, "<text x=\"%.2f\" y=\"%.2f\" text-anchor=\"middle\" "
			    "font-size=\"%.3g\">%s</text>\n", pos, p->y + p->h + 6 + f, f,
			    t[i].label);
	}
	n = plot_ticks(s, p, 1, t, sizeof t / sizeof t[0]);
	for (i = 0; i < n; i++) {
		pos = dsp_plot_py(p, t[i].v);
		if (!(pos >= p->y - 0.01 && pos <= p->y + p->h + 0.01))
			continue;
		len = t[i].major ? 5 : 3;
		dsp_svg_line(s, p->x - len, pos, p->x, pos, AXIS_COLOR, 1, NULL);
		if (t[i].label[0] != '\0')
			fprintf(s->fp, "<text x=\"%.2f\" y=\"%.2f\" text-anchor=\"end\" "
			    "font-size=\"%.3g\">%s</text>\n", p->x - 7, pos + f * 0.35, f,
			    t[i].label);
	}
	fprintf(s->fp, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
	    "fill=\"none\" stroke=\"%s\"", p->x, p->y, p->w, p->h, AXIS_COLOR);
	svg_stroke_attrs(s, 1, NULL);
	fputs("/>\n", s->fp);
	if (p->ax.title != NULL)
		axis_title(s, p->x + p->w / 2, p->y + p->h + 8 + f + TITLE_FONT(s) * 1.2, 0,
		    p->ax.title);
	if (p->ay.title != NULL)
		axis_title(s, p->x - dsp_svg_margin_left(s) + TITLE_FONT(s),
		    p->y + p->h / 2, -90, p->ay.title);
	fputs("</g>\n", s->fp);
}

double
dsp_svg_margin_left(const dsp_svg *s)
{
	/* Room for "10^-300"-wide tick labels, the tick and the rotated title. */
	return 9 + TICK_FONT(s) * 3.6 + TITLE_FONT(s) * 1.4;
}

double
dsp_svg_margin_bottom(const dsp_svg *s)
{
	return 8 + TICK_FONT(s) + TITLE_FONT(s) * 1.6;
}
