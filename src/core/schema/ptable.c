/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The parameter table and the presets (see ptable.h); the view-option
 * table is vtable.c. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/error.h"
#include "core/schema/attn.h"
#include "core/schema/family.h"
#include "core/schema/grammar.h"
#include "core/schema/ptable.h"

#define OFF(f)	offsetof(dsp_params, f)
#define SIZE_MAX_N	((uint64_t)1 << 63)

static const char *const family_names[] = {
	"power", "spike", "uniform", "gaussian", "ramp", "file", "empirical", "learned"
};
static const char *const precision_names[] = {
	"double", "float32", "float16", "bfloat16", "fp8-e4m3", "fp8-e5m2"
};

/* One row per parameter, in enum dsp_param_id order.  Domains: the real
 * parameters stay within DSP_REAL_MAX; entmax alpha past 1e6 is argmax to
 * double precision (and (alpha - 1) * delta must stay finite); SSMax s
 * likewise multiplies delta by s log n. */
static const dsp_param_def table[DSP_P_COUNT] = {
	{ DSP_P_FAMILY, "family", NULL, NULL, "family", 0, "NAME", DSP_PT_ENUM,
	  0, 0, 0, 0, 0, family_names, DSP_FAM_COUNT, DSP_FAM_POWER, DSP_STEP_CYCLE, 1, 1,
	  "input family", OFF(family) },
	{ DSP_P_N, "n", NULL, NULL, "n", 'n', "N", DSP_PT_SIZE,
	  0, 0, 0, 1, SIZE_MAX_N, NULL, 0, 16, DSP_STEP_MUL, 2, 16,
	  "items: 1048576, 2^40, 1e6, 16Ki, 1Mi, 1Gi", OFF(n) },
	{ DSP_P_DELTA, "delta", "δ", NULL, "delta", 0, "D", DSP_PT_REAL,
	  0, DSP_REAL_MAX, 0, 0, 0, NULL, 0, 4, DSP_STEP_ADD, 0.5, 5,
	  "logit spread", OFF(delta) },
	{ DSP_P_THETA, "theta", "θ", NULL, "theta", 0, "T", DSP_PT_REAL,
	  -DSP_REAL_MAX, DSP_REAL_MAX, 0, 0, 0, NULL, 0, 1, DSP_STEP_ADD, 0.1, 1,
	  "temperature; 0 = argmax limit, < 0 allowed", OFF(theta) },
	{ DSP_P_LAMBDA, "lambda", "λ", NULL, "lambda", 0, "L", DSP_PT_REAL,
	  -DSP_REAL_MAX, DSP_REAL_MAX, 0, 0, 0, NULL, 0, 0.5, DSP_STEP_ADD, 0.05, 0.25,
	  "power-series ratio", OFF(lambda) },
	{ DSP_P_EPS, "eps", "ε", "epsilon", "eps", 0, "E", DSP_PT_REAL,
	  0, 1, DSP_DOM_MIN_OPEN, 0, 0, NULL, 0, 0.01, DSP_STEP_MUL, 2, 10,
	  "Theorem 2.2 threshold", OFF(eps) },
	{ DSP_P_SEED, "seed", NULL, NULL, "seed", 0, "S", DSP_PT_UINT,
	  0, 0, 0, 0, UINT64_MAX, NULL, 0, 1, DSP_STEP_ADD, 1, 100,
	  "RNG seed of the random families", OFF(seed) },
	{ DSP_P_TOPK, "topk", NULL, NULL, "topk", 0, "K", DSP_PT_SIZE,
	  0, 0, 0, 1, SIZE_MAX_N, NULL, 0, 1, DSP_STEP_MUL, 2, 16,
	  "k of the top-k mass", OFF(topk) },
	{ DSP_P_ATTN, "attn", NULL, "attention", "attn", 0, "NAME", DSP_PT_ENUM,
	  0, 0, 0, 0, 0, dsp_attn_names, DSP_ATTN_COUNT, DSP_ATTN_SOFTMAX, DSP_STEP_CYCLE, 1, 1,
	  "attention function", OFF(attn) },
	{ DSP_P_ADAPTIVE, "adaptive", NULL, NULL, "adaptive", 0, NULL, DSP_PT_BOOL,
	  0, 0, 0, 0, 0, NULL, 0, 0, DSP_STEP_CYCLE, 1, 1,
	  "adaptive temperature (paper Figure 4)", OFF(adaptive) },
	{ DSP_P_SSMAX_S, "ssmax_s", NULL, "s", "ssmax-s", 0, "S", DSP_PT_REAL,
	  0, 1e6, DSP_DOM_MIN_OPEN, 0, 0, NULL, 0, 1, DSP_STEP_ADD, 0.1, 1,
	  "SSMax scale s", OFF(ssmax_s) },
	{ DSP_P_ALPHA, "alpha", "α", NULL, "alpha", 0, "A", DSP_PT_REAL,
	  1, 1e6, DSP_DOM_MIN_OPEN, 0, 0, NULL, 0, 1.5, DSP_STEP_ADD, 0.1, 1,
	  "entmax alpha (2 = sparsemax)", OFF(alpha) },
	{ DSP_P_PRECISION, "precision", NULL, NULL, "precision", 0, "NAME", DSP_PT_ENUM,
	  0, 0, 0, 0, 0, precision_names, DSP_PREC_COUNT, DSP_PREC_DOUBLE, DSP_STEP_CYCLE, 1, 1,
	  "emulated number format", OFF(precision) },
	/* The learned family's model (disperse train --save): a file name,
	 * loaded by export/model.c's dsp_model_attach, never by the core. */
	{ DSP_P_MODEL, "model", NULL, NULL, "model", 0, "FILE", DSP_PT_PATH,
	  0, 0, 0, 0, 0, NULL, 0, 0, DSP_STEP_CYCLE, 1, 1,
	  "trained model (disperse train --save); implies --family learned", OFF(model) },
	{ DSP_P_HEAD, "head", NULL, NULL, "head", 0, "L.H", DSP_PT_HEAD,
	  0, 0, 0, 0, UINT64_MAX, NULL, 0, 0, DSP_STEP_ADD, 1, 1,
	  "row of a multi-row --input array: layer.head, or layer.head.query "
	  "(default the last query)", OFF(head) },
};

