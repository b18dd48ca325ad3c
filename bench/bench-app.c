/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The TUI's loop without a terminal (issue 10, "One view", speed): ncurses
 * draws into /dev/null, the panels and the worker are the app's own.  For
 * each view it times a key (a parameter change) to the updated frame, the
 * summary (on the frame or from the summary worker), the curve and the map
 * to their arrival, min / median of several presses beside the goals; then
 * a key pressed while a worker runs a long job (curve and map, summary),
 * against the same key on an idle worker.  Prints numbers; asserts
 * nothing (see bench/run.sh). */
#include <curses.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "app/compute.h"
#include "app/worker.h"
#include "core/alloc.h"
#include "core/math/eval.h"
#include "core/job.h"
#include "export/snapshot.h"
#include "view/view.h"

struct rig {
	struct view_state	*st;
	struct view_hist	 weights;	/* the panels' own states */
	struct view_curve	*curve;
	struct view_map		 map, mapfig;
	struct compute_cache	*cc;
	struct worker		*wk;
	struct worker		*sw;
	struct view_panel	 pn[VIEW_PANELS];
};

static void
layout(struct rig *r)
{
	/* 140 x 45: parameters and theorem on the left, plots on the right. */
	static const int geo[VIEW_PANELS][4] = {
		{ 1, 0, 12, 46 }, { 1, 46, 14, 94 }, { 15, 46, 15, 94 },
		{ 30, 46, 14, 94 }, { 13, 0, 31, 46 }
	};
	static const struct view_class *cls[VIEW_PANELS] = {
		&view_params_class, &view_hist_class, &view_curve_class,
		&view_map_class, &view_theorem_class
	};
	int i;

	for (i = 0; i < VIEW_PANELS; i++) {
		r->pn[i].cls = cls[i];
		r->pn[i].y = geo[i][0];
		r->pn[i].x = geo[i][1];
		r->pn[i].h = geo[i][2];
		r->pn[i].w = geo[i][3];
		r->pn[i].visible = 1;
		r->pn[i].own = (const void *[]){ NULL, &r->weights, r->curve, &r->map, NULL }[i];
		r->pn[i].win = derwin(stdscr, r->pn[i].h, r->pn[i].w, r->pn[i].y,
		    r->pn[i].x);
	}
}

/* One frame as app.c draws it: the summary on the event loop or posted to
 * the summary worker (worker_frame_summary), curve and map posted to the
 * worker and collected if ready, every panel drawn. */
static void
frame(struct rig *r)
{
	int i;

	struct worker_dest d = { r->st, &r->weights, r->curve, &r->mapfig };

	worker_frame_summary(r->sw, r->cc, &d);
	worker_post(r->wk, &r->st->vs, &r->curve->th_rows, 1, 1);
	worker_collect(r->wk, &d);
	/* The screen's cells of the map figure, as the TUI's frame takes them. */
	compute_map_cells(&r->map, &r->mapfig, 64, 8);
	for (i = 0; i < VIEW_PANELS; i++) {
		werase(r->pn[i].win);
		r->pn[i].cls->update(&r->pn[i], r->st);
		r->pn[i].cls->draw(&r->pn[i], r->pn[i].win);
		wnoutrefresh(r->pn[i].win);
	}
	doupdate();
}

#define REPEATS	9

/* Until the worker's figures of the latest request are in (at most s):
 * the times after t0 when the curve, the map and the summary arrived
 * (NaN: not in time). */
struct arrival {
	double	curve, map, sum;
};

static int
busy(struct rig *r)
{
	return worker_busy(r->wk) || worker_busy(r->sw);
}

static double
wait_figures_at(struct rig *r, double s, double t0, struct arrival *a)
{
	struct worker_dest d = { r->st, &r->weights, r->curve, &r->mapfig };
	double now;

	a->curve = a->map = a->sum = NAN;
	for (;;) {
		if (worker_collect(r->wk, &d) | worker_collect(r->sw, &d))
			frame(r);
		now = dsp_now_ms();
		if (isnan(a->curve) && !r->st->curve_busy)
			a->curve = now - t0;
		if (isnan(a->map) && !r->st->map_busy)
			a->map = now - t0;
		if (isnan(a->sum) && !r->st->sum_busy)
			a->sum = now - t0;
		if (!busy(r) || now - t0 >= s * 1e3)
			break;
		usleep(200);
	}
	return busy(r) ? NAN : dsp_now_ms() - t0;
}

static double
wait_figures(struct rig *r, double s)
{
	struct arrival a;

	return wait_figures_at(r, s, dsp_now_ms(), &a);
}

