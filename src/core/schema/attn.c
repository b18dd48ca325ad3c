/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The table of attention functions (attn.h): one row each, in enum order. */
#include <math.h>
#include <stddef.h>

#include "core/math/alt.h"
#include "core/schema/attn.h"

const char *const dsp_attn_names[DSP_ATTN_COUNT] = {
	"softmax", "ssmax", "logn", "sigmoid", "stickbreak", "softmax1",
	"sparsemax", "entmax", "linear", "selective"
};

static double
ssmax_scale(const dsp_params *p)
{
	return p->ssmax_s;
}

static double
logn_scale(const dsp_params *p)
{
	(void)p;
	return 1;
}

/* Notes: doc/theory.md, "Alternatives".  Scratch: entmax_runs (and
 * sparsemax through it) holds z, c and tmp, 8 bytes each a distinct logit,
 * and sorting tmp (a series that alternates) asks 8 more;
 * selective z and l (8 each) and two long double prefix sums (16 each);
 * linear l (8). */
static const dsp_attn_row rows[DSP_ATTN_COUNT] = {
	{ DSP_ATTN_SOFTMAX,
	  DSP_ATTN_F_SOFTMAX | DSP_ATTN_F_THM22 | DSP_ATTN_F_LARGE_N |
	  DSP_ATTN_F_POWER_CLOSED |
	  DSP_ATTN_F_SIGN_LIMIT,
	  DSP_ATTN_SUM_ONE, '1', NULL, NULL, NULL,
	  "Theorem 2.2 applies: bounded logits make every weight Theta(1/n) [paper]",
	  0, NULL },
	{ DSP_ATTN_SSMAX,
	  DSP_ATTN_F_SOFTMAX | DSP_ATTN_F_SCALES_N | DSP_ATTN_F_LARGE_N |
	  DSP_ATTN_F_POWER_CLOSED |
	  DSP_ATTN_F_SIGN_LIMIT,
	  DSP_ATTN_SUM_ONE, '2', ssmax_scale, NULL, NULL,
	  "Theorem 2.2 not as stated: theta/(s log n) shrinks "
	  "with n; the Lemma 2.1 envelope lets a weight keep a share at every n "
	  "iff s delta/theta >= 1 (exactly so for a spike) [derived]",
	  0, NULL },
	{ DSP_ATTN_LOGN,
	  DSP_ATTN_F_SOFTMAX | DSP_ATTN_F_SCALES_N | DSP_ATTN_F_LARGE_N |
	  DSP_ATTN_F_POWER_CLOSED |
	  DSP_ATTN_F_SIGN_LIMIT,
	  DSP_ATTN_SUM_ONE, '3', logn_scale, NULL, NULL,
	  "Theorem 2.2 not as stated: theta/log n shrinks with n; "
	  "the envelope lets a weight keep a share at every n iff delta/theta >= 1 "
	  "(exactly so for a spike) [derived]",
	  0, NULL },
	{ DSP_ATTN_SIGMOID, DSP_ATTN_F_THM22 | DSP_ATTN_F_LARGE_N | DSP_ATTN_F_POWER_CLOSED |
	  DSP_ATTN_F_SIGN_LIMIT,
	  DSP_ATTN_SUM_AT_MOST_N, '4', NULL, dsp_attn_sigmoid_weights,
	  dsp_alt_sigmoid_expected,
	  "Theorem 2.2 does not apply (rows not normalised), "
	  "yet each weight is below e^x/n: it still goes to 0 [derived]",
	  0, NULL },
	{ DSP_ATTN_STICKBREAK, DSP_ATTN_F_ORDERED | DSP_ATTN_F_RESHAPES,
	  DSP_ATTN_SUM_AT_MOST_ONE, '5', NULL, dsp_attn_stickbreak_weights, NULL,
	  "Theorem 2.2 does not apply: an item near the "
	  "query with sigma(x) near 1 keeps its weight at any n [derived]",
	  0, dsp_attn_stickbreak_tail },
	{ DSP_ATTN_SOFTMAX1, DSP_ATTN_F_THM22 | DSP_ATTN_F_POWER_CLOSED | DSP_ATTN_F_SIGN_LIMIT,
	  DSP_ATTN_SUM_AT_MOST_ONE, '6', NULL, dsp_attn_softmax1_weights, NULL,
	  "Theorem 2.2 applies in effect: each weight is below "
	  "its softmax weight, so it disperses too [derived]",
	  0, NULL },
	{ DSP_ATTN_SPARSEMAX, DSP_ATTN_F_SUPPORT | DSP_ATTN_F_SIGN_LIMIT,
	  DSP_ATTN_SUM_ONE, '7', NULL, dsp_attn_sparsemax_weights, NULL,
	  "Theorem 2.2 does not apply: exact zeros; a spike "
	  "ahead of the rest by >= theta keeps weight 1 at any n [derived]",
	  32, NULL },
	{ DSP_ATTN_ENTMAX, DSP_ATTN_F_SUPPORT | DSP_ATTN_F_SIGN_LIMIT,
	  DSP_ATTN_SUM_ONE, '8', NULL, dsp_attn_entmax_weights, NULL,
	  "Theorem 2.2 does not apply: exact zeros; a large "
	  "enough margin keeps the support and weights at any n [derived]",
	  32, NULL },
	{ DSP_ATTN_LINEAR, DSP_ATTN_F_THM22 | DSP_ATTN_F_POWER_CLOSED,
	  DSP_ATTN_SUM_ONE, '9', NULL, dsp_attn_linear_weights, NULL,
	  "Theorem 2.2's argument applies: elu+1 > 0 is bounded "
	  "on bounded logits, so weights are Theta(1/n) [derived]",
	  8, NULL },
	{ DSP_ATTN_SELECTIVE, DSP_ATTN_F_ORDERED,
	  DSP_ATTN_SUM_ONE, '0', NULL, dsp_attn_selective_weights, NULL,
	  "Theorem 2.2 does not apply: masks accumulate with "
	  "n and unbound the logits; a spike (spread 2 delta) still disperses "
	  "[derived]",
	  48, dsp_attn_selective_tail },
};

