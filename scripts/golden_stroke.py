#!/usr/bin/env python3
"""Regenerates Tests/CutoutGeometryTests/Fixtures/stroke/stroke-cases.json.

Each case is a small path with stroke (and dash) parameters. Skia (an independent engine)
strokes it with Paint.getFillPath at a high resolution scale, skia-pathops simplifies the
result to non-overlapping contours under its non-zero fill, and the exact area of that region
(shoelace of the simplified outline, curves flattened into 512 pieces each) and its tight
bounds are written out. The Swift differential tests stroke the same input with
Path.copy(strokingWithWidth:...) and compare.

Each case is also rasterised by cairo (pycairo) at 16-20x scale and its coverage summed, as an
independent cross-check (`cairoArea`). Where Skia is known to be wrong, the case says
`"reference": "cairo"` with a note and the tests compare with cairo instead:
- square caps on a line that follows a curve through a miter join: Skia's square capper
  extends the line's outline points and adds ~1.6 units² that cairo and Cutout do not have.
(A closed circle stroked wider than its diameter is left out: Skia and cairo both leave a hole
of radius width/2 - r whose points are within width/2 of the circle; Cutout covers the full
disc, and StrokeTests checks that analytically.)

Needs: skia-python, skia-pathops, pycairo, numpy (pip install skia-python skia-pathops pycairo numpy; see
scripts/requirements-golden.txt). Run: python scripts/golden_stroke.py
"""
import json
import math
import os

import cairo
import numpy as np
import pathops
import skia

OUT = os.path.join(os.path.dirname(__file__), "..", "Tests", "CutoutGeometryTests",
                   "Fixtures", "stroke", "stroke-cases.json")
RES_SCALE = 64.0  # Skia's curve-approximation precision factor for the stroker and dasher
CAPS = {"butt": skia.Paint.kButt_Cap, "round": skia.Paint.kRound_Cap, "square": skia.Paint.kSquare_Cap}
JOINS = {"miter": skia.Paint.kMiter_Join, "round": skia.Paint.kRound_Join, "bevel": skia.Paint.kBevel_Join}


def skia_path(elements):
    p = skia.Path()
    for e in elements:
        op, a = e[0], e[1:]
        if op == "M":
            p.moveTo(*a)
        elif op == "L":
            p.lineTo(*a)
        elif op == "Q":
            p.quadTo(*a)
        elif op == "C":
            p.cubicTo(*a)
        elif op == "Z":
            p.close()
    return p


def ellipse(cx, cy, rx, ry):
    """A closed ellipse as four cubics (start at angle 0, increasing angle), like addEllipse."""
    k = 4 / 3 * math.tan(math.pi / 8)
    els = [["M", cx + rx, cy]]
    pts = [(1, 0), (0, 1), (-1, 0), (0, -1), (1, 0)]
    for i in range(4):
        (x0, y0), (x1, y1) = pts[i], pts[i + 1]
        els.append(["C", cx + rx * (x0 - k * y0), cy + ry * (y0 + k * x0),
                    cx + rx * (x1 + k * y1), cy + ry * (y1 - k * x1), cx + rx * x1, cy + ry * y1])
    els.append(["Z"])
    return els


def to_pathops(sp):
    """Copies a skia.Path into a pathops.Path, conics split into 32 quads each."""
    out = pathops.Path()
    it = skia.Path.Iter(sp, False)
    while True:
        verb, pts = it.next()
        if verb == skia.Path.kDone_Verb:
            break
        if verb == skia.Path.kMove_Verb:
            out.moveTo(pts[0].fX, pts[0].fY)
        elif verb == skia.Path.kLine_Verb:
            out.lineTo(pts[1].fX, pts[1].fY)
        elif verb == skia.Path.kQuad_Verb:
            out.quadTo(pts[1].fX, pts[1].fY, pts[2].fX, pts[2].fY)
        elif verb == skia.Path.kConic_Verb:
            quads = skia.Path.ConvertConicToQuads(pts[0], pts[1], pts[2], it.conicWeight(), 5)
            for i in range(1, len(quads), 2):
                out.quadTo(quads[i].fX, quads[i].fY, quads[i + 1].fX, quads[i + 1].fY)
        elif verb == skia.Path.kCubic_Verb:
            out.cubicTo(pts[1].fX, pts[1].fY, pts[2].fX, pts[2].fY, pts[3].fX, pts[3].fY)
        elif verb == skia.Path.kClose_Verb:
            out.close()
    return out


