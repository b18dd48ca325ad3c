/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Snapshot sets: the set writer.  It checks the view, has the set's
 * figures computed once (snap_compute.c), names the set so that it never
 * collides and publishes each format's file (snap_txt.c, snap_json.c,
 * snap_csv.c, snap_svg.c) atomically.  The loader is snapshot_load.c. */
#include "config.h"

#include <sys/stat.h>

#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/error.h"
#include "core/math/map.h"
#include "core/schema/params.h"
#include "core/schema/ptable.h"
#include "export/atomic.h"
#include "export/render.h"
#include "export/snap_int.h"
#include "export/snapshot.h"

#define SNAP_DEFAULT_DIR	"./disperse-snapshots"
#define SNAP_MAX_COUNTER	1000000

typedef int (*writer_fn)(const struct snap *, FILE *);

/* The files of a set in writing order; the first one claims the set's
 * name.  A figure is one writer (its SVG) and up to three files: the
 * view's figure formats pick which (PDF and PNG rendered from the SVG). */
static const struct sfile {
	const char	*suffix;
	writer_fn	 fn;
	unsigned	 fmt;		/* 0: not a figure */
} sfiles[] = {
	{ ".txt", snap_write_txt, 0 },
	{ ".json", snap_write_json, 0 },
	{ "-weights.csv", snap_write_weights_csv, 0 },
	{ "-curve.csv", snap_write_curve_csv, 0 },
	{ "-map.csv", snap_write_map_csv, 0 },
	{ "-hist.svg", snap_write_hist_svg, DSP_FIG_SVG },
	{ "-curve.svg", snap_write_curve_svg, DSP_FIG_SVG },
	{ "-map.svg", snap_write_map_svg, DSP_FIG_SVG },
	{ "-hist.pdf", snap_write_hist_svg, DSP_FIG_PDF },
	{ "-curve.pdf", snap_write_curve_svg, DSP_FIG_PDF },
	{ "-map.pdf", snap_write_map_svg, DSP_FIG_PDF },
	{ "-hist.png", snap_write_hist_svg, DSP_FIG_PNG },
	{ "-curve.png", snap_write_curve_svg, DSP_FIG_PNG },
	{ "-map.png", snap_write_map_svg, DSP_FIG_PNG },
	/* Only with a screen (dsp_snapshot_write_screen). */
	{ "-screen.svg", snap_write_screen_svg, DSP_FIG_SVG },
	{ "-screen.pdf", snap_write_screen_svg, DSP_FIG_PDF },
	{ "-screen.png", snap_write_screen_svg, DSP_FIG_PNG },
};
#define F_COUNT	((int)(sizeof sfiles / sizeof sfiles[0]))
#define F_TXT	0

/* ---- publication ---- */

struct figctx {
	writer_fn		 fn;
	const struct snap	*s;
};

static int
figure_svg(const void *ctx, FILE *fp)
{
	const struct figctx *c = ctx;

	return c->fn(c->s, fp);
}

static int
write_file(const struct snap *s, int f, FILE *fp)
{
	struct figctx c = { sfiles[f].fn, s };

	if (sfiles[f].fmt == 0 || sfiles[f].fmt == DSP_FIG_SVG)
		return sfiles[f].fn(s, fp);
	return dsp_render_figure(figure_svg, &c, sfiles[f].fmt, s->v->fig.dpi, fp);
}

/* SOURCE_DATE_EPOCH (reproducible builds convention) fixes the clock. */
static time_t
snapshot_time(time_t *now)
{
	const char *e = getenv("SOURCE_DATE_EPOCH");
	char *end;
	long long t;

	*now = time(NULL);
	if (e == NULL || *e == '\0')
		return DSP_OK;
	errno = 0;
	t = strtoll(e, &end, 10);
	/* Up to the end of year 9999: four-digit years in the names; past
	 * that gmtime left the name to uninitialised memory (issue 16). */
	if (errno != 0 || *end != '\0' || t < 0 || t > 253402300799LL)
		return dsp_fail(DSP_EINVAL, "SOURCE_DATE_EPOCH: '%.40s' is not a time in "
		    "seconds from 0 to 253402300799 (year 9999)", e);
	*now = (time_t)t;
	return DSP_OK;
}

static int
any_exists(const char *dir, const char *base)
{
	char path[8192];
	struct stat st;
	int f;

	for (f = 0; f < F_COUNT; f++) {
		snprintf(path, sizeof path, "%s/%s%s", dir, base, sfiles[f].suffix);
		if (lstat(path, &st) == 0)
			return 1;
	}
	return 0;
}

static void
record(dsp_snapshot_files *out, const char *dir, const char *name)
{
	if (out == NULL || out->count >= DSP_SNAPSHOT_MAX_FILES)
		return;
	snprintf(out->path[out->count++], sizeof out->path[0], "%s/%s", dir, name);
}