/* A frame, then until its figures are in: ms from the key. */
static double
settle(struct rig *r)
{
	double t0 = dsp_now_ms();

	frame(r);
	wait_figures(r, 120);
	return dsp_now_ms() - t0;
}

static void
set_view(struct rig *r, enum dsp_family f, uint64_t n, double *logits)
{
	/* As the TUI: the view's route policy (core/schema/view.h) decides. */
	dsp_view_default(&r->st->vs);
	r->st->vs.params.family = f;
	r->st->vs.params.n = n;
	if (f == DSP_FAM_FILE) {
		r->st->vs.params.logits = logits;
		r->st->vs.params.n_logits = (size_t)n;
	}
	compute_invalidate(r->cc);
	frame(r);
	wait_figures(r, 120);
}

static int
cmp_ms(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* "min / median" of k times, "-" if none. */
static const char *
min_med(double *t, size_t k, char *buf, size_t size)
{
	qsort(t, k, sizeof *t, cmp_ms);
	if (k == 0 || isnan(t[0]))
		snprintf(buf, size, "%15s", "-");
	else
		snprintf(buf, size, "%6.1f / %6.1f", t[0], t[k / 2]);
	return buf;
}

static double
cpu_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* A key: theta one step (a new value each press, so no cache answers);
 * the frame drawn for it, then the worker's figures as they arrive. */
static void
keys(struct rig *r, const char *name)
{
	double key[REPEATS], cpu[REPEATS], curve[REPEATS], map[REPEATS], sum[REPEATS];
	char b[5][32];
	struct arrival a;
	double t0, c0;
	int i;

	for (i = 0; i < REPEATS; i++) {
		r->st->vs.params.theta = 1 + 0.01 * (i + 1);
		t0 = dsp_now_ms();
		c0 = cpu_ms();
		frame(r);
		key[i] = dsp_now_ms() - t0;
		cpu[i] = cpu_ms() - c0;
		wait_figures_at(r, 120, t0, &a);
		curve[i] = a.curve;
		map[i] = a.map;
		sum[i] = a.sum;
	}
	printf("%-15s %s %s %s %s %s\n", name, min_med(key, REPEATS, b[0], 32),
	    min_med(cpu, REPEATS, b[1], 32), min_med(sum, REPEATS, b[2], 32),
	    min_med(curve, REPEATS, b[3], 32), min_med(map, REPEATS, b[4], 32));
	r->st->vs.params.theta = 1;
}

/* bench-app [VIEW]: the views whose names start with VIEW only ("uniform
 * n=2^16"), and no long-job lines: a view to profile alone. */
int
main(int argc, char **argv)
{
	static const struct { enum dsp_family f; uint64_t n; const char *name; } views[] = {
		{ DSP_FAM_POWER, (uint64_t)1 << 20, "power n=2^20" },
		{ DSP_FAM_POWER, (uint64_t)1 << 40, "power n=2^40" },
		{ DSP_FAM_POWER, (uint64_t)1 << 60, "power n=2^60" },
		{ DSP_FAM_SPIKE, (uint64_t)1 << 20, "spike n=2^20" },
		{ DSP_FAM_SPIKE, (uint64_t)1 << 40, "spike n=2^40" },
		{ DSP_FAM_SPIKE, (uint64_t)1 << 60, "spike n=2^60" },
		{ DSP_FAM_UNIFORM, (uint64_t)1 << 16, "uniform n=2^16" },
		{ DSP_FAM_UNIFORM, (uint64_t)1 << 20, "uniform n=2^20" },
		{ DSP_FAM_GAUSSIAN, (uint64_t)1 << 16, "gaussian n=2^16" },
		{ DSP_FAM_GAUSSIAN, (uint64_t)1 << 20, "gaussian n=2^20" },
		/* The typical configuration (issue 23): O(runs) at any n. */
		{ DSP_FAM_GAUSSIAN, (uint64_t)1 << 60, "gaussian n=2^60" },
		{ DSP_FAM_FILE, (uint64_t)1 << 16, "file n=2^16" },
		{ DSP_FAM_FILE, (uint64_t)1 << 20, "file n=2^20" },
	};
	struct rig r;
	FILE *out, *in;
	SCREEN *scr;
	double *logits, idle, busy, long_ms, busy_ms;
	size_t i;
	int pct;

	setlocale(LC_ALL, "C.UTF-8");
	dsp_alloc_init();	/* the allocator as the program sets it */
	memset(&r, 0, sizeof r);
	out = fopen("/dev/null", "w");
	in = fopen("/dev/null", "r");
	if (out == NULL || in == NULL ||
	    (scr = newterm("xterm-256color", out, in)) == NULL) {
		fputs("bench-app: cannot open a curses screen on /dev/null\n", stderr);
		return 1;
	}
	resize_term(45, 140);
	view_style_init(1, 1);
	r.st = calloc(1, sizeof *r.st);
	r.curve = calloc(1, sizeof *r.curve);
	r.cc = compute_alloc();
	r.wk = worker_start(WORKER_FIGURES, DSP_MEM_BUDGET_DEFAULT);
	r.sw = worker_start(WORKER_SUMMARY, DSP_MEM_BUDGET_DEFAULT);
	logits = malloc(((size_t)1 << 20) * sizeof *logits);
	if (r.st == NULL || r.curve == NULL || r.cc == NULL || r.wk == NULL || r.sw == NULL ||
	    logits == NULL) {
		endwin();
		fputs("bench-app: out of memory\n", stderr);
		return 1;
	}
	for (i = 0; i < (size_t)1 << 20; i++)
		logits[i] = 4 * sin((double)i * 0.618);
	layout(&r);
	printf("TUI loop without a terminal (140x45, curve 256 sizes to 2^40, map 161x101\n"
	    "shown 64x8); a key = theta one step, %d presses each, ms min / median;\n"
	    "cpu = the event loop's own CPU time for the frame; summary, curve, map =\n"
	    "their arrival after the key (summary: on the frame itself unless it is a\n"
	    "worker job)\n", REPEATS);
	printf("%-15s %15s %15s %15s %15s %15s\n", "view", "key->frame", "cpu",
	    "summary", "curve", "map");
	printf("%-15s %15s %15s %15s %15s %15s\n", "goal", "<= 16", "", "",
	    "<= 50", "<= 50");
	for (i = 0; i < sizeof views / sizeof views[0]; i++) {
		if (argc > 1 && strncmp(views[i].name, argv[1], strlen(argv[1])) != 0)
			continue;
		set_view(&r, views[i].f, views[i].n, logits);
		keys(&r, views[i].name);
	}
	if (argc > 1) {
		worker_stop(r.wk);
		worker_stop(r.sw);
		endwin();
		return 0;
	}

	/* A key during a long job: 1.5-entmax over lambda = -0.9999999 solves
	 * for each curve point's threshold over the head of its series (the
	 * TUI's 256 sizes: about 8 s of work); the key goes back to softmax. */
	set_view(&r, DSP_FAM_POWER, 16, NULL);
	r.st->vs.params.lambda = 0.25;
	idle = settle(&r);
	r.st->vs.params.lambda = 0.5;
	settle(&r);
	r.st->vs.params.attn = DSP_ATTN_ENTMAX;
	r.st->vs.params.lambda = -0.9999999;
	frame(&r);
	usleep(1000 * 1000);
	pct = worker_progress(r.wk);
	printf("long job (entmax, lambda = -0.9999999): ");
	if (pct >= 0)
		printf("running after 1 s, %d %% done\n", pct);
	else
		printf("%s after 1 s\n", worker_busy(r.wk) ? "done, not yet drawn" : "done");
	r.st->vs.params.attn = DSP_ATTN_SOFTMAX;
	r.st->vs.params.lambda = 0.25;
	compute_invalidate(r.cc);	/* no cache hit for lambda 0.25 */
	busy = settle(&r);
	printf("key during the long job: new curve+map in %.2f ms (idle worker: %.2f ms; "
	    "goal: as on an idle worker)\n", busy, idle);

	/* A key during a long summary job: entmax (alpha = 1.001) over a file's
	 * 2^20 logits is seconds of work on the summary worker; the key goes
	 * back to softmax at a new theta, against the same key on an idle
	 * worker. */
	set_view(&r, DSP_FAM_FILE, (uint64_t)1 << 20, logits);
	r.st->vs.params.theta = 0.75;
	idle = settle(&r);
	r.st->vs.params.attn = DSP_ATTN_ENTMAX;
	r.st->vs.params.alpha = 1.001;
	long_ms = settle(&r);
	r.st->vs.params.theta = 0.8;
	frame(&r);
	usleep(300 * 1000);
	printf("long summary job (entmax, alpha = 1.001, file n=2^20): %.0f ms alone; "
	    "after 300 ms: %s\n", long_ms, r.st->sum_busy ? "running" : "finished");
	r.st->vs.params.attn = DSP_ATTN_SOFTMAX;
	r.st->vs.params.theta = 0.7;
	busy_ms = settle(&r);
	printf("key during the long summary job: new summary in %.2f ms (idle worker: %.2f ms; "
	    "goal: as on an idle worker)\n", busy_ms, idle);
	worker_stop(r.wk);
	worker_stop(r.sw);
	endwin();
	delscreen(scr);
	return 0;
}
