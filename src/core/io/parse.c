/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Logit text parser: numbers separated by white space, commas or newlines,
 * read as a stream.  Chunks of the input are fed one after the other; a
 * number (or a comment, or a CR before an LF) cut by a chunk boundary is
 * carried over, so memory is the logits plus one chunk.  Numbers go
 * through dsp_decimal_fast (decimal.h), strtod when it declines: the
 * values are strtod's, bit for bit. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "core/alloc.h"
#include "core/cpu.h"
#include "core/math/decimal.h"
#include "core/error.h"
#include "core/io/parse.h"
#include "core/io/readfile.h"
#include "core/job.h"

#define TOKEN_MAX	127		/* characters in one number */
#define READ_CHUNK	((size_t)1 << 20)
#define PAR_MIN		((size_t)4 << 20)	/* a mapped file split over threads */
#define PARTS_MAX	64
/* Parts taken in turn by whichever thread is free: on a shared machine a
 * thread that loses its core for a while no longer holds the others up
 * (halves, one a thread, made a loaded 2-core machine slower than one
 * thread); every part after the first is copied once more at the end. */
#define PARTS_PER_THREAD	4
#define SAMPLE		((size_t)1 << 16)	/* bytes read to size the array */

static size_t read_chunk = READ_CHUNK;
static size_t par_min = PAR_MIN;
static int par_parts;			/* 0: one part a thread */

/* Byte classes: part of a number, separator, LF, CR, comment start. */
enum { C_TOK, C_SEP, C_LF, C_CR, C_HASH };

/* Bytes the number loop may read from a token start: dsp_decimal_quick's
 * read-ahead and the byte after a separator. */
#define RUN_SLACK	(DSP_DECIMAL_SLACK + 16)

static unsigned char cls[256];

static void
init_classes(void)
{
	static const char sep[] = " \t,;\f\v";
	const char *c;

	if (cls['#'] == C_HASH)
		return;
	for (c = sep; *c != '\0'; c++)
		cls[(unsigned char)*c] = C_SEP;
	cls['\n'] = C_LF;
	cls['\r'] = C_CR;
	cls['#'] = C_HASH;
}

struct lparser {
	double	*v;
	size_t	k, cap;
	size_t	line;
	char	tok[TOKEN_MAX + 1];	/* a number cut by a chunk boundary */
	size_t	tl;			/* its length so far (may pass TOKEN_MAX) */
	int	intok, comment, cr;
	int	slot;			/* v is a slot of a shared array: not realloc'd */
	int	rough;			/* a failure's message is not kept: stop early */
};

static int
push(struct lparser *p, double x)
{
	double *nv;

	if (p->k == p->cap) {
		p->cap = p->cap ? p->cap * 2 : 1024;
		/* Refused in a line that says what grows (the wrappers would
		 * name only this function).  realloc may copy: old and new. */
		if (p->cap >= 1024 * 1024) {
			char what[96];
			int rc;

			snprintf(what, sizeof what, "the logits (%zu read, room for %zu)",
			    p->k, p->cap);
			if ((rc = dsp_job_need((p->k + p->cap) * sizeof *nv, what)) != DSP_OK)
				return rc;
		}
		if (p->slot) {
			/* A full slot: the rest of the part in an array of its own. */
			if ((nv = dsp_malloc(p->cap * sizeof *nv)) != NULL && p->k > 0)
				memcpy(nv, p->v, p->k * sizeof *nv);
		} else
			nv = dsp_realloc(p->v, p->cap * sizeof *nv);
		if (nv == NULL)
			return dsp_fail(DSP_ENOMEM, "out of memory after %zu logits", p->k);
		dsp_alloc_huge(nv, p->cap * sizeof *nv);
		p->v = nv;
		p->slot = 0;
	}
	p->v[p->k++] = x;
	return DSP_OK;
}

