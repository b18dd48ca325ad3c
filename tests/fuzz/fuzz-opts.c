/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fuzz target: the shared option parser (every command's options, sizes,
 * numbers, ranges, names).  The input is split at newlines into argv.
 * Arguments that would read or write files (--input, -o/--output and their
 * getopt abbreviations) are dropped: the readers have their own targets. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli/opts.h"
#include "core/error.h"

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_ARGS 32

static int
cb(struct dsp_opts *o, int code, const char *arg, void *ctx)
{
	(void)code;
	(void)arg;
	(void)ctx;
	return dsp_opts_usage(o, "unexpected option");
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct dsp_opts_spec spec = { .usage = "fuzz", .cb = cb };
	struct dsp_opts o;
	char *buf, *argv[MAX_ARGS + 2], *p, *nl;
	int argc = 1, rc;

	if ((buf = malloc(size + 1)) == NULL)
		return 0;
	memcpy(buf, data, size);
	buf[size] = '\0';
	argv[0] = (char *)"fuzz";
	for (p = buf; argc <= MAX_ARGS && p <= buf + size; p = nl + 1) {
		if ((nl = strchr(p, '\n')) == NULL)
			nl = buf + size;
		*nl = '\0';
		if (strncmp(p, "--i", 3) != 0 && strncmp(p, "--o", 3) != 0 &&
		    !(p[0] == '-' && p[1] != '-' && strchr(p, 'o') != NULL))
			argv[argc++] = p;
		if (nl == buf + size)
			break;
	}
	argv[argc] = NULL;
	dsp_opts_init(&o, "fuzz");
	rc = dsp_opts_parse(&o, &spec, argc, argv);
	/* Accepted options must leave parameters the core accepts. */
	if (rc == 0 && dsp_params_check(&o.params) != DSP_OK)
		abort();
	if (rc != 0 && o.status != 0 && o.status != 1 && o.status != 2)
		abort();
	dsp_opts_free(&o);
	free(buf);
	return 0;
}
