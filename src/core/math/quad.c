/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One QAGS helper for the large-n quadratures of eval.c and alt.c. */
#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/math/quad.h"

int
dsp_quad(const gsl_function *f, const double *edge, int parts, double epsabs,
    double epsrel, double *out, int *status)
{
	gsl_integration_workspace *ws;
	double r, err;
	int rc = 0, k;

	*out = 0;
	*status = 0;
	if ((ws = DSP_LIB_ALLOC(gsl_integration_workspace_alloc(DSP_QUAD_LIMIT))) == NULL)
		return dsp_fail_nomem(NULL, 0);
	for (k = 0; k < parts && (rc == 0 || rc == GSL_EROUND); k++) {
		rc = gsl_integration_qags(f, edge[k], edge[k + 1], epsabs, epsrel,
		    DSP_QUAD_LIMIT, ws, &r, &err);
		*out += r;
	}
	gsl_integration_workspace_free(ws);
	*status = rc;
	return DSP_OK;
}
