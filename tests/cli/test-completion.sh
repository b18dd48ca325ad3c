#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Issue 25: bash completion from the tables.  doc/completion/disperse lists
# nothing itself; it asks the program (--list-commands, CMD --list-options).
# Completions are checked in a real bash with COMP_WORDS set as bash sets
# them; every option a command lists must be one its parser takes (the
# option alone, or with a value, is never "unknown option").
. "$top_srcdir/tests/tap.sh"
[ -x "$DISPERSE" ] || skip_all "no disperse binary"
command -v bash >/dev/null 2>&1 || skip_all "no bash"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/bin"
ln -s "$DISPERSE" "$tmp/bin/disperse"

# complete WORDS...: the candidates bash offers for the last word.
complete_words() {
	PATH="$tmp/bin:$PATH" bash -c '
		. "$1"; shift
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
		_disperse
		printf "%s\n" "${COMPREPLY[@]}"' sh "$top_srcdir/doc/completion/disperse" "$@"
}
has() { # has WANT WORDS...: WANT among the candidates
	want=$1
	shift
	complete_words "$@" | grep -qx -- "$want"
}
has report disperse rep; ok $? "disperse rep<TAB>: report"
has paper disperse pa; ok $? "disperse pa<TAB>: paper"
has --family disperse report --fam; ok $? "report --fam<TAB>: --family"
has spike disperse report --family sp; ok $? "report --family sp<TAB>: spike (the family row's names)"
has ssmax disperse sweep --attn ss; ok $? "sweep --attn ss<TAB>: ssmax (the attention table)"
has csv disperse report --format c; ok $? "report --format c<TAB>: csv"
has fp8-e4m3 disperse report --precision fp8; ok $? "report --precision fp8<TAB>: fp8-e4m3"
has --figure-format disperse snapshot --figure-f; ok $? "snapshot --figure-f<TAB>: --figure-format (the figure rows)"
has --inflate-cap disperse heads --infl; ok $? "heads --infl<TAB>: --inflate-cap (a command's own option)"
has --no-color disperse --no-c; ok $? "disperse --no-c<TAB>: a TUI option"
has high-contrast disperse --theme hi; ok $? "disperse --theme hi<TAB>: high-contrast (the TUI table's values)"
n=$("$DISPERSE" --list-commands | wc -l)
[ "$n" -ge 14 ]; ok $? "--list-commands: $n commands"

# Every listed option of every command is one its parser takes: report's
# whole list (the common options every command shares), then each other
# command's own options (those report does not list).
# A process start an option (about 300): under ASan a minute of the
# sanitizer pass for a check of tables, not of memory (the parser itself
# runs under the sanitizers in tests/fuzz's fuzz-opts).
if [ -n "${DSP_SANITIZERS:-}" ]; then
	skip "every listed option is taken by its parser: checked in the plain build"
	tap_done
	exit
fi
"$DISPERSE" report --list-options | cut -f1 >"$tmp/common"
bad=
for c in $("$DISPERSE" --list-commands); do
	"$DISPERSE" "$c" --list-options >"$tmp/o" || bad="$bad $c:list"
	while IFS="$(printf '\t')" read -r opt kind values; do
		case $opt in --help|--list-options) continue ;; esac
		[ "$c" != report ] && grep -qx -- "$opt" "$tmp/common" && continue
		if [ "$kind" = arg ]; then
			"$DISPERSE" "$c" "$opt" x --help >"$tmp/r" 2>&1
		else
			"$DISPERSE" "$c" "$opt" --help >"$tmp/r" 2>&1
		fi
		grep -q "unknown option" "$tmp/r" && bad="$bad $c$opt"
	done <"$tmp/o"
done
[ -z "$bad" ]; ok $? "every listed option is taken by its command's parser${bad:+:$bad}"

# Every value an option lists is one its parser takes, and a name it does
# not list is refused (the list is the parser's table, not a copy): report
# for the common options, each other command for its own.  "CMD OPT VALUE
# --help" exits 0 when VALUE parses (the help comes after it), 2 if not.
bad=
nv=0
for c in $("$DISPERSE" --list-commands); do
	"$DISPERSE" "$c" --list-options >"$tmp/o"
	while IFS="$(printf '\t')" read -r opt kind values; do
		[ -n "$values" ] || continue
		[ "$c" != report ] && grep -qx -- "$opt" "$tmp/common" && continue
		for v in $values; do
			nv=$((nv + 1))
			"$DISPERSE" "$c" "$opt" "$v" --help >/dev/null 2>&1 || bad="$bad $c$opt=$v"
		done
		"$DISPERSE" "$c" "$opt" no-such-name --help >/dev/null 2>&1
		[ $? -eq 2 ] || bad="$bad $c$opt=no-such-name(taken)"
	done <"$tmp/o"
done
[ -z "$bad" ] && [ "$nv" -ge 60 ]
ok $? "each of the $nv listed values is taken by its command's parser, an unlisted name refused${bad:+:$bad}"
tap_done
