#!/usr/bin/env python3
"""Golden images for CutoutHoles' gallery scenes, drawn independently with Skia.

Needs: pip install numpy skia-python   (see scripts/requirements-golden.txt)
Run:   python scripts/golden_holes.py
Writes Tests/CutoutGalleryTests/Golden/<scene-id>.png at 1x (390 x 300 points); for an animated
scene, <scene-id>.png is its first frame. Scenes drawn here: hole-view, shaped-border, hole-kinds,
list-holes, list-scrolling, list-short-content, stacked-hole. The other gallery scenes (procedural
images, the stroker's outline under even-odd) have reviewed renders instead (HolesGoldenTests.swift).

Each scene is rebuilt from its specification (the numbers in HolesGallery.swift), not from
Cutout's output: gradients are Skia linear shaders laid out in the layer's unit square, holes
are cut by filling the complement (the canvas rect plus the hole, even-odd), shadows use a
Gaussian mask filter with sigma = radius / 2 (Cutout's documented rule).
"""
import math
import os
import numpy as np
import skia
import skia_text

W, H = 390, 300
OUT = os.path.join(os.path.dirname(__file__), "..", "Tests", "CutoutGalleryTests", "Golden")


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


def rgba(c, a=1.0):
    return color(c[0], c[1], c[2], a)


CORAL, VIOLET, TEAL = (0.98, 0.45, 0.38), (0.45, 0.28, 0.85), (0.1, 0.7, 0.72)
SKY, GOLD, INK, MIST = (0.3, 0.6, 0.98), (1, 0.78, 0.25), (0.16, 0.17, 0.24), (0.93, 0.94, 0.97)


def star(x, y, w, h, points, ratio):
    """Tips on the ellipse inscribed in the rect, the first straight up; inner vertices on the
    same ellipse scaled by ratio; alternating at equal angle steps."""
    p = skia.Path()
    cx, cy, rx, ry = x + w / 2, y + h / 2, w / 2, h / 2
    for k in range(2 * points):
        a = -math.pi / 2 + math.pi * k / points
        s = 1 if k % 2 == 0 else ratio
        pt = (cx + rx * s * math.cos(a), cy + ry * s * math.sin(a))
        p.moveTo(*pt) if k == 0 else p.lineTo(*pt)
    p.close()
    return p


def rrect(x, y, w, h, r):
    return skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(x, y, w, h), r, r)


def cut(canvas, draw_hole, sigma=0.0):
    """Removes a hole's coverage from what the current layer holds (dst x (1 - hole)), as
    destinationOut: the holes' union is removed whatever their overlap."""
    paint = skia.Paint(Color=skia.ColorBLACK, AntiAlias=True, BlendMode=skia.BlendMode.kDstOut)
    if sigma > 0:
        paint.setMaskFilter(skia.MaskFilter.MakeBlur(skia.kNormal_BlurStyle, sigma))
    draw_hole(paint)


def hole_kinds():
    """Seven holes in a mist overlay over a teal-sky-violet gradient; numbers from HolesGallery."""
    surface = skia.Surface(W, H)
    c = surface.getCanvas()
    c.clear(skia.ColorTRANSPARENT)
    c.drawRect(skia.Rect(0, 0, W, H), skia.Paint(Shader=linear([rgba(TEAL), rgba(SKY), rgba(VIOLET)]), AntiAlias=True))
    c.saveLayer()
    c.drawRect(skia.Rect(0, 0, W, H), skia.Paint(Color=rgba(MIST)))
    corners = skia.RRect()
    # Skia's order: upper-left, upper-right, lower-right, lower-left.
    corners.setRectRadii(skia.Rect.MakeXYWH(24, 30, 110, 90),
                         [skia.Point(40, 40), skia.Point(8, 8), skia.Point(40, 40), skia.Point(8, 8)])
    cut(c, lambda p: c.drawRRect(corners, p))
    cut(c, lambda p: c.drawCircle(205, 75, 45 - 6, p))                       # inset 6
    cut(c, lambda p: c.drawPath(star(280, 30, 90, 90, 5, 0.45), p))
    cut(c, lambda p: c.drawRRect(rrect(24 - 6, 160 - 6, 130 + 12, 50 + 12, 31), p))  # outset 6
    cut(c, lambda p: c.drawCircle(205, 210, 42, p))
    cut(c, lambda p: c.drawCircle(250, 210, 42, p))
    cut(c, lambda p: c.drawCircle(335, 215, 34, p), sigma=24 / 2)             # softness 24
    c.restore()
    save(surface, "hole-kinds")


# HolesGallery.cellWords: the cells' titles and subtitles, drawn by skia_text (HarfBuzz + Skia).
CELL_WORDS = [
    ("Margherita", "Tomato, mozzarella, basil"), ("Pepperoni", "Spicy salami, mozzarella"),
    ("Four cheese", "Mozzarella, gorgonzola, parmesan"), ("Diablo", "Chorizo, jalapeño, chili"),
    ("Veggie", "Peppers, olives, mushrooms"), ("Pesto garden", "Pesto, cherry tomatoes"),
    ("Hawaiian", "Ham, pineapple, mozzarella"),
]

