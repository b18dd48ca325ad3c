/* Status lines: the parameters, method and timings, then a message, the
 * line editor, or the key hints (from the key table, src/app/keys.c). */
#include <stdio.h>
#include <string.h>
#include <wchar.h>

#include "view/view.h"

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
edit_line(WINDOW *w, int width, const struct view_state *st)
{
	const char *b = st->edit_buf;
	size_t start = 0, cur = st->edit_cur, len = st->edit_len, k;
	int x, avail;

	view_printf(w, 1, 0, width, A_BOLD, "%s", st->edit_prompt);
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

/* The key hints: the key table's bar labels in their bar order. */
static void
key_bar(WINDOW *w, int width, const struct view_state *st)
{
	char bar[512];
	size_t i, len = 0;
	int pos, found;

	bar[0] = '\0';
	for (pos = 1, found = 1; found; pos++)
		for (i = 0, found = 0; i < st->nkeys; i++)
			if (st->keys[i].bar_pos == pos && st->keys[i].bar != NULL) {
				found = 1;
				if (len < sizeof bar)
					len += (size_t)snprintf(bar + len, sizeof bar - len, "%s%s",
					    len > 0 ? "  " : "", st->keys[i].bar);
			}
	view_printf(w, 1, 0, width, view_attr_dim(), "%s", bar);
}

/* A message; one longer than the line (an error listing the valid names)
 * takes the parameters' line too, broken at a blank. */
static void
message(WINDOW *w, int width, const struct view_state *st)
{
	const char *m = st->status;
	attr_t a = st->status_err ? view_attr_error() : A_BOLD;
	size_t len = strlen(m), brk = 0, i = 0;

	if (text_width(m, len) > width) {
		while (i < len && text_width(m, i + char_len(m + i, len - i)) <= width) {
			i += char_len(m + i, len - i);
			if (m[i] == ' ')
				brk = i;
		}
		if (brk == 0)
			brk = i;
		wmove(w, 0, 0);
		wclrtoeol(w);
		view_printf(w, 0, 0, width, a, "%.*s", (int)brk, m);
		m += brk + (m[brk] == ' ');
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
	const dsp_params *p = &st->vs.params;
	char d[32], t[32], l[32], e[32], cancelled[48] = "";
	attr_t a = view_attr_title();
	unsigned long nc = st->jobs_cancelled[0] + st->jobs_cancelled[1];

	/* A key that made a running job stale stopped it: say how often. */
	if (nc > 0)
		snprintf(cancelled, sizeof cancelled, ", %lu stale cancelled", nc);
	view_printf(w, 0, 0, pn->w, a, "%-*s", pn->w, "");
	view_printf(w, 0, 0, pn->w, a,
	    " n=%.0f %s=%s %s=%s %s=%s %s=%s seed=%llu %s %s%s%s%s | %s | %.2f ms (frame %.2f ms, bg %.1f ms%s%s)",
	    st->sum_ok ? st->sum.n : (double)p->n,
	    view_sym(SYM_DELTA), view_num(d, sizeof d, p->delta, 4),
	    view_sym(SYM_THETA), view_num(t, sizeof t, p->theta, 4),
	    view_sym(SYM_LAMBDA), view_num(l, sizeof l, p->lambda, 4),
	    view_sym(SYM_EPS), view_num(e, sizeof e, p->eps, 3),
	    (unsigned long long)p->seed, dsp_family_name(p->family), dsp_attn_name(p->attn),
	    p->adaptive ? "+adaptive" : "", p->precision != DSP_PREC_DOUBLE ? " " : "",
	    p->precision != DSP_PREC_DOUBLE ? dsp_precision_name(p->precision) : "",
	    st->sum_ok ? dsp_method_name(st->sum.method) : st->sum_busy ? "computing" :
	    "error", st->compute_ms, st->frame_ms, st->bg_ms,
	    st->curve_busy || st->map_busy || st->sum_busy ? ", computing" : "", cancelled);
	wmove(w, 1, 0);
	wclrtoeol(w);
	if (st->editing && st->edit_hint[0] != '\0')
		view_printf(w, 0, 0, pn->w, a, "%-*s", pn->w, st->edit_hint);
	if (st->editing)
		edit_line(w, pn->w, st);
	else if (st->status[0] != '\0')
		message(w, pn->w, st);
	else
		key_bar(w, pn->w, st);
}

const struct view_class view_status_class = {
	"Status", status_update, status_draw
};
