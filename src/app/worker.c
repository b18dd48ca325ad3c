/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Worker thread for the expensive figures: the entropy-vs-n curves and
 * the map (a WORKER_FIGURES worker), or the summary, weights and histogram
 * of a large explicit input (a WORKER_SUMMARY worker, so that a long
 * summary and the curve never wait for each other).  Inputs and outputs
 * are copies under one mutex, so the draw path never sees half-written
 * numbers and never waits for the core.
 *
 * Every request carries a generation (its number); a newer request cancels
 * the running one through the thread's dsp_job (core/job.h), which the
 * core's long loops poll, so a panel never waits behind a stale job.  The
 * job also carries the memory budget and the progress the panels show. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/alloc.h"
#include "app/compute.h"
#include "app/worker.h"
#include "core/math/eval.h"
#include "core/job.h"
#include "core/schema/view.h"

struct job {
	dsp_viewstate	vs;
	int		want_curve, want_map, want_sum;
	/* A file view's other heads: rows it computes from. */
	struct view_rows rows;
	/* No panel sizes: a job is keyed on what it computes from, and a
	 * layout that moves must never cancel it (issue 24's live-lock). */
};

/* What a job computes: the summary (in a view_state of its own, beside
 * the view it is of), the weights histogram, the curves, the map. */
struct figs {
	struct view_state	 st;
	struct view_hist	 hist;
	struct view_curve	 curve;
	struct view_map		 mapfig;
};

struct worker {
	enum worker_kind	 kind;
	pthread_t		 thread;
	pthread_mutex_t		 lock;
	pthread_cond_t		 cond;
	int			 quit;
	int			 exited;	/* the thread has left worker_main */
	struct job		 job;		/* latest request */
	unsigned long		 posted;	/* its number (generation) */
	unsigned long		 running;	/* generation being computed, 0: none */
	unsigned long		 done;		/* number of the finished result */
	unsigned long		 taken;		/* last result copied out */
	unsigned long		 curve_done;	/* its curves, published before its map */
	unsigned long		 curve_taken;
	unsigned long		 cancelled;	/* stale jobs cancelled so far */
	dsp_job			 dj;		/* the thread's job: cancel, budget,
						   progress */
	struct figs		*wst;		/* the worker's own figures */
	struct figs		*out;		/* finished figures */
	struct job		 out_job;
	struct compute_cache	*cc;
};

static void
copy_map(struct view_map *dst, const struct view_map *src)
{
	size_t n = src->spec.cols * src->spec.rows;
	double *cell = dst->cell;
	size_t cap = dst->cap;

	if (src->ok && cap < n) {
		free(cell);
		cap = 0;
		if ((cell = dsp_malloc(n * sizeof *cell)) != NULL)
			cap = n;
	}
	*dst = *src;
	dst->cell = cell;
	dst->cap = cap;
	if (src->ok && cell != NULL && cap >= n)
		memcpy(cell, src->cell, n * sizeof *cell);
	else if (src->ok) {
		dst->ok = 0;
		strcpy(dst->err, "out of memory for the map");
	}
}

/* The curves: what was computed of them (series and faint curves past
 * the count are stale bytes, not copied). */
static void
copy_curve(struct view_curve *dst, const struct view_curve *src)
{
	dst->nseries = src->nseries;
	memcpy(dst->series, src->series, src->nseries * sizeof dst->series[0]);
	memcpy(dst->curve_err, src->curve_err, sizeof dst->curve_err);
	dst->nthetas = src->nthetas;
	memcpy(dst->th_theta, src->th_theta, sizeof dst->th_theta);
	memcpy(dst->th_entropy, src->th_entropy, sizeof dst->th_entropy);
	memcpy(dst->th_maxw, src->th_maxw, sizeof dst->th_maxw);
	dst->th_nother = src->th_nother;
	memcpy(dst->th_oentropy, src->th_oentropy, sizeof dst->th_oentropy);
	memcpy(dst->th_omaxw, src->th_omaxw, sizeof dst->th_omaxw);
	dst->cv_nother = src->cv_nother;
	memcpy(dst->cv_other, src->cv_other, src->cv_nother * sizeof dst->cv_other[0]);
}

/* The summary's figures and the weights histogram. */
static void
copy_summary(struct view_state *dst, struct view_hist *dhist, const struct figs *src)
{
	dst->sum = src->st.sum;
	dst->sum_ok = src->st.sum_ok;
	memcpy(dst->sum_err, src->st.sum_err, sizeof dst->sum_err);
	dst->bounded = src->st.bounded;
	*dhist = src->hist;
}

