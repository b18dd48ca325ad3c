#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Out of memory (issue 30): every allocation of a table of small commands
# is failed in turn (at most 100 of each command's, evenly spaced; `make
# check-nomem` takes every one) through tests/nomem/disperse-nomem, the
# binary built with the failure switch of failalloc.c.  Each run must
# either succeed with byte-identical output or exit 1 with one line on
# stderr and every file as it was (sweep.py says how it checks).
. "$top_srcdir/tests/tap.sh"
bin="$top_builddir/tests/nomem/disperse-nomem"
[ -x "$bin" ] || skip_all "no disperse-nomem binary"
py=$py3
command -v "$py" >/dev/null 2>&1 || skip_all "python3 not found"
# Under sanitizers a run costs several times as much: fewer of them.
max=100
[ -z "${DSP_SANITIZERS:-}" ] || max=30
exec "$py" "$top_srcdir/tests/nomem/sweep.py" "$bin" "$top_srcdir" \
    --max "${DSP_NOMEM_MAX:-$max}"
