#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Issue 26 ("README's Memory budget section lists what is counted"): every
# row of the reader table (src/core/io/reader.c, dsp_readers[]) has a row
# in the user guide's memory-budget table, so a reader cannot be added
# without saying what it puts against --mem-budget.
. "$top_srcdir/tests/tap.sh"
src=$top_srcdir/src/core/io/reader.c
guide=$top_srcdir/doc/guide.md
[ -f "$src" ] && [ -f "$guide" ] || skip_all "no source tree"
names=$(sed -n '/dsp_readers\[\] = {/,/^};/s/^[[:space:]]*{ "\([a-z0-9]*\)",.*/\1/p' "$src")
[ "$(echo "$names" | wc -w)" -ge 3 ]; ok $? "the reader table's rows: $(echo $names)"
for r in $names; do
	grep -q "^| \`$r\` | " "$guide"
	ok $? "reader $r: a row in doc/guide.md's memory-budget table"
done
tap_done
