/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Lemma 2.1 and Theorem 2.2 written out with the live numbers, and the
 * check that the current weights sit inside the band. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/dsp.h"
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
		view_num(buf, size, exp(logn), 4);
	else
		snprintf(buf, size, "e^%.4g", logn);
}

/* What a figure is, as the figure table labels it at theta ("derived",
 * "paper", "measured"; core/schema/figures.h): the panel's statements
 * carry the label of the figure they state. */
static const char *
label(const char *figure, double theta)
{
	const dsp_figure *f = dsp_figure_find(figure);

	return f != NULL ? dsp_source_name(dsp_figure_source(f, theta, -1)) : "?";
}

/* Display columns (draw.c's wcwidth count). */
static size_t
width(const char *s)
{
	return (size_t)view_width(s);
}

/* The function's Theorem 2.2 note (core/math/alt.h), wrapped at spaces, on the
 * lines up to last. */
static void
note_lines(const char *note, WINDOW *w, int iw, int *y, int last)
{
	const char *p = note, *end, *sp;
	int len;

	while (*p != '\0' && *y <= last && iw > 8) {
		len = (int)strlen(p);
		end = p + (len < iw ? len : iw);
		if (*end != '\0') {
			for (sp = end; sp > p && *sp != ' '; sp--)
				;
			if (sp > p)
				end = sp;
		}
		view_printf(w, (*y)++, 1, iw, view_attr_dim(), "%.*s", (int)(end - p), p);
		p = *end == ' ' ? end + 1 : end;
	}
}

/* Theorem 2.2 for SSMax and log-n: no critical n, since the temperature
 * shrinks with n; the exponent that decides instead.  Both lines, so
 * critical_rows keeps the rows they take. */
static void
scaling_lines(const struct view_state *st, char *first, char *second, size_t size)
{
	char c[32];
	double k = dsp_sharp_exponent(&st->vs.params);

	snprintf(first, size, "Thm 2.2 n* n/a: %s/(s log n) shrinks", view_sym(SYM_THETA));
	snprintf(second, size, "s%s/%s=%s %s 1: %s (%s)", view_sym(SYM_DELTA),
	    view_sym(SYM_THETA), view_num(c, sizeof c, k, 4), k >= 1 ? ">=" : "<",
	    k >= 1 ? "may stay sharp" : "disperses", label("sharp_exponent", st->sum.theta_eff));
}

/* Theorem 2.2 beyond a fixed temperature: the first n where the largest
 * weight is below eps, searched once per parameter set (core/math/critical.h).
 * Random families would draw up to 2^18 samples per probe on the UI
 * thread, so they are left to `disperse report`. */
static double
first_n_cached(const dsp_params *p)
{
	static dsp_params last;
	static double value = NAN;
	static int have;

	if (dsp_family_iid(p->family) || p->family == DSP_FAM_FILE)
		return NAN;
	if (!have || memcmp(&last, p, sizeof last) != 0) {
		if (dsp_first_n_below_eps(p, &value) != DSP_OK)
			value = NAN;
		last = *p;
		have = 1;
	}
	return value;
}

/* The exponent's divisor as evaluated: theta, or |theta| for theta < 0
 * (the bands use |theta|; a negative theta favours the smallest logits). */
static void
divisor_text(char *buf, size_t size, double theta)
{
	char t[24];

	view_num(t, sizeof t, fabs(theta), 4);
	if (theta < 0)
		snprintf(buf, size, "|%s%s|", view_sym(SYM_MINUS), t);
	else
		snprintf(buf, size, "%s", t);
}

