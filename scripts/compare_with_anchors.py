#!/usr/bin/env python3
"""How closely Cutout's bench renders agree with the anchor engines', next to how closely the
anchor engines agree with each other (issue 3: "as closely as they agree with each other").

Needs (pip): numpy pillow. Inputs are produced by two commands run beforehand:
    python ../shared/anchors/bench_anchors.py            # writes /tmp/anchors-out/raw/<scene>_<engine>.npy
    swift run -c release cutout bench --png /tmp/cutout-bench
Then:
    python scripts/compare_with_anchors.py [--anchors /tmp/anchors-out] [--cutout /tmp/cutout-bench]

With `--exact DIR` (renders of `cutout bench --exact-overlaps --png DIR`) it also takes the
pixels where the two Cutout renders differ by more than 8 and gives each engine's mean largest
channel difference to either render there: the engines that apply the fill rule per
sub-scanline (Cairo, Skia) should sit near the exact render, Blend2D near the default.

Metric, as the anchors define it: on premultiplied RGBA8, the mean absolute difference over
all channels and pixels, and the share of pixels whose largest channel difference exceeds 8.
Cutout's PNGs hold straight alpha and are premultiplied here with rounding.
"""
import argparse
import glob
import os

import numpy as np
from PIL import Image


def premultiplied(path):
    a = np.asarray(Image.open(path).convert("RGBA")).astype(np.uint32)
    out = a.copy()
    for c in range(3):
        out[..., c] = (a[..., c] * a[..., 3] + 127) // 255
    return out.astype(np.uint8)


def stats(a, b):
    d = np.abs(a.astype(int) - b.astype(int))
    return d.mean(), (d.max(axis=2) > 8).mean() * 100


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--anchors", default="/tmp/anchors-out")
    ap.add_argument("--cutout", default="/tmp/cutout-bench")
    ap.add_argument("--exact", help="folder of `cutout bench --exact-overlaps --png` renders")
    args = ap.parse_args()
    print("| scene | pair | mean abs diff | px >8 % |")
    print("|---|---|---:|---:|")
    for png in sorted(glob.glob(os.path.join(args.cutout, "*.png"))):
        scene = os.path.splitext(os.path.basename(png))[0]
        engines = {}
        for npy in sorted(glob.glob(os.path.join(args.anchors, "raw", scene + "_*.npy"))):
            engines[os.path.basename(npy)[len(scene) + 1:-4]] = np.load(npy)
        if not engines:
            continue
        ours = premultiplied(png)
        for name, img in engines.items():
            if img.shape != ours.shape:
                continue
            m, p = stats(ours, img)
            print(f"| {scene} | cutout–{name} | {m:.3f} | {p:.3f} |")
        names = list(engines)
        for i in range(len(names)):
            for j in range(i + 1, len(names)):
                m, p = stats(engines[names[i]], engines[names[j]])
                print(f"| {scene} | {names[i]}–{names[j]} | {m:.3f} | {p:.3f} |")
    if args.exact:
        compare_modes(args)


def compare_modes(args):
    print()
    print("| scene | pixels where the modes differ by >8 | engine | mean to default | mean to exact |")
    print("|---|---:|---|---:|---:|")
    for png in sorted(glob.glob(os.path.join(args.cutout, "*.png"))):
        scene = os.path.splitext(os.path.basename(png))[0]
        exact_png = os.path.join(args.exact, scene + ".png")
        if not os.path.exists(exact_png):
            continue
        default, exact = premultiplied(png).astype(int), premultiplied(exact_png).astype(int)
        differ = np.abs(default - exact).max(axis=2) > 8
        count = int(differ.sum())
        if count == 0:
            print(f"| {scene} | 0 | | | |")
            continue
        for npy in sorted(glob.glob(os.path.join(args.anchors, "raw", scene + "_*.npy"))):
            engine = np.load(npy).astype(int)
            if engine.shape != default.shape:
                continue
            to_default = np.abs(engine - default).max(axis=2)[differ].mean()
            to_exact = np.abs(engine - exact).max(axis=2)[differ].mean()
            name = os.path.basename(npy)[len(scene) + 1:-4]
            print(f"| {scene} | {count} | {name} | {to_default:.1f} | {to_exact:.1f} |")


if __name__ == "__main__":
    main()
