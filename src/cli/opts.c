/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Common parameter options shared by every subcommand and the TUI: the
 * getopt tables and help built from the parameter table, parsing, and the
 * input each command evaluates (values: opts_value.c; outputs:
 * opts_output.c). */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/alloc.h"
#include "cli/opts.h"
#include "cli/progress.h"
#include "core/error.h"
#include "core/io/escape.h"
#include "core/math/eval.h"
#include "core/schema/family.h"
#include "core/job.h"
#include "core/io/npy.h"
#include "core/io/rowset.h"
#include "core/io/reader.h"
#include "export/atomic.h"
#include "core/io/parse.h"
#include "core/schema/figspec.h"
#include "core/schema/ptable.h"
#include "core/schema/view.h"
#include "export/model.h"
#include "export/table.h"

/* Option codes: a parameter row's option is OPT_PARAM + its id (or its
 * short letter), a boolean row's --no-NAME is OPT_NO + its id. */
enum {
	OPT_PARAM = 256,
	OPT_NO = 320,
	OPT_INPUT = 384,
	OPT_FORMAT,
	OPT_PRESET,
	OPT_MEM_BUDGET,
	OPT_HELP
};

/* The job (core/job.h) of the thread that parsed the options. */
static dsp_job main_job;

/* The options that are not parameter rows. */
static const struct {
	struct option	opt;
	unsigned	bit;
	const char	*help;
} extra_common[] = {
	{ { "preset",	required_argument, NULL, OPT_PRESET },	DSP_GIVEN_DELTA, NULL },
	{ { "input",	required_argument, NULL, OPT_INPUT },	DSP_GIVEN_INPUT,
	  "  --input FILE       logits from FILE ('-' = stdin); implies --family file" },
	{ { "format",	required_argument, NULL, OPT_FORMAT },	DSP_GIVEN_FORMAT,
	  "  --format FMT       text|csv|json (default text)" },
	{ { "output",	required_argument, NULL, 'o' },		DSP_GIVEN_OUTPUT,
	  "  -o, --output FILE  write to FILE instead of stdout" },
	{ { "mem-budget", required_argument, NULL, OPT_MEM_BUDGET }, DSP_GIVEN_MEM_BUDGET,
	  "  --mem-budget B     memory of one computation: 1Gi (default), 512Mi, 0 = none" },
	{ { "help",	no_argument,	   NULL, OPT_HELP },	0, NULL },
};
#define NEXTRA (sizeof extra_common / sizeof extra_common[0])

/* The row behind an option code, or NULL. */
static const dsp_param_def *
row_of_code(int c)
{
	const dsp_param_def *d;
	int i;

	for (i = 0; i < DSP_P_COUNT; i++) {
		d = dsp_param(i);
		if (c == (d->opt_short ? d->opt_short : OPT_PARAM + i) ||
		    (d->type == DSP_PT_BOOL && c == OPT_NO + i))
			return d;
	}
	return NULL;
}

static void
vmessage(const struct dsp_opts *o, const char *fmt, va_list ap)
{
	char raw[1024], buf[1024];

	vsnprintf(raw, sizeof raw, fmt, ap);
	/* A command's progress line, if one is shown, is erased first: the
	 * message is the line that stays. */
	dsp_progress_end();
	/* One line, and nothing from a file name or file that can drive the
	 * terminal: control characters and non-UTF-8 bytes escaped. */
	dsp_escape(buf, sizeof buf, raw, 0);
	if (o->cmd != NULL)
		fprintf(stderr, "disperse %s: %s\n", o->cmd, buf);
	else
		fprintf(stderr, "disperse: %s\n", buf);
}

int
dsp_opts_usage(struct dsp_opts *o, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(o, fmt, ap);
	va_end(ap);
	return o->status = 2;
}

int
dsp_opts_fail(struct dsp_opts *o, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(o, fmt, ap);
	va_end(ap);
	return o->status = 1;
}

int
dsp_opts_core_fail(struct dsp_opts *o, const char *what, int code)
{
	const char *d = dsp_last_error();

	if (d == NULL || *d == '\0')
		d = dsp_strerror(code);
	if (what != NULL)
		return dsp_opts_fail(o, "%s: %s", what, d);
	return dsp_opts_fail(o, "%s", d);
}