/* Write file f into a temporary file and publish it.  The first file
 * claims the set's name: the counter goes up until no file of the set
 * exists and the exclusive link succeeds. */
static int
publish(struct snap *s, const char *dir, int f, const char *stamp,
    unsigned *counter)
{
	char fname[256];
	dsp_afile a;
	int rc;

	for (;;) {
		/* The first file claims the name; it also prints it, so it is
		 * rewritten for every candidate. */
		if (f == F_TXT) {
			while (*counter < SNAP_MAX_COUNTER) {
				snprintf(s->name, sizeof s->name, "%s-%03u", stamp, *counter);
				if (!any_exists(dir, s->name))
					break;
				(*counter)++;
			}
			if (*counter >= SNAP_MAX_COUNTER)
				return dsp_fail(DSP_EIO, "cannot write in %s: no free "
				    "snapshot name for %s", dir, stamp);
		}
		snprintf(fname, sizeof fname, "%s%s", s->name, sfiles[f].suffix);
		if ((rc = dsp_afile_open(&a, dir)) != DSP_OK)
			return rc;
		errno = 0;
		rc = write_file(s, f, a.fp);
		if (ferror(a.fp))
			rc = DSP_EIO;
		if (rc != DSP_OK) {
			int e = errno;

			dsp_afile_abort(&a);
			if (rc == DSP_EIO)
				return dsp_fail(DSP_EIO, "cannot write %s/%s: %s", dir,
				    fname, strerror(e ? e : EIO));
			return rc;
		}
		rc = dsp_afile_commit(&a, fname, 1);
		if (rc == DSP_AFILE_EXISTS) {
			dsp_afile_abort(&a);
			if (f == F_TXT) {
				(*counter)++;
				continue;
			}
			return dsp_fail(DSP_EIO, "cannot write %s/%s: %s", dir, fname,
			    strerror(EEXIST));
		}
		return rc;
	}
}

/* A set is written whole or not at all: when file f failed, remove the
 * files of the set published before it.  They were created under a name
 * no file had (exclusive links), so nothing of anyone else's is lost. */
static void
unpublish(const char *dir, const char *name, int f, unsigned formats,
    dsp_snapshot_files *written)
{
	char path[8192];
	int g;

	for (g = 0; g < f; g++) {
		if (sfiles[g].fmt != 0 && !(formats & sfiles[g].fmt))
			continue;
		snprintf(path, sizeof path, "%s/%s%s", dir, name, sfiles[g].suffix);
		(void)unlink(path);
	}
	if (written != NULL)
		written->count = 0;
}

int
dsp_snapshot_write(const dsp_viewstate *v, const char *screen_text,
    const char *dir, dsp_snapshot_files *written)
{
	return dsp_snapshot_write_screen(v, screen_text, NULL, dir, written);
}