const dsp_param_def *
dsp_param(int id)
{
	return id >= 0 && id < DSP_P_COUNT ? &table[id] : NULL;
}

const dsp_param_def *
dsp_param_find(const char *s)
{
	const dsp_param_def *d;
	int i;

	if (s == NULL || *s == '\0')
		return NULL;
	for (i = 0; i < DSP_P_COUNT; i++) {
		d = &table[i];
		if (dsp_name_is(s, d->name) || dsp_name_is(s, d->alias) ||
		    dsp_name_is(s, d->opt_long) ||
		    (d->uname != NULL && strcmp(s, d->uname) == 0))
			return d;
	}
	return NULL;
}

const char *
dsp_param_names(void)
{
	static char buf[512];
	size_t len = 0;
	int i;

	if (buf[0] != '\0')
		return buf;
	for (i = 0; i < DSP_P_COUNT && len < sizeof buf; i++)
		len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s",
		    i ? " " : "", table[i].name);
	if (len < sizeof buf)
		len += (size_t)snprintf(buf + len, sizeof buf - len, ";");
	for (i = 0; i < DSP_P_COUNT && len < sizeof buf; i++)
		if (table[i].uname != NULL)
			len += (size_t)snprintf(buf + len, sizeof buf - len, " %s",
			    table[i].uname);
	return buf;
}

double
dsp_param_get_real(const dsp_param_def *d, const dsp_params *p)
{
	return *(const double *)(const void *)((const char *)p + d->off);
}

uint64_t
dsp_param_get_uint(const dsp_param_def *d, const dsp_params *p)
{
	return *(const uint64_t *)(const void *)((const char *)p + d->off);
}

int
dsp_param_get_enum(const dsp_param_def *d, const dsp_params *p)
{
	/* Enum fields have int's size and representation (checked below). */
	return *(const int *)(const void *)((const char *)p + d->off);
}

const char *
dsp_param_get_path(const dsp_param_def *d, const dsp_params *p)
{
	return *(const char *const *)(const void *)((const char *)p + d->off);
}

int
dsp_param_set_path(const dsp_param_def *d, dsp_params *p, const char *v)
{
	if (d->type != DSP_PT_PATH)
		return dsp_fail(DSP_EINVAL, "%s is not a file parameter", d->name);
	*(const char **)(void *)((char *)p + d->off) = v;
	return DSP_OK;
}

_Static_assert(sizeof(enum dsp_family) == sizeof(int) &&
    sizeof(enum dsp_attn) == sizeof(int) &&
    sizeof(enum dsp_precision) == sizeof(int), "enum fields are ints");

