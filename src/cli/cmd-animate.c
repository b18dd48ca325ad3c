/* SPDX-License-Identifier: GPL-3.0-or-later */
/* disperse animate: the TUI's play mode as files, for slides.  One
 * parameter (n, theta or delta) runs over its sweep range (the parameter
 * table's dsp_param_sweep_range) in --frames steps; each frame is a view
 * whose weights and curve SVG the snapshot writers draw (export/frame.h),
 * one row of frames.csv, and one image of animation.gif drawn from the same
 * figures (export/gif.h). */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd.h"
#include "cli/figopts.h"
#include "cli/opts.h"
#include "cli/progress.h"
#include "core/dsp.h"
#include "core/schema/ptable.h"
#include "export/atomic.h"
#include "export/frame.h"
#include "export/gif.h"
#include "export/render.h"
#include "export/snapshot.h"
#include "export/table.h"

#define ANIM_MAX_FRAMES	10000
#define ANIM_GIF_W	480
#define ANIM_GIF_H	270

enum {
	OPT_VARY = DSP_OPT_USER,
	OPT_FRAMES,
	OPT_OUT,
	OPT_DELAY,
	OPT_FIG0	/* the figure rows of the view-option table, in order */
};

static const struct dsp_opt_row animate_rows[] = {
	{ "vary", 0, "P", OPT_VARY, "n (1 .. 2^40, log-spaced; default), theta (-2 .. 2) or "
	  "delta (0 .. 16), linear" },
	{ "frames", 0, "K", OPT_FRAMES, "frames, 2 .. 10000 (default 120)" },
	{ "out", 'o', "DIR", OPT_OUT, "directory (created if missing; default "
	  "./disperse-animation; files there are replaced)" },
	{ "delay", 0, "CS", OPT_DELAY, "GIF delay a frame in hundredths of a second (default 8)" },
	{ NULL, 0, NULL, 0, NULL }
};

struct animate {
	const dsp_param_def	*vary;
	uint64_t		 frames;
	const char		*out;
	uint64_t		 delay;		/* GIF: hundredths of a second a frame */
	struct dsp_figopts	 fig;
	dsp_figspec		 figspec;	/* from fig: the frames' figures */
};

/* The parameters --vary animates. */
static const enum dsp_param_id vary_ids[] = { DSP_P_N, DSP_P_THETA, DSP_P_DELTA };
#define NVARY	(sizeof vary_ids / sizeof vary_ids[0])

static const char *
animate_values(int code)
{
	static char buf[64];
	const char *names[NVARY];
	size_t i;

	if (code != OPT_VARY)
		return NULL;
	for (i = 0; i < NVARY; i++)
		names[i] = dsp_param(vary_ids[i])->name;
	return dsp_opts_join(names, (int)NVARY, " ", buf, sizeof buf);
}

static int
animate_opt(struct dsp_opts *o, int code, const char *arg, void *ctx)
{
	struct animate *an = ctx;
	size_t i;
	int st;

	if ((st = dsp_figopts_take(&an->fig, o, code, arg)) >= 0)
		return st;
	switch (code) {
	case OPT_VARY:
		an->vary = dsp_param_find(arg);
		for (i = 0; an->vary != NULL && i < NVARY && an->vary->id != vary_ids[i]; i++)
			;
		if (an->vary == NULL || i == NVARY)
			return dsp_opts_usage(o, "--vary: cannot animate '%s' (n, theta, delta)",
			    arg);
		return 0;
	case OPT_FRAMES:
		if (dsp_opts_size(o, "--frames", arg, &an->frames) != 0)
			return o->status;
		if (an->frames < 2 || an->frames > ANIM_MAX_FRAMES)
			return dsp_opts_usage(o, "--frames must be in 2 .. %d (got %s)",
			    ANIM_MAX_FRAMES, arg);
		return 0;
	case OPT_OUT:	/* and -o: the parser maps a row's letter */
		an->out = arg;
		return 0;
	case OPT_DELAY:
		if (dsp_opts_size(o, "--delay", arg, &an->delay) != 0)
			return o->status;
		if (an->delay > 6000)	/* a minute: past it, not an animation */
			return dsp_opts_usage(o, "--delay must be in 1 .. 6000 hundredths of a "
			    "second (got %s)", arg);
		return 0;
	}
	return dsp_opts_usage(o, "internal error: option %d", code);
}

/* After the frame number and the varied value; n is left out when it is
 * the varied value. */
