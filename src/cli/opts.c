/* Common parameter options shared by every subcommand and the TUI. */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/opts.h"
#include "core/error.h"
#include "core/escape.h"
#include "core/parse.h"
#include "export/table.h"

enum {
	OPT_FAMILY = 256,
	OPT_DELTA,
	OPT_THETA,
	OPT_LAMBDA,
	OPT_EPS,
	OPT_SEED,
	OPT_TOPK,
	OPT_ATTN,
	OPT_ADAPTIVE,
	OPT_NO_ADAPTIVE,
	OPT_SSMAX_S,
	OPT_ALPHA,
	OPT_PRECISION,
	OPT_INPUT,
	OPT_FORMAT,
	OPT_HELP
};

/* Common options with the DSP_GIVEN_* bit each one sets. */
static const struct {
	struct option	opt;
	unsigned	bit;
} common[] = {
	{ { "family",		required_argument, NULL, OPT_FAMILY },	DSP_GIVEN_FAMILY },
	{ { "n",		required_argument, NULL, 'n' },		DSP_GIVEN_N },
	{ { "delta",		required_argument, NULL, OPT_DELTA },	DSP_GIVEN_DELTA },
	{ { "theta",		required_argument, NULL, OPT_THETA },	DSP_GIVEN_THETA },
	{ { "lambda",		required_argument, NULL, OPT_LAMBDA },	DSP_GIVEN_LAMBDA },
	{ { "eps",		required_argument, NULL, OPT_EPS },	DSP_GIVEN_EPS },
	{ { "seed",		required_argument, NULL, OPT_SEED },	DSP_GIVEN_SEED },
	{ { "topk",		required_argument, NULL, OPT_TOPK },	DSP_GIVEN_TOPK },
	{ { "attn",		required_argument, NULL, OPT_ATTN },	DSP_GIVEN_ATTN },
	{ { "adaptive",		no_argument,	   NULL, OPT_ADAPTIVE },DSP_GIVEN_ADAPTIVE },
	{ { "no-adaptive",	no_argument,	   NULL, OPT_NO_ADAPTIVE },DSP_GIVEN_ADAPTIVE },
	{ { "ssmax-s",		required_argument, NULL, OPT_SSMAX_S },	DSP_GIVEN_SSMAX_S },
	{ { "alpha",		required_argument, NULL, OPT_ALPHA },	DSP_GIVEN_ALPHA },
	{ { "precision",	required_argument, NULL, OPT_PRECISION },DSP_GIVEN_PRECISION },
	{ { "input",		required_argument, NULL, OPT_INPUT },	DSP_GIVEN_INPUT },
	{ { "format",		required_argument, NULL, OPT_FORMAT },	DSP_GIVEN_FORMAT },
	{ { "output",		required_argument, NULL, 'o' },		DSP_GIVEN_OUTPUT },
	{ { "help",		no_argument,	   NULL, OPT_HELP },	0 },
};
#define NCOMMON (sizeof common / sizeof common[0])

static void
vmessage(const struct dsp_opts *o, const char *fmt, va_list ap)
{
	char raw[1024], buf[1024];

	vsnprintf(raw, sizeof raw, fmt, ap);
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
	o->optind = 1;
}

void
dsp_opts_free(struct dsp_opts *o)
{
	free(o->logits);
	o->logits = NULL;
	o->params.logits = NULL;
	o->params.n_logits = 0;
}

int
dsp_parse_double(const char *s, double *v)
{
	char *end;
	double x;

	if (s == NULL || *s == '\0' || strchr(" \t\n\r\f\v", *s) != NULL)
		return -1;
	errno = 0;
	x = strtod(s, &end);
	if (end == s || *end != '\0' || !isfinite(x))
		return -1;
	*v = x;
	return 0;
}

/* Digits only, with overflow detection. */
static int
parse_digits(const char *s, const char *end, uint64_t *v)
{
	uint64_t x = 0;

	if (s == end)
		return -1;
	for (; s < end; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		if (x > (UINT64_MAX - (uint64_t)(*s - '0')) / 10)
			return -1;
		x = x * 10 + (uint64_t)(*s - '0');
	}
	*v = x;
	return 0;
}

#define SIZE_MAX_N ((uint64_t)1 << 63)

/* Sizes are exact integers: plain digits never go through a double, so
 * 9007199254740993 stays itself. */
