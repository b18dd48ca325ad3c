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
#include "core/map.h"
#include "core/params.h"
#include "core/ptable.h"
#include "export/atomic.h"
#include "export/snap_int.h"
#include "export/snapshot.h"

#define SNAP_DEFAULT_DIR	"./disperse-snapshots"
#define SNAP_MAX_COUNTER	1000000

/* Suffixes in writing order; the first one claims the set's name. */
enum {
	F_TXT, F_JSON, F_WEIGHTS, F_CURVE, F_MAP, F_HIST_SVG, F_CURVE_SVG,
	F_MAP_SVG, F_COUNT
};
static const char *suffix[F_COUNT] = {
	".txt", ".json", "-weights.csv", "-curve.csv", "-map.csv", "-hist.svg",
	"-curve.svg", "-map.svg"
};

/* ---- publication ---- */

typedef int (*writer_fn)(const struct snap *, FILE *);

static const writer_fn writers[F_COUNT] = {
	snap_write_txt, snap_write_json, snap_write_weights_csv, snap_write_curve_csv, snap_write_map_csv,
	snap_write_hist_svg, snap_write_curve_svg, snap_write_map_svg
};

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
		snprintf(path, sizeof path, "%s/%s%s", dir, base, suffix[f]);
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
		snprintf(fname, sizeof fname, "%s%s", s->name, suffix[f]);
		if ((rc = dsp_afile_open(&a, dir)) != DSP_OK)
			return rc;
		errno = 0;
		rc = writers[f](s, a.fp);
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

int
dsp_snapshot_write(const dsp_viewstate *v, const char *screen_text,
    const char *dir, dsp_snapshot_files *written)
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
	int rc, f;

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
	if ((rc = dsp_mkdir_p(dir)) != DSP_OK)
		return rc;
	if (access(dir, W_OK | X_OK) != 0)
		return dsp_fail(DSP_EIO, "cannot write in %s: %s", dir, strerror(errno));
	dsp_afile_sweep(dir);
	memset(&s, 0, sizeof s);
	s.v = v;
	s.p = v->params;
	s.screen = screen_text;
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
		if ((rc = publish(&s, dir, f, stamp, &counter)) != DSP_OK)
			break;
		snprintf(fname, sizeof fname, "%s%s", s.name, suffix[f]);
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
	return rc;
}
