# SPDX-License-Identifier: GPL-3.0-or-later
# Helpers of the tests of the power series near |lambda| = 1 (test-ordered,
# test-support, test-argmax): source after tests/tap.sh, with $tmp a
# scratch directory of the test's.

# field FILE NAME: a quantity's value in report's JSON (every digit).
field() { jq -r --arg q "$2" '.rows[] | select(.quantity == $q) | .value' "$1"; }
# close A B TOL: |A - B| <= TOL |B| (B = 0: A = 0).
close() { awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; m = b < 0 ? -b : b; exit !(d <= t * m) }'; }
# refused WHAT TEXT ARG...: `report ARG...` is refused at once: status 1,
# nothing on stdout, one line on stderr that holds TEXT.
refused() {
	refused_what=$1 refused_text=$2
	shift 2
	"$DISPERSE" report "$@" >"$tmp/out" 2>"$tmp/err"
	refused_rc=$?
	[ $refused_rc -eq 1 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
	    grep -qF "$refused_text" "$tmp/err"
	ok $? "$refused_what: refused at once in one line (rc $refused_rc: $(cat "$tmp/err"))"
}
