/* Umbrella header of the disperse numeric core (no curses, no drawing). */
#ifndef DSP_H
#define DSP_H

#include "core/adaptive.h"
#include "core/alt.h"
#include "core/bounds.h"
#include "core/critical.h"
#include "core/error.h"
#include "core/eval.h"
#include "core/family.h"
#include "core/figures.h"
#include "core/fit.h"
#include "core/kernel.h"
#include "core/map.h"
#include "core/maxret.h"
#include "core/params.h"
#include "core/parse.h"
#include "core/prec_eval.h"
#include "core/precision.h"
#include "core/runs.h"
#include "core/summary.h"
#include "core/softmax.h"
#include "core/tour.h"

#endif
