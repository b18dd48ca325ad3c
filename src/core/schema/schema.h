/* SPDX-License-Identifier: GPL-3.0-or-later */
/* core/schema: the only place anything is enumerated. Parameters (params,
 * ptable), attention functions (attn), figures (figures, figspec), families (family), the view that
 * names what a computation depends on (view) and the gate every figure
 * passes before anyone sees it (gate). A surface -- CLI, TUI, snapshot --
 * loops over these rows; it never lists parameters, figures, attention
 * functions or families of its own. Schema code may call math to evaluate
 * a row; it never draws, prints or reads files.
 */
#ifndef DSP_SCHEMA_H
#define DSP_SCHEMA_H

#include "core/schema/attn.h"
#include "core/schema/family.h"
#include "core/schema/figspec.h"
#include "core/schema/figures.h"
#include "core/schema/gate.h"
#include "core/schema/grammar.h"
#include "core/schema/params.h"
#include "core/schema/pkey.h"
#include "core/schema/ptable.h"
#include "core/schema/view.h"

#endif
