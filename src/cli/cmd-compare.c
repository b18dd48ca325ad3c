/* disperse compare (not implemented yet). */
#include <stdio.h>

#include "cli/cmd.h"

static int
cmd_compare_exec(int argc, char **argv)
{
	(void)argc; (void)argv;
	fputs("disperse compare: not implemented yet\n", stderr);
	return 1;
}

const struct dsp_command cmd_compare = {
	"compare", "disperse compare [options]", "(not implemented yet)", cmd_compare_exec
};
