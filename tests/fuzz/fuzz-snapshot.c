/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fuzz target: the snapshot loader (dsp_snapshot_load) on arbitrary bytes
 * written to a private temporary file. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "core/error.h"
#include "export/snapshot.h"

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char path[64];

static void
drop(void)
{
	if (path[0] != '\0')
		unlink(path);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	dsp_viewstate v;
	double *logits = NULL;
	FILE *fp;
	int fd;

	if (path[0] == '\0') {
		snprintf(path, sizeof path, "%s/dsp-fuzz-XXXXXX", "/tmp");
		if ((fd = mkstemp(path)) < 0)
			abort();
		close(fd);
		atexit(drop);
	}
	if ((fp = fopen(path, "wb")) == NULL)
		abort();
	if (size > 0 && fwrite(data, 1, size, fp) != size)
		abort();
	if (fclose(fp) != 0)
		abort();
	if (dsp_snapshot_load(path, &v, &logits) == DSP_OK &&
	    dsp_params_check(&v.params) != DSP_OK)
		abort();	/* a loaded view must be valid */
	free(logits);
	return 0;
}
