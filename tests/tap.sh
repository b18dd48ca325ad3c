# SPDX-License-Identifier: GPL-3.0-or-later
# TAP helpers for shell tests: source this file.
# shellcheck shell=sh
tap_n=0
tap_failed=0
ok() { # ok STATUS DESCRIPTION
	tap_n=$((tap_n + 1))
	if [ "$1" -eq 0 ]; then echo "ok $tap_n - $2"; else echo "not ok $tap_n - $2"; tap_failed=$((tap_failed + 1)); fi
}
diag() { printf '%s\n' "$@" | sed 's/^/# /'; }
skip() { # skip REASON: a check that cannot run here, counted as skipped
	tap_n=$((tap_n + 1))
	echo "ok $tap_n # SKIP $1"
}
skip_all() { echo "1..0 # SKIP $1"; exit 0; }
tap_done() { echo "1..$tap_n"; [ "$tap_failed" -eq 0 ]; }
# The system python3 (a python3 earlier on PATH can be a slow shim), in $py3.
py3=/usr/bin/python3
[ -x "$py3" ] || py3=$(command -v python3 2>/dev/null || echo python3)
# A python3 that imports numpy, in $py (the system one first); else skip.
need_numpy() {
	py=
	for p in /usr/bin/python3 python3; do
		if command -v "$p" >/dev/null 2>&1 && "$p" -c 'import numpy' 2>/dev/null; then py=$p; break; fi
	done
	[ -n "$py" ] || skip_all "python3 with numpy not found"
}
