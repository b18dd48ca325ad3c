/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A small JSON DOM parser with depth, size and item limits, for loading
 * snapshots and models back (the writer is json.c). */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/math/dtoa.h"
#include "core/alloc.h"
#include "core/error.h"
#include "core/io/escape.h"
#include "export/json.h"


/* ---- parser ---------------------------------------------------------- */

#define JP_MAX_DEPTH	64
#define JP_MAX_SIZE	((size_t)256 << 20)	/* 256 MiB of text */
#define JP_MAX_ITEMS	((size_t)1 << 26)	/* per container */

struct jp {
	const char	*s;
	size_t		 len;
	size_t		 pos;
	size_t		 budget;	/* bytes the tree may take (0: no limit) */
	size_t		 used;
	int		(*keep)(const char *key);	/* top-level members to build */
};

/* malloc's own overhead per block, for the budget. */
#define JP_BLOCK	16

/* Charge n bytes of the tree to the budget: a document is refused once
 * its tree would outgrow it, not after. */
static int
jp_charge(struct jp *p, size_t n)
{
	if (p->budget == 0)
		return DSP_OK;
	if (n > p->budget - p->used)
		return dsp_fail(DSP_ETOOBIG, "offset %zu: the document needs more than "
		    "%zu MiB of memory to load", p->pos, p->budget >> 20);
	p->used += n;
	return DSP_OK;
}

static int
jp_error(const struct jp *p, const char *what)
{
	size_t i, line = 1, col = 1;

	for (i = 0; i < p->pos && i < p->len; i++) {
		if (p->s[i] == '\n') {
			line++;
			col = 1;
		} else
			col++;
	}
	return dsp_fail(DSP_EPARSE, "offset %zu (line %zu, column %zu): %s",
	    p->pos, line, col, what);
}

static void
jp_space(struct jp *p)
{
	while (p->pos < p->len && (p->s[p->pos] == ' ' || p->s[p->pos] == '\t' ||
	    p->s[p->pos] == '\n' || p->s[p->pos] == '\r'))
		p->pos++;
}

static dsp_jval *
jv_new(enum dsp_jtype t)
{
	dsp_jval *v = dsp_calloc(1, sizeof *v);

	if (v != NULL)
		v->type = t;
	return v;
}

void
dsp_json_free(dsp_jval *v)
{
	size_t i;

	if (v == NULL)
		return;
	for (i = 0; i < v->len; i++) {
		if (v->items != NULL)
			dsp_json_free(v->items[i]);
		if (v->keys != NULL)
			free(v->keys[i]);
	}
	free(v->items);
	free(v->keys);
	free(v->str);
	free(v);
}

