/* SPDX-License-Identifier: GPL-3.0-or-later */
/* disperse: the TUI when started without a command, the batch CLI with one. */
#include "config.h"

#include <locale.h>
#include <signal.h>
#include <unistd.h>

#include "app/app.h"
#include "cli/cli.h"
#include "core/alloc.h"
#include "core/error.h"

/* A mapped input (a text file while it is parsed, a .npy for the whole
 * session) that another process truncates faults on its next read: one line
 * says so, then the process ends as the signal would (the TUI restores the
 * terminal first, src/app/term.c). */
static void
on_sigbus(int sig)
{
	static const char msg[] =
	    "disperse: an input file shrank while it was mapped (SIGBUS)\n";

	if (write(STDERR_FILENO, msg, sizeof msg - 1) < 0)
		_exit(128 + sig);
	(void)signal(sig, SIG_DFL);
	(void)raise(sig);
}

int
main(int argc, char **argv)
{
	/* Only the character type comes from the environment: UTF-8 text and
	 * ncursesw's wide characters need LC_CTYPE, while every number read
	 * (options, --input, tour.txt, JSON) and written (CSV, JSON, SVG, the
	 * screen) stays C-locale, whatever LC_NUMERIC a decimal-comma locale
	 * would set (as htop and tmux do). */
	setlocale(LC_CTYPE, "");
	/* Past ulimit -f a write must fail with EFBIG (and be reported), not
	 * kill the process with the terminal in curses mode. */
	(void)signal(SIGXFSZ, SIG_IGN);
	(void)signal(SIGBUS, on_sigbus);
	dsp_alloc_init();
	dsp_gsl_init();
	if (argc > 1 && cli_is_command(argv[1]))
		return cli_main(argc, argv);
	return app_main(argc, argv);
}
