#!/usr/bin/env python3
"""Generate the WebP decoder fixtures of CutoutRaster (Tests/CutoutRasterTests/Fixtures/webp/).

Needs (pip): pillow with WebP support   (see scripts/requirements-golden.txt)

    python scripts/make_webp_fixtures.py

Each lossless `NAME.webp` comes with `NAME.rgba`: the image as Pillow decodes it with libwebp
(premultiplied RGBA8, row-major, c * a / 255 rounded to nearest), the independent oracle
WebPDecoderTests compares with exactly. libwebp's encoder picks the bit stream's tools by
`method` (0...6) and `quality` (0...100, the effort for lossless): the files cover photographic
gradients and noise (predictor, cross-colour and subtract-green transforms, LZ77 backward
references, the colour cache and meta prefix codes), tiles of directional patterns (between
them, predictor modes 1 to 13, and several prefix code groups), 2, 4, 16 and over 16 colours
(colour indexing with 8, 4, 2 and 1 pixels a byte), alpha, odd and one-pixel sizes, and the
extended format (VP8X, from an ICC profile). `lossy.webp` and `animated.webp` are the formats the
decoder refuses (no `.rgba`). `manifest.txt` lists `NAME WIDTH HEIGHT` for the lossless files.
"""
import io
import os
import random

from PIL import Image

from decoder_fixtures import premultiplied_rgba

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "CutoutRasterTests", "Fixtures", "webp")


def photo(w, h, seed):
    """Smooth gradients with a disc and some noise: what predictors and backward references work on."""
    rng = random.Random(seed)
    im = Image.new("RGB", (w, h))
    px = im.load()
    for y in range(h):
        for x in range(w):
            inside = (x - w * 0.6) ** 2 + (y - h * 0.4) ** 2 < (min(w, h) * 0.3) ** 2
            r = (x * 255 // max(w - 1, 1) + (40 if inside else 0)) % 256
            g = (y * 255 // max(h - 1, 1)) % 256
            b = ((x + y) * 3 + rng.randrange(12)) % 256 if x > w // 2 else (x * y) % 256
            px[x, y] = (r, g, b)
    return im


def tiles(w, h, tile, seed, noise):
    """Tiles of different directional patterns (ramps along x, y and both diagonals, planes,
    curves), some with noise: libwebp's encoder then picks most of the 14 predictor modes."""
    rng = random.Random(seed)
    im = Image.new("RGB", (w, h))
    px = im.load()
    for ty in range(0, h, tile):
        for tx in range(0, w, tile):
            kind = rng.randrange(7)
            a, b = rng.randrange(-9, 10), rng.randrange(-9, 10)
            base = [rng.randrange(256) for _ in range(3)]
            amp = rng.choice([0, 0, 1, 2, noise])
            for y in range(ty, min(ty + tile, h)):
                for x in range(tx, min(tx + tile, w)):
                    t = [a * x, a * y, a * (x + y), a * (x - y), a * x + b * y, (a * x * x + b * y * y) // 16,
                         a * x + b * y + (x * y) % 7][kind]
                    px[x, y] = tuple((base[c] + t * (c + 1) + (rng.randrange(amp + 1) if amp else 0)) % 256 for c in range(3))
    return im


def with_alpha(im):
    rgba = im.convert("RGBA")
    px = rgba.load()
    w, h = rgba.size
    for y in range(h):
        for x in range(w):
            r, g, b, _ = px[x, y]
            a = 0 if (x // 6 + y // 6) % 5 == 0 else (x * 255 // max(w - 1, 1))
            px[x, y] = (r, g, b, a)
    return rgba


def palette(w, h, colours, seed):
    rng = random.Random(seed)
    table = [(rng.randrange(256), rng.randrange(256), rng.randrange(256)) for _ in range(colours)]
    im = Image.new("RGB", (w, h))
    im.putdata([table[(x // 3 + 7 * (y // 2) + rng.randrange(2)) % colours] for y in range(h) for x in range(w)])
    return im


def webp(im, **options):
    buf = io.BytesIO()
    im.save(buf, format="WEBP", **options)
    return buf.getvalue()


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    big = photo(160, 120, 19)
    small = photo(37, 23, 7)
    cases = {
        "photo-method6-q100": webp(big, lossless=True, quality=100, method=6),
        "photo-method4-q75": webp(big, lossless=True, quality=75, method=4),
        "photo-method0-q0": webp(big, lossless=True, quality=0, method=0),
        "tiles-method6-q100": webp(tiles(96, 96, 8, 0, 6), lossless=True, quality=100, method=6),
        "tiles-method4-q75": webp(tiles(96, 96, 16, 2, 8), lossless=True, quality=75, method=4),
        "small-method3-q50": webp(small, lossless=True, quality=50, method=3),
        "alpha-method5-q90": webp(with_alpha(small), lossless=True, quality=90, method=5),
        "alpha-exact-method2-q30": webp(with_alpha(photo(29, 31, 3)), lossless=True, quality=30, method=2, exact=True),
        "palette-2": webp(palette(45, 21, 2, 1), lossless=True, quality=80, method=4),
        "palette-4": webp(palette(43, 19, 4, 2), lossless=True, quality=80, method=4),
        "palette-16": webp(palette(41, 17, 16, 3), lossless=True, quality=80, method=6),
        "palette-many": webp(palette(64, 48, 200, 4), lossless=True, quality=100, method=6),
        "odd-size-13x1": webp(photo(13, 1, 5), lossless=True, quality=60, method=4),
        "odd-size-1x9": webp(photo(1, 9, 6), lossless=True, quality=60, method=4),
        "one-pixel": webp(Image.new("RGBA", (1, 1), (200, 100, 50, 128)), lossless=True),
        "extended-icc": webp(small, lossless=True, quality=70, method=4, icc_profile=b"\0" * 64),
    }
    manifest = []
    for name, data in cases.items():
        with open(os.path.join(OUT, name + ".webp"), "wb") as f:
            f.write(data)
        im = Image.open(io.BytesIO(data))
        im.load()
        with open(os.path.join(OUT, name + ".rgba"), "wb") as f:
            f.write(premultiplied_rgba(im))
        manifest.append(f"{name} {im.width} {im.height}")
        print("wrote", name, im.size, im.mode, len(data), "bytes, chunk", data[12:16])
    with open(os.path.join(OUT, "manifest.txt"), "w") as f:
        f.write("\n".join(manifest) + "\n")
    refused = {
        "lossy": webp(small, lossless=False, quality=80),
        "animated": webp(small, save_all=True, append_images=[photo(37, 23, 8)], lossless=True, duration=100),
    }
    for name, data in refused.items():
        with open(os.path.join(OUT, name + ".webp"), "wb") as f:
            f.write(data)
        print("wrote", name, len(data), "bytes, chunk", data[12:16])