static const char *columns[] = {
	"n", "entropy_nats", "entropy_norm", "max_weight", "min_weight",
	"lemma_tight_lo", "lemma_tight_hi", "log_critical_n", "method"
};
#define NCOLS (sizeof columns / sizeof columns[0])

static dsp_table *
make_table(const struct dsp_opts *o, const struct animate *an, double lo, double hi)
{
	dsp_table *t;
	size_t i;
	int rc;

	if ((t = dsp_table_alloc("disperse animate")) == NULL)
		return NULL;
	rc = dsp_opts_stamp(o, t);
	rc |= dsp_table_stamp(t, "vary", an->vary->name);
	rc |= dsp_table_stampf(t, "from", "%.17g", lo);
	rc |= dsp_table_stampf(t, "to", "%.17g", hi);
	rc |= dsp_table_stampf(t, "frames", "%llu", (unsigned long long)an->frames);
	rc |= dsp_table_column(t, "frame", "%.0f");
	rc |= dsp_table_column(t, an->vary->name, an->vary->id == DSP_P_N ? "%.0f" : "%.10g");
	for (i = an->vary->id == DSP_P_N ? 1 : 0; i < NCOLS; i++)
		rc |= dsp_table_column(t, columns[i], i == 0 ? "%.0f" : "%.10g");
	if (rc != DSP_OK) {
		dsp_table_free(t);
		return NULL;
	}
	return t;
}

static int
add_row(dsp_table *t, const struct animate *an, size_t k, double x, const dsp_frame_figs *f)
{
	const dsp_summary *s = &f->sum;
	double figs[NCOLS] = {
		s->n, s->entropy, s->entropy_norm, s->max_weight, s->min_weight,
		s->lo_tight, s->hi_tight, s->log_critical_n, NAN
	}, row[NCOLS + 2];
	size_t i, skip = an->vary->id == DSP_P_N ? 1 : 0, c = 0;
	int rc;

	row[c++] = (double)k + 1;
	row[c++] = x;
	for (i = skip; i < NCOLS; i++)
		row[c++] = f->sum_rc == DSP_OK ? figs[i] : NAN;
	if ((rc = dsp_table_row(t, row)) != DSP_OK)
		return rc;
	return dsp_table_set_text(t, dsp_table_rows(t) - 1, c - 1,
	    f->sum_rc == DSP_OK ? dsp_method_name(s->method) : "error");
}

/* dir/name among the command's output files, published (and its path
 * printed) only when every frame was written: an animation is written
 * whole or not at all.  NULL with the detail set. */
static FILE *
out_open(struct dsp_afset *set, const char *dir, const char *name)
{
	char path[4352];

	snprintf(path, sizeof path, "%s/%s", dir, name);
	return dsp_afset_open(set, path, 1);
}

/* One figure of frame k from its SVG (len bytes) in every format of the
 * frames' figure options: DIR/frame-NNNN-WHAT.svg, .png. */
static int
frame_files(const struct animate *an, struct dsp_afset *set, const char *dir,
    size_t k, const char *what, const char *svg, size_t len)
{
	static const unsigned fmts[] = { DSP_FIG_SVG, DSP_FIG_PNG };
	char name[64];
	FILE *fp;
	size_t i;
	int rc = DSP_OK;

	for (i = 0; i < sizeof fmts / sizeof fmts[0] && rc == DSP_OK; i++) {
		if (!(an->figspec.formats & fmts[i]))
			continue;
		snprintf(name, sizeof name, "frame-%04zu-%s.%s", k + 1, what,
		    dsp_figfmt_ext(fmts[i]));
		if ((fp = out_open(set, dir, name)) == NULL)
			return DSP_EIO;
		rc = dsp_render_svg(svg, len, fmts[i], an->figspec.dpi, fp);
		if (rc == DSP_OK)
			rc = dsp_afset_close(set, fp);
	}
	return rc;
}

/* The frame's varied value as the GIF shows it: "n = 2^20" (n = 1000 off
 * a power of two), "θ = 0.5", 3 digits for a real. */
static void
frame_label(const struct animate *an, const dsp_params *p, char *buf, size_t size)
{
	const char *name = an->vary->uname != NULL ? an->vary->uname : an->vary->name;
	int e;

	if (an->vary->id == DSP_P_N) {
		if (p->n > 1 && (p->n & (p->n - 1)) == 0) {
			frexp((double)p->n, &e);
			snprintf(buf, size, "n = 2^%d", e - 1);
		} else
			snprintf(buf, size, "n = %llu", (unsigned long long)p->n);
	} else
		snprintf(buf, size, "%s = %.3g", name,
		    an->vary->id == DSP_P_THETA ? p->theta : p->delta);
}