char *
dsp_real_format(char *buf, size_t size, double v)
{
	int prec;

	for (prec = 15; prec <= 17; prec++) {
		snprintf(buf, size, "%.*g", prec, v);
		if (!isfinite(v) || strtod(buf, NULL) == v)
			break;
	}
	return buf;
}

static char *
size_text(char *buf, size_t size, uint64_t v)
{
	if (v == SIZE_MAX_N)
		snprintf(buf, size, "2^63");
	else if (v == UINT64_MAX)
		snprintf(buf, size, "2^64-1");
	else
		snprintf(buf, size, "%llu", (unsigned long long)v);
	return buf;
}

char *
dsp_param_domain(const dsp_param_def *d, char *buf, size_t size)
{
	char a[32], b[32];
	size_t len = 0;
	int i;

	buf[0] = '\0';
	switch (d->type) {
	case DSP_PT_SIZE:
	case DSP_PT_UINT:
		snprintf(buf, size, "%s .. %s", size_text(a, sizeof a, d->umin),
		    size_text(b, sizeof b, d->umax));
		break;
	case DSP_PT_REAL:
		snprintf(buf, size, "%c%s, %s%c", (d->dom & DSP_DOM_MIN_OPEN) ? '(' : '[',
		    dsp_real_format(a, sizeof a, d->min), dsp_real_format(b, sizeof b, d->max),
		    (d->dom & DSP_DOM_MAX_OPEN) ? ')' : ']');
		break;
	case DSP_PT_ENUM:
		for (i = 0; i < d->nnames && len < size; i++)
			len += (size_t)snprintf(buf + len, size - len, "%s%s",
			    i ? "|" : "", d->names[i]);
		break;
	case DSP_PT_BOOL:
		snprintf(buf, size, "on|off");
		break;
	case DSP_PT_HEAD:
		snprintf(buf, size, "L.H or L.H.Q");
		break;
	case DSP_PT_PATH:
		snprintf(buf, size, "a file name");
		break;
	}
	return buf;
}

static int
real_ok(const dsp_param_def *d, double v)
{
	if (!isfinite(v))
		return 0;
	if ((d->dom & DSP_DOM_MIN_OPEN) ? !(v > d->min) : !(v >= d->min))
		return 0;
	if ((d->dom & DSP_DOM_MAX_OPEN) ? !(v < d->max) : !(v <= d->max))
		return 0;
	return 1;
}

static int
out_of_domain(const dsp_param_def *d, const char *label, const char *got)
{
	char dom[160];

	return dsp_fail(DSP_EINVAL, "%s must be %s %s (got %s)",
	    label != NULL ? label : d->name,
	    d->type == DSP_PT_ENUM || d->type == DSP_PT_BOOL ? "one of" : "in",
	    dsp_param_domain(d, dom, sizeof dom), got);
}

int
dsp_param_check_real(const dsp_param_def *d, double v, const char *label)
{
	char got[40];

	if (real_ok(d, v))
		return DSP_OK;
	return out_of_domain(d, label, dsp_real_format(got, sizeof got, v));
}

int
dsp_param_sweep_range(const dsp_param_def *d, double *lo, double *hi)
{
	/* Sizes the curves span (the TUI's curve panel, sweep, animate), the
	 * temperatures of paper Figure 5 (both signs, through the argmax
	 * limit at 0), the map's lambda range, and spreads past the largest
	 * Gemma head mean (5.8) where one item dominates up to large n. */
	switch (d != NULL ? (int)d->id : -1) {
	case DSP_P_N:		*lo = 1; *hi = 1099511627776.0; return DSP_OK;
	case DSP_P_THETA:	*lo = -2; *hi = 2; return DSP_OK;
	case DSP_P_LAMBDA:	*lo = 0; *hi = 1; return DSP_OK;
	case DSP_P_DELTA:	*lo = 0; *hi = 16; return DSP_OK;
	}
	return dsp_fail(DSP_EINVAL, "%s has no sweep range", d != NULL ? d->name : "?");
}

double
dsp_param_sweep_value(const dsp_param_def *d, double lo, double hi, size_t k,
    size_t count)
{
	double t = count > 1 ? (double)k / (double)(count - 1) : 0;

	/* (1 - t) a + t b: the ends exactly, no b - a to overflow. */
	if (d != NULL && d->type == DSP_PT_SIZE)
		return nearbyint(exp2(log2(lo) * (1 - t) + log2(hi) * t));
	return lo * (1 - t) + hi * t;
}

