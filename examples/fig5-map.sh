#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Paper Figure 5: entropy of softmax over the power series e_k = delta lambda^k
# on a (theta, lambda) grid, theta in [-2, 2], lambda in [0, 1], viridis.
# Usage: fig5-map.sh [OUTDIR]   (disperse from $DISPERSE or PATH)
set -e
DISPERSE=${DISPERSE:-disperse}
OUT=${1:-fig5}
"$DISPERSE" snapshot --out "$OUT" --family power --n 16 --delta 4 --theta 1 \
    --lambda 0.5 --map-theta -2:2 --map-lambda 0:1 --map-cols 161 --map-rows 101 \
    --metric entropy --curve-points 64
