/* disperse fit (not implemented yet). */
#include <stdio.h>

#include "cli/cmd.h"

static int
cmd_fit_exec(int argc, char **argv)
{
	(void)argc; (void)argv;
	fputs("disperse fit: not implemented yet\n", stderr);
	return 1;
}

const struct dsp_command cmd_fit = {
	"fit", "disperse fit [options]", "(not implemented yet)", cmd_fit_exec
};
