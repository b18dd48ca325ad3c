/* Status lines: the parameters, method and timings, then a message, the
 * line editor, or the key hints (from the key table, src/app/keys.c). */
#include <stdio.h>

#include "view/view.h"

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
	char d[32], t[32], l[32], e[32];
	attr_t a = view_attr_title();

	view_printf(w, 0, 0, pn->w, a, "%-*s", pn->w, "");
	view_printf(w, 0, 0, pn->w, a,
	    " n=%.0f %s=%s %s=%s %s=%s %s=%s seed=%llu %s %s%s%s%s | %s | %.2f ms (frame %.2f ms, bg %.1f ms%s)",
	    st->sum_ok ? st->sum.n : (double)p->n,
	    view_sym(SYM_DELTA), view_num(d, sizeof d, p->delta, 4),
	    view_sym(SYM_THETA), view_num(t, sizeof t, p->theta, 4),
	    view_sym(SYM_LAMBDA), view_num(l, sizeof l, p->lambda, 4),
	    view_sym(SYM_EPS), view_num(e, sizeof e, p->eps, 3),
	    (unsigned long long)p->seed, dsp_family_name(p->family), dsp_attn_name(p->attn),
	    p->adaptive ? "+adaptive" : "", p->precision != DSP_PREC_DOUBLE ? " " : "",
	    p->precision != DSP_PREC_DOUBLE ? dsp_precision_name(p->precision) : "",
	    st->sum_ok ? dsp_method_name(st->sum.method) : "error",
	    st->compute_ms, st->frame_ms, st->bg_ms,
	    st->curve_busy || st->map_busy ? ", computing" : "");
	wmove(w, 1, 0);
	wclrtoeol(w);
	if (st->editing) {
		view_printf(w, 1, 0, pn->w, A_BOLD, "%s", st->edit_prompt);
		view_printf(w, 1, getcurx(w), pn->w - getcurx(w), 0, "%s", st->edit_buf);
		view_printf(w, 1, getcurx(w), 1, A_REVERSE, " ");
		view_printf(w, 1, getcurx(w) + 1, pn->w - getcurx(w) - 1, view_attr_dim(),
		    "  (Enter apply, Esc cancel)");
	} else if (st->status[0] != '\0')
		view_printf(w, 1, 0, pn->w, st->status_err ? view_attr_error() : A_BOLD,
		    "%s", st->status);
	else
		key_bar(w, pn->w, st);
}

const struct view_class view_status_class = {
	"Status", status_update, status_draw
};
