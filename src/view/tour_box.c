/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Teaching tour box (key t): step K/N, its title, the body wrapped to the
 * box and the live figures the step names, as the app computed them. */
#include <stdio.h>
#include <string.h>

#include "view/view.h"

#define LINE_MAX_W	512

struct wrap {
	WINDOW	*win;		/* NULL: only count the lines */
	int	 y, last, x, w;
	int	 skip;		/* lines scrolled off the top */
	int	 lines;
	int	 hidden;	/* lines below the last row */
	char	 buf[LINE_MAX_W + 1];
	int	 len;
};

static void
wrap_emit(struct wrap *wr)
{
	if (wr->lines++ >= wr->skip) {
		if (wr->win != NULL && wr->y <= wr->last)
			view_printf(wr->win, wr->y, wr->x, wr->w, 0, "%.*s", wr->len,
			    wr->buf);
		else
			wr->hidden++;
		wr->y++;
	}
	wr->len = 0;
}

/* The end of the word at q: a blank inside a formula's braces
 * ("n^{-s delta/theta}") or a short parenthesis ("(1/eps - 1)") does not
 * end it, so a filled line never breaks a formula mid-term. */
#define GROUP_MAX	20

static const char *
word_end(const char *q, const char *end)
{
	const char *e, *c;
	int depth = 0;

	for (e = q; e < end; e++) {
		if (*e == '{')
			depth++;
		else if (*e == '}' && depth > 0)
			depth--;
		else if (*e == '(' && depth == 0) {
			for (c = e + 1; c < end && c - e < GROUP_MAX && *c != ')' && *c != '('; c++)
				;
			if (c < end && *c == ')')
				e = c;
		} else if ((*e == ' ' || *e == '\n') && depth == 0)
			break;
	}
	return e;
}

/* Indented lines (formulas) are kept as they are, split at the width;
 * other paragraphs are filled word by word. */
static void
wrap_para(struct wrap *wr, const char *p, const char *end)
{
	const char *q, *e;
	int n, take, k;

	if (*p == ' ') {
		for (; p < end; p = e + (e < end)) {
			if ((e = memchr(p, '\n', (size_t)(end - p))) == NULL)
				e = end;
			for (q = p; q < e || q == p; q += take) {
				take = (int)(e - q) < wr->w ? (int)(e - q) : wr->w;
				/* A formula too wide breaks at a blank, never
				 * inside a token (unless one token is wider). */
				if (take < (int)(e - q)) {
					int b = take;

					while (b > 0 && q[b] != ' ')
						b--;
					if (b > 0)
						take = b;
				}
				memcpy(wr->buf, q, (size_t)take);
				wr->len = take;
				wrap_emit(wr);
				if (take == 0)
					break;
			}
		}
		return;
	}
	for (q = p; q < end;) {
		while (q < end && (*q == ' ' || *q == '\n'))
			q++;
		if (q == end)
			break;
		e = word_end(q, end);
		n = (int)(e - q);
		while (n > 0) {
			if (wr->len > 0 && wr->len + 1 + n > wr->w)
				wrap_emit(wr);
			if (wr->len > 0)
				wr->buf[wr->len++] = ' ';
			take = n < wr->w - wr->len ? n : wr->w - wr->len;
			if (take <= 0)
				take = 1;
			for (k = 0; k < take; k++)	/* a group's line break: a blank */
				wr->buf[wr->len++] = q[k] == '\n' ? ' ' : q[k];
			q += take;
			n -= take;
			if (n > 0)
				wrap_emit(wr);
		}
		q = e;
	}
	if (wr->len > 0)
		wrap_emit(wr);
}

static void
wrap_body(struct wrap *wr, const char *body)
{
	const char *p = body, *end;

	if (wr->w > LINE_MAX_W)
		wr->w = LINE_MAX_W;
	if (wr->w < 1 || body == NULL)
		return;
	while (*p != '\0') {
		if ((end = strstr(p, "\n\n")) == NULL)
			end = p + strlen(p);
		if (wr->lines > 0)
			wrap_emit(wr);		/* blank line between paragraphs */
		wrap_para(wr, p, end);
		for (p = end; *p == '\n'; p++)
			;
	}
}

/* The step's parameters ("set: family=power n=16 ..."): wrapped at
 * blanks over as many rows as they need, never cut. */
static void
set_text(const struct view_tour *t, char *buf, size_t size)
{
	snprintf(buf, size, "set: %s", t->set != NULL ? t->set : "(defaults)");
}

static int
set_rows(const struct view_tour *t, int w)
{
	char buf[512];

	set_text(t, buf, sizeof buf);
	return view_line_rows(w, buf);
}

/* Frame, title row, parameters rows, body, blank, figures, keys row. */
int
view_tour_height(const struct view_tour *t, int w)
{
	struct wrap wr;

	memset(&wr, 0, sizeof wr);
	wr.w = w - 4;
	wrap_body(&wr, t->body);
	return 2 + set_rows(t, w - 4) + 1 + wr.lines + 1 + (int)t->nshow + 1;
}

static void
tour_update(struct view_panel *pn, const struct view_state *st)
{
	pn->st = st;
}

static void
tour_draw(struct view_panel *pn, WINDOW *w)
{
	const struct view_tour *t = pn->own;
	char title[160], v[32], set[512];
	struct wrap wr;
	int y = 1, last = pn->h - 3, iw = pn->w - 4, lw = 0;
	size_t i;

	werase(w);
	snprintf(title, sizeof title, "Tour %zu/%zu", t->step + 1, t->nsteps);
	view_frame(w, title, 1);
	view_printf(w, y++, 2, iw, A_BOLD, "%s", t->title != NULL ? t->title : "");
	set_text(t, set, sizeof set);
	view_line(w, &y, last, 2, iw, view_attr_dim(), "%s", set);
	memset(&wr, 0, sizeof wr);
	wr.win = w;
	wr.y = y;
	wr.last = last - (int)t->nshow - 1;
	wr.x = 2;
	wr.w = iw;
	wr.skip = t->scroll;
	wrap_body(&wr, t->body);
	/* Scroll hints sit on the frame, not over the text. */
	if (wr.hidden > 0 && pn->w > 30)
		view_printf(w, pn->h - 1, pn->w - 22, 20, A_BOLD, " %d more: PgDn ",
		    wr.hidden);
	if (t->scroll > 0 && pn->w > 30)
		view_printf(w, 0, pn->w - 10, 8, A_BOLD, " PgUp ");
	y = wr.y + 1;
	if (y > last - (int)t->nshow + 1)
		y = last - (int)t->nshow + 1;
	if (y < 3)
		y = 3;
	for (i = 0; i < t->nshow; i++)
		if (view_width(t->show[i]) > lw)
			lw = view_width(t->show[i]);
	for (i = 0; i < t->nshow && y <= last; i++, y++)
		view_printf(w, y, 2, iw, view_attr_marker(), "%-*s  %s", lw, t->show[i],
		    view_num(v, sizeof v, t->value[i], 6));
	view_printf(w, pn->h - 2, 2, iw, view_attr_dim(), "%s", iw >= 48 ?
	    "PgDn/n next  PgUp/N previous  t/Esc close" :
	    "PgDn next  PgUp back  Esc close");
}

const struct view_class view_tour_class = {
	"Tour", tour_update, tour_draw
};
