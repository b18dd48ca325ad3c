#!/bin/sh
# Golden outputs of report, sweep, bound and heatmap in text, CSV and JSON,
# compared byte for byte.  DSP_REGEN=1 rewrites the goldens instead.
. "$top_srcdir/tests/tap.sh"
# Byte-exact goldens: the baseline kernel every x86-64 has (src/core/kernel.c).
DISPERSE_KERNEL=generic; export DISPERSE_KERNEL
[ -x "$DISPERSE" ] || skip_all "no disperse binary"
gold="$top_srcdir/tests/cli/golden"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
tab=$(printf '\t')
while IFS="$tab" read -r name args; do
	[ -n "$name" ] || continue
	for fmt in text csv json; do
		out="$tmp/$name.$fmt"
		# shellcheck disable=SC2086
		"$DISPERSE" $args --format "$fmt" >"$out" 2>"$tmp/err"
		rc=$?
		if [ "${DSP_REGEN:-0}" = 1 ]; then cp "$out" "$gold/$name.$fmt"; fi
		ok $rc "$name $fmt: exit 0"
		[ -s "$tmp/err" ] && diag "$(cat "$tmp/err")"
		diff -u "$gold/$name.$fmt" "$out" >"$tmp/diff" 2>&1
		r=$?
		ok $r "$name $fmt: matches golden"
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
done <"$top_srcdir/tests/cli/golden.list"
# No timing in default output.
"$DISPERSE" report --format csv | grep -q elapsed
[ $? -ne 0 ]; ok $? "report prints no elapsed time by default"
"$DISPERSE" report --time --format csv | grep -q '^elapsed_ms,'
ok $? "report --time adds elapsed_ms"
tap_done
