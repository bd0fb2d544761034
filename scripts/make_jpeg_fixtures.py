#!/usr/bin/env python3
"""Generate the JPEG decoder fixtures of CutoutRaster (Tests/CutoutRasterTests/Fixtures/jpeg/).

Needs (pip): pillow   (see scripts/requirements-golden.txt)

    python scripts/make_jpeg_fixtures.py

For every `NAME.jpg` (written by Pillow's libjpeg: baseline, 4:4:4, 4:2:2 and 4:2:0 chroma
subsampling, grey, an odd size that leaves partial blocks and MCUs, an optimised-Huffman and a
restart-interval file; progressive ones, 4:2:0, 4:4:4 and grey, with spectral selection and
successive approximation as libjpeg's default script writes them) a `NAME.rgba` holds libjpeg's decoded pixels (RGBA8, alpha 255,
row-major): the independent oracle JPEGDecoderTests compares with, within a stated tolerance
(libjpeg's integer IDCT and fixed-point colour conversion round differently from our float
ones). `manifest.txt` lists `NAME WIDTH HEIGHT`.
"""
import io
import os

from PIL import Image

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "CutoutRasterTests", "Fixtures", "jpeg")


def picture(w, h):
    im = Image.new("RGB", (w, h))
    for y in range(h):
        for x in range(w):
            # Smooth ramps plus a hard-edged square: both kinds of content JPEG meets.
            edge = 12 <= x < 20 and 6 <= y < 14
            im.putpixel((x, y), (250, 30, 40) if edge else (30 + x * 5, 40 + y * 9, 220 - x * 4))
    return im


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    cases = {
        "baseline-444": (picture(32, 24), dict(quality=92, subsampling=0)),
        "baseline-422": (picture(32, 24), dict(quality=92, subsampling=1)),
        "baseline-420": (picture(32, 24), dict(quality=85, subsampling=2)),
        "odd-size-420": (picture(29, 19), dict(quality=90, subsampling=2)),
        "grey": (picture(32, 24).convert("L"), dict(quality=90)),
        "optimized": (picture(32, 24), dict(quality=75, optimize=True, subsampling=2)),
        "restarts": (picture(32, 24), dict(quality=90, subsampling=2, restart_marker_blocks=3)),
        "progressive-420": (picture(29, 19), dict(quality=90, subsampling=2, progressive=True)),
        "progressive-444": (picture(32, 24), dict(quality=95, subsampling=0, progressive=True, optimize=True)),
        "progressive-grey": (picture(32, 24).convert("L"), dict(quality=80, progressive=True)),
    }
    manifest = []
    for name, (im, options) in cases.items():
        buf = io.BytesIO()
        im.save(buf, format="JPEG", **options)
        data = buf.getvalue()
        with open(os.path.join(OUT, name + ".jpg"), "wb") as f:
            f.write(data)
        decoded = Image.open(io.BytesIO(data)).convert("RGBA")
        with open(os.path.join(OUT, name + ".rgba"), "wb") as f:
            f.write(decoded.tobytes())
        manifest.append(f"{name} {im.width} {im.height}")
        print("wrote", name, "restart" if b"\xff\xdd" in data else "")
    with open(os.path.join(OUT, "manifest.txt"), "w") as f:
        f.write("\n".join(manifest) + "\n")
