/* disperse snapshot (not implemented yet). */
#include <stdio.h>

#include "cli/cmd.h"

static int
cmd_snapshot_exec(int argc, char **argv)
{
	(void)argc; (void)argv;
	fputs("disperse snapshot: not implemented yet\n", stderr);
	return 1;
}

const struct dsp_command cmd_snapshot = {
	"snapshot", "disperse snapshot [options]", "(not implemented yet)", cmd_snapshot_exec
};