/* Frame k: its view's figures, its row and its GIF image. */
static int
one_frame(const struct animate *an, struct dsp_afset *set, const char *dir,
    const dsp_viewstate *v, size_t k, double x, dsp_table *t, dsp_gif *gif)
{
	dsp_frame_figs f;
	dsp_gif_curve c;
	char *wb = NULL, *cb = NULL, label[64];
	size_t wl = 0, cl = 0;
	FILE *wf, *cf;
	int rc;

	/* Both SVGs in memory first: each is then written, or rendered, in
	 * every format. */
	memset(&f, 0, sizeof f);
	wf = open_memstream(&wb, &wl);
	cf = open_memstream(&cb, &cl);
	if (wf == NULL || cf == NULL)
		rc = dsp_fail_nomem(NULL, 0);
	else
		rc = dsp_frame_write(v, wf, cf, &f);
	if (wf != NULL && fclose(wf) != 0 && rc == DSP_OK)
		rc = dsp_fail_nomem(NULL, 0);
	if (cf != NULL && fclose(cf) != 0 && rc == DSP_OK)
		rc = dsp_fail_nomem(NULL, 0);
	if (rc == DSP_OK)
		rc = frame_files(an, set, dir, k, "weights", wb, wl);
	if (rc == DSP_OK)
		rc = frame_files(an, set, dir, k, "curve", cb, cl);
	free(wb);
	free(cb);
	if (rc == DSP_OK)
		rc = add_row(t, an, k, x, &f);
	if (rc == DSP_OK) {
		memset(&c, 0, sizeof c);
		c.ns = f.ns;
		c.entropy = f.entropy;
		c.maxw = f.maxw;
		c.count = f.ncurve;
		c.n_lo = v->curve_lo;
		c.n_hi = v->curve_hi;
		c.h_max = log(v->curve_hi);
		c.marker_n = f.sum_rc == DSP_OK ? f.sum.n : NAN;
		c.marker_h = f.sum_rc == DSP_OK ? f.sum.entropy : NAN;
		c.progress = (double)k / (double)(an->frames - 1);
		frame_label(an, &v->params, label, sizeof label);
		c.label = label;
		rc = dsp_gif_frame(gif, &c);
	}
	dsp_frame_figs_free(&f);
	return rc;
}

static int
run(struct dsp_opts *o, const struct animate *an, const char *dir)
{
	dsp_viewstate v;
	dsp_table *t;
	struct dsp_afset *set = NULL;
	FILE *gf = NULL, *tf;
	dsp_gif *gif = NULL;
	double lo, hi, x;
	uint64_t u;
	size_t k;
	int rc;

	dsp_view_default(&v);
	v.params = o->params;
	v.fig = an->figspec;
	dsp_param_sweep_range(an->vary, &lo, &hi);
	if ((t = make_table(o, an, lo, hi)) == NULL)
		return dsp_opts_core_fail(o, NULL, dsp_fail_nomem(NULL, 0));
	dsp_clear_error();
	/* The GIF grows frame by frame beside the frames' files; all are
	 * published together at the end. */
	if ((set = dsp_afset_alloc()) == NULL) {
		rc = DSP_ENOMEM;
		goto out;
	}
	dsp_afile_trap_signals();
	if ((rc = dsp_mkdir_p(dir)) != DSP_OK)
		goto out;
	if ((gf = out_open(set, dir, "animation.gif")) == NULL) {
		rc = DSP_EIO;
		goto out;
	}
	if ((gif = dsp_gif_begin(gf, ANIM_GIF_W, ANIM_GIF_H, (int)an->delay)) == NULL) {
		rc = DSP_EIO;
		goto out;
	}
	/* A frame is a snapshot's work: its curve's points (the core steps
	 * them) and a 1-cell map (dsp_frame_write). */
	u = dsp_view_units(&v, 1, 0) + 1;
	dsp_progress_begin("animate", "frames", an->frames * u);
	for (k = 0; k < an->frames && rc == DSP_OK; k++) {
		dsp_progress_at(k * u);
		x = dsp_param_sweep_value(an->vary, lo, hi, k, an->frames);
		if (an->vary->type == DSP_PT_SIZE)
			rc = dsp_param_set_uint(an->vary, &v.params, (uint64_t)x, NULL);
		else
			rc = dsp_param_set_real(an->vary, &v.params, x, NULL);
		if (rc == DSP_OK)
			rc = one_frame(an, set, dir, &v, k, x, t, gif);
		if (rc != DSP_OK) {
			char why[512];

			snprintf(why, sizeof why, "%s", dsp_last_error());
			dsp_fail(rc, "frame %zu of %llu (%s = %.17g): %s", k + 1,
			    (unsigned long long)an->frames, an->vary->name, x, why);
		}
	}
	dsp_progress_end();
	if (rc == DSP_OK) {
		rc = dsp_gif_end(gif);
		gif = NULL;
	}
	if (rc == DSP_OK && (tf = out_open(set, dir, "frames.csv")) == NULL)
		rc = DSP_EIO;
	else if (rc == DSP_OK)
		rc = dsp_table_write(t, tf, DSP_FMT_CSV);
	if (rc == DSP_OK)
		rc = dsp_afset_commit(set, stdout);
out:
	dsp_gif_end(gif);
	dsp_afset_free(set);
	dsp_table_free(t);
	if (rc != DSP_OK) {
		int st;

		fflush(stdout);
		st = dsp_opts_core_fail(o, NULL, rc);
		return st ? st : 1;
	}
	return 0;
}

