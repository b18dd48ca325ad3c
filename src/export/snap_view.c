/* Snapshot sets: the view state a set is written from and loaded into,
 * its defaults and its range checks. */
#include "config.h"

#include <string.h>

#include "core/error.h"
#include "core/map.h"
#include "core/params.h"
#include "core/ptable.h"
#include "export/snap_int.h"
#include "export/snapshot.h"

void
dsp_viewstate_default(dsp_viewstate *v)
{
	memset(v, 0, sizeof *v);
	dsp_params_default(&v->params);
	dsp_map_spec_default(&v->map, 64, 32);
	v->map_row = v->map_col = 0;
	v->curve_lo = 1;
	v->curve_hi = 0x1p40;
	v->curve_points = 256;
	v->focus = 0;
	v->hist_mode = 0;
	v->compare_mask = 1u << DSP_ATTN_SOFTMAX;
	dsp_figspec_default(&v->fig);
}

/* Range checks shared by the writer and the loader (params are checked by
 * dsp_params_check). */
int
snap_view_check(const dsp_viewstate *v)
{
	const dsp_map_spec *m = &v->map;
	int rc;

	if (m->cols < 1 || m->rows < 1 || m->cols > SNAP_MAX_SIDE ||
	    m->rows > SNAP_MAX_SIDE || m->cols * m->rows > SNAP_MAX_CELLS)
		return dsp_fail(DSP_EINVAL, "map size %zu x %zu outside 1 .. %d per side "
		    "and %zu cells", m->cols, m->rows, SNAP_MAX_SIDE, SNAP_MAX_CELLS);
	if ((unsigned)m->metric >= DSP_METRIC_COUNT)
		return dsp_fail(DSP_EINVAL, "unknown map metric %d", (int)m->metric);
	/* The view-option table's domains, as for --map-theta. */
	if ((rc = dsp_vopt_check_range(dsp_vopt(DSP_V_MAP_THETA), m->theta_lo,
	    m->theta_hi, "view.map theta range")) != DSP_OK ||
	    (rc = dsp_vopt_check_range(dsp_vopt(DSP_V_MAP_LAMBDA), m->lambda_lo,
	    m->lambda_hi, "view.map lambda range")) != DSP_OK)
		return rc;
	if (v->map_row >= m->rows || v->map_col >= m->cols)
		return dsp_fail(DSP_EINVAL, "map cursor (row %zu, col %zu) outside the "
		    "%zu x %zu map", v->map_row, v->map_col, m->cols, m->rows);
	if (!(v->curve_lo >= 1) || !(v->curve_hi >= v->curve_lo) ||
	    !(v->curve_hi <= 0x1p63))
		return dsp_fail(DSP_EINVAL, "curve range %g .. %g must satisfy "
		    "1 <= from <= to <= 2^63", v->curve_lo, v->curve_hi);
	if (v->curve_points < 1 || v->curve_points > SNAP_MAX_POINTS)
		return dsp_fail(DSP_EINVAL, "curve points %zu outside 1 .. %d",
		    v->curve_points, SNAP_MAX_POINTS);
	if (v->hist_mode != 0 && v->hist_mode != 1)
		return dsp_fail(DSP_EINVAL, "histogram mode %d is neither 0 (sorted) "
		    "nor 1 (log-binned)", v->hist_mode);
	if (v->focus < 0)
		return dsp_fail(DSP_EINVAL, "focus %d is negative", v->focus);
	if ((rc = dsp_figspec_check(&v->fig, "view.figure")) != DSP_OK)
		return rc;
	if (v->compare_mask >= (1u << DSP_ATTN_COUNT))
		return dsp_fail(DSP_EINVAL, "compare mask %#x has unknown bits",
		    v->compare_mask);
	return DSP_OK;
}
