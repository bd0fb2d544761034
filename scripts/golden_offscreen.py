#!/usr/bin/env python3
"""Golden images for the offscreen paths of CutoutLayers' renderer at several device scales,
rendered by resvg (an independent engine).

Needs (pip): resvg-py   (see scripts/requirements-golden.txt)

Run from the repository root:
    python scripts/golden_offscreen.py
For every Tests/CutoutLayersTests/Fixtures/offscreen/<name>.svg (the SVGExporter output of the
trees in OffscreenScaleTests, refreshed with CUTOUT_GOLDEN_OUT, see that file) it writes
Tests/CutoutLayersTests/Golden/offscreen-<name>-<scale>x.png for scales 1, 1.5, 2 and 3: the
document rendered at ceil(width x scale) x ceil(height x scale) pixels, as LayerRenderer sizes
its canvas.
"""
import glob
import math
import os
import re

import resvg_py

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "CutoutLayersTests")
GOLDEN = os.path.join(ROOT, "Golden")
SCALES = [1, 1.5, 2, 3]


def document_size(svg):
    """The root element's width and height (user units)."""
    root = re.search(r"<svg\b[^>]*>", svg).group(0)
    width = float(re.search(r'\bwidth="([0-9.]+)"', root).group(1))
    height = float(re.search(r'\bheight="([0-9.]+)"', root).group(1))
    return width, height


def tag(scale):
    return str(int(scale)) if scale == int(scale) else f"{scale:g}"


if __name__ == "__main__":
    for path in sorted(glob.glob(os.path.join(ROOT, "Fixtures", "offscreen", "*.svg"))):
        name = os.path.splitext(os.path.basename(path))[0]
        with open(path, encoding="utf-8") as f:
            svg = f.read()
        width, height = document_size(svg)
        for scale in SCALES:
            w, h = math.ceil(width * scale), math.ceil(height * scale)
            png = bytes(resvg_py.svg_to_bytes(svg_string=svg, skip_system_fonts=True, width=w, height=h))
            out = os.path.join(GOLDEN, f"offscreen-{name}-{tag(scale)}x.png")
            with open(out, "wb") as f:
                f.write(png)
            print("wrote", os.path.relpath(out), f"{w}x{h}")