static void
lemma_lines(const struct view_state *st, WINDOW *w, int iw, int *yp, int last)
{
	const dsp_summary *s = &st->sum;
	char n1[32], d[32], t[48], lo[32], hi[32], left[160], right[160];
	int y = *yp;

	/* n - 1 exactly while a double holds it: the formula must be the one
	 * evaluated. */
	if (s->n - 1 < 1e15)
		snprintf(n1, sizeof n1, "%.0f", s->n - 1);
	else
		view_num(n1, sizeof n1, s->n - 1, 6);
	view_num(d, sizeof d, s->spread, 4);
	view_band_edge(lo, sizeof lo, s, 0, 3);
	view_band_edge(hi, sizeof hi, s, 1, 3);
	divisor_text(t, sizeof t, s->theta_eff);
	if (s->theta_eff == 0 || s->n <= 1) {
		/* theta = 0: the argmax limit, e^{spread/theta} -> infinity. */
		if (s->n <= 1)
			snprintf(left, sizeof left, "n=1: %s_k = 1", view_sym(SYM_ALPHA));
		else if (s->spread > 0)
			snprintf(left, sizeof left, "%s=0 argmax limit: 0 %s %s_k %s 1",
			    view_sym(SYM_THETA), view_sym(SYM_LE), view_sym(SYM_ALPHA),
			    view_sym(SYM_LE));
		else
			snprintf(left, sizeof left, "%s=0, spread 0: %s_k = 1/n = %s",
			    view_sym(SYM_THETA), view_sym(SYM_ALPHA), lo);
		view_line(w, &y, last, 1, iw, 0, "%s", left);
		*yp = y;
		return;
	}
	snprintf(left, sizeof left, "1/(1+%s%se^{%s/%s}) = %s", n1, view_sym(SYM_DOT),
	    d, t, lo);
	snprintf(right, sizeof right, "%s = 1/(1+%s%se^{%s%s/%s})", hi, n1,
	    view_sym(SYM_DOT), view_sym(SYM_MINUS), d, t);
	/* The band is one statement: drawn whole over its rows or not at all. */
	if (width(left) + width(right) + 12 > (size_t)iw &&
	    y + (width(left) + 6 <= (size_t)iw && width(right) + 4 <= (size_t)iw ? 2 : 3) - 1 >
	    last) {
		*yp = last + 1;
		return;
	}
	if (width(left) + width(right) + 12 <= (size_t)iw)
		view_line(w, &y, last, 1, iw, 0, "%s %s %s_k %s %s", left, view_sym(SYM_LE),
		    view_sym(SYM_ALPHA), view_sym(SYM_LE), right);
	else if (width(left) + 6 <= (size_t)iw && width(right) + 4 <= (size_t)iw) {
		view_line(w, &y, last, 1, iw, 0, "%s %s %s_k", left, view_sym(SYM_LE),
		    view_sym(SYM_ALPHA));
		if (y <= last)
			view_line(w, &y, last, 3, iw - 2, 0, "%s %s", view_sym(SYM_LE), right);
	} else {
		view_line(w, &y, last, 1, iw, 0, "%s", left);
		if (y <= last)
			view_line(w, &y, last, 3, iw - 2, 0, "%s %s_k %s", view_sym(SYM_LE),
			    view_sym(SYM_ALPHA), view_sym(SYM_LE));
		if (y <= last)
			view_line(w, &y, last, 1, iw, 0, "%s", right);
	}
	*yp = y;
}

static void
verdict_line(const dsp_summary *s, WINDOW *w, int iw, int *yp, int last, int compact)
{
	enum dsp_band v = dsp_band_verdict(s);
	char a[32], b[32], m[32], verdict[64], line[160];
	int y = *yp;

	if (y > last) {
		*yp = last + 1;
		return;
	}
	if (v == DSP_BAND_UNDERFLOW) {
		view_line(w, &y, last, 1, iw, view_attr_error(), "%s", dsp_band_text(v));
		*yp = y;
		return;
	}
	view_num(a, sizeof a, s->max_weight, 3);
	view_num(b, sizeof b, s->min_weight, 3);
	view_num(m, sizeof m, s->bound_margin * 100, 3);
	if (v == DSP_BAND_INSIDE)
		snprintf(verdict, sizeof verdict, "holds (margin %s%%)", m);
	else if (v == DSP_BAND_EDGE || v == DSP_BAND_LO_UNDERFLOW)
		snprintf(verdict, sizeof verdict, "%s", dsp_band_text(v));
	else
		snprintf(verdict, sizeof verdict, "VIOLATED (margin %s%%)", m);
	/* Narrow with rows to spare: max and min on a row, the verdict under
	 * them. */
	snprintf(line, sizeof line, "max %s min %s: ", a, b);
	if (view_width(line) + view_width(verdict) > iw && !compact && y < last) {
		view_printf(w, y++, 1, iw, 0, "max %s min %s", a, b);
		view_printf(w, y, 3, iw - 2, v == DSP_BAND_VIOLATED ? view_attr_error() :
		    view_attr_series(0), "%s", verdict);
		*yp = y + 1;
		return;
	}
	/* One row, whole: the longest form that fits (a short panel keeps its
	 * rows for the entropy and the paper's lines): max and min with the
	 * margin, without it, or the verdict alone. */
	if (view_width(line) + view_width(verdict) > iw) {
		const char *word = v == DSP_BAND_INSIDE ? "holds" : v == DSP_BAND_VIOLATED ?
		    "VIOLATED" : NULL;

		if (word != NULL)
			snprintf(verdict, sizeof verdict, "%s (%s%%)", word, m);
		if (word != NULL && view_width(line) + view_width(verdict) > iw)
			snprintf(verdict, sizeof verdict, "%s", word);
		if (view_width(line) + view_width(verdict) > iw) {
			line[0] = '\0';
			if (word != NULL)
				snprintf(verdict, sizeof verdict, "%s (margin %s%%)", word, m);
			else
				snprintf(verdict, sizeof verdict, "%s", dsp_band_text(v));
		}
	}
	view_printf(w, y, 1, iw, 0, "%s", line);
	view_printf(w, y, 1 + view_width(line), iw - view_width(line),
	    v == DSP_BAND_VIOLATED ? view_attr_error() : view_attr_series(0), "%s", verdict);
	*yp = y + 1;
}

