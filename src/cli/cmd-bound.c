/* disperse bound (not implemented yet). */
#include <stdio.h>

#include "cli/cmd.h"

static int
cmd_bound_exec(int argc, char **argv)
{
	(void)argc; (void)argv;
	fputs("disperse bound: not implemented yet\n", stderr);
	return 1;
}

const struct dsp_command cmd_bound = {
	"bound", "disperse bound [options]", "(not implemented yet)", cmd_bound_exec
};
