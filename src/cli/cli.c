/* Placeholder until the CLI lands. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

int
cli_is_command(const char *name)
{
	return strcmp(name, "--version") == 0;
}

int
cli_main(int argc, char **argv)
{
	(void)argc; (void)argv;
	puts("disperse 0.1.0");
	return 0;
}
