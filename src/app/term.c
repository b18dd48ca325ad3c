/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The terminal: curses set-up and restore, the signals that end the TUI
 * through its event loop, a hung-up terminal, and the screen as text and
 * as cells with colours. */
#include "config.h"

#include <fcntl.h>
#include <langinfo.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include <wchar.h>

#include "core/alloc.h"
#include "app/app_int.h"
#include "export/screen_svg.h"
#include "view/view.h"

volatile sig_atomic_t term_signal;
static int curses_on;

/* The signals that end the process where they strike (a fault cannot wait
 * for the event loop: the read would fault again), each with the handler
 * that was there before (main's SIGBUS message, ASan's reports). */
static const int fatal_sigs[] = { SIGBUS, SIGSEGV, SIGABRT, SIGFPE, SIGILL };
static struct sigaction fatal_prev[sizeof fatal_sigs / sizeof fatal_sigs[0]];
static struct termios tty_orig;		/* the modes before curses */
static volatile sig_atomic_t tty_orig_ok;
/* The terminal (a duplicate of stdout) and /dev/null, opened before curses:
 * a fault in a worker points stdout at /dev/null before it resets the
 * terminal through the duplicate, so a frame the main thread is still
 * writing cannot land over the reset or wipe the line that says why (a
 * load-dependent "one line says why" failure in test-signals.sh). */
static int fatal_tty = -1, fatal_null = -1;
/* Set while the main thread hands a frame to the terminal (term_refresh):
 * the fault handler lets that write finish into /dev/null first. */
static volatile sig_atomic_t term_drawing;

static void
on_signal(int sig)
{
	term_signal = sig;
}

/* A hung-up terminal makes getch() fail at once, forever: without this
 * check a TUI whose SIGHUP is blocked or lost spins on a dead pty. */
int
term_gone(void)
{
	struct pollfd p = { STDIN_FILENO, POLLIN, 0 };

	return poll(&p, 1, 0) > 0 && (p.revents & (POLLHUP | POLLERR | POLLNVAL));
}

void
term_restore(void)
{
	if (curses_on && !isendwin()) {
		endwin();
		curses_on = 0;
	}
}

static int
utf8_locale(void)
{
	const char *cs = nl_langinfo(CODESET);

	return cs != NULL && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0);
}

/* Home and End as tmux, screen, rxvt and xterm's normal mode send them,
 * whatever TERM says: tmux under TERM=xterm-256color sends ESC [ 1 ~ for
 * Home, not xterm's ESC O H, and an unknown sequence reads as Esc, which
 * would cancel the line editor. */
static void
define_extra_keys(void)
{
	static const struct {
		const char	*seq;
		int		 key;
	} extra[] = {
		{ "\033[1~", KEY_HOME }, { "\033[4~", KEY_END },
		{ "\033[7~", KEY_HOME }, { "\033[8~", KEY_END },
		{ "\033[H", KEY_HOME }, { "\033[F", KEY_END },
		{ "\033OH", KEY_HOME }, { "\033OF", KEY_END },
	};
	size_t i;

	for (i = 0; i < sizeof extra / sizeof extra[0]; i++)
		if (key_defined(extra[i].seq) == 0)
			define_key(extra[i].seq, extra[i].key);
}

/* A fatal signal restores the terminal by hand, with async-signal-safe
 * calls only: endwin() from a worker's fault raced the main thread, whose
 * next refresh saw isendwin() and put the raw modes back before the process
 * died (a load-dependent "terminal left raw" in test-signals.sh).  Curses
 * never learns of this, so no thread re-enters curses mode behind it; its
 * frames go to /dev/null from here (one that drew on the restored screen
 * left the cursor mid-row, and the line saying why wrapped: the same test,
 * once in about ten runs with both cores busy). */