void
dsp_opts_init(struct dsp_opts *o, const char *cmd)
{
	memset(o, 0, sizeof *o);
	o->cmd = cmd;
	dsp_params_default(&o->params);
	o->format = DSP_FMT_TEXT;
	o->mem_budget = DSP_MEM_BUDGET_DEFAULT;
	o->optind = 1;
}

void
dsp_opts_free(struct dsp_opts *o)
{
	free(o->logits);
	o->logits = NULL;
	dsp_rowset_close(o->rows);
	o->rows = NULL;
	o->params.logits = NULL;
	o->params.n_logits = 0;
}

static int
parse_common(struct dsp_opts *o, int c, const char *arg)
{
	const dsp_param_def *d;
	const dsp_preset *ps;
	char label[64];
	int k;

	if ((d = row_of_code(c)) != NULL) {
		snprintf(label, sizeof label, "--%s", d->opt_long);
		if (d->type == DSP_PT_BOOL)
			dsp_param_set_enum(d, &o->params, c != OPT_NO + (int)d->id, label);
		else if (dsp_param_parse(d, arg, &o->params, label) != DSP_OK)
			return dsp_opts_usage(o, "%s", dsp_last_error());
		return 0;
	}
	switch (c) {
	case OPT_PRESET:
		if ((ps = dsp_preset_find(arg)) == NULL)
			return dsp_opts_usage(o, "--preset: unknown preset '%s' (%s)",
			    arg, dsp_preset_names());
		dsp_preset_apply(ps, &o->params);
		return 0;
	case OPT_INPUT:
		if (*arg == '\0')
			return dsp_opts_usage(o, "--input: empty file name");
		o->input = arg;
		return 0;
	case OPT_FORMAT:
		if ((k = dsp_format_parse(arg)) < 0)
			return dsp_opts_usage(o, "--format: unknown format '%s' "
			    "(text, csv, json)", arg);
		o->format = (enum dsp_format)k;
		return 0;
	case 'o':
		if (*arg == '\0')
			return dsp_opts_usage(o, "--output: empty file name");
		o->output = strcmp(arg, "-") == 0 ? NULL : arg;
		return 0;
	case OPT_MEM_BUDGET:
		if (strcmp(arg, "0") == 0) {
			o->mem_budget = 0;
			return 0;
		}
		return dsp_opts_size(o, "--mem-budget", arg, &o->mem_budget);
	}
	return dsp_opts_usage(o, "internal error: option %d", c);
}

/* "  --delta D          logit spread (in [0, 1e+300]; default 4)" */
static void
help_line(FILE *fp, const dsp_param_def *d)
{
	char head[64], dom[160], def[64];
	dsp_params p;

	dsp_params_default(&p);
	dsp_param_format(d, &p, def, sizeof def);
	if (d->type == DSP_PT_BOOL) {
		fprintf(fp, "  --%s, --no-%s  %s (default %s)\n", d->opt_long,
		    d->opt_long, d->help, p.adaptive ? "on" : "off");
		return;
	}
	if (d->opt_short)
		snprintf(head, sizeof head, "-%c, --%s %s", d->opt_short, d->opt_long,
		    d->metavar);
	else
		snprintf(head, sizeof head, "--%s %s", d->opt_long, d->metavar);
	dsp_param_domain(d, dom, sizeof dom);
	if (d->type == DSP_PT_ENUM)
		fprintf(fp, "  %-18s %s (default %s)\n", head, dom, def);
	else
		fprintf(fp, "  %-18s %s (%s%s; default %s)\n", head, d->help,
		    d->type == DSP_PT_REAL ? "in " : "", dom, def);
}

void
dsp_opts_help(FILE *fp, unsigned omit)
{
	const dsp_preset *ps;
	size_t i;
	int id;

	fputs("Common options:\n", fp);
	for (id = 0; id < DSP_P_COUNT; id++)
		if ((DSP_GIVEN_PARAM(id) & omit) == 0)
			help_line(fp, dsp_param(id));
	if ((DSP_GIVEN_DELTA & omit) == 0) {
		fputs("  --preset NAME      set delta to a reported logit spread:", fp);
		for (i = 0; (ps = dsp_preset_get(i)) != NULL; i++)
			fprintf(fp, "%s%s (%g)", i % 3 ? ", " : "\n                       ",
			    ps->name, ps->delta);
		fputs("\n                     (Gemma heads on a ~4,000-token code file, "
		    "as reported by\n                     the paper's authors; "
		    "medium confidence)\n", fp);
	}
	for (i = 0; i < NEXTRA; i++)
		if (extra_common[i].help != NULL && (extra_common[i].bit & omit) == 0)
			fprintf(fp, "%s\n", extra_common[i].help);
	fputs("  --help             this help\n", fp);
}

