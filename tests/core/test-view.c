/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The view module (core/schema/view.h): one route policy, the series a view draws,
 * pin labels, the figure/screen cell mapping and the map-size view option.
 * Reference values are closed forms computed once with mpmath (comments). */
#include <math.h>
#include <string.h>

#include "../tap.h"
#include "core/error.h"
#include "core/math/eval.h"
#include "core/schema/ptable.h"
#include "core/math/runs.h"
#include "core/schema/view.h"

static void
test_route(void)
{
	dsp_viewstate v;
	dsp_summary s;
	dsp_runs *w = dsp_runs_alloc(64);
	char se[DSP_VIEW_MSG], we[DSP_VIEW_MSG];
	int wrc;

	dsp_view_default(&v);
	is_int((long long)dsp_view_params(&v.params).explicit_max,
	    (long long)DSP_VIEW_EXPLICIT_MAX, "explicit_max 0 resolves to the policy's 2^16");
	v.params.explicit_max = 100;
	is_int((long long)dsp_view_params(&v.params).explicit_max, 100,
	    "a smaller explicit_max is kept");
	v.params.explicit_max = 0;
	v.params.family = DSP_FAM_UNIFORM;
	v.params.n = DSP_VIEW_EXPLICIT_MAX;
	is_int(dsp_view_summary(&v, &s, se, w, &wrc, we), DSP_OK, "uniform 2^16: summary");
	ok(s.method == DSP_METHOD_EXPLICIT && wrc == DSP_OK,
	    "uniform 2^16: item by item, with weights (method %s)", dsp_method_name(s.method));
	v.params.n = DSP_VIEW_EXPLICIT_MAX + 1;
	is_int(dsp_view_summary(&v, &s, se, w, &wrc, we), DSP_OK, "uniform 2^16 + 1: summary");
	ok(s.method == DSP_METHOD_TYPICAL && wrc != DSP_OK && strstr(we, "typical") != NULL,
	    "uniform 2^16 + 1: the typical configuration, no weights (%s)", we);
	/* mpmath, U[0, 4], theta = 1, n = 65537: the large-n limit H = log n
	 * + log A - B/A with A = E[e^(x-4)], B = E[(x-4) e^(x-4)]:
	 * 10.610960898230899942; max weight 1/(n A) = 6.2172962470895771728e-05.
	 * Far from the frozen regime the typical configuration agrees; its
	 * largest item sits at 4 (1 - 0.7/n), a factor e^{-2.8/n} below. */
	is_rel(s.entropy, 10.610960898230899942, 1e-7, "uniform 2^16 + 1: H (mpmath)");
	is_rel(s.max_weight, 6.2172962470895771728e-05 * exp(-2.8 / 65537.4), 1e-6,
	    "uniform 2^16 + 1: max weight (mpmath, at the median rank)");
	v.params.attn = DSP_ATTN_ENTMAX;
	ok(dsp_view_summary(&v, &s, se, w, &wrc, we) == DSP_OK &&
	    s.method == DSP_METHOD_TYPICAL && fabs(s.total - 1) < 1e-12,
	    "entmax past 2^16: the typical configuration, sum %.17g", s.total);
	v.params.attn = DSP_ATTN_STICKBREAK;
	ok(dsp_view_summary(&v, &s, se, w, &wrc, we) == DSP_ETOOBIG &&
	    strstr(se, "up to n = 65536") != NULL,
	    "stick-breaking (order matters) past 2^16: refused at once (%s)", se);
	dsp_runs_free(w);
}

