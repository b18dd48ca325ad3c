/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Max Retrieval model: forward and backward passes written for this one
 * model (see maxret.h for the equations), Adam, and evaluation. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "core/alloc.h"
#include "core/math/adaptive.h"
#include "core/math/bounds.h"
#include "core/error.h"
#include "core/train/maxret.h"
#include "core/train/maxret_int.h"
#include "core/math/softmax.h"

static const char *block_names[DSP_MAXRET_NBLOCKS] = {
	"W1", "b1", "W2", "b2", "q", "W3", "b3", "W4", "b4"
};

static void
block_shape(size_t C, size_t d, int b, size_t *rows, size_t *cols)
{
	size_t r = d, c = 1;

	switch (b) {
	case DSP_MAXRET_W1: c = 1 + C; break;
	case DSP_MAXRET_W2: case DSP_MAXRET_W3: c = d; break;
	case DSP_MAXRET_W4: r = C; c = d; break;
	case DSP_MAXRET_B4: r = C; break;
	default: break;
	}
	*rows = r;
	*cols = c;
}

static size_t
block_offset(size_t C, size_t d, int b)
{
	size_t off = 0, r, c;
	int i;

	for (i = 0; i < b; i++) {
		block_shape(C, d, i, &r, &c);
		off += r * c;
	}
	return off;
}

dsp_maxret *
dsp_maxret_alloc(size_t classes, size_t width)
{
	dsp_maxret *m;

	if (classes < 2 || classes > DSP_MAXRET_MAX_CLASSES || width < 1 ||
	    width > DSP_MAXRET_MAX_WIDTH) {
		dsp_fail(DSP_EINVAL, "classes must be in 2 .. %d and width in 1 .. %d",
		    DSP_MAXRET_MAX_CLASSES, DSP_MAXRET_MAX_WIDTH);
		return NULL;
	}
	if ((m = dsp_calloc(1, sizeof *m)) == NULL) {
		dsp_fail_nomem(NULL, 0);
		return NULL;
	}
	m->classes = classes;
	m->width = width;
	m->nparams = block_offset(classes, width, DSP_MAXRET_NBLOCKS);
	if ((m->w = dsp_calloc(m->nparams, sizeof *m->w)) == NULL) {
		free(m);
		dsp_fail_nomem(NULL, 0);
		return NULL;
	}
	return m;
}

void
dsp_maxret_free(dsp_maxret *m)
{
	if (m == NULL)
		return;
	free(m->w);
	free(m);
}

void
dsp_maxret_block(const dsp_maxret *m, int b, const char **name, size_t *rows,
    size_t *cols, double **w)
{
	size_t r, c;

	block_shape(m->classes, m->width, b, &r, &c);
	if (name != NULL)
		*name = block_names[b];
	if (rows != NULL)
		*rows = r;
	if (cols != NULL)
		*cols = c;
	if (w != NULL)
		*w = m->w + block_offset(m->classes, m->width, b);
}


void
maxret_split(const dsp_maxret *m, double *base, struct blocks *b)
{
	int i;

	for (i = 0; i < DSP_MAXRET_NBLOCKS; i++)
		b->p[i] = base + block_offset(m->classes, m->width, i);
}

int
dsp_maxret_init(dsp_maxret *m, uint64_t seed)
{
	gsl_rng *r;
	size_t i, rows, cols;
	double *w, sd;
	int b;

	if ((r = DSP_LIB_ALLOC(gsl_rng_alloc(gsl_rng_mt19937))) == NULL)
		return dsp_fail_nomem(NULL, 0);
	gsl_rng_set(r, (unsigned long)seed);
	for (b = 0; b < DSP_MAXRET_NBLOCKS; b++) {
		dsp_maxret_block(m, b, NULL, &rows, &cols, &w);
		if (b == DSP_MAXRET_B1 || b == DSP_MAXRET_B2 || b == DSP_MAXRET_B3 ||
		    b == DSP_MAXRET_B4) {
			memset(w, 0, rows * cols * sizeof *w);
			continue;
		}
		/* He scaling for the ReLU layers, 1/sqrt(fan-in) for the rest. */
		sd = (b == DSP_MAXRET_Q) ? 1 / sqrt((double)m->width) :
		    sqrt((b == DSP_MAXRET_W2 || b == DSP_MAXRET_W4 ? 2.0 : 1.0) /
		    (double)cols);
		for (i = 0; i < rows * cols; i++)
			w[i] = gsl_ran_gaussian(r, sd);
	}
	gsl_rng_free(r);
	return DSP_OK;
}

