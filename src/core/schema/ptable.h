/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The parameter table: one row per parameter of a view (after tmux's
 * options-table.c).  The CLI parser and --help, the TUI parameters panel
 * and its `:` command, snapshot save/load and the output stamps all walk
 * this table, so adding a parameter is one row here plus its use in the
 * math.  Domains are checked here and only here (dsp_params_check walks
 * the rows), so a value loaded from a file meets the same limits as one
 * typed on the command line.
 *
 * Values are reached through the row's offset into dsp_params; the row's
 * type says which C type lives there (REAL: double, SIZE and UINT:
 * uint64_t, ENUM and BOOL: an enum or int, PATH: const char *). */
#ifndef DSP_PTABLE_H
#define DSP_PTABLE_H

#include <stddef.h>
#include <stdint.h>

#include "core/schema/figspec.h"
#include "core/math/map.h"
#include "core/schema/params.h"

/* Row ids: the order of --help, the stamps, the snapshot JSON and the TUI
 * parameters panel. */
enum dsp_param_id {
	DSP_P_FAMILY,
	DSP_P_N,
	DSP_P_DELTA,
	DSP_P_THETA,
	DSP_P_LAMBDA,
	DSP_P_EPS,
	DSP_P_SEED,
	DSP_P_TOPK,
	DSP_P_ATTN,
	DSP_P_ADAPTIVE,
	DSP_P_SSMAX_S,
	DSP_P_ALPHA,
	DSP_P_PRECISION,
	DSP_P_MODEL,
	DSP_P_HEAD,
	/* New parameters go here (one row in ptable.c, one field in
	 * dsp_params); a memory budget would be one such row. */
	DSP_P_COUNT
};

enum dsp_ptype {
	DSP_PT_SIZE,	/* uint64_t item count: 1048576, 2^40, 1e6, 16Ki */
	DSP_PT_UINT,	/* uint64_t 0 .. 2^64-1 (seeds) */
	DSP_PT_REAL,	/* double within [min, max], ends open or closed */
	DSP_PT_ENUM,	/* one of names[] */
	DSP_PT_BOOL,	/* on/off */
	DSP_PT_HEAD	/* uint64_t row of a logits array: text "L.H" or
			   "L.H.Q" (dsp_head_pack) */,
	DSP_PT_PATH	/* a file name (const char *, borrowed; NULL = none) */
};

/* How the TUI's adjust keys step a value. */
enum dsp_pstep {
	DSP_STEP_ADD,	/* x +- fine (coarse) */
	DSP_STEP_MUL,	/* x *or/ fine (coarse) */
	DSP_STEP_CYCLE	/* next/previous name; bool toggles */
};

#define DSP_DOM_MIN_OPEN	1u	/* min itself excluded */
#define DSP_DOM_MAX_OPEN	2u	/* max itself excluded */

/* The largest magnitude a real parameter takes: far inside a double, so
 * differences, products with log n and linear sweeps stay finite. */
#define DSP_REAL_MAX	1e300

typedef struct dsp_param_def {
	enum dsp_param_id	 id;
	const char		*name;		/* ASCII name: `:name`, JSON key, stamp key */
	const char		*uname;		/* Unicode name the TUI shows ("δ"), or NULL */
	const char		*alias;		/* one more accepted name ("epsilon"), or NULL */
	const char		*opt_long;	/* CLI option without "--" */
	int			 opt_short;	/* CLI short letter, or 0 */
	const char		*metavar;	/* "D" in "--delta D" */
	enum dsp_ptype		 type;
	double			 min, max;	/* REAL domain */
	unsigned		 dom;		/* DSP_DOM_* bits */
	uint64_t		 umin, umax;	/* SIZE / UINT domain */
	const char *const	*names;		/* ENUM names */
	int			 nnames;
	double			 def;		/* default (ENUM: index, BOOL: 0/1) */
	enum dsp_pstep		 step;
	double			 fine, coarse;	/* step sizes (ADD) or factors (MUL) */
	const char		*help;		/* one line for --help and the man page */
	size_t			 off;		/* offsetof(dsp_params, field) */
} dsp_param_def;

const dsp_param_def	*dsp_param(int id);	/* NULL if out of range */
/* By any name a user sees: ASCII name (any case), Unicode name, alias or
 * long option ("ssmax-s").  NULL if none. */
const dsp_param_def	*dsp_param_find(const char *name);
/* "family n delta ... precision; δ θ λ ε α": the names, for messages. */
const char		*dsp_param_names(void);

/* Does row d mean anything for p?  The head only where the family is
 * built on given logits (file, empirical), the model only for the learned
 * family: elsewhere they are neither shown
 * as a value, stamped nor written to a snapshot. */
int		 dsp_param_applies(const dsp_param_def *d, const dsp_params *p);

