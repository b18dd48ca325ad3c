# SPDX-License-Identifier: GPL-3.0-or-later
# Normalise a snapshot file for golden comparison: the program version, and numbers
# rounded to 9 significant digits (last-bit libm differences are not bugs).
# shellcheck shell=sh
snap_normalise() {
	sed -e "s/\"program\": \"disperse [^\"]*\"/\"program\": \"disperse VERSION\"/" \
	    -e "s/^# program: disperse .*/# program: disperse VERSION/" \
	    -e "s/^disperse [0-9][0-9.]* snapshot/disperse VERSION snapshot/" "$1" |
	awk '{
		out = ""; s = $0
		while (match(s, /-?[0-9]+\.[0-9]+([eE][-+]?[0-9]+)?/)) {
			out = out substr(s, 1, RSTART - 1) sprintf("%.9g", substr(s, RSTART, RLENGTH) + 0)
			s = substr(s, RSTART + RLENGTH)
		}
		print out s
	}'
}