static int
cmd_animate_exec(int argc, char **argv)
{
	struct animate an;
	struct dsp_opts_spec spec = {
		"disperse animate [--vary n|theta|delta] [--frames K] [--out DIR] [options]",
		"Play one parameter over its range as files for slides: per frame the\n"
		"weights and curve SVG (DIR/frame-NNNN-weights.svg, -curve.svg), one row\n"
		"of DIR/frames.csv (the value and the frame's figures) and one image of\n"
		"DIR/animation.gif (the entropy and max-weight curves with the frame's n\n"
		"marked); the paths are printed, one a line.\n",
		animate_opt, NULL, DSP_GIVEN_FORMAT | DSP_GIVEN_OUTPUT,
		animate_values,
		OPT_FIG0,	/* figures: the figure options */
		animate_rows,
		"The frames' figures take the figure options below, with svg and png\n"
		"formats (frame-NNNN-weights.png, ...; 120 PNG frames at 300 dpi take over\n"
		"a minute, --dpi 96 is plenty for slides); pdf is refused: a PDF a frame\n"
		"is no animation (disperse snapshot writes one view as PDF).\n"
	};
	struct dsp_opts o;
	char dir[4096];
	size_t len;
	int rc;

	memset(&an, 0, sizeof an);
	an.frames = 120;
	an.out = "disperse-animation";
	an.delay = 8;
	an.vary = dsp_param(DSP_P_N);
	spec.ctx = &an;
	an.fig.code0 = OPT_FIG0;
	dsp_opts_init(&o, "animate");
	if (dsp_opts_parse(&o, &spec, argc, argv) != 0) {
		rc = o.status;
		goto out;
	}
	if ((rc = dsp_figopts_spec(&an.fig, &o, &an.figspec)) != 0)
		goto out;
	if (an.figspec.formats & DSP_FIG_PDF) {
		rc = dsp_opts_usage(&o, "--figure-format: frames are svg or png, not pdf "
		    "(disperse snapshot writes one view as PDF)");
		goto out;
	}
	if (an.vary->id == DSP_P_N && o.params.family == DSP_FAM_FILE) {
		rc = dsp_opts_usage(&o, "--vary n needs a generated family: a file's "
		    "logits have one fixed n");
		goto out;
	}
	/* "out/" and "out" name the same place. */
	if ((len = strlen(an.out)) == 0 || len >= sizeof dir) {
		rc = dsp_opts_usage(&o, "--out: directory name empty or too long");
		goto out;
	}
	memcpy(dir, an.out, len + 1);
	while (len > 1 && dir[len - 1] == '/')
		dir[--len] = '\0';
	/* A killed run leaves no temporary file behind. */
	dsp_afile_trap_signals();
	rc = run(&o, &an, dir);
out:
	dsp_opts_free(&o);
	return rc;
}

const struct dsp_command cmd_animate = {
	"animate", "disperse animate [options]",
	"frames (SVG, CSV) and an animated GIF of n, theta or delta played over its range",
	cmd_animate_exec
};
