/* SPDX-License-Identifier: GPL-3.0-or-later */
/* JSON writer/parser round trip and hostile inputs. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "export/json.h"
#include "export/table.h"
#include "tap.h"

static int
parses(const char *s)
{
	dsp_jval *v = NULL;
	int rc = dsp_json_parse(s, strlen(s), &v);

	dsp_json_free(v);
	return rc;
}

static void
test_roundtrip(void)
{
	static const double nums[] = { 0.1, 1.0 / 3, 1e-300, 4.9e-324, 1.7976931348623157e308,
	    -2.5, 123456789012345678.0 };
	char *buf = NULL;
	size_t len = 0, i;
	dsp_jval *v = NULL;
	const dsp_jval *a, *s;
	FILE *fp = open_memstream(&buf, &len);
	dsp_jw *w = dsp_jw_new(fp, 1);

	dsp_jw_object(w);
	dsp_jw_key(w, "nums");
	dsp_jw_array(w);
	for (i = 0; i < sizeof nums / sizeof nums[0]; i++)
		dsp_jw_num(w, nums[i]);
	dsp_jw_num(w, NAN);
	dsp_jw_num(w, INFINITY);
	dsp_jw_close(w);
	dsp_jw_key(w, "s\"k");
	dsp_jw_str(w, "q\"b\\s/\n\t\x01 \xc3\xa9");
	dsp_jw_key(w, "t");
	dsp_jw_bool(w, 1);
	dsp_jw_key(w, "u");
	dsp_jw_uint(w, 18446744073709551615ULL);
	dsp_jw_key(w, "z");
	dsp_jw_null(w);
	dsp_jw_close(w);
	is_int(dsp_jw_end(w), DSP_OK, "writer ends cleanly");
	fclose(fp);
	is_int(dsp_json_parse(buf, len, &v), DSP_OK, "writer output parses");
	ok(v != NULL && v->type == DSP_JOBJ && v->len == 5, "object with 5 members");
	a = dsp_json_get(v, "nums");
	ok(a != NULL && a->type == DSP_JARR && a->len == 9, "array of 9");
	for (i = 0; a != NULL && i < sizeof nums / sizeof nums[0]; i++)
		ok(a->items[i]->type == DSP_JNUM && a->items[i]->num == nums[i],
		    "number %.17g round-trips bit-exact", nums[i]);
	ok(a != NULL && a->items[7]->type == DSP_JNULL && a->items[8]->type == DSP_JNULL,
	    "NaN and Inf written as null");
	s = dsp_json_get(v, "s\"k");
	ok(s != NULL && s->type == DSP_JSTR && strcmp(s->str, "q\"b\\s/\n\t\x01 \xc3\xa9") == 0,
	    "escaped key and string round-trip");
	is_close(dsp_json_get(v, "nums")->items[0]->num, 0.1, 0, "0.1 exact");
	is_rel(a != NULL ? a->items[2]->num : 0, 1e-300, 0, "1e-300 exact");
	ok(dsp_json_get(v, "t") != NULL && dsp_json_get(v, "t")->boolean == 1, "true");
	ok(dsp_json_get(v, "u") != NULL &&
	    strcmp(dsp_json_get(v, "u")->str, "18446744073709551615") == 0,
	    "raw text of a uint64 kept exactly");
	ok(dsp_json_get(v, "z") != NULL && dsp_json_get(v, "z")->type == DSP_JNULL, "null");
	ok(dsp_json_get(v, "missing") == NULL, "missing key is NULL");
	dsp_json_free(v);
	free(buf);
}

static void
test_escapes(void)
{
	dsp_jval *v = NULL;
	const char *s = "\"\\u00e9\\ud83d\\ude00\\/\"";

	is_int(dsp_json_parse(s, strlen(s), &v), DSP_OK, "unicode escapes parse");
	ok(v != NULL && strcmp(v->str, "\xc3\xa9\xf0\x9f\x98\x80/") == 0,
	    "\\u00e9 and a surrogate pair decode to UTF-8");
	dsp_json_free(v);
}

static void
test_malicious(void)
{
	static const struct { const char *text, *what; } bad[] = {
		{ "", "empty input" },
		{ "{", "truncated object" },
		{ "[1, 2", "truncated array" },
		{ "\"abc", "unterminated string" },
		{ "{\"a\" 1}", "missing colon" },
		{ "[1,]", "trailing comma" },
		{ "[01]", "leading zero" },
		{ "[1.]", "digit after point" },
		{ "[1e]", "digit in exponent" },
		{ "[1e999]", "number overflows a double" },
		{ "[-]", "lone minus" },
		{ "[NaN]", "NaN literal" },
		{ "[Infinity]", "Infinity literal" },
		{ "\"\\x\"", "bad escape" },
		{ "\"\\u12g4\"", "bad hex in \\u" },
		{ "\"\\ud800\"", "lone high surrogate" },
		{ "\"\\udc00\"", "lone low surrogate" },
		{ "\"a\tb\"", "raw control character" },
		{ "[1] x", "trailing garbage" },
		{ "tru", "truncated literal" },
		{ "{1: 2}", "non-string key" },
	};
	char deep[300], ok64[200];
	dsp_jval *v = NULL;
	size_t i;
	int rc;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
		is_int(parses(bad[i].text), DSP_EPARSE, bad[i].what);
	memset(deep, '[', 200);
	memset(deep + 200, ']', 1);
	deep[201] = '\0';
	is_int(parses(deep), DSP_EPARSE, "200 nested arrays rejected (depth limit)");
	ok(strstr(dsp_last_error(), "nesting") != NULL, "depth error says so: %s",
	    dsp_last_error());
	memset(ok64, '[', 60);
	memset(ok64 + 60, ']', 60);
	ok64[120] = '\0';
	is_int(parses(ok64), DSP_OK, "60 nested arrays accepted");
	rc = dsp_json_parse("{\n  \"a\": [1,\n  2,, 3]}", 21, &v);
	is_int(rc, DSP_EPARSE, "double comma");
	ok(strstr(dsp_last_error(), "line 3") != NULL && strstr(dsp_last_error(), "offset 17") != NULL,
	    "error names line and offset: %s", dsp_last_error());
	is_int(dsp_json_parse("[1]\0[2]", 7, &v), DSP_EPARSE, "embedded NUL rejected");
	is_int(parses("  {\"a\": {\"b\": [true, false, null, -0.5e-3, \"\"]}}  "), DSP_OK,
	    "valid nested document");
}

static void
test_table(void)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	dsp_table *t = dsp_table_alloc("t");
	double row[2] = { 1.5, NAN };
	dsp_jval *v = NULL;
	const dsp_jval *rows, *p;

	dsp_table_stamp(t, "n", "9223372036854775808");
	dsp_table_stamp(t, "name", "a,\"b\"");
	dsp_table_column(t, "x", "%.3g");
	dsp_table_column(t, "y", NULL);
	dsp_table_row(t, row);
	dsp_table_row(t, row);
	dsp_table_set_text(t, 1, 1, "a,\"b\"");
	is_int((int)dsp_table_rows(t), 2, "two rows");
	is_int(dsp_table_write(t, fp, DSP_FMT_JSON), DSP_OK, "JSON written");
	fflush(fp);
	is_int(dsp_json_parse(buf, len, &v), DSP_OK, "table JSON parses");
	p = dsp_json_get(v, "params");
	ok(p != NULL && dsp_json_get(p, "n") != NULL && dsp_json_get(p, "n")->type == DSP_JNUM &&
	    strcmp(dsp_json_get(p, "n")->str, "9223372036854775808") == 0,
	    "stamp 2^63 written as an exact JSON number");
	rows = dsp_json_get(v, "rows");
	ok(rows != NULL && rows->len == 2 && dsp_json_get(rows->items[0], "y")->type == DSP_JNULL &&
	    dsp_json_get(rows->items[0], "x")->num == 1.5, "rows are objects; NaN is null");
	dsp_json_free(v);
	fclose(fp);
	free(buf);
	buf = NULL;
	fp = open_memstream(&buf, &len);
	dsp_table_write(t, fp, DSP_FMT_CSV);
	fclose(fp);
	ok(strstr(buf, "x,y\n1.5,nan\n1.5,\"a,\"\"b\"\"\"\n") != NULL, "CSV quoting per RFC 4180");
	free(buf);
	dsp_table_free(t);
}

/* One document: an array of v[0, n) (by dsp_jw_nums when bulk, else a
 * dsp_jw_num each) in an object in an object, and a key after it (the
 * array at depth 3: on one line at pretty 2); a malloc'd text. */
