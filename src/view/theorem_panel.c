/* Lemma 2.1 and Theorem 2.2 written out with the live numbers, and the
 * check that the current weights sit inside the band. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "view/view.h"

static void
theorem_update(struct view_panel *pn, const struct view_state *st)
{
	pn->st = st;
}

static void
critical_text(char *buf, size_t size, double logn)
{
	if (!isfinite(logn))
		snprintf(buf, size, "n/a");
	else if (logn < 700)
		snprintf(buf, size, "%.4g", exp(logn));
	else
		snprintf(buf, size, "e^%.4g", logn);
}

/* Display columns of a UTF-8 string (every glyph used here is one wide). */
static size_t
width(const char *s)
{
	size_t n = mbstowcs(NULL, s, 0);

	return n == (size_t)-1 ? strlen(s) : n;
}

static void
theorem_draw(struct view_panel *pn, WINDOW *w)
{
	const struct view_state *st = pn->st;
	const dsp_summary *s = &st->sum;
	int iw = pn->w - 2, y = 1, last = pn->h - 2;
	char n1[32], d[32], t[32], lo[32], hi[32], a[32], b[32], c[32], left[160],
	    right[160];

	view_frame(w, "Theorem", pn->focused);
	if (!st->sum_ok) {
		view_printf(w, y, 1, iw, view_attr_error(), "%s", st->sum_err);
		return;
	}
	if (isnan(s->lo_tight)) {
		view_printf(w, y++, 1, iw, A_BOLD, "Lemma 2.1: softmax only;");
		view_printf(w, y++, 1, iw, 0, "%s weights are not a softmax", dsp_attn_name(
		    st->vs.params.attn));
		view_printf(w, y++, 1, iw, 0, "max %s  min %s  sum %s",
		    view_num(a, sizeof a, s->max_weight, 3), view_num(b, sizeof b,
		    s->min_weight, 3), view_num(c, sizeof c, s->total, 4));
		if (y <= last)
			view_printf(w, y++, 1, iw, 0, "H = %.6g nats", s->entropy);
		return;
	}
	view_num(n1, sizeof n1, s->n - 1, 6);
	view_num(d, sizeof d, s->spread, 4);
	view_num(t, sizeof t, s->theta_eff, 4);
	view_num(lo, sizeof lo, s->lo_tight, 3);
	view_num(hi, sizeof hi, s->hi_tight, 3);
	view_printf(w, y++, 1, iw, A_BOLD, "Lemma 2.1, %s=%s %s=%s%s:",
	    view_sym(SYM_DELTA), d, view_sym(SYM_THETA), t, s->beta != 1 ?
	    " (adaptive)" : "");
	snprintf(left, sizeof left, "1/(1+%s%se^{%s/%s}) = %s", n1, view_sym(SYM_DOT),
	    d, t, lo);
	snprintf(right, sizeof right, "%s = 1/(1+%s%se^{%s%s/%s})", hi, n1,
	    view_sym(SYM_DOT), view_sym(SYM_MINUS), d, t);
	if (width(left) + width(right) + 12 <= (size_t)iw)
		view_printf(w, y++, 1, iw, 0, "%s %s %s_k %s %s", left, view_sym(SYM_LE),
		    view_sym(SYM_ALPHA), view_sym(SYM_LE), right);
	else if (width(left) + 6 <= (size_t)iw && width(right) + 4 <= (size_t)iw) {
		view_printf(w, y++, 1, iw, 0, "%s %s %s_k", left, view_sym(SYM_LE),
		    view_sym(SYM_ALPHA));
		if (y <= last)
			view_printf(w, y++, 3, iw - 2, 0, "%s %s", view_sym(SYM_LE), right);
	} else {
		view_printf(w, y++, 1, iw, 0, "%s", left);
		if (y <= last)
			view_printf(w, y++, 3, iw - 2, 0, "%s %s_k %s", view_sym(SYM_LE),
			    view_sym(SYM_ALPHA), view_sym(SYM_LE));
		if (y <= last)
			view_printf(w, y++, 1, iw, 0, "%s", right);
	}
	if (y <= last) {
		view_printf(w, y, 1, iw, 0, "max %s min %s%s",
		    view_num(a, sizeof a, s->max_weight, 3),
		    view_num(b, sizeof b, s->min_weight, 3), iw >= 46 ? ": " : "");
		if (iw < 46 && y < last)
			wmove(w, ++y, 3);
		if (s->bound_holds > 0)
			view_printf(w, y, getcurx(w), iw - getcurx(w) + 1, view_attr_series(0),
			    "holds (margin %.3g%%)", s->bound_margin * 100);
		else
			view_printf(w, y, getcurx(w), iw - getcurx(w) + 1, view_attr_error(),
			    "VIOLATED (margin %.3g%%)", s->bound_margin * 100);
		y++;
	}
	if (y <= last)
		view_printf(w, y++, 1, iw, 0, "%s %s H=%s %s log n=%s",
		    view_num(a, sizeof a, s->entropy_floor, 4), view_sym(SYM_LE),
		    view_num(b, sizeof b, s->entropy, 6), view_sym(SYM_LE),
		    view_num(c, sizeof c, s->entropy_ceiling, 4));
	critical_text(c, sizeof c, s->log_critical_n);
	snprintf(left, sizeof left, "Thm 2.2: %s_k < %s=%g", view_sym(SYM_ALPHA),
	    view_sym(SYM_EPS), st->vs.params.eps);
	snprintf(right, sizeof right, "for n > %s", c);
	if (y <= last && width(left) + width(right) + 1 <= (size_t)iw)
		view_printf(w, y++, 1, iw, 0, "%s %s", left, right);
	else if (y <= last) {
		view_printf(w, y++, 1, iw, 0, "%s", left);
		if (y <= last)
			view_printf(w, y++, 3, iw - 2, 0, "%s", right);
	}
	if (y <= last && s->n > exp(s->log_critical_n))
		view_printf(w, y++, 3, iw - 2, view_attr_marker(), "n=%.4g is past n*", s->n);
	if (y <= last && !st->bounded && st->vs.params.family != DSP_FAM_FILE)
		view_printf(w, y++, 1, iw, view_attr_error(),
		    "premise: spread grows with n for %s", dsp_family_name(st->vs.params.family));
	if (y <= last)
		view_printf(w, y++, 3, iw - 2, view_attr_dim(), "%.4g bits, H/log n = %.4g",
		    s->entropy_bits, s->entropy_norm);
	if (y <= last)
		view_printf(w, y++, 1, iw, view_attr_dim(), "loose e^{%s%s/%s}/n: %s .. %s",
		    view_style.utf8 ? "±" : "+-", view_sym(SYM_DELTA), view_sym(SYM_THETA),
		    view_num(a, sizeof a, s->lo_loose, 3), view_num(b, sizeof b, s->hi_loose, 3));
}

const struct view_class view_theorem_class = {
	"Theorem", theorem_update, theorem_draw
};