static void
on_fatal(int sig, siginfo_t *info, void *ctx)
{
	/* CAN first: it ends an escape sequence the frame left half written. */
	static const char reset[] =
	    "\030\033[?1000l\033[?1002l\033[?1006l\033[0m\033[?25h\033[?1049l\r\n";
	static const struct timespec tick = { 0, 2000000 };
	size_t i;
	int out = STDOUT_FILENO, k;

	if (curses_on && tty_orig_ok) {
		if (fatal_tty >= 0 && fatal_null >= 0 &&
		    dup2(fatal_null, STDOUT_FILENO) == STDOUT_FILENO) {
			out = fatal_tty;
			/* A write already in the kernel (blocked on a full pty
			 * while the terminal is slow to read) still lands:
			 * up to half a second for the frame to end. */
			for (k = 0; k < 250 && term_drawing; k++)
				(void)nanosleep(&tick, NULL);
		}
		if (write(out, reset, sizeof reset - 1) < 0) {
			/* Nothing to do: the modes below matter more. */
		}
		(void)tcsetattr(STDIN_FILENO, TCSANOW, &tty_orig);
	}
	for (i = 0; i < sizeof fatal_sigs / sizeof fatal_sigs[0]; i++) {
		const struct sigaction *p = &fatal_prev[i];

		if (fatal_sigs[i] != sig)
			continue;
		if ((p->sa_flags & SA_SIGINFO) && p->sa_sigaction != NULL)
			p->sa_sigaction(sig, info, ctx);
		else if (p->sa_handler != SIG_DFL && p->sa_handler != SIG_IGN &&
		    p->sa_handler != NULL)
			p->sa_handler(sig);
	}
	(void)signal(sig, SIG_DFL);
	(void)raise(sig);
}

void
term_refresh(void)
{
	term_drawing = 1;
	refresh();
	term_drawing = 0;
}

int
term_start(struct app *a)
{
	/* Every signal whose default ends the process leaves through the event
	 * loop, which restores the terminal (Ctrl-\\, kill -USR1, an alarm, a
	 * closed pipe left the alternate screen, mouse mode and a hidden
	 * cursor: issue 16).  SIGXFSZ is ignored in main. */
	static const int term_sigs[] = {
		SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM,
		SIGPIPE, SIGVTALRM, SIGPROF, SIGXCPU
	};
	const char *nc = getenv("NO_COLOR");
	struct sigaction sa;
	size_t i;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	/* No SA_RESTART: a signal ends the wait for a key at once. */
	for (i = 0; i < sizeof term_sigs / sizeof term_sigs[0]; i++)
		sigaction(term_sigs[i], &sa, NULL);
	if (tcgetattr(STDIN_FILENO, &tty_orig) == 0)
		tty_orig_ok = 1;
	if (fatal_tty < 0)
		fatal_tty = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
	if (fatal_null < 0)
		fatal_null = open("/dev/null", O_WRONLY | O_CLOEXEC);
	sa.sa_sigaction = on_fatal;
	sa.sa_flags = SA_SIGINFO;
	for (i = 0; i < sizeof fatal_sigs / sizeof fatal_sigs[0]; i++)
		sigaction(fatal_sigs[i], &sa, &fatal_prev[i]);
	if (getenv("ESCDELAY") == NULL)
		set_escdelay(25);
	/* Unicode line drawing in UTF-8 locales, whatever the terminfo acsc
	 * says (tmux and xterm-256color otherwise get VT100 line codes). */
	if (!a->ascii && utf8_locale())
		setenv("NCURSES_NO_UTF8_ACS", "1", 0);
	/* newterm, not initscr: an unknown TERM is an error line, not exit(). */
	if (newterm(NULL, stdout, stdin) == NULL) {
		fprintf(stderr, "disperse: cannot use terminal type '%s'\n",
		    getenv("TERM") != NULL ? getenv("TERM") : "");
		return -1;
	}
	curses_on = 1;
	atexit(term_restore);
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	define_extra_keys();
	curs_set(0);
	timeout(200);
	if (nc != NULL && *nc != '\0')
		a->color = 0;
	view_style_init(!a->ascii && utf8_locale(), a->color);
	if (a->mouse) {
		mousemask(BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED | BUTTON4_PRESSED |
		    BUTTON5_PRESSED, NULL);
		mouseinterval(0);
	}
	return 0;
}

/* Line-drawing cells are stored as VT100 ACS letters; write them as the
 * glyphs the terminal shows. */
static const char *
acs_text(wchar_t c)
{
	static const char *from = "qxlkmjtuwvn";
	static const char *utf8[] = {
		"─", "│", "┌", "┐", "└", "┘", "├", "┤", "┬", "┴", "┼"
	};
	static const char *ascii[] = { "-", "|", "+", "+", "+", "+", "+", "+", "+", "+", "+" };
	const char *p;

	if (c > 127 || c == 0 || (p = strchr(from, (int)c)) == NULL)
		return NULL;
	return view_style.utf8 ? utf8[p - from] : ascii[p - from];
}