static void
print_help(const struct dsp_opts *o, const struct dsp_opts_spec *s)
{
	if (s->usage != NULL)
		printf("Usage: %s\n", s->usage);
	else if (o->cmd != NULL)
		printf("Usage: disperse %s [options]\n", o->cmd);
	else
		printf("Usage: disperse [options]\n");
	if (s->help != NULL)
		printf("%s", s->help);
	dsp_opts_rows_help(stdout, s->rows);
	if (s->notes != NULL)
		printf("%s", s->notes);
	if (s->rows != NULL)
		putchar('\n');
	if (s->figures != 0)
		dsp_opts_figure_help(stdout);
	dsp_opts_help(stdout, s->omit);
}

/* Build the getopt_long tables: common options (minus omitted ones) then
 * the command's own. */
static int
build_tables(const struct dsp_opts_spec *s, struct option **lo, char *so,
    size_t sosize)
{
	const dsp_param_def *d;
	const dsp_vopt_def *vd;
	size_t i, k = 0, nrows = 0, len;
	struct option *t;
	int id;

	if (s->rows != NULL)
		while (s->rows[nrows].name != NULL)
			nrows++;
	if ((t = dsp_calloc(2 * DSP_P_COUNT + NEXTRA + nrows + DSP_V_COUNT + 1,
	    sizeof *t)) == NULL)
		return -1;
	len = (size_t)snprintf(so, sosize, ":");
	for (id = 0; id < DSP_P_COUNT; id++) {
		d = dsp_param(id);
		if (DSP_GIVEN_PARAM(id) & s->omit)
			continue;
		t[k].name = d->opt_long;
		t[k].has_arg = d->type == DSP_PT_BOOL ? no_argument : required_argument;
		t[k++].val = d->opt_short ? d->opt_short : OPT_PARAM + id;
		if (d->type == DSP_PT_BOOL) {
			/* "no-adaptive": the names live as long as the table. */
			static char noname[DSP_P_COUNT][40];

			snprintf(noname[id], sizeof noname[id], "no-%s", d->opt_long);
			t[k].name = noname[id];
			t[k].has_arg = no_argument;
			t[k++].val = OPT_NO + id;
		}
		if (d->opt_short && len + 3 < sosize)
			len += (size_t)snprintf(so + len, sosize - len, "%c:", d->opt_short);
	}
	for (i = 0; i < NEXTRA; i++)
		if ((extra_common[i].bit & s->omit) == 0 ||
		    extra_common[i].opt.val == OPT_HELP)
			t[k++] = extra_common[i].opt;
	for (i = 0; i < nrows; i++)
		t[k++] = (struct option){ s->rows[i].name, s->rows[i].arg != NULL ?
		    required_argument : no_argument, NULL, s->rows[i].code };
	for (id = 0; s->figures != 0 && (vd = dsp_vopt(id)) != NULL; id++)
		if (DSP_VOPT_IS_FIG(vd) && vd->opt_long != NULL)
			t[k++] = (struct option){ vd->opt_long, required_argument, NULL,
			    s->figures + id };
	*lo = t;
	len += (size_t)snprintf(so + len, sosize - len, "%s",
	    (s->omit & DSP_GIVEN_OUTPUT) ? "" : "o:");
	for (i = 0; i < nrows && len + 3 < sosize; i++)
		if (s->rows[i].letter != 0)
			len += (size_t)snprintf(so + len, sosize - len, "%c%s",
			    s->rows[i].letter, s->rows[i].arg != NULL ? ":" : "");
	return 0;
}

static unsigned
given_bit(int c)
{
	const dsp_param_def *d;
	size_t i;

	if ((d = row_of_code(c)) != NULL)
		return DSP_GIVEN_PARAM(d->id);
	for (i = 0; i < NEXTRA; i++)
		if (extra_common[i].opt.val == c)
			return extra_common[i].bit;
	return 0;
}