void
dsp_maxret_train_default(dsp_maxret_train_opts *o)
{
	o->train_n = 16;
	o->steps = 3000;
	o->batch = 32;
	o->lr = 3e-3;
	o->seed = 1;
}

static const dsp_maxret_preset presets[] = {
	{ "quick", 16, 10, 16, 3000, 32, 3e-3,
	    "train's default: a few CPU-seconds, for the tour" },
	{ "paper", 64, 10, 16, 20000, 128, 1e-3,
	    "the paper's description (sets of 16, MLP before and after one "
	    "head, trained to convergence); width, batch, rate and steps are "
	    "disperse's choices" },
};

const dsp_maxret_preset *
dsp_maxret_preset_at(size_t i)
{
	return i < sizeof presets / sizeof presets[0] ? &presets[i] : NULL;
}

const dsp_maxret_preset *
dsp_maxret_preset_find(const char *name)
{
	const dsp_maxret_preset *p;
	size_t i;

	for (i = 0; name != NULL && (p = dsp_maxret_preset_at(i)) != NULL; i++)
		if (strcmp(p->name, name) == 0)
			return p;
	return NULL;
}

void
dsp_maxret_draw(const gsl_rng *r, size_t classes, size_t n, double *x,
    int *cls)
{
	size_t i;

	for (i = 0; i < n; i++) {
		x[i] = gsl_rng_uniform(r);
		cls[i] = (int)gsl_rng_uniform_int(r, classes);
	}
}

size_t
maxret_argmax(const double *v, size_t n)
{
	size_t i, k = 0;

	for (i = 1; i < n; i++)
		if (v[i] > v[k])
			k = i;
	return k;
}


void
maxret_work_free(struct work *w)
{
	free(w->a1);
	free(w->z);
	free(w->e);
	free(w->alpha);
	free(w->y);
	free(w->da);
	memset(w, 0, sizeof *w);
}

int
maxret_work_alloc(struct work *w, size_t n, size_t d, size_t C)
{
	memset(w, 0, sizeof *w);
	w->n = n;
	w->a1 = dsp_malloc(n * d * sizeof *w->a1);
	w->z = dsp_malloc(n * d * sizeof *w->z);
	w->e = dsp_malloc(n * sizeof *w->e);
	w->alpha = dsp_malloc(n * sizeof *w->alpha);
	w->da = dsp_malloc(n * sizeof *w->da);
	w->y = dsp_malloc((7 * d + C) * sizeof *w->y);
	if (w->a1 == NULL || w->z == NULL || w->e == NULL || w->alpha == NULL ||
	    w->da == NULL || w->y == NULL) {
		maxret_work_free(w);
		return dsp_fail_nomem(NULL, 0);
	}
	w->a3 = w->y + d;
	w->h3 = w->a3 + d;
	w->dy = w->h3 + d;
	w->da3 = w->dy + d;
	w->dz = w->da3 + d;
	w->dh1 = w->dz + d;
	w->o = w->dh1 + d;
	return DSP_OK;
}

/* One item's embedding z (and layer-1 pre-activation a1) and its logit
 * e = q . z: the one place the attention score of an item is computed. */
