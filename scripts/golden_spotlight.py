#!/usr/bin/env python3
"""Independent golden image for CutoutSpotlight: the top of the "target under the navigation
bar" gallery scene, drawn with Skia.

Needs: pip install numpy skia-python uharfbuzz   (see scripts/requirements-golden.txt)
Run:   python scripts/golden_spotlight.py
Writes Tests/CutoutGalleryTests/Golden/spotlight-under-navigation-bar-top-skia.png
(390 x 112 pixels: the top 112 points of the 390 x 844 screen at 1x).

Rebuilt from the specification (the numbers in SpotlightGallery.swift and SPEC section 5), not
from Cutout's output: the list scrolled up by 24 pt puts the search field at y 75...111, half
under the translucent navigation bar (which ends at y 91). The highlight is the field grown by
4 pt with radius 10, clipped to the content area (y >= 91); the dimming (colour
(0.02, 0.03, 0.08), opacity 0.62) covers everything else, the bar included. The crop stops
above the callout and its shadow.
"""
import os
import numpy as np
import skia
import skia_text

W, H = 390, 112
OFFSET = 24
OUT = os.path.join(os.path.dirname(__file__), "..", "Tests", "CutoutGalleryTests", "Golden")


def paint(r, g, b, a=1.0):
    return skia.Paint(Color4f=skia.Color4f(r, g, b, a), AntiAlias=True)


def rrect(c, x, y, w, h, radius, p):
    c.drawRRect(skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(x, y, w, h), radius, radius), p)


def main():
    surface = skia.Surface(W, H)
    c = surface.getCanvas()
    c.clear(skia.ColorTRANSPARENT)
    ink, faint = (0.15, 0.16, 0.2), (0.6, 0.62, 0.66)
    blue = (0.0, 0.48, 1.0)
    c.drawRect(skia.Rect(0, 0, W, H), paint(0.97, 0.97, 0.97))
    # The scrolled list: search field with its glyph and placeholder.
    rrect(c, 16, 99 - OFFSET, 358, 36, 10, paint(0.89, 0.89, 0.89))
    rrect(c, 30, 111 - OFFSET, 12, 12, 6, paint(*faint))
    skia_text.draw(c, "Search orders", 50, 122 - OFFSET, 15, (*faint, 1))
    # Navigation bar over it, slightly translucent, with its hairline and items.
    c.drawRect(skia.Rect.MakeXYWH(0, 0, W, 91), paint(0.985, 0.985, 0.985, 0.94))
    c.drawRect(skia.Rect.MakeXYWH(0, 90.5, W, 0.5), paint(0.78, 0.78, 0.78))
    skia_text.draw(c, "9:41", 24, 28, 15, (*ink, 1), bold=True)
    rrect(c, 340, 18, 30, 12, 3, paint(*ink))
    skia_text.draw(c, "Orders", 95, 74, 17, (*ink, 1), bold=True, align="center", width=200)
    rrect(c, 346, 57, 24, 22, 6, paint(*blue))
    # The dimming with the clipped hole.
    hole = skia.Path()
    hole.addRRect(skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(12, 99 - OFFSET - 4, 366, 44), 10, 10))
    content_area = skia.Path()
    content_area.addRect(skia.Rect.MakeXYWH(0, 91, 390, 761 - 91))
    visible = skia.Op(hole, content_area, skia.PathOp.kIntersect_PathOp)
    dim = skia.Path()
    dim.addRect(skia.Rect(0, 0, W, H))
    dim.addPath(visible)
    dim.setFillType(skia.PathFillType.kEvenOdd)
    c.drawPath(dim, paint(0.02, 0.03, 0.08, 0.62))

    image = surface.makeImageSnapshot()
    arr = image.toarray(colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kPremul_AlphaType)
    skia.Image.fromarray(np.ascontiguousarray(arr), colorType=skia.kRGBA_8888_ColorType).save(
        os.path.join(OUT, "spotlight-under-navigation-bar-top-skia.png"), skia.kPNG)


if __name__ == "__main__":
    main()
