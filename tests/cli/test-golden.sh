#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Golden outputs of report, sweep, bound and heatmap in text, CSV and JSON,
# compared byte for byte.  A golden is made by disperse itself, so a diff
# only says the output changed: golden.list names, for each, whether every
# number in it is also recomputed here from the closed forms by
# golden-values.py (mpmath, independent of disperse's code) or whether it is
# a change detector only.
#
# DSP_REGEN=1 rewrites the goldens and compares nothing: the run reports a
# skip, never a pass (a pass in that mode would be true by construction).
. "$top_srcdir/tests/tap.sh"
# Byte-exact goldens: the baseline kernel every x86-64 has (src/core/math/kernel.c).
DISPERSE_KERNEL=generic; export DISPERSE_KERNEL
[ -x "$DISPERSE" ] || skip_all "no disperse binary"
gold="$top_srcdir/tests/cli/golden"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
tab=$(printf '\t')
list=$top_srcdir/tests/cli/golden.list
if [ "${DSP_REGEN:-0}" = 1 ]; then
	grep -v '^#' "$list" | while IFS="$tab" read -r name kind args; do
		[ -n "$name" ] || continue
		for fmt in text csv json; do
			# shellcheck disable=SC2086
			"$DISPERSE" $args --format "$fmt" >"$gold/$name.$fmt" ||
				echo "# $name $fmt: exit $?" >&2
		done
	done
	skip_all "DSP_REGEN=1: goldens rewritten in $gold, nothing compared (check each changed number by value)"
fi
closed=
while IFS="$tab" read -r name kind args; do
	case $name in ''|'#'*) continue ;; esac
	case $kind in
	closed-form) what="matches golden"; closed="$closed $name" ;;
	*) what="matches golden (change detector: made by disperse)" ;;
	esac
	for fmt in text csv json; do
		out="$tmp/$name.$fmt"
		# shellcheck disable=SC2086
		"$DISPERSE" $args --format "$fmt" >"$out" 2>"$tmp/err"
		rc=$?
		ok $rc "$name $fmt: exit 0"
		[ -s "$tmp/err" ] && diag "$(cat "$tmp/err")"
		diff -u "$gold/$name.$fmt" "$out" >"$tmp/diff" 2>&1
		r=$?
		ok $r "$name $fmt: $what"
		[ $r -eq 0 ] || diag "$(head -20 "$tmp/diff")"
		if [ "$fmt" = json ] && [ -n "$JQ" ] && [ -x "$JQ" ]; then
			"$JQ" -e '.params.program == "disperse 0.1.0" and (.rows | length) > 0' \
			    "$out" >/dev/null 2>&1
			ok $? "$name json: valid, stamped, has rows (jq)"
		fi
		if [ "$fmt" != json ]; then
			grep -q '^# program: disperse 0.1.0$' "$out"
			ok $? "$name $fmt: stamped with the version"
		fi
	done
done <"$list"
# Every number of the closed-form goldens against mpmath (one check each).
if /usr/bin/python3 -c 'import mpmath' 2>/dev/null; then
	# shellcheck disable=SC2086
	/usr/bin/python3 "$top_srcdir/tests/cli/golden-values.py" "$gold" $closed >"$tmp/values" 2>&1
	ok $? "golden-values.py ran over:$closed"
	n=0
	while read -r res rest; do
		case $res in
		ok) ok 0 "closed form: $rest" ;;
		not) ok 1 "closed form: ${rest#ok }" ;;
		*) diag "$res $rest" ;;
		esac
		n=$((n + 1))
	done <"$tmp/values"
	[ "$n" -gt 200 ]; ok $? "closed forms checked $n golden values (more than 200)"
else
	skip "golden values against closed forms: no python3-mpmath"
fi
# No timing in default output.
"$DISPERSE" report --format csv | grep -q elapsed
[ $? -ne 0 ]; ok $? "report prints no elapsed time by default"
"$DISPERSE" report --time --format csv | grep -q '^elapsed_ms,'
ok $? "report --time adds elapsed_ms"
tap_done