static double
embed_item(const dsp_maxret *m, const struct blocks *P, double x, int cls,
    double *a1, double *z)
{
	size_t d = m->width, F = 1 + m->classes, j, k;
	const double *W1 = P->p[DSP_MAXRET_W1], *b1 = P->p[DSP_MAXRET_B1];
	const double *W2 = P->p[DSP_MAXRET_W2], *b2 = P->p[DSP_MAXRET_B2];
	const double *q = P->p[DSP_MAXRET_Q];
	double s, h[DSP_MAXRET_MAX_WIDTH];

	/* W1 f_i with a one-hot class: one column lookup. */
	for (j = 0; j < d; j++) {
		a1[j] = W1[j * F] * x + W1[j * F + 1 + (size_t)cls] + b1[j];
		h[j] = a1[j] > 0 ? a1[j] : 0;
	}
	s = 0;
	for (j = 0; j < d; j++) {
		double t = b2[j];
		const double *row = W2 + j * d;

		for (k = 0; k < d; k++)
			t += row[k] * h[k];
		z[j] = t;
		s += q[j] * t;
	}
	return s;
}

/* Embeddings z_i (and layer-1 pre-activations) and logits e_i. */
void
maxret_embed(const dsp_maxret *m, const struct blocks *P, const double *x,
    const int *cls, size_t n, struct work *w)
{
	size_t d = m->width, i;

	for (i = 0; i < n; i++)
		w->e[i] = embed_item(m, P, x[i], cls[i], w->a1 + i * d, w->z + i * d);
}

/* Readout MLP of w->y: fills a3, h3, o; returns the predicted class. */
static size_t
head(const dsp_maxret *m, const struct blocks *P, struct work *w)
{
	size_t d = m->width, C = m->classes, j, k;
	const double *W3 = P->p[DSP_MAXRET_W3], *b3 = P->p[DSP_MAXRET_B3];
	const double *W4 = P->p[DSP_MAXRET_W4], *b4 = P->p[DSP_MAXRET_B4];

	for (j = 0; j < d; j++) {
		double t = b3[j];

		for (k = 0; k < d; k++)
			t += W3[j * d + k] * w->y[k];
		w->a3[j] = t;
		w->h3[j] = t > 0 ? t : 0;
	}
	for (j = 0; j < C; j++) {
		double t = b4[j];

		for (k = 0; k < d; k++)
			t += W4[j * d + k] * w->h3[k];
		w->o[j] = t;
	}
	return maxret_argmax(w->o, C);
}

/* Readout of the attention-weighted embedding with weights alpha: fills
 * y, a3, h3, o; returns the predicted class. */
size_t
maxret_readout(const dsp_maxret *m, const struct blocks *P, const double *alpha,
    size_t n, struct work *w)
{
	size_t d = m->width, i, j;

	for (j = 0; j < d; j++)
		w->y[j] = 0;
	for (i = 0; i < n; i++)
		for (j = 0; j < d; j++)
			w->y[j] += alpha[i] * w->z[i * d + j];
	return head(m, P, w);
}

/* The readout's margin (Corollary B.1, disperse's operational form): the
 * least weight u on the maximum item `top` for which the readout of
 * u z_top + (1 - u) r still names its class t, where r is the rest of the
 * set averaged with the head's own weights renormalised.  u = alpha_top is
 * the head's actual output, so the set is answered right exactly when
 * alpha_top is above the margin if the answer is monotone in u, which the
 * bisection assumes.  0 when even u = 0 is right; 1 when u = 1 is wrong. */