/* The head row's value: layer, head and query of one row of an
 * (L, H, Q, K) logits array packed in 64 bits.  query DSP_HEAD_LAST means
 * the last query row (under a causal mask the one that sees every key),
 * written "L.H"; another query is written "L.H.Q".  0 is "0.0". */
#define DSP_HEAD_LAST		UINT64_MAX
#define DSP_HEAD_LAYER_MAX	(((uint64_t)1 << 24) - 1)
#define DSP_HEAD_HEAD_MAX	(((uint64_t)1 << 20) - 1)
#define DSP_HEAD_QUERY_MAX	(((uint64_t)1 << 20) - 2)
/* DSP_EINVAL past the maxima above. */
int	dsp_head_pack(uint64_t layer, uint64_t head, uint64_t query, uint64_t *v);
void	dsp_head_unpack(uint64_t v, uint64_t *layer, uint64_t *head,
	    uint64_t *query);
/* "3.5" or "3.5.17" (decimal digits only) -> packed; DSP_EINVAL with
 * "LABEL: 'x' is not L.H or L.H.Q ...". */
int	dsp_head_parse(const char *s, uint64_t *v, const char *label);
char	*dsp_head_format(uint64_t v, char *buf, size_t size);

/* Value access by row type. */
double		 dsp_param_get_real(const dsp_param_def *d, const dsp_params *p);
uint64_t	 dsp_param_get_uint(const dsp_param_def *d, const dsp_params *p);
int		 dsp_param_get_enum(const dsp_param_def *d, const dsp_params *p);
const char	*dsp_param_get_path(const dsp_param_def *d, const dsp_params *p);
/* Store a borrowed file name (NULL = none); any name is in the domain. */
int		 dsp_param_set_path(const dsp_param_def *d, dsp_params *p,
		    const char *v);

/* Checked setters: DSP_OK, or DSP_EINVAL with the detail
 * "LABEL must be in DOMAIN (got VALUE)" (LABEL NULL = the row's name);
 * p is unchanged on error. */
int	dsp_param_set_real(const dsp_param_def *d, dsp_params *p, double v,
	    const char *label);
int	dsp_param_set_uint(const dsp_param_def *d, dsp_params *p, uint64_t v,
	    const char *label);
int	dsp_param_set_enum(const dsp_param_def *d, dsp_params *p, int v,
	    const char *label);
/* Is the value stored in p inside the row's domain?  Same message. */
int	dsp_param_check(const dsp_param_def *d, const dsp_params *p,
	    const char *label);
/* A real v inside the row's domain (sweep ends, ...)?  Same message. */
int	dsp_param_check_real(const dsp_param_def *d, double v, const char *label);

/* The range a sweep (`disperse sweep --vary`, `disperse animate`) and the
 * TUI's play mode run over when no range is given: n 1 .. 2^40 (log-spaced
 * by the caller), theta -2 .. 2, lambda 0 .. 1, delta 0 .. 16.  The
 * domains themselves reach 1e300, too far to sweep linearly.  DSP_OK, or
 * DSP_EINVAL for a row without a sweep range (lo and hi untouched). */
int	dsp_param_sweep_range(const dsp_param_def *d, double *lo, double *hi);
/* Value k (0-based) of count along a sweep from lo to hi: log-spaced and
 * rounded to an integer for a size row (n; repeats kept, so frame k is
 * always value k), linear otherwise; both ends exact. */
double	dsp_param_sweep_value(const dsp_param_def *d, double lo, double hi,
	    size_t k, size_t count);

/* The domain as text: "[0, 1e+300]", "(0, 1]", "1 .. 2^63",
 * "power|spike|...", "on|off". */
char	*dsp_param_domain(const dsp_param_def *d, char *buf, size_t size);
/* The value as text that reads back exactly (shortest round-trip real,
 * integer, enum name, "true"/"false"). */
char	*dsp_param_format(const dsp_param_def *d, const dsp_params *p,
	    char *buf, size_t size);
/* Shortest "%.*g" text of v that reads back exactly. */
char	*dsp_real_format(char *buf, size_t size, double v);

/* View options: a second small table for what a view shows beyond the
 * parameters (core/schema/view.h).  The map's theta and lambda ranges (the TUI's
 * `:map_theta A:B`, heatmap --theta-range, snapshot --map-theta, the
 * snapshot JSON's view.map), the map's figure resolution (`:map_size
 * 161x101`, snapshot --map-size, view.map.cols and rows: the resolution
 * of every exported map; the TUI draws its panel as an exact subsample),
 * and the figure options (figspec.h: `:figure_size 85x60mm`, snapshot
 * --figure-size, the snapshot JSON's view.figure).  The defaults are
 * dsp_view_default's. */
