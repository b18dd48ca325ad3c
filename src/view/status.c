/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Status lines: the parameters, method and timings, then a message, the
 * line editor, or the key hints (from the key table, src/app/keys.c). */
#include <stdio.h>
#include <string.h>
#include <wchar.h>

#include "view/view.h"

#define BAR_MAX	40

/* Display columns of the UTF-8 text s[0..n); a character the locale does
 * not know counts one column. */
static int
text_width(const char *s, size_t n)
{
	mbstate_t ms;
	wchar_t wc;
	size_t k;
	int cols = 0, w;

	memset(&ms, 0, sizeof ms);
	while (n > 0) {
		k = mbrtowc(&wc, s, n, &ms);
		if (k == (size_t)-1 || k == (size_t)-2 || k == 0) {
			memset(&ms, 0, sizeof ms);
			k = 1;
			w = 1;
		} else
			w = (w = wcwidth(wc)) < 0 ? 1 : w;
		cols += w;
		s += k;
		n -= k;
	}
	return cols;
}

/* Bytes of the UTF-8 character at s (1 for a stray byte). */
static size_t
char_len(const char *s, size_t n)
{
	mbstate_t ms;
	size_t k;

	memset(&ms, 0, sizeof ms);
	k = mbrtowc(NULL, s, n, &ms);
	return k == (size_t)-1 || k == (size_t)-2 || k == 0 ? 1 : k;
}

/* The line editor: the prompt, the text scrolled so that the cursor shows,
 * the character under the cursor in reverse video. */
static void
edit_line(WINDOW *w, int width, const struct view_line *ln)
{
	const char *b = ln->edit_buf;
	size_t start = 0, cur = ln->edit_cur, len = ln->edit_len, k;
	int x, avail;

	view_printf(w, 1, 0, width, A_BOLD, "%s", ln->edit_prompt);
	x = getcurx(w);
	avail = width - x - 1;
	while (start < cur && text_width(b + start, cur - start) > avail)
		start += char_len(b + start, cur - start);
	view_printf(w, 1, x, width - x, 0, "%.*s", (int)(cur - start), b + start);
	x += text_width(b + start, cur - start);
	k = cur < len ? char_len(b + cur, len - cur) : 0;
	view_printf(w, 1, x, width - x, A_REVERSE, "%.*s", k > 0 ? (int)k : 1,
	    k > 0 ? b + cur : " ");
	x += k > 0 ? text_width(b + cur, k) : 1;
	view_printf(w, 1, x, width - x, 0, "%s", b + cur + k);
	x += text_width(b + cur + k, len - cur - k);
	view_printf(w, 1, x + 1, width - x - 1, view_attr_dim(),
	    "  (Enter apply, Esc cancel, Tab complete, Up/Down history)");
}

/* The key bar in htop's style: each key, then its label on a coloured
 * field ("F1Help  F10Quit"), from the key table in bar_pos order.  When
 * the bar is too short the highest places go first, so the keys below
 * VIEW_BAR_TEACH (help, snapshot, quit) always stay, the teaching keys
 * next.  Each label drawn is recorded for the mouse (pn->hit). */
static void
key_bar(struct view_panel *pn, WINDOW *w, int width, const struct view_state *st)
{
	const struct view_key *e[BAR_MAX], *t;
	char key[32];
	const char *sp;
	int n = 0, i, j, total, x, kw, compact = 0;
	attr_t lab = view_style.color ? view_attr_title() : A_REVERSE;

	for (i = 0; i < (int)st->nkeys && n < BAR_MAX; i++)
		if (st->keys[i].bar != NULL && st->keys[i].bar_pos > 0)
			e[n++] = &st->keys[i];
	for (i = 1; i < n; i++)		/* by place (insertion sort, stable) */
		for (j = i; j > 0 && e[j - 1]->bar_pos > e[j]->bar_pos; j--) {
			t = e[j];
			e[j] = e[j - 1];
			e[j - 1] = t;
		}
	for (;;) {
		for (i = 0, total = 0; i < n; i++) {
			sp = strchr(e[i]->bar, ' ');
			total += compact && sp != NULL ? (int)(sp - e[i]->bar) + 1 :
			    view_width(e[i]->bar) + 1;
		}
		if (total <= width)
			break;
		if (n > 0 && e[n - 1]->bar_pos >= VIEW_BAR_TEACH)
			n--;		/* the highest place goes first */
		else if (!compact)
			compact = 1;	/* keys only, no labels */
		else
			break;
	}
	pn->nhits = 0;
	for (i = 0, x = 0; i < n && x < width; i++) {
		sp = strchr(e[i]->bar, ' ');
		kw = sp != NULL ? (int)(sp - e[i]->bar) : (int)strlen(e[i]->bar);
		snprintf(key, sizeof key, "%.*s", kw, e[i]->bar);
		if (pn->nhits < VIEW_HITS) {
			pn->hit[pn->nhits].x0 = x;
			pn->hit[pn->nhits].ch = e[i]->ch[0];
		}
		view_printf(w, 1, x, width - x, A_BOLD, "%s", key);
		x += view_width(key);
		if (sp != NULL && !compact) {
			view_printf(w, 1, x, width - x, lab, "%s", sp + 1);
			x += view_width(sp + 1);
		}
		if (pn->nhits < VIEW_HITS)
			pn->hit[pn->nhits++].x1 = x;
		x++;
	}
}

