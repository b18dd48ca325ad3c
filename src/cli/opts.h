/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Shared parser for the common parameter options of every subcommand and of
 * the TUI (`disperse [options]`).
 *
 * Usage:
 *	struct dsp_opts o;
 *	dsp_opts_init(&o, "report");
 *	if (dsp_opts_parse(&o, &spec, argc, argv) != 0)
 *		return dsp_opts_free(&o), o.status;	// help printed or error
 *	... o.params is checked and ready; a stray operand was a usage error ...
 *	dsp_opts_free(&o);
 *
 * A command adds its own options as a table of rows (struct dsp_opt_row,
 * spec.rows: name, letter, argument, code >= DSP_OPT_USER, help text),
 * from which the parser builds getopt's table, --help and --list-options;
 * they reach spec.cb, which parses optarg with the dsp_opts_* number
 * helpers and reports errors with dsp_opts_usage().
 *
 * Every message is exactly one line "disperse CMD: message" on stderr (for
 * the TUI, cmd is NULL and the prefix is "disperse: ").  Usage errors set
 * status 2, runtime failures (unreadable --input, bad logits) status 1,
 * --help status 0. */
#ifndef DSP_CLI_OPTS_H
#define DSP_CLI_OPTS_H

#include <getopt.h>
#include <stdint.h>
#include <stdio.h>

#include "core/math/bounds.h"
#include "core/schema/params.h"
#include "core/math/summary.h"
#include "core/schema/grammar.h"
#include "core/schema/ptable.h"
#include "export/table.h"

/* Option codes of command-specific options start here. */
#define DSP_OPT_USER	1000

/* Bits of dsp_opts.given: which common options appeared on the line.  A
 * parameter row's bit is 1u << its dsp_param_id (see core/schema/ptable.h). */
#define DSP_GIVEN_PARAM(id)	(1u << (id))
#define DSP_GIVEN_FAMILY	DSP_GIVEN_PARAM(DSP_P_FAMILY)
#define DSP_GIVEN_N		DSP_GIVEN_PARAM(DSP_P_N)
#define DSP_GIVEN_DELTA		DSP_GIVEN_PARAM(DSP_P_DELTA)
#define DSP_GIVEN_THETA		DSP_GIVEN_PARAM(DSP_P_THETA)
#define DSP_GIVEN_LAMBDA	DSP_GIVEN_PARAM(DSP_P_LAMBDA)
#define DSP_GIVEN_EPS		DSP_GIVEN_PARAM(DSP_P_EPS)
#define DSP_GIVEN_SEED		DSP_GIVEN_PARAM(DSP_P_SEED)
#define DSP_GIVEN_TOPK		DSP_GIVEN_PARAM(DSP_P_TOPK)
#define DSP_GIVEN_ATTN		DSP_GIVEN_PARAM(DSP_P_ATTN)
#define DSP_GIVEN_ADAPTIVE	DSP_GIVEN_PARAM(DSP_P_ADAPTIVE)
#define DSP_GIVEN_SSMAX_S	DSP_GIVEN_PARAM(DSP_P_SSMAX_S)
#define DSP_GIVEN_ALPHA		DSP_GIVEN_PARAM(DSP_P_ALPHA)
#define DSP_GIVEN_PRECISION	DSP_GIVEN_PARAM(DSP_P_PRECISION)
#define DSP_GIVEN_HEAD		DSP_GIVEN_PARAM(DSP_P_HEAD)
#define DSP_GIVEN_MODEL		DSP_GIVEN_PARAM(DSP_P_MODEL)
#define DSP_GIVEN_INPUT		(1u << (DSP_P_COUNT + 0))
#define DSP_GIVEN_FORMAT	(1u << (DSP_P_COUNT + 1))
#define DSP_GIVEN_OUTPUT	(1u << (DSP_P_COUNT + 2))
#define DSP_GIVEN_MEM_BUDGET	(1u << (DSP_P_COUNT + 3))

struct dsp_opts {
	const char	*cmd;		/* "report"; NULL for the TUI */
	dsp_params	 params;	/* defaults, then the options */
	enum dsp_format	 format;	/* --format, default text */
	const char	*output;	/* -o FILE; NULL = stdout ("-" too) */
	const char	*input;		/* --input FILE ("-" = stdin) or NULL */
	double		*logits;	/* loaded --input logits (owned) */
	uint64_t	 mem_budget;	/* --mem-budget bytes (0: none); the
					   parser attaches a job with it to
					   the calling thread (core/job.h) */
	struct dsp_rowset *rows;	/* --input FILE.npy|.npz (owned): the
					   --head row of it is params.logits */
	int		 input_lazy;	/* set before parsing by a command that
					   evaluates with dsp_opts_eval: a
					   .npy row used in place is not
					   scanned for NaN and infinities
					   first (the kernel's pass does it) */
	int		 input_unchecked; /* that row is unscanned */
	unsigned	 given;		/* DSP_GIVEN_* bits */
	unsigned	 omit;		/* spec.omit: not stamped either */
	int		 optind;	/* first operand after parsing */
	int		 status;	/* exit status when parse returns != 0 */
};

