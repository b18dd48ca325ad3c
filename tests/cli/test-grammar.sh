#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Issue 25: one value grammar.  The same table of texts goes to every
# surface that reads a parameter -- a CLI option, a tour file's %set (the
# TUI's `:` and `=` lines call the same dsp_param_parse as the CLI, tested
# in tests/tui/test-tui.sh and test-editor.sh) -- and each surface must give
# the same verdict and, when it accepts, the same number: the expected
# value in the table is written by hand from the grammar's definition
# (core/schema/grammar.c), not taken from the program.
. "$top_srcdir/tests/tap.sh"
[ -x "$DISPERSE" ] || skip_all "no disperse binary"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# cli PARAM TEXT: the value report computes from, or "refused" (exit 2).
cli() {
	case $1 in
	n) fig=n ;; theta) fig=theta_eff ;; seed) fig=seed ;;
	esac
	out=$("$DISPERSE" report "--$1" "$2" --format csv 2>/dev/null); rc=$?
	[ "$rc" -eq 2 ] && { echo refused; return; }
	[ "$rc" -eq 0 ] || { echo "exit $rc"; return; }
	if [ "$fig" = seed ]; then
		echo "$out" | sed -n 's/^# seed: //p'
	else
		echo "$out" | awk -F, -v f="$fig" '$1 == f { print $2 }'
	fi
}
# tour PARAM TEXT: the same through a tour file's %set.
tour() {
	case $1 in
	n) fig=n ;; theta) fig=theta_eff ;; seed) fig= ;;
	esac
	printf '%%step A\n%%set %s=%s\n%%show n theta_eff\ntext\n' "$1" "$2" >"$tmp/t.txt"
	out=$("$DISPERSE" tour --file "$tmp/t.txt" --format csv 2>/dev/null); rc=$?
	[ "$rc" -eq 1 ] && { echo refused; return; }
	[ "$rc" -eq 0 ] || { echo "exit $rc"; return; }
	[ -z "$fig" ] && { echo accepted; return; }
	echo "$out" | awk -F, -v f="$fig" '$3 == f { print $4 }'
}

# PARAM TEXT EXPECTED (refused, or the value the figure prints)
while read -r param text want; do
	[ -n "$param" ] || continue
	c=$(cli "$param" "$text")
	t=$(tour "$param" "$text")
	[ "$c" = "$want" ]
	ok $? "CLI --$param $text: $want (got $c)"
	case $param in seed) [ "$want" = refused ] || want=accepted ;; esac
	[ "$t" = "$want" ]
	ok $? "tour %set $param=$text: $want (got $t)"
done <<'TABLE'
n 16 16
n 16Ki 16384
n 1Mi 1048576
n 2^10 1024
n 1e3 1000
n 1.5e3 1500
n 2^63 9223372036854775808
n 0x10 refused
n 010 10
n 1e-1 refused
n 1.5 refused
n 0 refused
n -4 refused
n 2^64 refused
n 16ki refused
n 16K refused
n 1,000 refused
n abc refused
theta 0.25 0.25
theta 2.5e-1 0.25
theta -1.5 -1.5
theta 0x10 refused
theta inf refused
theta nan refused
theta 1e999 refused
theta 1/2 refused
seed 7 7
seed 18446744073709551615 18446744073709551615
seed 18446744073709551616 refused
seed 1e3 refused
seed -1 refused
TABLE
tap_done