double
maxret_margin(const dsp_maxret *m, const struct blocks *P, size_t n, size_t top,
    size_t t, struct work *w)
{
	size_t d = m->width, i, j, it;
	double rest = 0, lo = 0, hi = 1, u, *r = w->dz;
	const double *zt = w->z + top * d;

	if (n == 1)
		return 0;
	for (j = 0; j < d; j++)
		r[j] = 0;
	for (i = 0; i < n; i++)
		if (i != top)
			rest += w->alpha[i];
	for (i = 0; i < n; i++)
		if (i != top) {
			/* The others underflowed to 0: they count equally. */
			double a = rest > 0 ? w->alpha[i] / rest : 1 / (double)(n - 1);

			for (j = 0; j < d; j++)
				r[j] += a * w->z[i * d + j];
		}
#define MIX(u_) do { for (j = 0; j < d; j++) \
		w->y[j] = (u_) * zt[j] + (1 - (u_)) * r[j]; } while (0)
	MIX(0.0);
	if (head(m, P, w) == t)
		return 0;
	MIX(1.0);
	if (head(m, P, w) != t)
		return 1;
	for (it = 0; it < 40; it++) {
		u = (lo + hi) / 2;
		MIX(u);
		if (head(m, P, w) == t)
			hi = u;
		else
			lo = u;
	}
#undef MIX
	return hi;
}

/* Forward and (with G != NULL) backward pass of one set. */
static int
set_pass(const dsp_maxret *m, const struct blocks *P, const double *x,
    const int *cls, size_t n, struct work *w, double *loss, int *correct,
    const struct blocks *G)
{
	size_t d = m->width, C = m->classes, F = 1 + C, i, j, k, t, pred;
	double lse, dot, *po;
	int rc;

	maxret_embed(m, P, x, cls, n, w);
	if ((rc = dsp_softmax(w->e, n, 1.0, w->alpha)) != DSP_OK)
		return rc;
	pred = maxret_readout(m, P, w->alpha, n, w);
	t = (size_t)cls[maxret_argmax(x, n)];
	lse = dsp_logsumexp(w->o, C, 1.0);
	if (loss != NULL)
		*loss = lse - w->o[t];
	if (correct != NULL)
		*correct = pred == t;
	if (G == NULL)
		return DSP_OK;

	/* do = softmax(o) - onehot(t), kept in w->o. */
	po = w->o;
	for (j = 0; j < C; j++)
		po[j] = exp(po[j] - lse) - (j == t);
	{
		const double *W3 = P->p[DSP_MAXRET_W3], *W4 = P->p[DSP_MAXRET_W4];
		double *gW3 = G->p[DSP_MAXRET_W3], *gb3 = G->p[DSP_MAXRET_B3];
		double *gW4 = G->p[DSP_MAXRET_W4], *gb4 = G->p[DSP_MAXRET_B4];

		for (j = 0; j < d; j++)
			w->da3[j] = 0;
		for (j = 0; j < C; j++) {
			gb4[j] += po[j];
			for (k = 0; k < d; k++) {
				gW4[j * d + k] += po[j] * w->h3[k];
				w->da3[k] += W4[j * d + k] * po[j];
			}
		}
		for (k = 0; k < d; k++)
			if (w->a3[k] <= 0)
				w->da3[k] = 0;
		for (k = 0; k < d; k++)
			w->dy[k] = 0;
		for (j = 0; j < d; j++) {
			gb3[j] += w->da3[j];
			for (k = 0; k < d; k++) {
				gW3[j * d + k] += w->da3[j] * w->y[k];
				w->dy[k] += W3[j * d + k] * w->da3[j];
			}
		}
	}
	/* Attention: da_i = dy . z_i; de_i = a_i (da_i - sum_j a_j da_j). */
	dot = 0;
	for (i = 0; i < n; i++) {
		double s = 0;

		for (k = 0; k < d; k++)
			s += w->dy[k] * w->z[i * d + k];
		w->da[i] = s;
		dot += w->alpha[i] * s;
	}
	{
		const double *q = P->p[DSP_MAXRET_Q], *W2 = P->p[DSP_MAXRET_W2];
		double *gq = G->p[DSP_MAXRET_Q], *gW2 = G->p[DSP_MAXRET_W2];
		double *gb2 = G->p[DSP_MAXRET_B2], *gW1 = G->p[DSP_MAXRET_W1];
		double *gb1 = G->p[DSP_MAXRET_B1], de, *a1;

		for (i = 0; i < n; i++) {
			de = w->alpha[i] * (w->da[i] - dot);
			a1 = w->a1 + i * d;
			for (k = 0; k < d; k++) {
				gq[k] += de * w->z[i * d + k];
				w->dz[k] = w->alpha[i] * w->dy[k] + de * q[k];
				w->dh1[k] = 0;
			}
			for (j = 0; j < d; j++) {
				gb2[j] += w->dz[j];
				for (k = 0; k < d; k++) {
					double h = a1[k] > 0 ? a1[k] : 0;

					gW2[j * d + k] += w->dz[j] * h;
					w->dh1[k] += W2[j * d + k] * w->dz[j];
				}
			}
			for (k = 0; k < d; k++) {
				double g = a1[k] > 0 ? w->dh1[k] : 0;

				gb1[k] += g;
				gW1[k * F] += g * x[i];
				gW1[k * F + 1 + (size_t)cls[i]] += g;
			}
		}
	}
	return DSP_OK;
}