/* Plain text of the screen as it is now, for the snapshot's .txt. */
char *
term_screen_text(void)
{
	size_t cap = (size_t)LINES * ((size_t)COLS * 4 + 2) + 1, len = 0, end, m;
	char *out = dsp_malloc(cap), mb[MB_LEN_MAX + 1];
	wchar_t wc[CCHARW_MAX + 1];
	const char *g;
	cchar_t cell;
	attr_t at;
	short pair;
	int y, x, ext;
	char h;

	if (out == NULL)
		return NULL;
	for (y = 0; y < LINES; y++) {
		end = len;
		for (x = 0; x < COLS && len + MB_LEN_MAX + 2 < cap; x++) {
			ext = 0;
			if (mvwin_wch(stdscr, y, x, &cell) == ERR ||
			    getcchar(&cell, wc, &at, &pair, &ext) == ERR || wc[0] == L'\0') {
				out[len++] = ' ';
				continue;
			}
			/* A map cell is colour only: its level's ramp
			 * character instead of the blank or '▀'. */
			if ((wc[0] == L' ' || wc[0] == (wchar_t)0x2580) &&
			    (h = view_heat_text(ext > 0 ? ext : pair)) != 0) {
				m = 1;
				out[len] = h;
			} else if ((at & A_ALTCHARSET) && (g = acs_text(wc[0])) != NULL) {
				m = strlen(g);
				memcpy(out + len, g, m);
			} else if ((m = wcrtomb(mb, wc[0], NULL)) != (size_t)-1)
				memcpy(out + len, mb, m);
			else {
				m = 1;
				out[len] = '?';
			}
			len += m;
			if (out[len - 1] != ' ')
				end = len;
		}
		len = end;	/* no trailing blanks */
		out[len++] = '\n';
	}
	out[len] = '\0';
	return out;
}

/* One colour index as 0xRRGGBB: the 16 system colours and the xterm
 * 256-colour defaults, the colours the TUI set itself (viridis on a
 * terminal that can change colours) as curses keeps them, direct RGB on
 * a direct-colour terminal; -1 (the terminal's default) as given. */
static uint32_t
color_rgb(int idx, uint32_t dflt)
{
	int r, g, b;

	if (idx < 0)
		return dflt;
	if (COLORS >= 0x1000000 && idx >= 16)
		return (uint32_t)idx & 0xffffffu;
	/* Only the TUI's own truecolour viridis redefines colours; curses's
	 * table for the others is not what the terminal shows. */
	if (idx >= 16 && view_style.palette == PAL_TRUE && can_change_color() &&
	    extended_color_content(idx, &r, &g, &b) == OK && (r | g | b) != 0)
		return (uint32_t)((r * 255 + 500) / 1000) << 16 |
		    (uint32_t)((g * 255 + 500) / 1000) << 8 | (uint32_t)((b * 255 + 500) / 1000);
	return dsp_xterm_rgb(idx);
}

/* The screen as it is now with its colours, for the screen figure (S). */
dsp_screen *
term_screen_cells(void)
{
	dsp_screen *scr = dsp_screen_alloc(LINES, COLS);
	wchar_t wc[CCHARW_MAX + 1];
	dsp_cell *c;
	const char *g;
	cchar_t cell;
	attr_t at;
	short pair;
	int y, x, fg, bg, ext;
	uint32_t t;
	size_t m;
	char mb[MB_LEN_MAX + 1];

	if (scr == NULL)
		return NULL;
	for (y = 0; y < LINES; y++)
		for (x = 0; x < COLS; x++) {
			c = &scr->cell[y * COLS + x];
			if (mvwin_wch(stdscr, y, x, &cell) == ERR ||
			    getcchar(&cell, wc, &at, &pair, &ext) == ERR)
				continue;
			fg = bg = -1;
			if (has_colors() && ext > 0)
				extended_pair_content(ext, &fg, &bg);
			else if (has_colors() && pair > 0)
				extended_pair_content(pair, &fg, &bg);
			c->fg = color_rgb(fg, DSP_SCREEN_FG);
			c->bg = color_rgb(bg, DSP_SCREEN_BG);
			if (at & A_REVERSE) {
				t = c->fg;
				c->fg = c->bg;
				c->bg = t;
			}
			if (at & A_DIM)	/* half way to the background */
				c->fg = ((c->fg >> 1) & 0x7f7f7fu) + ((c->bg >> 1) & 0x7f7f7fu);
			c->bold = (at & A_BOLD) != 0;
			c->underline = (at & A_UNDERLINE) != 0;
			if (wc[0] == L'\0' || wc[0] == L' ')
				continue;
			if ((at & A_ALTCHARSET) && (g = acs_text(wc[0])) != NULL)
				snprintf(c->glyph, sizeof c->glyph, "%s", g);
			else if ((m = wcrtomb(mb, wc[0], NULL)) != (size_t)-1 &&
			    m < sizeof c->glyph) {
				memcpy(c->glyph, mb, m);
				c->glyph[m] = '\0';
			}
		}
	return scr;
}