static char *
nums_doc(const double *v, size_t n, int pretty, int bulk)
{
	char *buf = NULL;
	size_t len = 0, i;
	FILE *fp = open_memstream(&buf, &len);
	dsp_jw *w = dsp_jw_new(fp, pretty);

	dsp_jw_object(w);
	dsp_jw_key(w, "params");
	dsp_jw_object(w);
	dsp_jw_key(w, "logits");
	dsp_jw_array(w);
	if (bulk)
		dsp_jw_nums(w, v, n);
	else
		for (i = 0; i < n; i++)
			dsp_jw_num(w, v[i]);
	dsp_jw_close(w);
	dsp_jw_close(w);
	dsp_jw_key(w, "after");
	dsp_jw_int(w, 1);
	dsp_jw_close(w);
	dsp_jw_end(w);
	fclose(fp);
	return buf;
}

/* dsp_jw_nums writes what as many dsp_jw_num calls write, byte for byte:
 * 0, 1, 2 and 10^5 numbers (past its 64 KiB block), non-finite ones as
 * null, compact (pretty 0), indented (1) and on one line (2). */
static void
test_nums(void)
{
	static const size_t ns[] = { 0, 1, 2, 100000 };
	double *v = malloc(100000 * sizeof *v);
	size_t i, j, k;
	int pretty;
	char *a, *b;

	if (v == NULL)
		abort();
	for (i = 0; i < 100000; i++)
		v[i] = i % 997 == 5 ? NAN : i % 991 == 7 ? -INFINITY :
		    sin((double)i) * pow(10, (double)(i % 41) - 20);
	for (k = 0; k < sizeof ns / sizeof ns[0]; k++)
		for (pretty = 0; pretty <= 2; pretty++) {
			a = nums_doc(v, ns[k], pretty, 1);
			b = nums_doc(v, ns[k], pretty, 0);
			j = strcmp(a, b) != 0;
			ok(j == 0, "dsp_jw_nums: %zu numbers, pretty %d: the text of %zu "
			    "dsp_jw_num calls (%zu bytes)", ns[k], pretty, ns[k], strlen(b));
			free(a);
			free(b);
		}
	free(v);
}

int
main(void)
{
	test_roundtrip();
	test_nums();
	test_escapes();
	test_malicious();
	test_table();
	return tap_done();
}
