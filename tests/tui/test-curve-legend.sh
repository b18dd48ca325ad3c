#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Issue 24, "a readable curve panel", read back from tmux with the colours
# (capture-pane -e) at 80x24, 120x40 and 200x60:
# - the legend has an entry for every element drawn (each series, the H
#   floor, the log n ceiling, the Lemma 2.1 band, the n and n* markers), its
#   glyph in the attribute the plot draws that element with (the same
#   attribute found on the plot's cells), the attributes told apart; without
#   colour (NO_COLOR) and in ASCII (--ascii) each element keeps its glyph;
# - a curve at an axis limit (theta = 0.02: H = 0 and max weight = 1 from
#   n = 2 up) is drawn through the middle of its row with its glyph on it,
#   not along the row's edge where it read as the axis ("⣀" under H, "⠉"
#   over the max weight);
# - compare mode's max-weight axis follows the curves: SSMax's Lemma 2.1 band
#   falls to 6.2e-61 at 2^40, softmax's max weight to 4.97e-11 (`report
#   -n 2^40`, the CLI's figure): the axis ends at floor(log10 4.97e-11) =
#   -11, the band is clipped there with a note, and softmax's fall reaches
#   the plot's lowest rows; with SSMax alone (and in the adaptive view, whose
#   plain twin is no comparison) the band sets the range, and
#   at delta = 8 (band edge 4.3e-109) its "1e-100" label is whole.
# - the uniform law's H runs within a sub-row of log n: the log n entry says
#   so (the ceiling would look missing), the power series' does not.
# The cell and attribute reader is the python3 below (ECMA-48 SGR codes as
# tmux writes them).
. "$top_srcdir/tests/tap.sh"
. "$top_srcdir/tests/tui/tui-lib.sh"

cat >"$tui_tmp/panel.py" <<'EOF'
# Reads `capture-pane -e -p` on stdin, finds the curve panel and checks
# it; argv[1] names the checks.  Prints "STATUS description" lines (0 =
# pass) for the shell's TAP.
import math, re, sys

CHECK = sys.argv[1]
ARGS = sys.argv[2:]
out = []
def ok(cond, desc):
    out.append("%d %s" % (0 if cond else 1, desc))

# Cells: (char, attribute) with the attribute (bold, dim, reverse, fg, bg).
st = dict(b=0, d=0, r=0, fg=None, bg=None)
def sgr(params):
    p = [int(x) if x else 0 for x in params.split(";")] if params else [0]
    i = 0
    while i < len(p):
        c = p[i]
        if c == 0: st.update(b=0, d=0, r=0, fg=None, bg=None)
        elif c == 1: st["b"] = 1
        elif c == 2: st["d"] = 1
        elif c == 7: st["r"] = 1
        elif c == 22: st.update(b=0, d=0)
        elif c == 27: st["r"] = 0
        elif 30 <= c <= 37 or 90 <= c <= 97: st["fg"] = str(c)
        elif 40 <= c <= 47 or 100 <= c <= 107: st["bg"] = str(c)
        elif c in (38, 48):
            n = 3 if p[i + 1] == 5 else 5
            st["fg" if c == 38 else "bg"] = ";".join(map(str, p[i:i + n]))
            i += n - 1
        elif c == 39: st["fg"] = None
        elif c == 49: st["bg"] = None
        i += 1
def attr():
    return (st["b"], st["d"], st["r"], st["fg"], st["bg"])
grid = []
for line in sys.stdin.read().split("\n"):
    row = []
    for m in re.finditer(r"\x1b\[([0-9;]*)m|\x1b[^\[]|(.)", line, re.S):
        if m.group(2) is not None:
            row.append((m.group(2), attr()))
        elif m.group(1) is not None:
            sgr(m.group(1))
    grid.append(row)
text = ["".join(c for c, a in r) for r in grid]

# The panel: its title row, frame columns and bottom row.
ty = next(y for y, t in enumerate(text) if " Entropy and max" in t)
t0 = text[ty].index(" Entropy and max")
x0 = max(text[ty].rfind("┌", 0, t0), text[ty].rfind("+", 0, t0))
x1 = min(i for i in (text[ty].find("┐", x0), text[ty].find("+", x0 + 1)) if i > 0)
y1 = next(y for y in range(ty + 1, len(text)) if text[y][x0] in "└+")
rows = range(ty + 1, y1)
def cell(y, x):
    return grid[y][x] if x < len(grid[y]) else (" ", None)