static int
is_common(int c)
{
	size_t i;

	if (row_of_code(c) != NULL)
		return 1;
	for (i = 0; i < NEXTRA; i++)
		if (extra_common[i].opt.val == c)
			return 1;
	return 0;
}

/* Name of the option getopt just rejected, for the message. */
static void
bad_option_name(int argc, char **argv, int c, char *buf, size_t size)
{
	const char *a = optind - 1 < argc && optind >= 1 ? argv[optind - 1] : "?";
	const char *eq;

	if (a[0] == '-' && a[1] == '-') {
		eq = strchr(a, '=');
		snprintf(buf, size, "%.*s", eq ? (int)(eq - a) : (int)strlen(a), a);
	} else if (c > 0 && c < 256)
		snprintf(buf, size, "-%c", c);
	else
		snprintf(buf, size, "%s", a);
}

static int
known_long(const struct option *lo, const char *name)
{
	if (name[0] != '-' || name[1] != '-')
		return 0;
	for (; lo->name != NULL; lo++)
		if (strcmp(lo->name, name + 2) == 0)
			return 1;
	return 0;
}

/* The --head row of a .npy/.npz --input.  A command reads one row: an
 * array of several needs --head (the TUI opens at 0.0 and steps heads).
 * o->input_lazy: unscanned where it is used in place (o->input_unchecked). */
static int
input_row(struct dsp_opts *o, const double **v, size_t *n)
{
	uint64_t d[4];
	int rc, checked = 1;

	if ((rc = dsp_rowset_open(o->input, &o->rows)) != DSP_OK)
		return rc;
	dsp_rowset_dims(o->rows, d);
	if (d[0] * d[1] * d[2] > 1 && o->cmd != NULL && !(o->given & DSP_GIVEN_HEAD)) {
		dsp_opts_fail(o, "%s: %llu rows of logits (%llu layer(s), %llu head(s), "
		    "%llu query row(s)); choose one with --head L.H or L.H.Q, or see "
		    "'disperse heads %s'", dsp_rowset_name(o->rows),
		    (unsigned long long)(d[0] * d[1] * d[2]), (unsigned long long)d[0],
		    (unsigned long long)d[1], (unsigned long long)d[2], o->input);
		return DSP_EINVAL;
	}
	/* A float32 or float16 row is read in place by the kernel's typed
	 * pass: no n doubles (finish() converts it where another route is
	 * taken, dsp_opts_eval where the pass fails). */
	if (o->input_lazy && dsp_rowset_row_raw(o->rows, o->params.head,
	    &o->params.logits_x, &o->params.logits_xsize, n) == DSP_OK) {
		*v = NULL;
		o->input_unchecked = 1;
		return DSP_OK;
	}
	dsp_clear_error();
	rc = o->input_lazy ? dsp_rowset_row_unchecked(o->rows, o->params.head, v, n,
	    &checked) : dsp_rowset_row(o->rows, o->params.head, v, n);
	o->input_unchecked = rc == DSP_OK && !checked;
	return rc;
}

static void
set_logits(struct dsp_opts *o, const double *v, size_t n)
{
	dsp_params *p = &o->params;

	p->logits = v;
	p->n_logits = n;
	if (v != NULL) {		/* converted: the typed row is done with */
		p->logits_x = NULL;
		p->logits_xsize = 0;
	}
	if (!(o->given & DSP_GIVEN_N))
		p->n = n;
}

/* The unscanned --input row checked (in place if every value is finite,
 * else converted: masked keys skipped, a NaN named). */
static int
input_recheck(struct dsp_opts *o)
{
	const double *v;
	size_t n;
	int rc;

	dsp_clear_error();
	if ((rc = dsp_rowset_row(o->rows, o->params.head, &v, &n)) != DSP_OK)
		return rc;
	set_logits(o, v, n);
	o->input_unchecked = 0;
	return DSP_OK;
}

int
dsp_opts_eval(struct dsp_opts *o, dsp_summary *s)
{
	int rc = dsp_view_eval(&o->params, s);

	if (rc == DSP_OK || !o->input_unchecked)
		return rc;
	/* The kernel met a NaN, an infinity or a masked key (or the
	 * evaluation failed otherwise): again on the checked row, which
	 * gives what an eager scan would have. */
	if ((rc = input_recheck(o)) != DSP_OK)
		return rc;
	dsp_clear_error();
	return dsp_view_eval(&o->params, s);
}

