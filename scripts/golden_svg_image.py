#!/usr/bin/env python3
"""Fixtures and golden images for `<image>` read from files (CutoutSVG's importer with an
`SVGImporter.FileAccess` grant): PNG, JPEG, GIF, SVG and gzip-compressed SVG files, the sizing
rules (no width, no height, `auto`, fractional sizes, `preserveAspectRatio`),
`image-rendering` (nearest-pixel sampling, on `<image>` and on `feImage`), an SVG image that
shows its own file and one that names files itself, and an image in a marker, rendered by
resvg (an independent engine) with the fixture folder as its resources directory.

Needs (pip): pillow resvg-py   (see scripts/requirements-golden.txt)

Run from the repository root:
    python scripts/golden_svg_image.py
It writes the pictures into Tests/CutoutSVGTests/Fixtures/svg-image/files/ (made here with
Pillow and gzip, so nothing is copied from elsewhere), the test documents
Tests/CutoutSVGTests/Fixtures/svg-image/<name>.svg, which name them as `files/...`, and
Tests/CutoutSVGTests/Golden/svg-image-<name>.png (1 px per user unit) and -2x.png (zoom 2).
SVGImageFileGoldenTests imports each document granting the fixture folder and compares.

Pictures that are scaled are smooth (colour ramps) so that the engines' filters (Cutout:
bilinear; resvg: bicubic) differ only slightly; pixel art is only scaled with
`image-rendering: optimizeSpeed`, where both take the nearest pixel.
"""
import base64
import gzip
import io
import os

from PIL import Image
import resvg_py

TESTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "CutoutSVGTests")
FIXTURES = os.path.join(TESTS, "Fixtures", "svg-image")
FILES = os.path.join(FIXTURES, "files")


