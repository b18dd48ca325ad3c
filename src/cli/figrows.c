/* SPDX-License-Identifier: GPL-3.0-or-later */
/* report and bound rows keyed by the figure table (core/schema/figures.h): the
 * row's name is the figure's one name and its note the figure's
 * description as evaluated at theta, tagged [paper], [derived] or
 * [measured]. */
#include <stdio.h>
#include <string.h>

#include "cli/cmd.h"
#include "cli/opts.h"
#include "core/error.h"
#include "core/schema/figures.h"

static const char *
note(const char *name, double theta, int method, const char *extra, char *buf,
    size_t size)
{
	const dsp_figure *f = dsp_figure_find(name);
	char base[320];

	if (f == NULL)
		return NULL;
	dsp_figure_note(f, theta, method, base, sizeof base);
	if (extra != NULL && *extra != '\0')
		snprintf(buf, size, "%s; %s", base, extra);
	else
		snprintf(buf, size, "%s", base);
	return buf;
}

int
dsp_fig_num(dsp_table *t, const char *name, double v, double theta,
    const char *extra)
{
	return dsp_fig_num_at(t, name, v, theta, -1, extra);
}

int
dsp_fig_num_at(dsp_table *t, const char *name, double v, double theta, int method,
    const char *extra)
{
	char buf[480];

	if (note(name, theta, method, extra, buf, sizeof buf) == NULL)
		return dsp_fail(DSP_EINVAL, "internal: figure '%s' not in the table", name);
	return dsp_kv_num(t, name, v, buf);
}

int
dsp_fig_text(dsp_table *t, const char *name, const char *text, double theta,
    const char *extra)
{
	char buf[480];

	if (note(name, theta, -1, extra, buf, sizeof buf) == NULL)
		return dsp_fail(DSP_EINVAL, "internal: figure '%s' not in the table", name);
	return dsp_kv_text(t, name, text, buf);
}

int
dsp_fig_logsize(dsp_table *t, const char *name, double logv, double theta,
    const char *extra)
{
	char buf[480];

	if (note(name, theta, -1, extra, buf, sizeof buf) == NULL)
		return dsp_fail(DSP_EINVAL, "internal: figure '%s' not in the table", name);
	return dsp_kv_logsize(t, name, logv, buf);
}
