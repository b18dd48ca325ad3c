/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fuzz target: the JSON DOM parser used by the snapshot loader. */
#include <stddef.h>
#include <stdint.h>

#include "core/error.h"
#include "export/json.h"

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static size_t
walk(const dsp_jval *v, int depth)
{
	size_t i, c = 1;

	if (v == NULL || depth > 10000)
		return 0;
	if (v->type == DSP_JARR || v->type == DSP_JOBJ)
		for (i = 0; i < v->len; i++)
			c += walk(v->items[i], depth + 1);
	return c;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	dsp_jval *v = NULL;

	if (dsp_json_parse((const char *)data, size, &v) == DSP_OK) {
		walk(v, 0);
		if (v != NULL && v->type == DSP_JOBJ)
			(void)dsp_json_get(v, "params");
	}
	dsp_json_free(v);
	return 0;
}