/* Theorem 2.2's statement at a fixed temperature, in two halves; with no
 * critical n, the reason instead of "n > n/a". */
static void
critical_statement(const struct view_state *st, char *left, char *right, size_t size)
{
	const dsp_params *p = &st->vs.params;
	char c[48], e[32];

	view_num(e, sizeof e, p->eps, 4);
	if (!isfinite(st->sum.log_critical_n)) {
		snprintf(left, size, "Thm 2.2 n* n/a:");
		if (st->sum.theta_eff == 0)
			snprintf(right, size, "%s = 0 is the argmax: no temperature to disperse",
			    view_sym(SYM_THETA));
		else
			snprintf(right, size, "no n puts every weight below %s=%s",
			    view_sym(SYM_EPS), e);
		return;
	}
	critical_text(c, sizeof c, st->sum.log_critical_n);
	snprintf(left, size, "Thm 2.2: %s_k < %s=%s", view_sym(SYM_ALPHA), view_sym(SYM_EPS), e);
	snprintf(right, size, "for n > %s (%s%s)", c, label("critical_n", st->sum.theta_eff),
	    p->adaptive ? ", this n's beta" : "");
}

/* Theorem 2.2: the derived critical n at a fixed temperature; for SSMax /
 * log-n and adaptive theta what holds instead (core/math/critical.h). */
static void
critical_lines(const struct view_state *st, WINDOW *w, int iw, int *yp, int last)
{
	const dsp_summary *s = &st->sum;
	const dsp_params *p = &st->vs.params;
	char c[48], e[32], left[160], right[160];
	double lc, fn;
	int y = *yp;

	view_num(e, sizeof e, p->eps, 4);
	if (dsp_attn_scales_n(p->attn)) {
		scaling_lines(st, left, right, sizeof left);
		if (y <= last)
			view_line(w, &y, last, 1, iw, 0, "%s", left);
		if (y <= last)
			view_line(w, &y, last, 3, iw - 2, 0, "%s", right);
	} else {
		critical_statement(st, left, right, sizeof left);
		if (y <= last && width(left) + width(right) + 1 <= (size_t)iw)
			view_line(w, &y, last, 1, iw, 0, "%s %s", left, right);
		else if (y + view_line_rows(iw, left) + view_line_rows(iw - 2, right) - 1 > last)
			y = last + 1;	/* half the statement would read as another */
		else if (y <= last) {
			view_line(w, &y, last, 1, iw, 0, "%s", left);
			if (y <= last)
				view_line(w, &y, last, 3, iw - 2, 0, "%s", right);
		}
		if (y <= last && s->n > exp(s->log_critical_n))
			view_line_aside(w, &y, last, 3, iw - 2, view_attr_marker(), "n=%.0f is past n*",
			    s->n);
	}
	if (p->adaptive && p->attn == DSP_ATTN_SOFTMAX && y <= last &&
	    dsp_log_critical_n_adaptive(p->eps, s->spread, p->theta, &lc) == DSP_OK) {
		critical_text(c, sizeof c, lc);
		view_line_aside(w, &y, last, 3, iw - 2, 0, "any n > %s (%s%s%.4g, %s)", c,
		    "beta", view_sym(SYM_LE), dsp_adaptive_beta_ceiling(),
		    label("critical_n_guaranteed", p->theta));
	}
	if ((p->adaptive || dsp_attn_scales_n(p->attn)) &&
	    y <= last && !isnan(fn = first_n_cached(p)))
		view_line_aside(w, &y, last, 3, iw - 2, 0, "first n with max < %s: %s (search)", e,
		    isinf(fn) ? "none to 2^63" : view_num(c, sizeof c, fn, 6));
	*yp = y;
}

