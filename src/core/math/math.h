/* SPDX-License-Identifier: GPL-3.0-or-later */
/* core/math: pure numerics. The softmax kernel and its vector exp, the
 * Lemma 2.1 band and Theorem 2.2 critical n (bounds, critical),
 * evaluation routes (eval, runs, typical, empirical), quadrature,
 * fitting, the alternative attention functions, the (theta, lambda) map
 * reduced-precision arithmetic, the one binning rule of every histogram
 * (logbin), and the exact conversions between doubles
 * and decimal text (decimal: text to double, correctly rounded; dtoa: the
 * shortest text that reads back the same double). No file I/O, no printing, and no
 * allocation beyond what the caller's job budget allows (core/alloc.h,
 * core/job.h). Includes point only to the core base, schema and math.
 */
#ifndef DSP_MATH_H
#define DSP_MATH_H

#include "core/math/adaptive.h"
#include "core/math/alt.h"
#include "core/math/bounds.h"
#include "core/math/critical.h"
#include "core/math/decimal.h"
#include "core/math/dtoa.h"
#include "core/math/empirical.h"
#include "core/math/eval.h"
#include "core/math/fastexp.h"
#include "core/math/fit.h"
#include "core/math/kernel.h"
#include "core/math/logbin.h"
#include "core/math/map.h"
#include "core/math/prec_eval.h"
#include "core/math/precision.h"
#include "core/math/quad.h"
#include "core/math/runs.h"
#include "core/math/softmax.h"
#include "core/math/summary.h"
#include "core/math/typical.h"

#endif