axis = lambda y: text[y][x0 + 1:x0 + 7].strip()
plot0 = next(y for y in rows if re.fullmatch(r"[0-9][0-9.e+-]*", axis(y)))
lab = next((y for y in rows if "max weight" in text[y]), None)
xax = next(y for y in rows if "2^40" in text[y])
legend = range(ty + 1, plot0)
hrows = range(plot0, lab if lab is not None else xax)
mrows = range(lab + 1, xax) if lab is not None else range(0)
is_braille = lambda c: "\u2800" <= c <= "\u28ff"

def entry(glyph, label):
    """Attributes of the legend entry's glyph and of its text's first cell."""
    for y in legend:
        i = text[y].find(glyph + " " + label, x0 + 1, x1)
        if i >= 0:
            return cell(y, i)[1], cell(y, i + len(glyph) + 1)[1]
    return None, None
def plot_cells(rs, pred):
    return [(y, x) for y in rs for x in range(x0 + 8, x1) if pred(*cell(y, x))]
def legend_text():
    return " / ".join(text[y][x0 + 1:x1].rstrip() for y in legend)
coloured = lambda a: a is not None and a[3] is not None

if CHECK in ("default", "mono", "ascii"):
    utf = CHECK != "ascii"
    G = dict(series="●" if utf else "*", line="─" if utf else "-",
        dot="·" if utf else ".", vline="│" if utf else "|")
    want = [("series", G["series"], "softmax"), ("floor", G["line"], "H floor"),
        ("log n", G["dot"], "log n"), ("band", G["line"], "Lemma 2.1 band"),
        ("n", G["vline"], "n=16"), ("n*", ":", "n*=5405.6")]
    A = {}
    for name, g, label in want:
        ga, ta = entry(g, label)
        ok(ga is not None, "legend entry '%s %s' (%s)" % (g, label, legend_text()))
        ok(ga is not None and ga == ta, "legend '%s %s': glyph and text alike %s" % (g, label, ga))
        A[name] = ga
    # The plot draws each element in its entry's attribute.
    where = [("series", hrows, is_braille if utf else (lambda c: c == "*")),
        ("floor", hrows, is_braille if utf else (lambda c: c == "-")),
        ("log n", hrows, is_braille if utf else (lambda c: c == ".")),
        ("band", mrows, is_braille if utf else (lambda c: c == "-")),
        ("n", list(hrows) + list(mrows), lambda c: c == G["vline"]),
        ("n*", list(hrows) + list(mrows), lambda c: c == ":")]
    for name, rs, pred in where:
        n = len(plot_cells(rs, lambda c, a, p=pred, want=A[name]: p(c) and a == want))
        ok(n > 0, "%s: %d plot cells in the legend's attribute %s" % (name, n, A[name]))
    if CHECK == "default":
        # Coloured: series, band and marker each in a colour, the log n
        # ceiling dim; four attributes apart.
        ok(all(coloured(A[k]) for k in ("series", "band", "n")), "series, band, markers coloured")
        ok(A["log n"] is not None and A["log n"][1] == 1, "log n ceiling dim in plot and legend")
        ok(len({A["series"], A["band"], A["log n"], A["n"]}) == 4,
            "series, band, log n and marker attributes apart")
    elif CHECK == "mono":
        # Without colour the glyphs (found above) tell the elements apart.
        ok(not any(coloured(a) for y in rows for c, a in grid[y][x0:x1 + 1]), "no colour in the panel")
elif CHECK == "limit":
    utf = ARGS[0] == "utf8"
    hb = hrows[-1]
    mt = mrows[0]
    ga, ta = entry("●" if utf else "*", "softmax")
    row = lambda y: [cell(y, x) for x in range(x0 + 7, x1)]
    for y, name, edge, mid in ((hb, "H = 0", "⣀", "⠤"), (mt, "max weight = 1", "⠉", "⠒")):
        cs = row(y)
        if utf:
            g = sum(1 for c, a in cs if c == "●" and a == ga)
            ok(g >= 3, "%s row: %d series glyphs in the series' attribute" % (name, g))
            e = sum(1 for c, a in cs if c == edge)
            m = sum(1 for c, a in cs if c == mid and a == ga)
            ok(e == 0 and m >= 20, "%s drawn through the row (%d '%s'), not along its edge (%d '%s')" %
                (name, m, mid, e, edge))
        else:
            g = sum(1 for c, a in cs if c == "*")
            ok(g >= 40, "%s row: %d '*'" % (name, g))