int
dsp_param_set_real(const dsp_param_def *d, dsp_params *p, double v,
    const char *label)
{
	int rc;

	if (d->type != DSP_PT_REAL)
		return dsp_fail(DSP_EINVAL, "%s is not a real parameter", d->name);
	if ((rc = dsp_param_check_real(d, v, label)) != DSP_OK)
		return rc;
	*(double *)(void *)((char *)p + d->off) = v;
	return DSP_OK;
}

int
dsp_param_set_uint(const dsp_param_def *d, dsp_params *p, uint64_t v,
    const char *label)
{
	char got[32];

	if (d->type != DSP_PT_SIZE && d->type != DSP_PT_UINT && d->type != DSP_PT_HEAD)
		return dsp_fail(DSP_EINVAL, "%s is not an integer parameter", d->name);
	if (v < d->umin || v > d->umax) {
		snprintf(got, sizeof got, "%llu", (unsigned long long)v);
		return out_of_domain(d, label, got);
	}
	*(uint64_t *)(void *)((char *)p + d->off) = v;
	return DSP_OK;
}

int
dsp_param_set_enum(const dsp_param_def *d, dsp_params *p, int v,
    const char *label)
{
	char got[32];
	int n = d->type == DSP_PT_BOOL ? 2 : d->nnames;

	if (d->type != DSP_PT_ENUM && d->type != DSP_PT_BOOL)
		return dsp_fail(DSP_EINVAL, "%s is not a named parameter", d->name);
	if (v < 0 || v >= n) {
		snprintf(got, sizeof got, "%d", v);
		return out_of_domain(d, label, got);
	}
	*(int *)(void *)((char *)p + d->off) = v;
	return DSP_OK;
}

int
dsp_param_check(const dsp_param_def *d, const dsp_params *p, const char *label)
{
	dsp_params q = *p;

	switch (d->type) {
	case DSP_PT_REAL:
		return dsp_param_set_real(d, &q, dsp_param_get_real(d, p), label);
	case DSP_PT_SIZE:
	case DSP_PT_UINT:
	case DSP_PT_HEAD:
		return dsp_param_set_uint(d, &q, dsp_param_get_uint(d, p), label);
	case DSP_PT_ENUM:
	case DSP_PT_BOOL:
		return dsp_param_set_enum(d, &q, dsp_param_get_enum(d, p), label);
	case DSP_PT_PATH:
		break;
	}
	return DSP_OK;
}

char *
dsp_param_format(const dsp_param_def *d, const dsp_params *p, char *buf,
    size_t size)
{
	int e;

	switch (d->type) {
	case DSP_PT_REAL:
		return dsp_real_format(buf, size, dsp_param_get_real(d, p));
	case DSP_PT_SIZE:
	case DSP_PT_UINT:
		snprintf(buf, size, "%llu", (unsigned long long)dsp_param_get_uint(d, p));
		break;
	case DSP_PT_ENUM:
		e = dsp_param_get_enum(d, p);
		snprintf(buf, size, "%s", e >= 0 && e < d->nnames ? d->names[e] : "?");
		break;
	case DSP_PT_BOOL:
		snprintf(buf, size, "%s", dsp_param_get_enum(d, p) ? "true" : "false");
		break;
	case DSP_PT_HEAD:
		return dsp_head_format(dsp_param_get_uint(d, p), buf, size);
	case DSP_PT_PATH:
		snprintf(buf, size, "%s", dsp_param_get_path(d, p) != NULL ?
		    dsp_param_get_path(d, p) : "none");
		break;
	}
	return buf;
}

int
dsp_param_applies(const dsp_param_def *d, const dsp_params *p)
{
	if (d->id == DSP_P_MODEL)
		return p->family == DSP_FAM_LEARNED;
	return d->id != DSP_P_HEAD || dsp_family_has_logits(p->family);
}

/* Packed as layer << 40 | head << 20 | (query + 1), query field 0 being
 * the last query: so 0 is layer 0, head 0, last query. */
int
dsp_head_pack(uint64_t layer, uint64_t head, uint64_t query, uint64_t *v)
{
	if (layer > DSP_HEAD_LAYER_MAX || head > DSP_HEAD_HEAD_MAX ||
	    (query != DSP_HEAD_LAST && query > DSP_HEAD_QUERY_MAX))
		return dsp_fail(DSP_EINVAL, "head %llu.%llu: layer, head or query too "
		    "large (at most 2^24-1, 2^20-1, 2^20-2)", (unsigned long long)layer,
		    (unsigned long long)head);
	*v = layer << 40 | head << 20 | (query == DSP_HEAD_LAST ? 0 : query + 1);
	return DSP_OK;
}

