/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The shared option parser: size and number syntax, merged command
 * options, exit statuses. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cli/figopts.h"
#include "cli/opts.h"
#include "tap.h"

static void
size_ok(const char *s, uint64_t want)
{
	uint64_t v = 0;
	int rc = dsp_parse_size(s, &v);

	ok(rc == 0 && v == want, "size '%s' = %llu", s, (unsigned long long)want);
	if (rc != 0 || v != want)
		diag("  rc %d, got %llu", rc, (unsigned long long)v);
}

static void
size_bad(const char *s)
{
	uint64_t v = 0;

	ok(dsp_parse_size(s, &v) != 0, "size '%s' rejected", s);
}

enum { OPT_X = DSP_OPT_USER };

static int
cb(struct dsp_opts *o, int code, const char *arg, void *ctx)
{
	double *x = ctx;

	if (code == OPT_X)
		return dsp_opts_double(o, "--x", arg, x);
	return dsp_opts_usage(o, "unexpected code %d", code);
}

/* The figure rows' codes start here (a command's OPT_FIG0). */
enum { OPT_FIG = DSP_OPT_USER + 16 };
static struct dsp_figopts fig;

static int
fig_cb(struct dsp_opts *o, int code, const char *arg, void *ctx)
{
	int st = dsp_figopts_take(ctx, o, code, arg);

	return st >= 0 ? st : dsp_opts_usage(o, "unexpected code %d", code);
}

static int
parse(struct dsp_opts *o, double *x, int argc, char **argv)
{
	/* A command's own option as a row: --x and its short form -X (the
	 * callback sees the row's code for both). */
	static const struct dsp_opt_row rows[] = {
		{ "x", 'X', "V", OPT_X, "a number" },
		{ NULL, 0, NULL, 0, NULL }
	};
	struct dsp_opts_spec s = { .usage = "t", .cb = cb, .rows = rows };

	s.ctx = x;
	dsp_opts_init(o, "test");
	return dsp_opts_parse(o, &s, argc, argv);
}