elif CHECK == "compare":
    ylo = int(ARGS[0])
    names = [("●", "2:ssmax"), ("◆", "1:softmax"), ("▲", "3:logn")]
    attrs = []
    for g, label in names:
        ga, ta = entry(g, label)
        ok(ga is not None and ga == ta and coloured(ga), "compare legend '%s %s' in its colour %s" % (g, label, ga))
        attrs.append(ga)
    ok(len(set(attrs)) == 3, "three functions, three attributes")
    # The band's and the critical-n marker's colours are no function's.
    ba = entry("─", "Lemma 2.1 band")[0]
    ma = entry("│", "n=")[0]
    fg = lambda a: a[3] if a else None
    ok(ba is not None and ma is not None and fg(ba) not in map(fg, attrs) and
        fg(ma) not in map(fg, attrs), "band %s and n marker %s: colours no function has (%s)" %
        (fg(ba), fg(ma), ", ".join(map(str, map(fg, attrs)))))
    ok("Lemma 2.1 band" in legend_text(), "the band's entry stays")
    decades = []
    for y in mrows:
        a = axis(y)
        if a == "1": decades.append(0)
        elif re.fullmatch(r"0\.0*1", a): decades.append(-(len(a) - 2))
        elif re.fullmatch(r"1e-[0-9]+", a): decades.append(int(a[3:]) * -1)
    low = min(decades) if decades else 0
    ok(decades and ylo <= low <= ylo + 2, "max weight axis: lowest label 10^%d, at the curves' floor 10^%d (not 1e-60)" % (low, ylo))
    note = "band < 1e%d clipped" % ylo
    ok(note in legend_text(), "note '%s' (%s)" % (note, legend_text()))
    # softmax's fall crosses the plot: its colour on the two lowest rows.
    sm = attrs[1]
    n = len(plot_cells(mrows[-2:], lambda c, a: is_braille(c) and a == sm))
    ok(n > 0, "softmax's fall reaches the plot's lowest rows (%d cells)" % n)
elif CHECK == "single":
    # The band's lower edge runs down to the plot's lowest rows (the axis's
    # lowest label is the lowest whole decade in range, maybe above it).
    ga, ta = entry("─", "Lemma 2.1 band")
    n = len(plot_cells(mrows[-2:], lambda c, a: is_braille(c) and a == ga))
    ok(ga is not None and n > 0, "not comparing: the band sets the range, its edge on the lowest rows (%d cells)" % n)
    decades = [int(axis(y)[3:]) * -1 for y in mrows if re.fullmatch(r"1e-[0-9]+", axis(y))]
    ok(not decades or min(decades) >= int(ARGS[0]), "not comparing: labels down to 10^%d, not past the band's 10^%s" %
        (min(decades) if decades else 0, ARGS[0]))
    ok("clipped" not in legend_text(), "not comparing: nothing clipped")
    # A log axis labels its highest and lowest decade at every size (at
    # 80x24 it showed "1" alone: one label says nothing of the scale).
    labs = [axis(y) for y in mrows if axis(y)]
    ok(len(labs) >= 2 and labs[0] == "1" and labs[-1].startswith("1e-"),
        "max weight axis: its two ends labelled at least: %s" % labs)
elif CHECK == "deep":
    # Three-digit decades: the axis widens, no label is cut ("1e-100"
    # read "1e-10" in five columns).
    bexp = int(ARGS[0])
    labs = [axis(y) for y in mrows if axis(y)]
    ok(all(re.fullmatch(r"1|0\.1|0\.01|1e-[0-9]+", a) for a in labs), "max weight labels are decades: %s" % labs)
    decades = [int(a[3:]) * -1 for a in labs if a.startswith("1e-")]
    low = min(decades) if decades else 0
    ok(bexp <= low <= -100, "lowest label 10^%d whole, within the band's 10^%d" % (low, bexp))
print("\n".join(out))
EOF

# check NAME [ARGS]: the panel checks on the pane, as TAP lines.
check() {
	T capture-pane -e -p >"$tui_tmp/pane"
	"$py3" "$tui_tmp/panel.py" "$@" <"$tui_tmp/pane" >"$tui_tmp/res" 2>"$tui_tmp/err" ||
	    { ok 1 "$sz $1: panel read ($(tail -1 "$tui_tmp/err"))"; return; }
	while read -r st desc; do
		ok "$st" "$sz $1: $desc"
	done <"$tui_tmp/res"
}
# up W H [options]: the TUI with the curve panel in view and settled.
up() {
	tui_fresh "$@"
	tui_wait "Parameters" >/dev/null
	# (At 80x24 one plot is shown: focus moves to the curve.)
	tui_cap | grep -q " Entropy and max" || T send-keys Tab Tab
	tui_wait " Entropy and max" >/dev/null
	tui_settle >/dev/null
}