static void *
worker_main(void *arg)
{
	struct worker *w = arg;
	double t0, t1;
	struct job job;
	unsigned long id;

	dsp_job_attach(&w->dj);
	pthread_mutex_lock(&w->lock);
	for (;;) {
		while (!w->quit && w->done == w->posted)
			pthread_cond_wait(&w->cond, &w->lock);
		if (w->quit)
			break;
		job = w->job;
		id = w->posted;
		w->running = id;
		w->wst->st.vs = job.vs;
		w->wst->curve.th_rows = job.rows;
		/* The summary's units are not known beforehand (0: its
		 * panels say "computing"). */
		dsp_job_restart(&w->dj, (job.want_curve ?
		    compute_curve_units(&job.vs, &w->wst->curve) : 0) +
		    dsp_view_units(&job.vs, 0, job.want_map));
		pthread_mutex_unlock(&w->lock);

		t0 = dsp_now_ms();
		if (job.want_sum)
			compute_summary(w->cc, &w->wst->st, &w->wst->hist);
		if (job.want_curve) {
			compute_curve(w->cc, &job.vs, &w->wst->curve);
			/* The curves are shown as soon as they are done: a map at
			 * the figure's resolution may take a while longer. */
			pthread_mutex_lock(&w->lock);
			if (!dsp_job_cancelled()) {
				copy_curve(&w->out->curve, &w->wst->curve);
				w->curve_done = id;
			}
			pthread_mutex_unlock(&w->lock);
		}
		if (job.want_map && !dsp_job_cancelled())
			compute_map(w->cc, &job.vs, &w->wst->mapfig);

		t1 = dsp_now_ms();
		pthread_mutex_lock(&w->lock);
		w->running = 0;
		if (dsp_job_cancelled()) {
			/* A newer request is waiting: its figures, not these
			 * (the caches kept nothing of the cancelled part). */
			continue;
		}
		if (job.want_sum)
			copy_summary(&w->out->st, &w->out->hist, w->wst);
		else
			w->out->st.bg_ms = t1 - t0;
		if (job.want_map)
			copy_map(&w->out->mapfig, &w->wst->mapfig);
		w->out_job = job;
		w->done = id;
	}
	w->exited = 1;
	pthread_cond_broadcast(&w->cond);
	pthread_mutex_unlock(&w->lock);
	return NULL;
}

struct worker *
worker_start(enum worker_kind kind, size_t mem_budget)
{
	struct worker *w = dsp_calloc(1, sizeof *w);
	int rc;

	if (w == NULL)
		return NULL;
	w->kind = kind;
	w->wst = dsp_calloc(1, sizeof *w->wst);
	w->out = dsp_calloc(1, sizeof *w->out);
	w->cc = compute_alloc();
	if (w->wst == NULL || w->out == NULL || w->cc == NULL)
		goto fail;
	dsp_job_init(&w->dj, mem_budget);
	pthread_mutex_init(&w->lock, NULL);
	pthread_cond_init(&w->cond, NULL);
	/* Signals (SIGINT, SIGWINCH ...) go to the event loop, not here; but a
	 * fault (SIGBUS on a truncated mapped input) is this thread's own and
	 * must reach the handler that restores the terminal (blocked, it
	 * killed the process with the terminal left raw). */
	rc = dsp_thread_start(&w->thread, worker_main, w);
	if (rc != 0) {
		pthread_mutex_destroy(&w->lock);
		pthread_cond_destroy(&w->cond);
		goto fail;
	}
	return w;
fail:
	compute_free(w->cc);
	free(w->wst);
	free(w->out);
	free(w);
	return NULL;
}

int
worker_stop(struct worker *w)
{
	struct timespec until;
	int left;

	if (w == NULL)
		return 0;
	/* A running job borrows the app's inputs (a file's logits): it is
	 * stopped at its next poll, a few ms of work.  Quitting must not wait
	 * for a computation that polls rarely either: past the bound the
	 * thread is left to the process exit, and the caller keeps what it
	 * reads (freeing it then was a use after free). */
	dsp_deadline(&until, WORKER_STOP_MS);
	pthread_mutex_lock(&w->lock);
	w->quit = 1;
	dsp_job_cancel(&w->dj);
	pthread_cond_broadcast(&w->cond);
	while (!w->exited && pthread_cond_timedwait(&w->cond, &w->lock, &until) == 0)
		;
	left = !w->exited;
	pthread_mutex_unlock(&w->lock);
	if (left) {
		pthread_detach(w->thread);
		return 1;
	}
	pthread_join(w->thread, NULL);
	pthread_mutex_destroy(&w->lock);
	pthread_cond_destroy(&w->cond);
	compute_free(w->cc);
	free(w->wst->mapfig.cell);
	free(w->out->mapfig.cell);
	free(w->wst);
	free(w->out);
	free(w);
	return 0;
}

/* A new request unless it equals the last one; it cancels the running
 * job, which is stale now. */
