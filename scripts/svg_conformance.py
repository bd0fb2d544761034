#!/usr/bin/env python3
"""Measures Cutout's SVG import against a conformance suite of SVG files with reference PNGs.

Needs (pip): numpy pillow   (see scripts/requirements-golden.txt)

Usage:
    swift build -c release --product cutout
    python scripts/svg_conformance.py [--cutout .build/release/cutout] [--list-failures]
        [--font-dir DIR] [--text] [--only GROUP/FEATURE]... SUITE_DIR

SUITE_DIR holds `<group>/<feature>/<name>.svg` files, each with `<name>.png` beside it (the
layout of resvg's `crates/resvg/tests/tests`; nothing of the suite is kept in this repository).
Every SVG is rendered by `cutout render` at its reference PNG's pixel size, and it passes when
the mean absolute difference of the premultiplied RGBA channels (0-255) is at most 1.5 and at
most 0.5 % of pixels differ by more than 48 in some channel. A file Cutout refuses, or that
takes longer than 10 s, fails.

The report gives the pass rate per feature folder and for two scopes:
  scope 1: shapes, painting, structure, masking, paint servers (minus the scope 2 features);
  scope 2: pattern, symbol, switch, systemLanguage, transform-origin, a, and every filter.
`text` is left out (fonts differ between suites and machines) unless --text is given, which
reports it as scope 3 (meaningful only with the suite's fonts). --only (repeatable) limits the
run to the given `group` or `group/feature` folders. Files of the other groups that draw
text need the suite's fonts: pass their folder with --font-dir (for resvg's suite,
`crates/resvg/tests/fonts`, the fonts its own test harness loads), as every engine measured
against the suite gets them.

`cutout render` reads `<image>` files from the SVG file's own folder only, unless granted more:
the script grants the folder above SUITE_DIR (`--allow-dir`), where resvg's suite keeps the
`resources/` its files link to as `../../../resources/…`, as resvg's own harness reads them.
"""
import io
import os
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image

MAX_MEAN = 1.5
MAX_SHARE = 0.005
CHANNEL_TOLERANCE = 48
SCOPE2_FEATURES = {"pattern", "symbol", "switch", "systemLanguage", "transform-origin", "a"}


def premultiplied(path):
    a = np.asarray(Image.open(path).convert("RGBA")).astype(np.float64)
    a[..., :3] = np.round(a[..., :3] * a[..., 3:4] / 255.0)
    return a


def scope_of(group, feature, text=False):
    if group == "text":
        return 3 if text else None
    if group == "filters" or feature in SCOPE2_FEATURES:
        return 2
    return 1


def cases(suite):
    """(group, feature, svg path, png path) for every SVG with a reference PNG, sorted."""
    out = []
    for root, _, files in os.walk(suite):
        rel = os.path.relpath(root, suite).split(os.sep)
        if len(rel) < 2:
            continue
        for name in sorted(files):
            if name.endswith(".svg"):
                png = os.path.join(root, name[:-4] + ".png")
                if os.path.exists(png):
                    out.append((rel[0], rel[1], os.path.join(root, name), png))
    return sorted(out)


def check(cutout, svg, png, scratch, font_dirs=(), allow_dirs=()):
    """None when the case passes, else the reason."""
    reference = premultiplied(png)
    height, width = reference.shape[:2]
    out = os.path.join(scratch, "out.png")
    if os.path.exists(out):
        os.remove(out)
    try:
        run = subprocess.run([cutout, "render", svg, "-o", out, "--width", str(width), "--height", str(height)]
                             + [arg for d in font_dirs for arg in ("--font-dir", d)]
                             + [arg for d in allow_dirs for arg in ("--allow-dir", d)],
                             capture_output=True, timeout=10)
    except subprocess.TimeoutExpired:
        return "timeout"
    if run.returncode != 0 or not os.path.exists(out):
        return "refused: " + run.stderr.decode(errors="replace").strip().splitlines()[-1][:120] if run.stderr else "refused"
    ours = premultiplied(out)
    if ours.shape != reference.shape:
        return f"size {ours.shape[1]}x{ours.shape[0]}, reference {width}x{height}"
    diff = np.abs(ours - reference)
    mean, share = diff.mean(), (diff.max(axis=2) > CHANNEL_TOLERANCE).mean()
    if mean > MAX_MEAN or share > MAX_SHARE:
        return f"mean {mean:.2f}, {share * 100:.2f}% off"
    return None


def main():
    args = sys.argv[1:]
    cutout = ".build/release/cutout"
    list_failures = False
    text = False
    only = []
    font_dirs = []
    while args and args[0].startswith("--"):
        if args[0] == "--cutout" and len(args) > 1:
            cutout, args = args[1], args[2:]
        elif args[0] == "--font-dir" and len(args) > 1:
            font_dirs.append(args[1])
            args = args[2:]
        elif args[0] == "--list-failures":
            list_failures, args = True, args[1:]
        elif args[0] == "--text":
            text, args = True, args[1:]
        elif args[0] == "--only" and len(args) > 1:
            only.append(args[1].strip("/"))
            args = args[2:]
        else:
            break
    if len(args) != 1 or not os.path.isdir(args[0]) or not os.path.exists(cutout):
        print(__doc__.strip().splitlines()[0])
        print("usage: svg_conformance.py [--cutout PATH] [--list-failures] [--font-dir DIR] [--text] [--only GROUP/FEATURE] SUITE_DIR")
        return 2
    per_feature, per_scope = {}, {1: [0, 0], 2: [0, 0], 3: [0, 0]}
    failures = []
    with tempfile.TemporaryDirectory() as scratch:
        for group, feature, svg, png in cases(args[0]):
            scope = scope_of(group, feature, text)
            if scope is None:
                continue
            if only and not any(f"{group}/{feature}" == o or group == o for o in only):
                continue
            reason = check(cutout, svg, png, scratch, font_dirs, [os.path.dirname(os.path.abspath(args[0]))])
            tally = per_feature.setdefault((scope, group, feature), [0, 0])
            tally[1] += 1
            per_scope[scope][1] += 1
            if reason is None:
                tally[0] += 1
                per_scope[scope][0] += 1
            else:
                failures.append((os.path.relpath(svg, args[0]), reason))
    for (scope, group, feature), (ok, total) in sorted(per_feature.items()):
        print(f"scope {scope}  {group + '/' + feature:40s} {ok:4d} / {total:4d}  {100 * ok / total:5.1f}%")
    for scope, (ok, total) in per_scope.items():
        if total:
            print(f"scope {scope}: {ok} of {total} pass, {100 * ok / total:.1f}%")
    if list_failures:
        for path, reason in failures:
            print(f"FAIL {path}: {reason}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
