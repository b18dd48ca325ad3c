/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Teaching tour: the step file parser, parameter assignments and the named
 * live figures each step shows. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "core/alloc.h"
#include "core/math/adaptive.h"
#include "core/math/critical.h"
#include "core/error.h"
#include "core/schema/family.h"
#include "core/schema/figures.h"
#include "core/math/fit.h"
#include "core/schema/ptable.h"
#include "core/io/readfile.h"
#include "core/io/tour.h"
#include "core/schema/grammar.h"

#define TOUR_FILE	"tour.txt"
#define WS		" \t\r\v\f"

#ifndef DSP_DATADIR
#define DSP_DATADIR	""
#endif

/* Nothing of the build tree is compiled in: an installed disperse finds its
 * data under DSP_DATADIR only, and a build that is not installed is pointed
 * at the source tree by $DISPERSE_DATADIR (./bootstrap run and the test
 * suite set it). */
int
dsp_data_find(const char *name, char *buf, size_t size)
{
	const char *env = getenv("DISPERSE_DATADIR");
	const char *p, *end;
	int n;

	for (p = env; p != NULL && *p != '\0'; p = *end != '\0' ? end + 1 : end) {
		end = strchr(p, ':');
		if (end == NULL)
			end = p + strlen(p);
		if (end == p)
			continue;
		n = snprintf(buf, size, "%.*s/%s", (int)(end - p), p, name);
		if (n > 0 && (size_t)n < size && access(buf, R_OK) == 0)
			return DSP_OK;
	}
	if (DSP_DATADIR[0] != '\0') {
		n = snprintf(buf, size, "%s/%s", DSP_DATADIR, name);
		if (n > 0 && (size_t)n < size && access(buf, R_OK) == 0)
			return DSP_OK;
	}
	return dsp_fail(DSP_EIO, "cannot find %s (set DISPERSE_DATADIR)", name);
}

int
dsp_tour_find(char *buf, size_t size)
{
	return dsp_data_find(TOUR_FILE, buf, size);
}

static int
assign_one(dsp_params *p, const char *key, const char *val)
{
	const dsp_param_def *d = dsp_param_find(key);
	char msg[256];
	int e;

	/* Any name of the parameter table, its value in the one grammar of
	 * every surface (core/schema/grammar.h), its domain checked by the
	 * row's setter. */
	if (d == NULL)
		return dsp_fail(DSP_EPARSE, "unknown parameter '%s'", key);
	switch (d->type) {
	case DSP_PT_ENUM:
		/* A tour step cannot bring logits: no file family. */
		e = dsp_param_name_index(d, val);
		if (d->id == DSP_P_FAMILY && e >= 0 &&
		    dsp_family_has_logits((enum dsp_family)e))
			return dsp_fail(DSP_EPARSE, "%s: a step brings no logits "
			    "(family %s needs a file)", key, val);
		break;
	case DSP_PT_HEAD:
		return dsp_fail(DSP_EPARSE, "%s: a step brings no logits array",
		    key);
	case DSP_PT_PATH:
		return dsp_fail(DSP_EPARSE, "%s: a step names its model with "
		    "%%model FILE", key);
	default:
		break;
	}
	if (dsp_param_parse(d, val, p, key) != DSP_OK) {
		snprintf(msg, sizeof msg, "%s", dsp_last_error());
		return dsp_fail(DSP_EPARSE, "%s", msg);
	}
	return DSP_OK;
}

int
dsp_params_assign(dsp_params *p, const char *set)
{
	char *copy, *w, *eq, *save = NULL;
	int rc = DSP_OK;

	if (set == NULL)
		return DSP_OK;
	if ((copy = dsp_strdup(set)) == NULL)
		return dsp_fail_nomem(NULL, 0);
	for (w = strtok_r(copy, WS, &save); w != NULL && rc == DSP_OK;
	    w = strtok_r(NULL, WS, &save)) {
		if ((eq = strchr(w, '=')) == NULL || eq == w) {
			rc = dsp_fail(DSP_EPARSE, "'%s' is not key=value", w);
			break;
		}
		*eq = '\0';
		rc = assign_one(p, w, eq + 1);
	}
	free(copy);
	return rc;
}

