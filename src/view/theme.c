/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Colour themes and every colour pair of the TUI, in one place: the pairs'
 * numbers, what each theme puts in them, the viridis ramp of the map in the
 * terminal's capability (truecolour, xterm-256, 16 or 8 colours) and the
 * attributes the widgets draw with.  Themes: the default; high contrast
 * (bright colours, bold, black on white title); colour-blind safe (the
 * Okabe-Ito palette, Okabe and Ito 2008, on 256-colour and truecolour
 * terminals; hues apart in brightness otherwise).  The map keeps viridis
 * in every theme: it is perceptually uniform and colour-blind safe.
 * Without colour (--no-color, NO_COLOR, a monochrome terminal) the widgets
 * use bold, reverse and dim only, whatever the theme. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "export/viridis.h"
#include "view/view.h"

enum {
	PAIR_TITLE = 1,
	PAIR_FOCUS,
	PAIR_BAND,
	PAIR_MARKER,
	PAIR_ERROR,
	PAIR_SERIES,		/* 6 .. 6 + SERIES_COLORS - 1 */
	PAIR_HEAT = 32,		/* 32 .. 32 + HEAT_MAX - 1 */
	PAIR_HALF = 64		/* 64 + i * (levels + 1) + j: heat i over heat j
				 * ('▀'), j = levels: over the background */
};
#define SERIES_COLORS	VIEW_SERIES_STYLES
#define HEAT_MAX	32

/* Each heat level's colour, for the half-block pairs; whether they exist. */
static int heat_color[HEAT_MAX];
static int half_ok;

/* A theme colour: an sRGB value for terminals with 256 colours or more
 * (-1: none), and the basic colour otherwise (8 + c: bright, where the
 * terminal has 16). */
struct tcolor {
	long	rgb;
	short	basic;
};
#define BASIC(c)	{ -1, (c) }
#define BRIGHT(c)	{ -1, (c) + 8 }
#define RGB(v, c)	{ (v), (c) }

struct theme {
	const char	*name;
	const char	*help;
	struct tcolor	 title_fg, title_bg, focus, band, marker, error;
	struct tcolor	 series[SERIES_COLORS];
	attr_t		 bold;		/* added to every coloured attribute */
};

/* Okabe-Ito: orange, sky blue, bluish green, yellow, blue, vermillion,
 * reddish purple (and black, not used on a terminal's dark background). */
#define OI_ORANGE	0xE69F00
#define OI_SKYBLUE	0x56B4E9
#define OI_GREEN	0x009E73
#define OI_YELLOW	0xF0E442
#define OI_BLUE		0x0072B2
#define OI_VERMILLION	0xD55E00
#define OI_PURPLE	0xCC79A7

/* The band and the critical-n marker have colours no series has (in
 * 256 colours and truecolour; with 8 or 16, none of the first five): a
 * compare overlay never reads as the band (it did: series 2 was the
 * band's yellow, series 3 the marker's magenta).  Series 0 and 1 (the
 * main curve, the weight bars; the histogram's second) keep their hue. */