/* One of a command's own options: getopt's row and its --help line, the
 * one list a command writes (tmux's options-table.c): the parser builds
 * getopt's table, --help and --list-options from the rows. */
struct dsp_opt_row {
	const char	*name;		/* "vary": --vary */
	int		 letter;	/* its short form ('o': -o), or 0 */
	const char	*arg;		/* "P" in "--vary P"; NULL: a flag */
	int		 code;		/* passed to the spec's cb */
	const char	*help;		/* --help's text, wrapped there (a '\n'
					   starts a line); NULL: not listed */
};

struct dsp_opts_spec {
	const char		*usage;		/* "disperse report [options]" */
	const char		*help;		/* what the command does, or NULL */
	/* Called for every extra option: code is the val of the option (a
	 * row's code, also for its letter).  Return 0, or the status from
	 * dsp_opts_usage(). */
	int			(*cb)(struct dsp_opts *o, int code, const char *arg,
				    void *ctx);
	void			*ctx;
	unsigned		 omit;		/* DSP_GIVEN_* options this command lacks */
	/* The names an extra option takes, space separated, for the shell's
	 * completion (--list-options), or NULL: any value.  May be NULL. */
	const char		*(*values)(int code);
	/* The figure options (--figure-size, --font-size, --figure-format,
	 * --dpi: the figure rows of the view-option table, their help lines
	 * and names from it, code figures + the row's id; cli/figopts.h), or
	 * 0: the command writes no figures. */
	int			 figures;
	/* The command's own options, {0} terminated: listed by --help after
	 * help, each wrapped under its head; then notes (or NULL). */
	const struct dsp_opt_row *rows;
	const char		*notes;
};

/* For messages and the values hooks: names[0 .. count) joined by sep
 * ("a, b" or "a b") into buf, which is returned. */
const char *dsp_opts_join(const char *const *names, int count, const char *sep,
	    char *buf, size_t len);
/* The index of arg among names[0 .. count) (case as written, or with
 * nocase the schema's rule, dsp_name_index), or -1: a named option value
 * through its table. */
int	dsp_opts_index(const char *const *names, int count, const char *arg, int nocase);
/* name(0 .. count), space separated, into buf (returned): a core table's
 * names for a values hook; the map metrics' (--metric) ready made. */
const char *dsp_opts_names_of(const char *(*name)(int), int count, char *buf,
	    size_t len);
const char *dsp_opts_metric_names(void);

void	dsp_opts_init(struct dsp_opts *o, const char *cmd);
/* Copy the parameters given on the command line over p (a loaded view). */
void	dsp_opts_override(const struct dsp_opts *o, dsp_params *p);
/* Parse argv[1..] (argv[0] is the command or program name), load --input,
 * check the parameters.  0: go on; otherwise return o->status (0 after
 * --help, 2 usage error, 1 runtime failure; the line is already printed). */
int	dsp_opts_parse(struct dsp_opts *o, const struct dsp_opts_spec *s,
	    int argc, char **argv);
void	dsp_opts_free(struct dsp_opts *o);
/* dsp_view_eval of o->params.  With o->input_lazy the --input row may be
 * unscanned: if the evaluation fails, the row is checked (converted when
 * it has masked keys; the reader's error naming a NaN) and evaluated
 * again, so the result and every message are those of an eager scan. */
int	dsp_opts_eval(struct dsp_opts *o, dsp_summary *s);

/* --help's lines of rows (a command's own options, or the TUI's), and the
 * "Figure options" section from the view-option table's figure rows
 * (help, metavar and default of each); opts_help.c. */
void	dsp_opts_rows_help(FILE *fp, const struct dsp_opt_row *rows);
void	dsp_opts_figure_help(FILE *fp);
/* Print the common options help (for --help). */
void	dsp_opts_help(FILE *fp, unsigned omit);

/* Messages: one line "disperse CMD: ..." on stderr.  Both return the
 * status they store in o->status (2 and 1). */
