/* The line editor on the status line: '=' types the selected parameter's
 * value, ':' takes 'name value' for any parameter, view option or preset. */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "app/app_int.h"
#include "cli/opts.h"
#include "core/error.h"
#include "core/family.h"
#include "core/parse.h"
#include "core/ptable.h"
#include "export/model.h"
#include "view/view.h"

/* A preset by name: its values, and the row it sets selected. */
static int
apply_preset(struct app *a, const char *name)
{
	const dsp_preset *ps = dsp_preset_find(name);

	if (ps == NULL) {
		app_say(a, 1, "unknown preset '%s' (%s)", name, dsp_preset_names());
		return -1;
	}
	dsp_preset_apply(ps, &a->st->vs.params);
	a->st->sel = ROW_DELTA;
	app_say(a, 0, "preset %s: delta = %g (reported by the paper's authors; "
	    "medium confidence)", ps->name, ps->delta);
	return 0;
}

/* Set one parameter from text; 0 or -1 with the reason on the status line. */
static int
set_value(struct app *a, int row, const char *v)
{
	dsp_params q = a->st->vs.params;
	const dsp_param_def *d = dsp_param(row);

	if (d == NULL)
		return -1;
	if (row == ROW_N && q.family == DSP_FAM_FILE) {
		app_say(a, 1, "n is fixed by the file (%zu logits)", q.n_logits);
		return -1;
	}
	if (row == ROW_FAMILY && strcasecmp(v, "file") == 0 && q.logits == NULL) {
		app_say(a, 1, "family file needs logits: start with --input FILE");
		return -1;
	}
	dsp_clear_error();
	if (dsp_param_parse(d, v, &q, NULL) != DSP_OK) {
		app_say(a, 1, "%s", dsp_last_error());
		return -1;
	}
	/* `:model FILE` opens the model (the line's text is copied there)
	 * and shows its learned family. */
	if (d->type == DSP_PT_PATH)
		q.family = DSP_FAM_LEARNED;
	if (dsp_model_attach(&q) != DSP_OK || dsp_params_check(&q) != DSP_OK) {
		app_say(a, 1, "%s", dsp_last_error());
		return -1;
	}
	a->st->vs.params = q;
	a->st->sel = row;
	app_say(a, 0, "%s = %s", view_row_key(row), v);
	return 0;
}

/* `:map_theta A:B`, `:map_lambda A:B`: a row of the view-option table. */
static void
set_view_option(struct app *a, const dsp_vopt_def *d, const char *v)
{
	dsp_viewstate *vs = &a->st->vs;
	const char *colon = *v != '\0' ? strchr(v + 1, ':') : NULL;
	char lo_text[64];
	double lo, hi;

	if (colon == NULL || (size_t)(colon - v) >= sizeof lo_text) {
		app_say(a, 1, "%s: '%s' is not a range A:B", d->name, v);
		return;
	}
	memcpy(lo_text, v, (size_t)(colon - v));
	lo_text[colon - v] = '\0';
	if (dsp_parse_double(lo_text, &lo) != 0 || dsp_parse_double(colon + 1, &hi) != 0) {
		app_say(a, 1, "%s: '%s' is not a range A:B of finite numbers", d->name, v);
		return;
	}
	dsp_clear_error();
	if (dsp_vopt_set(d, &vs->map, lo, hi, d->name) != DSP_OK) {
		app_say(a, 1, "%s", dsp_last_error());
		return;
	}
	app_say(a, 0, "%s = %g:%g", d->name, lo, hi);
}

static void
edit_apply(struct app *a)
{
	char buf[sizeof a->st->edit_buf], *k, *v;
	const dsp_vopt_def *vd;
	const dsp_param_def *d;
	int row;

	snprintf(buf, sizeof buf, "%s", a->st->edit_buf);
	for (k = buf; *k == ' '; k++)
		;
	if (a->st->edit_prompt[0] == ':') {
		/* `:NAME VALUE`, `:NAME=VALUE`: the first word always names a
		 * parameter (any name the interface shows), never a value. */
		v = k + strcspn(k, " =");
		if (*v != '\0')
			*v++ = '\0';
		while (*v == ' ' || *v == '=')
			v++;
		v[strcspn(v, " ")] = '\0';
		if (strcmp(k, "preset") == 0) {
			if (*v == '\0')
				app_say(a, 1, "no preset named (:preset NAME)");
			else
				apply_preset(a, v);
			return;
		}
		if ((vd = dsp_vopt_find(k)) != NULL) {
			set_view_option(a, vd, v);
			return;
		}
		if ((d = dsp_param_find(k)) == NULL) {
			app_say(a, 1, "unknown parameter '%s' (%s; map_theta map_lambda; "
			    "preset)", k, dsp_param_names());
			return;
		}
		row = (int)d->id;
	} else {
		row = a->st->sel;
		v = k;
		v[strcspn(v, " ")] = '\0';
	}
	if (*v == '\0') {
		app_say(a, 1, "no value typed for %s", view_row_key(row));
		return;
	}
	set_value(a, row, v);
}

void
edit_start(struct app *a, int colon)
{
	struct view_state *st = a->st;

	st->editing = 1;
	st->edit_len = 0;
	st->edit_overflow = 0;
	st->edit_buf[0] = '\0';
	if (colon)
		snprintf(st->edit_prompt, sizeof st->edit_prompt, ":");
	else
		snprintf(st->edit_prompt, sizeof st->edit_prompt, "%s = ", view_row_key(st->sel));
	st->status[0] = '\0';
}

void
edit_key(struct app *a, int ch)
{
	struct view_state *st = a->st;

	switch (ch) {
	case 27:
		st->editing = 0;
		app_say(a, 0, "cancelled");
		return;
	case '\n':
	case '\r':
	case KEY_ENTER:
		st->editing = 0;
		/* A cut value would be applied as something else (a pasted
		 * 1e-400-ish theta became 0): refuse it whole. */
		if (st->edit_overflow)
			app_say(a, 1, "input longer than %zu characters: nothing applied",
			    sizeof st->edit_buf - 1);
		else
			edit_apply(a);
		return;
	case KEY_BACKSPACE:
	case 127:
	case 8:
		/* A whole UTF-8 character: continuation bytes, then its lead. */
		while (st->edit_len > 0 &&
		    ((unsigned char)st->edit_buf[st->edit_len - 1] & 0xC0) == 0x80)
			st->edit_len--;
		if (st->edit_len > 0)
			st->edit_len--;
		st->edit_buf[st->edit_len] = '\0';
		return;
	case 21:	/* ^U */
		st->edit_len = 0;
		st->edit_overflow = 0;
		st->edit_buf[0] = '\0';
		return;
	}
	/* Bytes of UTF-8 text too (getch() delivers them one by one), so a
	 * typed δ, θ, λ, ε or α reaches the `:` command. */
	if (((ch >= 32 && ch < 127) || (ch >= 0x80 && ch <= 0xFF)) &&
	    st->edit_len + 1 < sizeof st->edit_buf) {
		st->edit_buf[st->edit_len++] = (char)ch;
		st->edit_buf[st->edit_len] = '\0';
	} else if (ch >= 32 && ch < 127 && !st->edit_overflow) {
		st->edit_overflow = 1;
		app_say(a, 1, "input longer than %zu characters: Enter applies nothing",
		    sizeof st->edit_buf - 1);
	}
}