static const struct theme themes[VIEW_THEME_COUNT] = {
	{ "default", "green, cyan, yellow on the terminal's background",
	  BASIC(COLOR_WHITE), BASIC(COLOR_BLUE), BASIC(COLOR_CYAN), BASIC(COLOR_YELLOW),
	  BASIC(COLOR_MAGENTA), BASIC(COLOR_RED),
	  { BASIC(COLOR_GREEN), BASIC(COLOR_CYAN), BASIC(COLOR_RED),
	    BASIC(COLOR_WHITE), RGB(0x0087FF, COLOR_BLUE), RGB(0xFF8700, COLOR_RED),
	    RGB(0xAF87FF, COLOR_BLUE), RGB(0xD7AF87, COLOR_WHITE),
	    RGB(0x87D787, COLOR_GREEN), RGB(0x5FD7FF, COLOR_CYAN) }, 0 },
	{ "high-contrast", "bright colours in bold, black on white title",
	  BASIC(COLOR_BLACK), BRIGHT(COLOR_WHITE), BRIGHT(COLOR_WHITE),
	  BRIGHT(COLOR_YELLOW), BRIGHT(COLOR_MAGENTA), BRIGHT(COLOR_RED),
	  { BRIGHT(COLOR_WHITE), BRIGHT(COLOR_CYAN), BRIGHT(COLOR_GREEN),
	    BRIGHT(COLOR_RED), BRIGHT(COLOR_BLUE), BASIC(COLOR_CYAN),
	    BASIC(COLOR_GREEN), BASIC(COLOR_RED), BASIC(COLOR_BLUE),
	    BASIC(COLOR_WHITE) }, A_BOLD },
	{ "colorblind", "colour-blind safe: the Okabe-Ito palette",
	  RGB(0xFFFFFF, COLOR_WHITE), RGB(OI_BLUE, COLOR_BLUE), RGB(OI_SKYBLUE, COLOR_CYAN),
	  RGB(OI_YELLOW, COLOR_YELLOW + 8), RGB(OI_PURPLE, COLOR_MAGENTA),
	  RGB(OI_VERMILLION, COLOR_RED),
	  { RGB(OI_ORANGE, COLOR_YELLOW), RGB(OI_SKYBLUE, COLOR_CYAN),
	    RGB(OI_GREEN, COLOR_GREEN), RGB(OI_VERMILLION, COLOR_RED),
	    RGB(OI_BLUE, COLOR_BLUE), RGB(0xFFFFFF, COLOR_WHITE),
	    RGB(0x999999, COLOR_WHITE), RGB(0x88CCEE, COLOR_CYAN),
	    RGB(0x44AA99, COLOR_GREEN), RGB(0x117733, COLOR_GREEN) }, 0 },
};

static int theme_now;

const char *
view_theme_name(int t)
{
	return t >= 0 && t < VIEW_THEME_COUNT ? themes[t].name : NULL;
}

const char *
view_theme_help(int t)
{
	return t >= 0 && t < VIEW_THEME_COUNT ? themes[t].help : NULL;
}

int
view_theme_find(const char *name)
{
	int t;

	for (t = 0; name != NULL && t < VIEW_THEME_COUNT; t++)
		if (strcasecmp(name, themes[t].name) == 0)
			return t;
	return -1;
}

const char *
view_theme_names(void)
{
	static char buf[128];
	size_t len = 0;
	int t;

	if (buf[0] == '\0')
		for (t = 0; t < VIEW_THEME_COUNT && len < sizeof buf; t++)
			len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s",
			    t ? " " : "", themes[t].name);
	return buf;
}

int
view_theme(void)
{
	return theme_now;
}

/* Nearest colour of the xterm 256 palette (cube 16..231, greys 232..255). */
static int
xterm256(const int rgb[3])
{
	static const int level[6] = { 0, 95, 135, 175, 215, 255 };
	int best = 16, bestd = 1 << 30, i, r, g, b, d, v;

	for (r = 0; r < 6; r++)
		for (g = 0; g < 6; g++)
			for (b = 0; b < 6; b++) {
				d = (level[r] - rgb[0]) * (level[r] - rgb[0]) +
				    (level[g] - rgb[1]) * (level[g] - rgb[1]) +
				    (level[b] - rgb[2]) * (level[b] - rgb[2]);
				if (d < bestd) {
					bestd = d;
					best = 16 + 36 * r + 6 * g + b;
				}
			}
	for (i = 0; i < 24; i++) {
		v = 8 + 10 * i;
		d = (v - rgb[0]) * (v - rgb[0]) + (v - rgb[1]) * (v - rgb[1]) +
		    (v - rgb[2]) * (v - rgb[2]);
		if (d < bestd) {
			bestd = d;
			best = 232 + i;
		}
	}
	return best;
}

