#!/usr/bin/env python3
"""Golden images for the SVG paint servers and markers (radial focal/spread, patterns, markers),
rendered by resvg (an independent engine).

Needs (pip): resvg-py   (see scripts/requirements-golden.txt)

Run from the repository root:
    python scripts/golden_svg_paint.py
It writes Tests/CutoutSVGTests/Golden/svg-paint-<name>.png (zoom 1) and
svg-paint-<name>-2x.png (zoom 2) for every Tests/CutoutSVGTests/Fixtures/svg-paint/<name>.svg;
SVGPaintGoldenTests imports and renders each fixture at scale 1 and 2 and compares.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from golden_svg import render_folder  # noqa: E402

if __name__ == "__main__":
    render_folder("CutoutSVGTests", "svg-paint", "svg-paint-")
