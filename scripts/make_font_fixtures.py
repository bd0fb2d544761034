#!/usr/bin/env python3
"""Font fixtures and their expected values for CutoutText, from independent tools.

Needs (pip): fonttools, uharfbuzz   (see scripts/requirements-golden.txt)

Run from the repository root:
    python scripts/make_font_fixtures.py
It reads the bundled DejaVu Sans (Sources/CutoutText/Resources/Fonts) and writes into
Tests/CutoutTextTests/Fixtures/:
  - Subset.ttf: a TrueType subset (GPOS pair kerning, legacy `kern`, composite glyphs);
  - SubsetKernTable.ttf: the same without GPOS, so only the legacy `kern` table kerns;
  - SubsetCFF.otf: the subset's outlines converted to cubic `CFF ` charstrings (fontTools'
    T2 pen and specializer), with parts of some charstrings moved into global and local
    subroutines so that callgsubr/callsubr are exercised;
  - Subset.ttc: a collection of Subset.ttf and SubsetCFF.otf;
  - expected.json: per glyph, fontTools' exact area (AreaPen) and bounds (BoundsPen) of
    the outlines; per test string, HarfBuzz's glyph ids, glyph origins and total width (kerning on,
    ligatures and other substitutions off) for each font; each font's metrics.
"""
import json
import os

from fontTools import subset
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.areaPen import AreaPen
from fontTools.pens.boundsPen import BoundsPen
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.ttLib import TTFont, TTCollection
from fontTools.misc.psCharStrings import T2CharString
import uharfbuzz as hb

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..")
SOURCE = os.path.join(ROOT, "Sources", "CutoutText", "Resources", "Fonts", "DejaVuSans.ttf")
OUT = os.path.join(ROOT, "Tests", "CutoutTextTests", "Fixtures")

TEXT = "AVATAR Type Wave To. Hello, world! éÅçñ Привет, мир Γειά σου שלום 0123456789"
STRINGS = ["AVATAR", "Type Wave To.", "Hello, world!", "Привет, мир", "Γειά σου", "שלום", "éÅçñ 0123456789"]


def make_subset(path, drop_gpos=False):
    opts = subset.Options()
    opts.layout_features = ["kern"]
    opts.name_IDs = ["*"]
    opts.notdef_outline = True
    opts.hinting = False
    opts.legacy_kern = True
    opts.drop_tables += ["GSUB", "MATH", "FFTM"] + (["GPOS"] if drop_gpos else [])
    font = TTFont(SOURCE)
    sub = subset.Subsetter(opts)
    sub.populate(text=TEXT)
    sub.subset(font)
    font.save(path)


def make_cff(ttf_path, path):
    src = TTFont(ttf_path)
    order = src.getGlyphOrder()
    glyphs = src.getGlyphSet()
    charstrings = {}
    for name in order:
        pen = T2CharStringPen(glyphs[name].width, glyphs)
        glyphs[name].draw(pen)
        charstrings[name] = pen.getCharString()
    fb = FontBuilder(src["head"].unitsPerEm, isTTF=False)
    fb.setupGlyphOrder(order)
    fb.setupCharacterMap(src.getBestCmap())
    fb.setupCFF("DejaVuSansSubsetCFF", {"FullName": "DejaVu Sans Subset CFF"}, charstrings, {})
    fb.setupHorizontalMetrics({n: src["hmtx"][n] for n in order})
    fb.setupHorizontalHeader(ascent=src["hhea"].ascent, descent=src["hhea"].descent)
    fb.setupNameTable({"familyName": "DejaVu Sans Subset CFF", "styleName": "Book"})
    fb.setupOS2(sTypoAscender=src["OS/2"].sTypoAscender, usWeightClass=400)
    fb.setupPost()
    font = fb.font
    # Move the first drawing command of every other glyph into a subroutine, alternating
    # between global and local subroutines, so both call paths are decoded.
    cff = font["CFF "].cff
    top = cff.topDictIndex[0]
    gsubrs = cff.GlobalSubrs
    private = top.Private
    from fontTools.cffLib import SubrsIndex
    private.Subrs = SubrsIndex()
    lsubrs = private.Subrs
    for k, name in enumerate(order):
        cs = top.CharStrings[name]
        cs.decompile()
        program = cs.program
        # Split after the first operator that follows the width/moveto prefix.
        ops = [i for i, t in enumerate(program) if isinstance(t, str)]
        if len(ops) < 3 or k % 2 == 1:
            continue
        cut_start, cut_end = ops[0] + 1, ops[1] + 1
        body = program[cut_start:cut_end] + ["return"]
        target = gsubrs if k % 4 == 0 else lsubrs
        target.append(T2CharString(program=body, private=private, globalSubrs=gsubrs))
        op = "callgsubr" if target is gsubrs else "callsubr"
        cs.program = program[:cut_start] + [len(target) - 1 - bias(target), op] + program[cut_end:]
    # The bias was taken from the count at each append: it stays 107 while there are fewer
    # than 1240 subroutines, which a subset this small guarantees.
    assert len(gsubrs) < 1240 and len(lsubrs) < 1240
    font.save(path)
    return font