/* One whole token t[0..tl-1] that the fast path did not take. */
static int
token(struct lparser *p, const char *t, size_t tl)
{
	char tok[TOKEN_MAX + 1], *end;
	double x;

	if (tl > TOKEN_MAX)
		return dsp_fail(DSP_EPARSE, "line %zu: a number of %zu characters "
		    "(at most %d)", p->line, tl, TOKEN_MAX);
	if (memchr(t, '\0', tl) != NULL)
		return dsp_fail(DSP_EPARSE, "line %zu: not a number", p->line);
	if (dsp_decimal_fast(t, t + tl, &x) == tl)
		return push(p, x);
	memcpy(tok, t, tl);
	tok[tl] = '\0';
	errno = 0;
	x = strtod(tok, &end);
	if (end == tok || *end != '\0')
		return dsp_fail(DSP_EPARSE, "line %zu: '%.40s' is not a number", p->line, tok);
	if (!isfinite(x))
		return dsp_fail(DSP_EPARSE, "line %zu: '%.40s' is not finite%s", p->line, tok,
		    errno == ERANGE ? " (overflows a double)" : "");
	return push(p, x);
}

/* Numbers the fast path takes whole, one separator (not CR, not '#')
 * after each, from buf + i while RUN_SLACK bytes remain: the common case
 * in a tight loop.  Returns where it stopped (a token, a separator or the
 * end of the room) for feed's general loop; p->k and p->line are updated. */
static size_t
run(struct lparser *p, const char *buf, size_t i, size_t len, int *rc)
{
	const char *s = buf + i, *end = buf + len, *lim = end - RUN_SLACK;
	size_t k = p->k, line = p->line, got;
	unsigned t;
	double x;

	*rc = DSP_OK;
	while (s <= lim) {
		if ((got = dsp_decimal_quick(s, &x)) == 0)
			got = dsp_decimal_fast(s, end, &x);
		if (got == 0 || got > RUN_SLACK - 2 || (t = cls[(unsigned char)s[got]]) == C_TOK)
			break;
		if (k == p->cap) {
			p->k = k;
			if ((*rc = push(p, x)) != DSP_OK)
				return (size_t)(s - buf);
			k = p->k;
		} else
			p->v[k++] = x;
		/* One separator, then the next number: stay in the loop. */
		if ((t == C_SEP || t == C_LF) && cls[(unsigned char)s[got + 1]] == C_TOK) {
			line += t == C_LF;
			s += got + 1;
			continue;
		}
		s += got;
		break;
	}
	p->k = k;
	p->line = line;
	return (size_t)(s - buf);
}

/* Feed buf[0..len-1]; last: no more input follows. */
static int
feed(struct lparser *p, const char *buf, size_t len, int last)
{
	size_t i = 0, tl, got;
	double x;
	int rc;

	if (p->cr) {
		/* A CR that ended the previous chunk: a line end unless an LF
		 * follows (then the LF counts). */
		p->cr = 0;
		if (len == 0 || buf[0] != '\n')
			p->line++;
	}
	if (p->intok) {
		for (tl = 0; tl < len && cls[(unsigned char)buf[tl]] == C_TOK; tl++, p->tl++)
			if (p->tl < TOKEN_MAX)
				p->tok[p->tl] = buf[tl];
		if (tl == len && !last)
			return DSP_OK;
		p->intok = 0;
		if ((rc = token(p, p->tok, p->tl)) != DSP_OK)
			return rc;
		i = tl;
	}
	while (i < len) {
		switch (cls[(unsigned char)buf[i]]) {
		case C_SEP:
			i++;
			continue;
		case C_LF:
			p->comment = 0;
			p->line++;
			i++;
			continue;
		case C_CR:
			i++;
			if (p->comment)
				continue;
			if (i == len && !last)
				p->cr = 1;
			else if (i == len || buf[i] != '\n')
				p->line++;
			continue;
		case C_HASH:
			p->comment = 1;
			i++;
			continue;
		}
		if (p->comment) {
			const char *nl = memchr(buf + i, '\n', len - i);
			size_t stop = nl != NULL ? (size_t)(nl - buf) : len;

			/* A NUL never passes (the chunk reader refuses it before;
			 * a mapped file has only this parser to see it). */
			if (memchr(buf + i, '\0', stop - i) != NULL)
				return dsp_fail(DSP_EPARSE, "line %zu: NUL byte in a comment", p->line);
			i = stop;
			continue;
		}
		if (len - i >= RUN_SLACK) {
			size_t j = run(p, buf, i, len, &rc);

			if (rc != DSP_OK)
				return rc;
			if (j > i) {
				i = j;
				continue;
			}
		}
		/* A number the fast path takes whole, followed by a separator
		 * or, in the last chunk, the end. */
		got = dsp_decimal_fast(buf + i, buf + len, &x);
		if (got > 0 && got <= TOKEN_MAX && (i + got < len ? cls[(unsigned char)buf[i + got]] != C_TOK :
		    last)) {
			if ((rc = push(p, x)) != DSP_OK)
				return rc;
			i += got;
			continue;
		}
		/* A rough parse need not measure a token too long to be a
		 * number: a 1 GiB file of NUL bytes was scanned whole (2.4 s)
		 * before the stream's read refused its first chunk. */
		for (tl = 0; i + tl < len && cls[(unsigned char)buf[i + tl]] == C_TOK &&
		    !(p->rough && tl > TOKEN_MAX); tl++)
			;
		if (i + tl == len && !last) {
			/* Cut by the chunk boundary: carry it over. */
			p->intok = 1;
			p->tl = tl;
			memcpy(p->tok, buf + i, tl < TOKEN_MAX ? tl : TOKEN_MAX);
			return DSP_OK;
		}
		if ((rc = token(p, buf + i, tl)) != DSP_OK)
			return rc;
		i += tl;
	}
	return DSP_OK;
}

