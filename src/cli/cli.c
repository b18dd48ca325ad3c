/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Batch command line: `disperse COMMAND [options]`, one command a file. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "app/app.h"
#include "cli/cli.h"
#include "cli/cmd.h"
#include "cli/opts.h"
#include "core/io/escape.h"

static const struct dsp_command *commands[] = {
	&cmd_report,
	&cmd_sweep,
	&cmd_bound,
	&cmd_heatmap,
	&cmd_snapshot,
	&cmd_compare,
	&cmd_precision,
	&cmd_fit,
	&cmd_tour,
	&cmd_train,
	&cmd_heads,
	&cmd_animate,
	&cmd_depth,
	&cmd_paper,
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static const struct dsp_command *
find_command(const char *name)
{
	size_t i;

	for (i = 0; i < NCOMMANDS; i++)
		if (strcmp(commands[i]->name, name) == 0)
			return commands[i];
	return NULL;
}

/* The name as typed, escaped: it may hold terminal controls. */
static void
unknown(const char *name)
{
	char e[256];

	dsp_escape(e, sizeof e, name, 0);
	fprintf(stderr, "disperse: unknown command '%s' (try 'disperse --help')\n", e);
}

static int
is_help(const char *s)
{
	return strcmp(s, "--help") == 0 || strcmp(s, "-h") == 0 ||
	    strcmp(s, "help") == 0;
}

static int
is_version(const char *s)
{
	return strcmp(s, "--version") == 0 || strcmp(s, "-V") == 0;
}

/* The shell's completion asks for the commands (doc/completion/disperse). */
static int
is_list(const char *s)
{
	return strcmp(s, "--list-commands") == 0;
}

int
cli_is_command(const char *name)
{
	return name != NULL && (name[0] != '-' || is_help(name) ||
	    is_version(name) || is_list(name));
}

static void
usage(FILE *fp)
{
	size_t i;

	fputs("Usage: disperse [options]            interactive explorer (TUI)\n"
	    "       disperse COMMAND [options]    batch command\n"
	    "       disperse COMMAND --help       options of one command\n"
	    "       disperse --help | --version\n"
	    "\n"
	    "Commands:\n", fp);
	for (i = 0; i < NCOMMANDS; i++)
		fprintf(fp, "  %-10s  %s\n", commands[i]->name, commands[i]->summary);
	fputs("\nTUI options (disperse [options], no command; keys: ? or F1 in the TUI):\n", fp);
	app_options_help(fp);
	fputs("The common options below (--n, --delta, --theta, --family, ...) set the\n"
	    "TUI's starting view too.\n\n", fp);
	dsp_opts_help(fp, 0);
	fputs("\nExit status: 0 ok, 1 computation or I/O failure, 2 usage error.\n"
	    "Report bugs to: " PACKAGE_BUGREPORT "\n", fp);
}

int
cli_main(int argc, char **argv)
{
	const struct dsp_command *cmd;
	char *help_argv[3];

	if (argc < 2)
		return 2;
	if (is_version(argv[1])) {
		printf("%s %s\n", PACKAGE_NAME, PACKAGE_VERSION);
		return ferror(stdout) || fflush(stdout) != 0;
	}
	if (is_list(argv[1])) {
		for (size_t i = 0; i < NCOMMANDS; i++)
			printf("%s\n", commands[i]->name);
		return ferror(stdout) || fflush(stdout) != 0;
	}
	if (is_help(argv[1])) {
		/* "disperse help CMD" is "disperse CMD --help". */
		if (argc > 2 && (cmd = find_command(argv[2])) != NULL) {
			help_argv[0] = argv[2];
			help_argv[1] = (char *)"--help";
			help_argv[2] = NULL;
			return cmd->exec(2, help_argv);
		}
		if (argc > 2) {
			unknown(argv[2]);
			return 2;
		}
		usage(stdout);
		return ferror(stdout) || fflush(stdout) != 0;
	}
	if ((cmd = find_command(argv[1])) == NULL) {
		unknown(argv[1]);
		return 2;
	}
	/* The command's files are published only if it succeeded. */
	return dsp_opts_outputs_finish(cmd->name, cmd->exec(argc - 1, argv + 1));
}
