#!/usr/bin/env python3
"""Golden images for CutoutRaster's rasteriser and drawing context (fills, fill rules, clips).

Needs (pip): numpy skia-python pycairo   (see scripts/requirements-golden.txt)

Run from the repository root:
    python scripts/golden_raster.py
It writes Tests/CutoutRasterTests/Golden/{fill-*,clip-*,mask-*}.pam and prints, per scene, how far
plain 1× Skia and Cairo are from the written golden (their own anti-aliasing error, up to 73
levels at curve and star tips): the reason the goldens are not plain 1× renders.

Format: every file is a binary PAM (P7, WIDTH, HEIGHT, DEPTH 4, MAXVAL 255, TUPLTYPE
RGB_ALPHA) whose samples are PREMULTIPLIED RGBA, 8 bits, rows top first, exactly as Skia's
kRGBA_8888 premultiplied surface holds them. Tests/CutoutRasterTests/GoldenSupport.swift
reads them. The scenes below are mirrored in Tests/CutoutRasterTests/FillGoldenTests.swift;
the two must change together.

Independent engine: Skia (skia-python). The fill and clip scenes hold exact coverage, so that
the Swift tests can bound every pixel tightly: each path's coverage is Skia's anti-aliased
render at SUPERSAMPLE× scale averaged over each pixel (within about 3 levels of exact: 16×
and 32× differ by at most 6, curves included), and each fill is composited source-over onto
a premultiplied 8-bit canvas with that coverage (times the clip's), rounded after every
fill as an 8-bit canvas is; in the mask scene the mask's alpha (1:1) multiplies each fill's.
"""
import math
import os

import cairo
import numpy as np
import skia

OUT = os.path.join(os.path.dirname(__file__), "..", "Tests", "CutoutRasterTests", "Golden")
SIZE = 96


def star(cx, cy, r, points, step):
    pts = []
    for i in range(points):
        a = -math.pi / 2 + i * step * 2 * math.pi / points
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return [("M",) + pts[0]] + [("L",) + p for p in pts[1:]] + [("Z",)]