void
dsp_head_unpack(uint64_t v, uint64_t *layer, uint64_t *head, uint64_t *query)
{
	uint64_t q = v & (((uint64_t)1 << 20) - 1);

	*layer = v >> 40;
	*head = (v >> 20) & DSP_HEAD_HEAD_MAX;
	*query = q == 0 ? DSP_HEAD_LAST : q - 1;
}

/* Decimal digits at *s up to a '.' or the end; -1 if none or too many. */
static int
head_field(const char **s, uint64_t *v)
{
	const char *p = *s;

	*v = 0;
	if (*p < '0' || *p > '9')
		return -1;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (*v > (UINT64_MAX - 9) / 10)
			return -1;
		*v = *v * 10 + (uint64_t)(*p - '0');
	}
	*s = p;
	return 0;
}

int
dsp_head_parse(const char *s, uint64_t *v, const char *label)
{
	const char *p = s;
	uint64_t f[3] = { 0, 0, DSP_HEAD_LAST };
	int k, bad = 0;

	/* Two or three fields, each digits, separated by single dots. */
	for (k = 0; k < 3 && !bad; k++) {
		bad = head_field(&p, &f[k]) != 0;
		if (bad || *p != '.')
			break;
		p++;
	}
	if (bad || k < 1 || k > 2 || *p != '\0')
		return dsp_fail(DSP_EINVAL, "%s: '%s' is not L.H or L.H.Q (layer, "
		    "head and query from 0, e.g. 3.5)", label, s);
	if (dsp_head_pack(f[0], f[1], f[2], v) != DSP_OK)
		return dsp_fail(DSP_EINVAL, "%s: '%s': layer, head or query too large "
		    "(at most 2^24-1, 2^20-1, 2^20-2)", label, s);
	return DSP_OK;
}

char *
dsp_head_format(uint64_t v, char *buf, size_t size)
{
	uint64_t l, h, q;

	dsp_head_unpack(v, &l, &h, &q);
	if (q == DSP_HEAD_LAST)
		snprintf(buf, size, "%llu.%llu", (unsigned long long)l,
		    (unsigned long long)h);
	else
		snprintf(buf, size, "%llu.%llu.%llu", (unsigned long long)l,
		    (unsigned long long)h, (unsigned long long)q);
	return buf;
}

/* Presets.  The Gemma spreads are the authors' empirical logit spreads
 * over all attention heads on one ~4,000-token code file, as reported in
 * their rebuttal (medium confidence: two independent secondary sources;
 * the project's paper notes, Proposition 3.1). */
#define GEMMA_SRC(m) "Gemma " m " logit spread over all heads, ~4,000-token " \
	"code file, reported by the paper's authors (medium confidence)"
static const dsp_preset presets[] = {
	{ "gemma-2b-min",  2.28,  GEMMA_SRC("2B") ", smallest" },
	{ "gemma-2b-mean", 5.69,  GEMMA_SRC("2B") ", mean (sd 2.05)" },
	{ "gemma-2b-max",  14.78, GEMMA_SRC("2B") ", largest" },
	{ "gemma-7b-min",  0.09,  GEMMA_SRC("7B") ", smallest" },
	{ "gemma-7b-mean", 5.82,  GEMMA_SRC("7B") ", mean (sd 2.61)" },
	{ "gemma-7b-max",  32.74, GEMMA_SRC("7B") ", largest" },
};

const dsp_preset *
dsp_preset_get(size_t i)
{
	return i < sizeof presets / sizeof presets[0] ? &presets[i] : NULL;
}

const dsp_preset *
dsp_preset_find(const char *name)
{
	size_t i;

	for (i = 0; name != NULL && i < sizeof presets / sizeof presets[0]; i++)
		if (dsp_name_is(name, presets[i].name))
			return &presets[i];
	return NULL;
}

const char *
dsp_preset_names(void)
{
	static char buf[256];
	size_t i, len = 0;

	if (buf[0] != '\0')
		return buf;
	for (i = 0; i < sizeof presets / sizeof presets[0] && len < sizeof buf; i++)
		len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s",
		    i ? " " : "", presets[i].name);
	return buf;
}

void
dsp_preset_apply(const dsp_preset *s, dsp_params *p)
{
	p->delta = s->delta;
}