static void
start(struct lparser *p)
{
	init_classes();
	memset(p, 0, sizeof *p);
	p->line = 1;
}

/* Hand over the logits (DSP_OK) or free them. */
static int
finish(struct lparser *p, int rc, double **out, size_t *n)
{
	if (rc == DSP_OK && p->k == 0)
		rc = dsp_fail(DSP_EEMPTY, "no logits in input");
	if (rc != DSP_OK) {
		free(p->v);
		return rc;
	}
	*out = p->v;
	*n = p->k;
	return DSP_OK;
}

int
dsp_parse_logits(const char *buf, size_t len, double **out, size_t *n)
{
	struct lparser p;

	*out = NULL;
	*n = 0;
	start(&p);
	return finish(&p, feed(&p, buf, len, 1), out, n);
}

/* Parse an opened input chunk by chunk; the parser's messages start with
 * "name: " when name is not NULL (the reader's already name the input). */
static int
parse_input(dsp_input *in, const char *name, double **out, size_t *n)
{
	struct lparser p;
	char *buf, msg[512];
	size_t got;
	int rc;

	*out = NULL;
	*n = 0;
	if ((buf = dsp_malloc(read_chunk)) == NULL)
		return dsp_fail(DSP_ENOMEM, "out of memory reading logits");
	start(&p);
	do {
		if ((rc = dsp_input_read(in, buf, read_chunk, &got)) != DSP_OK)
			break;
		if ((rc = feed(&p, buf, got, got == 0)) != DSP_OK && name != NULL) {
			snprintf(msg, sizeof msg, "%s", dsp_last_error());
			rc = dsp_fail(rc, "%s: %s", name, msg);
		}
	} while (rc == DSP_OK && got > 0);
	free(buf);
	return finish(&p, rc, out, n);
}

void
dsp_parse_set_chunk(size_t bytes)
{
	read_chunk = bytes ? bytes : READ_CHUNK;
}

int
dsp_read_logits(FILE *fp, double **out, size_t *n)
{
	dsp_input in;
	int rc;

	memset(&in, 0, sizeof in);
	in.fp = fp;
	in.in = 1;			/* the caller's stream: not closed */
	in.name = "<stream>";
	if ((rc = dsp_input_cap(DSP_CAP_LOGITS, &in.cap)) != DSP_OK)
		return rc;
	return parse_input(&in, NULL, out, n);
}

/* Where to cut data[0..len-1] into parts: after the first LF at or past
 * each j len / parts (an LF ends a comment, a number and a CR's pending
 * line, so each part parses from a fresh state as if the file began
 * there).  cut[0] = 0, cut[np] = len; returns np (fewer parts when the
 * LFs are few). */
