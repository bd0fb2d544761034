#!/usr/bin/env python3
"""Differential fixtures for Cutout's path boolean operations (Path+Boolean.swift).

Needs: pip install numpy skia-python skia-pathops   (see scripts/requirements-golden.txt)
Run:   python scripts/golden_boolean.py
Writes Tests/CutoutGeometryTests/Fixtures/boolean/pathops-cases.json and pathops-degenerate.json.

Every case gives two operands as absolute SVG path data (M/L/Q/C/Z only, coordinates rounded
to float32 so Skia, whose paths are float32, sees exactly what the Swift test parses), the
operation and the fill rule of both operands. The reference is skia-pathops (Skia's PathOps):
- "area": the net area of its result, by the shoelace formula on the result flattened into
  512 pieces per curve (lines are exact);
- "bounds": [minX, minY, maxX, maxY] of the result;
- "samples": points (x, y, inside) where the result's membership is the same at the point and
  at 8 neighbours 0.75 pt away, so they are clear of the outline.
"kind" says how the Swift test compares areas: "exact" (result vertices are representable:
1e-9 relative), "polygon" (slanted crossings; Skia rounds its output to float32: 1e-6),
"curve" (both sides flatten curves: 0.1%).

Near-degenerate cases ("kind": "degenerate") go to pathops-degenerate.json in the same format:
fans of thin wedges whose apexes all lie within a few grid cells of one point, pinwheels whose
hundred chords all pass within 0.02 pt of the centre (Skia fails when they come closer),
almost-collinear overlapping edges, slivers one float32 ulp thick, grids of squares whose
shared edges differ by one ulp, and random polygons whose vertices cluster around three points (splitmix64, seeded). Operands are
float32 like the others; the Swift test compares areas within a bound stated there and checks
that no two result edges cross.

The seed case (SPEC §3, "erased curve"): Skia's stroker outlines the quadratic from
(w/4, h/4) to (3w/4, 3h/4), control (w, 0), width 70, round caps and joins, on a 100 x 100
card with corner radius 20 (the seed's code at a size where the thick curve folds over itself;
at 300 pt it does not); the outline is stored as an operand. "island" lists points where
the outline overlaps itself (non-zero fill, but not even-odd fill) inside the card.
"""
import json
import math
from fractions import Fraction
import os
import random

import numpy as np
import pathops
import skia

OUT = os.path.join(os.path.dirname(__file__), "..", "Tests", "CutoutGeometryTests", "Fixtures", "boolean",
                   "pathops-cases.json")
OUT_DEGENERATE = os.path.join(os.path.dirname(OUT), "pathops-degenerate.json")
K = 0.5522847498307936  # cubic circle constant


def f32(v):
    return float(np.float32(v))


def fmt(v):
    v = f32(v)
    return repr(int(v)) if v == int(v) else repr(v)


class SVG:
    """Builds absolute SVG path data with float32 coordinates."""

    def __init__(self):
        self.parts = []

    def M(self, x, y): self.parts.append(f"M{fmt(x)} {fmt(y)}"); return self
    def L(self, x, y): self.parts.append(f"L{fmt(x)} {fmt(y)}"); return self
    def Q(self, cx, cy, x, y): self.parts.append(f"Q{fmt(cx)} {fmt(cy)} {fmt(x)} {fmt(y)}"); return self
    def C(self, a, b, c, d, x, y):
        self.parts.append(f"C{fmt(a)} {fmt(b)} {fmt(c)} {fmt(d)} {fmt(x)} {fmt(y)}"); return self
    def Z(self): self.parts.append("Z"); return self
    def __add__(self, other):
        s = SVG(); s.parts = self.parts + other.parts; return s
    def text(self): return " ".join(self.parts)


def poly(pts):
    s = SVG().M(*pts[0])
    for p in pts[1:]:
        s.L(*p)
    return s.Z()


def rect(x, y, w, h):
    return poly([(x, y), (x + w, y), (x + w, y + h), (x, y + h)])


def circle(cx, cy, r):
    k = K * r
    return (SVG().M(cx + r, cy).C(cx + r, cy + k, cx + k, cy + r, cx, cy + r)
            .C(cx - k, cy + r, cx - r, cy + k, cx - r, cy).C(cx - r, cy - k, cx - k, cy - r, cx, cy - r)
            .C(cx + k, cy - r, cx + r, cy - k, cx + r, cy).Z())