# The CLI's figures at n = 2^40: softmax's max weight sets compare mode's
# axis; SSMax's band edge, the band's depth.
mw=$(report_value max_weight -n 2^40)
ylo=$(awk -v v="$mw" 'BEGIN { x = log(v) / log(10); f = int(x); if (f > x) f--; print f }')
blo=$(report_value lemma_tight_lo -n 2^40 --attn ssmax)
bexp=$(awk -v v="$blo" 'BEGIN { x = log(v) / log(10); f = int(x); if (f > x) f--; print f }')
ok $(test "$ylo" -eq -11 && test "$bexp" -lt -50; echo $?) "report n = 2^40: softmax max weight $mw (10^$ylo), SSMax band edge $blo (10^$bexp)"
b8=$(report_value lemma_tight_lo -n 2^40 --attn ssmax --delta 8)
b8exp=$(awk -v v="$b8" 'BEGIN { x = log(v) / log(10); f = int(x); if (f > x) f--; print f }')
ok $(test "$b8exp" -le -100; echo $?) "report n = 2^40, delta = 8: SSMax band edge $b8 (10^$b8exp)"

for sz in 80x24 120x40 200x60; do
	w=${sz%x*} h=${sz#*x}
	up "$w" "$h"
	check default
	up "$w" "$h" --theta 0.02
	check limit utf8
	up "$w" "$h" --attn ssmax
	check single "$bexp"
	T send-keys c
	tui_wait "1:softmax" >/dev/null
	tui_settle 300 >/dev/null
	check compare "$ylo"
	up "$w" "$h" --attn ssmax --delta 8
	check deep "$b8exp"
done
sz=120x40
# Every other theme (the names from the theme table, as --theme lists
# them): the compare overlay's colours against the band's and the marker's.
for t in $("$DISPERSE" --theme '?' 2>&1 | sed -n 's/.*(\(.*\)).*/\1/p'); do
	[ "$t" = default ] && continue
	sz="120x40 $t"
	up 120 40 --attn ssmax --theme "$t"
	T send-keys c
	tui_wait "1:softmax" >/dev/null
	tui_settle 300 >/dev/null
	check compare "$ylo"
done
sz=120x40
# H under its log n ceiling: the uniform law's H at 2^40 is 0.48 below log n
# (`report`), less than one of the plot's sub-rows (its top label over its
# 4 h - 3 sub-rows: braille, one kept free at each end), so the two curves
# are one line and the legend says so; the power series at theta = 0.5
# falls 4.7 below log n at n = 2^8, more than two sub-rows, and its legend
# has no note.
# gap_max OPTIONS: the largest log n - H by the CLI over n = 2^2, 2^4 .. 2^40.
gap_max() {
	for k in 2 4 6 8 10 12 16 20 30 40; do
		"$DISPERSE" report -n "2^$k" --format csv "$@" 2>/dev/null |
		    awk -F, -v k="$k" '$1 == "entropy_nats" { print k * log(2) - $2 }'
	done | sort -g | tail -1
}
# subrow: the entropy plot's sub-row height on the pane: the top label ends
# where the "0 H" label does, some rows above it.
subrow() {
	tui_cap | "$py3" -c '
import re, sys
rows = sys.stdin.read().split("\n")
for b, line in enumerate(rows):
    e = line.find(" 0 H ")
    if e >= 0:
        e += 4
        for t in range(b - 1, 0, -1):
            m = re.search(r"([0-9.]+)$", rows[t][:e])
            if m and rows[t][e - len(m.group(1)) - 1] == " ":
                print(float(m.group(1)) / (4 * (b - t + 1) - 3))
                sys.exit(0)
'
}
gu=$(gap_max --family uniform)
gp=$(gap_max --theta 0.5)
up 120 40 --family uniform
sr=$(subrow)
ok $(awk -v g="$gu" -v r="$sr" 'BEGIN { exit !(g > 0 && g < r) }'; echo $?) \
    "uniform: log n - H at most $gu, under one sub-row ($sr)"
tui_cap | grep -q "log n (H within a dot)"
ok $? "uniform: the legend says H runs on log n"
up 120 40 --theta 0.5
sr=$(subrow)
ok $(awk -v g="$gp" -v r="$sr" 'BEGIN { exit !(g > 2 * r) }'; echo $?) \
    "power, theta 0.5: log n - H up to $gp, past two sub-rows ($sr)"
tui_cap | grep "log n" | grep -q "H within"
ok $((!$?)) "power, theta 0.5: no note on log n"
up 120 40 --family uniform --ascii
tui_cap | grep -q "log n (H within a row)"
ok $? "uniform, ASCII: the legend says H runs on log n"
NO_COLOR=1
up 120 40
check mono
NO_COLOR=
# The adaptive view draws plain softmax beside it: not compare mode, the
# band still sets the range.
up 120 40 --adaptive
check single -300
up 120 40 --ascii
check ascii
up 120 40 --ascii --theta 0.02
check limit ascii
T send-keys q
tui_exited; ok $? "quit"
tui_restored; ok $? "terminal restored"
tap_done
