/* SPDX-License-Identifier: GPL-3.0-or-later */
/* SVG writer pieces and the viridis table: nice ticks, log base choice,
 * escaping, colour map end points and known midpoints. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "export/svg.h"
#include "export/viridis.h"
#include "tap.h"

static int
rgb_is(double t, int r, int g, int b)
{
	unsigned char c[3];

	dsp_viridis(t, c);
	return ok(c[0] == r && c[1] == g && c[2] == b,
	    "viridis(%g) = #%02x%02x%02x (want #%02x%02x%02x)", t, c[0], c[1], c[2],
	    r, g, b);
}

/* A bare x axis (colour bars) draws no tick labels; the y axis still does. */
static void
axes_text_count(const dsp_plot *p, int bare)
{
	char *buf = NULL, *q;
	size_t len = 0, texts = 0, xlabels = 4;
	FILE *fp = open_memstream(&buf, &len);
	dsp_svg *g = dsp_svg_begin(fp, 200, 100, "t", NULL);

	dsp_svg_axes(g, p);
	dsp_svg_end(g);
	fclose(fp);
	for (q = buf; (q = strstr(q, "<text")) != NULL; q++)
		texts++;
	/* 1..1000 on a log axis has labels 1, 10, 10^2, 10^3; y has 0 .. 1. */
	if (bare)
		ok(texts == 6, "bare x axis: only the 6 y labels (%zu <text>)", texts);
	else
		ok(texts == 6 + xlabels, "x axis: 4 log labels + 6 y labels (%zu <text>)", texts);
	free(buf);
}

int
main(void)
{
	double t[64], step;
	char buf[128];
	size_t n;
	dsp_axis a = { 0.013, 0.87, 0, NULL, 0 };
	dsp_plot p = { 10, 20, 100, 50, { 1, 1000, 10, NULL, 0 }, { 0, 1, 0, NULL, 0 } };

	/* matplotlib's viridis: #440154 .. #21918c .. #fde725 */
	rgb_is(0, 0x44, 0x01, 0x54);
	rgb_is(1, 0xfd, 0xe7, 0x25);
	rgb_is(128.0 / 255, 0x21, 0x91, 0x8c);
	rgb_is(-5, 0x44, 0x01, 0x54);
	rgb_is(NAN, 0x44, 0x01, 0x54);
	rgb_is(7, 0xfd, 0xe7, 0x25);

	n = dsp_nice_ticks(0, 1, 6, t, 64, &step);
	ok(n == 6 && step == 0.2 && t[5] == 1, "ticks 0..1: %zu with step %g", n, step);
	n = dsp_nice_ticks(-2, 2, 6, t, 64, &step);
	ok(n == 5 && step == 1 && t[0] == -2 && t[2] == 0, "ticks -2..2: %zu step %g", n, step);
	n = dsp_nice_ticks(0, 2.7725887, 6, t, 64, &step);
	ok(step == 1 && n == 3 && t[2] == 2,
	    "ticks 0..log 16: step %g, %zu ticks", step, n);
	is_int((long long)dsp_nice_ticks(1, 9, 5, t, 64, &step), 4, "ticks 1..9: 2, 4, 6, 8");
	is_rel(step, 2, 1e-15, "ticks 1..9: step 2");
	n = dsp_nice_ticks(3, 3, 6, t, 64, &step);
	ok(n >= 2, "degenerate range still gives ticks (%zu)", n);
	dsp_axis_nice(&a, 6);
	ok(a.lo == 0 && is_close(a.hi, 1, 1e-12, "hi"), "nice axis 0.013..0.87 -> %g..%g", a.lo, a.hi);
	ok(dsp_log_base_for(16, 16384) == 2, "16..16384 uses 2^k ticks");
	ok(dsp_log_base_for(1, 0x1p40) == 10, "1..2^40 uses 10^k ticks");
	ok(dsp_log_base_for(3, 5000) == 10, "3..5000 uses 10^k ticks");
	is_close(dsp_plot_px(&p, 10), 10 + 100.0 / 3, 1e-12, "log x: 10 is a third of 1..1000");
	is_close(dsp_plot_py(&p, 0.25), 20 + 37.5, 1e-12, "linear y: 0.25 from the bottom");
	dsp_svg_escape("a<b & \"c\" 'd'>", buf, sizeof buf);
	ok(strcmp(buf, "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;") == 0, "escape: %s", buf);
	dsp_svg_escape("&&&&", buf, 10);
	ok(strcmp(buf, "&amp;") == 0, "escape never splits an entity: %s", buf);
	/* Labels thin out on short axes (about one per 4 font sizes along x,
	 * 2.5 along y): a 400 x 300 plot at 12 pt has room for all of them. */
	p.w = 400;
	p.h = 300;
	axes_text_count(&p, 0);
	p.ax.bare = 1;
	axes_text_count(&p, 1);
	tap_done();
	return tap_failed != 0;
}