int
dsp_parse_size(const char *s, uint64_t *v)
{
	static const char *suffix[] = { "Ki", "Mi", "Gi", "Ti", "Pi", "Ei" };
	const char *caret, *end;
	uint64_t base, ex, x, mul = 1;
	double d;
	size_t len, i;
	char tmp[64];

	if (s == NULL || (len = strlen(s)) == 0 || len >= sizeof tmp)
		return -1;
	end = s + len;
	if (len > 2 && end[-1] == 'i') {
		for (i = 0; i < sizeof suffix / sizeof suffix[0]; i++)
			if (end[-2] == suffix[i][0]) {
				mul = (uint64_t)1 << (10 * (i + 1));
				end -= 2;
				break;
			}
		if (mul == 1)
			return -1;
	}
	if ((caret = memchr(s, '^', (size_t)(end - s))) != NULL) {
		/* 0^k is never a size (and 0^0 = 1 was a surprise). */
		if (parse_digits(s, caret, &base) != 0 ||
		    parse_digits(caret + 1, end, &ex) != 0 || base == 0)
			return -1;
		x = 1;
		for (i = 0; i < ex; i++) {
			if (base != 0 && x > SIZE_MAX_N / base)
				return -1;
			x *= base;
			if (x == 0 || x == 1)
				break;
		}
	} else if (parse_digits(s, end, &x) != 0) {
		/* 1e6, 1.5e3: through a double, which must be an integer. */
		memcpy(tmp, s, (size_t)(end - s));
		tmp[end - s] = '\0';
		/* Decimal only: strtod would also take 0x1E (hex 30) while
		 * 0x10 has no e and was refused. */
		if (strpbrk(tmp, "eE.") == NULL || tmp[0] == '-' || tmp[0] == '+' ||
		    strspn(tmp, "0123456789.eE+-") != strlen(tmp) ||
		    dsp_parse_double(tmp, &d) != 0 || d != floor(d) ||
		    d > (double)SIZE_MAX_N || d < 0)
			return -1;
		x = (uint64_t)d;
	}
	if (x != 0 && x > SIZE_MAX_N / mul)
		return -1;
	x *= mul;
	if (x < 1 || x > SIZE_MAX_N)
		return -1;
	*v = x;
	return 0;
}

int
dsp_opts_double(struct dsp_opts *o, const char *opt, const char *arg, double *v)
{
	if (dsp_parse_double(arg, v) != 0)
		return dsp_opts_usage(o, "%s: '%s' is not a finite number", opt, arg);
	return 0;
}

int
dsp_opts_size(struct dsp_opts *o, const char *opt, const char *arg, uint64_t *v)
{
	uint64_t x;
	const char *p = arg;

	if (dsp_parse_size(arg, v) == 0)
		return 0;
	while (*p == ' ')
		p++;
	if (*p == '-')
		return dsp_opts_usage(o, "%s: '%s' is negative; a size is at least 1",
		    opt, arg);
	if (strcmp(p, "0") == 0 || (parse_digits(p, p + strlen(p), &x) == 0 && x == 0))
		return dsp_opts_usage(o, "%s: a size is at least 1 (got 0)", opt);
	return dsp_opts_usage(o, "%s: '%s' is not a size from 1 to 2^63 "
	    "(forms: 1048576, 2^40, 1e6, 16Ki, 1Mi, 1Gi)", opt, arg);
}

int
dsp_opts_uint(struct dsp_opts *o, const char *opt, const char *arg, uint64_t *v)
{
	if (arg == NULL || parse_digits(arg, arg + strlen(arg), v) != 0)
		return dsp_opts_usage(o, "%s: '%s' is not an integer from 0 to 2^64-1",
		    opt, arg != NULL ? arg : "");
	return 0;
}

int
dsp_opts_range(struct dsp_opts *o, const char *opt, const char *arg,
    double *a, double *b)
{
	const char *colon;
	char buf[128];
	size_t len;

	/* Skip a leading sign so "-2:2" finds the separator. */
	colon = arg != NULL && *arg != '\0' ? strchr(arg + 1, ':') : NULL;
	if (colon == NULL || (len = (size_t)(colon - arg)) >= sizeof buf)
		return dsp_opts_usage(o, "%s: '%s' is not a range a:b", opt,
		    arg != NULL ? arg : "");
	memcpy(buf, arg, len);
	buf[len] = '\0';
	if (dsp_parse_double(buf, a) != 0 || dsp_parse_double(colon + 1, b) != 0)
		return dsp_opts_usage(o, "%s: '%s' is not a range a:b of finite numbers",
		    opt, arg);
	return 0;
}