int
dsp_tour_apply(const dsp_tour_step *s, dsp_params *p)
{
	int rc;

	dsp_params_default(p);
	if ((rc = dsp_params_assign(p, s->set)) != DSP_OK)
		return rc;
	if (p->family == DSP_FAM_LEARNED) {
		dsp_params q = *p;

		/* The model is a data file the caller opens (dsp_data_find,
		 * then export's dsp_model_attach): every other row is checked
		 * here. */
		if (s->model == NULL)
			return dsp_fail(DSP_EINVAL, "family=learned needs %%model FILE");
		p->model = s->model;
		q.family = DSP_FAM_UNIFORM;
		return dsp_params_check(&q);
	}
	return dsp_params_check(p);
}

int
dsp_tour_pin_params(const dsp_tour_step *s, const dsp_params *after, dsp_params *before)
{
	dsp_params q;
	int rc;

	if (s->pin == NULL)
		return dsp_fail(DSP_EINVAL, "step '%s' has no %%pin", s->title);
	*before = *after;
	if ((rc = dsp_params_assign(before, s->pin)) != DSP_OK)
		return rc;
	q = *before;
	if (q.family == DSP_FAM_LEARNED)	/* the model is checked by its loader */
		q.family = DSP_FAM_UNIFORM;
	return dsp_params_check(&q);
}

/* Peak of the paper polynomial, computed once (about 2.42 at H = 4.4). */
/* %show names are the figure table's (core/schema/figures.h: one name per figure
 * on every surface); three tour-only figures are computed here. */
static const char *derived[] = { "beta_max_paper", "theta_over_peak" };

int
dsp_tour_known(const char *name)
{
	const dsp_figure *f = dsp_figure_find(name);
	size_t i;

	if (f != NULL && (f->off != (size_t)-1 || strcmp(name, "critical_n") == 0))
		return 1;
	for (i = 0; i < sizeof derived / sizeof derived[0]; i++)
		if (strcmp(name, derived[i]) == 0)
			return 1;
	return 0;
}

int
dsp_tour_value(const dsp_summary *s, const dsp_params *p, const char *name,
    double *v)
{
	const dsp_figure *f = dsp_figure_find(name);

	if (f != NULL && f->off != (size_t)-1)
		return dsp_figure_value(f, s, v);
	if (strcmp(name, "critical_n") == 0)
		*v = exp(s->log_critical_n);
	else if (strcmp(name, "beta_max_paper") == 0)
		*v = dsp_adaptive_beta_ceiling();
	else if (strcmp(name, "theta_over_peak") == 0)
		*v = p->theta / dsp_adaptive_beta_ceiling();
	else
		return dsp_fail(DSP_EINVAL, "unknown tour figure '%s'", name);
	return DSP_OK;
}

static void
step_free(dsp_tour_step *s)
{
	size_t i;

	free(s->title);
	free(s->body);
	free(s->set);
	free(s->pin);
	free(s->model);
	for (i = 0; i < s->n_show; i++)
		free(s->show[i]);
	free(s->show);
}

void
dsp_tour_free(dsp_tour *t)
{
	size_t i;

	for (i = 0; i < t->n_steps; i++)
		step_free(&t->steps[i]);
	free(t->steps);
	t->steps = NULL;
	t->n_steps = 0;
}

/* A growing string: its length and capacity are tracked so that appending
 * line after line stays linear in the file size (no strlen per line). */
struct sbuf {
	char	**dst;
	size_t	  len;
	size_t	  cap;
};

/* Append text (len bytes) plus sep (only when the string is non-empty). */
static int
append(struct sbuf *b, const char *sep, const char *text, size_t len)
{
	size_t sl = b->len ? strlen(sep) : 0, need = b->len + sl + len + 1, ncap;
	char *n;

	if (need > b->cap) {
		ncap = b->cap ? b->cap : 64;
		while (ncap < need)
			ncap *= 2;
		if ((n = dsp_realloc(*b->dst, ncap)) == NULL)
			return dsp_fail_nomem(NULL, 0);
		*b->dst = n;
		b->cap = ncap;
	}
	memcpy(*b->dst + b->len, sep, sl);
	memcpy(*b->dst + b->len + sl, text, len);
	b->len += sl + len;
	(*b->dst)[b->len] = '\0';
	return DSP_OK;
}

/* 1 if the len bytes at s are all white space (never reads past len). */
static int
blank(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (strchr(WS, s[i]) == NULL || s[i] == '\0')
			return 0;
	return 1;
}

