/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The parameter table walked row by row: every row's sample value goes
 * through the CLI option, the snapshot JSON and the loader and comes back
 * equal; every row is documented in the man page with its domain and
 * default; the loader keeps the CLI's limits.
 *
 * `test-ptable --rows` prints "name unicode-name value --option [value]" per
 * row for the
 * tmux test (tests/tui/test-params.sh), which types `:name value`. */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/opts.h"
#include "core/error.h"
#include "core/schema/ptable.h"
#include "export/snapshot.h"
#include "tap.h"

static const char *
srcdir(void)
{
	const char *s = getenv("top_srcdir");

	return s != NULL ? s : ".";
}

/* A value of the row that is not its default and lies in its domain:
 * one fine step up (the family: the next name, never "file"). */
static void
sample(const dsp_param_def *d, char *buf, size_t size)
{
	double x;
	int e;

	switch (d->type) {
	case DSP_PT_REAL:
		x = d->step == DSP_STEP_MUL ? d->def * d->fine : d->def + d->fine;
		if (x > d->max)
			x = d->def - d->fine;
		dsp_real_format(buf, size, x);
		break;
	case DSP_PT_SIZE:
	case DSP_PT_UINT:
		snprintf(buf, size, "%llu", (unsigned long long)(d->step == DSP_STEP_MUL ?
		    d->def * d->fine : d->def + d->fine));
		break;
	case DSP_PT_ENUM:
		e = ((int)d->def + 1) % d->nnames;
		snprintf(buf, size, "%s", d->names[e]);
		break;
	case DSP_PT_BOOL:
		snprintf(buf, size, "%s", d->def != 0 ? "off" : "on");
		break;
	case DSP_PT_HEAD:
		snprintf(buf, size, "1.10");	/* layer 1, head 10: not the number 1.1 */
		break;
	case DSP_PT_PATH: {
		char rel[4096];

		/* The shipped model (the learned family's file), by its
		 * absolute name: the name the program keeps, so a saved view
		 * opens it from any directory.  buf holds 4096 bytes. */
		snprintf(rel, sizeof rel, "%s/examples/maxret-model.json", srcdir());
		if (size < PATH_MAX || realpath(rel, buf) == NULL)
			snprintf(buf, size, "%s", rel);
		break;
	}
	}
}

static int
same_row(const dsp_param_def *d, const dsp_params *a, const dsp_params *b)
{
	switch (d->type) {
	case DSP_PT_REAL:
		return dsp_param_get_real(d, a) == dsp_param_get_real(d, b);
	case DSP_PT_SIZE:
	case DSP_PT_UINT:
	case DSP_PT_HEAD:
		return dsp_param_get_uint(d, a) == dsp_param_get_uint(d, b);
	case DSP_PT_PATH:
		return (dsp_param_get_path(d, a) == NULL) == (dsp_param_get_path(d, b) == NULL) &&
		    (dsp_param_get_path(d, a) == NULL ||
		    strcmp(dsp_param_get_path(d, a), dsp_param_get_path(d, b)) == 0);
	default:
		return dsp_param_get_enum(d, a) == dsp_param_get_enum(d, b);
	}
}

static char tmpdir[] = "/tmp/dsp-ptable-XXXXXX";

/* Write v as a snapshot and load the JSON back into *out. */
static int
json_round_trip(const dsp_viewstate *v, dsp_viewstate *out)
{
	dsp_snapshot_files f;
	double *logits = NULL;
	size_t i;
	int rc;

	if ((rc = dsp_snapshot_write(v, "screen", tmpdir, &f)) != DSP_OK)
		return rc;
	rc = DSP_EIO;
	dsp_view_default(out);
	for (i = 0; i < f.count; i++)
		if (strstr(f.path[i], ".json") != NULL)
			rc = dsp_snapshot_load(f.path[i], out, &logits);
	for (i = 0; i < f.count; i++)
		unlink(f.path[i]);
	free(logits);
	return rc;
}