static int
parse_common(struct dsp_opts *o, int c, const char *arg)
{
	dsp_params *p = &o->params;
	double d;
	int k;

	switch (c) {
	case OPT_FAMILY:
		if ((k = dsp_family_parse(arg)) < 0)
			return dsp_opts_usage(o, "--family: unknown family '%s' "
			    "(power, spike, uniform, gaussian, ramp, file)", arg);
		p->family = (enum dsp_family)k;
		return 0;
	case 'n':
		return dsp_opts_size(o, "--n", arg, &p->n);
	case OPT_DELTA:
		if (dsp_opts_double(o, "--delta", arg, &d) != 0)
			return o->status;
		if (d < 0)
			return dsp_opts_usage(o, "--delta: must be >= 0 (got %s)", arg);
		p->delta = d;
		return 0;
	case OPT_THETA:
		return dsp_opts_double(o, "--theta", arg, &p->theta);
	case OPT_LAMBDA:
		return dsp_opts_double(o, "--lambda", arg, &p->lambda);
	case OPT_EPS:
		if (dsp_opts_double(o, "--eps", arg, &d) != 0)
			return o->status;
		if (!(d > 0 && d <= 1))
			return dsp_opts_usage(o, "--eps: must be in (0, 1] (got %s)", arg);
		p->eps = d;
		return 0;
	case OPT_SEED:
		return dsp_opts_uint(o, "--seed", arg, &p->seed);
	case OPT_TOPK:
		return dsp_opts_size(o, "--topk", arg, &p->topk);
	case OPT_ATTN:
		if ((k = dsp_attn_parse(arg)) < 0)
			return dsp_opts_usage(o, "--attn: unknown attention function '%s' "
			    "(softmax, ssmax, logn, sigmoid, stickbreak, softmax1, "
			    "sparsemax, entmax)", arg);
		p->attn = (enum dsp_attn)k;
		return 0;
	case OPT_ADAPTIVE:
		p->adaptive = 1;
		return 0;
	case OPT_NO_ADAPTIVE:
		p->adaptive = 0;
		return 0;
	case OPT_SSMAX_S:
		if (dsp_opts_double(o, "--ssmax-s", arg, &d) != 0)
			return o->status;
		if (d <= 0)
			return dsp_opts_usage(o, "--ssmax-s: must be > 0 (got %s)", arg);
		p->ssmax_s = d;
		return 0;
	case OPT_ALPHA:
		if (dsp_opts_double(o, "--alpha", arg, &d) != 0)
			return o->status;
		if (d <= 1)
			return dsp_opts_usage(o, "--alpha: must be > 1 (got %s)", arg);
		p->alpha = d;
		return 0;
	case OPT_PRECISION:
		if ((k = dsp_precision_parse(arg)) < 0)
			return dsp_opts_usage(o, "--precision: unknown number format '%s' "
			    "(double, float32, float16, bfloat16, fp8-e4m3, fp8-e5m2)", arg);
		p->precision = (enum dsp_precision)k;
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
	}
	return dsp_opts_usage(o, "internal error: option %d", c);
}

