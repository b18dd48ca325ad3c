/* disperse report (not implemented yet). */
#include <stdio.h>

#include "cli/cmd.h"

static int
cmd_report_exec(int argc, char **argv)
{
	(void)argc; (void)argv;
	fputs("disperse report: not implemented yet\n", stderr);
	return 1;
}

const struct dsp_command cmd_report = {
	"report", "disperse report [options]", "(not implemented yet)", cmd_report_exec
};
