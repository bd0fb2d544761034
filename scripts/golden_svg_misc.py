#!/usr/bin/env python3
"""Golden images for assorted SVG import features of CutoutSVG (issue 19's "neither images nor
text" part): internal entities whose text is markup, the root size taken from the content when
there is no viewBox and no width or height, a single-byte encoding named by the XML
declaration, invalid paint syntax (mixed number/percent colours, `icc-color()` after a URL),
mask regions on the object bounding box, `context-fill`/`context-stroke` paint servers in
markers, markers on arcs and recursive markers, and patterns and masks whose children refer
to each other; rendered by resvg (an independent engine).

Needs (pip): resvg-py   (see scripts/requirements-golden.txt)

Run from the repository root:
    python scripts/golden_svg_misc.py
For every Tests/CutoutSVGTests/Fixtures/svg-misc/<name>.svg it writes
Tests/CutoutSVGTests/Golden/svg-misc-<name>.png (1 px per user unit) and
svg-misc-<name>-2x.png (zoom 2); SVGMiscGoldenTests compares Cutout's import + render with them.

One documented stand-in: resvg reads UTF-8 only, so a fixture whose XML declaration names
another encoding is decoded here by Python's codec of that name and handed to resvg as text;
what resvg then draws does not depend on Cutout's decoder.
"""
import glob
import os
import re

import resvg_py

TESTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "CutoutSVGTests")


def text_of(data):
    """The fixture as text, decoded by the encoding its XML declaration names (UTF-8 without one)."""
    m = re.match(rb'<\?xml[^>]*encoding=["\']([A-Za-z0-9._-]+)["\']', data)
    return data.decode(m.group(1).decode("ascii") if m else "utf-8")


if __name__ == "__main__":
    for path in sorted(glob.glob(os.path.join(TESTS, "Fixtures", "svg-misc", "*.svg"))):
        name = os.path.splitext(os.path.basename(path))[0]
        with open(path, "rb") as f:
            svg = text_of(f.read())
        for zoom, suffix in ((1, ""), (2, "-2x")):
            png = bytes(resvg_py.svg_to_bytes(svg_string=svg, skip_system_fonts=True, zoom=zoom))
            out = os.path.join(TESTS, "Golden", f"svg-misc-{name}{suffix}.png")
            with open(out, "wb") as f:
                f.write(png)
            print("wrote", os.path.relpath(out))
