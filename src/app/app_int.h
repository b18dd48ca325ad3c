/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The TUI, internal: the state every part of src/app shares and the
 * functions each file gives the others. */
#ifndef DSP_APP_INT_H
#define DSP_APP_INT_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "view/view.h"

#define MIN_COLS	80
#define MIN_LINES	24
#define N_MAX		((uint64_t)1 << 62)

/* Play mode (play.c): what is animated and where the animation is. */
enum { PLAY_OFF, PLAY_N, PLAY_THETA, PLAY_DELTA, PLAY_VARS };
struct play {
	int			 var;		/* PLAY_OFF: no play */
	int			 paused;
	int			 speed;		/* index of the frame interval */
	size_t			 frame, frames;	/* 0-based frame of frames */
	double			 lo, hi;	/* the range played */
	double			 due_ms;	/* when the next frame is due */
	unsigned long		 skipped;	/* ticks skipped: figures not ready */
};

/* The line editor's history: oldest first, kept for the session and in
 * the settings file (settings.c). */
#define EDIT_HIST_MAX	100
struct edit_history {
	char		*line[EDIT_HIST_MAX];
	size_t		 count;
	size_t		 pos;		/* entry shown; count = the line being typed */
	char		 draft[128];	/* the line being typed, kept while browsing */
};

/* The display choices the settings file keeps (prefs.c): one row each. */
#define APP_PREFS	11
enum { APP_PREF_DEFAULT, APP_PREF_FILE, APP_PREF_CMDLINE, APP_PREF_LOAD };
struct app;
struct app_pref {
	const char	*name;		/* member of settings.json's "display", `:NAME` */
	const char	*help;		/* one line, as the settings screen shows it */
	const char	*key;		/* the key that changes it elsewhere, or "" */
	void		(*get)(const struct app *, char *buf, size_t size);
	/* From text (the file, `:NAME`, a choice): DSP_OK, or DSP_EINVAL
	 * with the reason (dsp_last_error) and nothing changed. */
	int		(*set)(struct app *, const char *text);
	/* The values Left/Right cycle through (NULL past the last); NULL:
	 * typed only. */
	const char	*(*choice)(int i);
};
extern const struct app_pref app_prefs[APP_PREFS];

/* What the settings file holds (settings.c). */
#define APP_LINE_MAX	((int)sizeof ((struct view_line *)0)->edit_buf)
struct app_settings {
	int		 loaded;
	int		 dropped;	/* read, but a learned family's model did
					   not open: the family fell back */
	dsp_viewstate	 view;
	double		*logits;	/* a file family's, if a hand-made file has one */
	char		*display[APP_PREFS];	/* "display" members as read, or NULL */
	char		*history[EDIT_HIST_MAX];
	size_t		 nhistory;
};

struct app {
	struct view_state	*st;		/* what every panel reads: the view,
						   its summary, the jobs */
	/* The panels' own states (each panel's own points to its). */
	struct view_hist	 weights;	/* the Weights panel's histogram */
	struct view_curve	*curve;		/* the curves (large: on the heap) */
	struct view_map		 map;		/* the map at the screen's cells over
						   vs.map's ranges; the cursor is
						   vs's, a cell of the figure */
	struct view_map		 mapfig;	/* the map figure (vs.map's cells),
						   map's source */
	struct view_line	 line;		/* the status line's */
	struct view_tour	 tour;		/* the tour box's */
	struct view_refit	 refit;		/* the refit box's */
	struct view_prefs	 prefs;		/* the settings screen's */
	struct view_heads	*heads;		/* the heads panel's (on the heap) */
	int			 help_open;	/* the help overlay is shown */
	struct compute_cache	*cc;
	struct worker		*wk;		/* curve and map off the draw path */
	struct worker		*sw;		/* summary, weights and histogram of
						   large explicit inputs, likewise */
	struct view_panel	 pn[VIEW_PANELS];
	struct view_panel	 status, help;
	struct view_panel	 tourbox, refitbox;
	struct view_panel	 headspn;	/* heads of an --input array */
	struct dsp_rowset	*rows;		/* that array (the options own it) */
	uint64_t		 head_loaded;	/* its row in params.logits */
	struct teach		*teach;		/* tour and refit (key t, R) */
	int			 plot;		/* plot panel kept on screen */
	int			 plot_first;	/* first of the plots shown */
	int			 nplots;	/* how many plots fit */
	int			 small;
	int			 mouse;
	int			 ascii;
	int			 present;	/* --present */
	int			 resume;	/* --resume: the settings' parameters */
	int			 color;
	const char		*snapdir;	/* NULL: ./disperse-snapshots */
	char			*snapdir_own;	/* snapdir when set from the settings */
	int			 pref_src[APP_PREFS];	/* APP_PREF_*: where each display */
	char			 pref_base[APP_PREFS][256];	/* choice's value came from */
	struct view_panel	 setbox;	/* the settings screen (F2, O) */
	const char		*load;
	int			 theme;		/* --theme, or -1 */
	int			 no_config;	/* --no-config: settings neither read nor written */
	int			 settings_keep;	/* the settings file was not (fully) read:
						   kept as settings.json.bad before the
						   write on quit */
	double			*load_logits;
	struct play		 play;
	dsp_params		 tour_saved;	/* parameters before the tour opened */
	size_t			 tour_saved_npins;	/* and the view's pins */
	dsp_params		 tour_saved_pins[DSP_VIEW_PINS_MAX];
	struct edit_history	 hist;		/* `:` and `=` lines */
	int			 quit;
};

