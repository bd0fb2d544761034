#!/usr/bin/env python3
"""Golden images of text, drawn by resvg (an independent engine: rustybuzz shaping, its own
glyph outline reader and rasteriser) from SVG <text> with the bundled font files only.

Needs (pip): resvg-py   (see scripts/requirements-golden.txt)

Run from the repository root:
    python scripts/golden_text.py
It writes Tests/CutoutLayersTests/Golden/text-<name>.png, and
Tests/CutoutSVGTests/Golden/svg-text-<name>.png for every
Tests/CutoutSVGTests/Fixtures/svg-text/<name>.svg (SVGTextImportTests imports and renders
those files and compares). TextLayerGoldenTests builds the
same text as TextLayer trees (same font file, size, colour, baseline and alignment) and
compares our render with these. System fonts are never loaded (skip_system_fonts), so the
images depend only on the files in Sources/CutoutText/Resources/Fonts.

The first baseline of a TextLayer lies at the font's ascent: DejaVu Sans has ascender 1901
of 2048 units, so at size s the baseline is s * 1901 / 2048; its line height is
s * (1901 + 483) / 2048. Strings avoid the letter pairs DejaVu turns into ligatures (fi, fl),
since our layout substitutes no glyphs.
"""
import glob
import os

import resvg_py
import uharfbuzz as hb

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..")
FONTS = os.path.join(ROOT, "Sources", "CutoutText", "Resources", "Fonts")
GOLDEN = os.path.join(ROOT, "Tests", "CutoutLayersTests", "Golden")
FONT_FILES = [os.path.join(FONTS, "DejaVuSans.ttf"), os.path.join(FONTS, "DejaVuSans-Bold.ttf")]

ASC, LINE = 1901 / 2048, (1901 + 483) / 2048


def text(x, y, s, size=16, fill="#000000", weight="normal", anchor="start", extra=""):
    return (f'<text x="{x}" y="{y}" font-family="DejaVu Sans" font-size="{size}" font-weight="{weight}" '
            f'fill="{fill}" text-anchor="{anchor}" {extra}>{s}</text>')


def greedy_lines(s, size, width, font_file):
    """Breaks at spaces where HarfBuzz's kerned advances say the next word no longer fits:
    the line breaking the layout must reproduce, measured by an independent shaper."""
    font = hb.Font(hb.Face(hb.Blob.from_file_path(font_file)))
    scale = size / font.face.upem

    def width_of(t):
        buf = hb.Buffer()
        buf.add_str(t)
        buf.guess_segment_properties()
        hb.shape(font, buf, {"liga": False})
        return sum(p.x_advance for p in buf.glyph_positions) * scale

    lines, current = [], ""
    for word in s.split(" "):
        trial = word if not current else current + " " + word
        if current and width_of(trial) > width:
            lines.append(current)
            current = word
        else:
            current = trial
    return lines + [current]


WRAPPED = "Tap here to choose the left half of the pizza"

# name: (width, height, zoom, [text elements])
CASES = {
    "latin": (200, 24, 1, [text(0, 16 * ASC, "Hello, AVATAR Type Wave")]),
    "latin-3x": (200, 24, 3, [text(0, 16 * ASC, "Hello, AVATAR Type Wave")]),
    "cyrillic-greek": (220, 24, 1, [text(0, 16 * ASC, "Привет, мир · Γειά σου", fill="#1a73e8")]),
    "hebrew-natural": (160, 24, 1, [text(160, 16 * ASC, "שלום עולם", anchor="end")]),
    "bold-price": (200, 28, 1, [text(0, 20 * ASC, "Пепперони 549 ₽", size=20, weight="bold", fill="#d0021b")]),
    "letter-spacing": (200, 24, 1, [text(0, 16 * ASC, "Spaced out", extra='letter-spacing="2" word-spacing="6"')]),
    "centred-lines": (150, 52, 1, [
        text(75, 14 * ASC + k * 14 * LINE, line, size=14, anchor="middle")
        for k, line in enumerate(greedy_lines(WRAPPED, 14, 150, FONT_FILES[0]))]),
}


SVG_ROOT = os.path.join(ROOT, "Tests", "CutoutSVGTests")


def svg_fixtures():
    for path in sorted(glob.glob(os.path.join(SVG_ROOT, "Fixtures", "svg-text", "*.svg"))):
        name = os.path.splitext(os.path.basename(path))[0]
        # Every family resolves to the bundled font, as FontCatalog.standard resolves it.
        png = bytes(resvg_py.svg_to_bytes(svg_path=path, skip_system_fonts=True, font_files=FONT_FILES,
                                          font_family="DejaVu Sans", serif_family="DejaVu Sans",
                                          sans_serif_family="DejaVu Sans", monospace_family="DejaVu Sans",
                                          cursive_family="DejaVu Sans", fantasy_family="DejaVu Sans"))
        out = os.path.join(SVG_ROOT, "Golden", f"svg-text-{name}.png")
        with open(out, "wb") as f:
            f.write(png)
        print("wrote", os.path.relpath(out))


def main():
    for name, (w, h, zoom, elements) in CASES.items():
        svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">'
               + "".join(elements) + "</svg>")
        png = bytes(resvg_py.svg_to_bytes(svg_string=svg, skip_system_fonts=True, font_files=FONT_FILES,
                                          zoom=zoom if zoom != 1 else None))
        out = os.path.join(GOLDEN, f"text-{name}.png")
        with open(out, "wb") as f:
            f.write(png)
        print("wrote", os.path.relpath(out))
    svg_fixtures()


if __name__ == "__main__":
    main()
