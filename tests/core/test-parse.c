/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Logit text parser, parameter validation, names and error strings. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/dsp.h"
#include "core/cpu.h"
#include "tap.h"

static int
parse(const char *s, double **v, size_t *n)
{
	return dsp_parse_logits(s, strlen(s), v, n);
}

static void
test_parse(void)
{
	double *v = NULL;
	size_t n = 0;
	char big[64];

	is_int(parse("1 2,3\n4\t5;6", &v, &n), DSP_OK, "space/comma/newline/tab/semicolon separators");
	ok(n == 6 && v[0] == 1 && v[5] == 6, "six values 1..6");
	free(v);
	is_int(parse("# header\n  -1.5e2 , +0.25 # note\n\n0x10\r\n", &v, &n), DSP_OK,
	    "comments, signs, exponents, hex, CRLF");
	ok(n == 3 && v[0] == -150 && v[1] == 0.25 && v[2] == 16, "values -150, 0.25, 16");
	free(v);
	is_int(parse("1e-400", &v, &n), DSP_OK, "underflow to 0 is accepted");
	free(v);
	is_int(parse("1 2\n3 x4\n", &v, &n), DSP_EPARSE, "non-numeric token: DSP_EPARSE");
	ok(strstr(dsp_last_error(), "line 2") != NULL && strstr(dsp_last_error(), "x4") != NULL,
	    "detail names line 2 and the token: '%s'", dsp_last_error());
	ok(v == NULL && n == 0, "outputs cleared on failure");
	is_int(parse("1\n2\n\n# c\nnan\n", &v, &n), DSP_EPARSE, "NaN: DSP_EPARSE");
	ok(strstr(dsp_last_error(), "line 5") != NULL && strstr(dsp_last_error(), "not finite"),
	    "NaN detail says line 5, not finite: '%s'", dsp_last_error());
	is_int(parse("inf", &v, &n), DSP_EPARSE, "Inf: DSP_EPARSE");
	is_int(parse("-Infinity", &v, &n), DSP_EPARSE, "-Infinity: DSP_EPARSE");
	is_int(parse("1e999", &v, &n), DSP_EPARSE, "overflow: DSP_EPARSE");
	ok(strstr(dsp_last_error(), "overflows") != NULL, "overflow detail: '%s'", dsp_last_error());
	is_int(parse("1.5.5", &v, &n), DSP_EPARSE, "1.5.5: DSP_EPARSE");
	is_int(parse("3#x\n4", &v, &n), DSP_OK, "comment right after a number");
	ok(n == 2 && v[1] == 4, "3#x then 4");
	free(v);
	is_int(parse("", &v, &n), DSP_EEMPTY, "empty input: DSP_EEMPTY");
	is_int(parse(" \n, ,\n# only a comment\n", &v, &n), DSP_EEMPTY, "separators only: DSP_EEMPTY");
	is_int(dsp_parse_logits("1 2\0 3", 6, &v, &n), DSP_EPARSE, "embedded NUL: DSP_EPARSE");
	memset(big, '1', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	is_int(parse(big, &v, &n), DSP_OK, "63-digit number parses");
	is_rel(v[0], 1.1111111111111111e62, 1e-15, "63-digit value");
	free(v);
}

static int
same(const double *v, size_t n, const double *w, size_t m)
{
	return n == m && memcmp(v, w, n * sizeof *v) == 0;
}

/* A file of 3000 long lines (numbers and a comment), then `nshort` short
 * numbers, then `nlong` long lines again: mapped in kmin, kmin + kstep, ...
 * up to 7 parts, the values must be the one buffer's bit for bit. */
static void
spill(const char *path, size_t nshort, size_t nlong, size_t kmin, size_t kstep, const char *what)
{
	char *b = malloc(1 << 21);
	size_t l = 0, m = 0, n, i, k;
	double *w = NULL, *v;
	FILE *fp;

	for (i = 0; i < 3000; i++)
		l += (size_t)sprintf(b + l, "%.17g # a long comment to make lines long\n", (double)i / 7);
	for (i = 0; i < nshort; i++)
		l += (size_t)sprintf(b + l, "%zu\n", i % 10);
	for (i = 0; i < nlong; i++)
		l += (size_t)sprintf(b + l, "%.17g # a long comment to make lines long\n", (double)i / 3);
	fp = fopen(path, "wb");
	fwrite(b, 1, l, fp);
	fclose(fp);
	ok(dsp_parse_logits(b, l, &w, &m) == DSP_OK && m == 3000 + nshort + nlong,
	    "%s: one buffer", what);
	for (k = kmin; k <= 7; k += kstep) {
		dsp_parse_set_parallel(1, (int)k);
		ok(dsp_load_logits(path, &v, &n) == DSP_OK && same(v, n, w, m),
		    "%s, mapped, %zu parts: the same %zu values bit for bit", what, k, m);
		free(v);
	}
	free(w);
	free(b);
}

/* Numbers, comments and CRLFs cut by chunk boundaries: the streamed file
 * gives the same values, bit for bit, as the whole buffer and as strtod,
 * for chunks of 1, 7 and 4096 bytes; a bad number's line is still right. */
static void
test_stream(void)
{
	char path[] = "/tmp/dsp-core-streamXXXXXX", *buf;
	static const size_t chunk[] = { 1, 7, 4096 };
	uint64_t s = 88172645463325252u;
	double *v = NULL, *w = NULL, x;
	size_t n = 0, m = 0, len, i, k, lines = 1;
	int fd, good;
	FILE *fp;

	fd = mkstemp(path);
	fp = fdopen(fd, "w");
	for (i = 0; i < 20000; i++) {
		s ^= s << 13;
		s ^= s >> 7;
		s ^= s << 17;
		x = 8 * ((double)(s >> 11) * 0x1p-53) - 4;
		fprintf(fp, i % 3 ? "%.17g" : "%.6g", x);
		switch (s % 5) {
		case 0: fputs("\r\n", fp); lines++; break;
		case 1: fputs(" # note, 1 2 3\r\n", fp); lines++; break;
		case 2: fputs(",", fp); break;
		case 3: fputs("\r", fp); lines++; break;
		default: fputs("\n", fp); lines++; break;
		}
	}
	fputs("\n1.5x\n", fp);
	lines++;
	fclose(fp);
	/* The good part as one buffer (up to the bad token). */
	fp = fopen(path, "rb");
	buf = malloc(1 << 22);
	len = fread(buf, 1, 1 << 22, fp);
	fclose(fp);
	ok(dsp_parse_logits(buf, len - 6, &w, &m) == DSP_OK && m == 20000,
	    "20000 numbers in one buffer");
	for (k = 0; k < sizeof chunk / sizeof chunk[0]; k++) {
		dsp_parse_set_chunk(chunk[k]);
		ok(dsp_load_logits(path, &v, &n) == DSP_EPARSE,
		    "%zu-byte chunks: the bad number is found", chunk[k]);
		{
			char want[64];

			snprintf(want, sizeof want, "line %zu: '1.5x'", lines);
			ok(strstr(dsp_last_error(), want) != NULL, "%zu-byte chunks: %s (%s)",
			    chunk[k], want, dsp_last_error());
		}
		/* Without the bad line. */
		fp = fopen(path, "wb");
		fwrite(buf, 1, len - 6, fp);
		fclose(fp);
		ok(dsp_load_logits(path, &v, &n) == DSP_OK, "%zu-byte chunks: loads", chunk[k]);
		for (good = n == m, i = 0; good && i < n; i++)
			good = memcmp(&v[i], &w[i], sizeof v[i]) == 0;
		ok(good, "%zu-byte chunks: the same %zu values bit for bit as the whole buffer",
		    chunk[k], n);
		free(v);
		fp = fopen(path, "wb");
		fwrite(buf, 1, len, fp);
		fclose(fp);
	}
	dsp_parse_set_chunk(0);
	/* A stream (not mapped): read in chunks, from a file and from a pipe. */
	fp = fopen(path, "wb");
	fwrite(buf, 1, len - 6, fp);
	fclose(fp);
	for (k = 0; k < sizeof chunk / sizeof chunk[0]; k++) {
		dsp_parse_set_chunk(chunk[k]);
		fp = fopen(path, "rb");
		ok(dsp_read_logits(fp, &v, &n) == DSP_OK && same(v, n, w, m),
		    "stream, %zu-byte chunks: the same %zu values bit for bit", chunk[k], m);
		fclose(fp);
		free(v);
	}
	dsp_parse_set_chunk(0);
	{
		char cmd[64];

		snprintf(cmd, sizeof cmd, "cat %s", path);
		fp = popen(cmd, "r");
		ok(fp != NULL && dsp_read_logits(fp, &v, &n) == DSP_OK && same(v, n, w, m),
		    "a pipe: the same %zu values bit for bit", m);
		if (fp != NULL)
			pclose(fp);
		free(v);
	}
	/* A mapped file cut into parts after LFs (1 to 7 parts whatever the
	 * threads): the values in file order, bit for bit; with the bad line
	 * the message and its line are the stream's. */
	for (k = 1; k <= 7; k += 2) {
		dsp_parse_set_parallel(1, (int)k);
		ok(dsp_load_logits(path, &v, &n) == DSP_OK && same(v, n, w, m),
		    "mapped, %zu parts: the same %zu values bit for bit", k, m);
		free(v);
	}
	fp = fopen(path, "wb");
	fwrite(buf, 1, len, fp);
	fclose(fp);
	for (k = 1; k <= 7; k += 2) {
		char want[64];

		dsp_parse_set_parallel(1, (int)k);
		snprintf(want, sizeof want, "line %zu: '1.5x'", lines);
		ok(dsp_load_logits(path, &v, &n) == DSP_EPARSE && strstr(dsp_last_error(), want) != NULL &&
		    strstr(dsp_last_error(), path) != NULL,
		    "mapped, %zu parts: %s (%s)", k, want, dsp_last_error());
	}
	/* A NUL in a comment: refused with the reader's message and offset. */
	fp = fopen(path, "wb");
	fwrite(buf, 1, len - 6, fp);
	fputs("# a comment with a X NUL\n", fp);
	fclose(fp);
	fp = fopen(path, "rb+");
	fseek(fp, (long)(len - 6 + 19), SEEK_SET);
	fputc('\0', fp);
	fclose(fp);
	for (k = 1; k <= 3; k += 2) {
		char want[80];

		dsp_parse_set_parallel(1, (int)k);
		snprintf(want, sizeof want, "binary content (NUL byte at offset %zu)", len - 6 + 19);
		ok(dsp_load_logits(path, &v, &n) == DSP_EPARSE && strstr(dsp_last_error(), want) != NULL,
		    "mapped, %zu parts, a NUL in a comment: %s (%s)", k, want, dsp_last_error());
	}
	/* Long numbers (and comments) first, then short ones: the array sized
	 * from the first lines is outgrown, the parts spill into their own. */
	spill(path, 300000, 0, 1, 2, "long then short");
	/* Long, short, then long again: a part in the middle outgrows its slot
	 * while the parts after it fit theirs.  Moving the spilled part into
	 * place would overwrite a later part's slot before that part moved (the
	 * first version of the join did: H 13.333 against the stream's 13.317
	 * on such a file); the values must still be the one buffer's. */
	spill(path, 200000, 9000, 2, 1, "long, short, long");
	dsp_parse_set_parallel(0, 0);
	/* The buffer's values against strtod, token by token. */
	{
		char *p = buf, *e;

		buf[len - 6] = '\0';
		for (good = 1, i = 0; good && i < m; i++) {
			while (*p == ',' || *p == '\r' || *p == '\n' || *p == ' ' || *p == '#') {
				if (*p == '#')
					while (*p != '\n' && *p != '\r')
						p++;
				else
					p++;
			}
			x = strtod(p, &e);
			good = e > p && memcmp(&x, &w[i], sizeof x) == 0;
			p = e;
		}
		ok(good, "the parsed values are strtod's, bit for bit (%zu checked)", i);
	}
	free(w);
	free(buf);
	unlink(path);
}

static void
test_files(void)
{
	char path[] = "/tmp/dsp-core-parseXXXXXX", *src, dpath[1024];
	double *v = NULL;
	size_t n = 0, i;
	FILE *fp;
	int fd, good = 1;

	fd = mkstemp(path);
	fp = fdopen(fd, "w");
	for (i = 0; i < 100000; i++)
		fprintf(fp, "%zu%s", i, i % 7 ? " " : "\n");
	fclose(fp);
	is_int(dsp_load_logits(path, &v, &n), DSP_OK, "load 100000 logits (buffer growth)");
	for (i = 0; i < n; i++)
		good &= v[i] == (double)i;
	ok(n == 100000 && good, "all 100000 values in order");
	free(v);
	fp = fopen(path, "w");
	fputs("1\n2\n3\nbad\n", fp);
	fclose(fp);
	is_int(dsp_load_logits(path, &v, &n), DSP_EPARSE, "file with bad line: DSP_EPARSE");
	ok(strstr(dsp_last_error(), path) != NULL && strstr(dsp_last_error(), "line 4") != NULL,
	    "detail has path and line 4: '%s'", dsp_last_error());
	fp = fopen(path, "r");
	is_int(dsp_read_logits(fp, &v, &n), DSP_EPARSE, "read_logits from a stream");
	fclose(fp);
	/* "-" reads stdin. */
	fp = fopen(path, "w");
	fputs("4,5\n6\n", fp);
	fclose(fp);
	if (freopen(path, "r", stdin) != NULL) {
		is_int(dsp_load_logits("-", &v, &n), DSP_OK, "path '-' reads stdin");
		ok(n == 3 && v[0] == 4 && v[2] == 6, "stdin values 4 5 6");
		free(v);
	} else {
		ok(0, "freopen stdin");
		ok(0, "freopen stdin");
	}
	unlink(path);
	is_int(dsp_load_logits(path, &v, &n), DSP_EIO, "missing file: DSP_EIO");
	ok(strstr(dsp_last_error(), path) != NULL, "detail names the path: '%s'", dsp_last_error());
	if ((src = getenv("top_srcdir")) != NULL) {
		snprintf(dpath, sizeof dpath, "%s/tests/data/core-logits.txt", src);
		is_int(dsp_load_logits(dpath, &v, &n), DSP_OK, "tests/data/core-logits.txt loads");
		ok(n == 6 && v[0] == 1.5 && v[1] == -2 && v[2] == 3 && v[3] == 0.25 && v[4] == 0 &&
		    v[5] == 7, "data file values 1.5 -2 3 0.25 -0 7");
		free(v);
	} else {
		ok(1, "# SKIP top_srcdir not set");
		ok(1, "# SKIP top_srcdir not set");
	}
}

static void
test_params(void)
{
	dsp_params p;
	double f[] = { 1, 2 };

	dsp_params_default(&p);
	ok(p.family == DSP_FAM_POWER && p.n == 16 && p.delta == 4 && p.theta == 1 &&
	    p.lambda == 0.5 && p.eps == 0.01 && p.seed == 1 && p.attn == DSP_ATTN_SOFTMAX,
	    "documented defaults: power, n 16, delta 4, theta 1, lambda .5, eps .01, seed 1");
	is_int(dsp_params_check(&p), DSP_OK, "defaults pass the check");
#define BAD(field, val, code, word) do {				\
	dsp_params_default(&p);						\
	p.field = val;							\
	is_int(dsp_params_check(&p), code, #field " = " #val " rejected");	\
	ok(strstr(dsp_last_error(), word) != NULL, "  detail: '%s'", dsp_last_error()); \
} while (0)
	BAD(n, 0, DSP_EINVAL, "n must");
	BAD(delta, -1, DSP_EINVAL, "delta");
	BAD(delta, NAN, DSP_EINVAL, "delta");
	BAD(theta, INFINITY, DSP_EINVAL, "theta");
	BAD(lambda, NAN, DSP_EINVAL, "lambda");
	BAD(eps, 0, DSP_EINVAL, "eps must be in (0, 1] (got 0)");
	BAD(eps, 1.5, DSP_EINVAL, "eps must be in (0, 1] (got 1.5)");
	BAD(ssmax_s, 0, DSP_EINVAL, "ssmax_s must be in (0, 1000000]");
	BAD(alpha, 1, DSP_EINVAL, "alpha");
	BAD(family, DSP_FAM_COUNT, DSP_EINVAL, "family");
	BAD(attn, DSP_ATTN_COUNT, DSP_EINVAL, "attn must be one of softmax");
	BAD(precision, DSP_PREC_COUNT, DSP_EINVAL, "precision");
	BAD(family, DSP_FAM_FILE, DSP_EEMPTY, "no logits");
#undef BAD
	dsp_params_default(&p);
	p.theta = 0;
	p.eps = 1;
	is_int(dsp_params_check(&p), DSP_OK, "theta = 0 (limit) and eps = 1 allowed");
	p.family = DSP_FAM_FILE;
	p.logits = f;
	p.n_logits = 2;
	p.n = 0;
	is_int(dsp_params_check(&p), DSP_OK, "file family ignores n");
}

static void
test_names(void)
{
	int i, good = 1;

	for (i = 0; i < DSP_FAM_COUNT; i++)
		good &= dsp_family_parse(dsp_family_name((enum dsp_family)i)) == i;
	for (i = 0; i < DSP_ATTN_COUNT; i++)
		good &= dsp_attn_parse(dsp_attn_name((enum dsp_attn)i)) == i;
	for (i = 0; i < DSP_PREC_COUNT; i++)
		good &= dsp_precision_parse(dsp_precision_name((enum dsp_precision)i)) == i;
	ok(good, "family/attn/precision name -> parse round trips");
	ok(dsp_family_parse("SPIKE") == DSP_FAM_SPIKE && dsp_attn_parse("SSMax") == DSP_ATTN_SSMAX,
	    "parse is case-insensitive");
	ok(dsp_family_parse("powers") == -1 && dsp_family_parse("") == -1 &&
	    dsp_family_parse(NULL) == -1 && dsp_attn_parse("soft") == -1 &&
	    dsp_precision_parse("fp8") == -1, "unknown names: -1");
	ok(!strcmp(dsp_family_name(DSP_FAM_COUNT), "?") && !strcmp(dsp_attn_name(DSP_ATTN_COUNT), "?") &&
	    !strcmp(dsp_precision_name(DSP_PREC_COUNT), "?"), "out-of-range enums name '?'");
	ok(!strcmp(dsp_family_name(DSP_FAM_POWER), "power") &&
	    !strcmp(dsp_precision_name(DSP_PREC_BFLOAT16), "bfloat16"), "spot-check names");
	for (i = DSP_OK, good = 1; i <= DSP_EEMPTY; i++)
		good &= strcmp(dsp_strerror(i), "unknown error") != 0;
	ok(good && !strcmp(dsp_strerror(999), "unknown error") &&
	    !strcmp(dsp_strerror(DSP_ETOOBIG), "too large to materialise"), "dsp_strerror covers every code");
	dsp_clear_error();
	ok(!strcmp(dsp_last_error(), ""), "dsp_clear_error empties the detail");
	is_int(dsp_fail(DSP_ERANGE, "x=%d", 42), DSP_ERANGE, "dsp_fail returns its code");
	ok(!strcmp(dsp_last_error(), "x=42"), "dsp_fail formats the detail");
	is_close(0, 0, 0, "tap helper");
}

int
main(void)
{
	dsp_gsl_init();
	/* Threads as asked, whatever else the machine runs. */
	dsp_cpu_set_probe(0);
	test_parse();
	test_files();
	test_stream();
	test_params();
	test_names();
	return tap_done();
}
