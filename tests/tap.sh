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