static void
walk_rows(void)
{
	const dsp_param_def *d;
	struct dsp_opts o;
	dsp_viewstate v, back;
	dsp_params t, def;
	char val[4096], opt[64], *argv[4];
	int id, rc;

	for (id = 0; id < DSP_P_COUNT; id++) {
		d = dsp_param(id);
		sample(d, val, sizeof val);
		/* The value is a text the row's own parser takes... */
		dsp_params_default(&t);
		dsp_params_default(&def);
		ok(dsp_param_parse(d, val, &t, NULL) == DSP_OK && !same_row(d, &t, &def),
		    "%s: sample '%s' parses and differs from the default", d->name, val);
		/* The head needs an array of several rows (head_row below). */
		if (id == DSP_P_HEAD)
			continue;
		/* ...the CLI option sets the same value... */
		snprintf(opt, sizeof opt, "--%s", d->opt_long);
		argv[0] = "test";
		argv[1] = opt;
		argv[2] = val;
		argv[3] = NULL;
		if (d->type == DSP_PT_BOOL) {
			snprintf(opt, sizeof opt, "--%s%s", strcmp(val, "on") == 0 ? "" : "no-",
			    d->opt_long);
			argv[2] = NULL;
		}
		dsp_opts_init(&o, "test");
		fflush(stdout);
		rc = dsp_opts_parse(&o, NULL, argv[2] != NULL ? 3 : 2, argv);
		ok(rc == 0 && same_row(d, &o.params, &t) &&
		    (o.given & DSP_GIVEN_PARAM(id)),
		    "%s: %s %s on the command line", d->name, opt, argv[2] ? val : "");
		/* ...the JSON of a snapshot writes it and the loader reads it
		 * back (a small view: the figures are not what is tested). */
		dsp_view_default(&v);
		v.params = o.params;
		v.map.cols = 4;
		v.map.rows = 3;
		v.curve_lo = 1;
		v.curve_hi = 64;
		v.curve_points = 4;
		rc = json_round_trip(&v, &back);
		ok(rc == DSP_OK && same_row(d, &back.params, &t),
		    "%s: snapshot JSON -> load gives %s back%s%s", d->name, val,
		    rc ? ": " : "", rc ? dsp_last_error() : "");
		dsp_opts_free(&o);
		/* Every name a user sees finds the row. */
		ok(dsp_param_find(d->name) == d && dsp_param_find(d->opt_long) == d &&
		    (d->uname == NULL || dsp_param_find(d->uname) == d) &&
		    (d->alias == NULL || dsp_param_find(d->alias) == d),
		    "%s: found by every name", d->name);
	}
	ok(dsp_param_find("nosuch") == NULL && dsp_param_find("") == NULL &&
	    dsp_param_find(NULL) == NULL, "unknown names are not found");
}

/* The head row: "L.H" and "L.H.Q" read and write back exactly, a bad
 * form names the syntax, and a snapshot of a file family carries it as a
 * string ("1.10" is layer 1, head 10). */
static void
head_row(void)
{
	static const char *good[] = { "0.0", "1.10", "3.5.17", "16777215.1048575" };
	static const char *bad[] = { "1", "1.", ".1", "1.2.3.4", "1.-2", "a.b", "1.2 ",
	    "16777216.0", "0.1048576" };
	const dsp_param_def *d = dsp_param(DSP_P_HEAD);
	static const double x[3] = { 1, 2, 3 };
	dsp_viewstate v, back;
	dsp_params p;
	char buf[64];
	size_t i;
	int rc;

	for (i = 0; i < sizeof good / sizeof good[0]; i++) {
		dsp_params_default(&p);
		ok(dsp_param_parse(d, good[i], &p, NULL) == DSP_OK &&
		    strcmp(dsp_param_format(d, &p, buf, sizeof buf), good[i]) == 0,
		    "head '%s' reads and writes back ('%s')", good[i], buf);
	}
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		dsp_params_default(&p);
		ok(dsp_param_parse(d, bad[i], &p, "--head") == DSP_EINVAL && p.head == 0 &&
		    strstr(dsp_last_error(), "--head") != NULL,
		    "head '%s' refused: %s", bad[i], dsp_last_error());
	}
	dsp_params_default(&p);
	ok(!dsp_param_applies(d, &p), "the head does not apply to the power series");
	dsp_view_default(&v);
	v.params.family = DSP_FAM_FILE;
	v.params.logits = x;
	v.params.n_logits = 3;
	v.params.n = 3;
	v.map.cols = 4;
	v.map.rows = 3;
	v.curve_lo = 1;
	v.curve_hi = 64;
	v.curve_points = 4;
	dsp_param_parse(d, "1.10", &v.params, NULL);
	rc = json_round_trip(&v, &back);
	ok(rc == DSP_OK && back.params.head == v.params.head,
	    "snapshot of a file family: head 1.10 written and loaded back%s%s",
	    rc ? ": " : "", rc ? dsp_last_error() : "");
}