static int
hex4(const struct jp *p, size_t at, unsigned *out)
{
	unsigned v = 0;
	size_t i;
	char c;

	if (at + 4 > p->len)
		return -1;
	for (i = 0; i < 4; i++) {
		c = p->s[at + i];
		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v |= (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v |= (unsigned)(c - 'A' + 10);
		else
			return -1;
	}
	*out = v;
	return 0;
}

static size_t
utf8_put(char *o, unsigned cp)
{
	if (cp < 0x80) {
		o[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		o[0] = (char)(0xc0 | (cp >> 6));
		o[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		o[0] = (char)(0xe0 | (cp >> 12));
		o[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		o[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	o[0] = (char)(0xf0 | (cp >> 18));
	o[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
	o[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
	o[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

/* A string at p->pos (the opening quote); *out is malloc'd. Decoded text
 * is never longer than the source, so one allocation suffices. */
static int
jp_string(struct jp *p, char **out)
{
	size_t start = ++p->pos, end, k = 0;
	unsigned cp, lo;
	char *o, c;

	for (end = start; end < p->len && p->s[end] != '"'; end++)
		if (p->s[end] == '\\')
			end++;
	if (end >= p->len) {
		p->pos = p->len;
		return jp_error(p, "unterminated string");
	}
	if (jp_charge(p, end - start + 1 + JP_BLOCK) != DSP_OK)
		return DSP_ETOOBIG;
	if ((o = dsp_malloc(end - start + 1)) == NULL)
		return dsp_fail_nomem(NULL, 0);
	while (p->pos < end) {
		c = p->s[p->pos];
		if ((unsigned char)c < 0x20) {
			free(o);
			return jp_error(p, "control character in string");
		}
		if (c != '\\') {
			o[k++] = c;
			p->pos++;
			continue;
		}
		c = p->s[++p->pos];
		p->pos++;
		switch (c) {
		case '"':	o[k++] = '"'; break;
		case '\\':	o[k++] = '\\'; break;
		case '/':	o[k++] = '/'; break;
		case 'b':	o[k++] = '\b'; break;
		case 'f':	o[k++] = '\f'; break;
		case 'n':	o[k++] = '\n'; break;
		case 'r':	o[k++] = '\r'; break;
		case 't':	o[k++] = '\t'; break;
		case 'u':
			if (hex4(p, p->pos, &cp) != 0) {
				free(o);
				return jp_error(p, "bad \\u escape");
			}
			p->pos += 4;
			if (cp >= 0xd800 && cp <= 0xdbff) {
				if (p->pos + 6 > end || p->s[p->pos] != '\\' ||
				    p->s[p->pos + 1] != 'u' ||
				    hex4(p, p->pos + 2, &lo) != 0 ||
				    lo < 0xdc00 || lo > 0xdfff) {
					free(o);
					return jp_error(p, "unpaired surrogate in \\u escape");
				}
				p->pos += 6;
				cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
			} else if (cp >= 0xdc00 && cp <= 0xdfff) {
				free(o);
				return jp_error(p, "unpaired surrogate in \\u escape");
			}
			if (cp == 0) {
				free(o);
				return jp_error(p, "\\u0000 is not supported");
			}
			k += utf8_put(o + k, cp);
			break;
		default:
			p->pos--;
			free(o);
			return jp_error(p, "bad escape in string");
		}
	}
	o[k] = '\0';
	p->pos = end + 1;
	*out = o;
	return DSP_OK;
}

/* Strict JSON number grammar; the value must be finite as a double. */
static int
jp_number(struct jp *p, dsp_jval **out)
{
	size_t start = p->pos, i = p->pos;
	char buf[512];
	dsp_jval *v;
	double x;

	if (i < p->len && p->s[i] == '-')
		i++;
	if (i < p->len && p->s[i] == '0')
		i++;
	else if (i < p->len && p->s[i] >= '1' && p->s[i] <= '9')
		while (i < p->len && p->s[i] >= '0' && p->s[i] <= '9')
			i++;
	else
		return jp_error(p, "bad number");
	if (i < p->len && p->s[i] == '.') {
		if (++i >= p->len || p->s[i] < '0' || p->s[i] > '9') {
			p->pos = i;
			return jp_error(p, "bad number: digit expected after '.'");
		}
		while (i < p->len && p->s[i] >= '0' && p->s[i] <= '9')
			i++;
	}
	if (i < p->len && (p->s[i] == 'e' || p->s[i] == 'E')) {
		i++;
		if (i < p->len && (p->s[i] == '+' || p->s[i] == '-'))
			i++;
		if (i >= p->len || p->s[i] < '0' || p->s[i] > '9') {
			p->pos = i;
			return jp_error(p, "bad number: digit expected in exponent");
		}
		while (i < p->len && p->s[i] >= '0' && p->s[i] <= '9')
			i++;
	}
	if (out == NULL) {	/* skipped: the grammar is enough */
		p->pos = i;
		return DSP_OK;
	}
	if (i - start >= sizeof buf)
		return jp_error(p, "number too long");
	memcpy(buf, p->s + start, i - start);
	buf[i - start] = '\0';
	errno = 0;
	x = strtod(buf, NULL);
	if (!isfinite(x))
		return jp_error(p, "number out of range of a double");
	if (jp_charge(p, sizeof *v + i - start + 1 + 2 * JP_BLOCK) != DSP_OK)
		return DSP_ETOOBIG;
	if ((v = jv_new(DSP_JNUM)) == NULL || (v->str = dsp_strdup(buf)) == NULL) {
		free(v);
		return dsp_fail_nomem(NULL, 0);
	}
	v->num = x;
	p->pos = i;
	*out = v;
	return DSP_OK;
}

static int
jp_literal(struct jp *p, const char *word)
{
	size_t n = strlen(word);

	if (p->len - p->pos < n || memcmp(p->s + p->pos, word, n) != 0)
		return -1;
	p->pos += n;
	return 0;
}

static int jp_value(struct jp *p, int depth, dsp_jval **out);

/* Check one value's syntax without keeping it: containers are walked, each
 * scalar is parsed and dropped at once (its charge given back). */
static int
jp_skip(struct jp *p, int depth)
{
	size_t saved = p->used;
	dsp_jval *v = NULL;
	char *key, close;
	int rc, obj;

	jp_space(p);
	if (p->pos >= p->len)
		return jp_error(p, "unexpected end of input");
	if (p->s[p->pos] == '-' || (p->s[p->pos] >= '0' && p->s[p->pos] <= '9'))
		return jp_number(p, NULL);
	if (p->s[p->pos] != '{' && p->s[p->pos] != '[') {
		rc = jp_value(p, depth, &v);
		dsp_json_free(v);
		p->used = saved;
		return rc;
	}
	if (depth >= JP_MAX_DEPTH)
		return jp_error(p, "nesting deeper than 64 levels");
	obj = p->s[p->pos] == '{';
	close = obj ? '}' : ']';
	p->pos++;
	jp_space(p);
	if (p->pos < p->len && p->s[p->pos] == close) {
		p->pos++;
		return DSP_OK;
	}
	for (;;) {
		jp_space(p);
		if (obj) {
			if (p->pos >= p->len || p->s[p->pos] != '"')
				return jp_error(p, p->pos >= p->len ? "unexpected end of "
				    "input" : "object key (a string) expected");
			if ((rc = jp_string(p, &key)) != DSP_OK)
				return rc;
			free(key);
			p->used = saved;
			jp_space(p);
			if (p->pos >= p->len || p->s[p->pos] != ':')
				return jp_error(p, "':' expected after object key");
			p->pos++;
		}
		if ((rc = jp_skip(p, depth + 1)) != DSP_OK)
			return rc;
		jp_space(p);
		if (p->pos >= p->len)
			return jp_error(p, "unexpected end of input");
		if (p->s[p->pos] == ',') {
			p->pos++;
			continue;
		}
		if (p->s[p->pos] == close) {
			p->pos++;
			return DSP_OK;
		}
		return jp_error(p, obj ? "',' or '}' expected" : "',' or ']' expected");
	}
}

static int
jp_push(struct jp *p, dsp_jval *c, size_t *cap, dsp_jval *item, char *key)
{
	dsp_jval **ni;
	char **nk;
	size_t ncap;

	if (c->len == *cap) {
		ncap = *cap ? *cap * 2 : 8;
		if (jp_charge(p, (ncap - *cap) * (c->type == DSP_JOBJ ? 2 : 1) *
		    sizeof *ni) != DSP_OK)
			return -2;
		if ((ni = dsp_realloc(c->items, ncap * sizeof *ni)) == NULL)
			return -1;
		c->items = ni;
		if (c->type == DSP_JOBJ) {
			if ((nk = dsp_realloc(c->keys, ncap * sizeof *nk)) == NULL)
				return -1;
			c->keys = nk;
		}
		*cap = ncap;
	}
	c->items[c->len] = item;
	if (c->type == DSP_JOBJ)
		c->keys[c->len] = key;
	c->len++;
	return 0;
}

static int
jp_container(struct jp *p, int depth, dsp_jval **out)
{
	int obj = p->s[p->pos] == '{', rc;
	char close = obj ? '}' : ']', *key = NULL;
	dsp_jval *c, *item;
	size_t cap = 0;

	if (depth >= JP_MAX_DEPTH)
		return jp_error(p, "nesting deeper than 64 levels");
	if (jp_charge(p, sizeof *c + JP_BLOCK) != DSP_OK)
		return DSP_ETOOBIG;
	if ((c = jv_new(obj ? DSP_JOBJ : DSP_JARR)) == NULL)
		return dsp_fail_nomem(NULL, 0);
	p->pos++;
	jp_space(p);
	if (p->pos < p->len && p->s[p->pos] == close) {
		p->pos++;
		*out = c;
		return DSP_OK;
	}
	for (;;) {
		jp_space(p);
		if (obj) {
			if (p->pos >= p->len || p->s[p->pos] != '"') {
				rc = jp_error(p, p->pos >= p->len ? "unexpected end of input" :
				    "object key (a string) expected");
				goto fail;
			}
			if ((rc = jp_string(p, &key)) != DSP_OK)
				goto fail;
			jp_space(p);
			if (p->pos >= p->len || p->s[p->pos] != ':') {
				rc = jp_error(p, "':' expected after object key");
				goto fail;
			}
			p->pos++;
		}
		if (obj && depth == 0 && p->keep != NULL && !p->keep(key)) {
			/* A member the caller does not read: checked, not built. */
			free(key);
			key = NULL;
			if ((rc = jp_skip(p, depth + 1)) != DSP_OK)
				goto fail;
			goto next;
		}
		if ((rc = jp_value(p, depth + 1, &item)) != DSP_OK)
			goto fail;
		if (c->len >= JP_MAX_ITEMS) {
			dsp_json_free(item);
			rc = jp_error(p, "too many items in one container");
			goto fail;
		}
		if ((rc = jp_push(p, c, &cap, item, key)) != 0) {
			dsp_json_free(item);
			rc = rc == -2 ? DSP_ETOOBIG : dsp_fail_nomem(NULL, 0);
			goto fail;
		}
		key = NULL;
next:
		jp_space(p);
		if (p->pos >= p->len) {
			rc = jp_error(p, "unexpected end of input");
			goto fail;
		}
		if (p->s[p->pos] == ',') {
			p->pos++;
			continue;
		}
		if (p->s[p->pos] == close) {
			p->pos++;
			break;
		}
		rc = jp_error(p, obj ? "',' or '}' expected" : "',' or ']' expected");
		goto fail;
	}
	*out = c;
	return DSP_OK;
fail:
	free(key);
	dsp_json_free(c);
	return rc;
}

static int
jp_value(struct jp *p, int depth, dsp_jval **out)
{
	dsp_jval *v;
	char c;
	int rc;

	*out = NULL;
	jp_space(p);
	if (p->pos >= p->len)
		return jp_error(p, "unexpected end of input");
	c = p->s[p->pos];
	if (c == '{' || c == '[')
		return jp_container(p, depth, out);
	if (c != '-' && (c < '0' || c > '9') && jp_charge(p, sizeof *v + JP_BLOCK) != DSP_OK)
		return DSP_ETOOBIG;
	if (c == '"') {
		if ((v = jv_new(DSP_JSTR)) == NULL)
			return dsp_fail_nomem(NULL, 0);
		if ((rc = jp_string(p, &v->str)) != DSP_OK) {
			free(v);
			return rc;
		}
		*out = v;
		return DSP_OK;
	}
	if (c == '-' || (c >= '0' && c <= '9'))
		return jp_number(p, out);
	if (jp_literal(p, "true") == 0 || jp_literal(p, "false") == 0) {
		if ((v = jv_new(DSP_JBOOL)) == NULL)
			return dsp_fail_nomem(NULL, 0);
		v->boolean = c == 't';
		*out = v;
		return DSP_OK;
	}
	if (jp_literal(p, "null") == 0) {
		if ((v = jv_new(DSP_JNULL)) == NULL)
			return dsp_fail_nomem(NULL, 0);
		*out = v;
		return DSP_OK;
	}
	return jp_error(p, "unexpected character");
}

int
dsp_json_parse(const char *buf, size_t len, dsp_jval **out)
{
	return dsp_json_parse_ex(buf, len, JP_MAX_SIZE, 0, NULL, out);
}

int
dsp_json_parse_ex(const char *buf, size_t len, size_t max_len, size_t budget,
    int (*keep)(const char *key), dsp_jval **out)
{
	struct jp p = { buf, len, 0, budget, 0, keep };
	dsp_jval *v;
	int rc;

	*out = NULL;
	if (buf == NULL)
		return dsp_fail(DSP_EINVAL, "no JSON text");
	if (len > max_len)
		return dsp_fail(DSP_ETOOBIG, "JSON text larger than %zu bytes", max_len);
	if (memchr(buf, '\0', len) != NULL) {
		p.pos = (size_t)((const char *)memchr(buf, '\0', len) - buf);
		return jp_error(&p, "NUL byte in JSON text");
	}
	if ((rc = jp_value(&p, 0, &v)) != DSP_OK)
		return rc;
	jp_space(&p);
	if (p.pos != p.len) {
		dsp_json_free(v);
		return jp_error(&p, "trailing characters after the JSON value");
	}
	*out = v;
	return DSP_OK;
}

const dsp_jval *
dsp_json_get(const dsp_jval *obj, const char *key)
{
	size_t i;

	if (obj == NULL || obj->type != DSP_JOBJ || key == NULL)
		return NULL;
	/* Last duplicate wins, as in most parsers. */
	for (i = obj->len; i-- > 0;)
		if (strcmp(obj->keys[i], key) == 0)
			return obj->items[i];
	return NULL;
}
