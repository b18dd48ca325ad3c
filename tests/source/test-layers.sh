#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Issue 25: the source tree keeps its shape.  The core is the base
# (src/core/*.h) and four folders; each folder includes only the base and
# the folders below it in this order -- schema and math are the ground the
# others stand on, io and train stand on them:
#   schema -> base, schema, math      math -> base, schema, math
#   io     -> base, schema, math, io  train -> base, schema, math, train
# and the layers above the core (export, view, app, cli) never include a
# layer above their own (export and view never include app or cli).  Every
# source file stays under 700 lines: a file that outgrows that is doing
# more than one job (the files that still are carry a ceiling below).
# Each check names the offending line.
. "$top_srcdir/tests/tap.sh"
src=$top_srcdir/src
[ -d "$src/core/schema" ] || skip_all "no source tree"

# includes FOLDER ALLOWED-REGEX: every #include "x/y.h" of FOLDER's files
# matches ALLOWED; prints the ones that do not.
includes() {
	grep -Hn '^#include "[a-z]*/' "$src/$1"/*.[ch] 2>/dev/null |
	    sed 's|^'"$src"'/||' |
	    grep -Ev ':#include "('"$2"')/[a-z0-9_]*\.h"'
}
check() { # check FOLDER ALLOWED
	bad=$(includes "$1" "$2")
	[ -z "$bad" ]
	ok $? "src/$1 includes only $2${bad:+: $(echo "$bad" | tr '\n' ' ')}"
}
base='core'
check core/schema "$base|core/schema|core/math"
check core/math "$base|core/schema|core/math"
check core/io "$base|core/schema|core/math|core/io"
check core/train "$base|core/schema|core/math|core/train"
check core "$base|core/schema|core/math|core/io|core/train"
check export "core|core/schema|core/math|core/io|core/train|export"
check view "core|core/schema|core/math|core/io|core/train|export|view"

# Files over 700 lines that still do more than one job, each with the
# ceiling it may not pass while it waits to be split (a ratchet: lower a
# ceiling or drop a row when a split lands, never raise one).
ceilings='
'
long=$(cd "$top_srcdir" && find src -name '*.[ch]' -exec wc -l {} + |
    awk -v c="$ceilings" 'BEGIN { n = split(c, r, "\n"); for (i = 1; i <= n; i++) if (split(r[i], f, " ") == 2) cap[f[1]] = f[2] }
	$2 != "total" && $1 > (($2 in cap) ? cap[$2] : 700) { printf "%s (%d > %d) ", $2, $1, (($2 in cap) ? cap[$2] : 700) }')
[ -z "$long" ]
ok $? "no source file over 700 lines, or over its ceiling while it waits to be split${long:+: $long}"
tap_done