/* The terminal colour of a theme colour. */
static int
term_color(struct tcolor c)
{
	int rgb[3];

	if (c.rgb >= 0 && COLORS >= 0x1000000)
		return (int)c.rgb;
	if (c.rgb >= 0 && COLORS >= 256) {
		rgb[0] = (int)(c.rgb >> 16) & 0xFF;
		rgb[1] = (int)(c.rgb >> 8) & 0xFF;
		rgb[2] = (int)c.rgb & 0xFF;
		return xterm256(rgb);
	}
	return c.basic >= 8 && COLORS < 16 ? c.basic - 8 : c.basic;
}

static void
pair(int p, struct tcolor fg, int bg)
{
	init_extended_pair(p, term_color(fg), bg);
}

static int
truecolor_env(void)
{
	const char *ct = getenv("COLORTERM");

	return ct != NULL && (strcmp(ct, "truecolor") == 0 || strcmp(ct, "24bit") == 0);
}

/* Half-block map cells: '▀' in the upper cell's colour over the lower
 * one's, a pair for every two levels (when the terminal has the pairs). */
static void
init_half(void)
{
	int i, j, l = view_style.heat_levels;

	half_ok = 0;
	if (!view_style.utf8 || COLOR_PAIRS < PAIR_HALF + l * l + l)
		return;
	for (i = 0; i < l; i++)
		for (j = 0; j <= l; j++)	/* j = l: over the background */
			if (init_extended_pair(PAIR_HALF + i * (l + 1) + j, heat_color[i],
			    j < l ? heat_color[j] : -1) == ERR)
				return;
	half_ok = 1;
}

static void
init_heat(void)
{
	static const short ramp16[8] = {
		COLOR_BLUE, COLOR_BLUE + 8, COLOR_CYAN, COLOR_CYAN + 8,
		COLOR_GREEN, COLOR_GREEN + 8, COLOR_YELLOW, COLOR_YELLOW + 8
	};
	static const short ramp8[4] = { COLOR_BLUE, COLOR_CYAN, COLOR_GREEN, COLOR_YELLOW };
	unsigned char c[3];
	int i, rgb[3], fg, base;

	if (COLORS >= 256 && COLOR_PAIRS >= PAIR_HEAT + HEAT_MAX) {
		view_style.heat_levels = HEAT_MAX;
		view_style.palette = PAL_256;
		base = COLORS - HEAT_MAX;
		if (COLORS >= 0x1000000 || (truecolor_env() && can_change_color()))
			view_style.palette = PAL_TRUE;
		for (i = 0; i < HEAT_MAX; i++) {
			dsp_viridis((double)i / (HEAT_MAX - 1), c);
			rgb[0] = c[0];
			rgb[1] = c[1];
			rgb[2] = c[2];
			fg = i < HEAT_MAX * 2 / 3 ? COLOR_WHITE : COLOR_BLACK;
			if (view_style.palette == PAL_TRUE && COLORS >= 0x1000000)
				heat_color[i] = (rgb[0] << 16) | (rgb[1] << 8) | rgb[2];
			else if (view_style.palette == PAL_TRUE) {
				init_extended_color(base + i, rgb[0] * 1000 / 255,
				    rgb[1] * 1000 / 255, rgb[2] * 1000 / 255);
				heat_color[i] = base + i;
			} else
				heat_color[i] = xterm256(rgb);
			init_extended_pair(PAIR_HEAT + i, fg, heat_color[i]);
		}
		init_half();
		return;
	}
	view_style.palette = PAL_16;
	if (COLORS >= 16) {
		view_style.heat_levels = 8;
		for (i = 0; i < 8; i++)
			init_pair(PAIR_HEAT + i, COLOR_BLACK, heat_color[i] = ramp16[i]);
	} else {
		view_style.heat_levels = 4;
		for (i = 0; i < 4; i++)
			init_pair(PAIR_HEAT + i, COLOR_BLACK, heat_color[i] = ramp8[i]);
	}
	init_half();
}

