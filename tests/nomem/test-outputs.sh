#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Output files are published only when the command succeeds (issue 30):
# -o FILE and the --svg figures go through temporaries renamed at the end,
# so a failed run leaves every file as it was, a symlink at the name is
# replaced (its target untouched), and the paths written are listed after
# success, never before an error line.  Each check failed with the old
# fopen("w") writers.
. "$top_srcdir/tests/tap.sh"
[ -x "$DISPERSE" ] || skip_all "no disperse binary"
command -v "$py3" >/dev/null 2>&1 || skip_all "python3 not found"
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
old="previous content"
reset() { for f in "$@"; do printf '%s\n' "$old" >"$f"; done; }
same() { [ "$(cat "$1")" = "$old" ]; }
notmp() { ! ls -a . | grep -q '^\.disperse-'; }
# A (2, 2, 3) float64 .npy, written without numpy (the format's header).
"$py3" - <<'PY' || exit 1
import struct
h = "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 2, 3), }"
h += " " * (64 - (10 + len(h) + 1) % 64) + "\n"
open("a.npy", "wb").write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(h)) +
                          h.encode() + struct.pack("<12d", *[0.5 * i - 1 for i in range(12)]))
PY

# A sweep that fails at its last point (no route at lambda 1.5).
reset out.csv
"$DISPERSE" sweep --vary lambda --from 0 --to 1.5 --points 4 -n 2^40 --format csv \
    -o out.csv >o 2>e; st=$?
ok $(test $st -eq 1 && test "$(wc -l <e)" -eq 1 && same out.csv && notmp; echo $?) \
    "failed sweep -o: exit 1, one line, the old file kept whole, no temporary ($(cat e))"

"$DISPERSE" report -o out.csv 2>e
ok $(test $? -eq 0 && grep -q entropy out.csv && notmp; echo $?) "report -o replaces the file on success"

reset target.txt
ln -s target.txt link.txt
"$DISPERSE" report -o link.txt 2>e
ok $(test $? -eq 0 && test ! -L link.txt && grep -q entropy link.txt && same target.txt; echo $?) \
    "-o at a symlink replaces the link, the file it pointed to is untouched"

"$DISPERSE" report -o /dev/null 2>e
ok $(test $? -eq 0 && test ! -s e; echo $?) "-o /dev/null is written in place"

# heads --svg whose table cannot be written: the figures are not published
# and nothing is listed (they were written and listed on stderr first).
reset fig-grid.svg fig-hist.svg
"$DISPERSE" heads a.npy --svg fig -o missing/t.txt >o 2>e; st=$?
ok $(test $st -eq 1 && test "$(wc -l <e)" -eq 1 && test ! -s o && same fig-grid.svg &&
    same fig-hist.svg && notmp; echo $?) "heads --svg failing: one line, figures unchanged ($(cat e))"
"$DISPERSE" heads a.npy --svg fig -o t.txt >o 2>e; st=$?
ok $(test $st -eq 0 && test ! -s e && test "$(cat o)" = "$(printf 'fig-grid.svg\nfig-hist.svg')" &&
    grep -q '</svg>' fig-grid.svg; echo $?) "heads --svg -o FILE: the paths on stdout after success"
"$DISPERSE" heads a.npy --svg fig --format csv >o 2>e; st=$?
ok $(test $st -eq 0 && test "$(cat e)" = "$(printf 'fig-grid.svg\nfig-hist.svg')" &&
    ! grep -q svg o; echo $?) "heads --svg with the table on stdout: the paths on stderr, after it"

reset d.svg
"$DISPERSE" depth --layers 2 --sizes 16 --svg d.svg -o missing/d.csv >o 2>e; st=$?
ok $(test $st -eq 1 && test "$(wc -l <e)" -eq 1 && same d.svg && notmp; echo $?) \
    "depth --svg failing: the old figure kept"
reset f.svg
"$DISPERSE" depth --layers 2 --sizes 16 --svg f.svg -o /dev/null 2>e
ok $(test $? -eq 0 && grep -q '</svg>' f.svg; echo $?) "depth --svg on success: the figure written"

# An animation is written whole or not at all: a failure at the end (a
# directory where the GIF goes) publishes no frame and keeps frames.csv.
mkdir anim && reset anim/frames.csv
mkdir anim/animation.gif
"$DISPERSE" animate --frames 2 --out anim >o 2>e; st=$?
ok $(test $st -eq 1 && test "$(wc -l <e)" -eq 1 && test ! -s o && same anim/frames.csv &&
    test "$(ls anim)" = "$(printf 'animation.gif\nframes.csv')" && ! ls -a anim | grep -q '^\.disperse-'; echo $?) \
    "animate failing at the end: no frame published, frames.csv kept ($(cat e))"
tap_done
