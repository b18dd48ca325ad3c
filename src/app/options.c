/* The TUI's own options (`disperse [options]`, no command), tmux
 * options-table style: one row a option drives the getopt table, the
 * help both `disperse --help` and the TUI's print, and what the option
 * sets.  The common options (parameters, --input, ...) are cli/opts.c's. */
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

static const struct app_option {
	const char	*name;
	const char	*arg;		/* the argument's name, NULL for a flag */
	int		 code;
	const char	*help;		/* NULL: an alias, not listed */
	const char	*(*values)(void);	/* the names it takes, or NULL */
} options[] = {
	{ "no-color", NULL, OPT_NO_COLOR, "no colours (also NO_COLOR in the environment)", NULL },
	{ "no-colour", NULL, OPT_NO_COLOR, NULL, NULL },
	{ "ascii", NULL, OPT_ASCII, "ASCII glyphs only", NULL },
	{ "no-mouse", NULL, OPT_NO_MOUSE, "do not capture the mouse", NULL },
	{ "load", "FILE", OPT_LOAD, "restore a view from a snapshot JSON", NULL },
	{ "snapshot-dir", "DIR", OPT_SNAPSHOT_DIR,
	  "where 's' writes snapshots (./disperse-snapshots)", NULL },
	{ "theme", "NAME", OPT_THEME, "colours, one of:", view_theme_names },
	{ "no-config", NULL, OPT_NO_CONFIG,
	  "neither read nor write the settings file\n"
	  "($XDG_CONFIG_HOME/disperse/settings.json)", NULL },
	{ "present", NULL, OPT_PRESENT,
	  "presentation: larger plots, no text panels or timings", NULL },
	{ "resume", NULL, OPT_RESUME,
	  "reopen the last view's parameters from the settings\n"
	  "(never with --input; without it only display choices)", NULL },
};
#define NOPTIONS (sizeof options / sizeof options[0])

const struct option *
app_options_longopts(void)
{
	static struct option lo[NOPTIONS + 1];
	size_t i;

	for (i = 0; i < NOPTIONS; i++) {
		lo[i].name = options[i].name;
		lo[i].has_arg = options[i].arg != NULL ? required_argument : no_argument;
		lo[i].flag = NULL;
		lo[i].val = options[i].code;
	}
	return lo;
}

void
app_options_help(FILE *fp)
{
	const char *h, *nl;
	char lead[48];
	size_t i;

	for (i = 0; i < NOPTIONS; i++) {
		if ((h = options[i].help) == NULL)
			continue;
		snprintf(lead, sizeof lead, "--%s%s%s", options[i].name,
		    options[i].arg != NULL ? " " : "", options[i].arg != NULL ?
		    options[i].arg : "");
		nl = strchr(h, '\n');
		fprintf(fp, "  %-20s %.*s", lead, nl != NULL ? (int)(nl - h) : (int)strlen(h), h);
		if (options[i].values != NULL)
			fprintf(fp, " %s", options[i].values());
		fputc('\n', fp);
		/* Continuation lines under the text. */
		for (h = nl; h != NULL; h = nl) {
			nl = strchr(++h, '\n');
			fprintf(fp, "  %-20s %.*s\n", "", nl != NULL ? (int)(nl - h) :
			    (int)strlen(h), h);
		}
	}
}

const char *
app_option_values(int code)
{
	size_t i;

	for (i = 0; i < NOPTIONS; i++)
		if (options[i].code == code && options[i].values != NULL)
			return options[i].values();
	return NULL;
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
