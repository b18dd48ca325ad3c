# SPDX-License-Identifier: GPL-3.0-or-later
# Checks of written figures shared by the figure tests: source after
# tests/tap.sh.  PDF through poppler-utils (PDFINFO, PDFFONTS from
# configure; the checks skip, saying so, without them), PNG through
# png-check.py (stdlib python3 in $PY).
# shellcheck shell=sh

# fig_pdf FILE PAGE LABEL: two results: the page size is PAGE (pdfinfo's
# "W x H pts"), and every font is embedded (pdffonts).
fig_pdf() {
	if [ -n "$PDFINFO" ] && [ -x "$PDFINFO" ] && [ -n "$PDFFONTS" ] && [ -x "$PDFFONTS" ]; then
		_size=$("$PDFINFO" "$1" 2>/dev/null | sed -n 's/^Page size: *//p')
		ok $(test "$_size" = "$2"; echo $?) "$3: page $2 ($_size)"
		_fonts=$("$PDFFONTS" "$1" 2>&1 | tail -n +3)
		_nf=$(printf '%s\n' "$_fonts" | grep -c .)
		_ne=$(printf '%s\n' "$_fonts" | awk '{ for (i = 1; i <= NF; i++) if ($i == "yes" || $i == "no") { print $i; break } }' | grep -c '^yes$')
		ok $(test "$_nf" -ge 1 && test "$_nf" -eq "$_ne"; echo $?) "$3: all $_nf fonts embedded"
	else
		ok 0 "# SKIP $3: pdfinfo/pdffonts not found"
		ok 0 "# SKIP $3 fonts"
	fi
}

# fig_png FILE W H LABEL: two results: the image is W x H pixels (IHDR),
# and not blank (pixel variance > 0).
fig_png() {
	set -- "$1" "$2" "$3" "$4" $("$PY" "$top_srcdir/tests/export/png-check.py" "$1" 2>/dev/null)
	ok $(test "${5:-0}" -eq "$2" && test "${6:-0}" -eq "$3"; echo $?) "$4: $2 x $3 pixels (${5:-?} x ${6:-?})"
	ok $(awk -v v="${7:-0}" 'BEGIN { exit !(v > 0) }'; echo $?) "$4: not blank (variance ${7:-?})"
}
