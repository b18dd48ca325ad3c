# SPDX-License-Identifier: GPL-3.0-or-later
# Peak resident memory against --mem-budget (issue 26): source this file
# after tap.sh, with $tmp a scratch folder and $DISPERSE set.  A command
# either fits -- its peak RSS, measured by /usr/bin/time, under the budget
# plus the constant README's "Memory budget" documents -- or is refused at
# once in one line naming what it would need.  BUDGET is in MiB, or
# "default": no --mem-budget option (1 GiB).
# shellcheck shell=sh
slack=16		# MiB: the constant over the budget (README)
default_budget=1024	# MiB: --mem-budget's default
timev=
/usr/bin/time -f %M true >/dev/null 2>&1 && timev=/usr/bin/time

# run BUDGET ARGS...: the command under --mem-budget BUDGET; $rc, $kb (peak
# RSS in KiB, 0 where /usr/bin/time is missing), $b (the budget in MiB),
# $bl (the budget as the messages below and the program's say it).
run() {
	if [ "$1" = default ]; then
		b=$default_budget mb= bl="the default --mem-budget" bsaid="1 GiB"
	else
		b=$1 mb="--mem-budget ${1}Mi" bl="--mem-budget ${1}Mi" bsaid="$1 MiB"
	fi
	shift
	if [ -n "$timev" ]; then
		$timev -f %M -o "$tmp/rss" "$DISPERSE" "$@" $mb \
		    >"$tmp/out" 2>"$tmp/err" </dev/null
		rc=$?
		kb=$(tail -1 "$tmp/rss")
	else
		"$DISPERSE" "$@" $mb >"$tmp/out" 2>"$tmp/err" </dev/null
		rc=$? kb=0
	fi
	under=0
	peak="peak RSS $((kb / 1024)) MiB"
	[ -n "$timev" ] || peak="peak RSS not measured (no /usr/bin/time)"
	# Under ASan the resident memory holds the shadow and the quarantine:
	# the budget's refusals are checked (the live bytes are the
	# sanitizer's count), the resident peak is not.
	if [ -n "${DSP_SANITIZERS:-}" ]; then
		peak="peak RSS not compared under ASan"
		return
	fi
	[ "$kb" -lt $(((b + slack) * 1024)) ] || under=1
}

# fits BUDGET ARGS...: exit 0 with a peak under the budget (+ the constant).
fits() {
	run "$@"
	[ "$rc" -eq 0 ] && [ "$under" -eq 0 ]
	ok $? "runs in $bl, $peak: $(shift; echo "$*")"
	[ "$rc" -eq 0 ] || diag "rc=$rc: $(cat "$tmp/err")"
}

# refused BUDGET PATTERN ARGS...: exit 1, nothing on stdout, one line on
# stderr matching PATTERN, the peak under the budget.
refused() {
	pat=$2
	b=$1
	shift 2
	run "$b" "$@"
	[ "$rc" -eq 1 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && [ ! -s "$tmp/out" ] &&
	    grep -q "^disperse $1: .*$pat" "$tmp/err" && [ "$under" -eq 0 ]
	ok $? "refused at once in $bl, $peak: $*"
	diag "$(cat "$tmp/err")"
}

# within BUDGET ARGS...: either of the two (a command whose parts refuse
# at different budgets): exit 0, or exit 1 with one line naming the budget;
# the peak under the budget either way.
within() {
	run "$@"
	{ [ "$rc" -eq 0 ] || { [ "$rc" -eq 1 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
	    grep -q "over the memory budget of $bsaid" "$tmp/err"; }; } && [ "$under" -eq 0 ]
	ok $? "exit $rc in $bl, $peak: $(shift; echo "$*")"
	[ "$rc" -eq 0 ] || diag "$(cat "$tmp/err")"
}

