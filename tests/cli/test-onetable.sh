#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Issue 25 ("every --format csv is one table"): for every command that
# takes --format (the command table's, `--list-commands` and each one's
# `--list-options`), its CSV output is one table -- every row as wide as
# the header, python's csv module reading it (the stamp lines, '#', aside)
# -- whose numbers are C-locale (float() takes them; no decimal comma), and
# its JSON output is one document (json.loads takes the whole stream).  A
# command that wrote two tables into one stream (fit did, heads did) fails
# here.  Commands that need an input or would run long get small arguments
# below; any other command runs on its defaults.
. "$top_srcdir/tests/tap.sh"
[ -x "$DISPERSE" ] || skip_all "no disperse binary"
need_numpy
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$py" -c 'import numpy as np, sys
np.save(sys.argv[1], np.random.default_rng(1).normal(size=(2, 3, 16)))' "$tmp/h.npy"

args() {
	case $1 in
	heads) echo "$tmp/h.npy" ;;
	train) echo "--steps 5 --eval-sizes 16 --eval-sets 5 --quiet" ;;
	depth) echo "--sizes 16 --layers 2" ;;
	heatmap) echo "--cols 5 --rows 3" ;;
	sweep|compare) echo "--to 2^20 --points 6" ;;
	esac
}
n=0
for c in $("$DISPERSE" --list-commands); do
	"$DISPERSE" "$c" --list-options | cut -f1 | grep -qx -- --format || continue
	n=$((n + 1))
	# shellcheck disable=SC2046
	"$DISPERSE" "$c" $(args "$c") --format csv >"$tmp/$c.csv" 2>"$tmp/err"
	r=$?
	"$py" - "$tmp/$c.csv" >"$tmp/why" 2>&1 <<'PY'
import csv, sys
rows = list(csv.reader(l for l in open(sys.argv[1], encoding="utf-8") if not l.startswith("#")))
if len(rows) < 2:
    sys.exit("%d rows" % len(rows))
w = len(rows[0])
bad = [i for i, r in enumerate(rows) if len(r) != w]
if bad:
    sys.exit("row %d has %d fields, the header %d" % (bad[0] + 1, len(rows[bad[0]]), w))
for r in rows[1:]:
    for v in r:
        if v and (v[0].isdigit() or v[0] in "-+.") and any(ch.isdigit() for ch in v):
            try:
                float(v)
            except ValueError:
                if "," in v or v.count(".") > 1:
                    sys.exit("not a C-locale number: %r" % v)
print("%d rows of %d" % (len(rows) - 1, w))
PY
	p=$?
	ok $(test $r -eq 0 && test $p -eq 0; echo $?) "$c --format csv: one table ($(tr '\n' ' ' <"$tmp/why"))"
	# shellcheck disable=SC2046
	"$DISPERSE" "$c" $(args "$c") --format json >"$tmp/$c.json" 2>"$tmp/err"
	r=$?
	"$py" -c 'import json, sys; json.load(open(sys.argv[1]))' "$tmp/$c.json" 2>"$tmp/why"
	p=$?
	ok $(test $r -eq 0 && test $p -eq 0; echo $?) "$c --format json: one document$(test -s "$tmp/why" && printf ' (%s)' "$(tail -1 "$tmp/why")")"
done
[ "$n" -ge 10 ]; ok $? "$n commands take --format"
tap_done
