/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Teaching tour: the shipped doc/tour.txt parses, every step evaluates, the
 * live numbers are the closed forms, and malformed files name their line. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/math/eval.h"
#include "core/schema/params.h"
#include "core/io/tour.h"
#include "export/model.h"
#include "tap.h"

#define SHIPPED_STEPS 8

static const char *
srcdir(void)
{
	const char *s = getenv("top_srcdir");

	/* make check sets it (Makefile.am, AM_TESTS_ENVIRONMENT). */
	return s != NULL ? s : ".";
}

static const dsp_tour_step *
find_step(const dsp_tour *t, const char *prefix)
{
	size_t k;

	for (k = 0; k < t->n_steps; k++)
		if (strncmp(t->steps[k].title, prefix, strlen(prefix)) == 0)
			return &t->steps[k];
	return NULL;
}

static double
figure(const dsp_tour_step *st, const char *name)
{
	dsp_params p;
	dsp_summary s;
	double v = NAN;

	if (st == NULL || dsp_tour_apply(st, &p) != DSP_OK ||
	    dsp_eval(&p, &s) != DSP_OK || dsp_tour_value(&s, &p, name, &v) != DSP_OK)
		return NAN;
	return v;
}

static void
test_shipped(void)
{
	char path[4096];
	dsp_tour t;
	const dsp_tour_step *st;
	size_t k, i;

	snprintf(path, sizeof path, "%s/doc/tour.txt", srcdir());
	if (!is_int(dsp_tour_load(path, &t), DSP_OK, "shipped tour parses")) {
		diag("%s", dsp_last_error());
		return;
	}
	is_int((long long)t.n_steps, SHIPPED_STEPS, "shipped tour has 8 steps");
	/* One check per step and property, named: a red line says which. */
	for (k = 0; k < t.n_steps; k++) {
		dsp_params p;
		dsp_summary s;
		double v;
		int live = 1;

		/* A learned step's model is a data file (export opens it). */
		if (!ok(dsp_tour_apply(&t.steps[k], &p) == DSP_OK &&
		    dsp_model_attach_data(&p) == DSP_OK && dsp_eval(&p, &s) == DSP_OK,
		    "step %zu applies and evaluates", k + 1)) {
			diag("step %zu: %s", k + 1, dsp_last_error());
			continue;
		}
		ok(t.steps[k].n_show > 0 && t.steps[k].body[0] != '\0',
		    "step %zu has text and live figures", k + 1);
		for (i = 0; i < t.steps[k].n_show; i++)
			if (dsp_tour_value(&s, &p, t.steps[k].show[i], &v) != DSP_OK ||
			    !isfinite(v))
				live = 0;
		ok(live, "step %zu: its %zu live figures are finite", k + 1, t.steps[k].n_show);
	}

	st = find_step(&t, "Lemma 2.1");
	ok(st == &t.steps[2], "step 3 is Lemma 2.1");
	is_rel(figure(st, "lemma_tight_lo"), 1 / (1 + 15 * exp(4.0)), 1e-13,
	    "step 3 lower band 1/(1 + 15 e^4)");
	is_rel(figure(st, "lemma_tight_hi"), exp(4.0) / (exp(4.0) + 15), 1e-13,
	    "step 3 upper band e^4/(e^4 + 15)");
	is_rel(figure(st, "max_weight"), figure(st, "lemma_tight_hi"), 1e-13,
	    "spike attains the upper edge");
	is_rel(figure(st, "lemma_loose_hi"), exp(4.0) / 16, 1e-13, "loose upper e^4/16");
	st = find_step(&t, "Theorem 2.2");
	is_rel(figure(st, "critical_n"), 1 + 99 * exp(4.0), 1e-12,
	    "critical n = 1 + 99 e^4");
	st = find_step(&t, "Adaptive");
	is_rel(figure(st, "beta_max_paper"), 2.4213877, 1e-6, "paper polynomial peak 2.4214");
	ok(figure(st, "beta") > 2.3 && figure(st, "beta") <= 2.4213878,
	    "adaptive beta active and below the peak (%g)", figure(st, "beta"));
	st = find_step(&t, "Sharp");
	is_rel(figure(st, "max_weight"), exp(4.0) / (exp(4.0) + 4095), 1e-13,
	    "spike weight at n = 4096");
	dsp_tour_free(&t);
}

