/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The core under allocation failure (issue 30), linked with the failure
 * switch of failalloc.c: each allocation of a computation is failed in
 * turn, and the computation must either give exactly the numbers of an
 * undisturbed run or return DSP_ENOMEM with an "out of memory (...)"
 * detail -- never another number, a NaN or a crash.
 *  - the (theta, lambda) map at lambda near 1, where each power-series
 *    cell grows its buffer past 256 terms (fast_cell doubled its capacity
 *    before realloc: a failed realloc left the larger capacity and the
 *    next cell wrote past the buffer; cells whose buffer could not grow
 *    were computed another way, with other last digits);
 *  - dsp_eval of a power series with --topk, whose top-k mass came from
 *    dsp_topk_mass_runs, which returned NAN when its heap could not be
 *    allocated (report printed "top-1 mass nan");
 *  - dsp_eval of a file's 2^17 logits, whose paper entropy was NAN when
 *    the kernel's chunk sums could not be allocated.
 * OMP_NUM_THREADS=1 (TESTS_ENVIRONMENT does not set it: set here before
 * the first parallel region) keeps the allocation order. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/dsp.h"
#include "tap.h"

void		dsp_alloc_fail_after(unsigned long k);
unsigned long	dsp_alloc_calls(void);

#define MAP_COLS	3
#define MAP_ROWS	4

static int
run_map(double *out)
{
	dsp_params p;
	dsp_map_spec s;

	dsp_params_default(&p);
	p.family = DSP_FAM_POWER;
	p.n = 1u << 20;
	dsp_map_spec_default(&s, MAP_COLS, MAP_ROWS);
	/* Near 1 the series has thousands of terms above the tail cut. */
	s.lambda_lo = 0.99;
	s.lambda_hi = 0.999;
	s.theta_lo = 0.5;
	s.theta_hi = 2;
	return dsp_map_compute(&p, &s, out);
}

static void
eval_params(dsp_params *p)
{
	dsp_params_default(p);
	p->family = DSP_FAM_POWER;
	p->n = 5000;
	p->lambda = 0.999;
	p->topk = 3;
}

static int
run_eval(dsp_summary *out)
{
	dsp_params p;

	eval_params(&p);
	return dsp_eval(&p, out);
}

/* A file's 2^17 logits: the kernel's passes run in chunks whose partial
 * sums it allocates (the paper entropy's pass returned NAN as the figure
 * when that failed). */
static int
run_file(const double *x, size_t n, dsp_summary *out)
{
	dsp_params p;

	dsp_params_default(&p);
	p.family = DSP_FAM_FILE;
	p.logits = x;
	p.n_logits = n;
	p.n = n;
	return dsp_eval(&p, out);
}

static int
nomem_detail(void)
{
	return strncmp(dsp_last_error(), "out of memory", 13) == 0;
}

static void
test_map(void)
{
	double want[MAP_COLS * MAP_ROWS], got[MAP_COLS * MAP_ROWS];
	char msg[200];
	unsigned long n, k, same = 0, nomem = 0, bad = 0, before;
	int rc;

	before = dsp_alloc_calls();
	rc = run_map(want);
	n = dsp_alloc_calls() - before;
	ok(rc == DSP_OK && n > 0, "map near lambda = 1: %lu allocations", n);
	for (k = 1; k <= n; k++) {
		dsp_clear_error();
		memset(got, 0, sizeof got);
		dsp_alloc_fail_after(k);
		rc = run_map(got);
		dsp_alloc_fail_after(0);
		if (rc == DSP_OK && memcmp(got, want, sizeof want) == 0)
			same++;
		else if (rc == DSP_ENOMEM && nomem_detail())
			nomem++;
		else {
			bad++;
			diag("map, allocation %lu failed: rc %d (%s)", k, rc, dsp_last_error());
		}
	}
	snprintf(msg, sizeof msg, "map: each of %lu allocations failed in turn: "
	    "%lu DSP_ENOMEM, %lu the same numbers, none other", n, nomem, same);
	is_int((long long)bad, 0, msg);
}

