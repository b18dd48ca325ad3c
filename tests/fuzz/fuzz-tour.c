/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fuzz target: the tour step parser (tour --file, DISPERSE_DATADIR, the
 * TUI's t key).  The input is copied into a buffer of exactly its size, so
 * the replay build catches a read past the end under ASan just as libFuzzer
 * does (issue 16: strspn ran past a final blank line with no newline). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/io/tour.h"

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	dsp_tour t;
	dsp_params p;
	char *buf;
	size_t i, k;

	if ((buf = malloc(size ? size : 1)) == NULL)
		return 0;
	memcpy(buf, data, size);
	if (dsp_tour_parse(buf, size, "fuzz", &t) != DSP_OK) {
		if (t.steps != NULL || t.n_steps != 0)
			abort();	/* failure must leave nothing allocated */
		free(buf);
		return 0;
	}
	for (k = 0; k < t.n_steps; k++) {
		const dsp_tour_step *s = &t.steps[k];

		/* The parser promises a title, a non-empty body without a
		 * trailing blank, known figures and an assignment that applies. */
		if (s->title == NULL || s->title[0] == '\0' || s->body == NULL ||
		    s->body[0] == '\0' || s->body[strlen(s->body) - 1] == '\n')
			abort();
		for (i = 0; i < s->n_show; i++)
			if (!dsp_tour_known(s->show[i]))
				abort();
		if (dsp_tour_apply(s, &p) != DSP_OK)
			abort();
	}
	dsp_tour_free(&t);
	free(buf);
	return 0;
}