static int
check_set(const dsp_maxret *m, const int *cls, size_t n)
{
	size_t i;

	if (n == 0)
		return dsp_fail(DSP_EEMPTY, "a set needs at least one item");
	for (i = 0; i < n; i++)
		if (cls[i] < 0 || (size_t)cls[i] >= m->classes)
			return dsp_fail(DSP_EINVAL, "class %d out of 0 .. %zu", cls[i],
			    m->classes - 1);
	return DSP_OK;
}

int
dsp_maxret_set_loss(const dsp_maxret *m, const double *x, const int *cls,
    size_t n, double *loss, int *correct, double *grad)
{
	struct blocks P, G;
	struct work w;
	int rc;

	if ((rc = check_set(m, cls, n)) != DSP_OK)
		return rc;
	if ((rc = maxret_work_alloc(&w, n, m->width, m->classes)) != DSP_OK)
		return rc;
	maxret_split(m, m->w, &P);
	if (grad != NULL)
		maxret_split(m, grad, &G);
	rc = set_pass(m, &P, x, cls, n, &w, loss, correct, grad ? &G : NULL);
	maxret_work_free(&w);
	return rc;
}

int
dsp_maxret_logits(const dsp_maxret *m, const double *x, const int *cls,
    size_t n, double *out)
{
	struct blocks P;
	struct work w;
	int rc;

	if ((rc = check_set(m, cls, n)) != DSP_OK)
		return rc;
	if ((rc = maxret_work_alloc(&w, n, m->width, m->classes)) != DSP_OK)
		return rc;
	maxret_split(m, m->w, &P);
	maxret_embed(m, &P, x, cls, n, &w);
	memcpy(out, w.e, n * sizeof *out);
	maxret_work_free(&w);
	return DSP_OK;
}

double
dsp_maxret_item_logit(const dsp_maxret *m, double x, int cls)
{
	struct blocks P;
	double a1[DSP_MAXRET_MAX_WIDTH], z[DSP_MAXRET_MAX_WIDTH];

	maxret_split(m, m->w, &P);
	return embed_item(m, &P, x, cls, a1, z);
}

size_t
dsp_maxret_kinks(const dsp_maxret *m, int cls, double *out)
{
	size_t d = m->width, F = 1 + m->classes, j, k = 0;
	const double *W1, *b1;
	double a, c;

	dsp_maxret_block(m, DSP_MAXRET_W1, NULL, NULL, NULL, (double **)&W1);
	dsp_maxret_block(m, DSP_MAXRET_B1, NULL, NULL, NULL, (double **)&b1);
	/* Unit j's pre-activation a x + c changes sign at x = -c / a. */
	for (j = 0; j < d; j++) {
		a = W1[j * F];
		c = W1[j * F + 1 + (size_t)cls] + b1[j];
		if (a != 0 && -c / a > 0 && -c / a < 1)
			out[k++] = -c / a;
	}
	return k;
}

