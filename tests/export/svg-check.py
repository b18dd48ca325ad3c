#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Read a snapshot figure's SVG (stdlib only) and check how it is drawn.

  svg-check.py styles FILE  one line a legend item: "COLOUR DASH MARKER
                            label"; exit 1 if two items share all three.
  svg-check.py boxes FILE   exit 1, naming them, if the boxes of two texts
                            among the axis titles, the legend and the n*
                            label overlap, or the n* label's box holds a
                            point of a drawn line (polyline).
  svg-check.py mapbox FILE WIDTH
                            the map's cells and its cursor cell as pixel
                            boxes of the figure rendered WIDTH pixels wide:
                            "X0 Y0 X1 Y1 CX0 CY0 CX1 CY1", the cells' box
                            shrunk by 2 pixels (the frame), the cursor's
                            grown by its strokes.

A marker is read from the elements the legend draws on its sample: a
circle, a square (rect), a triangle or diamond (3- or 4-point polygon), a
cross (two diagonal lines) or a plus (two straight lines).  Text boxes use
the estimate of dsp_svg_text_width (0.58 em a character): height one em
above the baseline, rotated texts (the y-axis titles) turned by 90
degrees about their anchor."""
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"


def tag(e):
    return e.tag[len(NS):] if e.tag.startswith(NS) else e.tag


def groups(root, cls):
    return [g for g in root.iter(NS + "g") if g.get("class") == cls]


def marker(elems):
    if not elems:
        return "none"
    t = tag(elems[0])
    if t == "circle":
        return "circle"
    if t == "rect":
        return "square"
    if t == "polygon":
        return {3: "triangle", 4: "diamond"}.get(len(elems[0].get("points").split()), "?")
    if t == "line" and len(elems) == 2:
        e = elems[0]
        diag = e.get("x1") != e.get("x2") and e.get("y1") != e.get("y2")
        return "cross" if diag else "plus"
    return "?"


def styles(root):
    seen, bad = {}, 0
    for it in groups(root, "legend-item"):
        kids = list(it)
        sample = kids[0]
        label = "".join(kids[-1].itertext())
        color = sample.get("stroke") or sample.get("fill")
        dash = sample.get("stroke-dasharray", "solid")
        key = (color, dash, marker([k for k in kids[1:-1]]))
        print("%s %s %s %s" % (key[0], key[1].replace(" ", ","), key[2], label))
        if key in seen:
            print("# same style: %r and %r" % (seen[key], label))
            bad = 1
        seen.setdefault(key, label)
    return bad


def font(e, parents, base):
    while e is not None:
        if e.get("font-size"):
            return float(e.get("font-size"))
        e = parents.get(e)
    return base


def boxes(root):
    parents = {c: p for p in root.iter() for c in p}
    base = float(root.get("font-size", "12"))
    texts = []
    for g in groups(root, "axes") + groups(root, "legend"):
        for t in g.iter(NS + "text"):
            s = "".join(t.itertext())
            # Axis titles (rotated, or the larger font) and legend labels;
            # tick labels sit beside their ticks by construction.
            if g.get("class") == "axes" and t.get("class") not in ("axis-title",):
                continue
            texts.append((t, s))
    texts += [(t, "".join(t.itertext())) for t in root.iter(NS + "text")
              if t.get("class") == "critical-n-label"]
    rects = []
    for t, s in texts:
        size = font(t, parents, base)
        w, x, y = 0.58 * size * len(s), float(t.get("x")), float(t.get("y"))
        a = t.get("text-anchor", "start")
        x0 = x - (w / 2 if a == "middle" else w if a == "end" else 0)
        r = (x0, y - size * 0.8, x0 + w, y + size * 0.2)
        if "rotate(-90" in (t.get("transform") or ""):
            # The text's box turned about (x, y): along y, across x.
            r = (x - size * 0.8, y - (r[2] - x), x + size * 0.2, y - (r[0] - x))
        rects.append((r, s))
    bad = 0
    for i in range(len(rects)):
        for j in range(i + 1, len(rects)):
            a, b = rects[i][0], rects[j][0]
            if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]:
                print("# overlap: %r %r and %r %r" % (rects[i][1], a, rects[j][1], b))
                bad = 1
    # The n* label off the drawn series: no point of a polyline (sampled
    # along its segments) inside the label's box.
    for (r, s), (t, _) in zip(rects, texts):
        if t.get("class") != "critical-n-label":
            continue
        for pl in root.iter(NS + "polyline"):
            pts = [tuple(map(float, p.split(","))) for p in pl.get("points").split()]
            for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
                if any(r[0] < x0 + (x1 - x0) * k / 20 < r[2] and
                       r[1] < y0 + (y1 - y0) * k / 20 < r[3] for k in range(21)):
                    print("# %r on a %s line" % (s, pl.get("stroke")))
                    bad = 1
                    break
    print("%d texts" % len(rects))
    return bad


def rect_box(r):
    x, y = float(r.get("x")), float(r.get("y"))
    return (x, y, x + float(r.get("width")), y + float(r.get("height")))


def mapbox(root, width):
    k = width / float(root.get("viewBox").split()[2])
    cells = [rect_box(r) for g in groups(root, "cells") for r in g.iter(NS + "rect")]
    cur = [rect_box(r) for r in root.iter(NS + "rect") if r.get("class") == "cursor"][0]
    box = [min(c[0] for c in cells), min(c[1] for c in cells),
           max(c[2] for c in cells), max(c[3] for c in cells)]
    # The frame's stroke (under 1 unit) over the cells' edge; the cursor's
    # white stroke (2 units) and black outline (1 unit further out).
    out = [box[0] * k + 2, box[1] * k + 2, box[2] * k - 2, box[3] * k - 2,
           (cur[0] - 2.5) * k - 1, (cur[1] - 2.5) * k - 1, (cur[2] + 2.5) * k + 1,
           (cur[3] + 2.5) * k + 1]
    print(" ".join("%d" % round(v) for v in out))
    return 0


def main(what, path, *rest):
    root = ET.parse(path).getroot()
    if what == "mapbox":
        sys.exit(mapbox(root, float(rest[0])))
    sys.exit({"styles": styles, "boxes": boxes}[what](root))


if __name__ == "__main__":
    main(*sys.argv[1:])
