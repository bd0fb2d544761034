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
    resvg's render of the exported SVG;
  - Tests/CutoutSVGTests/Golden/svg-filter-<name>.png for every
    Tests/CutoutSVGTests/Fixtures/svg-filter/<name>.svg (SVGFilterGoldenTests: filter effects),
    and svg-filter-export-<name>.png for Fixtures/svg-filter-export/<name>.svg, the exporter's
    output for those fixtures (refreshed with CUTOUT_GOLDEN_OUT, see SVGFilterGoldenTests);
  - Tests/CutoutLayersTests/Golden/<name>-2x.png (at zoom 2 only) for every
    Tests/CutoutLayersTests/Fixtures/ca/<name>.svg: the exports of LayerRendererTests' trees
    (refreshed with CUTOUT_GOLDEN_OUT, see LayerRendererTests.checkAt2xAgainstResvg).
The first four also at 2 px per user unit, as <same name>-2x.png (the tests render those at scale 2).

resvg writes straight-alpha RGBA PNGs at the document's size (1 px per user unit) times the zoom.
"""
import glob
import os

import resvg_py

TESTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests")


def render_folder(suite, folder, prefix, zooms=((1, ""), (2, "-2x"))):
    root = os.path.join(TESTS, suite)
    for path in sorted(glob.glob(os.path.join(root, "Fixtures", folder, "*.svg"))):
        name = os.path.splitext(os.path.basename(path))[0]
        with open(path, encoding="utf-8") as f:
            svg = f.read()
        for zoom, suffix in zooms:
            png = bytes(resvg_py.svg_to_bytes(svg_string=svg, skip_system_fonts=True, zoom=zoom))
            out = os.path.join(root, "Golden", f"{prefix}{name}{suffix}.png")
            with open(out, "wb") as f:
                f.write(png)
            print("wrote", os.path.relpath(out))


if __name__ == "__main__":
    render_folder("CutoutSVGTests", "svg", "svg-")
    render_folder("CutoutSVGTests", "svg-export", "svg-export-")
    render_folder("CutoutSVGTests", "svg-filter", "svg-filter-")
    render_folder("CutoutSVGTests", "svg-filter-export", "svg-filter-export-")
    render_folder("CutoutLayersTests", "ca", "", zooms=((2, "-2x"),))
