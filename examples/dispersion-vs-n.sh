#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Maximum weight and entropy for n = 16 ... 16384 (the Max Retrieval test
# sizes) with the Lemma 2.1 bounds and the entropy floor.
# Usage: dispersion-vs-n.sh [OUTDIR]   (disperse from $DISPERSE or PATH)
set -e
DISPERSE=${DISPERSE:-disperse}
OUT=${1:-dispersion}
"$DISPERSE" snapshot --out "$OUT" --family power --delta 4 --theta 1 \
    --lambda 0.5 --n 16 --curve-from 16 --curve-to 16384 --curve-points 11 \
    --map-cols 32 --map-rows 16
