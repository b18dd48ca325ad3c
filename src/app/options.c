/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The TUI's own options (`disperse [options]`, no command), tmux
 * options-table style: one row an option (struct dsp_opt_row, as every
 * command's) drives the getopt table, the help both `disperse --help` and
 * the TUI's print, and what the option sets.  The common options
 * (parameters, --input, ...) are cli/opts.c's. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "app/app.h"
#include "app/app_int.h"
#include "cli/opts.h"
#include "view/view.h"

enum {
	OPT_NO_COLOR = DSP_OPT_USER,
	OPT_ASCII,
	OPT_NO_MOUSE,
	OPT_LOAD,
	OPT_SNAPSHOT_DIR,
	OPT_NO_CONFIG,
	OPT_THEME,
	OPT_PRESENT,
	OPT_RESUME
};

/* The rows (cli/opts.h): the parser builds getopt's table, --help and
 * --list-options from them; --theme's text names the themes
 * (app_options_rows fills it in). */
static struct dsp_opt_row options[] = {
	{ "no-color", 0, NULL, OPT_NO_COLOR, "no colours (also NO_COLOR in the environment)" },
	{ "no-colour", 0, NULL, OPT_NO_COLOR, NULL },	/* an alias, not listed */
	{ "ascii", 0, NULL, OPT_ASCII, "ASCII glyphs only" },
	{ "no-mouse", 0, NULL, OPT_NO_MOUSE, "do not capture the mouse" },
	{ "load", 0, "FILE", OPT_LOAD, "restore a view from a snapshot JSON" },
	{ "snapshot-dir", 0, "DIR", OPT_SNAPSHOT_DIR,
	  "where 's' writes snapshots (./disperse-snapshots)" },
	{ "theme", 0, "NAME", OPT_THEME, NULL },
	{ "no-config", 0, NULL, OPT_NO_CONFIG, "neither read nor write the settings file "
	  "($XDG_CONFIG_HOME/disperse/settings.json)" },
	{ "present", 0, NULL, OPT_PRESENT,
	  "presentation: larger plots, no text panels or timings" },
	{ "resume", 0, NULL, OPT_RESUME, "reopen the last view's parameters from the settings "
	  "(never with --input; without it only display choices)" },
	{ NULL, 0, NULL, 0, NULL }
};
const struct dsp_opt_row *
app_options_rows(void)
{
	static char theme[256];
	size_t i;

	if (theme[0] == '\0') {
		snprintf(theme, sizeof theme, "colours, one of: %s", view_theme_names());
		for (i = 0; options[i].name != NULL; i++)
			if (options[i].code == OPT_THEME)
				options[i].help = theme;
	}
	return options;
}

void
app_options_help(FILE *fp)
{
	dsp_opts_rows_help(fp, app_options_rows());
}

const char *
app_option_values(int code)
{
	return code == OPT_THEME ? view_theme_names() : NULL;
}

int
app_option(struct dsp_opts *o, int code, const char *arg, void *ctx)
{
	struct app *a = ctx;

	switch (code) {
	case OPT_NO_COLOR:
		a->color = 0;
		break;
	case OPT_ASCII:
		a->ascii = 1;
		break;
	case OPT_NO_MOUSE:
		a->mouse = 0;
		break;
	case OPT_LOAD:
		a->load = arg;
		break;
	case OPT_SNAPSHOT_DIR:
		a->snapdir = arg;
		break;
	case OPT_NO_CONFIG:
		a->no_config = 1;
		break;
	case OPT_THEME:
		if ((a->theme = view_theme_find(arg)) < 0)
			return dsp_opts_usage(o, "--theme: unknown theme '%s' (%s)", arg,
			    view_theme_names());
		break;
	case OPT_PRESENT:
		a->present = 1;
		break;
	case OPT_RESUME:
		a->resume = 1;
		break;
	}
	return 0;
}