/* Rows of Theorem 2.2's statement (critical_lines' first lines): kept
 * free like the paper's line, so no panel from 80x24 up loses it. */
static int
critical_rows(const struct view_state *st, int iw)
{
	const dsp_params *p = &st->vs.params;
	char left[160], right[160];

	if (dsp_attn_scales_n(p->attn)) {
		scaling_lines(st, left, right, sizeof left);
		return view_line_rows(iw, left) + view_line_rows(iw - 2, right);
	}
	critical_statement(st, left, right, sizeof left);
	if (width(left) + width(right) + 1 <= (size_t)iw)
		return 1;
	return view_line_rows(iw, left) + view_line_rows(iw - 2, right);
}

/* The entropy between its floor and log n, in the rows left down to last:
 * whole, or without the floor, or H alone (a row left blank reads as a
 * gap in the statement). */
static void
entropy_line(const dsp_summary *s, WINDOW *w, int iw, int *yp, int last)
{
	/* One precision for the three, enough to tell them apart. */
	double hv[3] = { s->entropy_floor, s->entropy, s->entropy_ceiling };
	int dg = view_digits(hv, 3, 6), k;
	char a[32], b[32], c[32], line[3][128];

	view_num(a, sizeof a, hv[0], dg);
	view_num(b, sizeof b, hv[1], dg);
	view_num(c, sizeof c, hv[2], dg);
	snprintf(line[0], sizeof line[0], "%s %s H=%s %s log n=%s", a, view_sym(SYM_LE), b,
	    view_sym(SYM_LE), c);
	snprintf(line[1], sizeof line[1], "H=%s %s log n=%s", b, view_sym(SYM_LE), c);
	snprintf(line[2], sizeof line[2], "H=%s", b);
	for (k = 0; k < 2 && *yp + view_line_rows(iw, line[k]) - 1 > last; k++)
		;
	view_line(w, yp, last, 1, iw, 0, "%s", line[k]);
}