/* Defaults: the table's default of every row is inside its domain. */
static void
defaults(void)
{
	dsp_params p;
	int id;

	dsp_params_default(&p);
	for (id = 0; id < DSP_P_COUNT; id++)
		if (dsp_param_check(dsp_param(id), &p, NULL) != DSP_OK)
			break;
	ok(id == DSP_P_COUNT, "every default is inside its domain");
	/* The documented default view (README, doc/guide.md): these numbers are the
	 * defaults the paper-facing text cites. */
	ok(p.family == DSP_FAM_POWER && p.n == 16 && p.delta == 4 && p.theta == 1 &&
	    p.lambda == 0.5 && p.eps == 0.01 && p.seed == 1 && p.topk == 1 &&
	    p.attn == DSP_ATTN_SOFTMAX && !p.adaptive && p.ssmax_s == 1 &&
	    p.alpha == 1.5 && p.precision == DSP_PREC_DOUBLE,
	    "defaults: power, n 16, delta 4, theta 1, lambda 0.5, eps 0.01, ...");
}

/* Domain messages name the option and the range (issue 16, item 9). */
static void
domains(void)
{
	const dsp_param_def *a = dsp_param(DSP_P_ALPHA);
	dsp_params p;

	dsp_params_default(&p);
	ok(dsp_param_parse(a, "1e308", &p, "--alpha") == DSP_EINVAL &&
	    strcmp(dsp_last_error(), "--alpha must be in (1, 1000000] (got 1e+308)") == 0,
	    "alpha 1e308: '%s'", dsp_last_error());
	ok(dsp_param_parse(dsp_param(DSP_P_THETA), "-1e308", &p, NULL) == DSP_EINVAL &&
	    strstr(dsp_last_error(), "theta must be in [-1e+300, 1e+300]") != NULL,
	    "theta -1e308: '%s'", dsp_last_error());
	ok(dsp_param_parse(dsp_param(DSP_P_TOPK), "0", &p, "--topk") == DSP_EINVAL &&
	    p.topk == 1, "topk 0 refused, value unchanged: '%s'", dsp_last_error());
	ok(dsp_param_parse(dsp_param(DSP_P_EPS), "0", &p, NULL) == DSP_EINVAL &&
	    dsp_param_parse(dsp_param(DSP_P_EPS), "1", &p, NULL) == DSP_OK && p.eps == 1,
	    "eps: 0 excluded (open), 1 included (closed)");
	/* A long spelling of a small size is still that size. */
	{
		char big[200];
		uint64_t u = 0;

		memset(big, '0', sizeof big);
		snprintf(big + 150, sizeof big - 150, "16.0e0");
		ok(dsp_parse_size(big, &u) == 0 && u == 16,
		    "a 156-character size '000...16.0e0' reads as 16");
	}
}

static void
presets(void)
{
	/* The authors' reported Gemma spreads (paper-notes.md, Prop. 3.1). */
	static const struct { const char *name; double delta; } want[] = {
		{ "gemma-2b-min", 2.28 }, { "gemma-2b-mean", 5.69 },
		{ "gemma-2b-max", 14.78 }, { "gemma-7b-min", 0.09 },
		{ "gemma-7b-mean", 5.82 }, { "gemma-7b-max", 32.74 },
	};
	struct dsp_opts o;
	char *argv[] = { "test", "--preset", NULL, NULL };
	size_t i;

	for (i = 0; i < sizeof want / sizeof want[0]; i++) {
		argv[2] = (char *)want[i].name;
		dsp_opts_init(&o, "test");
		ok(dsp_opts_parse(&o, NULL, 3, argv) == 0 && o.params.delta == want[i].delta &&
		    (o.given & DSP_GIVEN_DELTA),
		    "--preset %s sets delta = %g", want[i].name, want[i].delta);
		dsp_opts_free(&o);
	}
	ok(dsp_preset_get(i) == NULL, "exactly six presets");
}

/* The loader's checks equal the CLI's (issue 16, item 5). */
/* Sweep ranges and values (sweep, animate, the TUI's play): n over
 * 1 .. 2^40 at 4 an octave hits the powers of 2 exactly (frame 4k is
 * 2^k), and frame 1 is round(2^(1/4)) = round(1.189) = 1; linear rows
 * reach both ends exactly. */
