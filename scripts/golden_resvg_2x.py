#!/usr/bin/env python3
"""Scale-2 golden images of reviewed-render scenes, drawn by resvg (an independent engine)
from the SVG export of each layer tree.

Needs (pip): resvg-py   (see scripts/requirements-golden.txt)

The suites whose scale-1 goldens are reviewed renders of Cutout's own output
(HolesReviewedRenderTests, CollectionGalleryTests, SpotlightGoldenTests, all in
Tests/CutoutGalleryTests) check their scale-2 renders against resvg instead.
Their tests write the SVG export of every such tree, named after its golden (`<name>-2x.svg`),
when CUTOUT_GOLDEN_OUT is set; this script renders each at zoom 2 (2 px per point, the size
LayerRenderer gives a scale-2 render) into the suite's Golden folder:

    CUTOUT_GOLDEN_OUT=/tmp/x2 swift test --filter HolesReviewedRenderTests
    python scripts/golden_resvg_2x.py /tmp/x2 Tests/CutoutGalleryTests/Golden
"""
import glob
import os
import sys

import resvg_py

if __name__ == "__main__":
    if len(sys.argv) != 3:
        print("usage: golden_resvg_2x.py EXPORT_DIR GOLDEN_DIR")
        sys.exit(2)
    source, golden = sys.argv[1], sys.argv[2]
    paths = sorted(glob.glob(os.path.join(source, "*-2x.svg")))
    if not paths:
        print("no *-2x.svg in", source)
        sys.exit(1)
    for path in paths:
        name = os.path.splitext(os.path.basename(path))[0]
        with open(path, encoding="utf-8") as f:
            svg = f.read()
        png = bytes(resvg_py.svg_to_bytes(svg_string=svg, skip_system_fonts=True, zoom=2))
        out = os.path.join(golden, name + ".png")
        with open(out, "wb") as f:
            f.write(png)
        print("wrote", os.path.relpath(out))
