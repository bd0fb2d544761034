#!/usr/bin/env python3
"""Times skia-pathops on Cutout's `union` bench scene (Sources/cutout/BenchBoolean.swift).

Needs: pip install skia-pathops   (see scripts/requirements-golden.txt)
Run:   python scripts/bench_pathops_union.py [frames]

Scene: 1,000 rounded rectangles on a 1024 x 1024 pt area from splitmix64 seeded with 0x5EED;
per rectangle, in this order of draws (u = top 53 bits / 2**53): width = 20 + 100u,
height = 20 + 100u, x = (1024 - width)u, y = (1024 - height)u,
radius = min(16, width/2, height/2)u. Corners are one cubic each (the same construction as
Path.addRoundedRect), drawn clockwise on screen. The timed step is one simplify() under the
non-zero rule: the union of all contours, as Cutout's normalized(using: .winding).
Prints milliseconds per run and the median.
"""
import statistics
import sys
import time

import pathops

MASK = (1 << 64) - 1
K = 0.5522847498307936


def scene(count=1000, seed=0x5EED):
    state = seed

    def unit():
        nonlocal state
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        z ^= z >> 31
        return (z >> 11) / 9007199254740992

    p = pathops.Path(fillType=pathops.FillType.WINDING)
    for _ in range(count):
        w = 20 + 100 * unit(); h = 20 + 100 * unit()
        x = (1024 - w) * unit(); y = (1024 - h) * unit()
        r = min(16, w / 2, h / 2) * unit()
        k = K * r
        p.moveTo(x + r, y)
        p.lineTo(x + w - r, y)
        p.cubicTo(x + w - r + k, y, x + w, y + r - k, x + w, y + r)
        p.lineTo(x + w, y + h - r)
        p.cubicTo(x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h)
        p.lineTo(x + r, y + h)
        p.cubicTo(x + r - k, y + h, x, y + h - r + k, x, y + h - r)
        p.lineTo(x, y + r)
        p.cubicTo(x, y + r - k, x + r - k, y, x + r, y)
        p.close()
    return p


def main():
    frames = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    src = scene()
    times = []
    for _ in range(frames):
        p = pathops.Path(src)
        t0 = time.perf_counter()
        p.simplify(fix_winding=True)
        times.append((time.perf_counter() - t0) * 1000)
    print("pathops union ms:", " ".join(f"{t:.1f}" for t in times))
    print(f"median {statistics.median(times):.1f} ms, area {p.area:.1f}")


if __name__ == "__main__":
    main()