static int
finish(struct dsp_opts *o)
{
	dsp_params *p = &o->params;
	size_t n;
	int rc;

	if (o->input != NULL) {
		/* --family empirical draws n keys from the logits read. */
		if ((o->given & DSP_GIVEN_FAMILY) && !dsp_family_has_logits(p->family))
			return dsp_opts_usage(o, "--input conflicts with --family %s",
			    dsp_family_name(p->family));
		if (!(o->given & DSP_GIVEN_FAMILY))
			p->family = DSP_FAM_FILE;
		if ((o->given & DSP_GIVEN_N) && p->family == DSP_FAM_FILE)
			return dsp_opts_usage(o, "--n cannot be combined with --input "
			    "(n is the number of logits read; --family empirical draws n)");
	} else if (dsp_family_has_logits(p->family))
		return dsp_opts_usage(o, "--family %s needs --input FILE",
		    dsp_family_name(p->family));
	if (p->model != NULL) {
		if ((o->given & (DSP_GIVEN_FAMILY | DSP_GIVEN_INPUT)) &&
		    p->family != DSP_FAM_LEARNED)
			return dsp_opts_usage(o, "--model conflicts with --%s",
			    o->input != NULL ? "input" : "family");
		p->family = DSP_FAM_LEARNED;
	} else if (p->family == DSP_FAM_LEARNED)
		return dsp_opts_usage(o, "--family learned needs --model FILE "
		    "(from disperse train --save)");
	dsp_clear_error();
	if ((rc = dsp_model_attach(p)) != DSP_OK)
		return dsp_opts_core_fail(o, "--model", rc);
	if (o->input != NULL) {
		const double *v = NULL;

		dsp_clear_error();
		/* A reader with rows (.npy, .npz: by the magic) is mapped,
		 * not parsed as text; its --head row is the logits. */
		if ((rc = dsp_reader_pick(o->input)->open != NULL ?
		    input_row(o, &v, &n) : dsp_load_logits(o->input, &o->logits, &n)) != DSP_OK)
			/* Both loaders already name the file ("stdin" for -). */
			return o->status ? o->status : dsp_opts_core_fail(o, NULL, rc);
		set_logits(o, v != NULL ? v : o->logits, n);
		p->logits_name = strcmp(o->input, "-") == 0 ? "stdin" :
		    o->rows != NULL ? dsp_rowset_name(o->rows) : o->input;
		if (o->input_unchecked) {
			dsp_params q = dsp_view_params(p);

			/* Unscanned only where the evaluation's own pass
			 * rejects what the scan would have caught; a float
			 * row in place only where that pass is all there is
			 * (no number-format emulation, which reads doubles). */
			if ((!dsp_eval_rejects_nonfinite(&q) || (p->logits == NULL &&
			    q.precision != DSP_PREC_DOUBLE)) &&
			    (rc = input_recheck(o)) != DSP_OK)
				return dsp_opts_core_fail(o, NULL, rc);
		}
	}
	if ((o->given & DSP_GIVEN_HEAD) && o->rows == NULL)
		return dsp_opts_usage(o, "--head needs --input FILE.npy or FILE.npz");
	dsp_clear_error();
	if ((rc = dsp_params_check(p)) != DSP_OK)
		return dsp_opts_usage(o, "%s", dsp_last_error());
	return 0;
}

/* One line an option for the shell's completion: "--NAME", a tab, "arg"
 * or "flag", a tab and the values a parameter row, --format or the
 * command's own table (s->values) allows (blank for a number or a file). */
