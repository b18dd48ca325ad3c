/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The TUI's screen model and its widgets (htop's Meter/Panel pattern).
 *
 * Each widget is a struct view_class with update(), which only reads, and
 * draw(), which only paints a curses window.  What a widget shows is its
 * own state (struct view_hist, view_curve, view_map, view_line, view_tour,
 * view_refit, view_heads, view_prefs; the params panel's selection and the
 * params and help panels' scroll are in struct view_panel), which the app
 * fills through the core and points the panel's own at; no widget reads
 * another's.  All share only struct view_state: the view, its summary and
 * the jobs' progress.  Nothing in src/view computes math. */
#ifndef DSP_VIEW_H
#define DSP_VIEW_H

#include <curses.h>
#include <stddef.h>
#include <stdint.h>

#include "core/math/eval.h"
#include "core/schema/ptable.h"
#include "core/schema/view.h"

enum view_panel_id {
	VIEW_PARAMS,
	VIEW_WEIGHTS,
	VIEW_CURVE,
	VIEW_MAP,
	VIEW_THEOREM,
	VIEW_PANELS
};

/* Rows of the parameters panel: the rows of the parameter table
 * (core/schema/ptable.h), in its order. */
enum view_row {
	ROW_FAMILY = DSP_P_FAMILY,
	ROW_N = DSP_P_N,
	ROW_DELTA = DSP_P_DELTA,
	ROW_THETA = DSP_P_THETA,
	ROW_LAMBDA = DSP_P_LAMBDA,
	ROW_EPS = DSP_P_EPS,
	ROW_SEED = DSP_P_SEED,
	ROW_TOPK = DSP_P_TOPK,
	ROW_ATTN = DSP_P_ATTN,
	ROW_ADAPTIVE = DSP_P_ADAPTIVE,
	ROW_SSMAX_S = DSP_P_SSMAX_S,
	ROW_ALPHA = DSP_P_ALPHA,
	ROW_PRECISION = DSP_P_PRECISION,
	ROW_HEAD = DSP_P_HEAD,
	VIEW_ROWS = DSP_P_COUNT
};

enum view_palette {
	PAL_MONO,	/* no colour: ASCII ramp " .:-=+*#%@" */
	PAL_16,
	PAL_256,
	PAL_TRUE
};

enum view_sym {
	SYM_DELTA, SYM_THETA, SYM_LAMBDA, SYM_EPS, SYM_ALPHA, SYM_LE, SYM_DOT,
	SYM_MINUS, SYM_BULLET, SYM_VLINE, SYM_HLINE, SYM_DASH, SYM_CURSOR,
	SYM_TIMES, SYM_ELLIPSIS, SYM_COUNT
};

#define VIEW_COLS_MAX	512
/* Columns of the Weights figure, whatever the panel's width (the panel
 * resamples them): a layout never feeds a computation. */
#define VIEW_HIST_RES	256
#define VIEW_CURVE_MAX	512
#define VIEW_TOPRUNS	6
#define VIEW_SERIES_MAX	DSP_VIEW_SERIES_MAX
#define VIEW_MSG	256
#define VIEW_HITS	32
/* Colours and marker glyphs of the curve series (compare mode: up to ten
 * functions), one per series; theme.c has the colours, draw.c the glyphs. */
#define VIEW_SERIES_STYLES	10

/* Weights panel: sorted-coefficient bars or the log-binned distribution. */
struct view_hist {
	int		 ok;
	char		 err[VIEW_MSG];
	size_t		 cols;			/* columns computed */
	int		 logrank;		/* sorted: columns are log-spaced ranks */
	int		 expected;		/* binned counts of the expected limit */
	double		 n;
	double		 logw[VIEW_COLS_MAX];	/* sorted: log10 weight of column */
	double		 rank[VIEW_COLS_MAX];	/* sorted: first rank (1-based) */
	double		 count[VIEW_COLS_MAX];	/* binned: items per log10 bin */
	double		 count_max;
	double		 ylo, yhi;		/* log10 weight range shown */
	size_t		 nruns;			/* distinct weights */
	size_t		 ntop;
	double		 top_value[VIEW_TOPRUNS];	/* heaviest runs */
	uint64_t	 top_count[VIEW_TOPRUNS];
	double		 last_value;		/* lightest run */
	uint64_t	 last_count;
};

/* One curve of the entropy-vs-n panel. */
struct view_series {
	int		 ok;
	int		 attn;
	int		 adaptive;
	int		 pin;			/* a pinned curve: drawn as a dim ghost */
	char		 label[96];
	char		 err[VIEW_MSG];
	size_t		 count;
	double		 n[VIEW_CURVE_MAX];
	double		 entropy[VIEW_CURVE_MAX];
	double		 maxw[VIEW_CURVE_MAX];
	double		 lo[VIEW_CURVE_MAX];	/* Lemma 2.1 band of max weight */
	double		 hi[VIEW_CURVE_MAX];
	double		 floor[VIEW_CURVE_MAX];	/* entropy floor */
	int		 expected[VIEW_CURVE_MAX];	/* point is the large-n limit */
};

struct view_map {
	int		 ok;
	char		 err[VIEW_MSG];
	dsp_map_spec	 spec;
	double		*cell;		/* rows * cols */
	size_t		 cap;
	double		 min, max;
};

/* Teaching tour box: the step's text and the live figures it names, as
 * the app evaluated them on the current summary. */
#define VIEW_TOUR_SHOW	16
struct view_tour {
	int		 open;
	size_t		 step;			/* 0-based */
	size_t		 nsteps;
	int		 scroll;		/* body lines scrolled off (PgDn) */
	const char	*title;			/* owned by the app's dsp_tour */
	const char	*body;
	const char	*set;
	size_t		 nshow;
	const char	*show[VIEW_TOUR_SHOW];
	double		 value[VIEW_TOUR_SHOW];	/* NaN when not available */
};

/* Adaptive-temperature refit overlay: the paper's polynomial beside the
 * app's GSL refit (descending powers, like dsp_adaptive_poly_desc). */
#define VIEW_REFIT_COEF	11
#define VIEW_REFIT_GRID	9
struct view_refit {
	int		 open;
	int		 ok;
	char		 err[VIEW_MSG];
	int		 degree;
	int		 paper_degree;
	double		 coef[VIEW_REFIT_COEF];
	double		 se[VIEW_REFIT_COEF];
	double		 paper[VIEW_REFIT_COEF];
	double		 r2, rms;
	size_t		 points, capped;
	double		 h_lo, h_hi;		/* entropy range of the data */
	double		 grid_h[VIEW_REFIT_GRID];
	double		 grid_paper[VIEW_REFIT_GRID];	/* raw polynomials */
	double		 grid_refit[VIEW_REFIT_GRID];
	double		 grid_diff[VIEW_REFIT_GRID];	/* refit - paper */
	double		 plot_lo, plot_hi;	/* both polynomials' range on the grid */
};

/* Heads panel: the heads of an --input array with several rows, each
 * row's own figures at the view's temperature, sorted. */
#define VIEW_HEADS_MAX	4096
struct view_head {
	uint64_t	 head;		/* packed (core/schema/ptable.h) */
	double		 n, spread, max_weight, entropy;
	double		 log_n_eps;	/* empirical critical n (log) */
};

struct view_heads {
	int		 shown;		/* an array with several rows is open */
	int		 by_crit;	/* sorted by critical n, else max weight */
	char		 err[VIEW_MSG];
	char		 name[VIEW_MSG];	/* the array */
	uint64_t	 layers, heads;
	size_t		 count;
	struct view_head row[VIEW_HEADS_MAX];
};

/* The curve panel's own state: the entropy-vs-n curves the worker
 * computed, or a file's figures against theta, and the other heads'. */
struct view_curve {
	size_t		 nseries;
	struct view_series series[VIEW_SERIES_MAX];
	char		 curve_err[VIEW_MSG];
	/* A file's logits have one n: the curve panel shows their entropy
	 * and max weight against theta instead (measured on the data). */
#define VIEW_THETAS	9
	size_t		 nthetas;
	double		 th_theta[VIEW_THETAS], th_entropy[VIEW_THETAS],
			 th_maxw[VIEW_THETAS];
	/* The other heads of an array, faint on the same plot: their rows
	 * (borrowed from the rowset, which keeps a row until it closes; set
	 * by app/heads.c, part of the curve's key) and, computed with the
	 * head's, their figures at th_theta (NaN where one failed). */
#define VIEW_THETA_HEADS 32
	struct view_rows {
		size_t		 n;		/* rows given, <= VIEW_THETA_HEADS */
		const double	*row[VIEW_THETA_HEADS];
		size_t		 len[VIEW_THETA_HEADS];
	}		 th_rows;
	uint64_t	 th_others;		/* other heads in the array */
	size_t		 th_nother;		/* rows computed */
	double		 th_oentropy[VIEW_THETA_HEADS][VIEW_THETAS],
			 th_omaxw[VIEW_THETA_HEADS][VIEW_THETAS];
	/* The resample's view of the other heads: each row resampled as the
	 * head's is (family empirical, the view's parameters), its entropy
	 * and max weight over the curve's sizes, faint under the head's
	 * curves; the first VIEW_RESAMPLE_HEADS of th_rows (a curve each is
	 * a hundred resamples, not nine evaluations). */
#define VIEW_RESAMPLE_HEADS 8
	size_t		 cv_nother;		/* curves computed */
	struct view_faint {
		size_t		 count;
		double		 n[VIEW_CURVE_MAX];
		double		 entropy[VIEW_CURVE_MAX];
		double		 maxw[VIEW_CURVE_MAX];
	}		 cv_other[VIEW_RESAMPLE_HEADS];
};

/* The status line's own state: the message, the line editor, timings. */
struct view_line {
	char		 status[VIEW_MSG];
	int		 status_err;
	int		 editing;	/* line editor on the status line */
	char		 edit_prompt[48];
	char		 edit_buf[128];
	size_t		 edit_len;
	size_t		 edit_cur;	/* cursor: byte offset, at a character start */
	char		 edit_hint[VIEW_MSG];	/* Tab's candidates, shown while editing */
	int		 edit_overflow;	/* more typed than edit_buf holds */
	int		 show_times;	/* shows compute timings (T) */
	double		 compute_ms;	/* last frame: core work */
	double		 frame_ms;	/* last frame: compute + draw */
};

/* The settings screen (F2, O): the display choices the settings file
 * keeps, one row each, as the app read them from its table
 * (src/app/prefs.c) for this frame; open and sel are the widget's state. */
#define VIEW_PREFS_MAX	16
struct view_prefs {
	int		 open;
	int		 sel;			/* selected row */
	size_t		 count;
	const char	*name[VIEW_PREFS_MAX];	/* as settings.json and `:` name it */
	const char	*help[VIEW_PREFS_MAX];
	const char	*key[VIEW_PREFS_MAX];	/* its key outside the screen, or "" */
	int		 cycles[VIEW_PREFS_MAX];	/* Left/Right change it, else typed */
	char		 value[VIEW_PREFS_MAX][96];
	const char	*source[VIEW_PREFS_MAX];	/* "default", "settings file", ... */
	char		 file[4200];	/* where they are kept, or why not */
	char		 resets[VIEW_MSG];	/* what D resets */
};

/* One row of the TUI's key table (src/app/keys.c), from which the help
 * overlay and the key bar are drawn: the view reads name, help and bar; the
 * app dispatches ch to fn.  A row without a name is a help heading. */
struct app;
struct view_key {
	const char	*name;		/* as the help shows it: "f F", "? or F1" */
	const char	*help;		/* its lines, separated by '\n' */
	const char	*bar;		/* label in the key bar, or NULL */
	int		 bar_pos;	/* place in the key bar, 0 none; also its
					 * priority (VIEW_BAR_KEEP, VIEW_BAR_TEACH) */
	int		 ch[3];		/* the keys it handles (0: none) */
	void		(*fn)(struct app *, int ch);
};
/* Key bar places: below VIEW_BAR_TEACH a key is always shown (q, ?, s);
 * from VIEW_BAR_TEACH the teaching keys (tour, refit, play, pin); from
 * VIEW_BAR_REST the others.  A short bar drops the highest places first. */
#define VIEW_BAR_TEACH	10
#define VIEW_BAR_REST	20

/* What every widget reads: a few KB (the panels' figures live in their
 * own states; a worker job carries only the dsp_viewstate). */
struct view_state {
	dsp_viewstate	 vs;		/* the view (core/schema/view.h): params, map
					   ranges, figure size and cursor, focus,
					   curve and histogram modes, overlays,
					   pins */
	dsp_summary	 sum;		/* the current evaluation */
	int		 sum_ok;
	char		 sum_err[VIEW_MSG];
	int		 bounded;	/* family's logits bounded independently of n */
	int		 curve_busy;	/* the worker is recomputing the curves */
	int		 map_busy;
	int		 busy_pct;	/* their progress, -1 if unknown */
	int		 sum_busy;	/* the summary, weights and histogram are
					   a worker job (large explicit inputs):
					   sum and hist are not drawn yet */
	int		 sum_pct;	/* its progress, -1 if unknown */
	unsigned long	 jobs_cancelled[2];	/* stale jobs cancelled by a newer
					   key: [0] curve and map, [1] summary */
	double		 bg_ms;		/* worker time of the last curve/map */
	int		 present;	/* --present: plots only, no clutter */
	const char	*input_name;
	uint64_t	 layers, heads;	/* an --input array of several rows: its
					   shape (0 0: none) */
	const struct view_key *keys;	/* the key table, for help and key bar */
	size_t		 nkeys;
};

struct view_panel;

struct view_class {
	const char	*name;
	void		(*update)(struct view_panel *, const struct view_state *);
	void		(*draw)(struct view_panel *, WINDOW *);
};

/* A panel on screen.  draw() records the plot area so the app can map
 * mouse clicks back to n, a map cell or a parameter row. */
struct view_panel {
	const struct view_class	*cls;
	const struct view_state	*st;	/* what every widget reads: the view,
					   its summary, the jobs */
	const void		*own;	/* the widget's own state, of its
					   class's type (struct view_curve
					   ...), or NULL: no other widget
					   reads it */
	WINDOW			*win;
	int			 y, x, h, w;
	int			 visible;
	int			 focused;
	int			 py, px, ph, pw;	/* plot area, screen coordinates */
	int			 sel;		/* params: the selected row */
	int			 row0;		/* params, help: first row shown
						   (scrolled) */
	int			 map_cw;		/* map: screen columns per cell */
	int			 map_rh;		/* map: cells per screen row (1, 2) */
	int			 nhits;		/* status: key-bar labels drawn */
	struct view_hit {
		int	 x0, x1;	/* columns [x0, x1) of the label */
		int	 ch;		/* the key it stands for */
	}			 hit[VIEW_HITS];
};

extern const struct view_class view_params_class;
extern const struct view_class view_hist_class;
extern const struct view_class view_curve_class;
extern const struct view_class view_map_class;
extern const struct view_class view_theorem_class;
extern const struct view_class view_status_class;
extern const struct view_class view_help_class;
extern const struct view_class view_tour_class;
extern const struct view_class view_refit_class;
extern const struct view_class view_heads_class;
extern const struct view_class view_settings_class;

/* heads_panel.c: rows the heads panel wants (frame included). */
int		 view_heads_height(const struct view_heads *h);

/* Display columns of a UTF-8 string (wcwidth; bytes if not UTF-8). */
int		 view_width(const char *s);
/* Same significant digits for a set of numbers shown side by side
 * (min digits, more while two different values would print alike). */
int		 view_digits(const double *v, size_t n, int min);
/* "1", "0.1", "0.01", "1e-3" ...: the tick text of 10^k. */
char		*view_decade(char *buf, size_t size, int k);

/* tour_box.c: rows the tour box needs at width w (frame included). */
int		 view_tour_height(const struct view_tour *t, int w);

/* draw.c: shared drawing helpers. */
struct view_style {
	int		 utf8;		/* UTF-8 glyphs (else ASCII) */
	int		 color;		/* colours in use */
	enum view_palette palette;
	int		 heat_levels;
};
extern struct view_style view_style;

void		 view_style_init(int want_utf8, int want_color);
const char	*view_sym(enum view_sym s);
/* Vertical block for a fill fraction 0..1 of one cell (" " .. full). */
const char	*view_block(double frac);
void		 view_frame(WINDOW *w, const char *title, int focused);
/* Column just after the title of the last frame drawn. */
int		 view_frame_end(void);
/* theme.c: the colour themes and every colour pair. */
enum view_theme_id {
	VIEW_THEME_DEFAULT,
	VIEW_THEME_CONTRAST,	/* high contrast */
	VIEW_THEME_COLORBLIND,	/* Okabe-Ito */
	VIEW_THEME_COUNT
};
const char	*view_theme_name(int t);	/* NULL past the end */
const char	*view_theme_help(int t);
int		 view_theme_find(const char *name);	/* -1 if none */
const char	*view_theme_names(void);	/* "default high-contrast colorblind" */
int		 view_theme(void);		/* the current one */
/* Use theme t (pairs redefined at once when colours are on). */
void		 view_theme_set(int t);
/* Start colours (view_style_init): 0 when the terminal has none. */
int		 view_colors_start(void);
attr_t		 view_attr_focus(void);
attr_t		 view_attr_title(void);
attr_t		 view_attr_series(int i);
attr_t		 view_attr_band(void);
attr_t		 view_attr_marker(void);
attr_t		 view_attr_error(void);
attr_t		 view_attr_dim(void);
/* Decade labels of a log10 axis from ylo (row top + h - 1) to yhi (top). */
void		 view_decade_axis(WINDOW *w, int top, int h, int x, int width,
		    double ylo, double yhi);
/* Marker glyph of series i (compare mode: one per function). */
const char	*view_series_glyph(int i);
/* A plot canvas: braille dots (2 x 4 a cell) in UTF-8, one glyph a cell
 * in ASCII (view_canvas_xres/yres give the sub-cell resolution). */
struct view_canvas {
	int		 w, h;		/* cells */
	unsigned char	*dots;		/* braille dot bits a cell */
	attr_t		*attr;
	const char	**glyph;	/* ASCII glyph or marker, else NULL */
};
int		 view_canvas_xres(void);
int		 view_canvas_yres(void);
int		 view_canvas_init(struct view_canvas *cv, int w, int h);
void		 view_canvas_free(struct view_canvas *cv);
void		 view_canvas_dot(struct view_canvas *cv, int sx, int sy, attr_t a,
		    const char *glyph);
void		 view_canvas_mark(struct view_canvas *cv, int cx, int cy, attr_t a,
		    const char *glyph);
void		 view_canvas_draw(const struct view_canvas *cv, WINDOW *w, int y, int x);
/* The curve panel of a file view (one n): H and max weight against theta
 * (src/view/theta_plot.c), inside the frame of iw columns. */
void		 view_theta_draw(struct view_panel *pn, WINDOW *w, int iw);
/* Colour pair / glyph for a heat value t in [0, 1]. */
int		 view_heat_pair(double t);
/* Half-block map cells: 1 when two map rows share a screen row ('▀'),
 * and the pair of the upper value t over the lower u. */
int		 view_heat_half(void);
int		 view_heat_pair2(double t, double u);
char		 view_heat_char(double t);
/* The ramp character of a map cell drawn in heat pair `pair` by colour
 * alone (for the screen's text); 0 when pair is not a heat pair. */
char		 view_heat_text(int pair);
/* printf into the window at (y, x), clipped to width (display columns). */
void		 view_printf(WINDOW *w, int y, int x, int width, attr_t a,
		    const char *fmt, ...) __attribute__((format(printf, 6, 7)));
/* Like view_printf on row *y, but a text wider than width continues on
 * the next rows, broken at blanks and indented; *y moves past.  A text
 * that does not fit whole by row last is not drawn and *y moves past last. */
/* Rows view_line takes for text at width columns. */
int		 view_line_rows(int width, const char *text);
void		 view_line(WINDOW *w, int *y, int last, int x, int width, attr_t a,
		    const char *fmt, ...) __attribute__((format(printf, 7, 8)));
/* Like view_line, but a text that does not fit is skipped and *y stays:
 * for a line that stands alone, so the ones after it may still be drawn
 * (no row is left empty for it). */
void		 view_line_aside(WINDOW *w, int *y, int last, int x, int width, attr_t a,
		    const char *fmt, ...) __attribute__((format(printf, 7, 8)));
/* Short number text ("%.*g" with the given significant digits). */
char		*view_num(char *buf, size_t size, double v, int digits);
/* A Lemma 2.1 band edge of s (which: 0/1 tight lo/hi, 2/3 loose lo/hi):
 * view_num, or exp(x) where it lies outside the double range. */
char		*view_band_edge(char *buf, size_t size, const dsp_summary *s, int which,
		    int digits);
/* "computing 37 %" (pct >= 0) or "computing": a panel whose figures a
 * worker job is still computing. */
char		*view_computing(char *buf, size_t size, int pct);
/* Parameter rows shown: every row of the table, but the head (the last
 * row) only where it applies (an --input array; dsp_param_applies). */
int		 view_rows(const struct view_state *st);
/* Parameter row label and value text. */
const char	*view_row_name(int row);
void		 view_row_value(const struct view_state *st, int row, char *buf,
		    size_t size);
/* "theta" etc. as typed in the line editor. */
const char	*view_row_key(int row);

#endif
