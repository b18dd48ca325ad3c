#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Numbers in and out are C-locale under a decimal-comma locale (de_DE.UTF-8):
# options, --input and fit --pairs files, the shipped tour, every CLI golden
# byte for byte, and a JSON snapshot round trip.  Text stays UTF-8.
#
# The machine's de_DE.UTF-8 is used if it has one; else the locale is
# generated with localedef into a cache of the suite's own (LOCPATH), so the
# test does not depend on what the machine has generated; ./bootstrap
# installs Debian's `locales` for localedef.  Only when that is impossible
# does the test skip, saying why.
. "$top_srcdir/tests/tap.sh"
# Byte-exact goldens: the baseline kernel every x86-64 has (src/core/math/kernel.c).
DISPERSE_KERNEL=generic; export DISPERSE_KERNEL
[ -x "$DISPERSE" ] || skip_all "disperse not built"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
DISPERSE_DATADIR="$top_srcdir/doc:$top_srcdir/examples"; export DISPERSE_DATADIR

loc=de_DE.UTF-8
# The machine's own de_DE.UTF-8 if it has one; else one made by localedef
# once into a cache shared by every pass of the suite (localedef takes
# seconds; a run of ./bootstrap check used to make it three times).
if ! locale -a 2>/dev/null | grep -qi '^de_DE\.utf-\?8$'; then
	command -v localedef >/dev/null 2>&1 ||
		skip_all "LOUD: no localedef: the decimal-comma locale test cannot run (apt-get install locales)"
	cache=${TMPDIR:-/tmp}/disperse-locale-$(id -u)
	if [ ! -d "$cache/$loc" ]; then
		mkdir -p "$tmp/locale" "$cache" &&
		    localedef -i de_DE -f UTF-8 "$tmp/locale/$loc" >"$tmp/localedef.err" 2>&1 ||
			skip_all "LOUD: localedef -i de_DE -f UTF-8 failed: $(head -1 "$tmp/localedef.err")"
		# A rename: a concurrent pass sees the whole locale or none.
		mv "$tmp/locale/$loc" "$cache/$loc.$$" 2>/dev/null &&
		    { mv -T "$cache/$loc.$$" "$cache/$loc" 2>/dev/null || rm -rf "$cache/$loc.$$"; }
	fi
	LOCPATH=$cache; export LOCPATH
fi
dp=$(LC_ALL=$loc locale decimal_point 2>/dev/null)
[ "$dp" = "," ] || skip_all "LOUD: $loc has decimal point '$dp', not ','"
LC_ALL=$loc; export LC_ALL
diag "$loc with decimal comma${LOCPATH:+ (LOCPATH=$LOCPATH)}"

# Options with a decimal point.
"$DISPERSE" report --theta 0.5 --format csv >"$tmp/r" 2>"$tmp/err"
ok $? "report --theta 0.5 accepted"
[ -s "$tmp/err" ] && diag "$(cat "$tmp/err")"
grep -q '^theta_eff,0.5,' "$tmp/r"; ok $? "theta_eff printed as 0.5"

# --input with decimals; the spread is 4.25 - 0.5.
printf '0.5\n4.25\n1.5\n' >"$tmp/logits"
"$DISPERSE" report --input "$tmp/logits" --format csv >"$tmp/r" 2>"$tmp/err"
ok $? "--input file with decimals read"
grep -q '^spread,3.75,' "$tmp/r"; ok $? "spread = 4.25 - 0.5 = 3.75"

# fit --pairs with decimals (the shipped example).
"$DISPERSE" fit --pairs "$top_srcdir/examples/fit-pairs.csv" >"$tmp/fit" 2>"$tmp/err"
ok $? "fit --pairs examples/fit-pairs.csv read"
[ -s "$tmp/err" ] && diag "$(cat "$tmp/err")"

# The tour parses its own tour.txt.
"$DISPERSE" tour >"$tmp/tour" 2>"$tmp/err"
ok $? "tour runs on the shipped tour.txt"
[ -s "$tmp/err" ] && diag "$(cat "$tmp/err")"

# JSON numbers are JSON: no decimal comma anywhere in a number.
"$DISPERSE" report --n 2^13 --format json >"$tmp/j"
ok $? "report --format json"
grep -Eq '"[0-9-]+,[0-9]+"|: *[0-9-]+,[0-9]' "$tmp/j"
[ $? -ne 0 ]; ok $? "no decimal comma in the JSON"
if [ -n "$JQ" ] && [ -x "$JQ" ]; then
	"$JQ" -e '.params.lambda == 0.5 and ([.rows[] | select(.quantity == "max_weight")
	    | .value | type] == ["number"])' "$tmp/j" >/dev/null
	ok $? "jq: lambda is the number 0.5, max_weight a number"
fi

# Snapshot JSON round trip: save, load, save again: same view.
"$DISPERSE" snapshot --out "$tmp/s1" --theta 0.75 --lambda 0.3 --delta 2.5 >"$tmp/p1" 2>"$tmp/err"
ok $? "snapshot written"
j1=$(grep '\.json$' "$tmp/p1")
"$DISPERSE" snapshot --out "$tmp/s2" --load "$j1" >"$tmp/p2" 2>"$tmp/err"
ok $? "snapshot JSON loaded"
[ -s "$tmp/err" ] && diag "$(cat "$tmp/err")"
j2=$(grep '\.json$' "$tmp/p2")
for k in theta lambda delta; do
	grep -E "\"$k\": *[0-9.e+-]+,?\$" "$j1" | head -1 >"$tmp/k1"
	grep -E "\"$k\": *[0-9.e+-]+,?\$" "$j2" | head -1 >"$tmp/k2"
	[ -s "$tmp/k1" ] && cmp -s "$tmp/k1" "$tmp/k2"
	ok $? "round trip keeps $k ($(tr -d ' \n' <"$tmp/k1"))"
done

# Every CLI golden, byte for byte, under the decimal-comma locale.
echo "# test-golden.sh under LC_ALL=$LC_ALL"
sh "$top_srcdir/tests/cli/test-golden.sh" >"$tmp/golden" 2>&1
r=$?
grep '^not ok' "$tmp/golden" | head -5 | while read -r l; do diag "$l"; done
ok $r "CLI goldens match under $loc ($(grep -c '^ok' "$tmp/golden") checks)"
tap_done
