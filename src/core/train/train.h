/* SPDX-License-Identifier: GPL-3.0-or-later */
/* core/train: the trained heads. The Max Retrieval experiment (maxret),
 * the depth experiment (depth) and learned logits drawn from a trained
 * head (learned). Training is numerics that runs long: it reports
 * progress through its job and stops when the job is cancelled; it never
 * prints or reads files itself.
 */
#ifndef DSP_TRAIN_H
#define DSP_TRAIN_H

#include "core/train/depth.h"
#include "core/train/learned.h"
#include "core/train/maxret.h"

#endif
