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
#define TUI_EXPLICIT_MAX	((uint64_t)1 << 18)
#define N_MAX		((uint64_t)1 << 62)

struct app {
	struct view_state	*st;
	struct compute_cache	*cc;
	struct worker		*wk;		/* curve and map off the draw path */
	struct view_panel	 pn[VIEW_PANELS];
	struct view_panel	 status, help;
	struct view_panel	 tourbox, refitbox;
	struct teach		*teach;		/* tour and refit (key t, R) */
	int			 plot;		/* plot panel kept on screen */
	int			 plot_first;	/* first of the plots shown */
	int			 nplots;	/* how many plots fit */
	int			 small;
	int			 mouse;
	int			 ascii;
	int			 present;	/* --present */
	int			 color;
	const char		*snapdir;
	const char		*load;
	double			*load_logits;
	int			 quit;
};

/* term.c */
extern volatile sig_atomic_t term_signal;	/* the signal that ends the loop */
int	 term_start(struct app *a);
void	 term_restore(void);
int	 term_gone(void);
char	*term_screen_text(void);

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
void	 app_snapshot(struct app *a);
void	 app_tour_go(struct app *a, size_t k);
void	 app_refit_open(struct app *a);

/* editor.c */
void	 edit_start(struct app *a, int colon);
void	 edit_key(struct app *a, int ch);

/* mouse.c */
void	 app_mouse(struct app *a);

/* keys.c */
extern const struct view_key keys_table[];
extern const size_t keys_count;
void	 keys_dispatch(struct app *a, int ch);

#endif
