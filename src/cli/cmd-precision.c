/* disperse precision (not implemented yet). */
#include <stdio.h>

#include "cli/cmd.h"

static int
cmd_precision_exec(int argc, char **argv)
{
	(void)argc; (void)argv;
	fputs("disperse precision: not implemented yet\n", stderr);
	return 1;
}

const struct dsp_command cmd_precision = {
	"precision", "disperse precision [options]", "(not implemented yet)", cmd_precision_exec
};
