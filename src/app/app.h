/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The interactive TUI: state, event loop, panels. */
#ifndef DSP_APP_H
#define DSP_APP_H

#include <stdio.h>

/* Start the TUI with `disperse [options]`; returns the exit status. */
int	app_main(int argc, char **argv);
/* The TUI's own options, one line each (and continuation lines), as
 * `disperse --help` lists them (app/options.c). */
void	app_options_help(FILE *fp);

#endif
