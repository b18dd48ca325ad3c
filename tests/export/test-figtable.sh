#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Issue 25: the figure table drives the surfaces.  The rows of
# src/core/schema/figures.c (name, kind, position on each surface:
# AT(report and snapshot, sweep, curve CSV, text curve table, heads)) are
# read from the source, then every surface's output is walked against them:
# report's rows (--format json, several views so every Theorem 2.2 row
# appears) and the snapshot's JSON figures and text Figures section are the
# rows with a report position, in that order; sweep's CSV columns, the
# snapshot's curve CSV and its text curve table are exactly their rows, in
# position order; heads' columns are its own (array, layer, head, query,
# n), then its heads rows in order (its empirical critical n among them); no
# output names a figure that is not a row.  Last, the
# files of those surfaces hold no figure name as a literal: a figure
# written by hand there would fail here.
. "$top_srcdir/tests/tap.sh"
[ -x "$DISPERSE" ] || skip_all "no disperse binary"
command -v jq >/dev/null 2>&1 || skip_all "no jq"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
src="$top_srcdir/src"

# name figs sweep curve brief heads kind, one line a row.
awk '/^static const dsp_figure figures\[\]/ { on = 1; next }
    on && /^};/ { on = 0 }
    on && match($0, /^\t\{ "[a-z0-9_]+"/) { name = substr($0, RSTART + 4, RLENGTH - 5) }
    on && match($0, /DSP_FIGK_[A-Z]+/) { kind = substr($0, RSTART + 9, RLENGTH - 9) }
    on && match($0, /AT\([0-9, ]+\)/) {
	split(substr($0, RSTART + 3, RLENGTH - 4), a, /, */)
	print name, a[1], a[2], a[3], a[4], a[5], kind
    }' "$src/core/schema/figures.c" >"$tmp/rows"
nrows=$(wc -l <"$tmp/rows")
[ "$nrows" -gt 30 ] && awk 'NF != 7 { bad = 1 } END { exit bad }' "$tmp/rows"
ok $? "the table has $nrows rows, each with its kind and five positions"
# The names on surface k (column k + 1) in position order.
on() { awk -v k="$1" '$k > 0 { print $k, $1 }' "$tmp/rows" | sort -n | cut -d' ' -f2; }
on 2 >"$tmp/figs"
on 3 >"$tmp/sweep"
on 4 >"$tmp/curve"
on 5 >"$tmp/brief"
on 6 >"$tmp/heads"
cut -d' ' -f1 "$tmp/rows" | sort >"$tmp/all"

# Report: each view's rows are table rows in report's order; over the
# views, every row with a report position appears.
: >"$tmp/seen"
i=0
for v in "" "--attn ssmax" "--adaptive" "--attn sigmoid" "--theta 0"; do
	i=$((i + 1))
	a="--family gaussian -n 4096 --delta 6 --theta 0.7 --seed 3 $v"
	"$DISPERSE" report $a --time --format json | jq -r '.rows[].quantity' >"$tmp/r$i"
	grep -Fxv -f "$tmp/figs" "$tmp/r$i" >"$tmp/extra"
	grep -Fx -f "$tmp/r$i" "$tmp/figs" | cmp -s - "$tmp/r$i"
	[ $? -eq 0 ] && [ ! -s "$tmp/extra" ] && [ -s "$tmp/r$i" ]
	ok $? "report $v: $(wc -l <"$tmp/r$i") rows, each a table row, in the table's order$( [ -s "$tmp/extra" ] && echo "; not rows: $(tr '\n' ' ' <"$tmp/extra")")"
	cat "$tmp/r$i" >>"$tmp/seen"

	# The snapshot of the same view: its JSON figures and its text
	# Figures section are report's rows (elapsed_ms aside: not stamped).
	# Its map and curve at their smallest: only their columns are read.
	"$DISPERSE" snapshot $a --map-size 2x2 --curve-points 2 --out "$tmp/s$i" >"$tmp/files"
	j=$(grep '\.json$' "$tmp/files") && t=$(grep '\.txt$' "$tmp/files")
	jq -r '.figures | keys_unsorted[] | select(test("_note$") | not) |
	    select(. != "map_cursor" and . != "series" and . != "notes")' "$j" >"$tmp/j$i"
	grep -vx elapsed_ms "$tmp/r$i" | cmp -s - "$tmp/j$i"
	ok $? "snapshot JSON $v: its figures are report's rows, same names, same order"
	sed -n '/^Figures$/,/^$/p' "$t" | sed -n 's/^  \([a-z0-9_]*\)  .*/\1/p' >"$tmp/t$i"
	cmp -s "$tmp/j$i" "$tmp/t$i"
	ok $? "snapshot text $v: its Figures section names report's rows"
done
sort -u "$tmp/seen" >"$tmp/seen.u"
missing=$(sort "$tmp/figs" | comm -23 - "$tmp/seen.u" | tr '\n' ' ')
[ -z "$missing" ]
ok $? "every row with a report position is in some view's report${missing:+; never: $missing}"

# Sweep: the varied parameter, then exactly the sweep rows.
for vary in n theta; do
	"$DISPERSE" sweep --vary "$vary" --points 3 --format csv | grep -v '^#' | head -1 |
	    tr ',' '\n' >"$tmp/cols"
	[ "$(head -1 "$tmp/cols")" = "$vary" ] && sed 1d "$tmp/cols" | cmp -s - "$tmp/sweep"
	ok $? "sweep --vary $vary --format csv: columns $vary and the table's $(wc -l <"$tmp/sweep") sweep rows in order"
done
"$DISPERSE" sweep --points 3 --format json | jq -r '.columns[1:][]' | cmp -s - "$tmp/sweep"
ok $? "sweep --format json: the same columns"

# The snapshot's curve CSV (a view with no overlays or pins) and its text
# curve table.
c=$(grep 'curve\.csv$' "$tmp/files")
grep -v '^#' "$c" | head -1 | tr ',' '\n' | cmp -s - "$tmp/curve"
ok $? "curve CSV: the table's $(wc -l <"$tmp/curve") curve rows in order"
sed -n '/^Entropy vs n/{n;p;}' "$t" | tr -s ' ' '\n' | sed '/^$/d' | cmp -s - "$tmp/brief"
ok $? "text snapshot's curve table: the table's $(wc -l <"$tmp/brief") short-table rows in order"

# heads: its own columns, then exactly the heads rows (the last two,
# n_eps_empirical and its log, computed by the command: DSP_FIGK_CMD).  A
# (2, 2, 3) float64 .npy written without numpy; a spread of 800 at theta
# 0.001 puts the band's lower edge and critical_n past the double range.
"$py3" - "$tmp/a.npy" <<'PY' || exit 1
import struct, sys
h = "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 2, 3), }"
h += " " * (64 - (10 + len(h) + 1) % 64) + "\n"
open(sys.argv[1], "wb").write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(h)) +
    h.encode() + struct.pack("<12d", 0, 5, 1, 0, 800, 3, 1, 2, 3, -1, 0, 1))
