#!/usr/bin/env python3
"""Skia's time for the text benches of `cutout bench text text-layout text-outlines`
(Sources/cutout/BenchText.swift): the same 60 lines in the same font file, size and place.

Needs (pip): skia-python   (see scripts/requirements-golden.txt)

Run from the repository root:
    python scripts/bench_text.py
Prints the median milliseconds of:
  - text: clear a 1170x2532 surface to white and draw the 60 lines (Skia's drawString:
    glyph lookup, advances, cached glyph paths/masks, anti-aliased, no kerning);
  - text-outlines: a fresh typeface from the file's bytes and the path of all its glyphs
    (Skia's FreeType backend), comparable to our outline decoding.
"""
import os
import statistics
import time

import skia

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
FONT = os.path.join(ROOT, "Sources", "CutoutText", "Resources", "Fonts", "DejaVuSans.ttf")
PHRASES = [
    "Pizza from two halves: choose the left and the right",
    "Пицца из двух половинок — выберите левую и правую",
    "Spotlight tour, step 3 of 5: tap here to continue",
    "Γειά σου κόσμε: Pepperoni, Margherita, Four cheese",
    "Пепперони 549 ₽ · Маргарита 489 ₽ · Четыре сыра",
    "AVATAR Type Wave To. Kerning pairs everywhere!",
]
LINES = [f"{k + 1}. " + PHRASES[k % len(PHRASES)] for k in range(60)]
ASCENT = 1901 / 2048


def timed(fn, frames):
    for _ in range(3):
        fn()
    samples = []
    for _ in range(frames):
        t = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t) * 1000)
    return statistics.median(samples)


def main():
    surface = skia.Surface(1170, 2532)
    canvas = surface.getCanvas()
    typeface = skia.Typeface.MakeFromFile(FONT)
    font = skia.Font(typeface, 11 * 3)
    font.setEdging(skia.Font.Edging.kAntiAlias)
    font.setSubpixel(True)
    font.setHinting(skia.FontHinting.kNone)
    paint = skia.Paint(AntiAlias=True, Color=skia.ColorBLACK)

    def text():
        canvas.clear(skia.ColorWHITE)
        for k, line in enumerate(LINES):
            canvas.drawString(line, 16 * 3, (8 + k * 13.8 + 11 * ASCENT) * 3, font, paint)
        surface.flushAndSubmit()

    data = open(FONT, "rb").read()

    def outlines():
        fresh = skia.Typeface.MakeFromData(skia.Data.MakeWithCopy(data))
        f = skia.Font(fresh, 2048)
        n = 0
        for g in range(fresh.countGlyphs()):
            p = f.getPath(g)
            if p is not None:
                n += p.countVerbs()
        assert n > 0

    print(f"skia text          median {timed(text, 30):.3f} ms")
    print(f"skia text-outlines median {timed(outlines, 10):.3f} ms")
    surface.makeImageSnapshot().save("/tmp/skia-text.png")


if __name__ == "__main__":
    main()