def flattened_area_and_bounds(pp):
    """Area and bounds of a simplified pathops path (non-overlapping contours, so the sum of
    signed contour areas is the filled area), curves cut into 512 pieces each."""
    n = 512
    area = 0.0
    xs, ys = [], []
    contours = []
    points = iter(pp.points)
    cur = None
    for verb in pp.verbs:
        if verb == pathops.PathVerb.MOVE:
            cur = next(points)
            contours.append([cur])
        elif verb == pathops.PathVerb.LINE:
            cur = next(points)
            contours[-1].append(cur)
        elif verb == pathops.PathVerb.QUAD:
            c, e = next(points), next(points)
            for k in range(1, n + 1):
                t = k / n
                contours[-1].append(((1 - t) ** 2 * cur[0] + 2 * (1 - t) * t * c[0] + t * t * e[0],
                                     (1 - t) ** 2 * cur[1] + 2 * (1 - t) * t * c[1] + t * t * e[1]))
            cur = e
        elif verb == pathops.PathVerb.CUBIC:
            c1, c2, e = next(points), next(points), next(points)
            for k in range(1, n + 1):
                t = k / n
                mt = 1 - t
                contours[-1].append((mt ** 3 * cur[0] + 3 * mt * mt * t * c1[0] + 3 * mt * t * t * c2[0] + t ** 3 * e[0],
                                     mt ** 3 * cur[1] + 3 * mt * mt * t * c1[1] + 3 * mt * t * t * c2[1] + t ** 3 * e[1]))
            cur = e
        elif verb == pathops.PathVerb.CLOSE:
            pass
        else:
            raise ValueError(f"unexpected verb {verb}")
    signed = 0.0
    for pts in contours:
        for i in range(len(pts)):
            x0, y0 = pts[i]
            x1, y1 = pts[(i + 1) % len(pts)]
            signed += x0 * y1 - x1 * y0
        xs += [p[0] for p in pts]
        ys += [p[1] for p in pts]
    if not contours:
        return 0.0, [0, 0, 0, 0]
    return abs(signed) / 2, [min(xs), min(ys), max(xs), max(ys)]


def cairo_area(elements, width, cap, join, miter, dash):
    """Coverage of cairo's antialiased stroke, rasterised at high scale, in units²."""
    xs = [v for e in elements for v in e[1::2]]
    ys = [v for e in elements for v in e[2::2]]
    pad = width * 2 + 2
    x0, y0 = min(xs) - pad, min(ys) - pad
    extent = max(max(xs) - x0, max(ys) - y0) + pad
    scale = min(20.0, 2400.0 / extent)
    size = int(extent * scale) + 1
    surf = cairo.ImageSurface(cairo.FORMAT_A8, size, size)
    ctx = cairo.Context(surf)
    ctx.scale(scale, scale)
    ctx.translate(-x0, -y0)
    for e in elements:
        op, a = e[0], e[1:]
        if op == "M":
            ctx.move_to(*a)
        elif op == "L":
            ctx.line_to(*a)
        elif op == "Q":
            x, y = ctx.get_current_point()
            ctx.curve_to(x + 2 / 3 * (a[0] - x), y + 2 / 3 * (a[1] - y),
                         a[2] + 2 / 3 * (a[0] - a[2]), a[3] + 2 / 3 * (a[1] - a[3]), a[2], a[3])
        elif op == "C":
            ctx.curve_to(*a)
        elif op == "Z":
            ctx.close_path()
    ctx.set_line_width(width)
    ctx.set_line_cap({"butt": cairo.LINE_CAP_BUTT, "round": cairo.LINE_CAP_ROUND, "square": cairo.LINE_CAP_SQUARE}[cap])
    ctx.set_line_join({"miter": cairo.LINE_JOIN_MITER, "round": cairo.LINE_JOIN_ROUND, "bevel": cairo.LINE_JOIN_BEVEL}[join])
    ctx.set_miter_limit(miter)
    ctx.set_tolerance(0.01)
    if dash is not None:
        ctx.set_dash(dash["lengths"], dash["phase"])
    ctx.stroke()
    surf.flush()
    data = np.ndarray(shape=(size, surf.get_stride()), dtype=np.uint8, buffer=surf.get_data())
    return float(data.astype(np.float64).sum() / 255 / scale / scale)


def stroke_case(name, elements, width, cap="butt", join="miter", miter=10.0, dash=None, exact=False, note=None,
                reference="skia"):
    paint = skia.Paint(Style=skia.Paint.kStroke_Style, StrokeWidth=width, StrokeCap=CAPS[cap],
                       StrokeJoin=JOINS[join], StrokeMiter=miter)
    if dash is not None:
        lengths = dash["lengths"]
        if len(lengths) % 2 == 1:
            lengths = lengths + lengths  # Core Graphics and SVG repeat an odd list
        paint.setPathEffect(skia.DashPathEffect.Make(lengths, dash["phase"]))
    dst = skia.Path()
    paint.getFillPath(skia_path(elements), dst, None, RES_SCALE)
    pp = to_pathops(dst)
    pp.fillType = pathops.FillType.WINDING
    pp.simplify()
    area, bounds = flattened_area_and_bounds(pp)
    case = {"name": name, "elements": elements, "width": width, "cap": cap, "join": join,
            "miterLimit": miter, "exact": exact, "skiaArea": area, "skiaBounds": bounds,
            "cairoArea": cairo_area(elements, width, cap, join, miter, dash), "reference": reference}
    if dash is not None:
        case["dash"] = dash
    if note:
        case["note"] = note
    return case


