/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Export layer units beside test-svg: atomic publication (exclusive
 * names, no clobbering, clean failure), UTF-8-safe SVG escaping, and the
 * snapshot API restoring a view state field by field. */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/dsp.h"
#include "export/atomic.h"
#include "export/snapshot.h"
#include "export/svg.h"
#include "export/viridis.h"
#include "tap.h"

static char tmpdir[256];

static size_t
count_entries(const char *dir, const char *prefix)
{
	struct dirent *e;
	size_t n = 0;
	DIR *d;

	if ((d = opendir(dir)) == NULL)
		return (size_t)-1;
	while ((e = readdir(d)) != NULL)
		if (strncmp(e->d_name, prefix, strlen(prefix)) == 0 &&
		    strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			n++;
	closedir(d);
	return n;
}

static void
test_escape_utf8(void)
{
	char out[16];

	/* "θθθθθθθ" is 14 bytes: a 10-byte buffer keeps whole characters. */
	dsp_svg_escape("\xce\xb8\xce\xb8\xce\xb8\xce\xb8\xce\xb8\xce\xb8\xce\xb8", out, 10);
	is_int((long long)strlen(out), 8, "escape truncates between UTF-8 characters");
	dsp_svg_escape("\xe2\x88\x92x", out, 3);
	is_int((long long)strlen(out), 0, "a 3-byte character does not fit in 2 bytes");
	dsp_svg_escape("a\xe2\x88\x92", out, sizeof out);
	ok(strcmp(out, "a\xe2\x88\x92") == 0, "UTF-8 passes through unchanged");
}

static int
write_afile(const char *dir, const char *name, const char *text, int excl)
{
	dsp_afile a;
	int rc;

	if ((rc = dsp_afile_open(&a, dir)) != DSP_OK)
		return rc;
	fputs(text, a.fp);
	rc = dsp_afile_commit(&a, name, excl);
	if (rc == DSP_AFILE_EXISTS)
		dsp_afile_abort(&a);
	return rc;
}

static void
test_atomic(void)
{
	char dir[512], path[600], buf[64];
	FILE *fp;
	struct stat st;

	snprintf(dir, sizeof dir, "%s/a/b/c", tmpdir);
	is_int(dsp_mkdir_p(dir), DSP_OK, "mkdir -p a/b/c");
	ok(stat(dir, &st) == 0 && S_ISDIR(st.st_mode), "a/b/c is a directory");
	is_int(dsp_mkdir_p(dir), DSP_OK, "mkdir -p of an existing directory");
	is_int(write_afile(dir, "x.txt", "first\n", 1), DSP_OK, "exclusive commit");
	is_int(write_afile(dir, "x.txt", "second\n", 1), DSP_AFILE_EXISTS,
	    "second exclusive commit of the same name: EXISTS");
	snprintf(path, sizeof path, "%s/x.txt", dir);
	buf[0] = '\0';
	if ((fp = fopen(path, "r")) != NULL) {
		if (fgets(buf, sizeof buf, fp) == NULL)
			buf[0] = '\0';
		fclose(fp);
	}
	ok(strcmp(buf, "first\n") == 0, "the first file is not clobbered");
	is_int(write_afile(dir, "x.txt", "third\n", 0), DSP_OK,
	    "non-exclusive commit replaces");
	is_int((long long)count_entries(dir, ".disperse"), 0,
	    "no temporary files remain");
	/* A directory in the way of the final name: the commit fails, names
	 * the file, and removes its temporary. */
	snprintf(path, sizeof path, "%s/sub", dir);
	mkdir(path, 0777);
	snprintf(path, sizeof path, "%s/sub/inner", dir);
	mkdir(path, 0777);
	dsp_clear_error();
	ok(write_afile(dir, "sub", "x\n", 0) == DSP_EIO &&
	    strstr(dsp_last_error(), "sub") != NULL,
	    "rename over a non-empty directory fails naming it: %s", dsp_last_error());
	is_int((long long)count_entries(dir, ".disperse"), 0,
	    "failed commit leaves no temporary file");
	snprintf(path, sizeof path, "%s/x.txt/y", dir);
	ok(dsp_mkdir_p(path) == DSP_EIO && strstr(dsp_last_error(),
	    strerror(ENOTDIR)) != NULL, "mkdir -p under a file: %s", dsp_last_error());
}

static void
test_snapshot(void)
{
	dsp_snapshot_files files;
	dsp_viewstate v, w;
	double *logits = NULL;
	double in[3] = { 0.25, -1.5, 3 };
	char dir[512], path[600];
	FILE *fp;
	size_t i;

	dsp_view_default(&v);
	ok(v.params.n == 16 && v.map.cols == 161 && v.map.rows == 101 &&
	    v.curve_lo == 1 && v.curve_hi == 1099511627776.0 &&
	    v.curve_points == 256 && v.compare_mask == 1u << DSP_ATTN_SOFTMAX &&
	    v.overlays == 0 && v.npins == 0 && v.curve_mode == DSP_CURVE_BOTH,
	    "view defaults as documented (core/schema/view.h: map 161 x 101, no pins)");

	/* Every field off its default, then through write and load. */
	v.params.family = DSP_FAM_UNIFORM;
	v.params.n = 777;
	v.params.delta = 0.1 + 0.2;
	v.params.theta = 1.0 / 3;
	v.params.lambda = 0.9;
	v.params.eps = 0.05;
	v.params.seed = UINT64_MAX;
	v.params.topk = 3;
	v.params.attn = DSP_ATTN_LOGN;
	v.params.ssmax_s = 0.7;
	v.params.alpha = 1.25;
	v.map.theta_lo = -1.5;
	v.map.theta_hi = 2.5;
	v.map.lambda_lo = 0.125;
	v.map.lambda_hi = 0.875;
	v.map.cols = 7;
	v.map.rows = 5;
	v.map.metric = DSP_METRIC_ENTROPY_NORM;
	v.map_row = 4;
	v.map_col = 6;
	v.curve_lo = 3;
	v.curve_hi = 3000;
	v.curve_points = 9;
	v.focus = 2;
	v.hist_mode = 1;
	v.compare_mask = (1u << DSP_ATTN_SOFTMAX) | (1u << DSP_ATTN_ENTMAX);
	snprintf(dir, sizeof dir, "%s/snap", tmpdir);
	is_int(dsp_snapshot_write(&v, "screen\n", dir, &files), DSP_OK,
	    "snapshot write");
	is_int((long long)files.count, 8, "eight files");
	for (i = 0; i < files.count; i++)
		if (strstr(files.path[i], ".json") != NULL)
			break;
	ok(i < files.count, "the set has a JSON");
	dsp_view_default(&w);
	is_int(dsp_snapshot_load(files.path[i < files.count ? i : 0], &w, &logits),
	    DSP_OK, "load it back");
	ok(logits == NULL, "no logits for the uniform family");
	ok(w.params.family == v.params.family && w.params.n == v.params.n &&
	    w.params.delta == v.params.delta && w.params.theta == v.params.theta &&
	    w.params.lambda == v.params.lambda && w.params.eps == v.params.eps &&
	    w.params.seed == v.params.seed && w.params.topk == v.params.topk &&
	    w.params.attn == v.params.attn && w.params.ssmax_s == v.params.ssmax_s &&
	    w.params.alpha == v.params.alpha && w.params.adaptive == v.params.adaptive &&
	    w.params.precision == v.params.precision,
	    "every parameter restored bit for bit (seed 2^64-1, 0.1+0.2, 1/3)");
	is_rel(w.params.delta, 0.1 + 0.2, 0, "delta 0.1 + 0.2 exact");
	is_close(w.params.theta, 1.0 / 3, 0, "theta 1/3 exact");
	ok(memcmp(&w.map, &v.map, sizeof v.map) == 0, "map spec restored");
	ok(w.map_row == 4 && w.map_col == 6 && w.curve_lo == 3 &&
	    w.curve_hi == 3000 && w.curve_points == 9 && w.focus == 2 &&
	    w.hist_mode == 1 && w.compare_mask == v.compare_mask,
	    "cursor, curve range, focus, hist mode, compare mask restored");
	if ((fp = fopen(files.path[0], "r")) != NULL) {
		char line[64] = "";

		if (fgets(line, sizeof line, fp) == NULL)
			line[0] = '\0';
		fclose(fp);
		ok(strcmp(line, "screen\n") == 0, "the .txt is the screen text");
	} else
		ok(0, "the .txt is the screen text");

	/* File family: the logits come back malloc'd and in use. */
	dsp_view_default(&v);
	v.params.family = DSP_FAM_FILE;
	v.params.logits = in;
	v.params.n_logits = 3;
	v.params.n = 3;
	is_int(dsp_snapshot_write(&v, NULL, dir, &files), DSP_OK,
	    "file-family snapshot");
	for (i = 0; i < files.count; i++)
		if (strstr(files.path[i], ".json") != NULL)
			break;
	dsp_view_default(&w);
	is_int(dsp_snapshot_load(files.path[i < files.count ? i : 0], &w, &logits),
	    DSP_OK, "file-family load");
	ok(logits != NULL && w.params.logits == logits && w.params.n_logits == 3 &&
	    logits[0] == 0.25 && logits[1] == -1.5 && logits[2] == 3,
	    "logits restored and pointed at");
	free(logits);

	/* Errors: the field is named, the code is DSP_EPARSE. */
	snprintf(path, sizeof path, "%s/bad.json", tmpdir);
	if ((fp = fopen(path, "w")) != NULL) {
		fputs("{\"format\": \"disperse-snapshot\", \"format_version\": 1, \"params\": {}, "
		    "\"view\": {\"map\": {\"metric\": \"loudness\"}}}", fp);
		fclose(fp);
	}
	dsp_view_default(&w);
	logits = NULL;
	ok(dsp_snapshot_load(path, &w, &logits) == DSP_EPARSE &&
	    strstr(dsp_last_error(), "metric") != NULL,
	    "unknown metric: EPARSE naming the field: %s", dsp_last_error());
	ok(w.map.metric == DSP_METRIC_ENTROPY && logits == NULL,
	    "a failed load leaves the view untouched");
	if ((fp = fopen(path, "w")) != NULL) {
		fputs("{\"format\": \"disperse-snapshot\", \"format_version\": 1, "
		    "\"params\": {\"seed\": -4}}", fp);
		fclose(fp);
	}
	ok(dsp_snapshot_load(path, &w, &logits) == DSP_EPARSE &&
	    strstr(dsp_last_error(), "seed") != NULL,
	    "negative seed: EPARSE naming the field: %s", dsp_last_error());
	if ((fp = fopen(path, "w")) != NULL) {
		fputs("[1, 2]", fp);
		fclose(fp);
	}
	ok(dsp_snapshot_load(path, &w, &logits) == DSP_EPARSE,
	    "a top-level array is not a snapshot: %s", dsp_last_error());

	/* A regular file where the directory should be: nothing written. */
	snprintf(path, sizeof path, "%s/plain", tmpdir);
	if ((fp = fopen(path, "w")) != NULL)
		fclose(fp);
	snprintf(dir, sizeof dir, "%s/plain/deeper", tmpdir);
	dsp_view_default(&v);
	ok(dsp_snapshot_write(&v, NULL, dir, &files) != DSP_OK && files.count == 0,
	    "write under a regular file fails with nothing listed: %s",
	    dsp_last_error());
}

int
main(void)
{
	const char *t = getenv("TMPDIR");

	dsp_gsl_init();
	snprintf(tmpdir, sizeof tmpdir, "%s/dsp-export-XXXXXX", t ? t : "/tmp");
	if (mkdtemp(tmpdir) == NULL) {
		printf("1..0 # SKIP cannot create a temporary directory\n");
		return 0;
	}
	test_escape_utf8();
	test_atomic();
	test_snapshot();
	{
		char cmd[400];

		snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
		if (system(cmd) != 0)
			diag("could not remove %s", tmpdir);
	}
	return tap_done();
}
