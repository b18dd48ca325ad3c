/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Umbrella header of the disperse numeric core (no curses, no drawing).
 *
 * The core is the base (error codes, the allocation path, jobs) and four
 * folders, each described in its own header: schema/ (the tables), math/
 * (pure numerics), io/ (readers and writers) and train/ (trained heads). */
#ifndef DSP_H
#define DSP_H

#include "core/error.h"
#include "core/alloc.h"
#include "core/job.h"
#include "core/schema/schema.h"
#include "core/math/math.h"
#include "core/io/io.h"
#include "core/train/train.h"

#endif
