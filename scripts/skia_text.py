"""Text for the Skia golden scripts, positioned independently of Cutout: HarfBuzz shapes the
string (pair kerning on; ligatures and other substitutions off, as Cutout substitutes no
glyphs) in the bundled font file, and Skia draws the glyph ids at those positions.

Used by golden_holes.py and golden_spotlight.py for the gallery's labels.
"""
import os

import skia
import uharfbuzz as hb

FONTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "CutoutText", "Resources", "Fonts")
_cache = {}


def _font(bold):
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    if name not in _cache:
        path = os.path.join(FONTS, name)
        _cache[name] = (hb.Font(hb.Face(hb.Blob.from_file_path(path))), skia.Typeface.MakeFromFile(path))
    return _cache[name]


def shape(text, size, bold=False):
    """Glyph ids, x offsets from the pen start and the total advance, in points."""
    hb_font, _ = _font(bold)
    buf = hb.Buffer()
    buf.add_str(text)
    buf.guess_segment_properties()
    hb.shape(hb_font, buf, {"liga": False, "clig": False, "calt": False, "ccmp": False})
    scale = size / hb_font.face.upem
    pen, xs = 0, []
    for p in buf.glyph_positions:
        xs.append((pen + p.x_offset) * scale)
        pen += p.x_advance
    return [i.codepoint for i in buf.glyph_infos], xs, pen * scale


def draw(canvas, text, x, baseline, size, rgba, bold=False, align="left", width=0.0):
    """Draws `text` with its first baseline at `baseline`, aligned in [x, x + width]."""
    glyphs, xs, advance = shape(text, size, bold)
    if align == "center":
        x += (width - advance) / 2
    elif align == "right":
        x += width - advance
    _, typeface = _font(bold)
    font = skia.Font(typeface, size)
    font.setEdging(skia.Font.Edging.kAntiAlias)
    font.setSubpixel(True)
    font.setHinting(skia.FontHinting.kNone)
    font.setLinearMetrics(True)
    builder = skia.TextBlobBuilder()
    builder.allocRunPos(font, glyphs, [skia.Point(x + gx, baseline) for gx in xs])
    r, g, b, a = rgba
    canvas.drawTextBlob(builder.make(), 0, 0, skia.Paint(Color4f=skia.Color4f(r, g, b, a), AntiAlias=True))