const dsp_attn_row *
dsp_attn_row_of(enum dsp_attn a)
{
	return (int)a >= 0 && a < DSP_ATTN_COUNT ? &rows[a] : NULL;
}

int
dsp_attn_has(enum dsp_attn a, unsigned f)
{
	const dsp_attn_row *r = dsp_attn_row_of(a);

	return r != NULL && (r->flags & f) == f;
}

int
dsp_attn_by_key(int ch)
{
	int a;

	for (a = 0; a < DSP_ATTN_COUNT; a++)
		if (rows[a].key == ch)
			return a;
	return -1;
}

void
dsp_attn_keys_text(char *buf, size_t len)
{
	size_t k = 0;
	int a, b;

	/* Runs of consecutive keys print as "1-9". */
	for (a = 0; a < DSP_ATTN_COUNT && k + 7 <= len; a = b + 1) {
		for (b = a; b + 1 < DSP_ATTN_COUNT && rows[b + 1].key == rows[b].key + 1; b++)
			;
		if (k > 0) {
			buf[k++] = ',';
			buf[k++] = ' ';
		}
		buf[k++] = (char)rows[a].key;
		if (b > a) {
			buf[k++] = '-';
			buf[k++] = (char)rows[b].key;
		}
	}
	if (len > 0)
		buf[k] = '\0';
}

double
dsp_attn_theta_at(const dsp_params *p, double n)
{
	const dsp_attn_row *r = dsp_attn_row_of(p->attn);

	if (n <= 1 || r == NULL || r->log_scale == NULL)
		return p->theta;
	return p->theta / (r->log_scale(p) * log(n));
}

int
dsp_attn_is_softmax(enum dsp_attn a)
{
	return dsp_attn_has(a, DSP_ATTN_F_SOFTMAX);
}

int
dsp_attn_ordered(enum dsp_attn a)
{
	return dsp_attn_has(a, DSP_ATTN_F_ORDERED);
}

int
dsp_attn_scales_n(enum dsp_attn a)
{
	return dsp_attn_has(a, DSP_ATTN_F_SCALES_N);
}

const char *
dsp_attn_theorem_note(enum dsp_attn a)
{
	const dsp_attn_row *r = dsp_attn_row_of(a);

	return r != NULL ? r->theorem_note : "?";
}