void
dsp_opts_help(FILE *fp, unsigned omit)
{
	static const struct {
		unsigned	 bit;
		const char	*text;
	} lines[] = {
	{ DSP_GIVEN_FAMILY, "  --family NAME      power|spike|uniform|gaussian|ramp|file (default power)" },
	{ DSP_GIVEN_N,      "  -n, --n N          items: 1048576, 2^40, 1e6, 16Ki, 1Mi, 1Gi (1..2^63; default 16)" },
	{ DSP_GIVEN_DELTA,  "  --delta D          logit spread (>= 0; default 4)" },
	{ DSP_GIVEN_THETA,  "  --theta T          temperature (0 = argmax limit, < 0 allowed; default 1)" },
	{ DSP_GIVEN_LAMBDA, "  --lambda L         power-series ratio (default 0.5)" },
	{ DSP_GIVEN_EPS,    "  --eps E            Theorem 2.2 threshold in (0, 1] (default 0.01)" },
	{ DSP_GIVEN_SEED,   "  --seed S           RNG seed of random families (default 1)" },
	{ DSP_GIVEN_TOPK,   "  --topk K           k of the top-k mass (default 1)" },
	{ DSP_GIVEN_ATTN,   "  --attn NAME        softmax|ssmax|logn|sigmoid|stickbreak|softmax1|sparsemax|entmax" },
	{ DSP_GIVEN_ADAPTIVE, "  --adaptive         adaptive temperature (paper Figure 4); --no-adaptive" },
	{ DSP_GIVEN_SSMAX_S, "  --ssmax-s S        SSMax scale s (> 0; default 1)" },
	{ DSP_GIVEN_ALPHA,  "  --alpha A          entmax alpha (> 1; default 1.5)" },
	{ DSP_GIVEN_PRECISION, "  --precision NAME   double|float32|float16|bfloat16|fp8-e4m3|fp8-e5m2" },
	{ DSP_GIVEN_INPUT,  "  --input FILE       logits from FILE ('-' = stdin); implies --family file" },
	{ DSP_GIVEN_FORMAT, "  --format FMT       text|csv|json (default text)" },
	{ DSP_GIVEN_OUTPUT, "  -o, --output FILE  write to FILE instead of stdout" },
	};
	size_t i;

	fputs("Common options:\n", fp);
	for (i = 0; i < sizeof lines / sizeof lines[0]; i++)
		if ((lines[i].bit & omit) == 0)
			fprintf(fp, "%s\n", lines[i].text);
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
	dsp_opts_help(stdout, s->omit);
}

/* Build the getopt_long tables: common options (minus omitted ones) then
 * the command's own. */
static int
build_tables(const struct dsp_opts_spec *s, struct option **lo, char *so,
    size_t sosize)
{
	size_t i, k = 0, extra = 0;
	struct option *t;

	if (s->longopts != NULL)
		while (s->longopts[extra].name != NULL)
			extra++;
	if ((t = calloc(NCOMMON + extra + 1, sizeof *t)) == NULL)
		return -1;
	for (i = 0; i < NCOMMON; i++)
		if ((common[i].bit & s->omit) == 0)
			t[k++] = common[i].opt;
	for (i = 0; i < extra; i++)
		t[k++] = s->longopts[i];
	*lo = t;
	snprintf(so, sosize, ":%s%s%s",
	    (s->omit & DSP_GIVEN_N) ? "" : "n:",
	    (s->omit & DSP_GIVEN_OUTPUT) ? "" : "o:",
	    s->shortopts != NULL ? s->shortopts : "");
	return 0;
}

static unsigned
given_bit(int c)
{
	size_t i;

	for (i = 0; i < NCOMMON; i++)
		if (common[i].opt.val == c)
			return common[i].bit;
	return 0;
}