def rounded_rect(x, y, w, h, r):
    k = K * r
    s = SVG().M(x + r, y).L(x + w - r, y).C(x + w - r + k, y, x + w, y + r - k, x + w, y + r)
    s.L(x + w, y + h - r).C(x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h)
    s.L(x + r, y + h).C(x + r - k, y + h, x, y + h - r + k, x, y + h - r)
    s.L(x, y + r).C(x, y + r - k, x + r - k, y, x + r, y)
    return s.Z()


def star(cx, cy, r, n=5, step=2, phase=-math.pi / 2):
    return poly([(cx + r * math.cos(phase + 2 * math.pi * i * step / n),
                  cy + r * math.sin(phase + 2 * math.pi * i * step / n)) for i in range(n)])


def parse_svg(data, fill):
    """The tiny M/L/Q/C/Z grammar this script writes."""
    p = pathops.Path(fillType=fill)
    toks = data.replace("M", " M ").replace("L", " L ").replace("Q", " Q ").replace("C", " C ").replace("Z", " Z ").split()
    i = 0
    while i < len(toks):
        c = toks[i]; i += 1
        n = {"M": 2, "L": 2, "Q": 4, "C": 6, "Z": 0}[c]
        a = [float(t) for t in toks[i:i + n]]; i += n
        if c == "M": p.moveTo(*a)
        elif c == "L": p.lineTo(*a)
        elif c == "Q": p.quadTo(*a)
        elif c == "C": p.cubicTo(*a)
        else: p.close()
    return p