/* term.c */
extern volatile sig_atomic_t term_signal;	/* the signal that ends the loop */
int	 term_start(struct app *a);
void	 term_restore(void);
/* refresh(), marked as under way for the fault handler. */
void	 term_refresh(void);
int	 term_gone(void);
char	*term_screen_text(void);
struct dsp_screen;
struct dsp_screen *term_screen_cells(void);

/* layout.c */
void	 app_layout(struct app *a);
int	 app_is_plot(int id);
void	 app_focus(struct app *a, int id);
void	 app_show_plot(struct app *a, int id);
void	 app_make_win(struct view_panel *p);
void	 app_draw_small(void);
void	 app_draw_header(struct app *a);
void	 app_draw_box(struct view_panel *p, const struct view_state *st, int y, int x,
	    int h, int w);

/* actions.c */
void	 app_say(struct app *a, int err, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
double	 app_tidy(double v);
void	 app_cycle_family(struct app *a, int dir);
void	 app_set_n(struct app *a, double n);
void	 app_adjust(struct app *a, int row, int dir, int coarse);
void	 app_map_move(struct app *a, int dr, int dc);
void	 app_map_jump(struct app *a);
void	 app_reset_view(struct app *a);
void	 app_defaults(struct app *a);
void	 app_snapshot(struct app *a);
void	 app_snapshot_screen(struct app *a);
void	 app_tour_go(struct app *a, size_t k);
void	 app_tour_close(struct app *a);	/* restores the parameters */
void	 app_refit_open(struct app *a);

/* heads.c */
void	 app_heads_open(struct app *a, struct dsp_rowset *rows, uint64_t loaded);
void	 app_heads_sync(struct app *a);
void	 app_heads_step(struct app *a, int dir);
void	 app_heads_sort(struct app *a);
void	 app_heads_draw(struct app *a);

/* editor.c */
void	 edit_start(struct app *a, int colon);
void	 edit_key(struct app *a, int ch);
void	 edit_history_add(struct app *a, const char *line);
void	 edit_history_free(struct app *a);

/* settings.c */
int	 settings_dir(char *buf, size_t size);
/* 1 read (s->dropped: with msg), 0 no file, -1 failed (msg). */
int	 settings_load(struct app_settings *s, char *msg, size_t size);
int	 settings_save(const struct app *a);
void	 settings_free(struct app_settings *s);

/* prefs.c */
int	 app_pref_find(const char *name);	/* -1 if none */
int	 app_pref_cycle(struct app *a, int i, int dir);
/* Record choice i's current value as coming from src (APP_PREF_*). */
void	 app_pref_mark(struct app *a, int i, int src);
/* The same for every choice whose value is no longer the one recorded,
 * and those held[i] names (held may be NULL); returns how many changed,
 * their names in names ("theme, weights"; names may be NULL). */
int	 app_pref_mark_changed(struct app *a, int src, char *const *held,
	    char *names, size_t size);
/* "default", "settings file", "command line", "--load", or "changed". */
const char *app_pref_source(const struct app *a, int i);
void	 app_pref_defaults(struct app *a);
char	*app_pref_names(char *buf, size_t size);
unsigned app_compare_default_mask(void);
/* The settings screen's rows (a->prefs, its own state) from the table. */
void	 app_prefs_sync(struct app *a);
void	 app_prefs_key(struct app *a, int ch);
void	 app_pref_type(struct app *a, int i, const char *text);

/* play.c */
void	 play_init(struct app *a);
const char *play_name(int var);
int	 play_find(const char *name);	/* PLAY_* by parameter name, -1 if none */
void	 play_start(struct app *a, int var);
void	 play_cycle(struct app *a);	/* off -> n -> theta -> delta -> off */
void	 play_pause(struct app *a);
void	 play_step(struct app *a, int dir);
void	 play_speed(struct app *a, int dir);
/* Milliseconds the event loop may wait (at most wait) before play_tick. */
int	 play_timeout(const struct app *a, int wait);
/* Advance one frame when due and the last frame's figures are in; 1 if
 * the view changed. */
int	 play_tick(struct app *a);
void	 play_label(const struct app *a, char *buf, size_t size);

/* mouse.c */
void	 app_mouse(struct app *a);

/* keys.c */
extern const struct view_key keys_table[];
extern const size_t keys_count;
void	 keys_dispatch(struct app *a, int ch);

/* options.c: the TUI's own options, from one table. */
struct dsp_opts;
struct option;
const struct dsp_opt_row *app_options_rows(void);
/* The dsp_opts_spec callback that sets what an option of the table says. */
int	 app_option(struct dsp_opts *o, int code, const char *arg, void *ctx);
/* The names an option takes (--theme's), or NULL. */
const char *app_option_values(int code);

#endif