static void
sweeps(void)
{
	const dsp_param_def *n = dsp_param(DSP_P_N), *th = dsp_param(DSP_P_THETA),
	    *de = dsp_param(DSP_P_DELTA);
	double lo = 0, hi = 0, a = 0, b = 0;

	ok(dsp_param_sweep_range(n, &lo, &hi) == DSP_OK && lo == 1 && hi == 1099511627776.0,
	    "n sweeps 1 .. 2^40");
	ok(dsp_param_sweep_range(th, &a, &b) == DSP_OK && a == -2 && b == 2,
	    "theta sweeps -2 .. 2");
	ok(dsp_param_sweep_range(de, &a, &b) == DSP_OK && a == 0 && b == 16,
	    "delta sweeps 0 .. 16");
	ok(dsp_param_sweep_range(dsp_param(DSP_P_SEED), &a, &b) == DSP_EINVAL,
	    "seed has no sweep range");
	ok(dsp_param_sweep_value(n, lo, hi, 0, 161) == 1 &&
	    dsp_param_sweep_value(n, lo, hi, 1, 161) == 1 &&
	    dsp_param_sweep_value(n, lo, hi, 4, 161) == 2 &&
	    dsp_param_sweep_value(n, lo, hi, 80, 161) == 1048576 &&
	    dsp_param_sweep_value(n, lo, hi, 160, 161) == 1099511627776.0,
	    "n frames 0, 1, 4, 80, 160 of 161: 1, 1, 2, 2^20, 2^40");
	ok(dsp_param_sweep_value(th, -2, 2, 0, 81) == -2 &&
	    dsp_param_sweep_value(th, -2, 2, 80, 81) == 2 &&
	    fabs(dsp_param_sweep_value(th, -2, 2, 41, 81) - 0.05) < 1e-15,
	    "theta frames 0, 41, 80 of 81: -2, 0.05, 2");
}

static void
loader_limits(void)
{
	static const struct { const char *json, *want, *what; } bad[] = {
		{ "{\"format\": \"disperse-snapshot\", \"format_version\": 1, "
		  "\"params\": {\"topk\": 0}}", "params.topk must be in 1 .. 2^63",
		  "topk 0 refused like --topk 0" },
		{ "{\"format\": \"disperse-snapshot\", \"params\": {}}",
		  "format_version: missing", "a missing format_version is refused" },
		{ "{\"format\": \"disperse-snapshot\", \"format_version\": 1, "
		  "\"params\": {\"family\": \"file\", \"n\": 5, \"logits\": [1, 2, 3]}}",
		  "params.n: 5 disagrees with the 3 logits",
		  "a file family's n must be its number of logits" },
		{ "{\"format\": \"disperse-snapshot\", \"format_version\": 1, "
		  "\"params\": {\"alpha\": 1e308}}", "params.alpha must be in (1, 1000000]",
		  "alpha 1e308 refused like --alpha 1e308" },
	};
	char path[4096];
	dsp_viewstate v;
	double *logits = NULL;
	FILE *fp;
	size_t i;
	int rc;

	snprintf(path, sizeof path, "%s/in.json", tmpdir);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		if ((fp = fopen(path, "w")) != NULL) {
			fputs(bad[i].json, fp);
			fclose(fp);
		}
		dsp_view_default(&v);
		rc = dsp_snapshot_load(path, &v, &logits);
		ok(rc != DSP_OK && strstr(dsp_last_error(), bad[i].want) != NULL,
		    "%s: %s", bad[i].what, dsp_last_error());
		free(logits);
		logits = NULL;
	}
	/* explicit_max in a file never lifts the program's limit. */
	if ((fp = fopen(path, "w")) != NULL) {
		fputs("{\"format\": \"disperse-snapshot\", \"format_version\": 1, "
		    "\"params\": {\"n\": 1048576, \"explicit_max\": 1099511627776}}", fp);
		fclose(fp);
	}
	dsp_view_default(&v);
	rc = dsp_snapshot_load(path, &v, &logits);
	ok(rc == DSP_OK && v.params.n == 1048576 && v.params.explicit_max == 0,
	    "explicit_max 2^40 in a file is ignored (limit stays the program's)");
	free(logits);
	unlink(path);
}

/* The man page documents every row: its option, its domain as the table
 * prints it and its default; every preset by name. */
