/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Play mode (key p, `:play NAME`): animate n over 1 .. 2^40 (log-spaced)
 * or theta or delta over their sweep range (the parameter table's
 * dsp_param_sweep_range), one frame per tick of the event loop's timeout,
 * so keys are read between frames as always.  A frame is the parameter's
 * next value written into the live view: every panel follows, the curve's
 * marker moves.
 *
 * A tick advances only when the previous frame's figures have arrived from
 * the worker (src/app/worker.c); a tick that finds them still computing is
 * skipped, never queued, so a slow view plays slower instead of falling
 * behind, and the worker's generations cancel nothing a frame still needs. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "app/app_int.h"
#include "app/worker.h"
#include "core/math/eval.h"
#include "core/schema/family.h"
#include "core/schema/ptable.h"

/* Frames per octave of n (161 frames from 1 to 2^40) and along theta or
 * delta (steps of 0.05 over -2 .. 2, 0.2 over 0 .. 16). */
#define PLAY_PER_OCTAVE	4
#define PLAY_LINEAR	81

/* Milliseconds between frames, fastest first; + and - move along it. */
static const int play_ms[] = { 25, 50, 100, 200, 400, 800 };
#define PLAY_SPEEDS	((int)(sizeof play_ms / sizeof play_ms[0]))
#define PLAY_SPEED_DEFAULT	2

static const char *const play_names[PLAY_VARS] = { "off", "n", "theta", "delta" };
static const int play_rows[PLAY_VARS] = { -1, ROW_N, ROW_THETA, ROW_DELTA };

static double
play_value(const struct play *p, size_t k)
{
	double v = dsp_param_sweep_value(dsp_param(play_rows[p->var]), p->lo, p->hi, k,
	    p->frames);

	/* Steps of 0.05 without binary noise on the parameters panel. */
	return p->var == PLAY_N ? v : app_tidy(v);
}

/* Write frame k's value into the live view. */
static void
play_apply(struct app *a, size_t k)
{
	struct play *p = &a->play;
	double v = play_value(p, k);

	p->frame = k;
	if (p->var == PLAY_N)
		app_set_n(a, v);
	else
		dsp_param_set_real(dsp_param(play_rows[p->var]), &a->st->vs.params, v, NULL);
}

void
play_init(struct app *a)
{
	memset(&a->play, 0, sizeof a->play);
	a->play.speed = PLAY_SPEED_DEFAULT;
}

const char *
play_name(int var)
{
	return var >= 0 && var < PLAY_VARS ? play_names[var] : "?";
}

int
play_find(const char *name)
{
	const dsp_param_def *d;
	int v;

	if (strcmp(name, "off") == 0 || strcmp(name, "stop") == 0)
		return PLAY_OFF;
	/* Any name the parameters panel shows: theta, θ, delta, δ, n. */
	if ((d = dsp_param_find(name)) != NULL)
		for (v = PLAY_N; v < PLAY_VARS; v++)
			if ((int)d->id == play_rows[v])
				return v;
	return -1;
}

void
play_start(struct app *a, int var)
{
	struct play *p = &a->play;

	if (var == PLAY_OFF) {
		if (p->var != PLAY_OFF)
			app_say(a, 0, "play stopped (%s stays at this frame's value)",
			    play_names[p->var]);
		p->var = PLAY_OFF;
		return;
	}
	if (var == PLAY_N && a->st->vs.params.family == DSP_FAM_FILE) {
		app_say(a, 1, "play n: n is fixed by the file (%zu logits); try :play theta",
		    a->st->vs.params.n_logits);
		p->var = PLAY_OFF;
		return;
	}
	p->var = var;
	p->paused = 0;
	dsp_param_sweep_range(dsp_param(play_rows[var]), &p->lo, &p->hi);
	p->frames = var == PLAY_N ?
	    (size_t)nearbyint(log2(p->hi / p->lo)) * PLAY_PER_OCTAVE + 1 : PLAY_LINEAR;
	p->skipped = 0;
	play_apply(a, 0);
	p->due_ms = dsp_now_ms() + play_ms[p->speed];
	app_say(a, 0, "play %s from %.15g to %.15g in %zu frames: Space pause, . step, + - speed, "
	    "p next", play_names[var], p->lo, p->hi, p->frames);
}

void
play_cycle(struct app *a)
{
	int v = (a->play.var + 1) % PLAY_VARS;

	/* off -> n -> theta -> delta -> off; a file's n is fixed, so
	 * there p goes to theta at once. */
	if (v == PLAY_N && a->st->vs.params.family == DSP_FAM_FILE)
		v = PLAY_THETA;
	play_start(a, v);
}

void
play_pause(struct app *a)
{
	struct play *p = &a->play;

	if (p->var == PLAY_OFF) {
		app_say(a, 0, "no play running (p starts one)");
		return;
	}
	if (p->paused && p->frame + 1 >= p->frames) {
		/* At the end Space plays again from the start. */
		play_apply(a, 0);
		p->paused = 0;
	} else
		p->paused = !p->paused;
	p->due_ms = dsp_now_ms() + play_ms[p->speed];
}

void
play_step(struct app *a, int dir)
{
	struct play *p = &a->play;

	if (p->var == PLAY_OFF) {
		app_say(a, 0, "no play running (p starts one)");
		return;
	}
	p->paused = 1;
	if (dir > 0 && p->frame + 1 < p->frames)
		play_apply(a, p->frame + 1);
	else if (dir < 0 && p->frame > 0)
		play_apply(a, p->frame - 1);
}

void
play_speed(struct app *a, int dir)
{
	struct play *p = &a->play;

	p->speed -= dir;	/* faster = shorter interval = lower index */
	if (p->speed < 0)
		p->speed = 0;
	if (p->speed >= PLAY_SPEEDS)
		p->speed = PLAY_SPEEDS - 1;
	app_say(a, 0, "play speed: %d ms a frame", play_ms[p->speed]);
}

int
play_timeout(const struct app *a, int wait)
{
	const struct play *p = &a->play;
	double left;

	if (p->var == PLAY_OFF || p->paused)
		return wait;
	left = p->due_ms - dsp_now_ms();
	if (left < 0)
		left = 0;
	return left < wait ? (int)ceil(left) : wait;
}

int
play_tick(struct app *a)
{
	struct play *p = &a->play;
	double now = dsp_now_ms();

	if (p->var == PLAY_OFF || p->paused || now < p->due_ms)
		return 0;
	p->due_ms = now + play_ms[p->speed];
	/* The last frame's curve and map still computing: skip this tick. */
	if ((a->wk != NULL && worker_busy(a->wk)) || (a->sw != NULL && worker_busy(a->sw))) {
		p->skipped++;
		return 0;
	}
	if (p->frame + 1 >= p->frames) {
		p->paused = 1;
		app_say(a, 0, "play %s reached %.15g (Space plays again, p next parameter)",
		    play_names[p->var], play_value(p, p->frame));
		return 1;
	}
	play_apply(a, p->frame + 1);
	return 1;
}

void
play_label(const struct app *a, char *buf, size_t size)
{
	const struct play *p = &a->play;

	if (p->var == PLAY_OFF) {
		buf[0] = '\0';
		return;
	}
	snprintf(buf, size, "%s play %s %zu/%zu  %d ms/frame%s", p->paused ? "||" : ">",
	    play_names[p->var], p->frame + 1, p->frames, play_ms[p->speed],
	    p->paused ? "  (Space resumes)" : "");
}
