/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One animation frame: a snapshot's figures and two of its SVG writers
 * (see frame.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "export/frame.h"
#include "export/snap_int.h"

int
dsp_frame_write(const dsp_viewstate *v, FILE *weights_svg, FILE *curve_svg,
    dsp_frame_figs *out)
{
	dsp_viewstate fv;
	struct snap s;
	size_t i;
	int rc;

	memset(out, 0, sizeof *out);
	if ((rc = dsp_params_check(&v->params)) != DSP_OK ||
	    (rc = dsp_view_check(v)) != DSP_OK)
		return rc;
	/* A frame draws no map: the smallest one costs nothing. */
	fv = *v;
	fv.map.cols = fv.map.rows = 1;
	fv.map_row = fv.map_col = 0;
	memset(&s, 0, sizeof s);
	s.v = &fv;
	s.p = fv.params;
	if ((rc = snap_compute(&s)) != DSP_OK)
		goto out;
	out->sum_rc = s.sum_rc;
	out->sum = s.sum;
	if (s.curve_rc == DSP_OK && s.ncurve > 0) {
		out->ns = dsp_malloc(s.ncurve * sizeof *out->ns);
		out->entropy = dsp_malloc(s.ncurve * sizeof *out->entropy);
		out->maxw = dsp_malloc(s.ncurve * sizeof *out->maxw);
		if (out->ns == NULL || out->entropy == NULL || out->maxw == NULL) {
			rc = dsp_fail_nomem(NULL, 0);
			goto out;
		}
		for (i = 0; i < s.ncurve; i++) {
			out->ns[i] = s.ns[i];
			out->entropy[i] = s.curve[i].entropy;
			out->maxw[i] = s.curve[i].max_weight;
		}
		out->ncurve = s.ncurve;
	}
	if ((rc = snap_write_hist_svg(&s, weights_svg)) == DSP_OK)
		rc = snap_write_curve_svg(&s, curve_svg);
out:
	snap_free(&s);
	return rc;
}

void
dsp_frame_figs_free(dsp_frame_figs *f)
{
	free(f->ns);
	free(f->entropy);
	free(f->maxw);
	memset(f, 0, sizeof *f);
}