def smooth(w, h, alpha_edge=True):
    im = Image.new("RGBA", (w, h))
    for y in range(h):
        for x in range(w):
            alpha = 255 if not alpha_edge or x < w - 6 else 255 - (x - (w - 6)) * 36
            im.putpixel((x, y), (40 + x * 160 // w, 60 + y * 150 // h, 200 - x * 100 // w, alpha))
    return im


def pixel_art():
    colours = [(230, 40, 40), (40, 160, 60), (40, 70, 220), (250, 210, 30)]
    im = Image.new("RGBA", (6, 4))
    for y in range(4):
        for x in range(6):
            im.putpixel((x, y), colours[(x + 2 * y) % 4] + (255,))
    im.putpixel((5, 3), (0, 0, 0, 0))
    return im


DRAWING = """<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" viewBox="0 0 20 20">
  <rect x="0.5" y="0.5" width="19" height="19" fill="#fde" stroke="#935"/>
  <circle cx="10" cy="10" r="6" fill="#36c"/>
  <path d="M 3 17 L 10 3 L 17 17 Z" fill="none" stroke="#fa0" stroke-width="1.5"/>
</svg>
"""


def write_files():
    os.makedirs(FILES, exist_ok=True)
    smooth(24, 16).save(os.path.join(FILES, "picture.png"))
    smooth(24, 16, alpha_edge=False).convert("RGB").save(os.path.join(FILES, "picture.jpg"), quality=92)
    smooth(7, 5, alpha_edge=False).save(os.path.join(FILES, "odd-7x5.png"))
    art = pixel_art()
    art.save(os.path.join(FILES, "pixel-art.png"))
    # A GIF of the pixel art (its clear pixel as GIF transparency) and one of 64 colours.
    palette = art.convert("RGB").quantize(colors=8)
    palette.save(os.path.join(FILES, "pixel-art.gif"), transparency=palette.getpixel((5, 3)), interlace=False)
    smooth(24, 16, alpha_edge=False).convert("RGB").quantize(colors=64).save(os.path.join(FILES, "picture.gif"), interlace=False)
    with open(os.path.join(FILES, "drawing.svg"), "w", encoding="utf-8") as f:
        f.write(DRAWING)
    with open(os.path.join(FILES, "drawing.svgz"), "wb") as f:
        f.write(gzip.compress(DRAWING.encode("utf-8"), mtime=0))
    # An SVG image that shows its own file (drawn once: the inner reference reads no file),
    # and one that names a file (not drawn) and holds a data: picture (drawn).
    with open(os.path.join(FILES, "self.svg"), "w", encoding="utf-8") as f:
        f.write("""<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20">
  <rect x="1" y="1" width="18" height="18" fill="#cde" stroke="#246" stroke-width="2"/>
  <image x="5" y="5" width="10" height="10" href="self.svg"/>
</svg>
""")
    buf = io.BytesIO()
    smooth(8, 8, alpha_edge=False).save(buf, format="PNG")
    uri = "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode("ascii")
    with open(os.path.join(FILES, "names-files.svg"), "w", encoding="utf-8") as f:
        f.write(f"""<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20">
  <rect width="20" height="20" fill="#efe"/>
  <image x="2" y="2" width="8" height="8" href="picture.png"/>
  <image x="10" y="10" width="8" height="8" href="{uri}"/>
</svg>
""")


DOCUMENTS = {
    # Each format from a file; sizes from the picture where width or height is missing or auto.
    "files": """<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="160" height="120">
  <rect width="160" height="120" fill="#eee"/>
  <image x="4" y="4" href="files/picture.png"/>
  <image x="32" y="4" width="48" xlink:href="files/picture.jpg"/>
  <image x="84" y="4" height="16" href="files/picture.gif"/>
  <image x="112" y="4" width="auto" height="auto" href="files/pixel-art.gif"/>
  <image x="4" y="40" width="40" height="40" href="files/drawing.svg"/>
  <image x="48" y="40" width="50" height="30" preserveAspectRatio="xMaxYMax slice" href="files/drawing.svgz"/>
  <image x="102" y="40" width="36.5" height="23.5" href="files/picture.png"/>
  <image x="102" y="70" width="21" height="15" href="files/odd-7x5.png"/>
  <image x="4" y="84" height="30" href="files/drawing.svg"/>
  <image x="48" y="84" width="30" height="30" preserveAspectRatio="none" href="files/picture.jpg"/>
  <image x="84" y="90" width="24" height="16" href="files/picture.png" transform="rotate(10 96 98)" opacity="0.6"/>
</svg>
""",
    # Nearest-pixel sampling: on the element, inherited from a group, CSS's `pixelated`, on
    # feImage; scaled by whole factors so both engines sample the same pixels.
    "pixelated": """<svg xmlns="http://www.w3.org/2000/svg" width="160" height="80">
  <rect width="160" height="80" fill="#eee"/>
  <image x="4" y="4" width="48" height="32" image-rendering="optimizeSpeed" href="files/pixel-art.png"/>
  <g image-rendering="optimizeSpeed">
    <image x="56" y="4" width="48" height="32" href="files/pixel-art.gif"/>
  </g>
  <image x="108" y="4" width="48" height="32" style="image-rendering: pixelated" href="files/pixel-art.png"/>
  <filter id="f" x="0" y="0" width="1" height="1">
    <feImage image-rendering="optimizeSpeed" preserveAspectRatio="none" href="files/pixel-art.png"/>
  </filter>
  <rect x="4" y="40" width="72" height="36" fill="red" filter="url(#f)"/>
  <image x="84" y="40" width="72" height="36" preserveAspectRatio="xMinYMid slice" image-rendering="optimizeSpeed" href="files/pixel-art.png"/>
</svg>
""",
    # SVG images that name files: their own file (drawn once), others (not drawn), and a
    # picture in a marker.
    "nested": """<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80">
  <rect width="120" height="80" fill="#eee"/>
  <image x="4" y="4" width="40" height="40" href="files/self.svg"/>
  <image x="48" y="4" width="40" height="40" href="files/names-files.svg"/>
  <marker id="m" refX="5" refY="5" markerWidth="10" markerHeight="10" markerUnits="userSpaceOnUse">
    <image width="10" height="10" href="files/drawing.svg"/>
  </marker>
  <path d="M 10 60 L 50 70 L 100 55" fill="none" stroke="#555" marker-start="url(#m)" marker-mid="url(#m)" marker-end="url(#m)"/>
</svg>
""",
}


if __name__ == "__main__":
    write_files()
    for name, svg in DOCUMENTS.items():
        path = os.path.join(FIXTURES, name + ".svg")
        with open(path, "w", encoding="utf-8") as f:
            f.write(svg)
        for zoom, suffix in ((1, ""), (2, "-2x")):
            png = bytes(resvg_py.svg_to_bytes(svg_string=svg, skip_system_fonts=True, zoom=zoom, languages=["en"],
                                              resources_dir=os.path.abspath(FIXTURES)))
            out = os.path.join(TESTS, "Golden", f"svg-image-{name}{suffix}.png")
            with open(out, "wb") as f:
                f.write(png)
            print("wrote", os.path.relpath(out))