/* The pairs of the current theme; the heat ramp once colours start. */
static void
init_pairs(void)
{
	const struct theme *t = &themes[theme_now];
	int i;

	pair(PAIR_TITLE, t->title_fg, term_color(t->title_bg));
	pair(PAIR_FOCUS, t->focus, -1);
	pair(PAIR_BAND, t->band, -1);
	pair(PAIR_MARKER, t->marker, -1);
	pair(PAIR_ERROR, t->error, -1);
	for (i = 0; i < SERIES_COLORS; i++)
		pair(PAIR_SERIES + i, t->series[i], -1);
}

void
view_theme_set(int t)
{
	if (t < 0 || t >= VIEW_THEME_COUNT)
		t = VIEW_THEME_DEFAULT;
	theme_now = t;
	if (view_style.color)
		init_pairs();
}

int
view_colors_start(void)
{
	if (!has_colors() || start_color() == ERR || COLORS < 8)
		return 0;
	use_default_colors();
	view_style.color = 1;
	init_pairs();
	init_heat();
	return 1;
}

/* ---- attributes the widgets draw with ---- */

static attr_t
colored(int p, attr_t a)
{
	return COLOR_PAIR(p) | a | themes[theme_now].bold;
}

attr_t
view_attr_focus(void)
{
	return A_BOLD | (view_style.color ? COLOR_PAIR(PAIR_FOCUS) : 0);
}

attr_t
view_attr_title(void)
{
	return view_style.color ? colored(PAIR_TITLE, A_BOLD) : A_REVERSE;
}

attr_t
view_attr_series(int i)
{
	if (!view_style.color)
		return i == 0 ? A_BOLD : 0;
	return colored(PAIR_SERIES + (i % SERIES_COLORS), i == 0 ? A_BOLD : 0);
}

attr_t
view_attr_band(void)
{
	return view_style.color ? colored(PAIR_BAND, 0) : A_DIM;
}

attr_t
view_attr_marker(void)
{
	return view_style.color ? colored(PAIR_MARKER, A_BOLD) : A_BOLD;
}

attr_t
view_attr_error(void)
{
	return view_style.color ? colored(PAIR_ERROR, A_BOLD) : A_BOLD;
}

attr_t
view_attr_dim(void)
{
	/* High contrast: dim text is hard to read; plain instead. */
	return view_style.color && themes[theme_now].bold ? 0 : A_DIM;
}

static int
heat_index(double t)
{
	int i;

	if (!(t >= 0))
		t = 0;
	if (t > 1)
		t = 1;
	i = (int)(t * view_style.heat_levels);
	return i >= view_style.heat_levels ? view_style.heat_levels - 1 : i;
}

int
view_heat_pair(double t)
{
	if (view_style.palette == PAL_MONO)
		return 0;
	return PAIR_HEAT + heat_index(t);
}

/* A map cell drawn by colour alone (a blank, or '▀' upper over lower) in
 * a heat pair: the character of its level on the ASCII ramp of the mono
 * map (view_heat_char), so the screen's text (the snapshot's .txt) shows
 * the map; a '▀' shows the mean of its two levels.  0 for any other pair. */
char
view_heat_text(int pair)
{
	int l = view_style.heat_levels, i, j;

	if (view_style.palette == PAL_MONO || l < 1)
		return 0;
	if (pair >= PAIR_HEAT && pair < PAIR_HEAT + l)
		return view_heat_char((pair - PAIR_HEAT + 0.5) / l);
	if (half_ok && pair >= PAIR_HALF && pair < PAIR_HALF + l * (l + 1)) {
		i = (pair - PAIR_HALF) / (l + 1);
		j = (pair - PAIR_HALF) % (l + 1);
		return view_heat_char(j == l ? (i + 0.5) / l : (i + j + 1.0) / (2.0 * l));
	}
	return 0;
}

int
view_heat_half(void)
{
	return half_ok && view_style.palette != PAL_MONO;
}

int
view_heat_pair2(double top, double bottom)
{
	return PAIR_HALF + heat_index(top) * (view_style.heat_levels + 1) +
	    (isinf(bottom) ? view_style.heat_levels : heat_index(bottom));
}
