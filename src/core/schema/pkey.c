/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Parameter-set keys from the parameter table (pkey.h). */
#include <stdint.h>
#include <string.h>

#include "core/schema/pkey.h"

/* ENUM and BOOL rows are read as an int at their offset. */
_Static_assert(sizeof(enum dsp_family) == sizeof(int) &&
    sizeof(enum dsp_attn) == sizeof(int) &&
    sizeof(enum dsp_precision) == sizeof(int), "enum rows are int-sized");

/* FNV-1a of a name: a file's identity beside its address (a model read
 * into a reused buffer keeps its address). */
static uint64_t
name_hash(const char *s)
{
	uint64_t h = 14695981039346656037ULL;

	for (; s != NULL && *s != '\0'; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return s == NULL ? 0 : h;
}

/* A row's value as one word, by the row's type at the row's offset. */
static uint64_t
row_word(const dsp_param_def *d, const dsp_params *p)
{
	const char *base = (const char *)p + d->off;
	const char *s;
	uint64_t u = 0;
	double x;
	int e;

	switch (d->type) {
	case DSP_PT_SIZE:
	case DSP_PT_UINT:
	case DSP_PT_HEAD:
		memcpy(&u, base, sizeof u);
		return u;
	case DSP_PT_REAL:
		memcpy(&x, base, sizeof x);
		if (x == 0)
			x = 0;		/* -0 and +0 compute the same */
		memcpy(&u, &x, sizeof u);
		return u;
	case DSP_PT_ENUM:
	case DSP_PT_BOOL:
		memcpy(&e, base, sizeof e);
		return (uint64_t)(int64_t)e;
	case DSP_PT_PATH:
		memcpy(&s, base, sizeof s);
		return name_hash(s);
	}
	return 0;
}

void
dsp_pkey_of(const dsp_params *p, dsp_pkey *k)
{
	const dsp_param_def *d;
	int i;

	memset(k, 0, sizeof *k);
	for (i = 0; i < DSP_P_COUNT; i++)
		if ((d = dsp_param(i)) != NULL)
			k->w[i] = row_word(d, p);
	k->w[DSP_P_COUNT + 0] = (uint64_t)(uintptr_t)p->logits;
	k->w[DSP_P_COUNT + 1] = (uint64_t)p->n_logits;
	k->w[DSP_P_COUNT + 2] = name_hash(p->logits_name);
	k->w[DSP_P_COUNT + 3] = p->explicit_max;
	k->w[DSP_P_COUNT + 4] = (uint64_t)(uintptr_t)p->model_w;
}

void
dsp_pkey_clear(dsp_pkey *k, enum dsp_param_id id)
{
	if ((int)id >= 0 && id < DSP_P_COUNT)
		k->w[id] = 0;
}

void
dsp_pkey_clear_input(dsp_pkey *k)
{
	k->w[DSP_P_COUNT + 0] = k->w[DSP_P_COUNT + 1] = k->w[DSP_P_COUNT + 2] = 0;
}

void
dsp_pkey_set(dsp_pkey *k, enum dsp_param_id id, uint64_t w)
{
	if ((int)id >= 0 && id < DSP_P_COUNT)
		k->w[id] = w;
}

int
dsp_pkey_eq(const dsp_pkey *a, const dsp_pkey *b)
{
	return memcmp(a->w, b->w, sizeof a->w) == 0;
}

uint64_t
dsp_pkey_hash(const dsp_pkey *k)
{
	uint64_t h = 14695981039346656037ULL;
	size_t i;

	for (i = 0; i < DSP_PKEY_WORDS; i++)
		h = (h ^ k->w[i]) * 1099511628211ULL;
	return h;
}
