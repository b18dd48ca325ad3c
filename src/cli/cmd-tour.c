/* disperse tour (not implemented yet). */
#include <stdio.h>

#include "cli/cmd.h"

static int
cmd_tour_exec(int argc, char **argv)
{
	(void)argc; (void)argv;
	fputs("disperse tour: not implemented yet\n", stderr);
	return 1;
}

const struct dsp_command cmd_tour = {
	"tour", "disperse tour [options]", "(not implemented yet)", cmd_tour_exec
};