int	dsp_opts_usage(struct dsp_opts *o, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
int	dsp_opts_fail(struct dsp_opts *o, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
/* Runtime failure of a core call: prints dsp_last_error() (or the code's
 * text) after what, returns 1. */
int	dsp_opts_core_fail(struct dsp_opts *o, const char *what, int code);

/* Strict number parsing for option arguments; on error they print the
 * usage line naming opt ("--delta") and return 2, else 0. */
int	dsp_opts_double(struct dsp_opts *o, const char *opt, const char *arg,
	    double *v);
/* A size: 1048576, 2^40, 1e6, 16Ki, 1Mi, 1Gi, 1Ti (binary suffixes),
 * 1 <= v <= 2^63. */
int	dsp_opts_size(struct dsp_opts *o, const char *opt, const char *arg,
	    uint64_t *v);
/* Unsigned integer 0 .. 2^64-1 (seeds). */
int	dsp_opts_uint(struct dsp_opts *o, const char *opt, const char *arg,
	    uint64_t *v);
/* "16,64,256": at most max sizes, each 1 .. hi, into out (*count of them);
 * 0, or the usage status (printed, naming opt). */
int	dsp_opts_size_list(struct dsp_opts *o, const char *opt, const char *arg,
	    uint64_t hi, size_t max, size_t *out, size_t *count);
/* "a:b" with two strict finite doubles. */
int	dsp_opts_range(struct dsp_opts *o, const char *opt, const char *arg,
	    double *a, double *b);
/* "a:b" into the view option d of m, checked against its domain; on error
 * the usage line naming opt, return 2. */
int	dsp_opts_vopt(struct dsp_opts *o, const char *opt, const char *arg,
	    const dsp_vopt_def *d, dsp_map_spec *m);

/* Output: stdout or -o FILE.  NULL after printing a runtime error.  A
 * file is written into a temporary and published only when the command
 * succeeds (dsp_opts_open_file): a failed run leaves the old file. */
FILE	*dsp_opts_open_output(struct dsp_opts *o);
/* Flush/close; prints a runtime error and returns 1 on write failure. */
int	dsp_opts_close_output(struct dsp_opts *o, FILE *fp);
/* Any output file of the command (-o, --svg figures, frames): the stream
 * of its temporary (export/atomic.h, dsp_afset), NULL after printing the
 * error.  announce: its path is printed once published (below). */
FILE	*dsp_opts_open_file(struct dsp_opts *o, const char *path, int announce);
/* Done with fp (flushed, synced, closed); 0, or 1 after printing. */
int	dsp_opts_close_file(struct dsp_opts *o, FILE *fp);
/* After the command returned status (cli.c): 0 publishes every file it
 * opened and then prints the announced paths on stdout -- on stderr when
 * the command's data went to stdout (a failure: one line, status 1);
 * otherwise every temporary is removed and the old files stay.  Returns
 * the final status. */
int	dsp_opts_outputs_finish(const char *cmd, int status);
/* Write table t in o->format to the output; returns the exit status. */
int	dsp_opts_write_table(struct dsp_opts *o, const dsp_table *t);
/* A command with several tables (--table NAME): the one named, or with
 * "all" each in turn (which: as dsp_opts_tables_resolve left it). */
int	dsp_opts_write_tables(struct dsp_opts *o, const dsp_table *const *ts,
	    const char *const *names, size_t count, const char *which);
/* After parsing, the --table choice *which (NULL: not given): all as
 * text, the first table as CSV or JSON; "all" with CSV or JSON is a usage
 * error (0, or the status). */
int	dsp_opts_tables_resolve(struct dsp_opts *o, const char *const *names,
	    const char **which);
/* --table's values for --list-options: names and "all". */
const char *dsp_opts_table_values(const char *const *names, size_t count);
/* --table ARG: one of names or "all" into *which; else the usage line. */
int	dsp_opts_table_pick(struct dsp_opts *o, const char *arg,
	    const char *const *names, size_t count, const char **which);

/* Stamp program version, command and every parameter (and the seed),
 * except those the command omits (spec.omit). */
int	dsp_opts_stamp(const struct dsp_opts *o, dsp_table *t);
/* Key/value tables for report and bound: columns quantity, value, note.
 * The table is stamped with o's parameters. */
dsp_table *dsp_kv_table(const struct dsp_opts *o, const char *title);
int	dsp_kv_num(dsp_table *t, const char *key, double v, const char *note);
int	dsp_kv_text(dsp_table *t, const char *key, const char *text,
	    const char *note);
/* A value known by its natural log: a number when it is a normal double
 * ("1.2e+305", "3.4e-300"; 0 for a log of -inf), else "exp(1000.3)" or,
 * below the smallest normal double, "exp(-996.9)" instead of a 0 or a
 * subnormal with few digits; "inf" for a log of +inf. */
int	dsp_kv_logsize(dsp_table *t, const char *key, double logv,
	    const char *note);
char	*dsp_fmt_exp(char *buf, size_t size, double logv);

/* Shortest "%.*g" text of v that reads back exactly. */
char	*dsp_fmt_double(char *buf, size_t size, double v);

#endif
