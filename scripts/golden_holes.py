#!/usr/bin/env python3
"""Golden images for CutoutHoles' gallery scenes, drawn independently with Skia.

Needs: pip install numpy skia-python   (see scripts/requirements-golden.txt)
Run:   python scripts/golden_holes.py
Writes Tests/CutoutHolesTests/Golden/<scene-id>.png at 1x (390 x 300 points).

Each scene is rebuilt from its specification (the numbers in HolesGallery.swift), not from
Cutout's output: gradients are Skia linear shaders laid out in the layer's unit square, holes
are cut by filling the complement (the canvas rect plus the hole, even-odd), shadows use a
Gaussian mask filter with sigma = radius / 2 (Cutout's documented rule).
"""
import os
import numpy as np
import skia

W, H = 390, 300
OUT = os.path.join(os.path.dirname(__file__), "..", "Tests", "CutoutHolesTests", "Golden")


def color(r, g, b, a=1.0):
    return skia.Color4f(r, g, b, a).toColor()


def linear(colors, start=(0, 0), end=(1, 1)):
    """A CAGradientLayer-style axial gradient: start and end in unit coordinates of the layer,
    the gradient laid out in unit space and then scaled to the bounds (so on a non-square layer
    the isolines are perpendicular to the start-end line in unit space, not in points)."""
    return skia.GradientShader.MakeLinear([skia.Point(*start), skia.Point(*end)], colors, None,
                                          skia.TileMode.kClamp, 0, skia.Matrix.Scale(W, H))


def save(surface, name):
    image = surface.makeImageSnapshot()
    arr = image.toarray(colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kPremul_AlphaType)
    skia.Image.fromarray(np.ascontiguousarray(arr), colorType=skia.kRGBA_8888_ColorType).save(
        os.path.join(OUT, name + ".png"), skia.kPNG)


def hole_view():
    """A white view with a rounded hole (200 x 180 at (95, 60), radius 36) over a coral-violet gradient."""
    surface = skia.Surface(W, H)
    c = surface.getCanvas()
    c.clear(skia.ColorTRANSPARENT)
    coral, violet = color(0.98, 0.45, 0.38), color(0.45, 0.28, 0.85)
    c.drawRect(skia.Rect(0, 0, W, H), skia.Paint(Shader=linear([coral, violet]), AntiAlias=True))
    path = skia.Path()
    path.addRect(skia.Rect(-1, -1, W + 1, H + 1))
    path.addRRect(skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(95, 60, 200, 180), 36, 36))
    path.setFillType(skia.PathFillType.kEvenOdd)
    c.save()
    c.clipRect(skia.Rect(0, 0, W, H))
    c.drawPath(path, skia.Paint(Color=skia.ColorWHITE, AntiAlias=True))
    c.restore()
    save(surface, "hole-view")


def chamfered(x, y, w, h, inset):
    """SPEC 3's border: top-left and bottom-right chamfered, top-right and bottom-left rounded."""
    p = skia.Path()
    p.moveTo(x + inset, y)
    p.lineTo(x + w - inset, y)
    p.arcTo(skia.Rect(x + w - 2 * inset, y, x + w, y + 2 * inset), -90, 90, False)
    p.lineTo(x + w, y + h - inset)
    p.lineTo(x + w - inset, y + h)
    p.lineTo(x + inset, y + h)
    p.arcTo(skia.Rect(x, y + h - 2 * inset, x + 2 * inset, y + h), 90, 90, False)
    p.lineTo(x, y + inset)
    p.close()
    return p


def shaped_border():
    """The chamfered view (270 x 200 at (60, 50), inset 40), white, black shadow radius 20."""
    surface = skia.Surface(W, H)
    c = surface.getCanvas()
    c.clear(skia.ColorTRANSPARENT)
    c.drawRect(skia.Rect(0, 0, W, H),
               skia.Paint(Shader=linear([color(0.93, 0.94, 0.97), color(0.8, 0.86, 0.98)]), AntiAlias=True))
    outline = chamfered(60, 50, 270, 200, 40)
    shadow = skia.Paint(Color=skia.ColorBLACK, AntiAlias=True,
                        MaskFilter=skia.MaskFilter.MakeBlur(skia.kNormal_BlurStyle, 10.0))
    c.drawPath(outline, shadow)
    c.drawPath(outline, skia.Paint(Color=skia.ColorWHITE, AntiAlias=True))
    save(surface, "shaped-border")


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    hole_view()
    shaped_border()