int
main(void)
{
	struct dsp_opts o;
	double x = 0, d = 0;
	char *a1[] = { "test", "--n", "2^40", "--theta=-1.5", "--x", "3.25", "--family",
	    "spike", "--format", "json", "-o", "out", NULL };
	char *a1r[] = { "test", "--n", "4", "rest", NULL };
	char *a2[] = { "test", "--delta", "1e400", NULL };
	char *a3[] = { "test", "--nope", NULL };
	char *a4[] = { "test", "--x", NULL };
	char *a5[] = { "test", "-X", "7.5", NULL };

	size_ok("1", 1);
	size_ok("1048576", 1048576);
	size_ok("9007199254740993", 9007199254740993ULL);
	size_ok("2^40", (uint64_t)1 << 40);
	size_ok("2^63", (uint64_t)1 << 63);
	size_ok("9223372036854775808", (uint64_t)1 << 63);
	size_ok("1e6", 1000000);
	size_ok("1.5e3", 1500);
	size_ok("16Ki", 16384);
	size_ok("1Mi", 1 << 20);
	size_ok("1Gi", 1 << 30);
	size_ok("8Ei", (uint64_t)1 << 63);
	size_bad("0");
	size_bad("-3");
	size_bad("abc");
	size_bad("");
	size_bad("1.5");
	size_bad("2^64");
	size_bad("9223372036854775809");
	size_bad("18446744073709551616");
	size_bad("1e19");
	size_bad("16Ei");
	size_bad(" 1");
	size_bad("1 ");
	size_bad("1Xi");
	size_bad("nan");
	size_bad("inf");
	size_bad("0^3");
	ok(dsp_parse_double("-0.5", &d) == 0 && d == -0.5, "double -0.5");
	ok(dsp_parse_double("1e400", &d) != 0, "double 1e400 rejected (not finite)");
	ok(dsp_parse_double("nan", &d) != 0 && dsp_parse_double("inf", &d) != 0,
	    "nan and inf rejected");
	ok(dsp_parse_double("1,5", &d) != 0 && dsp_parse_double("", &d) != 0 &&
	    dsp_parse_double(" 1", &d) != 0, "garbage rejected");

	is_int(parse(&o, &x, 12, a1), 0, "common and command options together");
	ok(o.params.n == (uint64_t)1 << 40 && o.params.theta == -1.5 && x == 3.25 &&
	    o.params.family == DSP_FAM_SPIKE && o.format == DSP_FMT_JSON &&
	    o.output != NULL && strcmp(o.output, "out") == 0, "values parsed");
	is_close(o.params.theta, -1.5, 0, "--theta=-1.5");
	is_rel(x, 3.25, 0, "command option --x 3.25");
	ok((o.given & (DSP_GIVEN_N | DSP_GIVEN_THETA | DSP_GIVEN_FAMILY)) ==
	    (DSP_GIVEN_N | DSP_GIVEN_THETA | DSP_GIVEN_FAMILY) && !(o.given & DSP_GIVEN_DELTA),
	    "given bits");
	ok(o.optind == 12, "every argument consumed (optind %d)", o.optind);
	dsp_opts_free(&o);
	/* No command takes operands: the parser itself rejects a stray word. */
	fprintf(stderr, "# expected error line follows\n");
	ok(parse(&o, &x, 4, a1r) != 0 && o.status == 2, "stray operand: usage error, status 2");
	dsp_opts_free(&o);
	fprintf(stderr, "# expected error lines follow\n");
	x = 0;
	ok(parse(&o, &x, 3, a2) != 0 && o.status == 2, "--delta 1e400: status 2");
	dsp_opts_free(&o);
	ok(parse(&o, &x, 2, a3) != 0 && o.status == 2, "unknown option: status 2");
	dsp_opts_free(&o);
	ok(parse(&o, &x, 2, a4) != 0 && o.status == 2, "missing argument: status 2");
	dsp_opts_free(&o);
	x = 0;
	ok(parse(&o, &x, 3, a5) == 0 && x == 7.5, "a row's letter: -X 7.5 reaches the row's code");
	dsp_opts_free(&o);
	{
		/* A spec's figures: every figure row of the view-option table
		 * with an option is parsed, with code figures + the row's id,
		 * and taken by dsp_figopts_take (the value checked there). */
		static char *fa[] = { "test", "--figure-size", "3x2in", "--font-size", "9",
			"--figure-format", "svg,png", "--dpi", "150" };
		struct dsp_opts_spec s = { .usage = "t", .cb = fig_cb, .figures = OPT_FIG };
		const dsp_vopt_def *vd;
		int i, nfig = 0;

		for (i = 0; (vd = dsp_vopt(i)) != NULL; i++)
			nfig += DSP_VOPT_IS_FIG(vd) && vd->opt_long != NULL;
		fig.code0 = OPT_FIG;
		s.ctx = &fig;
		dsp_opts_init(&o, "test");
		ok(dsp_opts_parse(&o, &s, 9, fa) == 0 && dsp_figopts_any(&fig),
		    "the figure options parse through the spec");
		for (i = 0; (vd = dsp_vopt(i)) != NULL; i++)
			if (DSP_VOPT_IS_FIG(vd) && vd->opt_long != NULL)
				ok(fig.given[i] != NULL, "--%s given (row %d)", vd->opt_long, i);
		ok(nfig == 4, "figure rows with an option: %d", nfig);
		dsp_opts_free(&o);
		fprintf(stderr, "# expected error line follows\n");
		fa[8] = "1";
		ok(dsp_opts_parse((dsp_opts_init(&o, "test"), &o), &s, 9, fa) != 0 && o.status == 2,
		    "--dpi 1: outside the row's domain, status 2");
		dsp_opts_free(&o);
	}
	return tap_done();
}