static void
test_eval(void)
{
	dsp_summary want, got;
	unsigned long n, k, same = 0, nomem = 0, bad = 0, before;
	int rc;

	dsp_params p;
	long double z = 0, h = 0, w, e;
	char msg[200];
	uint64_t i;

	before = dsp_alloc_calls();
	rc = run_eval(&want);
	n = dsp_alloc_calls() - before;
	ok(rc == DSP_OK && n > 0, "power series, lambda 0.999, n 5000: %lu allocations", n);
	/* Independently: weights exp(delta lambda^k / theta) / Z in long
	 * double, largest first (k = 0, 1, 2 for lambda in (0, 1)). */
	eval_params(&p);
	for (i = 0, e = p.delta; i < p.n; i++, e *= p.lambda)
		z += expl(e / p.theta);
	for (i = 0, e = p.delta; i < p.n; i++, e *= p.lambda) {
		w = expl(e / p.theta) / z;
		h -= w * logl(w);
	}
	is_close(want.topk_mass, (double)((expl(p.delta / p.theta) +
	    expl(p.delta * p.lambda / p.theta) +
	    expl(p.delta * p.lambda * p.lambda / p.theta)) / z), 1e-13,
	    "top-3 mass = the long double sum of the 3 largest weights");
	is_rel(want.entropy, (double)h, 1e-12, "entropy = the long double -sum w log w");
	for (k = 1; k <= n; k++) {
		dsp_clear_error();
		dsp_alloc_fail_after(k);
		rc = run_eval(&got);
		dsp_alloc_fail_after(0);
		if (rc == DSP_OK && got.topk_mass == want.topk_mass &&
		    got.entropy == want.entropy && got.max_weight == want.max_weight)
			same++;
		else if (rc == DSP_ENOMEM && nomem_detail())
			nomem++;
		else {
			bad++;
			diag("eval, allocation %lu failed: rc %d, top-k %.17g (%s)", k, rc,
			    got.topk_mass, dsp_last_error());
		}
	}
	snprintf(msg, sizeof msg, "eval: each of %lu allocations failed in turn: "
	    "%lu DSP_ENOMEM, %lu the same figures, none other", n, nomem, same);
	is_int((long long)bad, 0, msg);
}

static void
test_file(void)
{
	enum { N = 1 << 17 };
	dsp_summary want, got;
	unsigned long n, k, same = 0, nomem = 0, bad = 0, before;
	uint64_t seed = 7;
	double *x = malloc(N * sizeof *x);
	char msg[200];
	size_t i;
	int rc;

	if (x == NULL)
		return;
	for (i = 0; i < N; i++)
		x[i] = (double)(tap_xorshift(&seed) >> 11) * 0x1p-53 * 8 - 4;
	before = dsp_alloc_calls();
	rc = run_file(x, N, &want);
	n = dsp_alloc_calls() - before;
	ok(rc == DSP_OK && n > 0 && isfinite(want.entropy_paper),
	    "2^17 logits of a file: %lu allocations", n);
	for (k = 1; k <= n; k++) {
		dsp_clear_error();
		dsp_alloc_fail_after(k);
		rc = run_file(x, N, &got);
		dsp_alloc_fail_after(0);
		if (rc == DSP_OK && got.entropy == want.entropy &&
		    got.entropy_paper == want.entropy_paper &&
		    got.zero_weights == want.zero_weights)
			same++;
		else if (rc == DSP_ENOMEM && nomem_detail())
			nomem++;
		else {
			bad++;
			diag("file, allocation %lu failed: rc %d, paper entropy %.17g (%s)",
			    k, rc, got.entropy_paper, dsp_last_error());
		}
	}
	snprintf(msg, sizeof msg, "file: each of %lu allocations failed in turn: "
	    "%lu DSP_ENOMEM, %lu the same figures, none other", n, nomem, same);
	is_int((long long)bad, 0, msg);
	free(x);
}

int
main(void)
{
	setenv("OMP_NUM_THREADS", "1", 1);
	dsp_gsl_init();
	test_map();
	test_eval();
	test_file();
	return tap_done();
}