LIST_HEIGHTS = [84, 100, 84, 120, 84, 100, 92, 110, 84, 100, 120, 84]


def list_scene(name, heights, offset):
    """A list filling the scene over a vertical gold-coral-violet gradient.
    Cell i spans [top_i - offset, + h_i) at full width; its hole is (14, 12, h - 24, h - 24),
    radius 14, cut from the whole cell (white, a title and a subtitle from x = h, a separator)."""
    surface = skia.Surface(W, H)
    c = surface.getCanvas()
    c.clear(skia.ColorTRANSPARENT)
    c.drawRect(skia.Rect(0, 0, W, H), skia.Paint(Shader=linear([rgba(GOLD), rgba(CORAL), rgba(VIOLET)], end=(0, 1)),
                                                 AntiAlias=True))
    content = sum(heights)
    if content <= H:
        offset = 0        # no bounce: short content stays at offset 0
    top = 0
    c.save()
    c.clipRect(skia.Rect(0, 0, W, H))
    for index, h in enumerate(heights):
        y = top - offset
        top += h
        if y + h <= 0 or y >= H:
            continue
        c.saveLayer()
        c.translate(0, y)
        c.drawRect(skia.Rect(0, 0, W, h), skia.Paint(Color=skia.ColorWHITE))
        title, subtitle = CELL_WORDS[index % len(CELL_WORDS)]
        skia_text.draw(c, title, h, h / 2 - 3, 16, (*INK, 0.85), bold=True)
        skia_text.draw(c, subtitle, h, h / 2 + 16, 13, (*INK, 0.5))
        c.drawRect(skia.Rect.MakeXYWH(h, h - 1, W - h, 1), skia.Paint(Color=rgba(INK, 0.12)))
        cut(c, lambda p: c.drawRRect(rrect(14, 12, h - 24, h - 24, 14), p))
        c.restore()
    c.restore()
    save(surface, name)


def checker_rects(c, x0, y0, w, h, cell, a, b):
    for j in range(int(math.ceil(h / cell))):
        for i in range(int(math.ceil(w / cell))):
            col = a if (i + j) % 2 == 0 else b
            c.drawRect(skia.Rect.MakeXYWH(x0 + i * cell, y0 + j * cell, min(cell, w - i * cell), min(cell, h - j * cell)),
                       skia.Paint(Color=rgba(col)))


def stacked_hole():
    """One screen circle (130, 105, 130 x 130) cut through three clipped views, all drawn in
    screen coordinates: an image (16, 16, 220 x 268, radius 18), a list (150, 36, 224 x 200,
    radius 18) scrolled by 45, a collection (0, 176, 390 x 100) scrolled by 70."""
    surface = skia.Surface(W, H)
    c = surface.getCanvas()
    c.clear(skia.ColorTRANSPARENT)
    c.drawRect(skia.Rect(0, 0, W, H), skia.Paint(Shader=linear([rgba(TEAL), rgba(VIOLET)], start=(0, 0.5), end=(1, 0.5)),
                                                 AntiAlias=True))
    hole = skia.Rect.MakeXYWH(130, 105, 130, 130)

    def view(frame, radius, draw):
        c.save()
        if radius > 0:
            c.clipRRect(rrect(*frame, radius), True)
        else:
            c.clipRect(skia.Rect.MakeXYWH(*frame), True)
        c.saveLayer()
        draw()
        cut(c, lambda p: c.drawOval(hole, p))
        c.restore()
        c.restore()

    view((16, 16, 220, 268), 18,
         lambda: checker_rects(c, 16, 16, 220, 268, 22, (1, 0.85, 0.6), (1, 0.7, 0.55)))

    def rows():
        ox, oy = 150, 36 - 45
        c.drawRect(skia.Rect.MakeXYWH(ox, oy, 224, 400), skia.Paint(Color=skia.ColorWHITE))
        for i in range(6):
            y = oy + i * 64
            title, subtitle = CELL_WORDS[i % len(CELL_WORDS)]
            skia_text.draw(c, title, ox + 16, y + 31, 14, (*INK, 0.75), bold=True)
            skia_text.draw(c, subtitle, ox + 16, y + 48, 11, (*INK, 0.45))
    view((150, 36, 224, 200), 18, rows)

    def cards():
        ox, oy = -70, 176
        for i in range(6):
            col = (0.78, 0.88, 1) if i % 2 == 0 else (0.85, 0.8, 1)
            c.drawRRect(rrect(ox + i * 116 + 10, oy + 12, 104, 76, 14), skia.Paint(Color=rgba(col), AntiAlias=True))
    view((0, 176, 390, 100), 0, cards)
    save(surface, "stacked-hole")


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    hole_view()
    shaped_border()
    hole_kinds()
    list_scene("list-holes", LIST_HEIGHTS, 130)
    list_scene("list-scrolling", LIST_HEIGHTS, 0)
    list_scene("list-short-content", [84, 100], 60)
    stacked_hole()