static void
post(struct worker *w, const struct job *jp)
{
	struct job job = *jp;

	pthread_mutex_lock(&w->lock);
	if (w->posted == 0 || memcmp(&job, &w->job, sizeof job) != 0) {
		w->job = job;
		w->posted++;
		/* The running job is stale now: stop it at its next poll. */
		if (w->running != 0) {
			dsp_job_cancel(&w->dj);
			w->cancelled++;
		}
		pthread_cond_signal(&w->cond);
	}
	pthread_mutex_unlock(&w->lock);
}

void
worker_post(struct worker *w, const dsp_viewstate *vs, const struct view_rows *rows,
    int want_curve, int want_map)
{
	struct job job;

	memset(&job, 0, sizeof job);
	job.vs = *vs;
	/* The cursor, focus and histogram mode change no figure here. */
	job.vs.map_row = job.vs.map_col = 0;
	job.vs.focus = job.vs.hist_mode = job.vs.curve_mode = 0;
	job.want_curve = want_curve;
	job.want_map = want_map;
	job.rows = *rows;
	post(w, &job);
}

void
worker_post_summary(struct worker *w, const dsp_viewstate *vs)
{
	struct job job;

	memset(&job, 0, sizeof job);
	/* The parameters and the histogram mode: the rest of the view (map,
	 * curve range, overlays, pins) changes none of these figures, and
	 * must not cancel a long summary. */
	job.vs.params = vs->params;
	job.vs.hist_mode = vs->hist_mode;
	job.want_sum = 1;
	post(w, &job);
}

void
worker_drop(struct worker *w)
{
	struct job job;

	memset(&job, 0, sizeof job);
	post(w, &job);
}

/* A summary worker's collect: only the latest request's figures are ever
 * copied, and while it runs the stale ones are hidden (sum_ok and hist.ok
 * 0, sum_busy 1), so no panel draws figures of other parameters. */
static int
collect_summary(struct worker *w, const struct worker_dest *d)
{
	struct view_state *st = d->st;

	int fresh = 0;

	if (w->done != w->taken) {
		w->taken = w->done;
		if (w->done == w->posted && w->out_job.want_sum) {
			copy_summary(st, d->hist, w->out);
			fresh = 1;
		}
	}
	st->sum_busy = w->done != w->posted && w->job.want_sum;
	st->sum_pct = st->sum_busy && w->running == w->posted ?
	    dsp_job_percent(&w->dj) : -1;
	if (st->sum_busy) {
		st->sum_ok = 0;
		d->hist->ok = 0;
		st->sum_err[0] = d->hist->err[0] = '\0';
	}
	return fresh;
}

int
worker_collect(struct worker *w, const struct worker_dest *d)
{
	struct view_state *st = d->st;
	int fresh = 0;

	pthread_mutex_lock(&w->lock);
	st->jobs_cancelled[w->kind] = w->cancelled;
	if (w->kind == WORKER_SUMMARY) {
		fresh = collect_summary(w, d);
		pthread_mutex_unlock(&w->lock);
		return fresh;
	}
	if (w->curve_done != w->curve_taken) {
		w->curve_taken = w->curve_done;
		copy_curve(d->curve, &w->out->curve);
		fresh = 1;
	}
	if (w->done != w->taken) {
		w->taken = w->done;
		if (w->out_job.want_map)
			copy_map(d->mapfig, &w->out->mapfig);
		st->bg_ms = w->out->st.bg_ms;
		fresh = 1;
	}
	st->curve_busy = w->curve_done != w->posted && w->job.want_curve;
	st->map_busy = w->done != w->posted && w->job.want_map;
	st->busy_pct = w->running == w->posted && w->running != 0 ?
	    dsp_job_percent(&w->dj) : -1;
	pthread_mutex_unlock(&w->lock);
	return fresh;
}

void
worker_frame_summary(struct worker *sw, struct compute_cache *cc, const struct worker_dest *d)
{
	struct view_state *st = d->st;

	if (sw != NULL && compute_summary_is_job(&st->vs.params)) {
		/* The loop's cache no longer holds what st shows. */
		compute_forget_summary(cc);
		worker_post_summary(sw, &st->vs);
		worker_collect(sw, d);
		return;
	}
	if (sw != NULL) {
		worker_drop(sw);	/* a stale job must not come back */
		st->sum_busy = 0;
		st->sum_pct = -1;
	}
	compute_summary(cc, st, d->hist);
}

int
worker_busy(struct worker *w)
{
	int busy;

	pthread_mutex_lock(&w->lock);
	/* A finished result not yet collected counts: the event loop must
	 * keep polling fast until it has drawn it. */
	busy = w->done != w->posted || w->done != w->taken ||
	    w->curve_done != w->curve_taken;
	pthread_mutex_unlock(&w->lock);
	return busy;
}

int
worker_progress(struct worker *w)
{
	int pct;

	pthread_mutex_lock(&w->lock);
	pct = w->running != 0 ? dsp_job_percent(&w->dj) : -1;
	pthread_mutex_unlock(&w->lock);
	return pct;
}