/* A message; one longer than the line (an error listing the valid names)
 * takes the parameters' line too, broken at a blank (or after a bar of a
 * list of names when the rest would not fit). */
static void
message(WINDOW *w, int width, const struct view_line *ln)
{
	const char *m = ln->status;
	attr_t a = ln->status_err ? view_attr_error() : A_BOLD;
	size_t len = strlen(m), brk = 0, bar = 0, i = 0;

	if (text_width(m, len) > width) {
		while (i < len && text_width(m, i + char_len(m + i, len - i)) <= width) {
			i += char_len(m + i, len - i);
			if (m[i] == ' ')
				brk = i;
			else if (m[i - 1] == '|')
				bar = i;
		}
		/* A list of names (a|b|c) may break after a bar when the rest
		 * would not fit after the last blank. */
		if (bar > brk && brk != 0 && text_width(m + brk + 1, len - brk - 1) > width)
			brk = bar;
		if (brk == 0)
			brk = i;
		wmove(w, 0, 0);
		wclrtoeol(w);
		view_printf(w, 0, 0, width, a, "%.*s", (int)brk, m);
		m += brk + (m[brk] == ' ');
	}
	/* Still longer than the second line: end it at a blank with an
	 * ellipsis, never mid-word. */
	len = strlen(m);
	if (text_width(m, len) > width) {
		size_t last = 0;

		for (i = 0; i < len && text_width(m, i + char_len(m + i, len - i)) <= width - 2;
		    i += char_len(m + i, len - i))
			if (m[i] == ' ')
				last = i;
		view_printf(w, 1, 0, width, a, "%.*s %s", (int)(last ? last : i), m,
		    view_sym(SYM_ELLIPSIS));
		return;
	}
	view_printf(w, 1, 0, width, a, "%s", m);
}

static void
status_update(struct view_panel *pn, const struct view_state *st)
{
	pn->st = st;
}

static void
status_draw(struct view_panel *pn, WINDOW *w)
{
	const struct view_state *st = pn->st;
	const struct view_line *ln = pn->own;
	const dsp_params *p = &st->vs.params;
	char d[32], t[32], l[32], e[32], line[512], part[160];
	attr_t a = view_attr_title();
	size_t len = 0;
	int k;
	unsigned long nc = st->jobs_cancelled[0] + st->jobs_cancelled[1];
	char cancelled[48] = "";

	/* A key that made a running job stale stopped it: how often, with
	 * the timings (T) only. */
	if (nc > 0)
		snprintf(cancelled, sizeof cancelled, ", %lu stale cancelled", nc);
	/* The parameters, then parts each shown whole or not at all (the
	 * least needed last): never cut mid-word. */
	snprintf(line, sizeof line, " n=%.0f %s=%s %s=%s %s=%s %s=%s",
	    st->sum_ok ? st->sum.n : (double)p->n,
	    view_sym(SYM_DELTA), view_num(d, sizeof d, p->delta, 4),
	    view_sym(SYM_THETA), view_num(t, sizeof t, p->theta, 4),
	    view_sym(SYM_LAMBDA), view_num(l, sizeof l, p->lambda, 4),
	    view_sym(SYM_EPS), view_num(e, sizeof e, p->eps, 3));
	len = strlen(line);
	for (k = 0; k < 4; k++) {
		part[0] = '\0';
		if (k == 0)
			snprintf(part, sizeof part, " %s %s%s%s%s", dsp_family_name(p->family),
			    dsp_attn_name(p->attn), p->adaptive ? "+adaptive" : "",
			    p->precision != DSP_PREC_DOUBLE ? " " : "",
			    p->precision != DSP_PREC_DOUBLE ? dsp_precision_name(p->precision) : "");
		else if (k == 1 && !st->present)
			snprintf(part, sizeof part, " | %s |", st->sum_ok ?
			    dsp_method_name(st->sum.method) : st->sum_busy ? "computing" : "error");
		else if (k == 2 && !st->present)
			snprintf(part, sizeof part, " seed=%llu", (unsigned long long)p->seed);
		else if (k == 3 && ln->show_times && !st->present)
			snprintf(part, sizeof part, " | %.2f ms (frame %.2f ms, bg %.1f ms%s%s)",
			    ln->compute_ms, ln->frame_ms, st->bg_ms,
			    st->curve_busy || st->map_busy || st->sum_busy ? ", computing" : "",
			    cancelled);
		else if (k == 3 && !st->present && (st->curve_busy || st->map_busy ||
		    st->sum_busy))
			/* The stale-job count is not news: with the timings (T). */
			snprintf(part, sizeof part, " | computing");
		if (part[0] != '\0' && view_width(line) + view_width(part) <= pn->w &&
		    len + strlen(part) < sizeof line) {
			memcpy(line + len, part, strlen(part) + 1);
			len += strlen(part);
		}
	}
	view_printf(w, 0, 0, pn->w, a, "%-*s", pn->w, "");
	view_printf(w, 0, 0, pn->w, a, "%s", line);
	wmove(w, 1, 0);
	wclrtoeol(w);
	if (ln->editing && ln->edit_hint[0] != '\0')
		view_printf(w, 0, 0, pn->w, a, "%-*s", pn->w, ln->edit_hint);
	if (ln->editing)
		edit_line(w, pn->w, ln);
	else if (ln->status[0] != '\0')
		message(w, pn->w, ln);
	else
		key_bar(pn, w, pn->w, st);
}

const struct view_class view_status_class = {
	"Status", status_update, status_draw
};
