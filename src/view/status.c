/* Status lines: the parameters, method and timings, then a message, the
 * line editor, or the key hints (from the key table, src/app/keys.c). */
#include <stdio.h>
#include <string.h>

#include "view/view.h"

#define BAR_MAX	40

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
	char d[32], t[32], l[32], e[32], line[512], part[160];
	attr_t a = view_attr_title();
	size_t len = 0;
	int k;
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
			    dsp_method_name(st->sum.method) : "error");
		else if (k == 2 && !st->present)
			snprintf(part, sizeof part, " seed=%llu", (unsigned long long)p->seed);
		else if (k == 3 && st->show_times && !st->present)
			snprintf(part, sizeof part, " | %.2f ms (frame %.2f ms, bg %.1f ms%s)",
			    st->compute_ms, st->frame_ms, st->bg_ms,
			    st->curve_busy || st->map_busy ? ", computing" : "");
		else if (k == 3 && !st->present && (st->curve_busy || st->map_busy))
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
	if (st->editing) {
		view_printf(w, 1, 0, pn->w, A_BOLD, "%s", st->edit_prompt);
		view_printf(w, 1, getcurx(w), pn->w - getcurx(w), 0, "%s", st->edit_buf);
		view_printf(w, 1, getcurx(w), 1, A_REVERSE, " ");
		view_printf(w, 1, getcurx(w) + 1, pn->w - getcurx(w) - 1, view_attr_dim(),
		    "  (Enter apply, Esc cancel)");
	} else if (st->status[0] != '\0') {
		/* A message longer than the line ends at a word, with "...". */
		snprintf(line, sizeof line, "%s", st->status);
		while (view_width(line) > pn->w && (len = strlen(line)) > 0) {
			char *sp = strrchr(line, ' ');

			if (sp == NULL || sp == line)
				break;
			*sp = '\0';
			if (view_width(line) + view_width(view_sym(SYM_ELLIPSIS)) + 1 <= pn->w) {
				strncat(line, " ", sizeof line - strlen(line) - 1);
				strncat(line, view_sym(SYM_ELLIPSIS), sizeof line - strlen(line) - 1);
				break;
			}
		}
		view_printf(w, 1, 0, pn->w, st->status_err ? view_attr_error() : A_BOLD,
		    "%s", line);
	}
	else
		key_bar(pn, w, pn->w, st);
}

const struct view_class view_status_class = {
	"Status", status_update, status_draw
};
