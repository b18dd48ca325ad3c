/* disperse heatmap (not implemented yet). */
#include <stdio.h>

#include "cli/cmd.h"

static int
cmd_heatmap_exec(int argc, char **argv)
{
	(void)argc; (void)argv;
	fputs("disperse heatmap: not implemented yet\n", stderr);
	return 1;
}

const struct dsp_command cmd_heatmap = {
	"heatmap", "disperse heatmap [options]", "(not implemented yet)", cmd_heatmap_exec
};
