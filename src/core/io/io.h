/* core/io: readers and writers of numbers. Text logits (parse, readfile,
 * decimal), NumPy .npy/.npz (npy, npz, rowset), tour files (tour), and
 * the number formatting every output shares (dtoa: shortest round-trip;
 * escape). Each reader checks its input's size against the job's budget
 * before it allocates and returns a status with a one-line reason; none
 * prints.
 */
#ifndef DSP_IO_H
#define DSP_IO_H

#include "core/io/decimal.h"
#include "core/io/dtoa.h"
#include "core/io/escape.h"
#include "core/io/npy.h"
#include "core/io/pairs.h"
#include "core/io/parse.h"
#include "core/io/readfile.h"
#include "core/io/rowset.h"
#include "core/io/tour.h"

#endif
