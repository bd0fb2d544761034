#!/usr/bin/env python3
"""Golden images for the generated-image filter primitives (feTurbulence, feDiffuseLighting,
feSpecularLighting with their light sources), rendered by resvg (an independent engine).

Needs (pip): resvg-py   (see scripts/requirements-golden.txt)

Run from the repository root:
    python scripts/golden_svg_filter_noise_light.py
It writes, at zoom 1 and 2 (<name>.png and <name>-2x.png):
  - Tests/CutoutSVGTests/Golden/svg-filter-nl-<name>[-2x].png for every
    Tests/CutoutSVGTests/Fixtures/svg-filter-noise-light/<name>.svg (SVGFilterNoiseLightTests
    compares our import + render against them);
  - Tests/CutoutSVGTests/Golden/svg-filter-nl-export-<name>[-2x].png for every
    Tests/CutoutSVGTests/Fixtures/svg-filter-noise-light-export/<name>.svg: our exporter's output
    for those fixtures (refresh it first with CUTOUT_GOLDEN_OUT, see SVGFilterNoiseLightTests).

resvg writes straight-alpha RGBA PNGs at the document's size (1 px per user unit) times the zoom.
"""
from golden_svg import render_folder

if __name__ == "__main__":
    render_folder("CutoutSVGTests", "svg-filter-noise-light", "svg-filter-nl-")
    render_folder("CutoutSVGTests", "svg-filter-noise-light-export", "svg-filter-nl-export-")
