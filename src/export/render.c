/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PDF and PNG from SVG (render.h).  librsvg (and with it cairo and glib)
 * is loaded on first use with dlopen: linked into the program it costs
 * every start of every command 14 ms and 9 MB of resident pages (58
 * shared libraries) that only a figure export needs.  configure checks
 * that the library and its headers are installed. */
#include "config.h"

#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#include <cairo-pdf.h>
#include <librsvg/rsvg.h>

#include "core/error.h"
#include "core/job.h"
#include "export/render.h"

/* The functions used, resolved from the library on first use. */
#define RENDER_FUNCS(X) \
	X(rsvg_handle_new_from_data) X(rsvg_handle_set_dpi) \
	X(rsvg_handle_get_intrinsic_size_in_pixels) X(rsvg_handle_render_document) \
	X(g_object_unref) X(g_error_free) \
	X(cairo_pdf_surface_create_for_stream) X(cairo_pdf_surface_set_metadata) \
	X(cairo_image_surface_create) X(cairo_surface_status) X(cairo_status_to_string) \
	X(cairo_create) X(cairo_set_source_rgb) X(cairo_paint) X(cairo_scale) \
	X(cairo_status) X(cairo_destroy) X(cairo_surface_flush) \
	X(cairo_surface_write_to_png_stream) X(cairo_surface_finish) \
	X(cairo_surface_destroy)

#define DECLARE(f)	static __typeof__(&f) p_##f;
RENDER_FUNCS(DECLARE)
#undef DECLARE

