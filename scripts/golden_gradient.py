#!/usr/bin/env python3
"""Golden images for gradient colour interpolation (stops of different alpha), rendered by
resvg (an independent engine, which interpolates straight colours as SVG specifies).

Needs (pip): resvg-py   (see scripts/requirements-golden.txt)

Run from the repository root:
    python scripts/golden_gradient.py
It writes Tests/CutoutSVGTests/Golden/svg-gradient-<name>.png (zoom 1) and
svg-gradient-<name>-3x.png (zoom 3, a 3x screen) for every
Tests/CutoutSVGTests/Fixtures/svg-gradient/<name>.svg. GradientGoldenTests imports and renders
each fixture at scale 1 and 3 and compares, and builds the same gradients as GradientLayers
(Core Animation's reading) against the same images.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from golden_svg import render_folder  # noqa: E402

if __name__ == "__main__":
    render_folder("CutoutSVGTests", "svg-gradient", "svg-gradient-", zooms=((1, ""), (3, "-3x")))