def main():
    zig = [["M", 10, 80], ["L", 30, 20], ["L", 50, 70], ["L", 70, 15], ["L", 90, 85]]
    rect = [["M", 20, 20], ["L", 80, 20], ["L", 80, 60], ["L", 20, 60], ["Z"]]
    star = [["M", 50, 5]]
    for i in range(1, 5):
        a = -math.pi / 2 + i * 4 * math.pi / 5
        star.append(["L", 50 + 45 * math.cos(a), 50 + 45 * math.sin(a)])
    star.append(["Z"])
    seed_small = [["M", 30, 30], ["Q", 120, 0, 90, 90]]
    cases = [
        # Polygonal results: lines, butt/square caps, miter/bevel joins are exact.
        stroke_case("line-butt", [["M", 10, 10], ["L", 90, 40]], 8, "butt", exact=True),
        stroke_case("line-square", [["M", 10, 10], ["L", 90, 40]], 8, "square", exact=True),
        stroke_case("zigzag-miter", zig, 6, "butt", "miter", 10, exact=True),
        stroke_case("zigzag-miter-limited", zig, 6, "square", "miter", 2, exact=True),
        stroke_case("zigzag-bevel", zig, 6, "butt", "bevel", exact=True),
        stroke_case("sharp-turn-miter", [["M", 10, 50], ["L", 90, 55], ["L", 10, 62]], 6, "butt", "miter", 30, exact=True),
        stroke_case("reversal-180-miter", [["M", 10, 50], ["L", 90, 50], ["L", 30, 50]], 10, "butt", "miter", exact=True),
        stroke_case("reversal-180-square", [["M", 10, 50], ["L", 90, 50], ["L", 30, 50]], 10, "square", "bevel", exact=True),
        stroke_case("rect-miter", rect, 10, "butt", "miter", exact=True),
        stroke_case("rect-bevel", rect, 10, "round", "bevel", exact=True),
        stroke_case("star-miter", star, 5, "butt", "miter", 10, exact=True),
        stroke_case("star-bevel", star, 5, "butt", "bevel", exact=True),
        stroke_case("square-dot", [["M", 50, 50], ["L", 50, 50]], 10, "square", exact=True),
        stroke_case("rect-dashed", rect, 4, "butt", "miter",
                    dash={"phase": 3, "lengths": [10, 5]}, exact=True),
        stroke_case("zigzag-dashed-odd", zig, 3, "square", "bevel",
                    dash={"phase": -4, "lengths": [9, 4, 2]}, exact=True),
        # Curved results.
        stroke_case("line-round", [["M", 10, 10], ["L", 90, 40]], 8, "round"),
        stroke_case("zigzag-round", zig, 6, "round", "round"),
        stroke_case("round-dot", [["M", 50, 50], ["L", 50, 50]], 10, "round"),
        stroke_case("seed-quad-small", seed_small, 14, "round", "round"),
        stroke_case("seed-quad", [["M", 150, 150], ["Q", 600, 0, 450, 450]], 70, "round", "round"),
        stroke_case("seed-quad-butt", seed_small, 14, "butt", "miter"),
        stroke_case("cubic-s", [["M", 10, 50], ["C", 40, 0, 60, 100, 90, 50]], 8, "butt", "miter"),
        stroke_case("cubic-s-square", [["M", 10, 50], ["C", 40, 0, 60, 100, 90, 50], ["L", 90, 90]], 8, "square", "miter",
                    reference="cairo", note="Skia's square cap after a miter join adds ~1.6 units²"),
        stroke_case("cubic-loop", [["M", 20, 80], ["C", 120, 0, -20, 0, 80, 80]], 16, "butt", "round"),
        stroke_case("cubic-loop-thin", [["M", 20, 80], ["C", 120, 0, -20, 0, 80, 80]], 3, "round", "round"),
        stroke_case("cubic-cusp", [["M", 10, 80], ["C", 90, 0, 10, 0, 90, 80]], 10, "butt", "bevel"),
        stroke_case("quad-line-join", [["M", 10, 90], ["Q", 50, 0, 90, 90], ["L", 10, 90]], 6, "butt", "miter", 10),
        stroke_case("circle", ellipse(50, 50, 30, 30), 6, "butt", "miter"),
        stroke_case("ellipse", ellipse(50, 50, 40, 20), 8, "butt", "bevel"),
        stroke_case("circle-dashed", ellipse(50, 50, 30, 30), 3, "round", "round",
                    dash={"phase": 0, "lengths": [8, 4]}),
        stroke_case("cubic-dashed", [["M", 10, 50], ["C", 40, 0, 60, 100, 90, 50]], 4, "butt", "miter",
                    dash={"phase": -3, "lengths": [6, 3, 2]}),
        stroke_case("seed-quad-dashed", seed_small, 6, "square", "round",
                    dash={"phase": 25, "lengths": [12, 6]}),
    ]
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as f:
        json.dump({"generator": "scripts/golden_stroke.py", "skia": skia.__version__, "resScale": RES_SCALE,
                   "cases": cases}, f, indent=1)
    for c in cases:
        print(f"{c['name']:24s} skia {c['skiaArea']:.6f} cairo {c['cairoArea']:.6f} "
              f"({(c['cairoArea'] - c['skiaArea']) / c['skiaArea']:+.2e}) ref {c['reference']}")


if __name__ == "__main__":
    main()
