/* Placeholder until the TUI lands. */
#include <stdio.h>

#include "app/app.h"

int
app_main(int argc, char **argv)
{
	(void)argc; (void)argv;
	fputs("disperse: TUI not built yet\n", stderr);
	return 1;
}
