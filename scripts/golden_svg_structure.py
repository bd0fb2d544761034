#!/usr/bin/env python3
"""Golden images for the SVG structure and styling features of CutoutSVG's importer (CSS
selectors and the cascade, the CSS `transform` property and `transform-origin`, `<switch>`,
`<a>`, `vector-effect`, embedded `<image>` (PNG, JPEG and SVG documents), `<use>` of `<svg>` and
`<symbol>`, masks on masks and clip path inheritance, font-relative units and paint fallbacks, XML namespaces, hidden shapes in bounding
boxes, marker `overflow: inherit`, root `background-color`, `context-fill`/`context-stroke` with a
`<use>`'s paint server),
rendered by resvg (an independent engine).

Needs (pip): resvg-py   (see scripts/requirements-golden.txt)

Run from the repository root:
    python scripts/golden_svg_structure.py
For every Tests/CutoutSVGTests/Fixtures/svg-structure/<name>.svg it writes
Tests/CutoutSVGTests/Golden/svg-structure-<name>.png (1 px per user unit) and
svg-structure-<name>-2x.png (zoom 2); SVGStructureGoldenTests compares Cutout's import +
render with them.

`<switch>` and `systemLanguage`: resvg is given the user languages ["en"], its own default and
the importer's (resvg-py's default passes none, so every `systemLanguage` would fail).

Oracle stand-ins, where resvg 0.48 lacks the feature (each documented in the file):
- `Fixtures/svg-structure/equivalent/<name>.svg`, when present, is rendered instead of
  `<name>.svg`: the same drawing written without the feature (for `vector-effect`, every
  non-scaling stroke's geometry mapped into the viewport by hand and stroked untransformed,
  which is what the feature means), so resvg still draws every pixel independently.

One documented rewrite: resvg 0.48 refuses CSS units inside transform functions
(`rotate(45deg)`, `translate(10px, 5px)`: it drops the whole transform), which CSS Transforms
requires and browsers accept. For fixtures named `css-transform*`, the golden is rendered from
a copy where each such unit is converted to SVG's unitless form (degrees and user units), so
resvg still draws the geometry independently; what the rewrite stands in for (reading the
units) is checked by SVGStructureTests' unit tests.
"""
import glob
import math
import os
import re

import resvg_py

TESTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "CutoutSVGTests")

ANGLE = {"deg": 1.0, "rad": 180.0 / math.pi, "grad": 0.9, "turn": 360.0}
LENGTH = {"px": 1.0, "in": 96.0, "cm": 96.0 / 2.54, "mm": 96.0 / 25.4, "pt": 4.0 / 3.0, "pc": 16.0}


def unitless_transforms(svg):
    """Numbers with a CSS angle or length unit inside transform functions, made unitless."""
    def function(m):
        def number(n):
            value, unit = float(n.group(1)), n.group(2)
            factor = ANGLE.get(unit) or LENGTH.get(unit)
            return repr(value * factor)
        return re.sub(r"(-?[0-9.]+(?:e-?[0-9]+)?)(deg|rad|grad|turn|px|in|cm|mm|pt|pc)\b", number, m.group(0))
    return re.sub(r"(?:translate[XY]?|rotate|skew[XY]?|scale[XY]?|matrix)\([^)]*\)", function, svg)


if __name__ == "__main__":
    for path in sorted(glob.glob(os.path.join(TESTS, "Fixtures", "svg-structure", "*.svg"))):
        name = os.path.splitext(os.path.basename(path))[0]
        with open(path, encoding="utf-8") as f:
            svg = f.read()
        equivalent = os.path.join(TESTS, "Fixtures", "svg-structure", "equivalent", name + ".svg")
        if os.path.exists(equivalent):
            with open(equivalent, encoding="utf-8") as f:
                svg = f.read()
        if name.startswith("css-transform"):
            svg = unitless_transforms(svg)
        for zoom, suffix in ((1, ""), (2, "-2x")):
            png = bytes(resvg_py.svg_to_bytes(svg_string=svg, skip_system_fonts=True, zoom=zoom, languages=["en"]))
            out = os.path.join(TESTS, "Golden", f"svg-structure-{name}{suffix}.png")
            with open(out, "wb") as f:
                f.write(png)
            print("wrote", os.path.relpath(out))
