/* SPDX-License-Identifier: GPL-3.0-or-later */
/* --help's generated sections: a command's own options from its rows,
 * the figure options from the view-option table, each text wrapped under
 * its head (opts.h).  The common options' lines are opts.c's. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cli/opts.h"
#include "core/schema/figspec.h"
#include "core/schema/ptable.h"

/* One option line of --help: the head ("--dpi DPI") in 18 columns (a
 * longer one on a row of its own), the text after it wrapped at blanks
 * to 80 columns, continued 21 columns in. */
static void
help_wrapped(FILE *fp, const char *head, const char *text)
{
	const char *p = text, *end, *sp;
	int col = 21, width = 80 - col;

	if (strlen(head) > 18)
		fprintf(fp, "  %s\n%*s", head, col, "");
	else
		fprintf(fp, "  %-18s ", head);
	while (*p != '\0') {
		end = strchr(p, '\n') != NULL ? strchr(p, '\n') : p + strlen(p);
		if (end - p > width) {
			for (sp = p + width; sp > p && *sp != ' '; sp--)
				;
			end = sp > p ? sp : p + width;
		}
		fprintf(fp, "%.*s\n", (int)(end - p), p);
		p = *end == ' ' || *end == '\n' ? end + 1 : end;
		if (*p != '\0')
			fprintf(fp, "%*s", col, "");
	}
}

void
dsp_opts_figure_help(FILE *fp)
{
	const dsp_vopt_def *d;
	dsp_figspec f;
	char head[64], def[64], text[320];
	int i;

	dsp_figspec_default(&f);
	fputs("Figure options:\n", fp);
	for (i = 0; (d = dsp_vopt(i)) != NULL; i++)
		if (DSP_VOPT_IS_FIG(d) && d->opt_long != NULL) {
			snprintf(head, sizeof head, "--%s %s", d->opt_long, d->metavar);
			snprintf(text, sizeof text, "%s (default %s)", d->help,
			    dsp_vopt_fig_format(d, &f, def, sizeof def));
			help_wrapped(fp, head, text);
		}
	fputc('\n', fp);
}

void
dsp_opts_rows_help(FILE *fp, const struct dsp_opt_row *rows)
{
	const struct dsp_opt_row *r;
	char head[64];

	for (r = rows; r != NULL && r->name != NULL; r++) {
		if (r->help == NULL)
			continue;
		if (r->letter != 0)
			snprintf(head, sizeof head, "-%c, --%s%s%s", r->letter, r->name,
			    r->arg != NULL ? " " : "", r->arg != NULL ? r->arg : "");
		else
			snprintf(head, sizeof head, "--%s%s%s", r->name,
			    r->arg != NULL ? " " : "", r->arg != NULL ? r->arg : "");
		help_wrapped(fp, head, r->help);
	}
}