enum dsp_vopt_id {
	DSP_V_MAP_THETA,
	DSP_V_MAP_LAMBDA,
	DSP_V_MAP_SIZE,
	DSP_V_FIG_SIZE,
	DSP_V_FIG_FONT,
	DSP_V_FIG_FORMAT,
	DSP_V_FIG_DPI,
	DSP_V_COUNT
};

enum dsp_vtype {
	DSP_VT_RANGE,	/* "A:B" into dsp_map_spec (off_lo, off_hi), A < B */
	DSP_VT_SIZE,	/* "CxR" into dsp_map_spec (off_lo, off_hi), C * R <= max cells */
	DSP_VT_FIGSIZE,	/* "WxH" with in, mm or pt, or "auto", into dsp_figspec */
	DSP_VT_REAL,	/* a number in [min, max] (or "auto" = 0 when auto_ok) */
	DSP_VT_FORMATS	/* "svg,pdf,png": a non-empty list of figure formats */
};

typedef struct dsp_vopt_def {
	enum dsp_vopt_id	 id;
	const char		*name;		/* `:map_theta`, "map_theta" */
	const char		*alias;		/* "theta_range" */
	double			 min, max;	/* both ends inside [min, max], lo < hi;
						 * FIGSIZE: each side in pt */
	const char		*help;
	size_t			 off_lo, off_hi;	/* offsetof(dsp_map_spec, ...);
						 * REAL: off_lo in dsp_figspec */
	enum dsp_vtype		 type;
	const char		*opt_long;	/* CLI option of the figure rows */
	const char		*metavar;
	int			 auto_ok;	/* REAL: "auto" means 0 */
} dsp_vopt_def;

/* A figure row (dsp_figspec), not one of the map's. */
#define DSP_VOPT_IS_FIG(d)	((d)->type >= DSP_VT_FIGSIZE)

#define DSP_VOPT_MAX_CELLS	((size_t)1 << 20)

const dsp_vopt_def	*dsp_vopt(int id);
const dsp_vopt_def	*dsp_vopt_find(const char *name);
/* DSP_OK or DSP_EINVAL: "LABEL must be A:B with A < B in [min, max] (got
 * lo:hi)". */
int	dsp_vopt_check_range(const dsp_vopt_def *d, double lo, double hi,
	    const char *label);
int	dsp_vopt_set(const dsp_vopt_def *d, dsp_map_spec *m, double lo, double hi,
	    const char *label);
void	dsp_vopt_get(const dsp_vopt_def *d, const dsp_map_spec *m, double *lo,
	    double *hi);
/* A size row: "LABEL must be CxR with ..." */
int	dsp_vopt_check_size(const dsp_vopt_def *d, size_t cols, size_t rows,
	    const char *label);
/* Parse "CxR" (or "C×R") and set a size row; DSP_EINVAL with the
 * message on error, m unchanged. */
int	dsp_vopt_parse_size(const dsp_vopt_def *d, dsp_map_spec *m, const char *text,
	    const char *label);
/* The row's value as text that parses back ("-2:2", "161x101"). */
char	*dsp_vopt_format(const dsp_vopt_def *d, const dsp_map_spec *m, char *buf,
	    size_t size);

/* The figure rows (not RANGE): set from text ("3.3x2.2in", "85x60mm",
 * "auto", "9", "svg,pdf,png", "300"): DSP_OK, or DSP_EINVAL with "LABEL
 * must be ... (got TEXT)"; f is unchanged on error.  The row's own domain
 * only: whether the options fit together (PNG pixels) is
 * dsp_figspec_check's, once all are set.  Format writes the
 * text that reads back to the same value. */
int	dsp_vopt_fig_set(const dsp_vopt_def *d, dsp_figspec *f, const char *text,
	    const char *label);
char	*dsp_vopt_fig_format(const dsp_vopt_def *d, const dsp_figspec *f,
	    char *buf, size_t size);
/* Every figure row's domain, and at most DSP_FIG_MAX_PIXELS per PNG side
 * at the size and dpi. */
#define DSP_FIG_MAX_PIXELS	20000
int	dsp_figspec_check(const dsp_figspec *f, const char *label);
/* "map_theta map_lambda figure_size ...": the names, for messages. */
const char		*dsp_vopt_names(void);

/* Presets: named sets of values with where the numbers come from. */
typedef struct dsp_preset {
	const char	*name;		/* "gemma-7b-max" */
	double		 delta;		/* the logit spread it sets */
	const char	*source;	/* one line: who reported it, how sure */
} dsp_preset;

const dsp_preset	*dsp_preset_get(size_t i);	/* NULL past the end */
const dsp_preset	*dsp_preset_find(const char *name);
/* "gemma-2b-min gemma-2b-mean ...": the names, for messages. */
const char		*dsp_preset_names(void);
/* Set the preset's values in p. */
void			 dsp_preset_apply(const dsp_preset *s, dsp_params *p);

#endif