static void
test_assign(void)
{
	dsp_params p;

	dsp_params_default(&p);
	is_int(dsp_params_assign(&p, "n=2^10  adaptive=on attn=sparsemax\tdelta=2.5"),
	    DSP_OK, "assign several keys");
	ok(p.n == 1024 && p.adaptive == 1 && p.attn == DSP_ATTN_SPARSEMAX &&
	    p.theta == 1, "values assigned, others kept");
	is_close(p.delta, 2.5, 0, "delta = 2.5");
	is_int(dsp_params_assign(&p, "n"), DSP_EPARSE, "word without '='");
	is_int(dsp_params_assign(&p, "colour=red"), DSP_EPARSE, "unknown key");
	ok(strstr(dsp_last_error(), "colour") != NULL, "names the key: %s",
	    dsp_last_error());
	is_int(dsp_params_assign(&p, "n=1.5"), DSP_EPARSE, "fractional n");
	is_int(dsp_params_assign(&p, "theta=nan"), DSP_EPARSE, "NaN theta");
	is_int(dsp_params_assign(&p, "family=file"), DSP_EPARSE, "file family refused");
	is_int(dsp_params_assign(&p, "adaptive=maybe"), DSP_EPARSE, "bad boolean");
}

static void
bad(const char *text, int code, const char *msg, const char *what)
{
	dsp_tour t;
	int rc = dsp_tour_parse(text, strlen(text), "t.txt", &t);

	is_int(rc, code, what);
	ok(strstr(dsp_last_error(), msg) != NULL, "  message: %s", dsp_last_error());
	if (rc == DSP_OK)
		dsp_tour_free(&t);
}