def bias(subrs):
    n = len(subrs)
    return 107 if n < 1240 else 1131 if n < 33900 else 32768


def glyph_facts(path):
    font = TTFont(path)
    gs = font.getGlyphSet()
    out = {}
    cmap = font.getBestCmap()
    for ch in sorted(set(TEXT)):
        name = cmap.get(ord(ch))
        if name is None:
            continue
        area = AreaPen(gs)
        gs[name].draw(area)
        bounds = BoundsPen(gs)
        gs[name].draw(bounds)
        out[ch] = {"glyph": font.getGlyphID(name), "area": area.value,
                   "bounds": list(bounds.bounds) if bounds.bounds else None,
                   "advance": font["hmtx"][name][0]}
    return out


def shaping(path):
    blob = hb.Blob.from_file_path(path)
    face = hb.Face(blob)
    font = hb.Font(face)
    out = {}
    for s in STRINGS:
        buf = hb.Buffer()
        buf.add_str(s)
        buf.guess_segment_properties()
        buf.direction = "ltr"  # our layout kerns in logical order, then reverses RTL runs
        hb.shape(font, buf, {"liga": False, "clig": False, "calt": False, "ccmp": False, "locl": False,
                             "mark": False, "mkmk": False})
        # HarfBuzz splits a legacy `kern` value between the pair's advances and the second
        # glyph's offset; where each glyph is drawn does not depend on that split.
        pen, origins = 0, []
        for p in buf.glyph_positions:
            origins.append(pen + p.x_offset)
            pen += p.x_advance
        out[s] = {"glyphs": [i.codepoint for i in buf.glyph_infos], "origins": origins, "width": pen}
    return out


def metrics(path):
    f = TTFont(path)
    return {"unitsPerEm": f["head"].unitsPerEm, "ascender": f["hhea"].ascent, "descender": f["hhea"].descent,
            "lineGap": f["hhea"].lineGap, "glyphCount": f["maxp"].numGlyphs,
            "family": f["name"].getDebugName(1), "weight": f["OS/2"].usWeightClass}


def main():
    os.makedirs(OUT, exist_ok=True)
    ttf = os.path.join(OUT, "Subset.ttf")
    kern_only = os.path.join(OUT, "SubsetKernTable.ttf")
    otf = os.path.join(OUT, "SubsetCFF.otf")
    make_subset(ttf)
    make_subset(kern_only, drop_gpos=True)
    make_cff(ttf, otf)
    coll = TTCollection()
    coll.fonts = [TTFont(ttf), TTFont(otf)]
    coll.save(os.path.join(OUT, "Subset.ttc"))
    expected = {}
    for label, path in (("ttf", ttf), ("kern", kern_only), ("cff", otf)):
        expected[label] = {"glyphs": glyph_facts(path), "shaping": shaping(path), "metrics": metrics(path)}
    with open(os.path.join(OUT, "expected.json"), "w", encoding="utf-8") as f:
        json.dump(expected, f, ensure_ascii=False, indent=1, sort_keys=True)
    for name in ("Subset.ttf", "SubsetKernTable.ttf", "SubsetCFF.otf", "Subset.ttc", "expected.json"):
        print("wrote", name, os.path.getsize(os.path.join(OUT, name)))


if __name__ == "__main__":
    main()
