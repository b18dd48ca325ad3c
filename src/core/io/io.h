/* SPDX-License-Identifier: GPL-3.0-or-later */
/* core/io: readers of inputs. Text logits (parse, readfile), NumPy
 * .npy/.npz (npy, npz, rowset), tour files (tour) and the escaping of
 * text for the outputs (escape); the exact conversions between doubles
 * and decimal text are numerics, in core/math (decimal, dtoa). Each reader checks its input's size against the job's budget
 * before it allocates and returns a status with a one-line reason; none
 * prints.
 */
#ifndef DSP_IO_H
#define DSP_IO_H

#include "core/io/escape.h"
#include "core/io/npy.h"
#include "core/io/pairs.h"
#include "core/io/parse.h"
#include "core/io/readfile.h"
#include "core/io/rowset.h"
#include "core/io/tour.h"

#endif