static void
test_malformed(void)
{
	static const char good[] =
	    "# comment\n\n%step One\n%set n=8\n%set delta=2\n%show entropy_nats\n\n"
	    "Para one\nline two\n\nPara two\n\n\n%step Two\nText.\n";
	dsp_tour t;
	dsp_params p;

	is_int(dsp_tour_parse(good, strlen(good), "t.txt", &t), DSP_OK, "small tour");
	is_int((long long)t.n_steps, 2, "two steps");
	is_int(strcmp(t.steps[0].body, "Para one\nline two\n\nPara two"), 0,
	    "body paragraphs kept, blank ends dropped");
	is_int(t.steps[0].line, 3, "step line recorded");
	dsp_tour_apply(&t.steps[0], &p);
	ok(p.n == 8 && p.delta == 2, "%%set lines accumulate");
	is_int((long long)t.steps[1].n_show, 0, "no figures in step two");
	dsp_tour_free(&t);

	/* %pin: the step's "before" is its parameters with the pin's
	 * changes (delta 2 -> 7, theta kept); once a step; checked. */
	{
		static const char pin[] = "%step P\n%set n=8 delta=2 theta=0.5\n"
		    "%pin delta=7\nText.\n";
		dsp_params after, before;

		is_int(dsp_tour_parse(pin, strlen(pin), "t.txt", &t), DSP_OK, "%%pin parses");
		dsp_tour_apply(&t.steps[0], &after);
		is_int(dsp_tour_pin_params(&t.steps[0], &after, &before), DSP_OK,
		    "%%pin gives a before");
		ok(after.delta == 2 && before.delta == 7 && before.theta == 0.5 &&
		    before.n == 8, "%%pin: delta 7 before, 2 after, the rest the step's");
		dsp_tour_free(&t);
	}
	bad("%step A\n%pin delta=-1\nx\n", DSP_EPARSE, "%pin", "%%pin outside the domain");
	bad("%step A\n%pin\nx\n", DSP_EPARSE, "%pin needs key=value", "empty %%pin");
	bad("%step A\n%pin n=2\n%pin n=3\nx\n", DSP_EPARSE, "once a step", "two %%pin lines");
	bad("hello\n%step A\nx\n", DSP_EPARSE, "t.txt:1: text before", "text first");
	/* Issue 16: a lone CR ends a line too (every line was line 1). */
	bad("%step A\rx\r%sett n=2\r", DSP_EPARSE, "t.txt:3: unknown directive",
	    "CR-only file: line numbers count CRs");
	bad("%step A\r\nx\r\n\r\n%sett n=2\r\n", DSP_EPARSE,
	    "t.txt:4: unknown directive", "CRLF file: one line per CRLF");
	{
		/* Issue 16: a final blank line without a newline (here one
		 * space after the body) ends the step; the parser read past
		 * the buffer looking for its end.  Exactly sized copy so an
		 * ASan build sees any over-read. */
		static const char tail[] = "%step A\nx\n ";
		char *b = malloc(sizeof tail - 1);

		memcpy(b, tail, sizeof tail - 1);
		is_int(dsp_tour_parse(b, sizeof tail - 1, "t.txt", &t), DSP_OK,
		    "final blank line without a newline");
		is_int(strcmp(t.steps[0].body, "x"), 0, "  body is the text only");
		dsp_tour_free(&t);
		memcpy(b, " ", 1);
		is_int(dsp_tour_parse(b, 1, "t.txt", &t), DSP_EEMPTY,
		    "a file holding one space has no step");
		free(b);
	}
	bad("%step A\nx\n%sett n=2\n", DSP_EPARSE, "t.txt:3: unknown directive",
	    "unknown directive");
	bad("%step A\n%set foo=1\nx\n", DSP_EPARSE, "t.txt:2: unknown parameter 'foo'",
	    "unknown parameter");
	bad("%step A\n%set n=abc\nx\n", DSP_EPARSE, "t.txt:2: n: 'abc' is not a size from 1 to 2^63",
	    "bad value");
	bad("%step A\n%show entropy_nats nonsense\nx\n", DSP_EPARSE,
	    "t.txt:2: unknown figure 'nonsense'", "unknown figure");
	bad("%step A\n%set n=4\n%step B\nx\n", DSP_EPARSE, "t.txt:1: step 'A' has no text",
	    "step without text");
	bad("%step   \nx\n", DSP_EPARSE, "t.txt:1: %step needs a title", "no title");
	bad("x\n", DSP_EPARSE, "t.txt:1:", "no step at all");
	bad("# only comments\n\n", DSP_EEMPTY, "no %step", "empty tour");
	bad("%set n=4\n", DSP_EPARSE, "t.txt:1: %set before the first %step",
	    "directive before step");
	bad("%step A\n%set eps=2\nx\n", DSP_EPARSE, "t.txt:2: eps must be in (0, 1]",
	    "parameters rejected by dsp_params_check");
	is_int(dsp_tour_load("/nonexistent/tour.txt", &t), DSP_EIO, "missing file");
}

static void
test_find(void)
{
	char path[4096], dir[4096];

	snprintf(dir, sizeof dir, "%s/doc", srcdir());
	setenv("DISPERSE_DATADIR", dir, 1);
	is_int(dsp_tour_find(path, sizeof path), DSP_OK, "found via DISPERSE_DATADIR");
	ok(strncmp(path, dir, strlen(dir)) == 0, "path from the variable: %s", path);
	/* A colon-separated list: the first folder that holds it. */
	snprintf(dir, sizeof dir, "/nonexistent::%s/doc:/", srcdir());
	setenv("DISPERSE_DATADIR", dir, 1);
	is_int(dsp_tour_find(path, sizeof path), DSP_OK, "found in a list's third folder");
	snprintf(dir, sizeof dir, "%s/doc/tour.txt", srcdir());
	ok(strcmp(path, dir) == 0, "the list's first folder that has it: %s", path);
	is_int(dsp_tour_find(path, 8), DSP_EIO, "too small a buffer is no path");
}

int
main(void)
{
	dsp_gsl_init();
	test_shipped();
	test_assign();
	test_malformed();
	test_find();
	return tap_done();
}
