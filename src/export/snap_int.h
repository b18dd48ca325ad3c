/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Snapshot sets, internal: the state every format's writer reads and the
 * helpers they share.  Only src/export/snap*.c include this. */
#ifndef DSP_SNAP_INT_H
#define DSP_SNAP_INT_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "core/math/eval.h"
#include "core/schema/figures.h"
#include "core/schema/params.h"
#include "core/math/runs.h"
#include "core/schema/view.h"
#include "export/snapshot.h"
#include "export/table.h"

#define SNAP_FORMAT		"disperse-snapshot"
#define SNAP_FORMAT_VERSION	1

/* Everything computed for one snapshot, shared by all the writers. */
struct snap {
	const dsp_viewstate	*v;
	dsp_params		 p;
	const char		*screen;
	const struct dsp_screen	*scr;		/* the screen as cells, or NULL */
	char			 name[128];	/* disperse-YYYYmmdd-HHMMSS-NNN */
	char			 created[32];	/* ISO 8601 UTC */
	int			 sum_rc;
	char			 sum_err[256];
	dsp_summary		 sum;
	dsp_wstream		 ws;		/* the weights, streamed (core/math/eval.h) */
	int			 w_rc;
	char			 w_err[256];
	double			*ns;
	size_t			 ncurve;
	dsp_summary		*curve;
	int			 curve_rc;
	char			 curve_err[256];
	/* The view's further series (core/schema/view.h, dsp_view_series_list):
	 * plain twin or overlays, then pins; NULL arrays where a series
	 * could not be computed (left out, not fatal). */
	dsp_view_series		 main;		/* the main series (label, key) */
	size_t			 nextra;
	struct snap_series {
		dsp_view_series	 def;
		double		*h, *w;		/* entropy, max weight at ns */
	}			 extra[DSP_VIEW_SERIES_MAX];
	double			*map;
	dsp_params		 mp;		/* parameters of the map */
	int			 map_rc;
	char			 map_err[256];
};

/* A number for text: 10 significant digits by the tables' rule
 * (dsp_fmt_cell), "nan"/"inf" spelled out. */
static inline const char *
snap_num(char *buf, size_t size, double v)
{
	if (isnan(v))
		snprintf(buf, size, "nan");
	else if (isinf(v))
		snprintf(buf, size, v > 0 ? "inf" : "-inf");
	else
		dsp_fmt_cell(buf, size, v, 10);
	return buf;
}

/* snap_compute.c: the set's figures; items (n, or the file's logit count);
 * the top of the map's colour scale; the last error as a message. */
int		 snap_compute(struct snap *s);
void		 snap_free(struct snap *s);
uint64_t	 snap_items(const dsp_params *p);
double		 snap_metric_top(const struct snap *s);
void		 snap_keep_error(char *buf, size_t size, int rc);

/* snap_sorted.c: each distinct weight of w (or of the stream ws) with its
 * multiplicity, largest first, in memory bounded by a chunk (not a copy of
 * all of them). */
typedef void	(*snap_run_fn)(void *ctx, double w, uint64_t count);
int		 snap_sorted_each(const dsp_runs *w, snap_run_fn fn, void *ctx);
int		 snap_sorted_stream(const dsp_wstream *ws, snap_run_fn fn, void *ctx);

/* snap_csv.c */
int		 snap_stamp_all(const struct snap *s, dsp_table *t);
dsp_table	*snap_curve_table(const struct snap *s, int full);
int		 snap_write_table(FILE *fp, dsp_table *t, enum dsp_format f);
int		 snap_write_weights_csv(const struct snap *s, FILE *fp);
int		 snap_write_curve_csv(const struct snap *s, FILE *fp);
int		 snap_write_map_csv(const struct snap *s, FILE *fp);

/* snap_txt.c */
int		 snap_write_txt(const struct snap *s, FILE *fp);

/* snap_json.c */
int		 snap_write_json(const struct snap *s, FILE *fp);
int		 snap_json_fits(const struct snap *s);

/* snap_svg.c */
int		 snap_write_hist_svg(const struct snap *s, FILE *fp);
int		 snap_write_curve_svg(const struct snap *s, FILE *fp);
int		 snap_write_map_svg(const struct snap *s, FILE *fp);
int		 snap_write_screen_svg(const struct snap *s, FILE *fp);

#endif