static int
add_show(dsp_tour_step *s, const char *args, const char *name, unsigned lineno)
{
	char *copy, *w, *save = NULL, **ns;
	int rc = DSP_OK;

	if ((copy = dsp_strdup(args)) == NULL)
		return dsp_fail_nomem(NULL, 0);
	for (w = strtok_r(copy, WS, &save); w != NULL; w = strtok_r(NULL, WS, &save)) {
		if (!dsp_tour_known(w)) {
			rc = dsp_fail(DSP_EPARSE, "%s:%u: unknown figure '%s'", name,
			    lineno, w);
			break;
		}
		if ((ns = dsp_realloc(s->show, (s->n_show + 1) * sizeof *ns)) == NULL ||
		    (ns[s->n_show] = dsp_strdup(w)) == NULL) {
			if (ns != NULL)
				s->show = ns;
			rc = dsp_fail_nomem(NULL, 0);
			break;
		}
		s->show = ns;
		s->n_show++;
	}
	free(copy);
	return rc;
}

/* Drop trailing blank lines that the body collected. */
static void
trim_body(dsp_tour_step *s)
{
	size_t l;

	if (s->body == NULL)
		return;
	l = strlen(s->body);
	while (l > 0 && (s->body[l - 1] == '\n' || isspace((unsigned char)s->body[l - 1])))
		s->body[--l] = '\0';
}

static int
finish_step(dsp_tour_step *s, const char *name)
{
	dsp_params p;
	int rc;

	trim_body(s);
	if (s->body == NULL || s->body[0] == '\0')
		return dsp_fail(DSP_EPARSE, "%s:%u: step '%s' has no text", name,
		    s->line, s->title);
	if ((rc = dsp_tour_apply(s, &p)) != DSP_OK) {
		/* The detail buffer cannot be its own vsnprintf source. */
		char why[512];

		snprintf(why, sizeof why, "%s", dsp_last_error());
		return dsp_fail(rc == DSP_ENOMEM ? rc : DSP_EPARSE, "%s:%u: step '%s': %s",
		    name, s->line, s->title, why);
	}
	if (s->pin != NULL) {
		dsp_params before;
		char why[512];

		if ((rc = dsp_tour_pin_params(s, &p, &before)) != DSP_OK) {
			snprintf(why, sizeof why, "%s", dsp_last_error());
			return dsp_fail(rc == DSP_ENOMEM ? rc : DSP_EPARSE,
			    "%s:%u: step '%s': %%pin: %s", name, s->line, s->title, why);
		}
	}
	return DSP_OK;
}