static void
man_page(void)
{
	char path[4096], *man = NULL, *sect, *end, esc[256], want[512], dom[160],
	    def[64], *entry, *next;
	const dsp_param_def *d;
	const dsp_preset *ps;
	dsp_params p;
	size_t len = 0, i, k;
	FILE *fp;
	int id, n;

	snprintf(path, sizeof path, "%s/doc/disperse.1", srcdir());
	if ((fp = fopen(path, "r")) != NULL) {
		man = malloc(1 << 20);
		if (man != NULL)
			len = fread(man, 1, (1 << 20) - 1, fp);
		fclose(fp);
	}
	if (man == NULL) {
		ok(0, "man page %s readable", path);
		return;
	}
	man[len] = '\0';
	sect = strstr(man, ".SH COMMON OPTIONS");
	end = sect != NULL ? strstr(sect + 1, "\n.SH ") : NULL;
	ok(sect != NULL && end != NULL, "man page has COMMON OPTIONS");
	if (sect == NULL || end == NULL) {
		free(man);
		return;
	}
	*end = '\0';
	dsp_params_default(&p);
	for (id = 0; id < DSP_P_COUNT; id++) {
		d = dsp_param(id);
		/* groff escapes every '-'. */
		for (i = 0, k = 0; d->opt_long[i] != '\0' && k + 3 < sizeof esc; i++) {
			if (d->opt_long[i] == '-')
				esc[k++] = '\\';
			esc[k++] = d->opt_long[i];
		}
		esc[k] = '\0';
		snprintf(want, sizeof want, "\\-\\-%s", esc);
		entry = strstr(sect, want);
		next = entry != NULL ? strstr(entry, "\n.TP") : NULL;
		if (next != NULL)
			*next = '\0';
		dsp_param_domain(d, dom, sizeof dom);
		dsp_param_format(d, &p, def, sizeof def);
		if (d->type == DSP_PT_BOOL)
			snprintf(def, sizeof def, "%s", p.adaptive ? "on" : "off");
		n = entry != NULL;
		if (n && d->type == DSP_PT_ENUM) {
			for (i = 0; i < (size_t)d->nnames && n; i++) {
				char nm[64];

				for (k = 0; d->names[i][k] != '\0'; k++)
					;
				snprintf(nm, sizeof nm, "%s", d->names[i]);
				if (strchr(nm, '-') != NULL) {	/* fp8-e4m3 -> fp8\-e4m3 */
					char *m = strchr(nm, '-');
					memmove(m + 1, m, strlen(m) + 1);
					*m = '\\';
				}
				n = strstr(entry, nm) != NULL;
			}
		} else if (n && d->type != DSP_PT_BOOL) {
			char dd[200];

			/* "[\-1e+300, 1e+300]": the table's text, '-' escaped. */
			for (i = 0, k = 0; dom[i] != '\0' && k + 3 < sizeof dd; i++) {
				if (dom[i] == '-')
					dd[k++] = '\\';
				dd[k++] = dom[i];
			}
			dd[k] = '\0';
			n = strstr(entry, dd) != NULL;
		}
		snprintf(want, sizeof want, "default %s", def);
		if (n)
			n = strstr(entry, want) != NULL;
		ok(n, "man page: --%s with its domain %s and '%s'", d->opt_long, dom, want);
		if (next != NULL)
			*next = '\n';
	}
	for (i = 0; (ps = dsp_preset_get(i)) != NULL; i++) {
		for (k = 0, len = 0; ps->name[k] != '\0' && len + 3 < sizeof esc; k++) {
			if (ps->name[k] == '-')
				esc[len++] = '\\';
			esc[len++] = ps->name[k];
		}
		esc[len] = '\0';
		ok(strstr(sect, esc) != NULL, "man page names preset %s", ps->name);
	}
	free(man);
}

int
main(int argc, char **argv)
{
	char val[4096];
	int id;

	(void)is_int;	/* tap.h helpers this test does not need */
	(void)is_close;
	(void)is_rel;
	if (argc > 1 && strcmp(argv[1], "--rows") == 0) {
		/* name, Unicode name (or -), sample value, CLI form */
		for (id = 0; id < DSP_P_COUNT; id++) {
			const dsp_param_def *d = dsp_param(id);

			if (id == DSP_P_HEAD)
				continue;	/* needs an array (tests/tui/test-heads.sh) */
			sample(d, val, sizeof val);
			printf("%s %s %s ", d->name, d->uname ? d->uname : "-", val);
			if (d->type == DSP_PT_BOOL)
				printf("--%s%s\n", strcmp(val, "on") == 0 ? "" : "no-",
				    d->opt_long);
			else if (d->type == DSP_PT_PATH)
				/* `:model FILE` shows the learned family, as
				 * --model does unless another --family is
				 * given: the walk gave one (spike). */
				printf("--family learned --%s %s\n", d->opt_long, val);
			else
				printf("--%s %s\n", d->opt_long, val);
		}
		return 0;
	}
	if (mkdtemp(tmpdir) == NULL) {
		printf("Bail out! mkdtemp\n");
		return 1;
	}
	/* The parser prints usage errors on stderr: none expected here. */
	defaults();
	walk_rows();
	head_row();
	domains();
	presets();
	sweeps();
	loader_limits();
	man_page();
	rmdir(tmpdir);
	return tap_done();
}
