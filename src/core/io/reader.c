/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The table of input readers and the one way to pick one (reader.h). */
#include <stdio.h>
#include <string.h>

#include "core/error.h"
#include "core/io/reader.h"

static int
npy_sniff(const unsigned char *buf, size_t len)
{
	return dsp_npy_sniff(buf, len) == DSP_NPY_KIND_NPY;
}

static int
npz_sniff(const unsigned char *buf, size_t len)
{
	return dsp_npy_sniff(buf, len) == DSP_NPY_KIND_NPZ;
}

static int
text_sniff(const unsigned char *buf, size_t len)
{
	(void)buf;
	(void)len;
	return 1;
}

static int
npy_open(const char *path, dsp_npz **z, dsp_npy **a, char *name, size_t len)
{
	*z = NULL;
	snprintf(name, len, "%s", path);
	return dsp_npy_open(path, a);
}

static int
npz_open(const char *path, dsp_npz **z, dsp_npy **a, char *name, size_t len)
{
	int rc;

	*a = NULL;
	if ((rc = dsp_npz_open(path, 0, z)) != DSP_OK)
		return rc;
	if (dsp_npz_count(*z) == 0)
		return dsp_fail(DSP_EEMPTY, "%s: no .npy member in the archive", path);
	if ((rc = dsp_npz_array(*z, 0, a)) != DSP_OK)
		return rc;
	snprintf(name, len, "%s:%s", path, dsp_npz_member(*z, 0));
	return DSP_OK;
}

/* In sniffing order; text accepts anything, so it stays last. */
const struct dsp_reader dsp_readers[] = {
	{ "npy",	npy_sniff,	npy_open,	0 },
	{ "npz",	npz_sniff,	npz_open,	1 },
	{ "text",	text_sniff,	NULL,		0 },
	{ NULL,		NULL,		NULL,		0 }
};

const struct dsp_reader *
dsp_reader_pick(const char *path)
{
	unsigned char buf[DSP_READER_MAGIC];
	const struct dsp_reader *r;
	size_t len = 0;
	FILE *fp;

	if (strcmp(path, "-") != 0 && (fp = fopen(path, "rb")) != NULL) {
		len = fread(buf, 1, sizeof buf, fp);
		fclose(fp);
	}
	for (r = dsp_readers; r->name != NULL; r++)
		if (r->sniff(buf, len))
			return r;
	return r - 1;
}