int
dsp_snapshot_write_screen(const dsp_viewstate *v, const char *screen_text,
    const struct dsp_screen *scr, const char *dir, dsp_snapshot_files *written)
{
	static char last_stamp[64];
	static unsigned last_counter;
	struct snap s;
	char stamp[64], fname[256];
	locale_t cloc, old = (locale_t)0;
	struct tm tm;
	time_t now;
	unsigned counter = 0;
	char clean[4096];
	size_t k;
	struct stat st;
	int rc, f, made;

	if (written != NULL)
		written->count = 0;
	if (v == NULL)
		return dsp_fail(DSP_EINVAL, "no view to snapshot");
	if ((rc = dsp_params_check(&v->params)) != DSP_OK ||
	    (rc = dsp_view_check(v)) != DSP_OK)
		return rc;
	if (dir == NULL || *dir == '\0')
		dir = SNAP_DEFAULT_DIR;
	/* "out/" and "out" name the same place: no "out//name" in messages. */
	if (strlen(dir) >= sizeof clean)
		return dsp_fail(DSP_EINVAL, "snapshot directory name too long");
	strcpy(clean, dir);
	for (k = strlen(clean); k > 1 && clean[k - 1] == '/'; k--)
		clean[k - 1] = '\0';
	dir = clean;
	/* A set written whole or not at all leaves no directory it made
	 * either (rmdir below: only when still empty). */
	made = stat(dir, &st) != 0;
	if ((rc = dsp_mkdir_p(dir)) != DSP_OK)
		return rc;
	if (access(dir, W_OK | X_OK) != 0)
		return dsp_fail(DSP_EIO, "cannot write in %s: %s", dir, strerror(errno));
	dsp_afile_sweep(dir);
	memset(&s, 0, sizeof s);
	s.v = v;
	s.p = v->params;
	s.screen = screen_text;
	s.scr = scr;
	if ((rc = snapshot_time(&now)) != DSP_OK)
		return rc;
	if (gmtime_r(&now, &tm) == NULL)
		return dsp_fail(DSP_EINVAL, "the clock is out of range");
	strftime(s.created, sizeof s.created, "%Y-%m-%dT%H:%M:%SZ", &tm);
	if (localtime_r(&now, &tm) == NULL)
		return dsp_fail(DSP_EINVAL, "the clock is out of range");
	strftime(stamp, sizeof stamp, "disperse-%Y%m%d-%H%M%S", &tm);
	/* Several snapshots in one second: start after this process's last. */
	if (strcmp(stamp, last_stamp) == 0)
		counter = last_counter + 1;
	/* Numbers in files are C-locale whatever LC_NUMERIC the TUI set. */
	if ((cloc = newlocale(LC_ALL_MASK, "C", (locale_t)0)) != (locale_t)0)
		old = uselocale(cloc);
	if ((rc = snap_compute(&s)) != DSP_OK || (rc = snap_json_fits(&s)) != DSP_OK)
		goto out;
	for (f = 0; f < F_COUNT; f++) {
		if (sfiles[f].fmt != 0 && !(v->fig.formats & sfiles[f].fmt))
			continue;
		if (sfiles[f].fn == snap_write_screen_svg && scr == NULL)
			continue;
		if ((rc = publish(&s, dir, f, stamp, &counter)) != DSP_OK) {
			unpublish(dir, s.name, f, v->fig.formats, written);
			break;
		}
		snprintf(fname, sizeof fname, "%s%s", s.name, sfiles[f].suffix);
		record(written, dir, fname);
		if (f == F_TXT) {
			snprintf(last_stamp, sizeof last_stamp, "%s", stamp);
			last_counter = counter;
		}
	}
out:
	if (cloc != (locale_t)0) {
		uselocale(old);
		freelocale(cloc);
	}
	snap_free(&s);
	if (rc != DSP_OK && made)
		(void)rmdir(dir);
	return rc;
}

static unsigned
figure_bit(writer_fn fn)
{
	if (fn == snap_write_hist_svg)
		return DSP_SNAP_FIG_HIST;
	if (fn == snap_write_curve_svg)
		return DSP_SNAP_FIG_CURVE;
	if (fn == snap_write_map_svg)
		return DSP_SNAP_FIG_MAP;
	return 0;
}

int
dsp_snapshot_figures(const dsp_viewstate *v, const char *dir, const char *base,
    unsigned which, dsp_snapshot_files *written)
{
	struct snap s;
	char fname[512];
	locale_t cloc, old = (locale_t)0;
	dsp_afile a;
	int rc, f, e;

	if (written != NULL)
		written->count = 0;
	if (v == NULL || dir == NULL || base == NULL || strlen(base) > 200)
		return dsp_fail(DSP_EINVAL, "no view or no figure name");
	if ((rc = dsp_params_check(&v->params)) != DSP_OK ||
	    (rc = dsp_view_check(v)) != DSP_OK)
		return rc;
	if ((rc = dsp_mkdir_p(dir)) != DSP_OK)
		return rc;
	memset(&s, 0, sizeof s);
	s.v = v;
	s.p = v->params;
	snprintf(s.name, sizeof s.name, "%s", base);
	if ((cloc = newlocale(LC_ALL_MASK, "C", (locale_t)0)) != (locale_t)0)
		old = uselocale(cloc);
	if ((rc = snap_compute(&s)) != DSP_OK)
		goto out;
	for (f = 0; f < F_COUNT; f++) {
		if (sfiles[f].fmt == 0 || !(v->fig.formats & sfiles[f].fmt) ||
		    !(figure_bit(sfiles[f].fn) & which))
			continue;
		snprintf(fname, sizeof fname, "%s%s", base, sfiles[f].suffix);
		if ((rc = dsp_afile_open(&a, dir)) != DSP_OK)
			break;
		errno = 0;
		rc = write_file(&s, f, a.fp);
		if (ferror(a.fp))
			rc = DSP_EIO;
		if (rc != DSP_OK) {
			e = errno;
			dsp_afile_abort(&a);
			if (rc == DSP_EIO)
				rc = dsp_fail(DSP_EIO, "cannot write %s/%s: %s", dir,
				    fname, strerror(e ? e : EIO));
			break;
		}
		if ((rc = dsp_afile_commit(&a, fname, 0)) != DSP_OK)
			break;
		record(written, dir, fname);
	}
out:
	if (cloc != (locale_t)0) {
		uselocale(old);
		freelocale(cloc);
	}
	snap_free(&s);
	return rc;
}
