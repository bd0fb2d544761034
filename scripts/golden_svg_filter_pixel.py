#!/usr/bin/env python3
"""Golden images for the filter primitives that work on pixel neighbourhoods and pictures
(feComponentTransfer, feMorphology, feConvolveMatrix, feTile, feDisplacementMap, feImage),
rendered by resvg (an independent engine).

Needs (pip): resvg-py   (see scripts/requirements-golden.txt)

Run from the repository root:
    python scripts/golden_svg_filter_pixel.py
It writes Tests/CutoutSVGTests/Golden/svg-filter-pixel-<name>.png (zoom 1) and
svg-filter-pixel-<name>-2x.png (zoom 2) for every
Tests/CutoutSVGTests/Fixtures/svg-filter-pixel/<name>.svg, and svg-filter-pixel-export-<name>[-2x].png
for Fixtures/svg-filter-pixel-export/<name>.svg (the exporter's output for those fixtures,
refreshed with CUTOUT_GOLDEN_OUT, see SVGFilterPixelGoldenTests); SVGFilterPixelGoldenTests
imports and renders each fixture at scale 1 and 2 and compares.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from golden_svg import render_folder  # noqa: E402

if __name__ == "__main__":
    render_folder("CutoutSVGTests", "svg-filter-pixel", "svg-filter-pixel-")
    render_folder("CutoutSVGTests", "svg-filter-pixel-export", "svg-filter-pixel-export-")
