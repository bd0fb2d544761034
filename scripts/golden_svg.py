#!/usr/bin/env python3
"""Golden images for CutoutSVG's SVG import and export, rendered by resvg (an independent engine).

Needs (pip): resvg-py   (see scripts/requirements-golden.txt)

Run from the repository root:
    python scripts/golden_svg.py
It writes:
  - Tests/CutoutSVGTests/Golden/svg-<name>.png for every
    Tests/CutoutSVGTests/Fixtures/svg/<name>.svg (SVGImportGoldenTests compares our import +
    render against them);
  - Tests/CutoutSVGTests/Golden/svg-export-<name>.png for every
    Tests/CutoutSVGTests/Fixtures/svg-export/<name>.svg. Those SVG files are the output of
    SVGExporter for the trees built in RoundTripTests; the test regenerates them with
    CUTOUT_GOLDEN_OUT=<dir> (see RoundTripTests) and checks our render of each tree against
    resvg's render of the exported SVG.

resvg writes straight-alpha RGBA PNGs at the document's size (1 px per user unit).
"""
import glob
import os

import resvg_py

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "CutoutSVGTests")
GOLDEN = os.path.join(ROOT, "Golden")


def render_folder(folder, prefix):
    for path in sorted(glob.glob(os.path.join(ROOT, "Fixtures", folder, "*.svg"))):
        name = os.path.splitext(os.path.basename(path))[0]
        with open(path, encoding="utf-8") as f:
            svg = f.read()
        png = bytes(resvg_py.svg_to_bytes(svg_string=svg, skip_system_fonts=True))
        out = os.path.join(GOLDEN, f"{prefix}{name}.png")
        with open(out, "wb") as f:
            f.write(png)
        print("wrote", os.path.relpath(out))


if __name__ == "__main__":
    render_folder("svg", "svg-")
    render_folder("svg-export", "svg-export-")