static void
theorem_draw(struct view_panel *pn, WINDOW *w)
{
	const struct view_state *st = pn->st;
	const dsp_summary *s = &st->sum;
	int iw = pn->w - 3, y = 1, last = pn->h - 2;	/* a blank before the frame */
	char d[32], t[32], a[32], b[32], c[32], paper[128], paper_hdr[160];
	int prows, plast, crows, ly;

	view_frame(w, "Theorem", pn->focused);
	if (st->sum_busy) {
		view_printf(w, y, 1, iw, 0, "%s", view_computing(a, sizeof a, st->sum_pct));
		return;
	}
	if (!st->sum_ok) {
		/* Wrapped whole, as the weights panel's: never cut mid-word. */
		view_line(w, &y, last, 1, iw, view_attr_error(), "%s", st->sum_err);
		return;
	}
	if (isnan(s->lo_tight)) {
		view_line(w, &y, last, 1, iw, A_BOLD, "Lemma 2.1: softmax only;");
		view_line(w, &y, last, 1, iw, 0, "%s weights are not a softmax", dsp_attn_name(
		    st->vs.params.attn));
		note_lines(dsp_attn_theorem_note(st->vs.params.attn), w, iw, &y, last - 2);
		if (dsp_row_underflow(s)) {
			view_line(w, &y, last, 1, iw, view_attr_error(), "%s",
			    dsp_band_text(DSP_BAND_UNDERFLOW));
			return;
		}
		view_line(w, &y, last, 1, iw, 0, "max %s  min %s  sum %s",
		    view_num(a, sizeof a, s->max_weight, 3), view_num(b, sizeof b,
		    s->min_weight, 3), view_num(c, sizeof c, s->total, 4));
		if (y <= last)
			view_line(w, &y, last, 1, iw, 0, "H = %s nats", view_num(a, sizeof a,
			    s->entropy, 6));
		return;
	}
	view_num(d, sizeof d, s->spread, 4);
	view_num(t, sizeof t, s->theta_eff, 4);
	/* The bound the paper's proof gives is the paper's own line: its rows
	 * are kept free, so a short panel drops the derived lines (written
	 * before it) first. */
	snprintf(paper, sizeof paper, "paper's proof e^{%sspread/%s}/n: %s .. %s",
	    view_style.utf8 ? "±" : "+-", view_sym(SYM_THETA),
	    view_band_edge(a, sizeof a, s, 2, 3), view_band_edge(b, sizeof b, s, 3, 3));
	prows = view_line_rows(iw, paper);
	crows = critical_rows(st, iw);
	/* The lemma's band and Theorem 2.2 are always on screen: the rows of
	 * the paper's line and of the critical n are kept, the derived lines
	 * between give way first. */
	plast = last - prows - crows;
	/* The paper's Lemma 2.1 says Theta(1/n) (its proof gives the loose
	 * band, last line); the tight band, the entropy floor and the
	 * critical n are derivations, and say so. */
	view_line(w, &y, plast, 1, iw, A_BOLD, "Lemma 2.1 (paper): %s_k = %s(1/n)%s",
	    view_sym(SYM_ALPHA), view_style.utf8 ? "Θ" : "Theta", s->beta != 1 ?
	    ", adaptive" : "");
	/* The spread and theta are in the band's formula below: a narrow
	 * panel keeps the label to one row. */
	snprintf(c, sizeof c, "%s=", view_sym(SYM_THETA));
	snprintf(paper_hdr, sizeof paper_hdr, "%s: band, H floor, n*; spread=%s %s%s",
	    label("lemma_tight_lo", s->theta_eff), d, c, t);
	if (view_line_rows(iw, paper_hdr) > 1)
		snprintf(paper_hdr, sizeof paper_hdr, "%s: band, H floor, n*",
		    label("lemma_tight_lo", s->theta_eff));
	/* The label gives way before the band and the verdict under it (w
	 * NULL: lemma_lines only counts its rows). */
	ly = 0;
	lemma_lines(st, NULL, iw, &ly, pn->h);
	if (y <= plast && plast - y >= 5 && y + 1 + ly <= plast)
		view_line(w, &y, plast, 1, iw, view_attr_dim(), "%s", paper_hdr);
	if (y <= plast)
		lemma_lines(st, w, iw, &y, plast);
	/* Short panel: fewer than 5 rows left for the entropy line, Thm 2.2
	 * and the rest after the verdict's row. */
	verdict_line(s, w, iw, &y, plast, plast - y < 5);
	if (y <= plast && dsp_row_underflow(s))
		view_line(w, &y, plast, 1, iw, view_attr_error(), "H: %s",
		    dsp_band_text(DSP_BAND_UNDERFLOW));
	else if (y <= plast)
		entropy_line(s, w, iw, &y, plast);
	if (y > plast + 1)
		y = plast + 1;
	plast += crows;
	critical_lines(st, w, iw, &y, plast);
	if (y <= plast && !st->bounded && st->vs.params.family != DSP_FAM_FILE)
		view_line_aside(w, &y, plast, 1, iw, view_attr_error(),
		    "premise: spread grows with n for %s", dsp_family_name(st->vs.params.family));
	if (y <= plast && !dsp_row_underflow(s))
		view_line_aside(w, &y, plast, 3, iw - 2, view_attr_dim(), "%s bits, H/log n = %s",
		    view_num(a, sizeof a, s->entropy_bits, 4),
		    view_num(b, sizeof b, s->entropy_norm, 4));
	view_line(w, &y, plast + prows, 1, iw, view_attr_dim(), "%s", paper);
}

const struct view_class view_theorem_class = {
	"Theorem", theorem_update, theorem_draw
};
