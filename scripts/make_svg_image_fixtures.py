#!/usr/bin/env python3
"""Write the `<image>` fixtures of Tests/CutoutSVGTests/Fixtures/svg-structure/ (image.svg,
image-jpeg.svg): SVG documents embedding small pictures as base64 `data:` URIs.

Needs (pip): pillow   (see scripts/requirements-golden.txt)

    python scripts/make_svg_image_fixtures.py
    python scripts/golden_svg_structure.py        # then render the goldens with resvg

The picture is smooth (colour ramps, a soft alpha edge) so that the two engines' image
filters (Cutout: bilinear; resvg: bicubic) differ only slightly when it is scaled, and it
is also placed 1:1 on whole pixels, where no filtering happens.
"""
import base64
import io
import os

from PIL import Image

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "CutoutSVGTests", "Fixtures", "svg-structure")


def picture(w=24, h=16):
    im = Image.new("RGBA", (w, h))
    for y in range(h):
        for x in range(w):
            alpha = 255 if x < w - 6 else 255 - (x - (w - 6)) * 36
            im.putpixel((x, y), (40 + x * 8, 60 + y * 10, 200 - x * 5, alpha))
    return im


def data_uri(im, fmt, mime, **kw):
    buf = io.BytesIO()
    im.save(buf, format=fmt, **kw)
    return f"data:{mime};base64," + base64.b64encode(buf.getvalue()).decode("ascii")


if __name__ == "__main__":
    png = data_uri(picture(), "PNG", "image/png")
    with open(os.path.join(OUT, "image.svg"), "w", encoding="utf-8") as f:
        f.write(f"""<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="160" height="100">
  <rect x="0" y="0" width="160" height="100" fill="#eee"/>
  <image id="natural" x="4" y="4" href="{png}"/>
  <rect x="32" y="4" width="48" height="40" fill="none" stroke="#999" stroke-width="0.5"/>
  <image x="32" y="4" width="48" height="40" xlink:href="{png}"/>
  <rect x="84" y="4" width="30" height="40" fill="none" stroke="#999" stroke-width="0.5"/>
  <image x="84" y="4" width="30" height="40" preserveAspectRatio="xMinYMax slice" href="{png}"/>
  <image x="118" y="4" width="38" height="40" preserveAspectRatio="none" href="{png}"/>
  <image x="4" y="50" width="48" preserveAspectRatio="xMaxYMin meet" href="{png}" opacity="0.5"/>
  <image x="0" y="0" width="24" height="16" href="{png}" transform="translate(80 56) rotate(20)"/>
  <use href="#natural" x="120" y="70"/>
</svg>
""")
    jpeg = data_uri(picture().convert("RGB"), "JPEG", "image/jpeg", quality=90)
    with open(os.path.join(OUT, "image-jpeg.svg"), "w", encoding="utf-8") as f:
        f.write(f"""<svg xmlns="http://www.w3.org/2000/svg" width="60" height="40">
  <rect width="60" height="40" fill="#eee"/>
  <image id="photo" x="6" y="4" width="48" height="32" href="{jpeg}"/>
</svg>
""")
    print("wrote image.svg, image-jpeg.svg")
