/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The resample view's other heads (issue 24): with a file's head resampled
 * (family empirical), the curve job also draws each other head's rows
 * resampled the same way, faint under the head's.  Checked here without a
 * terminal, through the TUI's own compute module: each faint curve is the
 * curve that head shows when it is the view's (bit for bit), and its last
 * point (n = 2^40, the expected large-n limit) is the closed form
 * H = log n + log A - B/A, A = mean e^(x-M), B = mean (x-M) e^(x-M)
 * (doc/theory.md section 13) computed here from the row; the file view
 * (family file) draws none.  tests/tui/test-heads.sh sees them on screen. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../tap.h"
#include "app/compute.h"
#include "core/schema/view.h"

#define HEADS	6
#define LEN	40

static double rows[HEADS][LEN];

/* The expected-limit entropy of row x (theta 1) at n. */
static double
limit_entropy(const double *x, double n)
{
	double m = x[0], a = 0, b = 0, g;
	size_t i;

	for (i = 1; i < LEN; i++)
		if (x[i] > m)
			m = x[i];
	for (i = 0; i < LEN; i++) {
		g = exp(x[i] - m);
		a += g / LEN;
		b += (x[i] - m) * g / LEN;
	}
	return log(n) + log(a) - b / a;
}

/* A view and the curve panel's state, as the app holds them. */
struct view {
	dsp_viewstate		vs;
	struct view_curve	cv;
};

/* A view of head h's row, the others given as its other heads when
 * with_others. */
static void
view_of(struct view *st, size_t h, int family, int with_others)
{
	size_t j;

	memset(st, 0, sizeof *st);
	dsp_view_default(&st->vs);
	st->vs.params.family = family;
	st->vs.params.logits = rows[h];
	st->vs.params.n_logits = LEN;
	st->vs.params.n = LEN;
	for (j = 0; with_others && j < HEADS; j++)
		if (j != h) {
			st->cv.th_rows.row[st->cv.th_rows.n] = rows[j];
			st->cv.th_rows.len[st->cv.th_rows.n++] = LEN;
		}
	st->cv.th_others = HEADS - 1;
}

int
main(void)
{
	struct view *st = calloc(1, sizeof *st), *one = calloc(1, sizeof *one);
	struct compute_cache *cc = compute_alloc();
	const struct view_series *s;
	const struct view_faint *f;
	uint64_t units;
	size_t h, i, j;
	int same;

	if (st == NULL || one == NULL || cc == NULL)
		return 99;
	/* Heads of different spreads, as test-heads.sh's array. */
	for (h = 0; h < HEADS; h++)
		for (i = 0; i < LEN; i++)
			rows[h][i] = (1.0 + 0.6 * (double)h) * sin(0.37 * (double)(i * (h + 3)) + 0.5 * (double)h);

	view_of(st, 0, DSP_FAM_EMPIRICAL, 1);
	units = compute_curve_units(&st->vs, &st->cv);
	is_int((long long)units, (long long)(dsp_view_units(&st->vs, 1, 0) +
	    (HEADS - 1) * (uint64_t)st->vs.curve_points),
	    "progress units: the head's series and each other head's curve");
	compute_curve(cc, &st->vs, &st->cv);
	ok(st->cv.nseries >= 1 && st->cv.series[0].ok, "the resample's own curve is computed");
	is_int((long long)st->cv.cv_nother, HEADS - 1, "a faint curve for each of the other heads");
	for (j = 0; j < st->cv.cv_nother; j++) {
		f = &st->cv.cv_other[j];
		h = j + 1;	/* view_of lists the others in order */
		view_of(one, h, DSP_FAM_EMPIRICAL, 0);
		compute_invalidate(cc);
		compute_curve(cc, &one->vs, &one->cv);
		s = &one->cv.series[0];
		same = s->ok && f->count == s->count && f->count > 0;
		for (i = 0; same && i < f->count; i++)
			same = f->n[i] == s->n[i] && f->entropy[i] == s->entropy[i] &&
			    f->maxw[i] == s->maxw[i];
		ok(same, "head %zu: its faint curve is the curve it shows as the view's head "
		    "(%zu points, bit for bit)", h, f->count);
		if (f->count == 0) {
			ok(0, "head %zu: no points", h);
			continue;
		}
		is_close(f->n[f->count - 1], ldexp(1, 40), 0, "its last point is at n = 2^40");
		is_rel(f->entropy[f->count - 1], limit_entropy(rows[h], ldexp(1, 40)), 1e-9,
		    "there its H is the expected limit log n + log A - B/A of its row");
	}

	view_of(st, 0, DSP_FAM_FILE, 1);
	compute_invalidate(cc);
	compute_curve(cc, &st->vs, &st->cv);
	is_int((long long)st->cv.cv_nother, 0, "the file view (family file) draws no resample curves");
	is_int((long long)compute_curve_units(&st->vs, &st->cv), (long long)dsp_view_units(&st->vs, 1, 0),
	    "and counts none in its progress");
	ok(st->cv.th_nother == HEADS - 1, "its theta plot has the other heads instead (%zu)",
	    st->cv.th_nother);

	compute_free(cc);
	free(st);
	free(one);
	return tap_done();
}
