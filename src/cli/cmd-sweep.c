/* disperse sweep (not implemented yet). */
#include <stdio.h>

#include "cli/cmd.h"

static int
cmd_sweep_exec(int argc, char **argv)
{
	(void)argc; (void)argv;
	fputs("disperse sweep: not implemented yet\n", stderr);
	return 1;
}

const struct dsp_command cmd_sweep = {
	"sweep", "disperse sweep [options]", "(not implemented yet)", cmd_sweep_exec
};