static int
cuts(const char *data, size_t len, int parts, size_t *cut)
{
	const char *nl;
	size_t at;
	int np = 0, j;

	cut[0] = 0;
	for (j = 1; j < parts; j++) {
		at = len / (size_t)parts * (size_t)j;
		if (at < cut[np])
			continue;
		if ((nl = memchr(data + at, '\n', len - at)) == NULL)
			break;
		if ((size_t)(nl - data) + 1 < len)
			cut[++np] = (size_t)(nl - data) + 1;
	}
	cut[++np] = len;
	return np;
}

/* Bytes a number takes in data[0..len-1], from its first 64 KiB (whole
 * lines) parsed once more; 16 when that says nothing. */
static size_t
bytes_per_number(const char *data, size_t len)
{
	struct lparser t;
	size_t e = len < SAMPLE ? len : SAMPLE, b = 16;

	while (e > 0 && data[e - 1] != '\n')
		e--;
	if (e == 0)
		return b;
	start(&t);
	if (feed(&t, data, e, 1) == DSP_OK && t.k > 0)
		b = e / t.k;
	free(t.v);
	return b > 1 ? b : 1;
}

/* A mapped file: its parts parsed at once, by whichever thread is free,
 * the values joined in file order (the same bits as one pass: each number
 * is parsed alone).  Every part writes into its slot of one array, sized
 * from the numbers' length in the file's first lines with a quarter
 * spare; joining moves each part down to follow the one before, over
 * pages already written (new pages, which the kernel must zero and map,
 * cost more than the move).  A part that outgrows its slot goes on in an
 * array of its own.  Any failure returns without a message worth keeping:
 * the caller reads the file again as a stream for the exact one. */

/* Join in file order the parts parsed so far, while other parts are still
 * being parsed: a serial move at the end was 35 ms of the 0.3 s `report
 * --input` of 2^24 logits.  Part *next goes to *at only once every part
 * before it is in place; while all of those stayed in their slots, *at is
 * at most its slot's start and the part ends below the next slot, which
 * another thread may be filling.  A part out of its slot (or a failed one)
 * stops the chain; parse_mapped joins the rest at the end. */
static void
join_ready(struct lparser *p, const unsigned char *done, int np, double *v,
    int *next, size_t *at, int *chain)
{
	struct lparser *q;

	while (*chain && *next < np && done[*next]) {
		q = &p[*next];
		if (!q->slot) {
			*chain = 0;
			break;
		}
		if (q->v != v + *at)
			memmove(v + *at, q->v, q->k * sizeof *v);
		q->v = v + *at;
		*at += q->k;
		(*next)++;
	}
}

/* What every part's call shares. */
struct parts {
	const dsp_input	*in;
	const char	*data;
	const size_t	*cut;
	struct lparser	*p;
	unsigned char	*done;
	double		*v;
	int		 np, next, chain, rc;
	size_t		 joined;
};

static void
parse_part(void *ctx, long j)
{
	struct parts *ps = ctx;
	int r = feed(&ps->p[j], ps->data + ps->cut[j], ps->cut[j + 1] - ps->cut[j], 1);

	dsp_input_mapped_done(ps->in, ps->data + ps->cut[j], ps->cut[j + 1] - ps->cut[j]);
#pragma omp critical(parse_join)
	{
		if (r > ps->rc)
			ps->rc = r;
		ps->done[j] = 1;
		if (r != DSP_OK)
			ps->chain = 0;
		join_ready(ps->p, ps->done, ps->np, ps->v, &ps->next, &ps->joined, &ps->chain);
	}
}