static int
directive(dsp_tour *t, const char *line, size_t len, const char *name,
    unsigned lineno, struct sbuf *body, struct sbuf *set)
{
	dsp_tour_step *s = t->n_steps ? &t->steps[t->n_steps - 1] : NULL, *ns;
	size_t kl = 0;
	char *args;
	int rc = DSP_OK;

	while (kl < len && !isspace((unsigned char)line[kl]))
		kl++;
	if ((args = dsp_strndup(line + kl, len - kl)) == NULL)
		return dsp_fail_nomem(NULL, 0);
	if (kl == 5 && strncmp(line, "%step", 5) == 0) {
		char *title = args + strspn(args, WS);

		if (s != NULL && (rc = finish_step(s, name)) != DSP_OK)
			goto out;
		if (*title == '\0') {
			rc = dsp_fail(DSP_EPARSE, "%s:%u: %%step needs a title", name,
			    lineno);
			goto out;
		}
		if ((ns = dsp_realloc(t->steps, (t->n_steps + 1) * sizeof *ns)) == NULL) {
			rc = dsp_fail_nomem(NULL, 0);
			goto out;
		}
		t->steps = ns;
		s = &t->steps[t->n_steps++];
		memset(s, 0, sizeof *s);
		s->line = lineno;
		body->dst = &s->body;
		set->dst = &s->set;
		body->len = body->cap = set->len = set->cap = 0;
		if ((s->title = dsp_strdup(title)) == NULL)
			rc = dsp_fail_nomem(NULL, 0);
	} else if (s == NULL)
		rc = dsp_fail(DSP_EPARSE, "%s:%u: %.*s before the first %%step", name,
		    lineno, (int)kl, line);
	else if (kl == 4 && strncmp(line, "%set", 4) == 0) {
		dsp_params p;
		char why[512];

		dsp_params_default(&p);
		if (dsp_params_assign(&p, args) != DSP_OK) {
			snprintf(why, sizeof why, "%s", dsp_last_error());
			rc = dsp_fail(DSP_EPARSE, "%s:%u: %s", name, lineno, why);
		} else if (append(set, " ", args + strspn(args, WS),
		    strlen(args + strspn(args, WS))) != DSP_OK)
			rc = dsp_fail_nomem(NULL, 0);
	} else if (kl == 5 && strncmp(line, "%show", 5) == 0)
		rc = add_show(s, args, name, lineno);
	else if (kl == 4 && strncmp(line, "%pin", 4) == 0) {
		const char *f = args + strspn(args, WS);

		if (*f == '\0' || s->pin != NULL)
			rc = dsp_fail(DSP_EPARSE, "%s:%u: %%pin needs key=value ... (once a "
			    "step)", name, lineno);
		else if ((s->pin = dsp_strdup(f)) == NULL)
			rc = dsp_fail_nomem(NULL, 0);
	} else if (kl == 6 && strncmp(line, "%model", 6) == 0) {
		char *f = args + strspn(args, WS), *e = f + strcspn(f, WS);

		*e = '\0';
		if (*f == '\0' || s->model != NULL)
			rc = dsp_fail(DSP_EPARSE, "%s:%u: %%model needs one file name "
			    "(once a step)", name, lineno);
		else if ((s->model = dsp_strdup(f)) == NULL)
			rc = dsp_fail_nomem(NULL, 0);
	}
	else
		rc = dsp_fail(DSP_EPARSE, "%s:%u: unknown directive '%.*s'", name,
		    lineno, (int)kl, line);
out:
	free(args);
	return rc;
}

int
dsp_tour_parse(const char *buf, size_t len, const char *name, dsp_tour *t)
{
	struct sbuf body = { NULL, 0, 0 }, set = { NULL, 0, 0 };
	size_t i = 0, j, l;
	unsigned lineno = 0;
	int rc = DSP_OK;

	memset(t, 0, sizeof *t);
	if (name == NULL)
		name = "<tour>";
	while (i < len && rc == DSP_OK) {
		/* A line ends at LF, CRLF or a lone CR (old Mac files). */
		for (j = i; j < len && buf[j] != '\n' && buf[j] != '\r'; j++)
			;
		lineno++;
		l = j - i;
		if (j + 1 < len && buf[j] == '\r' && buf[j + 1] == '\n')
			j++;
		if (memchr(buf + i, '\0', l) != NULL)
			rc = dsp_fail(DSP_EPARSE, "%s:%u: NUL byte", name, lineno);
		else if (l > 0 && buf[i] == '#')
			;
		else if (l > 0 && buf[i] == '%')
			rc = directive(t, buf + i, l, name, lineno, &body, &set);
		else if (t->n_steps == 0) {
			if (!blank(buf + i, l))
				rc = dsp_fail(DSP_EPARSE,
				    "%s:%u: text before the first %%step", name, lineno);
		} else {
			dsp_tour_step *s = &t->steps[t->n_steps - 1];

			/* Leading blank lines of a body are dropped. */
			if ((s->body != NULL || !blank(buf + i, l)) &&
			    append(&body, "\n", buf + i, l) != DSP_OK)
				rc = dsp_fail_nomem(NULL, 0);
		}
		i = j + 1;
	}
	if (rc == DSP_OK && t->n_steps == 0)
		rc = dsp_fail(DSP_EEMPTY, "%s: no %%step in tour", name);
	if (rc == DSP_OK)
		rc = finish_step(&t->steps[t->n_steps - 1], name);
	if (rc != DSP_OK)
		dsp_tour_free(t);
	return rc;
}

int
dsp_tour_load(const char *path, dsp_tour *t)
{
	char *buf;
	size_t len;
	int rc;

	memset(t, 0, sizeof *t);
	if ((rc = dsp_read_file(path, NULL, DSP_CAP_TOUR, &buf, &len)) != DSP_OK)
		return rc;
	rc = dsp_tour_parse(buf, len, path, t);
	free(buf);
	return rc;
}