static void
list_options(const struct option *lo, const struct dsp_opts_spec *s)
{
	const char *v;
	const dsp_param_def *d;
	const dsp_vopt_def *vd;
	size_t i;
	unsigned b;
	int e;

	for (i = 0; lo[i].name != NULL; i++) {
		printf("--%s\t%s\t", lo[i].name, lo[i].has_arg ? "arg" : "flag");
		d = row_of_code(lo[i].val);
		if (d != NULL && d->type == DSP_PT_ENUM)
			for (e = 0; e < d->nnames; e++)
				printf("%s%s", e ? " " : "", d->names[e]);
		else if (lo[i].val == OPT_FORMAT)
			fputs("text csv json", stdout);
		else if ((vd = dsp_vopt_find(lo[i].name)) != NULL && vd->type == DSP_VT_FORMATS)
			for (b = 1; b & DSP_FIG_ALL; b <<= 1)
				printf("%s%s", b > 1 ? " " : "", dsp_figfmt_ext(b));
		else if (lo[i].val == OPT_PRESET)
			for (e = 0; dsp_preset_get((size_t)e) != NULL; e++)
				printf("%s%s", e ? " " : "", dsp_preset_get((size_t)e)->name);
		else if (s->values != NULL && (v = s->values(lo[i].val)) != NULL)
			fputs(v, stdout);
		putchar('\n');
	}
}

/* The row whose short form is the letter c, or NULL. */
static const struct dsp_opt_row *
row_letter(const struct dsp_opts_spec *s, int c)
{
	const struct dsp_opt_row *r;

	for (r = s->rows; c > 0 && c < 256 && r != NULL && r->name != NULL; r++)
		if (r->letter == c)
			return r;
	return NULL;
}

int
dsp_opts_parse(struct dsp_opts *o, const struct dsp_opts_spec *s, int argc,
    char **argv)
{
	static const struct dsp_opts_spec none;
	const struct dsp_opt_row *r;
	struct option *lo = NULL;
	char so[128], name[128];
	int c, rc = 0;

	if (s == NULL)
		s = &none;
	o->status = 0;
	o->omit = s->omit;
	if (build_tables(s, &lo, so, sizeof so) != 0)
		return dsp_opts_core_fail(o, NULL, dsp_fail_nomem(NULL, 0));
	/* The shell's completion (doc/completion/disperse) asks each command
	 * for its options: the same merged table getopt reads. */
	if (argc >= 2 && strcmp(argv[argc - 1], "--list-options") == 0) {
		list_options(lo, s);
		free(lo);
		o->status = 0;
		return -1;
	}
	opterr = 0;
	optind = 0;	/* glibc: full reinitialisation, so parsing can repeat */
	while (rc == 0 && (c = getopt_long(argc, argv, so, lo, NULL)) != -1) {
		if (c == '?') {
			bad_option_name(argc, argv, optopt, name, sizeof name);
			if (known_long(lo, name) && strchr(argv[optind - 1], '=') != NULL)
				rc = dsp_opts_usage(o, "option '%s' takes no argument", name);
			else
				rc = dsp_opts_usage(o, "unknown option '%s' (try 'disperse%s%s --help')",
				    name, o->cmd ? " " : "", o->cmd ? o->cmd : "");
		} else if (c == ':') {
			bad_option_name(argc, argv, optopt, name, sizeof name);
			rc = dsp_opts_usage(o, "option '%s' needs an argument", name);
		} else if (c == OPT_HELP) {
			print_help(o, s);
			o->status = 0;
			rc = -1;
		} else if ((r = row_letter(s, c)) != NULL) {
			rc = s->cb != NULL ? s->cb(o, r->code, optarg, s->ctx) :
			    dsp_opts_usage(o, "internal error: unhandled option %d", c);
		} else if (is_common(c) && (given_bit(c) & s->omit) == 0) {
			o->given |= given_bit(c);
			rc = parse_common(o, c, optarg);
		} else if (s->cb != NULL)
			rc = s->cb(o, c, optarg, s->ctx);
		else
			rc = dsp_opts_usage(o, "internal error: unhandled option %d", c);
	}
	free(lo);
	o->optind = optind;
	if (rc != 0)
		return -1;
	/* No command takes operands; for the TUI a stray word is a mistyped
	 * command. */
	if (optind < argc) {
		if (o->cmd == NULL)
			dsp_opts_usage(o, "unknown command '%s' (see disperse --help)",
			    argv[optind]);
		else
			dsp_opts_usage(o, "unexpected argument '%s'", argv[optind]);
		return -1;
	}
	/* Every computation of the command (or of the TUI's event loop) runs
	 * inside the budget, the reading of --input included: past it the
	 * core refuses at once, naming what it would need, instead of
	 * swapping for minutes. */
	dsp_job_init(&main_job, (size_t)o->mem_budget);
	dsp_job_attach(&main_job);
	if (finish(o) != 0)
		return -1;
	return 0;
}