static int
parse_mapped(const dsp_input *in, const char *data, size_t len, double **out, size_t *n)
{
	struct lparser p[PARTS_MAX];
	size_t cut[PARTS_MAX + 1], base[PARTS_MAX + 1], bpn, at;
	unsigned char done[PARTS_MAX] = { 0 };
	struct parts ps;
	double *v, *nv;
	int parts = 1, np, j, rc = DSP_OK;

#ifdef _OPENMP
	/* As many parts as if every thread OpenMP allows were free: those the
	 * machine has are known only as the parts are handed out. */
	if (len >= par_min && omp_get_max_threads() > 1)
		parts = PARTS_PER_THREAD * omp_get_max_threads();
#endif
	if (len >= par_min && par_parts > 0)
		parts = par_parts;
	if (parts > PARTS_MAX)
		parts = PARTS_MAX;
	if (parts < 1)
		parts = 1;
	np = cuts(data, len, parts, cut);
	bpn = bytes_per_number(data, len);
	for (base[0] = 0, j = 0; j < np; j++)
		base[j + 1] = base[j] + (cut[j + 1] - cut[j]) / bpn * 5 / 4 + 1024;
	{
		char what[600];

		snprintf(what, sizeof what, "%s: about %zu logits", in->name, base[np]);
		if ((rc = dsp_job_need(base[np] * sizeof *v, what)) != DSP_OK)
			return rc;
	}
	if ((v = dsp_malloc(base[np] * sizeof *v)) == NULL)
		return DSP_ENOMEM;
	dsp_alloc_huge(v, base[np] * sizeof *v);
	for (j = 0; j < np; j++) {
		start(&p[j]);
		p[j].v = v + base[j];
		p[j].cap = base[j + 1] - base[j];
		p[j].slot = 1;
		p[j].rough = 1;
	}
	ps.in = in;
	ps.data = data;
	ps.cut = cut;
	ps.p = p;
	ps.done = done;
	ps.v = v;
	ps.np = np;
	ps.next = 0;
	ps.chain = 1;
	ps.rc = DSP_OK;
	ps.joined = 0;
	dsp_cpu_each(np, np > 1 ? 0 : 1, 1, parse_part, &ps);
	rc = ps.rc;
	for (at = 0, j = 0; j < np; j++)
		at += p[j].k;
	nv = NULL;
	if (rc == DSP_OK && ps.next < np && (nv = dsp_malloc(at * sizeof *nv)) == NULL)
		rc = DSP_ENOMEM;
	/* The chain stopped at a part out of its slot: the parts from there on
	 * may run past the next slots, so moving them in place could overwrite
	 * a part not yet moved; they are copied to a new array instead (rare:
	 * the file's first lines were much longer than the rest). */
	if (nv != NULL) {
		memcpy(nv, v, ps.joined * sizeof *nv);
		for (at = ps.joined, j = ps.next; j < np; j++) {
			memcpy(nv + at, p[j].v, p[j].k * sizeof *nv);
			at += p[j].k;
		}
	}
	for (j = ps.next; j < np; j++)
		if (!p[j].slot)
			free(p[j].v);
	if (rc != DSP_OK) {
		free(v);
		return rc;
	}
	if (nv != NULL) {
		free(v);
		v = nv;
	}
	/* Hand back no more than the values (untouched pages cost nothing,
	 * but the address space is the caller's). */
	if (at > 0 && at < base[np] && (nv = dsp_realloc(v, at * sizeof *v)) != NULL)
		v = nv;
	start(&p[0]);
	p[0].v = v;
	p[0].k = at;
	return finish(&p[0], rc, out, n);
}

void
dsp_parse_set_parallel(size_t min_bytes, int parts)
{
	par_min = min_bytes ? min_bytes : PAR_MIN;
	par_parts = parts;
}

int
dsp_load_logits(const char *path, double **out, size_t *n)
{
	const char *name = strcmp(path, "-") == 0 ? "stdin" : path, *data;
	dsp_input in;
	size_t len;
	int rc;

	*out = NULL;
	*n = 0;
	if ((rc = dsp_input_open(&in, path, name, DSP_CAP_LOGITS)) != DSP_OK)
		return rc;	/* already names the file */
	/* A regular file is mapped and parsed in place, in parallel when
	 * large; if that fails (a bad number, a NUL byte...) it is read again
	 * chunk by chunk below, which gives the reader's and the parser's
	 * messages exactly as for a stream. */
	if (dsp_input_map(&in, &data, &len) == DSP_OK) {
		/* Past the budget, the stream would be refused as well: at
		 * once, with the mapped parse's message. */
		if ((rc = parse_mapped(&in, data, len, out, n)) == DSP_OK ||
		    rc == DSP_ETOOBIG) {
			dsp_input_close(&in);
			return rc;
		}
		dsp_input_close(&in);
		if ((rc = dsp_input_open(&in, path, name, DSP_CAP_LOGITS)) != DSP_OK)
			return rc;
	}
	rc = parse_input(&in, name, out, n);
	dsp_input_close(&in);
	return rc;
}
