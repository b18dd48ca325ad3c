#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Issue 25 ("the help text generated, not duplicated"): what each parser
# takes (`--list-options`, built from the same table as its getopt) is what
# its --help defines and what the man page documents.  For every command of
# `--list-commands` and for the TUI (no command): each option it parses has
# a line of its own in its --help ("  --name ..." or "  -x, --name ..."),
# and is named in doc/disperse.1; no option line of --help names one it does
# not parse.  Adding an option to a table without its help line or its man
# page entry fails here.
. "$top_srcdir/tests/tap.sh"
[ -x "$DISPERSE" ] || skip_all "no disperse binary"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
man=$top_srcdir/doc/disperse.1
# The man page's option names, roff escapes undone (\- is -).
sed 's/\\-/-/g' "$man" | grep -o -- '--[a-z][a-z0-9-]*' | sort -u >"$tmp/man"
[ -s "$tmp/man" ]; ok $? "the man page names options ($(wc -l <"$tmp/man"))"

for c in "" $("$DISPERSE" --list-commands); do
	name=${c:-"(TUI)"}
	# shellcheck disable=SC2086
	"$DISPERSE" $c --list-options | cut -f1 | sort -u >"$tmp/parsed"
	# Its --help (the TUI's: with an option of its own, or `disperse
	# --help` lists every command's).  An option line begins "  --name"
	# or "  -x, --name": its first name is defined there (checked both
	# ways); the other names on it may be defined with it ("--from A,
	# --to B", "--map-cols C ... --map-rows R": accepted for the first
	# check only, as a description may also name others).
	# shellcheck disable=SC2086
	"$DISPERSE" ${c:---ascii} --help 2>&1 | grep -E '^ +(-[a-z], )?--[a-z]' >"$tmp/lines"
	sed 's/^  *\(-[a-z], \)\{0,1\}\(--[a-z][a-z0-9-]*\).*/\2/' "$tmp/lines" | sort -u >"$tmp/defined"
	grep -o -- '--[a-z][a-z0-9-]*' "$tmp/lines" | sort -u >"$tmp/named"
	# An alias (--no-colour beside --no-color) is parsed, not listed: an
	# option whose name is another's spelled the British way.
	miss=$(comm -23 "$tmp/parsed" "$tmp/named" | grep -v -- '-colour$' | tr '\n' ' ')
	[ -n "$(cat "$tmp/parsed")" ] && [ -z "$miss" ]
	ok $? "$name: every option it parses has its --help line${miss:+ (missing: $miss)}"
	extra=$(comm -13 "$tmp/parsed" "$tmp/defined" | tr '\n' ' ')
	[ -z "$extra" ]; ok $? "$name: --help defines no option it does not parse${extra:+ ($extra)}"
	undoc=$(comm -23 "$tmp/parsed" "$tmp/man" | grep -v -- '-colour$' | tr '\n' ' ')
	[ -z "$undoc" ]; ok $? "$name: every option it parses is in the man page${undoc:+ (missing: $undoc)}"
done
tap_done
