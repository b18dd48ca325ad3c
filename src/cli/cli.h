/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Batch command line: `disperse COMMAND [options]`. */
#ifndef DSP_CLI_H
#define DSP_CLI_H

/* 1 if name is a CLI subcommand, help / --help / -h, --version / -V, or
 * any other word not starting with '-': the TUI takes options only, so an
 * unknown command is reported here (one line, exit 2), not by the TUI. */
int	cli_is_command(const char *name);
/* Run a subcommand; returns the process exit status (0 ok, 1 runtime
 * failure, 2 usage error). */
int	cli_main(int argc, char **argv);

#endif