def flatten(path):
    """Contours of the path as point lists (curves in 512 pieces)."""
    contours, cur = [], []

    def add_quad(p0, p1, p2):
        for t in np.linspace(0, 1, 513)[1:]:
            cur.append(((1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * p1[0] + t * t * p2[0],
                        (1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * p1[1] + t * t * p2[1]))

    for verb, pts in path.segments:
        if verb == "moveTo":
            if cur: contours.append(cur)
            cur = [pts[0]]
        elif verb == "lineTo":
            cur.append(pts[0])
        elif verb == "qCurveTo":
            # TrueType-style runs: implied on-curve points halfway between off-curve ones.
            offs, end = pts[:-1], pts[-1]
            for j, c in enumerate(offs):
                nxt = end if j == len(offs) - 1 else ((c[0] + offs[j + 1][0]) / 2, (c[1] + offs[j + 1][1]) / 2)
                add_quad(cur[-1], c, nxt)
        elif verb == "curveTo":
            p0, (p1, p2, p3) = cur[-1], pts
            for t in np.linspace(0, 1, 513)[1:]:
                mt = 1 - t
                cur.append((mt ** 3 * p0[0] + 3 * mt * mt * t * p1[0] + 3 * mt * t * t * p2[0] + t ** 3 * p3[0],
                            mt ** 3 * p0[1] + 3 * mt * mt * t * p1[1] + 3 * mt * t * t * p2[1] + t ** 3 * p3[1]))
        elif verb in ("closePath", "endPath"):
            if cur: contours.append(cur)
            cur = []
        else:
            raise ValueError(verb)
    if cur: contours.append(cur)
    return contours


def net_area(path):
    total = 0.0
    for c in flatten(path):
        xs = np.array([p[0] for p in c]); ys = np.array([p[1] for p in c])
        total += 0.5 * float(np.sum(xs * np.roll(ys, -1) - np.roll(xs, -1) * ys))
    return abs(total)


OPS = {"union": pathops.PathOp.UNION, "intersection": pathops.PathOp.INTERSECTION,
       "subtracting": pathops.PathOp.DIFFERENCE, "symmetricDifference": pathops.PathOp.XOR}
RULES = {"winding": pathops.FillType.WINDING, "evenOdd": pathops.FillType.EVEN_ODD}


def samples(result, box, rng, count=48, margin=0.75):
    x0, y0, x1, y1 = box
    out, tries = [], 0
    want_in = count // 2
    n_in = 0
    while len(out) < count and tries < 20000:
        tries += 1
        x, y = rng.uniform(x0 - 5, x1 + 5), rng.uniform(y0 - 5, y1 + 5)
        inside = result.contains((x, y))
        ok = all(result.contains((x + dx * margin, y + dy * margin)) == inside
                 for dx in (-1, 0, 1) for dy in (-1, 0, 1))
        if not ok:
            continue
        if inside and n_in >= want_in and tries < 10000:
            continue
        if not inside and len(out) - n_in >= count - want_in and tries < 10000:
            continue
        n_in += inside
        out.append([round(x, 4), round(y, 4), bool(inside)])
    return out


def make_case(name, a, b, op, rule, kind, rng):
    fill = RULES[rule]
    pa, pb = parse_svg(a.text(), fill), parse_svg(b.text(), fill)
    res = pathops.op(pa, pb, OPS[op], fix_winding=True)
    ba, bb = pa.bounds, pb.bounds
    box = (min(ba[0], bb[0]), min(ba[1], bb[1]), max(ba[2], bb[2]), max(ba[3], bb[3]))
    return {"name": name, "op": op, "rule": rule, "kind": kind, "a": a.text(), "b": b.text(),
            "area": net_area(res), "bounds": list(res.bounds) if list(res.segments) else None,
            "samples": samples(res, box, rng)}


def seed_outline(w=100.0, h=100.0):
    src = skia.Path()
    src.moveTo(w / 4, h / 4)
    src.quadTo(w, 0, 3 * w / 4, 3 * h / 4)
    paint = skia.Paint(Style=skia.Paint.kStroke_Style, StrokeWidth=70,
                       StrokeCap=skia.Paint.kRound_Cap, StrokeJoin=skia.Paint.kRound_Join)
    dst = skia.Path()
    paint.getFillPath(src, dst)
    s = SVG()
    it = skia.Path.Iter(dst, False)
    cur = None
    while True:
        verb, pts = it.next()
        if verb == skia.Path.kDone_Verb:
            break
        if verb == skia.Path.kMove_Verb:
            s.M(pts[0].x(), pts[0].y()); cur = pts[0]
        elif verb == skia.Path.kLine_Verb:
            s.L(pts[1].x(), pts[1].y())
        elif verb == skia.Path.kQuad_Verb:
            s.Q(pts[1].x(), pts[1].y(), pts[2].x(), pts[2].y())
        elif verb == skia.Path.kConic_Verb:
            # Round caps and joins are conics; Skia's own conversion to quads (tolerance 0.01).
            quads = skia.Path.ConvertConicToQuads(pts[0], pts[1], pts[2], it.conicWeight(), 6)
            for j in range(1, len(quads) - 1, 2):
                s.Q(quads[j].x(), quads[j].y(), quads[j + 1].x(), quads[j + 1].y())
        elif verb == skia.Path.kCubic_Verb:
            s.C(pts[1].x(), pts[1].y(), pts[2].x(), pts[2].y(), pts[3].x(), pts[3].y())
        elif verb == skia.Path.kClose_Verb:
            s.Z()
    return s


def f32_next(v, k=1):
    """The float32 k ulps above v."""
    x = np.float32(v)
    for _ in range(k):
        x = np.nextafter(x, np.float32(np.inf), dtype=np.float32)
    return float(x)


def fan(cx, cy, n, r, half_width, phase, jitter, rng):
    s = SVG()
    for i in range(n):
        a = phase + 2 * math.pi * i / n
        apex = (cx + rng.uniform(-jitter, jitter), cy + rng.uniform(-jitter, jitter))
        s = s + poly([apex, (cx + r * math.cos(a - half_width), cy + r * math.sin(a - half_width)),
                      (cx + r * math.cos(a + half_width), cy + r * math.sin(a + half_width))])
    return s


def pinwheel(n, r, eps, phase):
    """A closed polygon of n near-diameters: each chord passes within r*eps of the centre."""
    return poly([(r * math.cos(phase + i * (math.pi + eps)), r * math.sin(phase + i * (math.pi + eps)))
                 for i in range(n)])


def ulp_squares(n, size, horizontal):
    """A row (or column) of squares whose shared edges sit one float32 ulp apart."""
    s = SVG()
    for i in range(n):
        lo = f32_next(i * size, i % 2) if i else 0.0
        hi = f32_next((i + 1) * size, (i + 1) % 2 * 2)
        s = s + (rect(lo, 0, hi - lo, size) if horizontal else rect(0, lo, size, hi - lo))
    return s


class SplitMix:
    def __init__(self, seed):
        self.state = seed

    def unit(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & ((1 << 64) - 1)
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & ((1 << 64) - 1)
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & ((1 << 64) - 1)
        z ^= z >> 31
        return (z >> 11) / 9007199254740992


def clustered_polygon(g, vertices, centres, jitter):
    pts = []
    for _ in range(vertices):
        cx, cy = centres[int(g.unit() * len(centres))]
        pts.append((cx + (g.unit() - 0.5) * jitter, cy + (g.unit() - 0.5) * jitter))
    return poly(pts)


def polygons(svg):
    """The contours of M/L/Z path data as lists of exact (Fraction) points."""
    contours, cur = [], []
    for part in svg.parts:
        if part[0] == "M":
            if cur: contours.append(cur)
            cur = [tuple(Fraction(float(v)) for v in part[1:].split())]
        elif part[0] == "L":
            cur.append(tuple(Fraction(float(v)) for v in part[1:].split()))
        elif part[0] == "Z":
            if cur: contours.append(cur)
            cur = []
        else:
            raise ValueError(part)
    if cur: contours.append(cur)
    return contours


KEEP = {"union": lambda x, y: x or y, "intersection": lambda x, y: x and y,
        "subtracting": lambda x, y: x and not y, "symmetricDifference": lambda x, y: x != y}


def exact_areas(a, b, rule):
    """Area of every operation on polygon sets a and b, exactly, by vertical slabs (independent of Skia).

    Slabs run between consecutive x coordinates of vertices and crossings, so no two edges
    cross inside one; there, the edges are sorted by height and each trapezoid between
    neighbours is inside or not by the operands' winding numbers (edges below, signed by
    direction)."""
    edges = []
    for tag, polys in ((0, a), (1, b)):
        for c in polys:
            for i in range(len(c)):
                p, q = c[i], c[(i + 1) % len(c)]
                if p[0] != q[0]:
                    edges.append((p, q, tag, 1 if p[0] < q[0] else -1))
    xs = {p[0] for e in edges for p in e[:2]}
    for i in range(len(edges)):
        (p, q) = edges[i][:2]
        for j in range(i + 1, len(edges)):
            (r, t) = edges[j][:2]
            d = (q[0] - p[0]) * (t[1] - r[1]) - (q[1] - p[1]) * (t[0] - r[0])
            if d == 0:
                continue
            u = ((r[0] - p[0]) * (t[1] - r[1]) - (r[1] - p[1]) * (t[0] - r[0])) / d
            v = ((r[0] - p[0]) * (q[1] - p[1]) - (r[1] - p[1]) * (q[0] - p[0])) / d
            if 0 < u < 1 and 0 < v < 1:
                xs.add(p[0] + u * (q[0] - p[0]))
    xs = sorted(xs)
    inside = (lambda w: w != 0) if rule == "winding" else (lambda w: w % 2 != 0)

    def y_at(e, x):
        p, q = e[0], e[1]
        return p[1] + (q[1] - p[1]) * (x - p[0]) / (q[0] - p[0])

    totals = {op: Fraction(0) for op in KEEP}
    for x0, x1 in zip(xs, xs[1:]):
        xm = (x0 + x1) / 2
        span = sorted((e for e in edges if min(e[0][0], e[1][0]) <= x0 and max(e[0][0], e[1][0]) >= x1),
                      key=lambda e: y_at(e, xm))
        w = [0, 0]
        for k in range(len(span) - 1):
            e = span[k]
            w[e[2]] += e[3]
            ops = [op for op, keep in KEEP.items() if keep(inside(w[0]), inside(w[1]))]
            if ops:
                f = span[k + 1]
                area = (x1 - x0) * ((y_at(f, x0) - y_at(e, x0)) + (y_at(f, x1) - y_at(e, x1))) / 2
                for op in ops:
                    totals[op] += area
    return {op: float(t) for op, t in totals.items()}


def winding(polys, x, y):
    """Winding number of polygon set `polys` at (x, y) (a point clear of the outline)."""
    w = 0
    for c in polys:
        for i in range(len(c)):
            (px, py), (qx, qy) = [(float(v[0]), float(v[1])) for v in (c[i], c[(i + 1) % len(c)])]
            if (py <= y) != (qy <= y):
                cross = (qx - px) * (y - py) - (qy - py) * (x - px)
                if qy > py and cross > 0:
                    w += 1
                elif qy < py and cross < 0:
                    w -= 1
    return w


def make_degenerate_case(name, a, b, op, rule, areas, rng, count=48, margin=0.75):
    """A near-degenerate case: the exact area (``exact_areas``), Skia's area for comparison (None
    when PathOps fails), samples classified from the operands' exact winding numbers."""
    pa, pb = polygons(a), polygons(b)
    inside = (lambda w: w != 0) if rule == "winding" else (lambda w: w % 2 != 0)

    def member(x, y):
        return KEEP[op](inside(winding(pa, x, y)), inside(winding(pb, x, y)))

    try:
        fill = RULES[rule]
        res = pathops.op(parse_svg(a.text(), fill), parse_svg(b.text(), fill), OPS[op], fix_winding=True)
        skia_area = net_area(res)
    except pathops.PathOpsError:
        skia_area = None
    xs = [float(p[0]) for poly in pa + pb for p in poly]
    ys = [float(p[1]) for poly in pa + pb for p in poly]
    out, n_in, tries = [], 0, 0
    while len(out) < count and tries < 4000:
        tries += 1
        x, y = rng.uniform(min(xs) - 5, max(xs) + 5), rng.uniform(min(ys) - 5, max(ys) + 5)
        m = member(x, y)
        if any(member(x + dx * margin, y + dy * margin) != m for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
            continue
        if m and n_in >= count // 2 and tries < 2000:
            continue
        if not m and len(out) - n_in >= count - count // 2 and tries < 2000:
            continue
        n_in += m
        out.append([round(x, 4), round(y, 4), bool(m)])
    return {"name": name, "op": op, "rule": rule, "kind": "degenerate", "a": a.text(), "b": b.text(),
            "area": areas[op], "pathops_area": skia_area, "samples": out}


def degenerate_cases(rng):
    cases = []

    def add(name, a, b, rules=("winding",)):
        for rule in rules:
            areas = exact_areas(polygons(a), polygons(b), rule)
            for op in OPS:
                c = make_degenerate_case(f"{name}-{op}-{rule}", a, b, op, rule, areas, rng)
                if c["pathops_area"] is None:
                    print("pathops failed:", c["name"])
                elif abs(c["pathops_area"] - c["area"]) > 1e-6 * max(1, c["area"]):
                    print(f"pathops off: {c['name']} {c['pathops_area']} vs exact {c['area']}")
                cases.append(c)

    add("fan", fan(0, 0, 16, 100, 0.05, 0, 1e-6, rng), fan(0, 0, 16, 100, 0.05, 1e-6, 1e-6, rng),
        rules=("winding", "evenOdd"))
    add("pinwheel", pinwheel(61, 100, 1e-7, 0.1), pinwheel(47, 90, 3e-7, 0.7), rules=("winding", "evenOdd"))
    add("almost-collinear",
        poly([(-100, 0), (100, 3e-6), (100, 60), (-100, 60)]) + poly([(-100, 20), (100, 20.000004), (100, 30), (-100, 30)]),
        poly([(-120, -2e-6), (80, 5e-6), (80, -50), (-120, -50)]) + poly([(-120, 20.000001), (80, 19.999998), (80, 40), (-120, 40)]))
    add("sliver", rect(0, 0, 100, 100), poly([(0, 1e-6), (100, 0), (100, 100), (f32_next(0), 100)]))
    add("ulp-squares", ulp_squares(8, 10, True), ulp_squares(8, 10, False), rules=("winding", "evenOdd"))
    centres = [(0, 0), (f32_next(0, 3), 50), (40, f32_next(20))]
    for seed in (1, 2, 3):
        g = SplitMix(seed)
        a = clustered_polygon(g, 24, centres, 2e-6) + clustered_polygon(g, 7, centres, 1e-3)
        b = clustered_polygon(g, 18, centres, 2e-6) + clustered_polygon(g, 9, centres, 30)
        add(f"clustered-{seed}", a, b, rules=("winding", "evenOdd"))
    return cases


def main():
    rng = random.Random(20240611)
    cases = []
    ra, rb = rect(10, 10, 100, 80), rect(60, 40, 120, 90)
    for op in OPS:
        cases.append(make_case(f"rects-{op}", ra, rb, op, "winding", "exact", rng))
    cases.append(make_case("shared-edge-union", rect(0, 0, 50, 50), rect(50, 0, 50, 50), "union", "winding", "exact", rng))
    cases.append(make_case("partial-shared-edge-union", rect(0, 0, 50, 50), rect(50, 20, 40, 60), "union", "winding", "exact", rng))
    cases.append(make_case("partial-shared-edge-xor", rect(0, 0, 50, 50), rect(25, 50, 50, 30), "symmetricDifference", "winding", "exact", rng))
    cases.append(make_case("shared-vertex-union", rect(0, 0, 40, 40), rect(40, 40, 40, 40), "union", "winding", "exact", rng))
    tri1, tri2 = poly([(0, 0), (100, 100), (0, 100)]), poly([(0, 0), (100, 0), (100, 100)])
    cases.append(make_case("shared-diagonal-union", tri1, tri2, "union", "winding", "exact", rng))
    cases.append(make_case("shared-diagonal-intersection", tri1, tri2, "intersection", "winding", "exact", rng))
    lshape = poly([(0, 0), (80, 0), (80, 30), (30, 30), (30, 80), (0, 80)])
    cases.append(make_case("collinear-overlap-union", lshape, rect(30, 10, 50, 40), "union", "winding", "exact", rng))
    cases.append(make_case("collinear-overlap-subtracting", lshape, rect(10, 30, 40, 30), "subtracting", "winding", "exact", rng))
    # Nested: outer square with an inner square drawn the SAME way, so the rule decides the hole.
    holed = rect(0, 0, 200, 200) + rect(50, 50, 100, 100)
    for rule in RULES:
        for op in ("union", "subtracting", "intersection", "symmetricDifference"):
            cases.append(make_case(f"nested-{op}-{rule}", holed, rect(100, 25, 150, 60) + rect(120, 35, 20, 20),
                                   op, rule, "exact", rng))
    cases.append(make_case("same-path-union", lshape, lshape, "union", "winding", "exact", rng))
    cases.append(make_case("same-path-subtracting", lshape, lshape, "subtracting", "winding", "exact", rng))
    st, st2 = star(100, 100, 90), star(150, 120, 70, n=7, step=3)
    for rule in RULES:
        for op in OPS:
            cases.append(make_case(f"stars-{op}-{rule}", st, st2, op, rule, "polygon", rng))
        cases.append(make_case(f"star-minus-rect-{rule}", st, rect(60, 60, 80, 70), "subtracting", rule, "polygon", rng))
    c1, c2 = circle(100, 100, 60), circle(160, 110, 50)
    for op in OPS:
        cases.append(make_case(f"circles-{op}", c1, c2, op, "winding", "curve", rng))
    r1, r2 = rounded_rect(20, 20, 160, 100, 24), rounded_rect(100, 70, 120, 120, 40)
    for op in OPS:
        cases.append(make_case(f"roundrects-{op}", r1, r2, op, "winding", "curve", rng))
    cases.append(make_case("circle-in-roundrect-evenOdd-xor", r1 + circle(100, 70, 30), circle(110, 80, 35),
                           "symmetricDifference", "evenOdd", "curve", rng))
    card, outline = rounded_rect(0, 0, 100, 100, 20), seed_outline()
    for op in ("subtracting", "intersection", "union"):
        cases.append(make_case(f"seed-card-{op}-stroke", card, outline, op, "winding", "curve", rng))
    # Island: inside the card, in the outline's non-zero fill but not in its even-odd fill.
    po_nz, po_eo = parse_svg(outline.text(), RULES["winding"]), parse_svg(outline.text(), RULES["evenOdd"])
    island = []
    for y in range(2, 100):
        for x in range(2, 100):
            pts = [(x + dx, y + dy) for dx in (-1.5, 0, 1.5) for dy in (-1.5, 0, 1.5)]
            if all(po_nz.contains(p) and not po_eo.contains(p) for p in pts):
                island.append([float(x), float(y)])
    seed = {"card": card.text(), "outline": outline.text(), "island": island}
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as fh:
        json.dump({"generator": "scripts/golden_boolean.py (skia-pathops %s)" % pathops.__version__,
                   "cases": cases, "seed": seed}, fh, indent=1)
    print(f"{len(cases)} cases, {len(island)} island points -> {os.path.normpath(OUT)}")
    degenerate = degenerate_cases(random.Random(20261125))
    with open(OUT_DEGENERATE, "w") as fh:
        json.dump({"generator": "scripts/golden_boolean.py (skia-pathops %s)" % pathops.__version__,
                   "cases": degenerate}, fh, indent=1)
    print(f"{len(degenerate)} near-degenerate cases -> {os.path.normpath(OUT_DEGENERATE)}")


if __name__ == "__main__":
    main()
