DSP_CLI_SOURCES = src/cli/cli.c src/cli/cli.h
