#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Batch commands never read the TUI's settings file (reproducibility): a
# settings.json with other parameters changes no output, and no command
# creates the settings folder.
. "$top_srcdir/tests/tap.sh"
[ -x "$DISPERSE" ] || skip_all "no disperse binary"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

mkdir -p "$tmp/xdg/disperse" "$tmp/home"
printf '{"format": "disperse-snapshot", "format_version": 1, "params": {"theta": 2, "delta": 9, "family": "spike"}}\n' \
    >"$tmp/xdg/disperse/settings.json"
for cmd in "report" "bound --n 1000" "sweep --points 3" "heatmap --cols 4 --rows 3"; do
	# shellcheck disable=SC2086
	XDG_CONFIG_HOME="$tmp/xdg" "$DISPERSE" $cmd --format csv >"$tmp/with" 2>&1
	# shellcheck disable=SC2086
	XDG_CONFIG_HOME="$tmp/none" HOME="$tmp/home" "$DISPERSE" $cmd --format csv >"$tmp/without" 2>&1
	cmp -s "$tmp/with" "$tmp/without"; ok $? "disperse $cmd: the same output with and without a settings file"
done
grep -q '^# theta: 1$' "$tmp/with"; ok $? "the stamp says theta 1 (the default), not the settings' 2"
[ ! -e "$tmp/none" ] && [ -z "$(ls -A "$tmp/home")" ]; ok $? "no settings folder created"
tap_done