def rect(x, y, w, h):
    return [("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)]


def ellipse(x, y, w, h):
    """Four cubics, starting at the right-most point, clockwise in y-down space
    (k = 0.5522847498), matching Path.addEllipse(in:)."""
    k = 0.5522847498307936
    cx, cy, rx, ry = x + w / 2, y + h / 2, w / 2, h / 2
    return [("M", cx + rx, cy),
            ("C", cx + rx, cy + k * ry, cx + k * rx, cy + ry, cx, cy + ry),
            ("C", cx - k * rx, cy + ry, cx - rx, cy + k * ry, cx - rx, cy),
            ("C", cx - rx, cy - k * ry, cx - k * rx, cy - ry, cx, cy - ry),
            ("C", cx + k * rx, cy - ry, cx + rx, cy - k * ry, cx + rx, cy),
            ("Z",)]


def blob():
    return [("M", 10, 80), ("C", -20, -30, 140, 20, 85, 76), ("Q", 50, 120, 16, 24), ("Z",)]


# name -> list of ops: ("fill", path, (r,g,b,a 0..255 straight), rule) | ("clip", path, rule)
SCENES = {
    "fill-star-nonzero": [("fill", star(48.3, 49.7, 44, 5, 2), (0, 0, 0, 255), "nonzero")],
    "fill-star-evenodd": [("fill", star(48.3, 49.7, 44, 5, 2), (0, 0, 0, 255), "evenodd")],
    "fill-curves": [("fill", blob(), (20, 90, 200, 255), "nonzero"),
                    ("fill", ellipse(30.5, 8.25, 60, 40), (230, 40, 40, 255), "nonzero")],
    "fill-overlap-alpha": [("fill", ellipse(4, 4, 60, 60), (255, 0, 0, 128), "nonzero"),
                           ("fill", ellipse(32, 4, 60, 60), (0, 160, 0, 128), "nonzero"),
                           ("fill", ellipse(18, 32, 60, 60), (0, 0, 255, 200), "nonzero")],
    "fill-holes-evenodd": [("fill", rect(0, 0, 96, 96) + ellipse(10.5, 10.5, 30, 30) + rect(50.25, 12.75, 35, 70)
                            + star(25, 70, 18, 7, 3), (0, 0, 0, 255), "evenodd")],
    "fill-slivers": [("fill", rect(10.2, 4, 0.3, 88), (0, 0, 0, 255), "nonzero"),
                     ("fill", rect(20.6, 4, 0.05, 88), (0, 0, 0, 255), "nonzero"),
                     ("fill", rect(4, 30.4, 88, 0.2), (200, 0, 0, 255), "nonzero"),
                     ("fill", [("M", 30, 90), ("L", 90, 10), ("L", 90.4, 10.3), ("Z",)], (0, 0, 200, 255), "nonzero")],
    "fill-canvas-edges": [("fill", ellipse(-30.5, -20.25, 157, 136), (20, 120, 60, 255), "nonzero"),
                          ("fill", rect(0, 0, 96, 96) + ellipse(-10, -10, 116, 116), (0, 0, 0, 160), "evenodd")],
    "fill-huge-coordinates": [("fill", [("M", -1e6, -1e6), ("L", 1e6, 48.5), ("L", -1e6, 1e6), ("Z",)], (120, 0, 160, 255), "nonzero"),
                              ("fill", [("M", 48.25, -1e6), ("L", 1e6, 1e6), ("L", 60.75, 1e6), ("Z",)], (250, 160, 0, 200), "nonzero")],
    "clip-circle": [("clip", ellipse(8.5, 12.5, 80, 70), "nonzero"),
                    ("fill", rect(0, 0, 96, 96), (40, 40, 200, 255), "nonzero"),
                    ("fill", rect(-10, 40, 120, 16), (250, 200, 0, 255), "nonzero")],
}


def skia_path(path, rule):
    p = skia.Path()
    for s in path:
        if s[0] == "M":
            p.moveTo(*s[1:])
        elif s[0] == "L":
            p.lineTo(*s[1:])
        elif s[0] == "Q":
            p.quadTo(*s[1:])
        elif s[0] == "C":
            p.cubicTo(*s[1:])
        else:
            p.close()
    p.setFillType(skia.PathFillType.kEvenOdd if rule == "evenodd" else skia.PathFillType.kWinding)
    return p


def render_skia(ops):
    info = skia.ImageInfo.Make(SIZE, SIZE, skia.kRGBA_8888_ColorType, skia.kPremul_AlphaType)
    surface = skia.Surface.MakeRaster(info)
    canvas = surface.getCanvas()
    canvas.clear(skia.ColorTRANSPARENT)
    for op in ops:
        if op[0] == "clip":
            canvas.clipPath(skia_path(op[1], op[2]), doAntiAlias=True)
        else:
            r, g, b, a = op[2]
            paint = skia.Paint(AntiAlias=True, Color=skia.ColorSetARGB(a, r, g, b))
            canvas.drawPath(skia_path(op[1], op[3]), paint)
    out = np.zeros((SIZE, SIZE, 4), np.uint8)
    surface.readPixels(info, out)
    return out


SUPERSAMPLE = 32


def coverage(path, rule):
    """Coverage in 0...1 of each pixel by `path`: Skia at SUPERSAMPLE× scale, box-averaged."""
    n = SIZE * SUPERSAMPLE
    info = skia.ImageInfo.Make(n, n, skia.kRGBA_8888_ColorType, skia.kPremul_AlphaType)
    surface = skia.Surface.MakeRaster(info)
    canvas = surface.getCanvas()
    canvas.clear(skia.ColorTRANSPARENT)
    canvas.scale(SUPERSAMPLE, SUPERSAMPLE)
    canvas.drawPath(skia_path(path, rule), skia.Paint(AntiAlias=True, Color=skia.ColorWHITE))
    out = np.zeros((n, n, 4), np.uint8)
    surface.readPixels(info, out)
    return out[:, :, 3].reshape(SIZE, SUPERSAMPLE, SIZE, SUPERSAMPLE).astype(float).mean(axis=(1, 3)) / 255


def render_exact(ops, clip=None):
    """Source-over of each fill with its exact coverage (times the clip's, which starts as
    `clip` or everywhere 1) on an 8-bit canvas."""
    canvas = np.zeros((SIZE, SIZE, 4))
    clip = np.ones((SIZE, SIZE)) if clip is None else clip
    for op in ops:
        if op[0] == "clip":
            clip = clip * coverage(op[1], op[2])
            continue
        r, g, b, a = op[2]
        cov = coverage(op[1], op[3]) * clip
        src = np.array([r, g, b, 255], float) * (a / 255)
        canvas = np.rint(src * cov[:, :, None] + canvas * (1 - a / 255 * cov)[:, :, None])
    return canvas.astype(np.uint8)


def render_cairo(ops):
    surf = cairo.ImageSurface(cairo.FORMAT_ARGB32, SIZE, SIZE)
    ctx = cairo.Context(surf)
    ctx.set_tolerance(0.01)
    for op in ops:
        ctx.new_path()
        cur = (0, 0)
        for s in op[1]:
            if s[0] == "M":
                ctx.move_to(*s[1:]); cur = s[1:]
            elif s[0] == "L":
                ctx.line_to(*s[1:]); cur = s[1:]
            elif s[0] == "Q":
                cx, cy, x, y = s[1:]
                ctx.curve_to(cur[0] + 2 / 3 * (cx - cur[0]), cur[1] + 2 / 3 * (cy - cur[1]),
                             x + 2 / 3 * (cx - x), y + 2 / 3 * (cy - y), x, y)
                cur = (x, y)
            elif s[0] == "C":
                ctx.curve_to(*s[1:]); cur = s[5:]
            else:
                ctx.close_path()
        rule = op[2] if op[0] == "clip" else op[3]
        ctx.set_fill_rule(cairo.FILL_RULE_EVEN_ODD if rule == "evenodd" else cairo.FILL_RULE_WINDING)
        if op[0] == "clip":
            ctx.clip()
        else:
            r, g, b, a = op[2]
            ctx.set_source_rgba(r / 255, g / 255, b / 255, a / 255)
            ctx.fill()
    surf.flush()
    a = np.ndarray((SIZE, surf.get_stride() // 4, 4), np.uint8, surf.get_data())[:, :SIZE, :]
    return a[:, :, [2, 1, 0, 3]].copy()


def mask_image():
    """The alpha mask of the `mask-*` scenes: a horizontal ramp times vertical bands, 96×96,
    straight alpha in the A channel (premultiplied black). Mirrored in FillGoldenTests."""
    m = np.zeros((SIZE, SIZE, 4), np.uint8)
    for y in range(SIZE):
        for x in range(SIZE):
            m[y, x, 3] = (x * 255 // (SIZE - 1)) if (y // 12) % 2 == 0 else 255 - (x * 255 // (SIZE - 1))
    return m


MASK_SHAPES = [(rect(8, 8, 80, 80), (30, 100, 220)), (ellipse(30.5, 30.5, 50, 50), (240, 120, 0))]


def render_exact_mask():
    """The mask scene with exact coverage: the mask's alpha (1:1) multiplies each fill's."""
    ops = [("fill", path, color + (255,), "nonzero") for path, color in MASK_SHAPES]
    return render_exact(ops, clip=mask_image()[:, :, 3] / 255)


def render_skia_mask():
    """A rect and a circle drawn through the mask at 1:1 (no resampling). Like
    CGContext.clip(to:mask:), the mask clips each drawing operation on its own: every shape
    goes into its own layer, which is multiplied by the mask (kDstIn) and composited (one
    layer for both shapes would differ where they overlap under partial mask alpha)."""
    info = skia.ImageInfo.Make(SIZE, SIZE, skia.kRGBA_8888_ColorType, skia.kPremul_AlphaType)
    surface = skia.Surface.MakeRaster(info)
    canvas = surface.getCanvas()
    canvas.clear(skia.ColorTRANSPARENT)
    image = skia.Image.fromarray(mask_image(), colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kPremul_AlphaType)
    for path, color in MASK_SHAPES:
        canvas.saveLayer()
        canvas.drawPath(skia_path(path, "nonzero"), skia.Paint(AntiAlias=True, Color=skia.ColorSetARGB(255, *color)))
        canvas.drawImage(image, 0, 0, skia.SamplingOptions(), skia.Paint(BlendMode=skia.BlendMode.kDstIn))
        canvas.restore()
    out = np.zeros((SIZE, SIZE, 4), np.uint8)
    surface.readPixels(info, out)
    return out


def write_pam(path, rgba):
    h, w, _ = rgba.shape
    header = ("P7\n# premultiplied RGBA8, written by scripts/golden_raster.py (Skia)\n"
              "WIDTH %d\nHEIGHT %d\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n" % (w, h))
    with open(path, "wb") as fh:
        fh.write(header.encode("ascii"))
        fh.write(np.ascontiguousarray(rgba, np.uint8).tobytes())


def main():
    os.makedirs(OUT, exist_ok=True)
    print("skia %s, cairo %s" % (skia.__version__, cairo.cairo_version_string()))
    for name, ops in SCENES.items():
        golden = render_exact(ops)
        for engine, render in [("skia 1x", render_skia), ("cairo", render_cairo)]:
            d = np.abs(render(ops).astype(int) - golden.astype(int))
            print("%-22s %-8s vs golden: mean %.3f, max %d" % (name, engine, d.mean(), d.max()))
        write_pam(os.path.join(OUT, name + ".pam"), golden)
    golden = render_exact_mask()
    d = np.abs(render_skia_mask().astype(int) - golden.astype(int))
    print("%-22s %-8s vs golden: mean %.3f, max %d" % ("mask-ramp-bands", "skia 1x", d.mean(), d.max()))
    write_pam(os.path.join(OUT, "mask-ramp-bands.pam"), golden)


if __name__ == "__main__":
    main()
