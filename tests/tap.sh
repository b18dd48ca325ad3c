# TAP helpers for shell tests: source this file.
# shellcheck shell=sh
tap_n=0
tap_failed=0
ok() { # ok STATUS DESCRIPTION
	tap_n=$((tap_n + 1))
	if [ "$1" -eq 0 ]; then echo "ok $tap_n - $2"; else echo "not ok $tap_n - $2"; tap_failed=$((tap_failed + 1)); fi
}
diag() { printf '%s\n' "$@" | sed 's/^/# /'; }
skip_all() { echo "1..0 # SKIP $1"; exit 0; }
tap_done() { echo "1..$tap_n"; [ "$tap_failed" -eq 0 ]; }
# A python3 that imports numpy, in $py (the system one first); else skip.
need_numpy() {
	py=
	for p in /usr/bin/python3 python3; do
		if command -v "$p" >/dev/null 2>&1 && "$p" -c 'import numpy' 2>/dev/null; then py=$p; break; fi
	done
	[ -n "$py" ] || skip_all "python3 with numpy not found"
}