static int
is_common(int c)
{
	size_t i;

	for (i = 0; i < NCOMMON; i++)
		if (common[i].opt.val == c)
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

static int
finish(struct dsp_opts *o)
{
	dsp_params *p = &o->params;
	size_t n;
	int rc;

	if (o->input != NULL) {
		if ((o->given & DSP_GIVEN_FAMILY) && p->family != DSP_FAM_FILE)
			return dsp_opts_usage(o, "--input conflicts with --family %s",
			    dsp_family_name(p->family));
		if (o->given & DSP_GIVEN_N)
			return dsp_opts_usage(o, "--n cannot be combined with --input "
			    "(n is the number of logits read)");
		p->family = DSP_FAM_FILE;
	} else if (p->family == DSP_FAM_FILE)
		return dsp_opts_usage(o, "--family file needs --input FILE");
	if (p->topk < 1)
		return dsp_opts_usage(o, "--topk: must be at least 1");
	if (o->input != NULL) {
		dsp_clear_error();
		if ((rc = dsp_load_logits(o->input, &o->logits, &n)) != DSP_OK)
			/* dsp_load_logits already names the file ("stdin" for -). */
			return dsp_opts_core_fail(o, NULL, rc);
		p->logits = o->logits;
		p->n_logits = n;
		p->n = n;
		p->logits_name = strcmp(o->input, "-") == 0 ? "stdin" : o->input;
	}
	dsp_clear_error();
	if ((rc = dsp_params_check(p)) != DSP_OK)
		return dsp_opts_usage(o, "%s", dsp_last_error());
	return 0;
}

int
dsp_opts_parse(struct dsp_opts *o, const struct dsp_opts_spec *s, int argc,
    char **argv)
{
	static const struct dsp_opts_spec none;
	struct option *lo = NULL;
	char so[128], name[128];
	int c, rc = 0;

	if (s == NULL)
		s = &none;
	o->status = 0;
	o->omit = s->omit;
	if (build_tables(s, &lo, so, sizeof so) != 0)
		return dsp_opts_fail(o, "out of memory");
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
		} else if (is_common(c) && (c != 'n' || !(s->omit & DSP_GIVEN_N)) &&
		    (c != 'o' || !(s->omit & DSP_GIVEN_OUTPUT))) {
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
	if (finish(o) != 0)
		return -1;
	return 0;
}

char *
dsp_fmt_double(char *buf, size_t size, double v)
{
	int prec;

	for (prec = 15; prec <= 17; prec++) {
		snprintf(buf, size, "%.*g", prec, v);
		if (!isfinite(v) || strtod(buf, NULL) == v)
			break;
	}
	return buf;
}

static int
stamp_double(dsp_table *t, const char *key, double v)
{
	char buf[64];

	return dsp_table_stamp(t, key, dsp_fmt_double(buf, sizeof buf, v));
}

int
dsp_opts_stamp(const struct dsp_opts *o, dsp_table *t)
{
	const dsp_params *p = &o->params;
	int rc = 0;

	rc |= dsp_table_stamp(t, "program", PACKAGE_NAME " " PACKAGE_VERSION);
	if (o->cmd != NULL)
		rc |= dsp_table_stamp(t, "command", o->cmd);
#define WANT(bit) ((o->omit & (bit)) == 0)
	if (WANT(DSP_GIVEN_FAMILY))
		rc |= dsp_table_stamp(t, "family", dsp_family_name(p->family));
	if (p->family == DSP_FAM_FILE && p->logits_name != NULL)
		rc |= dsp_table_stamp(t, "input", p->logits_name);
	rc |= dsp_table_stampf(t, "n", "%llu", (unsigned long long)p->n);
	rc |= stamp_double(t, "delta", p->delta);
	rc |= stamp_double(t, "theta", p->theta);
	if (WANT(DSP_GIVEN_LAMBDA))
		rc |= stamp_double(t, "lambda", p->lambda);
	rc |= stamp_double(t, "eps", p->eps);
	if (WANT(DSP_GIVEN_SEED))
		rc |= dsp_table_stampf(t, "seed", "%llu", (unsigned long long)p->seed);
	if (WANT(DSP_GIVEN_TOPK))
		rc |= dsp_table_stampf(t, "topk", "%llu", (unsigned long long)p->topk);
	if (WANT(DSP_GIVEN_ATTN))
		rc |= dsp_table_stamp(t, "attn", dsp_attn_name(p->attn));
	if (WANT(DSP_GIVEN_ADAPTIVE))
		rc |= dsp_table_stamp(t, "adaptive", p->adaptive ? "true" : "false");
	if (WANT(DSP_GIVEN_SSMAX_S))
		rc |= stamp_double(t, "ssmax_s", p->ssmax_s);
	if (WANT(DSP_GIVEN_ALPHA))
		rc |= stamp_double(t, "alpha", p->alpha);
	if (WANT(DSP_GIVEN_PRECISION))
		rc |= dsp_table_stamp(t, "precision", dsp_precision_name(p->precision));
#undef WANT
	return rc ? DSP_ENOMEM : DSP_OK;
}

FILE *
dsp_opts_open_output(struct dsp_opts *o)
{
	FILE *fp;

	if (o->output == NULL)
		return stdout;
	if ((fp = fopen(o->output, "w")) == NULL) {
		dsp_opts_fail(o, "%s: %s", o->output, strerror(errno));
		return NULL;
	}
	return fp;
}

int
dsp_opts_close_output(struct dsp_opts *o, FILE *fp)
{
	int bad;

	if (fp == NULL)
		return 1;
	bad = fflush(fp) != 0 || ferror(fp);
	if (fp != stdout)
		bad |= fclose(fp) != 0;
	if (bad)
		return dsp_opts_fail(o, "%s: write error",
		    o->output != NULL ? o->output : "stdout");
	return 0;
}

int
dsp_opts_write_table(struct dsp_opts *o, const dsp_table *t)
{
	FILE *fp;
	int rc;

	if ((fp = dsp_opts_open_output(o)) == NULL)
		return 1;
	rc = dsp_table_write(t, fp, o->format);
	if (dsp_opts_close_output(o, fp) != 0)
		return 1;
	if (rc != 0)
		return dsp_opts_core_fail(o, "writing output", rc);
	return 0;
}

dsp_table *
dsp_kv_table(const struct dsp_opts *o, const char *title)
{
	dsp_table *t;

	if ((t = dsp_table_alloc(title)) == NULL)
		return NULL;
	if (dsp_opts_stamp(o, t) != DSP_OK ||
	    dsp_table_column(t, "quantity", NULL) != DSP_OK ||
	    dsp_table_column(t, "value", "%.10g") != DSP_OK ||
	    dsp_table_column(t, "note", NULL) != DSP_OK) {
		dsp_table_free(t);
		return NULL;
	}
	return t;
}

static int
kv_row(dsp_table *t, const char *key, double v, const char *text,
    const char *note)
{
	double row[3] = { NAN, v, NAN };
	size_t r;
	int rc;

	if ((rc = dsp_table_row(t, row)) != DSP_OK)
		return rc;
	r = dsp_table_rows(t) - 1;
	if ((rc = dsp_table_set_text(t, r, 0, key)) != DSP_OK ||
	    (text != NULL && (rc = dsp_table_set_text(t, r, 1, text)) != DSP_OK) ||
	    (rc = dsp_table_set_text(t, r, 2, note != NULL ? note : "")) != DSP_OK)
		return rc;
	return DSP_OK;
}

int
dsp_kv_num(dsp_table *t, const char *key, double v, const char *note)
{
	return kv_row(t, key, v, NULL, note);
}

int
dsp_kv_text(dsp_table *t, const char *key, const char *text, const char *note)
{
	return kv_row(t, key, NAN, text, note);
}

char *
dsp_fmt_exp(char *buf, size_t size, double logv)
{
	if (isnan(logv))
		snprintf(buf, size, "nan");
	else if (isinf(logv))
		snprintf(buf, size, logv > 0 ? "inf" : "0");
	else if (logv < 709.78)
		snprintf(buf, size, "%.10g", exp(logv));
	else
		snprintf(buf, size, "exp(%.10g)", logv);
	return buf;
}

int
dsp_kv_logsize(dsp_table *t, const char *key, double logv, const char *note)
{
	char buf[64];

	if (isfinite(logv) && logv < 709.78)
		return dsp_kv_num(t, key, exp(logv), note);
	return dsp_kv_text(t, key, dsp_fmt_exp(buf, sizeof buf, logv), note);
}

void
dsp_opts_override(const struct dsp_opts *o, dsp_params *p)
{
	const dsp_params *q = &o->params;
	unsigned g = o->given;

	if (g & (DSP_GIVEN_FAMILY | DSP_GIVEN_INPUT)) {
		p->family = q->family;
		p->logits = q->logits;
		p->n_logits = q->n_logits;
		p->logits_name = q->logits_name;
		if (q->family == DSP_FAM_FILE)
			p->n = q->n;
	}
	if (g & DSP_GIVEN_N)
		p->n = q->n;
	if (g & DSP_GIVEN_DELTA)
		p->delta = q->delta;
	if (g & DSP_GIVEN_THETA)
		p->theta = q->theta;
	if (g & DSP_GIVEN_LAMBDA)
		p->lambda = q->lambda;
	if (g & DSP_GIVEN_EPS)
		p->eps = q->eps;
	if (g & DSP_GIVEN_SEED)
		p->seed = q->seed;
	if (g & DSP_GIVEN_TOPK)
		p->topk = q->topk;
	if (g & DSP_GIVEN_ATTN)
		p->attn = q->attn;
	if (g & DSP_GIVEN_ADAPTIVE)
		p->adaptive = q->adaptive;
	if (g & DSP_GIVEN_SSMAX_S)
		p->ssmax_s = q->ssmax_s;
	if (g & DSP_GIVEN_ALPHA)
		p->alpha = q->alpha;
	if (g & DSP_GIVEN_PRECISION)
		p->precision = q->precision;
}