int
dsp_maxret_train(dsp_maxret *m, const dsp_maxret_train_opts *o, size_t every,
    dsp_maxret_progress_fn cb, void *ctx)
{
	const double b1 = 0.9, b2 = 0.999, eps = 1e-8;
	struct blocks P, G;
	struct work w;
	gsl_rng *r = NULL;
	double *g = NULL, *mom = NULL, *vel = NULL, *x = NULL;
	double loss, sum_loss = 0, lr, c1, c2;
	size_t step, s, i, np = m->nparams, seen = 0, hits = 0;
	int *cls = NULL, ok, rc;

	if (o->train_n < 1 || o->train_n > (1u << 20) || o->batch < 1 ||
	    o->batch > (1u << 20) || o->steps < 1 || !(o->lr > 0) || !isfinite(o->lr))
		return dsp_fail(DSP_EINVAL, "training needs train_n in 1 .. 2^20, "
		    "batch in 1 .. 2^20, steps >= 1 and a finite lr > 0");
	if ((rc = dsp_maxret_init(m, o->seed)) != DSP_OK)
		return rc;
	if ((rc = maxret_work_alloc(&w, o->train_n, m->width, m->classes)) != DSP_OK)
		return rc;
	g = dsp_calloc(np, sizeof *g);
	mom = dsp_calloc(np, sizeof *mom);
	vel = dsp_calloc(np, sizeof *vel);
	x = dsp_malloc(o->train_n * sizeof *x);
	cls = dsp_malloc(o->train_n * sizeof *cls);
	r = DSP_LIB_ALLOC(gsl_rng_alloc(gsl_rng_mt19937));
	if (g == NULL || mom == NULL || vel == NULL || x == NULL || cls == NULL ||
	    r == NULL) {
		rc = dsp_fail_nomem(NULL, 0);
		goto out;
	}
	/* The training sets come from a stream apart from the initialisation
	 * and from every evaluation set (those hash seed, n and index). */
	gsl_rng_set(r, (unsigned long)(o->seed ^ 0x5bd1e995u));
	maxret_split(m, m->w, &P);
	maxret_split(m, g, &G);
	if (every == 0)
		every = o->steps;
	for (step = 1; step <= o->steps; step++) {
		memset(g, 0, np * sizeof *g);
		for (s = 0; s < o->batch; s++) {
			dsp_maxret_draw(r, m->classes, o->train_n, x, cls);
			if ((rc = set_pass(m, &P, x, cls, o->train_n, &w, &loss, &ok,
			    &G)) != DSP_OK)
				goto out;
			sum_loss += loss;
			hits += (size_t)ok;
			seen++;
		}
		/* Adam on the batch mean; the step size decays linearly to a
		 * tenth so the attention can sharpen late in training. */
		lr = o->lr * (1 - 0.9 * (double)(step - 1) / (double)o->steps);
		c1 = 1 - pow(b1, (double)step);
		c2 = 1 - pow(b2, (double)step);
		for (i = 0; i < np; i++) {
			double gi = g[i] / (double)o->batch;

			mom[i] = b1 * mom[i] + (1 - b1) * gi;
			vel[i] = b2 * vel[i] + (1 - b2) * gi * gi;
			m->w[i] -= lr * (mom[i] / c1) / (sqrt(vel[i] / c2) + eps);
		}
		if (step % every == 0 || step == o->steps) {
			dsp_maxret_progress p = { step, o->steps, sum_loss / (double)seen,
				(double)hits / (double)seen };

			sum_loss = 0;
			hits = seen = 0;
			if (!isfinite(p.loss)) {
				rc = dsp_fail(DSP_ERANGE, "training diverged at step %zu "
				    "(loss %g): try a smaller lr", step, p.loss);
				goto out;
			}
			if (cb != NULL && cb(&p, ctx) != 0)
				break;
		}
	}
	rc = DSP_OK;
out:
	gsl_rng_free(r);
	maxret_work_free(&w);
	free(g);
	free(mom);
	free(vel);
	free(x);
	free(cls);
	return rc;
}
