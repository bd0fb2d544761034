#!/usr/bin/env python3
"""Checks a rendered gallery against resvg, an independent engine.

Needs (pip): resvg-py numpy pillow   (see scripts/requirements-golden.txt)

Usage:
    swift build -c release && .build/release/cutout gallery --output /tmp/g2 --scale 2
    python scripts/compare_gallery_with_resvg.py /tmp/g2

For every scene the gallery wrote (`<id>.png`, or `<id>.apng.png` for an animation) next to
its SVG export (`<id>.svg`, the export of the scene's first frame), the SVG is rendered by
resvg at the PNG's pixel size and compared with Cutout's PNG. For an animation the PNG's
first frame is compared: the APNG's default image is its first frame, the one the SVG
describes.

Per scene it prints the mean absolute difference of the premultiplied RGBA channels (0-255)
and the share of pixels where some premultiplied channel differs by more than 8. It exits
with status 1 when any scene exceeds a mean of 2.0 or 3 % of pixels (or when a scene cannot
be compared), 0 otherwise.
"""
import io
import os
import sys

import numpy as np
import resvg_py
from PIL import Image

MAX_MEAN = 2.0
MAX_SHARE = 0.03
CHANNEL_TOLERANCE = 8


def premultiplied(png_bytes_or_path):
    """The first frame of a PNG (or APNG) as premultiplied RGBA, float64, 0-255."""
    image = Image.open(io.BytesIO(png_bytes_or_path) if isinstance(png_bytes_or_path, bytes) else png_bytes_or_path)
    image.seek(0)
    a = np.asarray(image.convert("RGBA")).astype(np.float64)
    a[..., :3] = np.round(a[..., :3] * a[..., 3:4] / 255.0)
    return a


def scenes(folder):
    """(id, png path, svg path) for every scene with both files, sorted by id."""
    out = []
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".svg"):
            continue
        scene = name[:-4]
        for png in (scene + ".png", scene + ".apng.png"):
            path = os.path.join(folder, png)
            if os.path.exists(path):
                out.append((scene, path, os.path.join(folder, name)))
                break
    return out


def compare(png_path, svg_path):
    ours = premultiplied(png_path)
    height, width = ours.shape[:2]
    with open(svg_path, encoding="utf-8") as f:
        svg = f.read()
    theirs = premultiplied(bytes(resvg_py.svg_to_bytes(svg_string=svg, skip_system_fonts=True,
                                                       width=width, height=height)))
    if theirs.shape != ours.shape:
        raise ValueError(f"resvg rendered {theirs.shape[1]}x{theirs.shape[0]}, Cutout {width}x{height}")
    diff = np.abs(ours - theirs)
    return diff.mean(), (diff.max(axis=2) > CHANNEL_TOLERANCE).mean()


def main():
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        print(__doc__.strip().splitlines()[0])
        print("usage: compare_gallery_with_resvg.py GALLERY_DIR")
        return 2
    found = scenes(sys.argv[1])
    if not found:
        print("no scene (PNG + SVG pair) in", sys.argv[1])
        return 1
    failed = []
    print(f"{'scene':40s} {'size':>10s} {'mean':>7s} {'>8':>7s}")
    for scene, png, svg in found:
        try:
            mean, share = compare(png, svg)
        except Exception as error:  # a scene that cannot be compared is a failure, not a skip
            print(f"{scene:40s} ERROR {error}")
            failed.append(scene)
            continue
        bad = mean > MAX_MEAN or share > MAX_SHARE
        size = "x".join(str(n) for n in Image.open(png).size)
        print(f"{scene:40s} {size:>10s} {mean:7.3f} {share * 100:6.2f}%{'  FAIL' if bad else ''}")
        if bad:
            failed.append(scene)
    print(f"{len(found) - len(failed)} of {len(found)} scenes within mean {MAX_MEAN} and {MAX_SHARE * 100:g}% of pixels off by more than {CHANNEL_TOLERANCE}")
    if failed:
        print("over the limit:", ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