PY
{ printf 'layer\nhead\nn\n'; cat "$tmp/heads"; } >"$tmp/hcols"
"$DISPERSE" heads "$tmp/a.npy" --theta 0.001 --format csv | grep -v '^#' >"$tmp/h.csv"
head -1 "$tmp/h.csv" | tr ',' '\n' | cmp -s - "$tmp/hcols"
ok $? "heads --format csv: layer, head, n, then the table's $(wc -l <"$tmp/heads") heads rows in order"
"$DISPERSE" heads "$tmp/a.npy" --format json | jq -r '.columns[]' | cmp -s - "$tmp/hcols"
ok $? "heads --format json: the same columns"
# Row 0.1 (spread 800): the lower edge is exp(-(800/0.001 + log 2))
# = exp(-800000.6931), critical_n = 1 + 99 e^{800000} = exp(800004.5951),
# as sweep and report write an out-of-range value; max weight 1 on the
# upper edge 1 is the table's word "equality".
col() { head -1 "$tmp/h.csv" | tr ',' '\n' | grep -nx "$1" | cut -d: -f1; }
r=$(sed -n 3p "$tmp/h.csv")
lo=$(echo "$r" | cut -d, -f"$(col lemma_tight_lo)")
cn=$(echo "$r" | cut -d, -f"$(col critical_n)")
bd=$(echo "$r" | cut -d, -f"$(col bound)")
[ "$lo" = "exp(-800000.6931)" ] && [ "$cn" = "exp(800004.5951)" ] && [ "$bd" = equality ]
ok $? "heads: out-of-range edge and critical n as exp(x), the table's bound word (got $lo, $cn, $bd)"
# The command's own figure past the double range too: at eps = 1e-308 a
# max weight of 1 (every row here at theta 0.001) over 3 keys puts
# n_eps_empirical = 3 / 1e-308 past 1.8e308, written exp(log 3 + 308 log 10).
want=$(awk 'BEGIN { printf "exp(%.10g)", log(3) + 308 * log(10) }')
"$DISPERSE" heads "$tmp/a.npy" --theta 0.001 --eps 1e-308 --format csv | grep -v '^#' >"$tmp/he.csv"
ne=$(sed -n 2p "$tmp/he.csv" | cut -d, -f"$(col n_eps_empirical)")
[ "$ne" = "$want" ]
ok $? "heads: n_eps_empirical past the double range as exp(x) (got $ne, want $want)"

# No figure written by hand: the surfaces' files hold no name of a row
# on a surface as a string literal.  "n" is also the parameter n (sweep's
# --vary values), so it is left out.
bad=""
for f in cli/cmd-report.c cli/cmd-sweep.c cli/cmd-heads.c export/snap_json.c \
    export/snap_csv.c export/snap_txt.c export/table_fig.c; do
	cat "$tmp/figs" "$tmp/sweep" "$tmp/curve" "$tmp/brief" "$tmp/heads" | sort -u | grep -vx n |
	    while read -r name; do
		grep -q "\"$name\"" "$src/$f" && echo "$f:$name"
	    done >>"$tmp/lit"
done
bad=$(tr '\n' ' ' <"$tmp/lit")
[ -z "$bad" ]
ok $? "report, sweep, heads and the snapshot writers name no figure by hand${bad:+: $bad}"
tap_done
