#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Adaptive temperature (paper Figure 4) against plain softmax: the curve
# figure overlays the plain-softmax entropy and maximum weight on the
# adaptive curves, n = 1 ... 2^20, power series delta = 8, lambda = 0.9.
# Usage: adaptive-vs-plain.sh [OUTDIR]   (disperse from $DISPERSE or PATH)
set -e
DISPERSE=${DISPERSE:-disperse}
OUT=${1:-adaptive}
"$DISPERSE" snapshot --out "$OUT" --family power --delta 8 --theta 1 \
    --lambda 0.9 --n 64 --adaptive --compare softmax --curve-from 1 \
    --curve-to 1048576 --curve-points 41 --map-cols 32 --map-rows 16
