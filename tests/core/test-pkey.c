/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Parameter-set keys (core/schema/pkey.h): generated from the parameter
 * table, so every row is part of a key without a line written for it.  For
 * each row the test changes that one value -- by the row's own type, at
 * the row's offset -- and checks the key and its hash change, and that
 * clearing the row makes the two keys equal again; equal sets give equal
 * keys, -0 and +0 the same key, and the input and model identities count. */
#include <string.h>

/* tap.h's numeric helpers are not needed here. */
#pragma GCC diagnostic ignored "-Wunused-function"
#include "../tap.h"
#include "core/schema/params.h"
#include "core/schema/pkey.h"
#include "core/schema/ptable.h"

/* p with row d's value moved to another one of its type. */
static void
nudge(const dsp_param_def *d, dsp_params *p)
{
	char *base = (char *)p + d->off;
	static const char *other = "other.json";
	uint64_t u;
	double x;
	int e;

	switch (d->type) {
	case DSP_PT_SIZE:
	case DSP_PT_UINT:
	case DSP_PT_HEAD:
		memcpy(&u, base, sizeof u);
		u ^= 2;
		memcpy(base, &u, sizeof u);
		break;
	case DSP_PT_REAL:
		memcpy(&x, base, sizeof x);
		x = x * 2 + 0.5;
		memcpy(base, &x, sizeof x);
		break;
	case DSP_PT_ENUM:
	case DSP_PT_BOOL:
		memcpy(&e, base, sizeof e);
		e = e == 0 ? 1 : 0;
		memcpy(base, &e, sizeof e);
		break;
	case DSP_PT_PATH:
		memcpy(base, &other, sizeof other);
		break;
	}
}

int
main(void)
{
	static const double logits[2] = { 0, 1 };
	dsp_params a, b;
	dsp_pkey ka, kb;
	const dsp_param_def *d;
	int i;

	dsp_params_default(&a);
	b = a;
	dsp_pkey_of(&a, &ka);
	dsp_pkey_of(&b, &kb);
	ok(dsp_pkey_eq(&ka, &kb) && dsp_pkey_hash(&ka) == dsp_pkey_hash(&kb),
	    "equal parameter sets: equal keys and hashes");
	for (i = 0; i < DSP_P_COUNT; i++) {
		d = dsp_param(i);
		if (!ok(d != NULL, "row %d exists", i))
			continue;
		b = a;
		nudge(d, &b);
		dsp_pkey_of(&b, &kb);
		ok(!dsp_pkey_eq(&ka, &kb) && dsp_pkey_hash(&ka) != dsp_pkey_hash(&kb),
		    "%s: another value is another key", d->name);
		dsp_pkey_clear(&kb, (enum dsp_param_id)i);
		{
			dsp_pkey kc = ka;

			dsp_pkey_clear(&kc, (enum dsp_param_id)i);
			ok(dsp_pkey_eq(&kc, &kb), "%s: cleared, the keys agree again",
			    d->name);
		}
	}
	b = a;
	a.theta = 0.0;
	b.theta = -0.0;
	dsp_pkey_of(&a, &ka);
	dsp_pkey_of(&b, &kb);
	ok(dsp_pkey_eq(&ka, &kb), "theta -0 and +0: one key");
	b = a;
	b.logits = logits;
	b.n_logits = 2;
	dsp_pkey_of(&b, &kb);
	ok(!dsp_pkey_eq(&ka, &kb), "the input's logits are part of the key");
	dsp_pkey_clear_input(&kb);
	ok(dsp_pkey_eq(&ka, &kb), "dsp_pkey_clear_input leaves them out");
	b = a;
	b.logits_name = "a.npy";
	dsp_pkey_of(&b, &kb);
	ok(!dsp_pkey_eq(&ka, &kb), "the input's name is part of the key");
	b = a;
	b.explicit_max = 1024;
	dsp_pkey_of(&b, &kb);
	ok(!dsp_pkey_eq(&ka, &kb), "the explicit-route limit is part of the key");
	b = a;
	b.model_w = (const struct dsp_maxret *)logits;
	dsp_pkey_of(&b, &kb);
	ok(!dsp_pkey_eq(&ka, &kb), "the model's weights are part of the key");
	return tap_done();
}