static void
test_series(void)
{
	dsp_view_series d[DSP_VIEW_SERIES_MAX];
	dsp_viewstate v;
	size_t n;

	dsp_view_default(&v);
	is_int((long long)dsp_view_series_list(&v, d), 1, "default: one series");
	v.params.adaptive = 1;
	n = dsp_view_series_list(&v, d);
	ok(n == 2 && d[1].role == DSP_SERIES_PLAIN && !d[1].p.adaptive &&
	    strcmp(d[0].label, "softmax adaptive") == 0, "adaptive: main + plain twin");
	v.compare_mask = (1u << DSP_ATTN_SOFTMAX) | (1u << DSP_ATTN_SSMAX);
	is_int((long long)dsp_view_series_list(&v, d), 2, "overlays off: the mask draws nothing");
	v.overlays = 1;
	n = dsp_view_series_list(&v, d);
	ok(n == 3 && d[1].role == DSP_SERIES_OVERLAY && d[1].p.attn == DSP_ATTN_SOFTMAX &&
	    d[2].p.attn == DSP_ATTN_SSMAX, "overlays on: softmax (plain) and ssmax");
	v.params.adaptive = 0;
	is_int((long long)dsp_view_series_list(&v, d), 2,
	    "overlays on, plain softmax: its own function not drawn twice");
	is_int(dsp_view_pin(&v), DSP_OK, "pin");
	v.params.theta = 0.5;
	n = dsp_view_series_list(&v, d);
	ok(n == 3 && d[2].role == DSP_SERIES_PIN && d[2].p.theta == 1 &&
	    strcmp(d[2].key, "pin1") == 0, "the pin is the last series, key pin1");
	ok(strcmp(d[2].label, "pin 1: \xce\xb8 = 1 \xe2\x86\x92 0.5") == 0,
	    "pin label: %s", d[2].label);
	v.params.theta = 1;
	v.params.adaptive = 1;
	v.params.n = 4096;	/* n changes no curve */
	n = dsp_view_series_list(&v, d);
	ok(strcmp(d[n - 1].label, "pin 1: adaptive off") == 0, "bool: %s", d[n - 1].label);
	v.params.adaptive = 0;
	n = dsp_view_series_list(&v, d);
	ok(strcmp(d[n - 1].label, "pin 1: same parameters") == 0, "%s", d[n - 1].label);
	while (v.npins < DSP_VIEW_PINS_MAX)
		dsp_view_pin(&v);
	is_int(dsp_view_pin(&v), DSP_ETOOBIG, "at most 8 pins");
	is_int(dsp_view_check(&v), DSP_OK, "a view with 8 pins checks");
	v.params.family = DSP_FAM_FILE;
	is_int((long long)dsp_view_series_list(&v, d), 0, "a file's logits: no curve");
}

static void
test_cells(void)
{
	dsp_map_spec fig, scr;
	size_t c;

	dsp_map_spec_default(&fig, 161, 101);
	scr = fig;
	scr.cols = 41;
	scr.rows = 26;
	/* Screen cell i is figure cell 4i (cols) and 4i (rows): the same
	 * theta and lambda, bit for bit.  One check a cell. */
	for (c = 0; c < scr.cols; c++) {
		size_t fr, fc, br, bc;

		dsp_view_cell(&scr, c % scr.rows, c, &fig, &fr, &fc);
		dsp_view_cell(&fig, fr, fc, &scr, &br, &bc);
		ok(fc == 4 * c && fr == 4 * (c % scr.rows) && br == c % scr.rows &&
		    bc == c && dsp_map_theta(&fig, fc) == dsp_map_theta(&scr, c) &&
		    dsp_map_lambda(&fig, fr) == dsp_map_lambda(&scr, c % scr.rows),
		    "screen cell (%zu, %zu) of 41 x 26 = figure cell (%zu, %zu) of 161 x 101, "
		    "same theta/lambda", c % scr.rows, c, fr, fc);
	}
}

static void
test_size_option(void)
{
	const dsp_vopt_def *d = dsp_vopt_find("map_size");
	dsp_map_spec m;
	char buf[32];

	dsp_map_spec_default(&m, 161, 101);
	ok(d != NULL && d->type == DSP_VT_SIZE, "map_size is a size row of the view-option table");
	if (d == NULL)
		return;
	is_int(dsp_vopt_parse_size(d, &m, "321x201", NULL), DSP_OK, "321x201");
	ok(m.cols == 321 && m.rows == 201, "set 321 x 201");
	ok(strcmp(dsp_vopt_format(d, &m, buf, sizeof buf), "321x201") == 0, "formats back");
	is_int(dsp_vopt_parse_size(d, &m, "1x5", NULL), DSP_EINVAL, "1x5 refused");
	is_int(dsp_vopt_parse_size(d, &m, "4096x4096", NULL), DSP_EINVAL,
	    "4096 x 4096 refused (over 2^20 cells)");
	is_int(dsp_vopt_parse_size(d, &m, "12x", NULL), DSP_EINVAL, "12x refused");
	ok(m.cols == 321 && m.rows == 201, "unchanged after errors");
}

int
main(void)
{
	test_route();
	test_series();
	test_cells();
	test_size_option();
	(void)is_close;
	return tap_done();
}