static int
load_librsvg(void)
{
	static int state;	/* 0 not tried, 1 loaded, -1 failed */
	static char why[256];
	void *h;
	void *sym;

	if (state == 0) {
		state = -1;
		if ((h = dlopen(DSP_LIBRSVG_SONAME, RTLD_NOW | RTLD_LOCAL)) == NULL)
			snprintf(why, sizeof why, "%s", dlerror());
#define RESOLVE(f) \
		if (h != NULL && why[0] == '\0') { \
			if ((sym = dlsym(h, #f)) == NULL) \
				snprintf(why, sizeof why, "%s has no %s", \
				    DSP_LIBRSVG_SONAME, #f); \
			else \
				memcpy(&p_##f, &sym, sizeof sym); \
		}
		RENDER_FUNCS(RESOLVE)
#undef RESOLVE
		if (h != NULL && why[0] == '\0')
			state = 1;
	}
	if (state < 0)
		return dsp_fail(DSP_EIO, "PDF and PNG figures need librsvg and cairo "
		    "(Debian librsvg2-2): %s", why);
	return DSP_OK;
}

/* Calls go through the resolved pointers. */
#define rsvg_handle_new_from_data		p_rsvg_handle_new_from_data
#define rsvg_handle_set_dpi			p_rsvg_handle_set_dpi
#define rsvg_handle_get_intrinsic_size_in_pixels p_rsvg_handle_get_intrinsic_size_in_pixels
#define rsvg_handle_render_document		p_rsvg_handle_render_document
#define g_object_unref				p_g_object_unref
#define g_error_free				p_g_error_free
#define cairo_pdf_surface_create_for_stream	p_cairo_pdf_surface_create_for_stream
#define cairo_pdf_surface_set_metadata		p_cairo_pdf_surface_set_metadata
#define cairo_image_surface_create		p_cairo_image_surface_create
#define cairo_surface_status			p_cairo_surface_status
#define cairo_status_to_string			p_cairo_status_to_string
#define cairo_create				p_cairo_create
#define cairo_set_source_rgb			p_cairo_set_source_rgb
#define cairo_paint				p_cairo_paint
#define cairo_scale				p_cairo_scale
#define cairo_status				p_cairo_status
#define cairo_destroy				p_cairo_destroy
#define cairo_surface_flush			p_cairo_surface_flush
#define cairo_surface_write_to_png_stream	p_cairo_surface_write_to_png_stream
#define cairo_surface_finish			p_cairo_surface_finish
#define cairo_surface_destroy			p_cairo_surface_destroy

static cairo_status_t
to_file(void *closure, const unsigned char *data, unsigned int length)
{
	return fwrite(data, 1, length, closure) == length ? CAIRO_STATUS_SUCCESS :
	    CAIRO_STATUS_WRITE_ERROR;
}

/* The document's size in pt: width and height at 72 "dpi" are points. */
static int
svg_size(RsvgHandle *h, double *w, double *hh)
{
	rsvg_handle_set_dpi(h, 72);
	if (!rsvg_handle_get_intrinsic_size_in_pixels(h, w, hh) || !(*w > 0) || !(*hh > 0))
		return dsp_fail(DSP_EPARSE, "SVG without a width and height");
	return DSP_OK;
}

static int
draw(RsvgHandle *h, cairo_t *cr, double w, double hh)
{
	RsvgRectangle vp = { 0, 0, w, hh };
	GError *err = NULL;
	int ok;

	ok = rsvg_handle_render_document(h, cr, &vp, &err);
	if (!ok) {
		dsp_fail(DSP_EPARSE, "cannot render the SVG: %s", err != NULL ?
		    err->message : "librsvg failed");
		if (err != NULL)
			g_error_free(err);
		return DSP_EPARSE;
	}
	return cairo_status(cr) == CAIRO_STATUS_SUCCESS ? DSP_OK :
	    dsp_fail(DSP_EIO, "cairo: %s", cairo_status_to_string(cairo_status(cr)));
}

/* cairo holds the whole image (4 bytes a pixel) before it writes a row:
 * the pixels are asked of the budget first, so that a 50 x 50 in figure
 * at 400 dpi is refused in one line instead of taking 1.6 GB. */
#define PNG_SIDE_MAX	32767		/* cairo's largest image side */

static int
png_admit(double fw, double fh, int *pw, int *ph)
{
	char what[96];

	/* Whole pixels covering the page; librsvg's unit conversion leaves a
	 * few ulps, which must not add a pixel column. */
	fw = ceil(fw - 1e-3);
	fh = ceil(fh - 1e-3);
	if (!(fw <= PNG_SIDE_MAX) || !(fh <= PNG_SIDE_MAX))
		return dsp_fail(DSP_ETOOBIG, "a PNG of %.0f x %.0f pixels: cairo draws at most "
		    "%d a side (lower --dpi or --figure-size)", fw, fh, PNG_SIDE_MAX);
	*pw = (int)fw;
	*ph = (int)fh;
	snprintf(what, sizeof what, "a PNG of %d x %d pixels", *pw, *ph);
	return dsp_job_need((size_t)*pw * (size_t)*ph * 4, what);
}

int
dsp_render_svg(const char *svg, size_t len, unsigned fmt, double dpi, FILE *out)
{
	cairo_surface_t *sf = NULL;
	cairo_t *cr = NULL;
	RsvgHandle *h;
	GError *err = NULL;
	double w, hh, scale;
	int rc, pw = 0, ph = 0;

	if (fmt == DSP_FIG_SVG)
		return fwrite(svg, 1, len, out) == len ? DSP_OK :
		    dsp_fail(DSP_EIO, "SVG write failed");
	if ((rc = load_librsvg()) != DSP_OK)
		return rc;
	h = rsvg_handle_new_from_data((const guint8 *)svg, len, &err);
	if (h == NULL) {
		rc = dsp_fail(DSP_EPARSE, "librsvg cannot read the SVG: %s",
		    err != NULL ? err->message : "unknown error");
		if (err != NULL)
			g_error_free(err);
		return rc;
	}
	if ((rc = svg_size(h, &w, &hh)) != DSP_OK)
		goto out;
	if (fmt == DSP_FIG_PDF) {
		/* Vector output: cairo embeds (subsets of) the fonts it uses. */
		sf = cairo_pdf_surface_create_for_stream(to_file, out, w, hh);
		cairo_pdf_surface_set_metadata(sf, CAIRO_PDF_METADATA_CREATOR, "disperse");
		/* No date: the same figure gives the same file. */
		cairo_pdf_surface_set_metadata(sf, CAIRO_PDF_METADATA_CREATE_DATE, "");
		scale = 1;
	} else {
		scale = dpi / 72;
		if ((rc = png_admit(w * scale, hh * scale, &pw, &ph)) != DSP_OK)
			goto out;
		sf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, pw, ph);
	}
	if (cairo_surface_status(sf) != CAIRO_STATUS_SUCCESS) {
		rc = dsp_fail(DSP_ENOMEM, "cairo: %s",
		    cairo_status_to_string(cairo_surface_status(sf)));
		goto out;
	}
	cr = cairo_create(sf);
	if (fmt == DSP_FIG_PNG) {
		cairo_set_source_rgb(cr, 1, 1, 1);
		cairo_paint(cr);
		cairo_scale(cr, scale, scale);
	}
	if ((rc = draw(h, cr, w, hh)) != DSP_OK)
		goto out;
	cairo_destroy(cr);
	cr = NULL;
	if (fmt == DSP_FIG_PNG) {
		cairo_surface_flush(sf);
		if (cairo_surface_write_to_png_stream(sf, to_file, out) != CAIRO_STATUS_SUCCESS)
			rc = dsp_fail(DSP_EIO, "PNG write failed");
	} else {
		cairo_surface_finish(sf);
		if (cairo_surface_status(sf) != CAIRO_STATUS_SUCCESS)
			rc = dsp_fail(DSP_EIO, "PDF write failed: %s",
			    cairo_status_to_string(cairo_surface_status(sf)));
	}
out:
	if (cr != NULL)
		cairo_destroy(cr);
	if (sf != NULL)
		cairo_surface_destroy(sf);
	g_object_unref(h);
	if (rc == DSP_OK && ferror(out))
		rc = dsp_fail(DSP_EIO, "figure write failed");
	return rc;
}

int
dsp_render_figure(dsp_svg_writer writer, const void *ctx, unsigned fmt,
    double dpi, FILE *out)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *mem;
	int rc;

	if (fmt == DSP_FIG_SVG)
		return writer(ctx, out);
	if ((mem = open_memstream(&buf, &len)) == NULL)
		return dsp_fail_nomem(NULL, 0);
	rc = writer(ctx, mem);
	if (fclose(mem) != 0 && rc == DSP_OK)
		rc = dsp_fail_nomem(NULL, 0);
	if (rc == DSP_OK)
		rc = dsp_render_svg(buf, len, fmt, dpi, out);
	free(buf);
	return rc;
}
